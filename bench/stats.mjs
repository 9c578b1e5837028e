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
 * Runs a game loop: `warmup` frames, then up to `frames` measured ones, calling `step()` (not
 * timed) between frames. `frame()` returns the frame's colliding-pair count; every frame's count
 * is kept (warm-up ones too) for the cross-engine check.
 *
 * The first frame is a probe: if it takes longer than `probeMs`, the engine is skipped as too
 * slow. Measuring stops early once the measured frames have used `budgetMs` (at least
 * `minFrames` are kept), so a slow engine costs seconds, not minutes.
 *
 * Returns { status: 'ok' | 'skipped', reason?, times, counts, probeMs }.
 */
export function measureFrames(frame, step, opts) {
  const { warmup, frames, probeMs = 3000, budgetMs = 30000, minFrames = 3 } = opts;
  const counts = [];
  const times = [];
  let t0 = now();
  counts.push(frame());
  const probe = now() - t0;
  step();
  if (probe > probeMs) {
    return { status: 'skipped', reason: `too slow: first frame took ${(probe / 1000).toFixed(1)} s`, times, counts, probeMs: probe };
  }
  for (let i = 1; i < warmup; i++) {
    counts.push(frame());
    step();
  }
  let spent = 0;
  for (let i = 0; i < frames; i++) {
    t0 = now();
    const c = frame();
    const t = now() - t0;
    counts.push(c);
    times.push(t);
    step();
    spent += t;
    if (spent > budgetMs && times.length >= minFrames) break;
  }
  return { status: 'ok', times, counts, probeMs: probe };
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
