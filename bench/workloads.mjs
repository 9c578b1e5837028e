// The workloads, shared by Node (run.mjs) and the browser page (browser.mjs):
//   W1: the game loop. Every frame: rebuild the index, query it with every object, exact-test
//       the candidates, count colliding pairs. Every engine runs the same seeded scene for the
//       same frames, and must count the same pairs on every frame.
//   W2: all colliding pairs of the same moving scene, each engine by its fastest path (quadtree-
//       wasm's pairs(), after refresh() or a rebuild; the peers' W1 loops; detect-collisions'
//       checkAll). Same frames as W1, so the counts must equal W1's frame by frame.
//   W2c: W2 with circles (scene.mjs circleScene: each rect's inscribed circle, moving with it):
//       quadtree-wasm refresh() + pairs() on circle objects, detect-collisions' checkAll on Circle
//       bodies, brute force; the exact strict circle test. Run by targets.mjs only (its ratios
//       w2c-detect-collisions and w2c-rects), not by run.mjs.
//   W3: a static scene, indexed once, then many small (64×64) and viewport-sized (1280×720)
//       window queries, each returning its exact hits. Every engine must find the same hits.
//   W4: only 10 % of the objects move per frame (a fresh seeded subset each frame):
//       quadtree-wasm refresh() + pairs() against clear() + insert(all) + pairs().
//   W5: the tutorial tree (engines/tutorial.mjs): its game loop (w5: clear, insert all,
//       findObjects per object, the exact test) on W1's scene, and (w5r) W4's scene with
//       refresh() or clear() + insert(all) before the same loop. Counts as in W1 and W4.
//   W6: a tree per frame (the tutorial's pattern): every frame a new tree with the default
//       constructor (never disposed), insert all, query per object, the exact test. W1's scene
//       and frames, so its counts must equal W1's.
// An engine takes part in a workload when it has the method of that name (w1, w2, w3, w4, w5, w5r, w6).
// Every workload runs on the square scene; W1, W2, W4 and W6 also on each other scene kind asked
// for (scene.mjs's SCENE_KINDS), with fewer measured frames. There an engine whose W2 frame is its
// W1 frame (`w2IsW1`: the peers' retrieve/search loops) is not run twice: W2 takes its W1 result.
import { circleScene, makeScene, makeWindows } from './scene.mjs';
import { measureFrames, measurePasses, now, summarize } from './stats.mjs';

/** Frames shorter than this (ms) are timed in batches about this long (stats.mjs measureFrames). */
export const SAMPLE_MS = 0.2;
/**
 * Before its warm-up, each engine runs frames of the workload for this long (ms) on a copy of the
 * scene it then drops, so that every engine still measures the same frames of the same scene:
 * 1,000 warm-up frames of a few µs can end before the JIT has re-optimized code an earlier
 * workload sent down other paths (bench/studies/w6-after-large.mjs; bench/README.md, "Fresh trees").
 * Only up to PREWARM_MAX_N objects: longer frames' own warm-up frames last long enough.
 */
export const WARMUP_MS = 50;
export const PREWARM_MAX_N = 1000;

/** The fraction of objects that move per frame in W4. */
export const W4_MOVING = 0.1;

export const MODES = {
  full: {
    sizes: [50, 200, 1000, 10000, 50000],
    // W6 (a tree per frame) runs at these instead: small scenes are where the pattern is common.
    w6Sizes: [10, 50, 200, 1000, 10000],
    // Small scenes need more frames before the JIT has optimized every engine's loops (5 frames
    // of 1,000 objects left them cold: the frames measured then took 2 to 4 times what a warm
    // loop takes), and more measured frames for a stable median; the same for every engine.
    warmup: (n) => Math.min(1000, Math.max(5, Math.ceil(50000 / n))),
    frames: (n) => (n >= 50000 ? 10 : n >= 10000 ? 30 : n >= 1000 ? 100 : 300),
    // The scene kinds other than square: a third of the measured frames, and a smaller time budget
    // per engine, so that the whole run stays within about 15 minutes; after the square scene has
    // warmed every engine up in the same process, 2 warm-up frames at 10,000 and above (the same
    // as the square's below: small frames need many before the JIT has settled).
    otherFrames: (n) => (n >= 50000 ? 3 : n >= 10000 ? 10 : n >= 1000 ? 30 : 100),
    otherWarmup: (n) => (n >= 10000 ? 2 : Math.min(1000, Math.max(5, Math.ceil(50000 / n)))),
    otherBudgetMs: 10000,
    w3: { small: 10000, viewport: 1000, passes: 5 },
  },
  quick: {
    sizes: [200, 1000, 5000],
    w6Sizes: [10, 50, 1000],
    warmup: (n) => Math.min(300, Math.max(3, Math.ceil(5000 / n))),
    frames: (n) => (n < 1000 ? 50 : n < 5000 ? 20 : 5),
    otherFrames: (n) => (n < 1000 ? 50 : n < 5000 ? 20 : 5),
    otherWarmup: (n) => Math.min(300, Math.max(3, Math.ceil(5000 / n))),
    otherBudgetMs: 5000,
    w3: { small: 2000, viewport: 200, passes: 2 },
  },
};

