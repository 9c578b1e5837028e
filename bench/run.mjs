// The benchmark suite in Node: `node bench/run.mjs [--quick] [--only=a,b] [--n=1000,5000]
// [--seed=1] [--w1-only | --w3-only]`. Runs W1 (game loop) and W3 (window queries), throws if
// engines disagree on any result, prints markdown tables, and writes bench/results/latest.md,
// latest.json and w1.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { select } from './engines/index.mjs';
import { MODES, runSuite, SMALL, VIEWPORT } from './workloads.mjs';
import { skippedNotes, w1Table, w3Table } from './report.mjs';
import { w1Svg } from './chart.mjs';
import { SPACING, MIN_SIZE, MAX_SIZE, MAX_SPEED } from './scene.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes('--' + name);
const value = (name) => {
  const a = args.find((x) => x.startsWith('--' + name + '='));
  return a === undefined ? undefined : a.slice(name.length + 3);
};
const known = ['quick', 'only', 'n', 'seed', 'w1-only', 'w3-only', 'help'];
for (const a of args) {
  const name = a.replace(/^--/, '').split('=')[0];
  if (!a.startsWith('--') || !known.includes(name)) {
    console.error(`unknown argument ${a}; use --quick, --only=name[,name], --n=N[,N], --seed=S, --w1-only, --w3-only`);
    process.exit(2);
  }
}
if (flag('help')) {
  console.log('node bench/run.mjs [--quick] [--only=engine[,engine]] [--n=N[,N]] [--seed=S] [--w1-only | --w3-only]');
  process.exit(0);
}

const modeName = flag('quick') ? 'quick' : 'full';
const mode = MODES[modeName];
const only = value('only') ? value('only').split(',').filter(Boolean) : [];
let engines;
try {
  engines = select(only);
} catch (err) {
  console.error(err.message);
  process.exit(2);
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
  engines, mode, sizes, seed,
  w1: !flag('w3-only'), w3: !flag('w1-only'),
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
    `Warm-up ${mode.warmup} frames, then up to ${[...new Set(sizes.map(mode.frames))].join('/')} measured frames ` +
    '(fewer when an engine uses up its time budget). Ratios: median / the named quadtree-wasm configuration\'s median at the same N (>1 = slower).',
    '', w1Table(results.w1));
}
if (results.w3.length) {
  md.push('', `## W3: static scene, window queries (µs per query)`, '',
    'Index built once (build ms: a single cold build), then every query returns its exact hits (the engine\'s ' +
    `own search, then the strict test where the engine's search is inclusive or returns candidates). Median of up to ${mode.w3.passes} passes.`,
    '', `### ${SMALL.width}×${SMALL.height} windows`, '', w3Table(results.w3, 'small'),
    '', `### ${VIEWPORT.width}×${VIEWPORT.height} viewports`, '', w3Table(results.w3, 'viewport'));
}
const notes = skippedNotes(results.w1);
if (notes.length) md.push('', '## Skipped', '', ...notes);
md.push('', '## Correctness', '', ...results.checks.map((c) => '- ' + c), '');
const text = md.join('\n');

console.log('\n' + text);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'latest.md'), text);
writeFileSync(join(outDir, 'latest.json'), JSON.stringify({
  mode: modeName, args, seed, sizes, started: started.toISOString(), env,
  w1: results.w1, w3: results.w3, checks: results.checks,
}, null, 1) + '\n');
if (results.w1.length) writeFileSync(join(outDir, 'w1.svg'), w1Svg(results.w1) + '\n');
console.log(`wrote ${['latest.md', 'latest.json', results.w1.length ? 'w1.svg' : null].filter(Boolean).map((f) => join('bench/results', f)).join(', ')}`);
