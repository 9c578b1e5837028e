// The benchmark suite in Node: `node bench/run.mjs [--quick] [--only=a,b] [--n=1000,5000]
// [--scenes=square,wide,…] [--seed=1] [--w1-only] … [--w6-only]`. Runs W1 (game loop), W2 (all
// colliding pairs), W3 (window queries), W4 (10 % of objects move), W5 (the tutorial tree's loop,
// and its refresh() with 10 % moving) and W6 (a new tree every frame), or only the workloads
// named by --wN-only flags (several combine), on the square scene, and W1, W2, W4 and W6 on every
// other scene kind named by --scenes (default: all of them); throws if engines disagree on any
// result, prints markdown tables (first the ratios per scene against the targets), and
// writes bench/results/latest.md, latest.json, w1.svg and w2.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { engines as allEngines, select } from './engines/index.mjs';
import { enginesOf } from './engines/quadtree-wasm.mjs';
import tutorialEngines, { tutorialEnginesOf } from './engines/tutorial.mjs';
import { MAIN_SCENE, MODES, runSuite, SAMPLE_MS, SCENE_WORKLOADS, SMALL, VIEWPORT, W4_MOVING, WARMUP_MS, PREWARM_MAX_N } from './workloads.mjs';
import {
  sceneRatioTables, skippedNotes, w1Table, w2Summary, w2Table, w3Table, w4Summary, w4Table, w5Summary, w5Table, w6Table,
} from './report.mjs';
import { w1Svg, w2Svg } from './chart.mjs';
import { resultsJson } from './results-json.mjs';
import { SPACING, MIN_SIZE, MAX_SIZE, MAX_SPEED, SCENE_KINDS, SCENE_NAMES } from './scene.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes('--' + name);
const value = (name) => {
  const a = args.find((x) => x.startsWith('--' + name + '='));
  return a === undefined ? undefined : a.slice(name.length + 3);
};
const WORKLOADS = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'];
const known = ['quick', 'only', 'n', 'scenes', 'seed', 'baseline', ...WORKLOADS.map((w) => w + '-only'), 'help'];
for (const a of args) {
  const name = a.replace(/^--/, '').split('=')[0];
  if (!a.startsWith('--') || !known.includes(name)) {
    console.error(`unknown argument ${a}; use --quick, --only=name[,name], --n=N[,N], --scenes=kind[,kind], --seed=S, --baseline=DIR, ` +
      '--w1-only, --w2-only, --w3-only, --w4-only, --w5-only, --w6-only');
    process.exit(2);
  }
}
if (flag('help')) {
  console.log('node bench/run.mjs [--quick] [--only=engine[,engine]] [--n=N[,N]] [--scenes=kind[,kind]] [--seed=S] [--baseline=DIR] ' +
    '[--w1-only] [--w2-only] [--w3-only] [--w4-only] [--w5-only] [--w6-only]\n' +
    '  --wN-only flags combine (--w2-only --w4-only runs W2 and W4); without any, every workload runs.\n' +
    `  --scenes picks the scene kinds (${SCENE_NAMES.join(', ')}; default: all). Every workload runs on ${MAIN_SCENE};\n` +
    `  ${SCENE_WORKLOADS.map((w) => w.toUpperCase()).join(', ')} also on each other kind, with fewer measured frames.\n` +
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
const scenes = value('scenes') ? value('scenes').split(',').filter(Boolean) : SCENE_NAMES;
const unknownScenes = scenes.filter((k) => !SCENE_KINDS[k]);
if (unknownScenes.length) {
  console.error(`unknown scene ${unknownScenes.join(', ')}; known: ${SCENE_NAMES.join(', ')}`);
  process.exit(2);
}

// A full GC between engines, so one engine's garbage is not collected on another's clock, then a
// turn of the event loop, so that the FinalizationRegistry callbacks of the trees W6 dropped (which
// free their native trees) run now, not later.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const between = async () => {
  gc();
  await new Promise((resolve) => setImmediate(resolve));
};

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, 'results');

