// The 10-object tree-per-frame frame (W6) right after a 10,000-object W6 run, as the full run
// orders them: W6 at 10 and 10,000 objects on the square scene, a full GC, an optional wait, then
// W6 at 10 objects on the wide scene, timed as the bench times it: `prewarmMs` of frames on a
// copy of the scene (workloads.mjs's prewarm; the bench's is 50 ms, 0 is the bench before it),
// 1,000 warm-up frames, then `samples` samples of about 0.2 ms. Prints that median and the
// collections during it; with SERIES=1, also the median of every 25 samples in turn.
//   node --expose-gc bench/studies/w6-after-large.mjs [samples=100] [waitMs=0] [prewarmMs=0]
import { PerformanceObserver } from 'node:perf_hooks';
import wasmEngines from '../engines/quadtree-wasm.mjs';
import { makeScene } from '../scene.mjs';
import { measureFrames, summarize } from '../stats.mjs';
import { prewarm } from '../workloads.mjs';

const [samples = 100, waitMs = 0, prewarmMs = 0] = process.argv.slice(2).map(Number);
// The bench's own W6 engine: `new Quadtree(bounds)` per frame, never disposed.
const engine = wasmEngines.find((e) => e.id === 'quadtree-wasm-tpf');
const w6 = (scene) => engine.w6(scene);

function median(n, kind, warmup, frames, series = false) {
  if (prewarmMs > 0) prewarm(w6, makeScene(n, 1, { kind }), prewarmMs);
  const scene = makeScene(n, 1, { kind });
  const { frame } = w6(scene);
  const { times } = measureFrames(frame, () => scene.step(), { warmup, frames, sampleMs: 0.2 });
  if (series) {
    const parts = [];
    for (let i = 0; i < times.length; i += 25) parts.push((1000 * summarize(times.slice(i, i + 25)).median).toFixed(1));
    console.log(`µs a frame, every 25 samples: ${parts.join(' ')}`);
  }
  return summarize(times).median;
}

median(10, 'square', 1000, 300);
median(10000, 'square', 5, 30);
globalThis.gc?.();
await new Promise((done) => setTimeout(done, waitMs));
const kinds = {};
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) kinds[e.detail.kind] = (kinds[e.detail.kind] ?? 0) + 1;
});
observer.observe({ entryTypes: ['gc'] });
const us = 1000 * median(10, 'wide', 1000, samples, process.env.SERIES === '1');
await new Promise((done) => setTimeout(done, 20));
observer.disconnect();
console.log(`W6 wide N=10 after W6 square N=10,000: ${us.toFixed(1)} µs a frame (${samples} samples; ` +
  `collections during it by kind: ${JSON.stringify(kinds)})`);