/** The scene kind every workload runs on (the original scene); the others run W1, W2, W3, W4, W6. */
export const MAIN_SCENE = 'square';
/** The workloads that also run on the other scene kinds. */
export const SCENE_WORKLOADS = ['w1', 'w2', 'w3', 'w4', 'w6'];

export const SMALL = { width: 64, height: 64 };
export const VIEWPORT = { width: 1280, height: 720 };

/**
 * Runs a frame workload ('w1', 'w2', 'w4', 'w5', 'w5r' or 'w6') for one engine at one N on one
 * scene kind (`scene`, default the square) and returns its timings and every frame's pair count.
 * Engines that carry a W2/W4 `tree` and `path` (quadtree-wasm's pairs() engines) pass them on for
 * the reports. On a scene kind other than MAIN_SCENE, `mode.otherFrames` frames are measured
 * within `mode.otherBudgetMs`, after `mode.otherWarmup` warm-up frames when `warmed` (the engine
 * ran the main scene earlier in this process).
 */
export function runFrames(workload, engine, n, mode, { seed = 1, scene: kind = MAIN_SCENE, warmed = false, probeMs = 3000, budgetMs } = {}) {
  const base = { workload, scene: kind, engine: engine.id, name: engine.name, n };
  if (engine.path) Object.assign(base, { tree: engine.tree, path: engine.path });
  if (engine.maxN && n > engine.maxN) {
    return { ...base, status: 'skipped', reason: `only run for N ≤ ${engine.maxN}`, times: [], counts: [] };
  }
  const main = kind === MAIN_SCENE;
  const frames = main || !mode.otherFrames ? mode.frames(n) : mode.otherFrames(n);
  const warmup = !main && warmed && mode.otherWarmup ? mode.otherWarmup(n) : mode.warmup(n);
  budgetMs ??= main || !mode.otherBudgetMs ? 30000 : mode.otherBudgetMs;
  const scene = sceneFor(workload, n, seed, kind);
  if (n <= PREWARM_MAX_N) prewarm(engine[workload].bind(engine), sceneFor(workload, n, seed, kind), WARMUP_MS);
  const inst = engine[workload](scene);
  // Engines that time their own phases (quadtree-wasm's pairs() engines) leave them in
  // inst.updateMs and inst.pairsMs after each frame.
  const phases = [];
  const frame = () => {
    const c = inst.frame();
    if (inst.updateMs !== undefined) phases.push([inst.updateMs, inst.pairsMs]);
    return c;
  };
  let res;
  try {
    res = measureFrames(frame, () => scene.step(), { warmup, frames, probeMs, budgetMs, sampleMs: SAMPLE_MS });
  } finally {
    if (inst.dispose) inst.dispose();
  }
  const s = summarize(res.times);
  const out = { ...base, status: res.status, reason: res.reason, ...s, times: res.times, counts: res.counts, batch: res.batch };
  if (phases.length && res.times.length) {
    const measured = phases.slice(phases.length - res.times.length * res.batch); // the measured frames' phases
    out.update = summarize(measured.map((p) => p[0]));
    out.pairs = summarize(measured.map((p) => p[1]));
    out.updateTimes = measured.map((p) => p[0]);
    out.pairsTimes = measured.map((p) => p[1]);
  }
  return out;
}

