// How LinearQuadtree's depth changes its frame: for each N, the bench scene's refresh() + pairs()
// frame with every object moving (W2) and with 10 % moving (W4's refresh path), at each depth,
// median ms over enough frames to move 3 million objects (at least 300), after a quarter as many.
// 'auto' among the depths: the depth the tree fits to its objects (cpp/linear/depth_plan.h).
//   node bench/studies/linear-depth.mjs [N,N...=1000,10000,50000] [depths=6,7,8,9,10,auto]
import { LinearQuadtree } from '../../dist/quadtree.mjs';
import { makeScene } from '../scene.mjs';
import { measureFrames, summarize } from '../stats.mjs';
import { W4_MOVING } from '../workloads.mjs';

const list = (arg, fallback) => (arg ?? fallback).split(',').map((v) => (v === 'auto' ? v : Number(v)));
const sizes = list(process.argv[2], '1000,10000,50000');
const depths = list(process.argv[3], '6,7,8,9,10,auto');

function frame(n, depth, moving) {
  const scene = makeScene(n, 1, moving ? { moving } : undefined);
  const tree = new LinearQuadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, { depth });
  tree.insert(scene.objects);
  const frames = Math.max(300, Math.round(3e6 / n));
  const { times } = measureFrames(() => (tree.refresh(), tree.pairs().count), () => scene.step(),
    { warmup: frames / 4, frames, budgetMs: Infinity });
  const deepest = tree.stats().depth; // (an 'auto' tree's fitted depth, as far as objects reach it)
  tree.dispose();
  return { ms: summarize(times).median, side: scene.width, deepest };
}

console.log('| N | depth | deepest level holding objects | W2 ms | W4 refresh path ms |');
console.log('|---:|---:|---:|---:|---:|');
for (const n of sizes) {
  for (const depth of depths) {
    const w2 = frame(n, depth), w4 = frame(n, depth, W4_MOVING);
    console.log(`| ${n.toLocaleString('en-US')} | ${depth} | ${w2.deepest} | ${w2.ms.toFixed(3)} | ${w4.ms.toFixed(3)} |`);
  }
}
