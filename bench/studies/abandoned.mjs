// The tutorial pattern taken to its end (issue #15): in one loop that never yields, build `trees`
// Quadtrees of `objects` objects each with the default constructor, insert every object, retrieve
// with every object, and drop the tree without dispose(). The FinalizationRegistry cannot run
// inside one task, so every tree's native memory stays until the loop ends: what this measures is
// the WebAssembly memory per stored object, and whether the loop gets through. Not part of
// `npm test`.
//
//   node bench/studies/abandoned.mjs [--trees=10000] [--objects=2000] [--report=500] [--tutorial]
//
// --tutorial: the tutorial `QuadTree` instead (`new QuadTree(bounds)`, `findObjects([], obj)`).
//
// Prints the WebAssembly memory every `report` trees (bytes per stored object so far), and at
// the end either "done" or the error that stopped it and after how many trees. The scene is
// bench/scene.mjs's square scene of `objects` rects (the same one for every tree).
import { makeScene } from '../scene.mjs';
import { loadWithMemory } from '../with-memory.mjs';

const tutorial = process.argv.includes('--tutorial');
const args = Object.fromEntries(process.argv.slice(2).filter((a) => a !== '--tutorial').map((a) => {
  const m = /^--(trees|objects|report)=(\d+)$/.exec(a);
  if (!m) {
    console.error(`abandoned: unknown argument ${a}; use --trees=N --objects=N --report=N --tutorial`);
    process.exit(2);
  }
  return [m[1], Number(m[2])];
}));
const TREES = args.trees ?? 10_000, OBJECTS = args.objects ?? 2_000, REPORT = args.report ?? 500;

const { lib, memory } = await loadWithMemory();
const Tree = tutorial ? lib.QuadTree : lib.Quadtree;
const query = tutorial ? (tree, o) => tree.findObjects([], o) : (tree, o) => tree.retrieve(o);

const scene = makeScene(OBJECTS, 1);
const bounds = { x: 0, y: 0, width: scene.width, height: scene.height };
const objs = scene.objects;
const start = memory.buffer.byteLength;
const perObject = (trees) => ((memory.buffer.byteLength - start) / (trees * OBJECTS)).toFixed(1);
const began = performance.now();
let built = 0;
try {
  for (; built < TREES; built++) {
    const tree = new Tree(bounds); // never disposed
    for (let i = 0; i < objs.length; i++) tree.insert(objs[i]);
    for (let i = 0; i < objs.length; i++) query(tree, objs[i]);
    if ((built + 1) % REPORT === 0) {
      console.log(`${built + 1} trees: ${(memory.buffer.byteLength / 2 ** 20).toFixed(0)} MiB of WebAssembly memory, ` +
        `${perObject(built + 1)} bytes per stored object`);
    }
  }
  console.log(`done: ${TREES} trees of ${OBJECTS} objects in ${((performance.now() - began) / 1000).toFixed(1)} s, ` +
    `${perObject(TREES)} bytes per stored object`);
} catch (e) {
  console.log(`stopped after ${built} trees (${perObject(Math.max(built, 1))} bytes per stored object): ${e.message}`);
  process.exitCode = 1;
}
