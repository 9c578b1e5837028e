// Cheap trees: what a tree that is made, used once and dropped costs. First `new Quadtree(bounds)`
// + `dispose()` (µs each, 100,000 a round); then the tutorial frame, a new tree every frame that is
// never disposed: `new Quadtree(bounds)`, insert every object, `retrieve(obj)` for each with the
// strict test, at 10 and 50 objects of the bench scene, against quadtree-js doing the same. Frames
// run ten to a task, as a game's run one to an animation frame (the FinalizationRegistry frees
// the dropped trees' native memory between tasks), or with --no-yield all in one task, as the
// bench's W6 loop runs them; only the frames are timed. With --tutorial, the same for the tutorial
// `QuadTree` (`findObjects([], obj)`) against the reference tutorial tree in plain JavaScript
// (tests/support/tutorial-reference.mjs). The machine is noisy: compare builds side by side, each
// in its own process (--dist=DIR, e.g. an older dist/).
//   node bench/fresh-trees.mjs [--dist=DIR] [--rounds=N] [--no-yield] [--tutorial]
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeScene } from './scene.mjs';
import { summarize } from './stats.mjs';

const arg = (name, fallback) => {
  const a = process.argv.find((s) => s.startsWith(`--${name}=`));
  return a ? a.slice(name.length + 3) : fallback;
};
const dist = resolve(arg('dist', new URL('../dist', import.meta.url).pathname));
const rounds = Number(arg('rounds', 5));
const yieldEvery10 = !process.argv.includes('--no-yield');
const tutorial = process.argv.includes('--tutorial');
const lib = await import(pathToFileURL(join(dist, 'quadtree.mjs')).href);
// Ours and the tree it replaces, and the query each answers with.
const [Ours, Theirs, className, peer] = tutorial
  ? [lib.QuadTree, (await import('../tests/support/tutorial-reference.mjs')).ReferenceQuadTree, 'QuadTree', 'the reference']
  : [lib.Quadtree, createRequire(import.meta.url)('@timohausmann/quadtree-js'), 'Quadtree', 'quadtree-js'];
const candidatesOf = tutorial ? (tree, o) => tree.findObjects([], o) : (tree, o) => tree.retrieve(o);

function createDispose(count) {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const t = new Ours({ x: 0, y: 0, width: 100, height: 100 });
    t.dispose();
  }
  return ((performance.now() - t0) * 1000) / count;
}

/** Ten frames of the tutorial loop; returns the colliding pairs found. */
function tenFrames(Tree, scene) {
  const objs = scene.objects, n = objs.length;
  let pairs = 0;
  for (let f = 0; f < 10; f++) {
    const tree = new Tree({ x: 0, y: 0, width: scene.width, height: scene.height });
    for (let i = 0; i < n; i++) tree.insert(objs[i]);
    for (let i = 0; i < n; i++) {
      const a = objs[i], ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
      const candidates = candidatesOf(tree, a);
      for (let k = 0; k < candidates.length; k++) {
        const b = candidates[k];
        if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
      }
    }
  }
  return pairs;
}

/** µs per frame over `frames` frames, and the pairs found. */
async function frameLoop(Tree, scene, frames) {
  let ms = 0, pairs = 0;
  for (let f = 0; f < frames; f += 10) {
    const t0 = performance.now();
    pairs += tenFrames(Tree, scene);
    ms += performance.now() - t0;
    if (yieldEvery10) await new Promise((done) => setImmediate(done));
  }
  return { us: (ms * 1000) / frames, pairs };
}

const median = (list) => summarize(list).median;
createDispose(100_000);
const cd = Array.from({ length: rounds }, () => createDispose(100_000));
console.log(`new ${className}(bounds) + dispose(): ${median(cd).toFixed(2)} µs (median of ${rounds} rounds of 100,000; ` +
  `${cd.map((x) => x.toFixed(2)).join(', ')})`);
for (const n of [10, 50]) {
  const scene = makeScene(n, 1), frames = Math.round(500_000 / n);
  await frameLoop(Ours, scene, frames);
  await frameLoop(Theirs, scene, frames);
  const ours = [], theirs = [], ratio = [];
  for (let r = 0; r < rounds; r++) {
    const a = await frameLoop(Ours, scene, frames), b = await frameLoop(Theirs, scene, frames);
    if (a.pairs !== b.pairs) throw new Error(`${n} objects: quadtree-wasm found ${a.pairs} pairs, ${peer} ${b.pairs}`);
    ours.push(a.us);
    theirs.push(b.us);
    ratio.push(b.us / a.us);
  }
  console.log(`a new ${className} per frame, ${n} objects: quadtree-wasm ${median(ours).toFixed(2)} µs, ${peer} ` +
    `${median(theirs).toFixed(2)} µs a frame; ${peer}'s time ÷ quadtree-wasm's ${median(ratio).toFixed(2)} ` +
    `(≥ 1: as fast; rounds ${ratio.map((x) => x.toFixed(2)).join(', ')})`);
}
