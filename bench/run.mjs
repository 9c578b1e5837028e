// The benchmark suite in Node: `node bench/run.mjs [--quick] [--only=a,b] [--n=1000,5000]
// [--seed=1] [--w1-only] [--w2-only] [--w3-only] [--w4-only] [--w5-only]`. Runs W1 (game loop),
// W2 (all colliding pairs), W3 (window queries), W4 (10 % of objects move) and W5 (the tutorial
// tree's loop, and its refresh() with 10 % moving), or only the workloads
// named by --wN-only flags (several combine); throws if engines disagree on any result, prints
// markdown tables, and writes bench/results/latest.md, latest.json, w1.svg and w2.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { engines as allEngines, select } from './engines/index.mjs';
import { enginesOf } from './engines/quadtree-wasm.mjs';
import tutorialEngines, { tutorialEnginesOf } from './engines/tutorial.mjs';
import { MODES, runSuite, SMALL, VIEWPORT, W4_MOVING } from './workloads.mjs';
import { skippedNotes, w1Table, w2Summary, w2Table, w3Table, w4Summary, w4Table, w5Summary, w5Table } from './report.mjs';
import { w1Svg, w2Svg } from './chart.mjs';
import { SPACING, MIN_SIZE, MAX_SIZE, MAX_SPEED } from './scene.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes('--' + name);
const value = (name) => {
  const a = args.find((x) => x.startsWith('--' + name + '='));
  return a === undefined ? undefined : a.slice(name.length + 3);
};
const WORKLOADS = ['w1', 'w2', 'w3', 'w4', 'w5'];
const known = ['quick', 'only', 'n', 'seed', 'baseline', ...WORKLOADS.map((w) => w + '-only'), 'help'];
for (const a of args) {
  const name = a.replace(/^--/, '').split('=')[0];
  if (!a.startsWith('--') || !known.includes(name)) {
    console.error(`unknown argument ${a}; use --quick, --only=name[,name], --n=N[,N], --seed=S, --baseline=DIR, --w1-only, --w2-only, --w3-only, --w4-only, --w5-only`);
    process.exit(2);
  }
}
if (flag('help')) {
  console.log('node bench/run.mjs [--quick] [--only=engine[,engine]] [--n=N[,N]] [--seed=S] [--baseline=DIR] [--w1-only] [--w2-only] [--w3-only] [--w4-only] [--w5-only]\n' +
    '  --wN-only flags combine (--w2-only --w4-only runs W2 and W4); without any, every workload runs.\n' +
    '  --baseline=DIR also runs the quadtree-wasm engines of another build (DIR/quadtree.mjs, e.g. an older dist/) as\n' +
    '  engines with ids ending in @base, interleaved in the same run: an A/B comparison under the same load.');
  process.exit(0);
}
// --wN-only flags name the workloads to run; none: all of them.
const picked = WORKLOADS.filter((w) => flag(w + '-only'));
const run = Object.fromEntries(WORKLOADS.map((w) => [w, picked.length === 0 || picked.includes(w)]));

