// The issues' speed targets (issue #15's, #31's, #32's, the circles'), each measured side by side: for every ratio of report.mjs's SCENE_RATIOS, at
// every N where it has a target, on every scene kind, the two engines it divides run in the same
// process at the same time, in alternating blocks (A B B A, repeated) of about BLOCK_MS each; the
// verdict is the median of the blocks' ratios (slow's block median over fast's neighbouring one).
// The machine drifts by up to half for seconds at a time (bench/studies/drift.mjs), so two engines timed
// one after another, as run.mjs times them, can each land in a different spell; blocks this short
// share the spell they are in. Only the two engines are alive, and no GC is forced between blocks
// (that would take each engine's garbage off its clock). Throws if the two count different pairs;
// for a ratio whose sides run different workloads (`slowWorkload`/`fastWorkload`: W2's rects
// against W2c's circles), which count different pairs, each side's first OWN_FRAMES frames must
// equal brute force's on its own workload instead.
//   node bench/targets.mjs [--scenes=kind,…] [--blocks=12] [--ratios=key,…]   (npm run bench runs it after run.mjs)
// A ratio may take fewer blocks (its `blocks`: quadtree-ts's update() frames take seconds).
// Prints a markdown table and writes bench/results/targets.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { select } from './engines/index.mjs';
import { SCENE_RATIOS, times } from './report.mjs';
import { SCENE_NAMES } from './scene.mjs';
import { batchFor, now, summarize } from './stats.mjs';
import { checkCounts, MODES, PREWARM_MAX_N, prewarm, SAMPLE_MS, sceneFor, WARMUP_MS } from './workloads.mjs';

/** A block: samples until they have taken this long (ms), at least one. */
export const BLOCK_MS = 40;
/** Frames checked against brute force when a ratio's two sides answer different questions (any N). */
export const OWN_FRAMES = 3;

const args = process.argv.slice(2);
const value = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
for (const a of args) {
  if (!/^--(scenes|blocks|ratios)=/.test(a)) {
    console.error(`unknown argument ${a}; use --scenes=kind[,kind], --blocks=N (pairs of blocks per engine pair) and --ratios=key[,key]`);
    process.exit(2);
  }
}
const scenes = value('scenes')?.split(',').filter(Boolean) ?? SCENE_NAMES;
const unknown = scenes.filter((k) => !SCENE_NAMES.includes(k));
if (unknown.length) throw new Error(`unknown scene ${unknown.join(', ')}; known: ${SCENE_NAMES.join(', ')}`);
const blocks = Number(value('blocks') ?? 12);
const ratios = value('ratios')?.split(',').filter(Boolean);
const unknownRatio = (ratios ?? []).filter((k) => !SCENE_RATIOS.some((q) => q.key === k));
if (unknownRatio.length) throw new Error(`unknown ratio ${unknownRatio.join(', ')}; known: ${SCENE_RATIOS.map((q) => q.key).join(', ')}`);
if (!Number.isInteger(blocks) || blocks < 2) throw new Error(`--blocks wants an integer ≥ 2, got ${value('blocks')}`);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const turn = () => new Promise((resolve) => setImmediate(resolve));
const mode = MODES.full;

/** One engine's frames of `workload` on its own seeded scene: warmed up, then timed a block at a time. */
function side(workload, engine, n, kind) {
  if (n <= PREWARM_MAX_N) prewarm(engine[workload].bind(engine), sceneFor(workload, n, 1, kind), WARMUP_MS);
  const scene = sceneFor(workload, n, 1, kind);
  const inst = engine[workload](scene);
  const counts = [];
  const frame = () => {
    const t0 = now();
    counts.push(inst.frame());
    const t = now() - t0;
    scene.step();
    return t;
  };
  let warm = 0;
  const warmup = mode.warmup(n);
  for (let i = 0; i < warmup; i++) warm += frame();
  // Frames shorter than SAMPLE_MS are timed in batches, as run.mjs's are (stats.mjs measureFrames).
  const batch = batchFor(warm / warmup, SAMPLE_MS);
  return {
    engine, counts,
    block() {
      const samples = [];
      let spent = 0;
      do {
        let t = 0;
        for (let b = 0; b < batch; b++) t += frame();
        samples.push(t / batch);
        spent += t;
      } while (spent < BLOCK_MS);
      return median(samples);
    },
    dispose() { inst.dispose?.(); },
  };
}