/**
 * The seeded scene a frame workload runs on: W4's and W5r's move only W4_MOVING of the objects;
 * W2c's are W2's rects as circles (scene.mjs circleScene).
 */
export function sceneFor(workload, n, seed, kind) {
  const scene = makeScene(n, seed, { kind, moving: workload === 'w4' || workload === 'w5r' ? W4_MOVING : 1 });
  if (W3_FRAMES[workload]) scene.step = () => {}; // a still scene: its index is built once
  return workload === 'w2c' ? circleScene(scene) : scene;
}

/**
 * W3 as frames, for targets.mjs's side-by-side ratios: a still scene, and each frame asks every
 * window of the set (`count` windows of `size`, the same ones of every engine) of the engine's
 * W3 index (its `w3(scene).query(q)`, which returns the exact hits). A frame's result is its hits
 * and the sum of their ids, which every engine must agree on.
 */
export const W3_FRAMES = {
  w3s: { size: SMALL, count: 200 },
  w3v: { size: VIEWPORT, count: 20 },
};

/** Every window of `windows` asked of a W3 instance: `hits/idSum` of what it found. */
function askAll(inst, windows) {
  let hits = 0, ids = 0;
  for (let i = 0; i < windows.length; i++) {
    const found = inst.query(windows[i]);
    hits += found.length;
    for (let k = 0; k < found.length; k++) ids += found[k].id;
  }
  return hits + '/' + ids;
}

/** Gives every engine with a `w3` the frame workloads of W3_FRAMES (w3s, w3v). @param {any[]} list */
export function withW3Frames(list) {
  for (const e of list) {
    if (!e.w3) continue;
    for (const [name, { size, count }] of Object.entries(W3_FRAMES)) {
      e[name] = (scene) => {
        const inst = e.w3(scene), windows = makeWindows(scene, count, size.width, size.height);
        return {
          frame: () => askAll(inst, windows),
          dispose() { inst.dispose?.(); },
        };
      };
    }
  }
  return list;
}

/**
 * Runs `make(scene)`'s frames until they have taken `ms` (at least one), then drops the instance.
 * @param {(scene: any) => any} make @param {any} scene @param {number} ms
 */
export function prewarm(make, scene, ms) {
  const inst = make(scene);
  try {
    let spent = 0;
    do {
      const t0 = now();
      inst.frame();
      spent += now() - t0;
      scene.step();
    } while (spent < ms);
  } finally {
    if (inst.dispose) inst.dispose();
  }
}

/** Runs W1 for one engine at one N (see runFrames). */
export function runW1(engine, n, mode, opts) {
  return runFrames('w1', engine, n, mode, opts);
}

/**
 * Throws unless every engine counted the same colliding pairs on every frame both ran (a
 * skipped engine still ran its first frame). The reference is brute force when it ran, else the
 * first engine listed. Results may mix workloads that run the same scene (W1 and W2): each
 * failure names the workload. `label` names the check in the error.
 */
export function checkCounts(results, label = 'W1') {
  const ran = results.filter((r) => r.counts.length > 0);
  if (ran.length < 2) return null;
  const ref = ran.find((r) => r.engine === 'brute-force') || ran[0];
  const tag = (r) => (r.workload && r.workload.toUpperCase() !== label ? `${r.name} (${r.workload.toUpperCase()})` : r.name);
  for (const r of ran) {
    const frames = Math.min(r.counts.length, ref.counts.length);
    for (let f = 0; f < frames; f++) {
      if (r.counts[f] !== ref.counts[f]) {
        throw new Error(`${label} correctness check failed at N=${r.n} (${r.scene ?? MAIN_SCENE} scene), frame ${f}: ${tag(r)} counted ` +
          `${r.counts[f]} colliding pairs but ${tag(ref)} counted ${ref.counts[f]} ` +
          `(same seeded scene, same frame). The engine finds too few pairs (candidates missed) or too many (its overlap test is not the strict one).`);
      }
    }
  }
  return { reference: tag(ref), frames: ref.counts.length, engines: ran.length };
}

/** W1's check (see checkCounts). */
export function checkW1(results) {
  return checkCounts(results, 'W1');
}

