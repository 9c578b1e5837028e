// How fast a drop-in could at best make W1's game loop: times the caller's own exact tests of
// the candidates alone, on candidate arrays stored beforehand (the same candidates quadtree-js
// returns), so no index work is in the timing, and again on a fresh copy of each array (what
// retrieve() must return): a frame can never take less than that. Beside it, in the same
// process: quadtree-wasm's whole W1 frame, and flatbush's, which tests only what its exact search
// finds (W1's target at 10,000 is to be at least as fast as flatbush).
//   node bench/studies/w1-ceiling.mjs [N=50000] [maxObjects=10] [maxLevels=4] [scene kind=square]
import Quadtree from '../../dist/quadtree.mjs';
import { makeScene, SCENE_KINDS } from '../scene.mjs';
import flatbush from '../engines/flatbush.mjs';
import wasmEngines from '../engines/quadtree-wasm.mjs';

const args = process.argv.slice(2);
const [n = 50000, maxObjects = 10, maxLevels = 4] = args.slice(0, 3).map(Number);
const kind = args[3] || 'square';
if (!SCENE_KINDS[kind]) throw new Error(`unknown scene kind ${kind}: one of ${Object.keys(SCENE_KINDS).join(', ')}`);
const scene = makeScene(n, 1, { kind });
const objs = scene.objects;
const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, maxObjects, maxLevels);
for (let f = 0; f < 5; f++) scene.step();
for (const o of objs) tree.insert(o);
const candidates = objs.map((o) => tree.retrieve(o));
let total = 0;
for (const c of candidates) total += c.length;
// Queries that reach several leaves: the leaf grid answers the others in JavaScript, these go
// into WebAssembly, and those reaching the same leaves share an answer (bench/README.md, W1).
let crossing = 0;
const leafIds = new Map(), leafSets = new Set();
for (const o of objs) {
  const leaves = [];
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop(), nodes = node.nodes;
    if (nodes.length > 0) for (const q of node.getIndex(o)) stack.push(nodes[q]);
    else {
      if (!leafIds.has(node)) leafIds.set(node, leafIds.size);
      leaves.push(leafIds.get(node));
    }
  }
  if (leaves.length > 1) crossing++, leafSets.add(leaves.join());
}

/** Median ms of 7 runs of `run` (after one untimed run). @param {() => number} run */
function median7(run) {
  run();
  const times = [];
  let result = 0;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    result = run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[3], result };
}

// The caller's tests of every candidate; `fresh`: each on a fresh copy of its candidates, as
// every retrieve() must hand out (the caller may keep and change the array it gets), which is
// what any exact drop-in's frame takes at least.
const testsOf = (fresh) => median7(() => {
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    const a = objs[i], ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
    const c = fresh ? candidates[i].slice() : candidates[i];
    for (let k = 0; k < c.length; k++) {
      const b = c[k];
      if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
    }
  }
  return pairs;
});
const tests = testsOf(false), copied = testsOf(true);
tree.dispose();
// The whole frames, on the same (unmoving) scene: quadtree-wasm's drop-in loop with these
// parameters, and flatbush's.
const ours = maxObjects === 10 ? wasmEngines.find((e) => e.id === `quadtree-wasm-l${maxLevels}`) : undefined;
const oursFrame = ours ? ours.w1(scene) : null;
const frames = [['flatbush', flatbush[0].w1(scene)]];
if (oursFrame) frames.unshift([`quadtree-wasm (${maxObjects},${maxLevels})`, oursFrame]);
const whole = frames.map(([name, f]) => {
  for (let i = 0; i < 5; i++) f.frame();
  const m = median7(() => f.frame());
  if (m.result !== tests.result) throw new Error(`${name} found ${m.result} pairs, the candidate tests ${tests.result}`);
  return `${name} ${m.ms.toFixed(2)} ms`;
});
console.log(`${kind} N=${n} (${maxObjects},${maxLevels}): ${(total / n).toFixed(0)} candidates per query (${((100 * crossing) / n).toFixed(1)} % reach several leaves, ` +
  `${leafSets.size} distinct sets of them), ${tests.result} pairs; ` +
  `the caller's tests alone take ${tests.ms.toFixed(2)} ms (median of 7), on fresh copies ${copied.ms.toFixed(2)} ms; ` +
  `whole frames: ${whole.join(', ')}`);
