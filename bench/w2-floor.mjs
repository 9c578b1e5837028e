// How far W2's targets are from what this design can do: the frame time the targets allow (the
// peers' W1 loops measured here, divided by 100 for quadtree-js (10,4) and by 20 for flatbush),
// against LinearQuadtree's refresh() and pairs() timed apart (at the depth README recommends), and the least any refresh()
// must do in JavaScript: read the four fields of every object, compare them with a stored copy
// and write the changed ones out for the wasm (a plain loop over a Float64Array, no wasm call).
//   node bench/w2-floor.mjs [N=10000]
import { LinearQuadtree } from '../dist/quadtree.mjs';
import { select } from './engines/index.mjs';
import { fittedDepth } from './engines/quadtree-wasm.mjs';
import { makeScene } from './scene.mjs';
import { MODES, runFrames } from './workloads.mjs';

const n = Number(process.argv[2] ?? 10000);
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const timed = (frames, step, parts) => {
  const times = parts.map(() => []);
  for (let f = 0; f < frames; f++) {
    step();
    for (let p = 0; p < parts.length; p++) {
      const t0 = performance.now();
      parts[p]();
      times[p].push(performance.now() - t0);
    }
  }
  return times.map(median);
};

const allowed = [];
for (const [id, k] of [['quadtree-js-l4', 100], ['flatbush', 20]]) {
  const r = runFrames('w2', select([id])[0], n, MODES.full);
  allowed.push(r.median / k);
  console.log(`${r.name}: ${r.median.toFixed(2)} ms per frame; ${k}× faster is ${(r.median / k).toFixed(3)} ms`);
}

const scene = makeScene(n, 1);
const objs = scene.objects;
const depth = fittedDepth(scene);
const tree = new LinearQuadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, { depth });
tree.insert(objs);
const step = () => scene.step();
timed(200, step, [() => tree.refresh(), () => tree.pairs()]);
const [refresh, pairs] = timed(300, step, [() => tree.refresh(), () => tree.pairs()]);

const copy = new Float64Array(4 * n), out = new Float64Array(4 * n), ids = new Int32Array(n);
const read = () => {
  let sent = 0;
  for (let id = 0; id < objs.length; id++) {
    const o = objs[id], x = o.x, y = o.y, w = o.width, h = o.height, r = 4 * id;
    if (x - x + (y - y) + (w - w) + (h - h) !== 0) throw new RangeError('not finite');
    if (copy[r] === x && copy[r + 1] === y && copy[r + 2] === w && copy[r + 3] === h) continue;
    copy[r] = x; copy[r + 1] = y; copy[r + 2] = w; copy[r + 3] = h;
    const k = 4 * sent;
    out[k] = x; out[k + 1] = y; out[k + 2] = w; out[k + 3] = h;
    ids[sent++] = id;
  }
  return sent;
};
timed(200, step, [read]);
const [floor] = timed(300, step, [read]);
tree.dispose();

console.log(`LinearQuadtree (depth ${depth}), N=${n} (medians of 300 frames): refresh() ${refresh.toFixed(3)} ms, ` +
  `pairs() ${pairs.toFixed(3)} ms, frame ${(refresh + pairs).toFixed(3)} ms`);
console.log(`the JavaScript any refresh() needs: ${floor.toFixed(3)} ms; with pairs() alone: ` +
  `${(floor + pairs).toFixed(3)} ms, against the ${Math.min(...allowed).toFixed(3)} ms both targets allow`);