/** Runs W3 for one engine at one N: build once, then time passes over each query set. */
export function runW3(engine, n, mode, { seed = 1, scene: kind = MAIN_SCENE, budgetMs = 20000 } = {}) {
  const scene = makeScene(n, seed, { kind });
  const sets = {
    small: makeWindows(scene, mode.w3.small, SMALL.width, SMALL.height),
    viewport: makeWindows(scene, mode.w3.viewport, VIEWPORT.width, VIEWPORT.height),
  };
  const t0 = now();
  const inst = engine.w3(scene);
  const buildMs = now() - t0;
  const out = { engine: engine.id, name: engine.name, n, scene: kind, status: 'ok', buildMs };
  try {
    for (const [kind, windows] of Object.entries(sets)) {
      const pass = () => askAll(inst, windows);
      const { times, check } = measurePasses(pass, { warmup: 1, passes: mode.w3.passes, budgetMs });
      const s = summarize(times);
      const [hits, ids] = check.split('/').map(Number);
      out[kind] = {
        queries: windows.length,
        usPerQuery: (s.median * 1000) / windows.length,
        minUsPerQuery: (s.min * 1000) / windows.length,
        hitsPerQuery: hits / windows.length,
        hits,
        idSum: ids,
        passes: times.length,
        times,
      };
    }
  } finally {
    if (inst.dispose) inst.dispose();
  }
  return out;
}

/** Throws unless every engine found the same hits (count and id sum) for each query set. */
export function checkW3(results) {
  if (results.length < 2) return null;
  const ref = results[0];
  for (const r of results) {
    for (const kind of ['small', 'viewport']) {
      if (r[kind].hits !== ref[kind].hits || r[kind].idSum !== ref[kind].idSum) {
        throw new Error(`W3 correctness check failed at N=${r.n} (${r.scene} scene), ${kind} windows: ${r.name} found ` +
          `${r[kind].hits} hits (id sum ${r[kind].idSum}) but ${ref.name} found ${ref[kind].hits} ` +
          `(id sum ${ref[kind].idSum}) for the same windows.`);
      }
    }
  }
  return { reference: ref.name };
}

/**
 * The whole suite. `log(line)` reports progress; `between()` runs after each engine (in Node a GC,
 * then a turn of the event loop so that finalizers run; awaited, so a page can repaint). `w1`…`w6`
 * pick the workloads; `scenes` the scene kinds (MAIN_SCENE, first, runs every workload picked, the
 * others SCENE_WORKLOADS); `sizes` the Ns (W6 runs at `mode.w6Sizes` when `sizes` is the mode's own).
 * Returns { w1: [...], w2: [...], w3: [...], w4: [...], w5: [...], w6: [...], checks: [...] } (w5
 * holds both the 'w5' and the 'w5r' results: see each result's `workload`); each frame result
 * names its `scene`.
 */
