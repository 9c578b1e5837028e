// The pair cache's choice in WebAssembly (cpp/session/pair_cache.h, kSearchCost): a default Quadtree
// holds a bench scene whose seeded share of objects moves each frame; after refresh(), pairs() as
// the cache chooses (below its switch, it re-searches the moved objects) is timed against pairs()
// computed afresh (a second tree cleared and refilled with the same objects, untimed, then
// pairs()). Medians of the frames after five.
//   node bench/studies/pairs-crossover.mjs [N=10000] [scene kind=square] [shares=0.02,0.05,…,0.2] [frames=15]
import Quadtree from '../../dist/quadtree.mjs';
import { makeScene, SCENE_KINDS } from '../scene.mjs';
import { summarize } from '../stats.mjs';

const n = Number(process.argv[2] ?? 10000);
const kind = process.argv[3] ?? 'square';
const shares = (process.argv[4] ?? '0.02,0.05,0.07,0.1,0.12,0.14,0.16,0.2').split(',').map(Number);
const frames = Number(process.argv[5] ?? 15);
if (!SCENE_KINDS[kind]) throw new Error(`unknown scene kind ${kind}: one of ${Object.keys(SCENE_KINDS).join(', ')}`);
const median = (list) => summarize(list).median;

for (const share of shares) {
  const scene = makeScene(n, 1, { kind, moving: share });
  const bounds = { x: 0, y: 0, width: scene.width, height: scene.height };
  const kept = new Quadtree(bounds), afresh = new Quadtree(bounds);
  kept.insert(scene.objects);
  kept.pairs();
  const chosenMs = [], afreshMs = [];
  let pairs = 0;
  for (let f = 0; f < frames + 5; f++) {
    scene.step();
    kept.refresh();
    const t0 = performance.now();
    pairs = kept.pairs().count;
    const t1 = performance.now();
    afresh.clear();
    afresh.insert(scene.objects);
    afresh.refresh(); // applies the inserts, untimed
    const t2 = performance.now();
    const again = afresh.pairs().count;
    const t3 = performance.now();
    if (again !== pairs) throw new Error(`the trees disagree: ${pairs} and ${again} pairs`);
    if (f >= 5) chosenMs.push(t1 - t0), afreshMs.push(t3 - t2);
  }
  kept.dispose();
  afresh.dispose();
  console.log(`${kind} N=${n}, ${pairs} pairs, ${(share * 100).toFixed(1)} % moving: pairs() as chosen ` +
    `${median(chosenMs).toFixed(3)} ms, afresh ${median(afreshMs).toFixed(3)} ms`);
}
