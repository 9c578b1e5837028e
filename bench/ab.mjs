// Two builds side by side: is a change (a refactor, an optimization) as fast as the build before
// it? Both builds' dist/quadtree.mjs load in one process, each as its own module instance with its
// own WebAssembly and its own copy of the harness and workload code (ab-workloads.mjs), and run
// the same frames of the same seeded scene in alternating blocks (A B, B A, A B, …, A the base):
// the machine drifts by up to half for seconds at a time
// (bench/studies/drift.mjs), which separate runs, or one build timed after the other, would take for the
// code. Each row (a workload at one N on one scene kind) runs its blocks in PROCS such processes,
// one after another: a process also hands one of the two a lead of a few per cent that holds for
// its whole life (where code and data happened to land): the same build against itself read 4 to
// 7 % apart, ahead in 77 to 82 of 100 pairs, in single processes, and the other way in the next.
// Per row it prints the median ms per frame of each side's blocks, the change (the median over
// the pairs of neighbouring blocks of other ÷ base, minus 1) and in how many pairs the other build
// was ahead; then a markdown table, the worst and the best row, and every row more than 5 % slower.
// Throws if the builds give different results (pair counts, hits, candidates) on any frame: a
// refactor must not change them. Otherwise exits 0: a measurement, not a test. Run the same build
// against itself (BASE_DIST twice) to see the tool's own noise on this machine.
// The workloads: frames of moving objects (each build's bench engines), then queries on a still
// tree (still.mjs: `--only=still` runs them all), at 1,000, 10,000 and 100,000 objects. An older
// commit's build: `git worktree add ../base <commit>`, `npm run build` there (node_modules can be
// a link to this checkout's), then `node bench/ab.mjs ../base/dist`.
//   node bench/ab.mjs BASE_DIST [OTHER_DIST=dist] [--blocks=N] [--only=name,...] [--scenes=kind,...] [--n=N,...] [--procs=P]
// BASE_DIST: another build's dist/ (e.g. of the commit before); OTHER_DIST defaults to this checkout's dist/.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WORKLOADS } from './ab-workloads.mjs';
import { SCENE_NAMES } from './scene.mjs';
import { summarize } from './stats.mjs';

/** A block: this many ms of frames (a whole number of frames, fixed in each process of a row, at least one). */
export const BLOCK_MS = 40;
/** A row whose other side is more than this many per cent slower is flagged. */
export const SLOWER_PCT = 5;
const DEFAULT_BLOCKS = 80;
/** A row's blocks are split over this many processes, run one after another. */
export const PROCS = 4;
const DEFAULT_SCENES = ['square', 'wide', 'clustered', 'mixed'];