const modeName = flag('quick') ? 'quick' : 'full';
const mode = MODES[modeName];
const only = value('only') ? value('only').split(',').filter(Boolean) : [];
let engines;
try {
  engines = select(only, [...allEngines, ...tutorialEngines]);
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
if (value('baseline')) {
  // Each engine of the other build right after its twin, so both run under the same conditions.
  const lib = await import(pathToFileURL(join(resolve(value('baseline')), 'quadtree.mjs')).href);
  const base = [...enginesOf(lib, 'base'), ...tutorialEnginesOf(lib, 'base')];
  engines = engines.flatMap((e) => [e, ...base.filter((b) => b.id === e.id + '@base')]);
}
const sizes = value('n') ? value('n').split(',').map((s) => Number(s.replace(/_/g, ''))) : mode.sizes;
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--n wants positive integers, got ${value('n')}`);
const seed = value('seed') ? Number(value('seed')) : 1;

// A full GC between engines, so one engine's garbage is not collected on another's clock.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'results');

const started = new Date();
console.log(`quadtree-wasm benchmark (${modeName}): N = ${sizes.join(', ')}; engines: ${engines.map((e) => e.id).join(', ')}`);
const results = await runSuite({
  engines, mode, sizes, seed, ...run,
  log: (line) => console.log('  ' + line),
  between: () => gc(),
});

const cpu = cpus();
const env = `Node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ` +
  `load average ${loadavg().map((v) => v.toFixed(2)).join(' ')} at the end`;
const md = [
  `# quadtree-wasm benchmark (${modeName} run)`,
  '',
  `${started.toISOString()} · ${env}`,
  '',
  `Command: \`node bench/run.mjs${args.length ? ' ' + args.join(' ') : ''}\` · seed ${seed}`,
  '',
  `Scene: N rects, ${MIN_SIZE}–${MAX_SIZE} px, moving up to ${MAX_SPEED} px/frame per axis and bouncing off the walls of a ` +
  `square world of side √N × ${SPACING} px (constant density: ${SPACING * SPACING} px² per rect).`,
  'Engines run one after another in this process, each on a fresh copy of the seeded scene, with a full GC between engines.',
];
if (results.w1.length) {
  md.push('', '## W1: game loop (ms per frame)', '',
    'Each frame: clear/rebuild the index, insert every object, query with every object, exact strict ' +
    'AABB test on the candidates, count colliding pairs. ' +
    `Warm-up ${[...new Set(sizes.map(mode.warmup))].join('/')} frames, then up to ${[...new Set(sizes.map(mode.frames))].join('/')} measured frames ` +
    '(fewer when an engine uses up its time budget). Ratios: median / the named quadtree-wasm configuration\'s median at the same N (>1 = slower).',
    '', w1Table(results.w1));
}
if (results.w2.length) {
  md.push('', '## W2: all colliding pairs of the moving scene (ms per frame)', '',
    'The same scene and frames as W1; each engine produces every colliding pair by its fastest path and counts them. ' +
    'quadtree-wasm: `pairs()` (every overlapping pair once, in one native call, as an Int32Array of ids), after ' +
    '`refresh()` (objects inserted once, untimed; refresh re-reads every rect and re-indexes the ones that changed) or after ' +
    '`clear()` + `insert(all objects)` (rebuild). quadtree-wasm (10,4), quadtree-js (10,4), rbush and flatbush: their W1 loops ' +
    '(the per-object retrieve/search loop is their way to every pair). detect-collisions: one Box per object, ' +
    '`setPosition()` per frame, `checkAll()`. ' +
    `Warm-up ${[...new Set(sizes.map(mode.warmup))].join('/')} frames, then up to ${[...new Set(sizes.map(mode.frames))].join('/')} measured frames. ` +
    'Ratios: median / the named quadtree-wasm pairs() path\'s median at the same N, in this run (>1 = slower).',
    '', w2Table(results.w2),
    '', '### Against the targets', '',
    'Each refresh path\'s frame split into `refresh()` and `pairs()`, and each peer\'s median over it (the issue\'s ' +
    'targets: ≥ 100× quadtree-js (10,4), ≥ 20× flatbush, at 10,000 and 50,000).', '', w2Summary(results.w2));
}
if (results.w3.length) {
  md.push('', `## W3: static scene, window queries (µs per query)`, '',
    'Index built once (build ms: a single cold build), then every query returns its exact hits (the engine\'s ' +
    `own search, then the strict test where the engine's search is inclusive or returns candidates). Median of up to ${mode.w3.passes} passes.`,
    '', `### ${SMALL.width}×${SMALL.height} windows`, '', w3Table(results.w3, 'small'),
    '', `### ${VIEWPORT.width}×${VIEWPORT.height} viewports`, '', w3Table(results.w3, 'viewport'));
}
if (results.w4.length) {
  md.push('', `## W4: ${Math.round(W4_MOVING * 100)} % of objects move per frame (ms per frame)`, '',
    `The W1 scene, but each frame moves only a fresh seeded ${Math.round(W4_MOVING * 100)} % of the objects (the rest stay put). ` +
    'quadtree-wasm `refresh()` + `pairs()` (objects inserted once) against `clear()` + `insert(all objects)` + `pairs()`, ' +
    `for each tree. Warm-up ${[...new Set(sizes.map(mode.warmup))].join('/')} frames, then up to ${[...new Set(sizes.map(mode.frames))].join('/')} measured frames.`,
    '', w4Table(results.w4),
    '', '### Refresh against rebuild', '',
    'rebuild ÷ refresh: how many times cheaper the refresh path is (target ≥ 5×).', '', w4Summary(results.w4));
}
if (results.w5.length) {
  md.push('', '## W5: the tutorial tree (ms per frame)', '',
    'quadtree-wasm\'s `QuadTree` against `ReferenceQuadTree` (tests/support/tutorial-reference.mjs: the same rules in plain ' +
    'JavaScript), both with the tutorial\'s maxObjects 10 and maxLevels 5. The loop: `clear()`, `insert(all objects)`, then ' +
    '`findObjects([], obj)` per object, the strict test on its candidates, each colliding pair counted once (W1\'s scene and frames). ' +
    `Then W4's scene (${Math.round(W4_MOVING * 100)} % of the objects move per frame): \`refresh()\` (objects inserted once) or ` +
    '`clear()` + `insert(all objects)`, then the same findObjects loop. ' +
    `Warm-up ${[...new Set(sizes.map(mode.warmup))].join('/')} frames, then up to ${[...new Set(sizes.map(mode.frames))].join('/')} measured frames.`,
    '', '### The tutorial loop', '', w5Table(results.w5, 'w5'),
    '', `### ${Math.round(W4_MOVING * 100)} % moving: refresh() or clear() + insert(), then the loop`, '', w5Table(results.w5, 'w5r'),
    '', '### Against the targets', '',
    'The reference\'s loop over quadtree-wasm\'s (target ≥ 3× at 10,000), and clear()+insert() over refresh() on the update ' +
    'alone (target ≥ 3×).', '', w5Summary(results.w5));
}
const notes = skippedNotes([...results.w1, ...results.w2, ...results.w4, ...results.w5]);
if (notes.length) md.push('', '## Skipped', '', ...notes);
md.push('', '## Correctness', '', ...results.checks.map((c) => '- ' + c), '');
const text = md.join('\n');

console.log('\n' + text);
// An A/B run is a comparison, not the published figures: it writes nothing.
if (value('baseline')) process.exit(0);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'latest.md'), text);
writeFileSync(join(outDir, 'latest.json'), JSON.stringify({
  mode: modeName, args, seed, sizes, started: started.toISOString(), env,
  w1: results.w1, w2: results.w2, w3: results.w3, w4: results.w4, w5: results.w5, checks: results.checks,
}, null, 1) + '\n');
if (results.w1.length) writeFileSync(join(outDir, 'w1.svg'), w1Svg(results.w1) + '\n');
if (results.w2.length) writeFileSync(join(outDir, 'w2.svg'), w2Svg(results.w2) + '\n');
const wrote = ['latest.md', 'latest.json', results.w1.length ? 'w1.svg' : null, results.w2.length ? 'w2.svg' : null];
console.log(`wrote ${wrote.filter(Boolean).map((f) => join('bench/results', f)).join(', ')}`);
