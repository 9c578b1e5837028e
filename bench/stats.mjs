// Timing helpers, shared by Node and the browser page (performance.now() in both).

export const now = () => performance.now();

/** median, min, max and mean of a list of numbers (ms). */
export function summarize(times) {
  const sorted = times.slice().sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { median: NaN, min: NaN, max: NaN, mean: NaN, samples: 0 };
  const mid = n >> 1;
  const median = n % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = sorted.reduce((s, t) => s + t, 0) / n;
  return { median, min: sorted[0], max: sorted[n - 1], mean, samples: n };
}

/**
 * Runs a game loop: `warmup` frames, then up to `frames` measured samples, calling `step()` (not
 * timed) between frames. `frame()` returns the frame's colliding-pair count; every frame's count
 * is kept (warm-up ones too) for the cross-engine check.
 *
 * A sample is one frame's time, or with `sampleMs` > 0 and frames shorter than that (as the
 * warm-up frames took on average), the mean time of as many frames as fill about `sampleMs`:
 * frames of a few microseconds, timed alone, take whatever collection or recompilation lands in
 * them, and a median of such frames leaves out the collections they cause (brute force's W6
 * frame of 10 objects, the same work in every scene, had medians from 0.5 to 4.2 µs in one run).
 *
 * The first frame is a probe: if it takes longer than `probeMs`, the engine is skipped as too
 * slow. Measuring stops early once the measured frames have used `budgetMs` (at least
 * `minFrames` samples are kept), so a slow engine costs seconds, not minutes.
 *
 * Returns { status: 'ok' | 'skipped', reason?, times (ms per frame, one per sample), counts,
 * probeMs, batch (frames per sample) }.
 */
/** Frames per sample for frames of `perFrame` ms: as many as fill `sampleMs` (0: one), 1 to 1,000. */
export function batchFor(perFrame, sampleMs) {
  return sampleMs > 0 && perFrame > 0 ? Math.max(1, Math.min(1000, Math.floor(sampleMs / perFrame))) : 1;
}

export function measureFrames(frame, step, opts) {
  const { warmup, frames, probeMs = 3000, budgetMs = 30000, minFrames = 3, sampleMs = 0 } = opts;
  const counts = [];
  const times = [];
  let t0 = now();
  counts.push(frame());
  const probe = now() - t0;
  step();
  if (probe > probeMs) {
    return { status: 'skipped', reason: `too slow: first frame took ${(probe / 1000).toFixed(1)} s`, times, counts, probeMs: probe, batch: 1 };
  }
  let warm = 0;
  for (let i = 1; i < warmup; i++) {
    t0 = now();
    counts.push(frame());
    warm += now() - t0;
    step();
  }
  const perFrame = warmup > 1 ? warm / (warmup - 1) : probe;
  const batch = batchFor(perFrame, sampleMs);
  let spent = 0;
  for (let i = 0; i < frames; i++) {
    let sample = 0;
    for (let b = 0; b < batch; b++) {
      t0 = now();
      const c = frame();
      sample += now() - t0;
      counts.push(c);
      step();
    }
    times.push(sample / batch);
    spent += sample;
    if (spent > budgetMs && times.length >= minFrames) break;
  }
  return { status: 'ok', times, counts, probeMs: probe, batch };
}

/**
 * Times `passes` runs of `fn` (after `warmup` untimed ones); `fn` returns a check value that must
 * be the same every pass. Returns { times, check }.
 */
export function measurePasses(fn, opts) {
  const { warmup = 1, passes = 5, budgetMs = 20000, minPasses = 2 } = opts;
  let check;
  for (let i = 0; i < warmup; i++) check = fn();
  const times = [];
  let spent = 0;
  for (let i = 0; i < passes; i++) {
    const t0 = now();
    const c = fn();
    const t = now() - t0;
    times.push(t);
    if (check === undefined) check = c;
    else if (c !== check) throw new Error(`a repeated pass gave ${c}, the first gave ${check}`);
    spent += t;
    if (spent > budgetMs && times.length >= minPasses) break;
  }
  return { times, check };
}