export async function runSuite({
  engines, mode, sizes = mode.sizes, seed = 1, scenes = [MAIN_SCENE],
  w1 = true, w2 = true, w3 = true, w4 = true, w5 = true, w6 = true,
  log = () => {}, between = () => {},
}) {
  const all = { w1: [], w2: [], w3: [], w4: [], w5: [], w6: [], checks: [] };
  const w6Sizes = sizes === mode.sizes && mode.w6Sizes ? mode.w6Sizes : sizes;
  const where = (kind, n) => `${kind === MAIN_SCENE ? '' : kind + ' '}N=${n}`;
  const frameLog = (label, r) => log(r.status === 'ok'
    ? `${label} ${where(r.scene, r.n)} ${r.name}: median ${r.median.toFixed(r.median < 0.1 ? 4 : 2)} ms (${r.samples} ${r.batch > 1 ? `samples of ${r.batch} frames` : 'frames'}, ${r.counts[r.counts.length - 1]} pairs)`
    : `${label} ${where(r.scene, r.n)} ${r.name}: skipped (${r.reason})`);
  // The main scene first: it warms every engine up for the others.
  const kinds = [...new Set(scenes)].sort((a, b) => (b === MAIN_SCENE) - (a === MAIN_SCENE));
  const warmed = kinds[0] === MAIN_SCENE;
  const frames = async (workload, n, kind, list = engines) => {
    const atN = [];
    for (const e of list.filter((x) => x[workload])) {
      const r = runFrames(workload, e, n, mode, { seed, scene: kind, warmed });
      await between();
      atN.push(r);
      frameLog(workload.toUpperCase(), r);
    }
    return atN;
  };
  const agree = (label, atN, c, extra = '') => {
    if (c) {
      all.checks.push(`${label} ${where(atN[0].scene, atN[0].n)}: ${atN.filter((r) => r.counts.length).length} engines agree on every ` +
        `frame's pair count (reference ${c.reference}, ${c.frames} frames)${extra}`);
    }
  };
  const withW1 = (both) => (both ? `, and every W1 engine's counts (${both.engines} engines in all)` : '');
  for (const kind of kinds) {
    const main = kind === MAIN_SCENE;
    const on = (w) => main || SCENE_WORKLOADS.includes(w);
    const ns = [...new Set([...(w1 || w2 || w3 || w4 || w5 ? sizes : []), ...(w6 ? w6Sizes : [])])].sort((a, b) => a - b);
    for (const n of ns) {
      const atSize = sizes.includes(n);
      let w1AtN = [];
      if (w1 && atSize && on('w1')) {
        w1AtN = await frames('w1', n, kind);
        agree('W1', w1AtN, checkCounts(w1AtN, 'W1'));
        all.w1.push(...w1AtN);
      }
      if (w2 && atSize && on('w2')) {
        // Off the main scene, an engine whose W2 frame is its W1 frame takes its W1 result.
        const reused = main ? [] : w1AtN.filter((r) => engines.find((e) => e.id === r.engine)?.w2IsW1)
          .map((r) => ({ ...r, workload: 'w2', from: 'w1' }));
        const atN = await frames('w2', n, kind, engines.filter((e) => !reused.some((r) => r.engine === e.id)));
        atN.push(...reused);
        for (const r of reused) log(`W2 ${where(kind, n)} ${r.name}: W1's frames`);
        const c = checkCounts(atN, 'W2');
        // The same scene and frames as W1: when W1 ran too, its counts must match as well.
        const both = w1AtN.length ? checkCounts([...atN, ...w1AtN], 'W2') : null;
        agree('W2', atN, c, withW1(both));
        all.w2.push(...atN);
      }
      if (w3 && atSize && on('w3')) {
        const atN = [];
        for (const e of engines.filter((x) => x.w3)) {
          const r = runW3(e, n, mode, { seed, scene: kind });
          await between();
          atN.push(r);
          log(`W3 ${where(kind, n)} ${r.name}: 64×64 ${r.small.usPerQuery.toFixed(2)} µs/query, ` +
            `viewport ${r.viewport.usPerQuery.toFixed(1)} µs/query`);
        }
        const c = checkW3(atN);
        if (c) all.checks.push(`W3 ${where(kind, n)}: ${atN.length} engines agree on every query set's hits (reference ${c.reference})`);
        all.w3.push(...atN);
      }
      if (w4 && atSize && on('w4')) {
        const atN = await frames('w4', n, kind);
        agree('W4', atN, checkCounts(atN, 'W4'));
        all.w4.push(...atN);
      }
      if (w5 && atSize && on('w5')) {
        const atN = await frames('w5', n, kind);
        // W1's scene and frames: when W1 ran too, its counts must match as well.
        const both = w1AtN.length ? checkCounts([...atN, ...w1AtN], 'W5') : null;
        agree('W5', atN, checkCounts(atN, 'W5'), withW1(both));
        const moved = await frames('w5r', n, kind);
        agree('W5 (10 % moving)', moved, checkCounts(moved, 'W5R'));
        all.w5.push(...atN, ...moved);
      }
      if (w6 && w6Sizes.includes(n) && on('w6')) {
        const atN = await frames('w6', n, kind);
        // W1's scene and frames: when W1 ran too, its counts must match as well.
        const both = w1AtN.length ? checkCounts([...atN, ...w1AtN], 'W6') : null;
        agree('W6', atN, checkCounts(atN, 'W6'), withW1(both));
        all.w6.push(...atN);
      }
    }
  }
  return all;
}