const USAGE = 'node bench/ab.mjs BASE_DIST [OTHER_DIST=dist] [--blocks=N] [--only=name,...] [--scenes=kind,...] [--n=N,...] [--procs=P]';
const args = process.argv.slice(2);
const value = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const list = (name) => value(name)?.split(',').filter(Boolean);
const fail = (message) => {
  console.error(`${message}\nusage: ${USAGE}\n  workloads (--only): ${WORKLOADS.map((w) => w.name).join(', ')}, or still for every still-*` +
    `\n  scene kinds (--scenes): ${SCENE_NAMES.join(', ')} (default ${DEFAULT_SCENES.join(', ')})` +
    `\n  --n: these sizes for every workload chosen; --blocks: pairs of blocks per row (default ${DEFAULT_BLOCKS}),` +
    ` split over --procs processes (default ${PROCS})`);
  process.exit(2);
};
if (args.includes('--help')) fail('Two builds in alternating blocks.');
for (const a of args) if (a.startsWith('--') && !/^--(blocks|only|scenes|n|procs|part)=/.test(a)) fail(`unknown argument ${a}`);
const dirs = args.filter((a) => !a.startsWith('--'));
if (dirs.length < 1 || dirs.length > 2) fail('give BASE_DIST, and optionally OTHER_DIST');
const baseFile = join(resolve(dirs[0]), 'quadtree.mjs');
const otherFile = dirs[1] ? join(resolve(dirs[1]), 'quadtree.mjs') : fileURLToPath(new URL('../dist/quadtree.mjs', import.meta.url));
const blocks = Number(value('blocks') ?? DEFAULT_BLOCKS);
if (!Number.isInteger(blocks) || blocks < 2) fail(`--blocks wants an integer ≥ 2, got ${value('blocks')}`);
const procs = Number(value('procs') ?? PROCS);
if (!Number.isInteger(procs) || procs < 1) fail(`--procs wants a positive integer, got ${value('procs')}`);
// `still` in --only stands for every still-tree workload.
const only = list('only')?.flatMap((name) => (name === 'still' ? WORKLOADS.filter((w) => w.still).map((w) => w.name) : [name]));
const unknownWork = (only ?? []).filter((name) => !WORKLOADS.some((w) => w.name === name));
if (unknownWork.length) fail(`unknown workload ${unknownWork.join(', ')}`);
const scenes = list('scenes') ?? DEFAULT_SCENES;
const unknownScenes = scenes.filter((k) => !SCENE_NAMES.includes(k));
if (unknownScenes.length) fail(`unknown scene kind ${unknownScenes.join(', ')}`);
const sizes = list('n')?.map((s) => Number(s.replace(/_/g, '')));
if (sizes?.some((n) => !Number.isInteger(n) || n < 1)) fail(`--n wants positive integers, got ${value('n')}`);

// ---- One process's share of a row (the internal --part=name,n,kind,first,pairs,proc) ----

const turn = () => new Promise((done) => setImmediate(done));

/** Throws unless both sides gave the same result on every frame of a block. */
function same(row, k, first, second, r1, r2) {
  for (let f = 0; f < r1.counts.length; f++) {
    if (r1.counts[f] !== r2.counts[f]) {
      throw new Error(`${row}, ${k < 0 ? 'warm-up' : 'block ' + k}, frame ${f}: ${first} gave ${r1.counts[f]}, ${second} ` +
        `${r2.counts[f]} (the same frame of the same seeded scene): the builds' results differ`);
    }
  }
}

/**
 * Blocks `first` to `first + pairs - 1` of workload `w` at N on `kind`, in this process, the row's
 * `proc`th: both builds loaded and warmed up (base first in even processes, other first in odd
 * ones: the one loaded second runs a few per cent slower for the process's life), then the pairs.
 * Returns { ta, tb (each block's ms per frame, base and other), frames }, or null when a build
 * lacks the workload's class.
 */