const started = new Date();
const w6Sizes = value('n') ? sizes : mode.w6Sizes;
console.log(`quadtree-wasm benchmark (${modeName}): N = ${sizes.join(', ')} (W6: ${w6Sizes.join(', ')}); ` +
  `scenes: ${scenes.join(', ')}; engines: ${engines.map((e) => e.id).join(', ')}`);
const results = await runSuite({
  engines, mode, sizes, seed, scenes, ...run,
  log: (line) => console.log('  ' + line),
  between,
});
const seconds = (Date.now() - started.getTime()) / 1000;
// The detailed sections: the square scene's (every workload) first, then each other kind's.
const of = (list, kind) => list.filter((r) => (r.scene ?? MAIN_SCENE) === kind);
const main = Object.fromEntries(['w1', 'w2', 'w4', 'w5', 'w6'].map((w) => [w, of(results[w], MAIN_SCENE)]));
// "W + M frames at N = …": warm-up and (at most) measured frames per N.
const perN = (ns, warm = mode.warmup, meas = mode.frames) =>
  ns.map((n) => `${warm(n)} + ${meas(n)} at ${n.toLocaleString('en-US')}`).join(', ');
const framesText = (ns) => `Warm-up + measured frames (fewer measured when an engine uses up its time budget; before them, up to ${PREWARM_MAX_N.toLocaleString('en-US')} objects, each engine runs ${WARMUP_MS} ms of frames on a copy of the scene it then drops): ${perN(ns)}; ` +
  `where an engine's warm-up frames averaged under ${SAMPLE_MS} ms, each measured sample is the mean of as many frames as fill about ${SAMPLE_MS} ms.`;
const otherWarmup = scenes.includes(MAIN_SCENE) && mode.otherWarmup ? mode.otherWarmup : mode.warmup;

const cpu = cpus();
const env = `Node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ` +
  `load average ${loadavg().map((v) => v.toFixed(2)).join(' ')} at the end`;
