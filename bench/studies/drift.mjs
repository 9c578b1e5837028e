// How steady the machine is: the same work timed block after block. One tree at a time (a
// LinearQuadtree of the square scene, depth 'auto'; `quadtree` for `new Quadtree(bounds)`), filled
// once, then refresh() + pairs() every frame; it prints the median pairs() time of each block of
// 30 frames, for a few trees in one process. pairs() does the same work every frame (the scene
// moves a little), all of it in WebAssembly, so blocks that differ by more than a few per cent
// show the machine drifting, not the code: on the 2-core VM of 2026-11-26 a tree's blocks
// switched between about 0.36 and 0.53 ms at 10,000 objects, in spells of hundreds of frames,
// with and without --no-liftoff or --single-threaded. Compare builds in alternating blocks in one
// process (ab.mjs, run.mjs --baseline), not in runs of their own.
//   node bench/studies/drift.mjs [N=10000] [trees=5] [blocks=8] [linear|quadtree]
import { makeScene } from '../scene.mjs';
import { summarize } from '../stats.mjs';
import { LinearQuadtree, Quadtree } from '../../dist/quadtree.mjs';

const [n = 10000, trees = 5, blocks = 8] = process.argv.slice(2, 5).map(Number);
const kind = process.argv[5] ?? 'linear';
if (kind !== 'linear' && kind !== 'quadtree') throw new Error(`drift: the tree is linear or quadtree, got ${kind}`);
for (let t = 0; t < trees; t++) {
  const scene = makeScene(n, 1);
  const bounds = { x: 0, y: 0, width: scene.width, height: scene.height };
  const tree = kind === 'linear' ? new LinearQuadtree(bounds, { depth: 'auto' }) : new Quadtree(bounds);
  for (const o of scene.objects) tree.insert(o);
  const medians = [];
  for (let b = 0; b < blocks; b++) {
    const times = [];
    for (let f = 0; f < 30; f++) {
      scene.step();
      tree.refresh();
      const t0 = performance.now();
      tree.pairs();
      times.push(performance.now() - t0);
    }
    medians.push(summarize(times).median);
  }
  const lo = Math.min(...medians), hi = Math.max(...medians);
  console.log(`tree ${t + 1}: pairs() ms per block ${medians.map((m) => m.toFixed(2)).join(' ')} (slowest ÷ fastest ${(hi / lo).toFixed(2)})`);
  tree.dispose();
}
