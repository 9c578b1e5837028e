// One quadtree-ts program's frames, timed alone, for a profile of where a frame goes:
//   node bench/studies/ts-frames.mjs <w1|w6> <N> [frames] [--engine=ours|package] [--dist=FILE]
//   node --cpu-prof --cpu-prof-dir=bench/results/prof bench/studies/ts-frames.mjs w1 1000 3000
// w1: one tree, each frame clear(), insert every Rectangle, retrieve for each; w6: a new tree
// each frame, then as w1. Objects move as bench/scene.mjs's square scene moves them. (For the
// core's function names in the profile: a build linked with --profiling-funcs, its dist/ made
// with js/scripts/bundle.mjs, passed as --dist.)
import { makeScene } from '../scene.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const [program = 'w1', size = '1000', count = '2000'] = args.filter((a) => !a.startsWith('--'));
const n = Number(size), frames = Number(count);
const lib = flag('engine', 'ours') === 'package'
  ? await import('@timohausmann/quadtree-ts')
  : await import(new URL(flag('dist', '../../dist/quadtree-ts.mjs'), import.meta.url).href);

const scene = makeScene(n, 1, { kind: 'square', moving: 1 });
const shapes = scene.objects.map((o) => new lib.Rectangle({ x: o.x, y: o.y, width: o.width, height: o.height, data: o }));
const bounds = { x: 0, y: 0, width: scene.width, height: scene.height };
let tree = new lib.Quadtree(bounds), candidates = 0;
const start = performance.now();
for (let f = 0; f < frames; f++) {
  if (program === 'w6') tree = new lib.Quadtree(bounds);
  else tree.clear();
  for (let i = 0; i < n; i++) tree.insert(shapes[i]);
  for (let i = 0; i < n; i++) candidates += tree.retrieve(shapes[i]).length;
  scene.step();
  for (let i = 0; i < n; i++) {
    shapes[i].x = scene.objects[i].x;
    shapes[i].y = scene.objects[i].y;
  }
}
const perFrame = ((performance.now() - start) / frames) * 1000;
console.log(`${program} N=${n}: ${perFrame.toFixed(1)} µs a frame over ${frames} frames (${candidates} candidates)`);
