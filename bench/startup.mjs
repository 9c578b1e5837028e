// Start-up of every dist entry, as a user meets it: from the moment its code starts to run to the
// end of a first `new Quadtree` + `insert` + `retrieve`, median of fresh starts:
// - Node: a new process per start; `require` (the .js and .cjs files) or `import` (.mjs) of the
//   file, then the first use.
// - Chromium, Firefox and WebKit: a new page per start (tests/support/browsers.mjs); the file's
//   text is fetched first (the download is not the start), then run as its users run it: a
//   classic file as a script element (which runs as it is inserted), a module by import() of a
//   blob URL. The quadtree-ts files' first use is theirs (a Rectangle).
// With --dist=A,B (two builds' dist dirs) each start of one runs beside a start of the other, in
// turn, so that a busy machine slows both alike; each gets a column.
// Writes bench/results/startup.md. Usage: node bench/startup.mjs [--starts=N] [--engines=node,chromium]
// [--entries=quadtree.js,quadtree-ts.js] [--dist=DIR[,DIR]]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { available, launch } from '../tests/support/browsers.mjs';
import { startStaticServer } from '../tests/support/static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const STARTS = Number(arg('starts', 9));
const DISTS = arg('dist', join(root, 'dist')).split(',').map((d) => resolve(d));
const ENGINES = arg('engines', 'node,chromium,firefox,webkit').split(',');
// Every file a user loads: how (require / import / script / module) and which API it has.
const ENTRIES = [
  { file: 'quadtree.js', node: 'require', page: 'script', api: 'js' },
  { file: 'quadtree.mjs', node: 'import', page: 'module', api: 'js' },
  { file: 'quadtree.csp.js', node: 'require', page: 'script', api: 'js' },
  { file: 'quadtree.csp.mjs', node: 'import', page: 'module', api: 'js' },
  // quadtree-ts's drop-in and its plus entry, each file as its users load it
  ...['quadtree-ts', 'quadtree-ts-plus'].flatMap((name) => ['', '.csp'].flatMap((csp) => [
    { file: `${name}${csp}.js`, node: null, page: 'script', api: 'ts' },
    { file: `${name}${csp}.cjs`, node: 'require', page: null, api: 'ts' },
    { file: `${name}${csp}.mjs`, node: 'import', page: 'module', api: 'ts' },
  ])),
].filter((e) => !arg('entries') || arg('entries').split(',').includes(e.file));

// The first use, on the entry's exports `lib` (quadtree-js's API, or quadtree-ts's).
const FIRST_USE = {
  js: `const t = new lib.Quadtree({ x: 0, y: 0, width: 100, height: 100 });
    t.insert({ x: 1, y: 1, width: 2, height: 2 });
    if (t.retrieve({ x: 1, y: 1, width: 1, height: 1 }).length !== 1) throw new Error('wrong answer');`,
  ts: `const t = new lib.Quadtree({ width: 100, height: 100 });
    const r = new lib.Rectangle({ x: 1, y: 1, width: 2, height: 2 });
    t.insert(r);
    if (t.retrieve(r).length !== 1) throw new Error('wrong answer');`,
};

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function nodeStart(dist, entry) {
  const path = join(dist, entry.file);
  const load = entry.node === 'require'
    ? `const m = require(${JSON.stringify(path)});`
    : `const m = await import(${JSON.stringify(pathToFileURL(path).href)});`;
  const lib = entry.api === 'ts' ? 'm' : entry.node === 'require' ? '{ Quadtree: m }' : 'm';
  const code = `const t0 = performance.now(); ${load} const lib = ${lib}; { ${FIRST_USE[entry.api]} } console.log(performance.now() - t0);`;
  const type = entry.node === 'require' ? 'commonjs' : 'module';
  return Number(execFileSync(process.execPath, [`--input-type=${type}`, '-e', code], { encoding: 'utf8' }).trim());
}

