// Where a start goes, phase by phase, in Node and in each browser (the profile behind
// bench/README.md's start-up section): the embedded decoder compiled and instantiated, the core's
// base64 decoded into its memory, the LZMA unpacked, the core compiled. The glue's own start is
// what bench/startup.mjs measures beyond these. Median of --starts=N fresh pages (or processes).
// Usage: node bench/studies/startup-phases.mjs [--starts=9] [--file=quadtree.js] [--engines=node,chromium,firefox,webkit]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { available, launch } from '../../tests/support/browsers.mjs';
import { startStaticServer } from '../../tests/support/static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const STARTS = Number(arg('starts', 9));
const FILE = arg('file', 'quadtree.js');
const ENGINES = arg('engines', 'node,chromium,firefox,webkit').split(',');

// Runs where it is evaluated (a page, or a Node process): the phases of js/src/wasm/lzma.js and
// native.js's load(), on the dist file's text.
async function phases(src) {
  const m = /text:["']([^"']+)["'],size:(\d+),lc:(\d),lp:(\d),pb:(\d),decoder:["']([^"']+)["']/.exec(src);
  const now = () => performance.now();
  const out = {};
  let t = now();
  const bin = atob(m[6]);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
  const text = m[1], size = +m[2], lc = +m[3], lp = +m[4], pb = +m[5];
  const base = exports.__heap_base.value;
  const at = (base + 7) & ~7, o = (at + text.length + 7) & ~7, probs = (o + size + 7) & ~7;
  const end = probs + 2 * (1846 + (0x300 << (lc + lp)));
  exports.memory.grow(Math.ceil((end - exports.memory.buffer.byteLength) / 65536));
  const heap = new Uint8Array(exports.memory.buffer);
  out.decoder = now() - t; t = now();
  new TextEncoder().encodeInto(text, heap.subarray(at, o));
  const length = exports.base64(at, text.length, at);
  out.base64 = now() - t; t = now();
  if (exports.unlzma(at, length, o, size, probs, lc, lp, pb) !== 0) throw new Error('unlzma failed');
  out.unlzma = now() - t; t = now();
  new WebAssembly.Module(heap.subarray(o, o + size));
  out.compile = now() - t;
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = [];
const keys = ['decoder', 'base64', 'unlzma', 'compile']; // (a WebDriver hands the object back in another order)
function report(engine, runs) {
  const row = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))]));
  rows.push([engine, row]);
  console.log(engine, keys.map((k) => `${k} ${row[k].toFixed(1)}`).join(', '), 'ms');
}

const path = join(root, 'dist', FILE);
if (ENGINES.includes('node')) {
  const dir = mkdtempSync(join(tmpdir(), 'phases-'));
  const script = join(dir, 'run.mjs');
  writeFileSync(script, `import { readFileSync } from 'node:fs';\nconst phases = ${phases};\n` +
    `console.log(JSON.stringify(await phases(readFileSync(${JSON.stringify(path)}, 'utf8'))));\n`);
  report('node', Array.from({ length: STARTS }, () => JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' }))));
}
const browsers = ENGINES.filter((e) => e !== 'node' && available(e));
if (browsers.length) {
  const blank = join(mkdtempSync(join(tmpdir(), 'phases-')), 'blank.html');
  writeFileSync(blank, '<!doctype html><meta charset="utf-8"><title>phases</title>');
  const server = await startStaticServer({ '/dist/': join(root, 'dist'), '/blank.html': blank });
  try {
    for (const engine of browsers) {
      const browser = await launch(engine);
      const runs = [];
      try {
        for (let k = 0; k < STARTS; k++) {
          const page = await browser.open(server.url('/blank.html'));
          try {
            runs.push(await page.evaluate(`fetch(${JSON.stringify(server.url(`/dist/${FILE}`))}).then((r) => r.text()).then(${phases})`));
          } finally {
            await page.close();
          }
        }
      } finally {
        await browser.close();
      }
      report(engine, runs);
    }
  } finally {
    await server.close();
  }
}
console.log(`\n| ${FILE} | ${keys.join(' | ')} |\n|---|${keys.map(() => '---:').join('|')}|`);
for (const [engine, row] of rows) console.log(`| ${engine} | ${keys.map((k) => row[k].toFixed(1)).join(' | ')} |`);
