// How fast a drop-in could at best make W1's game loop: times the caller's own exact tests of
// the candidates alone, on candidate arrays stored beforehand (the same candidates quadtree-js
// returns), so no index work is in the timing. A frame can never take less than this.
//   node bench/w1-ceiling.mjs [N=50000] [maxObjects=10] [maxLevels=4]
import Quadtree from '../dist/quadtree.mjs';
import { makeScene } from './scene.mjs';

const [n = 50000, maxObjects = 10, maxLevels = 4] = process.argv.slice(2).map(Number);
const scene = makeScene(n, 1);
const objs = scene.objects;
const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, maxObjects, maxLevels);
for (let f = 0; f < 5; f++) scene.step();
for (const o of objs) tree.insert(o);
const candidates = objs.map((o) => tree.retrieve(o));
let total = 0;
for (const c of candidates) total += c.length;
const times = [];
let pairs = 0;
for (let run = 0; run < 7; run++) {
  const t0 = performance.now();
  pairs = 0;
  for (let i = 0; i < n; i++) {
    const a = objs[i], ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id, c = candidates[i];
    for (let k = 0; k < c.length; k++) {
      const b = c[k];
      if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
    }
  }
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`N=${n} (${maxObjects},${maxLevels}): ${(total / n).toFixed(0)} candidates per query, ${pairs} pairs; ` +
  `the caller's tests alone take ${times[3].toFixed(1)} ms (median of 7)`);
tree.dispose();