const md = [
  `# quadtree-wasm benchmark (${modeName} run)`,
  '',
  `${started.toISOString()} · ${env}`,
  '',
  `Command: \`node bench/run.mjs${args.length ? ' ' + args.join(' ') : ''}\` · seed ${seed} · ${Math.round(seconds)} s`,
  '',
  `Scenes: N rects moving up to ${MAX_SPEED} px/frame per axis and bouncing off the walls, seeded. The square scene: ` +
  `${MIN_SIZE}–${MAX_SIZE} px rects in a square world of side √N × ${SPACING} px (constant density: ${SPACING * SPACING} px² per rect); ` +
  `every workload runs on it. The other kinds (${scenes.filter((k) => k !== MAIN_SCENE).join(', ') || 'none in this run'}) run ` +
  `${SCENE_WORKLOADS.map((w) => w.toUpperCase()).join(', ')}, with fewer frames (warm-up + measured: ` +
  `${perN(sizes, otherWarmup, mode.otherFrames)}; W6 ${perN(w6Sizes, otherWarmup, mode.otherFrames)}` +
  `${otherWarmup !== mode.warmup ? '; the square scene ran first and warmed every engine up' : ''}); ` +
  'there W2 takes W1\'s results for the engines whose W2 loop is their W1 loop.',
  'Engines run one after another in this process, each on a fresh copy of the seeded scene, with a full GC between engines.',
];
const ratios = sceneRatioTables(results, scenes, (k) => `The ${k} scene: ${SCENE_KINDS[k].about}.`);
if (ratios) {
  md.push('', '## Ratios per scene, against the issue\'s targets', '',
    'Each ratio divides two medians measured in this run on the same scene and N, one engine after the other (the ' +
    'verdict on each target comes from bench/results/targets.md: `node bench/targets.mjs`, which `npm run bench` runs next, ' +
    'times the two engines of each target side by side, which the machine\'s drift cannot come between): how many times faster quadtree-wasm is ' +
    '(for W4, how many times cheaper refresh() is than a rebuild); above 1, quadtree-wasm is ahead. Targets (issue #15): ' +
    'drop-in loop ≥ 1.5× quadtree-js at 200, ≥ 2× at 1,000, ≥ 4× at 10,000 and ≥ flatbush at 10,000; a tree per frame ≥ 1× ' +
    'quadtree-js at 10 and 50, ≥ 1.5× at 1,000; `new Quadtree(bounds)` refresh() + pairs() with every object moving ≥ 40× ' +
    'quadtree-js\'s loop at 10,000; with 10 % moving, refresh() + pairs() ≥ 4× cheaper than clear() + insert() + pairs() at ' +
    '1,000, 10,000 and 50,000. A target column is empty at an N the issue names no target for; "—": a side did not run.',
    '', ratios);
}
if (main.w1.length) {
  md.push('', '## W1: game loop (ms per frame)', '',
    'Each frame: clear/rebuild the index, insert every object, query with every object, exact strict ' +
    'AABB test on the candidates, count colliding pairs. ' +
    `${framesText(sizes)} ` +
    'Ratios: median / the named quadtree-wasm configuration\'s median at the same N (>1 = slower).',
    '', w1Table(main.w1));
}
if (main.w2.length) {
  md.push('', '## W2: all colliding pairs of the moving scene (ms per frame)', '',
    'The same scene and frames as W1; each engine produces every colliding pair by its fastest path and counts them. ' +
    'quadtree-wasm: `pairs()` (every overlapping pair once, in one native call, as an Int32Array of ids), after ' +
    '`refresh()` (objects inserted once, untimed; refresh re-reads every rect and re-indexes the ones that changed) or after ' +
    '`clear()` + `insert(all objects)` (rebuild). quadtree-wasm (10,4), quadtree-js (10,4), rbush and flatbush: their W1 loops ' +
    '(the per-object retrieve/search loop is their way to every pair). detect-collisions: one Box per object, ' +
    '`setPosition()` per frame, `checkAll()`. ' +
    `${framesText(sizes)} ` +
    'Ratios: median / the named quadtree-wasm pairs() path\'s median at the same N, in this run (>1 = slower).',
    '', w2Table(main.w2),
    '', '### Against the targets', '',
    'Each refresh path\'s frame split into `refresh()` and `pairs()`, and each peer\'s median over it (the issue\'s ' +
    'targets: ≥ 100× quadtree-js (10,4), ≥ 20× flatbush, at 10,000 and 50,000).', '', w2Summary(main.w2));
}
if (results.w3.length) {
  md.push('', `## W3: static scene, window queries (µs per query)`, '',
    'Index built once (build ms: a single cold build), then every query returns its exact hits (the engine\'s ' +
    `own search, then the strict test where the engine's search is inclusive or returns candidates). Median of up to ${mode.w3.passes} passes.`,
    '', `### ${SMALL.width}×${SMALL.height} windows`, '', w3Table(results.w3, 'small'),
    '', `### ${VIEWPORT.width}×${VIEWPORT.height} viewports`, '', w3Table(results.w3, 'viewport'));
}
if (main.w4.length) {
  md.push('', `## W4: ${Math.round(W4_MOVING * 100)} % of objects move per frame (ms per frame)`, '',
    `The W1 scene, but each frame moves only a fresh seeded ${Math.round(W4_MOVING * 100)} % of the objects (the rest stay put). ` +
    'quadtree-wasm `refresh()` + `pairs()` (objects inserted once) against `clear()` + `insert(all objects)` + `pairs()`, ' +
    `for each tree. ${framesText(sizes)}`,
    '', w4Table(main.w4),
    '', '### Refresh against rebuild', '',
    'rebuild ÷ refresh: how many times cheaper the refresh path is (target ≥ 5× for the tuned trees; ≥ 4× for ' +
    '`new Quadtree(bounds)`, the default constructor).', '', w4Summary(main.w4));
}
if (main.w5.length) {
  md.push('', '## W5: the tutorial tree (ms per frame)', '',
    'quadtree-wasm\'s `QuadTree` against `ReferenceQuadTree` (tests/support/tutorial-reference.mjs: the same rules in plain ' +
    'JavaScript), both with the tutorial\'s maxObjects 10 and maxLevels 5. The loop: `clear()`, `insert(all objects)`, then ' +
    '`findObjects([], obj)` per object, the strict test on its candidates, each colliding pair counted once (W1\'s scene and frames). ' +
    `Then W4's scene (${Math.round(W4_MOVING * 100)} % of the objects move per frame): \`refresh()\` (objects inserted once) or ` +
    '`clear()` + `insert(all objects)`, then the same findObjects loop. ' +
    framesText(sizes),
    '', '### The tutorial loop', '', w5Table(main.w5, 'w5'),
    '', `### ${Math.round(W4_MOVING * 100)} % moving: refresh() or clear() + insert(), then the loop`, '', w5Table(main.w5, 'w5r'),
    '', '### Against the targets', '',
    'The reference\'s loop over quadtree-wasm\'s (target ≥ 3× at 10,000), and clear()+insert() over refresh() on the update ' +
    'alone (target ≥ 3×).', '', w5Summary(main.w5));
}
const w6Text = 'Each frame: `const tree = new Quadtree(bounds)` (the default constructor; never disposed, as the tutorial ' +
  'never disposes: the FinalizationRegistry frees each native tree after the program drops it), insert every object, ' +
  'retrieve per object, the exact strict test, count colliding pairs once; the same with quadtree-js\'s ' +
  '`new Quadtree(bounds)` (its defaults, 10 and 4), and with the tutorial `QuadTree` (quadtree-wasm\'s, and ReferenceQuadTree): ' +
  '`new QuadTree(bounds)`, `insert(objects)`, `findObjects([], obj)` per object. W1\'s scene and frames. Between engines ' +
  'a full GC and a turn of the event loop, so that the dropped trees\' finalizers run there, on no engine\'s clock; during an ' +
  'engine\'s frames they cannot run (the frames run in one synchronous loop), so its native memory grows until then.';