async function runPart(name, n, kind, first, pairs, proc) {
  // A query string makes each import its own module instance (and WebAssembly), even for one file;
  // each side's harness and workload code too (ab-workloads.mjs).
  const load = (file, tag) => import(pathToFileURL(file).href + '?ab=' + tag);
  const harness = (tag) => import(new URL('./ab-workloads.mjs?side=' + tag, import.meta.url).href);
  const baseFirst = proc % 2 === 0; // which build loads, and is set up, first: in turn, process by process
  // (the workload's file of each build: its main entry's, or the one it names beside it)
  const w = WORKLOADS.find((x) => x.name === name);
  const [baseOf, otherOf] = [baseFile, otherFile].map((f) => join(dirname(f), w.file ?? 'quadtree.mjs'));
  const sides = async (tag, file) => ({ lib: await load(file, tag), h: await harness(tag) });
  const [A, B] = baseFirst ? [await sides('base', baseOf), await sides('other', otherOf)]
    : [await sides('other', otherOf), await sides('base', baseOf)].reverse(); // loaded other first, listed base first
  const [wa, wb] = [A, B].map((s) => s.h.WORKLOADS.find((x) => x.name === name));
  const makeA = wa.make(A.lib), makeB = wb.make(B.lib);
  if (!makeA || !makeB) return null;
  const row = `${name} N=${n} ${kind}`;
  let a, b;
  if (baseFirst) a = A.h.side(makeA, wa, n, kind), b = B.h.side(makeB, wb, n, kind);
  else b = B.h.side(makeB, wb, n, kind), a = A.h.side(makeA, wa, n, kind);
  const ta = [], tb = [];
  try {
    // The block's frames: BLOCK_MS over the base side's median frame (a median, so that a frame
    // caught by a spike of the machine's load does not shrink every block), timed now that both
    // sides are warm. The other side runs the same frames, one by one in turn with the base's: a
    // side whose block() had run one long call where the other's ran many single frames read
    // up to 60 % slower on the still trees (V8 optimizes the two call histories differently).
    const probe = { ms: /** @type {number[]} */ ([]), counts: /** @type {number[]} */ ([]) };
    const otherCounts = { counts: /** @type {number[]} */ ([]) };
    for (let spent = 0; spent < BLOCK_MS || probe.ms.length < 3;) {
      const r = a.block(1), q = b.block(1);
      spent += r.ms;
      probe.ms.push(r.ms);
      probe.counts.push(r.counts[0]), otherCounts.counts.push(q.counts[0]);
    }
    const frames = Math.max(1, Math.round(BLOCK_MS / summarize(probe.ms).median));
    same(row, -1, 'base', 'other', probe, otherCounts);
    for (let k = first - 1; k < first + pairs; k++) { // the first pair is one more warm-up, untimed
      // A B when k is even, B A when odd: a drift within the pair weighs on both sides alike.
      const [s1, s2, n1, n2] = k % 2 === 0 ? [a, b, 'base', 'other'] : [b, a, 'other', 'base'];
      const r1 = s1.block(frames), r2 = s2.block(frames);
      same(row, k < first ? -1 : k, n1, n2, r1, r2);
      if (k >= first) {
        const [ra, rb] = s1 === a ? [r1, r2] : [r2, r1];
        ta.push(ra.ms), tb.push(rb.ms);
      }
      await turn(); // dropped trees (the fresh workload's) are finalized here, between blocks
    }
    return { ta, tb, frames };
  } finally {
    a.dispose();
    b.dispose();
  }
}

// ---- The run: each row's parts in processes of their own, then the table ----