const median = (v) => summarize(v).median;

/**
 * Throws unless side `s`'s first OWN_FRAMES frames counted what brute force counts on the same
 * frames of `workload`'s scene (brute force's `maxN` does not apply: a few frames).
 */
function checkOwn(s, workload, n, kind) {
  const brute = select(['brute-force'])[0];
  const scene = sceneFor(workload, n, 1, kind);
  const inst = brute[workload](scene);
  const frames = Math.min(OWN_FRAMES, s.counts.length), counts = [];
  for (let f = 0; f < frames; f++) {
    counts.push(inst.frame());
    scene.step();
  }
  const at = { n, scene: kind, workload };
  checkCounts([{ ...at, engine: brute.id, name: brute.name, counts }, { ...at, engine: s.engine.id, name: s.engine.name, counts: s.counts.slice(0, frames) }],
    workload.toUpperCase());
}

/** The ratio `q` at N on `kind`, side by side: { value (median of the blocks' ratios), low, high, frames }. */
async function measure(q, n, kind) {
  gc();
  const workloads = [q.slowWorkload ?? q.workload, q.fastWorkload ?? q.workload];
  const [slow, fast] = [q.slow, q.fast].map((id, k) => side(workloads[k], select([id])[0], n, kind));
  try {
    const ratios = [];
    for (let k = 0; k < Math.min(blocks, q.blocks ?? blocks); k++) {
      // A B, then B A: a drift within the pair weighs on both sides alike.
      const [a, b] = k % 2 ? [fast.block(), slow.block()].reverse() : [slow.block(), fast.block()];
      ratios.push(a / b);
      await turn(); // W6's dropped trees are finalized here
    }
    if (workloads[0] === workloads[1]) {
      checkCounts([slow, fast].map((s) => ({ engine: s.engine.id, name: s.engine.name, n, scene: kind, counts: s.counts })), q.workload.toUpperCase());
    } else {
      checkOwn(slow, workloads[0], n, kind);
      checkOwn(fast, workloads[1], n, kind);
    }
    return { value: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios), frames: Math.min(slow.counts.length, fast.counts.length) };
  } finally {
    slow.dispose();
    fast.dispose();
  }
}

const started = new Date();
const rows = [];
let met = 0, cells = 0;
for (const kind of scenes) {
  for (const q of SCENE_RATIOS) {
    if (ratios && !ratios.includes(q.key)) continue;
    for (const n of Object.keys(q.targets).map(Number)) {
      const r = await measure(q, n, kind);
      const pass = r.value >= q.targets[n];
      met += pass;
      cells++;
      const row = [kind, q.short, n.toLocaleString('en-US'), times(r.value), `${times(r.low)} – ${times(r.high)}`,
        `≥ ${q.targets[n]}×`, pass ? 'pass' : '**FAIL**'];
      console.log(`  ${row.join(' · ')}`);
      rows.push(row);
    }
  }
}
const seconds = Math.round((Date.now() - started.getTime()) / 1000);
const cpu = cpus();
const md = [
  '# The speed targets, side by side',
  '',
  `${started.toISOString()} · Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, load average ` +
  `${loadavg().map((v) => v.toFixed(2)).join(' ')} at the end · \`node bench/targets.mjs${args.length ? ' ' + args.join(' ') : ''}\` · ${seconds} s`,
  '',
  `Each ratio's two engines run at the same time on their own copies of the seeded scene: warm-up (as run.mjs's), then ${blocks} ` +
  `blocks each of about ${BLOCK_MS} ms of frames (at least one), alternating A B, B A; a block's time is the median of its samples ` +
  `(a sample is one frame, or the mean of as many as fill ${SAMPLE_MS} ms). The ratio is the median over the ${blocks} pairs of ` +
  'neighbouring blocks of slow ÷ fast (above 1, quadtree-wasm is ahead; for circles against rects, both quadtree-wasm, the circles ' +
  'are ahead); the range is the lowest and highest pair.',
  '',
  '| scene | ratio | N | median | range | target | |',
  '|---|---|---:|---:|---:|---:|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
  '',
  `Targets met in ${met} of ${cells} scene × N cells.`,
  '',
].join('\n');
console.log('\n' + md);
const out = join(dirname(fileURLToPath(import.meta.url)), 'results');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'targets.md'), md);
console.log('wrote bench/results/targets.md');
