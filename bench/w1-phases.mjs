// Where a drop-in frame's time goes: W1's loop (one tree reused: clear(), insert every object,
// retrieve() with every object, the caller's exact tests of the candidates) on quadtree-wasm and on
// quadtree-js, both with the default constructor, each phase timed apart. The first retrieve() of
// a quadtree-wasm frame is its own phase: it applies the staged inserts and builds the leaves'
// packed copy and grid. Medians over the frames after the first third (µs per frame), each tree
// in a fresh copy of the seeded scene, one after the other in this process.
//   node bench/w1-phases.mjs [N=200] [scene kind=square] [frames=3000]
import QuadtreeJs from '@timohausmann/quadtree-js';
import Quadtree from '../dist/quadtree.mjs';
import { makeScene, SCENE_KINDS } from './scene.mjs';
import { summarize } from './stats.mjs';

const n = Number(process.argv[2] ?? 200);
const kind = process.argv[3] ?? 'square';
const frames = Number(process.argv[4] ?? 3000);
if (!SCENE_KINDS[kind]) throw new Error(`unknown scene kind ${kind}: one of ${Object.keys(SCENE_KINDS).join(', ')}`);
const PHASES = ['clear', 'insert', 'first retrieve', 'other retrieves', "caller's tests"];

/** Median µs per frame of each phase, and the colliding pairs counted. @param {any} Tree */
function phases(Tree) {
  const scene = makeScene(n, 1, { kind });
  const tree = new Tree({ x: 0, y: 0, width: scene.width, height: scene.height });
  const objs = scene.objects, times = PHASES.map(() => /** @type {number[]} */ ([]));
  let pairs = 0;
  for (let f = 0; f < frames; f++) {
    scene.step();
    const t0 = performance.now();
    tree.clear();
    const t1 = performance.now();
    for (let i = 0; i < objs.length; i++) tree.insert(objs[i]);
    const t2 = performance.now();
    const candidates = new Array(objs.length);
    candidates[0] = tree.retrieve(objs[0]);
    const t3 = performance.now();
    for (let i = 1; i < objs.length; i++) candidates[i] = tree.retrieve(objs[i]);
    const t4 = performance.now();
    for (let i = 0; i < objs.length; i++) {
      const a = objs[i], c = candidates[i];
      for (let j = 0; j < c.length; j++) {
        const o = c[j];
        if (o !== a && a.x < o.x + o.width && o.x < a.x + a.width && a.y < o.y + o.height && o.y < a.y + a.height) pairs++;
      }
    }
    const t5 = performance.now();
    if (f >= frames / 3) [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4].forEach((t, k) => times[k].push(t * 1000));
  }
  if (tree.dispose) tree.dispose();
  return { medians: times.map((list) => summarize(list).median), pairs };
}

const rows = [['quadtree-wasm', phases(Quadtree)], ['quadtree-js', phases(QuadtreeJs)]];
if (rows[0][1].pairs !== rows[1][1].pairs) throw new Error(`the trees disagree: ${rows[0][1].pairs} and ${rows[1][1].pairs} pairs`);
console.log(`W1 phases, ${kind} scene, N=${n}, (10,4), medians of ${frames - Math.ceil(frames / 3)} frames (µs per frame)`);
for (const [name, r] of rows) {
  const sum = r.medians.reduce((s, t) => s + t, 0);
  console.log(`${name.padEnd(14)} ${PHASES.map((p, k) => `${p} ${r.medians[k].toFixed(1)}`).join(' · ')} · sum ${sum.toFixed(1)}`);
}