if (main.w6.length) {
  md.push('', '## W6: a tree per frame (ms per frame)', '', w6Text,
    `${framesText(w6Sizes)} ` +
    'Ratios: median / the named quadtree-wasm engine\'s median at the same N (>1 = slower).', '', w6Table(main.w6));
}
const others = scenes.filter((k) => k !== MAIN_SCENE);
for (const kind of others) {
  const r = Object.fromEntries(['w1', 'w2', 'w4', 'w6'].map((w) => [w, of(results[w], kind)]));
  if (!r.w1.length && !r.w2.length && !r.w4.length && !r.w6.length) continue;
  md.push('', `## The ${kind} scene`, '', `${SCENE_KINDS[kind].about}. The square scene's W1, W2, W4 and W6 engines, ` +
    `with fewer frames (see the top). ms per frame. ` +
    'W2 rows marked "W1\'s frames" are those engines\' W1 results (their W2 loop is their W1 loop).');
  if (r.w1.length) md.push('', `### W1 (${kind})`, '', w1Table(r.w1));
  if (r.w2.length) md.push('', `### W2 (${kind})`, '', w2Table(r.w2));
  if (r.w4.length) md.push('', `### W4 (${kind})`, '', w4Table(r.w4), '', w4Summary(r.w4));
  if (r.w6.length) md.push('', `### W6 (${kind})`, '', w6Table(r.w6));
}
const notes = skippedNotes([...results.w1, ...results.w2, ...results.w4, ...results.w5, ...results.w6]);
if (notes.length) md.push('', '## Skipped', '', ...notes);
md.push('', '## Correctness', '', ...results.checks.map((c) => '- ' + c), '');
const text = md.join('\n');

console.log('\n' + text);
// An A/B run is a comparison, not the published figures: it writes nothing.
if (value('baseline')) process.exit(0);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'latest.md'), text);
writeFileSync(join(outDir, 'latest.json'), resultsJson({
  mode: modeName, args, seed, sizes, w6Sizes, scenes, started: started.toISOString(), seconds, env,
  w1: results.w1, w2: results.w2, w3: results.w3, w4: results.w4, w5: results.w5, w6: results.w6, checks: results.checks,
}));
if (main.w1.length) writeFileSync(join(outDir, 'w1.svg'), w1Svg(main.w1) + '\n');
if (main.w2.length) writeFileSync(join(outDir, 'w2.svg'), w2Svg(main.w2) + '\n');
const wrote = ['latest.md', 'latest.json', main.w1.length ? 'w1.svg' : null, main.w2.length ? 'w2.svg' : null];
console.log(`wrote ${wrote.filter(Boolean).map((f) => join('bench/results', f)).join(', ')}`);
