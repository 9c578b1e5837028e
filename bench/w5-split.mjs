// Where W5's tutorial loop spends its time: for quadtree-wasm's QuadTree and ReferenceQuadTree,
// the findObjects([], obj) calls alone (the candidate arrays kept), then the caller's strict tests
// on those stored arrays alone (the same candidates for both trees, so the same work: the least a
// frame's queries can take). Both on the bench scene after one insert of every object.
//   node bench/w5-split.mjs [N=10000]
import { QuadTree } from '../dist/quadtree.mjs';
import { ReferenceQuadTree } from '../tests/support/tutorial-reference.mjs';
import { makeScene } from './scene.mjs';
import { summarize } from './stats.mjs';

const n = Number(process.argv[2] || 10000);
const scene = makeScene(n, 1);
const objs = scene.objects;
for (const [name, Tree] of [['quadtree-wasm QuadTree', QuadTree], ['ReferenceQuadTree (JS)', ReferenceQuadTree]]) {
  const tree = new Tree({ x: 0, y: 0, width: scene.width, height: scene.height });
  tree.insert(objs);
  const calls = [], tests = [];
  let candidates = 0, found = 0;
  for (let run = 0; run < 15; run++) {
    const t0 = performance.now();
    const lists = new Array(n);
    for (let i = 0; i < n; i++) lists[i] = tree.findObjects([], objs[i]);
    const t1 = performance.now();
    candidates = found = 0;
    for (let i = 0; i < n; i++) {
      const a = objs[i], ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id, c = lists[i];
      candidates += c.length;
      for (let k = 0; k < c.length; k++) {
        const b = c[k];
        if (b.id !== id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) found++;
      }
    }
    calls.push(t1 - t0);
    tests.push(performance.now() - t1);
  }
  const ms = (t) => summarize(t).median.toFixed(1);
  console.log(`N=${n} ${name}: ${(candidates / n).toFixed(0)} candidates per findObjects, ${found} colliding (ordered) finds; ` +
    `findObjects calls ${ms(calls)} ms (${((summarize(calls).median * 1000) / n).toFixed(2)} µs each), ` +
    `tests on the stored candidates ${ms(tests)} ms (medians of 15)`);
  if (tree.dispose) tree.dispose();
}
