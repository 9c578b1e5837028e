// How far W2's targets are from what this design can do: the frame time the targets allow (the
// peers' W1 loops measured here: issue #15's 40x quadtree-js (10,4) for `new Quadtree(bounds)`,
// and W2's first targets, 100x quadtree-js (10,4) and 20x flatbush), against the bench's
// LinearQuadtree and `new Quadtree(bounds)` engines with their refresh() and pairs() timed apart,
// and the least any refresh() must do in JavaScript: read the four fields of every object,
// compare them with a stored copy and write the changed ones out for the wasm (a plain loop over a
// Float64Array, no wasm call). All through the bench's own frame loop (W2's scene and frames).
//   node bench/w2-floor.mjs [N=10000] [scene kind=square]
import { select } from './engines/index.mjs';
import { makeScene } from './scene.mjs';
import { measureFrames, summarize } from './stats.mjs';
import { MODES, runFrames } from './workloads.mjs';

const n = Number(process.argv[2] ?? 10000);
const kind = process.argv[3] ?? 'square';
const mode = MODES.full;

const loops = Object.fromEntries(['quadtree-js-l4', 'flatbush'].map((id) => {
  const r = runFrames('w2', select([id])[0], n, mode, { scene: kind });
  console.log(`${r.name}: ${r.median.toFixed(2)} ms per frame`);
  return [id, r.median];
}));
const allowed = loops['quadtree-js-l4'] / 40, first = Math.min(loops['quadtree-js-l4'] / 100, loops.flatbush / 20);

// Ours and the read loop take many more frames than the bench gives them: run first in a fresh
// process, the wasm needs them to be fully compiled (with the bench's 5 at 10,000, pairs() reads
// 0.49 ms instead of 0.29).
const long = { ...mode, warmup: () => 200, frames: () => 300, otherWarmup: () => 200, otherFrames: () => 300 };
const ours = ['quadtree-wasm-linear', 'quadtree-wasm-pairs-default'].map((id) => runFrames('w2', select([id])[0], n, long, { scene: kind }));

const scene = makeScene(n, 1, { kind });
const objs = scene.objects;
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
const floor = summarize(measureFrames(read, () => scene.step(), { warmup: 200, frames: 300 }).times).median;

console.log(`${kind} scene, N=${n}: 40x quadtree-js allows ${allowed.toFixed(3)} ms, 100x quadtree-js and 20x flatbush ` +
  `${first.toFixed(3)} ms; the JavaScript any refresh() needs: ${floor.toFixed(3)} ms`);
for (const r of ours) {
  const refresh = r.update.median, pairs = r.pairs.median;
  console.log(`${r.name} (medians of ${r.samples} frames): refresh() ${refresh.toFixed(3)} ms, pairs() ${pairs.toFixed(3)} ms, ` +
    `frame ${r.median.toFixed(3)} ms; that JavaScript with its pairs() alone: ${(floor + pairs).toFixed(3)} ms`);
}
