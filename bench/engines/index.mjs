// Every engine, in table order. Ids: "quadtree-wasm-l4" is quadtree-wasm with (max_objects 10,
// max_levels 4); families ("quadtree-wasm", "quadtree-js") name every configuration of a library.
// W1's and W3's ratio columns compare each engine with every quadtree-wasm drop-in configuration;
// W2's with every quadtree-wasm pairs() path (the engines with a `path`).
import quadtreeWasm from './quadtree-wasm.mjs';
import quadtreeJs from './quadtree-js.mjs';
import quadtreeTs from './quadtree-ts.mjs';
import rbush from './rbush.mjs';
import flatbush from './flatbush.mjs';
import d3Quadtree from './d3-quadtree.mjs';
import detectCollisions from './detect-collisions.mjs';
import bruteForce from './brute-force.mjs';
import spatial from './spatial.mjs';
import { withW3Frames } from '../workloads.mjs';

// Each engine has a method per workload it runs (w1, w2, w3, w4); see workloads.mjs. Those with
// w3 also run it as frames (w3s, w3v: withW3Frames) for targets.mjs.
export const engines = withW3Frames([
  ...quadtreeWasm, ...quadtreeJs, ...quadtreeTs, ...rbush, ...flatbush, ...d3Quadtree, ...detectCollisions, ...bruteForce, ...spatial,
]);

/**
 * Engines of `list` (this list by default; run.mjs adds the tutorial engines) picked by names: an
 * engine's id ("quadtree-js-l8") or its family ("quadtree-js": both configs).
 */
export function select(names, list = engines) {
  if (!names || names.length === 0) return list.slice();
  const unknown = names.filter((n) => !list.some((e) => e.id === n || e.family === n));
  if (unknown.length) {
    throw new Error(`unknown engine ${unknown.join(', ')}; known: ${list.map((e) => e.id).join(', ')}`);
  }
  return list.filter((e) => names.includes(e.id) || names.includes(e.family));
}