// Runs in the page: fetches the file, then times running it and the first use.
async function pageStart({ url, kind, api, use }) {
  const code = await (await fetch(url)).text();
  if (kind === 'script') {
    const s = document.createElement('script');
    s.textContent = code;
    const t0 = performance.now();
    document.head.appendChild(s);
    const lib = api === 'ts' ? { Quadtree: window.Quadtree, Rectangle: window.Quadtree.Rectangle } : { Quadtree: window.Quadtree };
    new Function('lib', use)(lib);
    return performance.now() - t0;
  }
  const blob = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const t0 = performance.now();
  const lib = await import(blob);
  new Function('lib', use)(lib);
  return performance.now() - t0;
}

// STARTS starts of `entry` in each build, in turn; a row per build.
async function starts(engine, entry, start) {
  const times = DISTS.map(() => []);
  for (let k = 0; k < STARTS; k++) {
    for (let d = 0; d < DISTS.length; d++) times[d].push(await start(d));
  }
  return DISTS.map((dist, d) => {
    console.log(`${engine} ${entry.file} (${dist}): ${median(times[d]).toFixed(1)} ms (${times[d].map((t) => t.toFixed(1)).join(' ')})`);
    return { engine, entry: entry.file, dist: d, ms: median(times[d]), times: times[d] };
  });
}

async function browserStarts(engine, server) {
  const browser = await launch(engine);
  const rows = [];
  try {
    for (const entry of ENTRIES.filter((e) => e.page)) {
      rows.push(...await starts(engine, entry, async (d) => {
        const page = await browser.open(server.url('/blank.html'));
        try {
          const arg = { url: server.url(`/dist${d}/${entry.file}`), kind: entry.page, api: entry.api, use: FIRST_USE[entry.api] };
          return await page.evaluate(`(${pageStart})(${JSON.stringify(arg)})`);
        } finally {
          await page.close();
        }
      }));
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const rows = [];
if (ENGINES.includes('node')) {
  for (const entry of ENTRIES.filter((e) => e.node)) rows.push(...await starts('node', entry, async (d) => nodeStart(DISTS[d], entry)));
}
const browsers = ENGINES.filter((e) => e !== 'node' && available(e));
if (browsers.length) {
  const blank = join(root, 'bench', 'results', 'blank.html');
  mkdirSync(dirname(blank), { recursive: true });
  writeFileSync(blank, '<!doctype html><meta charset="utf-8"><title>start-up</title>');
  const server = await startStaticServer({ ...Object.fromEntries(DISTS.map((dist, d) => [`/dist${d}/`, dist])), '/blank.html': blank });
  try {
    for (const engine of browsers) rows.push(...await browserStarts(engine, server));
  } finally {
    await server.close();
  }
}

// The table: an entry (in each build) a row, an engine a column; with each file's size, gzipped
// (zlib, gzip -9).
const engines = [...new Set(rows.map((r) => r.engine))];
const gzip9 = (path) => execFileSync('gzip', ['-9c', path]).length;
const lines = [
  '# Start-up: code running to a first new Quadtree + insert + retrieve', '',
  `${new Date().toISOString()} · Node ${process.version} · \`node ${process.argv.slice(1).join(' ').replace(root + '/', '')}\` · median of ${STARTS} fresh starts (ms)`,
  ...(DISTS.length > 1 ? ['', ...DISTS.map((dist, d) => `build ${d}: ${dist}`)] : []), '',
  `| file | gzipped (zlib / gzip -9) | ${engines.join(' | ')} |`, `|---|---:|${engines.map(() => '---:').join('|')}|`,
];
for (const entry of ENTRIES) {
  DISTS.forEach((dist, d) => {
    const path = join(dist, entry.file);
    const size = `${gzipSync(readFileSync(path)).length.toLocaleString('en')} / ${gzip9(path).toLocaleString('en')}`;
    const cells = engines.map((e) => rows.find((r) => r.engine === e && r.entry === entry.file && r.dist === d)?.ms.toFixed(1) ?? '');
    lines.push(`| ${entry.file}${DISTS.length > 1 ? ` (build ${d})` : ''} | ${size} | ${cells.join(' | ')} |`);
  });
}
const out = join(root, 'bench', 'results', 'startup.md');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, lines.join('\n') + '\n');
console.log(`\n${lines.join('\n')}\n\nwrote bench/results/startup.md`);
