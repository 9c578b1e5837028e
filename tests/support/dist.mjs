// The dist entries every conformance suite runs against: the one list. Each entry is loaded the
// way its users load it (require for the classic files, import for the ES modules); the CSP files
// are the builds without embind, with the same API.
//
//   import { DIST_ENTRIES, loadEntries } from '../support/dist.mjs';
//   const LIBS = await loadEntries();                 // [{ entry, Quadtree, LinearQuadtree, exports }]
//   describe.each(byName(LIBS))('dist/%s', (name, { Quadtree }) => { ... });
//
// DIST=quadtree.csp.js (a comma-separated list of names) narrows a run to some entries.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(ROOT, 'dist');

/**
 * name: the file in dist/; load: how users load it in Node; csp: built without embind (no run-time
 * code generation); script: also a classic script for <script src> and importScripts.
 */
export const DIST_ENTRIES = Object.freeze([
  { name: 'quadtree.js', load: 'require', csp: false, script: true },
  { name: 'quadtree.mjs', load: 'import', csp: false, script: false },
  { name: 'quadtree.csp.js', load: 'require', csp: true, script: true },
  { name: 'quadtree.csp.mjs', load: 'import', csp: true, script: false },
].map((e) => Object.freeze({ ...e, path: join(DIST, e.name) })));

const require = createRequire(import.meta.url);

/**
 * How many of a suite's `n` seeds an entry runs. A bundle is written out as two or three wrappers
 * of the same code (the ES module, the CommonJS file, the classic script): the seeded suites run
 * in full on its ES module, and on the other wrappers a smoke run of a twentieth of the seeds,
 * enough to show that the wrapper loads and answers as the module does. QUICK=1 (npm run
 * test:quick) makes every entry a smoke run.
 * @param {{ name: string }} entry @param {number} n
 */
export function seedsFor(entry, n) {
  return isSmoke(entry) ? Math.max(1, Math.ceil(n / 20)) : n;
}

/** Whether an entry gets the smoke run of the seeded suites (seedsFor). @param {{ name: string }} entry */
export function isSmoke(entry) {
  return process.env.QUICK === '1' || !entry.name.endsWith('.mjs');
}

/** The entries this run covers: all of them, or those named in DIST (which must name one of
 * DIST_ENTRIES; a quadtree-ts suite runs none when DIST names only the main files). */
export function selectedEntries(entries = DIST_ENTRIES) {
  const only = process.env.DIST ? new Set(process.env.DIST.split(',').map((s) => s.trim())) : null;
  const out = only ? entries.filter((e) => only.has(e.name)) : [...entries];
  if (only && out.length === 0 && entries === DIST_ENTRIES) throw new Error(`DIST=${process.env.DIST} names no dist entry (${entries.map((e) => e.name).join(', ')})`);
  return out;
}

/** Loads one entry as its users do; returns { entry, Quadtree, LinearQuadtree, exports }. */
export async function loadEntry(entry) {
  if (!existsSync(entry.path)) throw new Error(`dist/${entry.name} is missing: run \`npm run build\` first`);
  const exports = entry.load === 'require' ? require(entry.path) : await import(pathToFileURL(entry.path).href);
  const Quadtree = entry.load === 'require' ? exports : exports.default;
  if (typeof Quadtree !== 'function') throw new Error(`dist/${entry.name} exports no Quadtree class`);
  if (exports.Quadtree !== Quadtree) throw new Error(`dist/${entry.name}: the named Quadtree export is not the class`);
  return { entry, Quadtree, LinearQuadtree: exports.LinearQuadtree, exports };
}

/** Every selected entry, loaded. */
export async function loadEntries(entries = selectedEntries()) {
  const out = [];
  for (const e of entries) out.push(await loadEntry(e));
  return out;
}

/** [name, lib] pairs for describe.each(...)('dist/%s', (name, lib) => ...). */
export const byName = (libs) => libs.map((lib) => [lib.entry.name, lib]);

/**
 * The quadtree-ts drop-in's files (package export `./quadtree-ts`), each loaded as its users load
 * it: require (the CommonJS file), import (the ES module), and the classic script run as a page
 * runs it, whose global `Quadtree` carries the shapes as static members; and the same three
 * without embind (package export `./quadtree-ts/csp`). Then the same six of the plus entry
 * (`./quadtree-ts-plus`, `./quadtree-ts-plus/csp`: `plus`), the drop-in with the exact calls.
 */
const TS_FILES = [
  { name: 'quadtree-ts.cjs', load: 'require' },
  { name: 'quadtree-ts.mjs', load: 'import' },
  { name: 'quadtree-ts.js', load: 'script' },
  { name: 'quadtree-ts.csp.cjs', load: 'require' },
  { name: 'quadtree-ts.csp.mjs', load: 'import' },
  { name: 'quadtree-ts.csp.js', load: 'script' },
];
export const TS_ENTRIES = Object.freeze([
  ...TS_FILES.map((e) => ({ ...e, plus: false })),
  ...TS_FILES.map((e) => ({ ...e, name: e.name.replace('quadtree-ts', 'quadtree-ts-plus'), plus: true })),
].map((e) => Object.freeze({ ...e, path: join(DIST, e.name) })));

/** Loads one quadtree-ts entry; returns { entry, Quadtree, Rectangle, Circle, Line, exports }. */
export async function loadTsEntry(entry) {
  if (!existsSync(entry.path)) throw new Error(`dist/${entry.name} is missing: run \`npm run build\` first`);
  let exports;
  if (entry.load === 'script') {
    // As a page runs it, but in a scope of its own: its top-level `var Quadtree` stays there.
    const Q = new Function(`${readFileSync(entry.path, 'utf8')}\nreturn Quadtree;`)();
    exports = { Quadtree: Q, Rectangle: Q.Rectangle, Circle: Q.Circle, Line: Q.Line };
  } else {
    exports = entry.load === 'require' ? require(entry.path) : await import(pathToFileURL(entry.path).href);
  }
  const { Quadtree, Rectangle, Circle, Line } = exports;
  for (const [k, v] of Object.entries({ Quadtree, Rectangle, Circle, Line })) {
    if (typeof v !== 'function') throw new Error(`dist/${entry.name} has no ${k} class`);
  }
  return { entry, Quadtree, Rectangle, Circle, Line, exports };
}

/** Every selected quadtree-ts entry, loaded. */
export async function loadTsEntries(entries = selectedEntries(TS_ENTRIES)) {
  const out = [];
  for (const e of entries) out.push(await loadTsEntry(e));
  return out;
}