/** Workload `w` at N on `kind`, its blocks split over `procs` processes: the row, or null when a build lacks the workload. */
function measure(w, n, kind) {
  const parts = Math.min(procs, blocks), ta = [], tb = [], frames = [];
  for (let p = 0; p < parts; p++) {
    const first = Math.round((blocks * p) / parts), pairs = Math.round((blocks * (p + 1)) / parts) - first;
    const res = spawnSync(process.execPath, [fileURLToPath(import.meta.url), dirname(baseFile), dirname(otherFile),
      `--part=${w.name},${n},${kind},${first},${pairs},${p}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (res.status !== 0) throw new Error(`${w.name} N=${n} ${kind}: process ${p + 1} of ${parts} failed (${res.error ?? res.signal ?? 'exit ' + res.status}; its error above)`);
    const out = JSON.parse(res.stdout.trim().split('\n').pop());
    if (!out) return null;
    ta.push(...out.ta), tb.push(...out.tb), frames.push(out.frames);
  }
  const ahead = tb.filter((t, k) => t < ta[k]).length;
  // The change is the median of the pairs' ratios, as targets.mjs takes its ratios: the two blocks
  // of a pair share the machine's spell, where the two sides' medians can each catch another.
  const change = 100 * (summarize(tb.map((t, k) => t / ta[k])).median - 1);
  return { w, n, kind, base: summarize(ta).median, other: summarize(tb).median, change, ahead, frames };
}

const ms = (x) => x.toPrecision(4);
const pct = (x) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(1)} %`;
const slow = (r) => r.change > SLOWER_PCT;
const range = (v) => (Math.min(...v) === Math.max(...v) ? `${v[0]}` : `${Math.min(...v)}–${Math.max(...v)}`);

function main() {
  const started = Date.now();
  const cpu = cpus();
  const built = (file) => `${file} (built ${statSync(file).mtime.toISOString()})`;
  console.log(`base  ${built(baseFile)}\nother ${built(otherFile)}${baseFile === otherFile ? '\n      the same build twice: every change is the tool\'s own noise' : ''}`);
  console.log(`${new Date(started).toISOString()} · Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'} · ` +
    `${blocks} pairs of blocks of about ${BLOCK_MS} ms per row, A B / B A in turn, over ${Math.min(procs, blocks)} processes`);
  const rows = [], skipped = [];
  for (const w of WORKLOADS.filter((x) => !only || only.includes(x.name))) {
    for (const n of sizes ?? w.sizes) {
      for (const kind of scenes) {
        const r = measure(w, n, kind);
        if (!r) {
          skipped.push(`${w.name} N=${n} ${kind}`);
          console.log(`${w.name} N=${n} ${kind}: skipped (a build has no ${w.label})`);
          continue;
        }
        rows.push(r);
        const f = range(r.frames);
        console.log(`${w.name} N=${n} ${kind}: base ${ms(r.base)} ms, other ${ms(r.other)} ms per frame (${pct(r.change)}, ` +
          `other ahead in ${r.ahead} of ${blocks} blocks of ${f} frame${f === '1' ? '' : 's'})${slow(r) ? `   <-- more than ${SLOWER_PCT} % slower` : ''}`);
      }
    }
  }
  const where = (r) => `${r.w.label} (${r.w.name}) | ${r.n.toLocaleString('en-US')} | ${r.kind}`;
  const flagged = rows.filter(slow);
  const byChange = rows.slice().sort((x, y) => x.change - y.change);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log([
    '',
    `Load average ${loadavg().map((v) => v.toFixed(2)).join(' ')} at the end · \`node bench/ab.mjs ${args.join(' ')}\` · ${seconds} s`,
    '',
    '| workload | N | scene | base ms/frame (median) | other ms/frame (median) | change % | other ahead in |',
    '|---|---:|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${where(r)} | ${ms(r.base)} | ${ms(r.other)} | ${slow(r) ? `**${pct(r.change)}**` : pct(r.change)} | ${r.ahead} of ${blocks} |`),
    '',
    `Each side's ms/frame is the median of its ${blocks} blocks' means; change % is the median over the ${blocks} pairs of ` +
    'neighbouring blocks of other ÷ base, minus 1 (below 0: the other build is faster); "other ahead" counts the pairs it won.',
    '',
    ...(rows.length ? [
      `Worst: ${where(byChange[byChange.length - 1]).replaceAll(' | ', ', ')}: ${pct(byChange[byChange.length - 1].change)}.`,
      `Best: ${where(byChange[0]).replaceAll(' | ', ', ')}: ${pct(byChange[0].change)}.`,
    ] : []),
    flagged.length
      ? `MORE THAN ${SLOWER_PCT} % SLOWER (${flagged.length} of ${rows.length} rows): ${flagged.map((r) => `${r.w.name} N=${r.n} ${r.kind} ${pct(r.change)}`).join('; ')}.`
      : `No row more than ${SLOWER_PCT} % slower (${rows.length} rows).`,
    ...(skipped.length ? [`Skipped (a build lacks the class): ${skipped.join('; ')}.`] : []),
  ].join('\n'));
}

const part = value('part');
if (part) {
  const [name, n, kind, first, pairs, proc] = part.split(',');
  process.stdout.write(JSON.stringify(await runPart(name, Number(n), kind, Number(first), Number(pairs), Number(proc))) + '\n');
} else {
  main();
}
