// Bundles the facade (js/src, ES modules) with each Emscripten glue into dist/ (every module of
// the facade is kept whole: package.json's sideEffects: false is for our users' bundlers):
//   quadtree.js      classic script: <script src>, Worker importScripts, require()
//   quadtree.mjs     ES module: import, bundlers
//   quadtree.csp.js  the same two without embind, for pages whose CSP forbids run-time code
//   quadtree.csp.mjs
//   quadtree-ts.js   the quadtree-ts drop-in (js/src/ts): classic script, the global Quadtree
//   quadtree-ts.cjs  require('quadtree-wasm/quadtree-ts')
//   quadtree-ts.mjs  import
//   quadtree-ts.csp.js, .csp.cjs, .csp.mjs: the same three without embind
//   quadtree-ts-plus.*  the same six with the exact calls (js/src/ts/plus-index.js)
//   quadtree-phaser.mjs, .cjs, .csp.mjs, .csp.cjs: the Phaser plug-in (js/src/engines/phaser), which
//                    imports the main entry's file beside it; quadtree-phaser.js, a classic script
//                    that reads the global Quadtree (either classic file, loaded before it)
//   quadtree-melonjs.mjs, .csp.mjs: the melonJS plug-in (js/src/engines/melonjs), likewise
//   quadtree-bulk.mjs, .js: BulkRects (js/src/bulk), import and classic script (the global
//                    BulkRects; require()), on the bulk core without embind (strict CSP too)
//   quadtree-bulk.threads.mjs: the same, pairs() on several threads (the bulk_threads core),
//                    which imports quadtree-bulk.mjs beside it for pages without shared memory
// Usage: node js/scripts/bundle.mjs <build dir> [<out dir>]
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { rolldown } from 'rolldown';
import { CORE_LETTERS } from '../src/wasm/abi.js';
import { minify } from 'terser';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = process.argv[2] || join(root, 'build-wasm');
const dist = process.argv[3] || join(root, 'dist'); // another output dir: for comparisons
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const banner = (original) => `/*! ${pkg.name} ${pkg.version} | MIT | a drop-in for ${original}, in WebAssembly */`;

// The wasm goes in LZMA-compressed (xz's raw LZMA1 at its strongest preset: about 20 % smaller
// than deflate on wasm), as base64, which gzip then codes at about 6 bits a character, so the
// file costs about what the packed wasm does; js/src/wasm/lzma.js unpacks it at load time with the
// decoder module (cpp/wasm/unlzma.cpp, built beside the core), embedded as base64 too. lc/lp/pb are
// the stream's literal and position bits (a raw stream stores none), the best of a few.
function packWasm(path) {
  const size = readFileSync(path).length;
  let best = null;
  for (const [lc, lp, pb] of [[3, 0, 2], [4, 0, 0], [3, 0, 0], [2, 0, 0], [1, 0, 0], [0, 0, 0]]) {
    let z;
    try {
      z = execFileSync('xz', ['--format=raw', `--lzma1=preset=9e,lc=${lc},lp=${lp},pb=${pb}`, '-c', path]);
    } catch (e) {
      throw new Error(`bundle: packing the wasm needs xz (apt-get install xz-utils): ${e.message}`, { cause: e });
    }
    if (!best || z.length < best.z.length) best = { z, lc, lp, pb };
  }
  const decoder = readFileSync(join(build, 'unlzma.wasm')).toString('base64');
  return `export const wasm = { text: '${best.z.toString('base64')}', size: ${size}, lc: ${best.lc}, lp: ${best.lp}, pb: ${best.pb}, decoder: '${decoder}' };`;
}

// The modules the facade imports by name (js/src/wasm/native.js): the glue, the packed wasm, how
// the calls are found in that build, and which core it is: a flavour is `<core>_<binding>`
// (`embind`, `csp`: the rects core's) or `capped` (every kind), the core's letter from abi.h's
// QT_CORES (CORE_LETTERS; '' for every kind).
function wasmModules(flavour) {
  const glue = join(build, `qt_${flavour}.mjs`);
  const core = flavour === 'capped' ? '' : CORE_LETTERS[flavour.replace(/_?(embind|csp)$/, '') || 'rects'];
  if (core === undefined) throw new Error(`bundle: ${flavour} names no core of cpp/base/abi.h's QT_CORES`);
  return {
    name: 'quadtree-wasm',
    resolveId(id) {
      if (id === 'quadtree-wasm:glue') return glue;
      if (id === 'quadtree-wasm:binding') return join(root, 'js', 'src', 'wasm', flavour.endsWith('csp') ? 'binding-csp.js' : 'binding-embind.js');
      if (id === 'quadtree-wasm:wasm' || id === 'quadtree-wasm:core') return '\0' + id;
      return null;
    },
    load(id) {
      if (id === '\0quadtree-wasm:core') return `export const CORE = '${core}';`;
      return id === '\0quadtree-wasm:wasm' ? packWasm(glue.replace(/\.mjs$/, '.wasm')) : null;
    },
  };
}

// Minified, but with the public names kept: they are the API (and names users see in the console).
// The classes keep their names (`name`, stack traces); so does `obj`: V8's TypeError for a call
// on it quotes the expression (`obj.qtIndex is not a function`), as quadtree-ts's message does.
const terserOptions = (module, preamble) => ({
  module,
  compress: { passes: 2 },
  mangle: { reserved: ['obj', 'Quadtree', 'Rectangle', 'Circle', 'Line'] },
  keep_fnames: /^(Quadtree|LinearQuadtree|QuadTree|PairList)$/,
  keep_classnames: /^(Quadtree|Rectangle|Circle|Line|BulkRects)$/,
  format: { comments: /^!/, preamble },
});

// The classic file is a plain script whose top-level `var Quadtree` (and `var QuadTree`, the
// tutorial tree) are globals of a page or a Worker at once; loaded by require(), the last line
// hands the class (with .QuadTree and .LinearQuadtree on it) to module.exports instead.
const commonJs = "var QuadTree = Quadtree.QuadTree;\n" +
  "if (typeof module === 'object' && module && typeof module.exports === 'object') module.exports = Quadtree;";

async function bundle(entry, flavour, format, footer = commonJs, original = '@timohausmann/quadtree-js', name = 'Quadtree', externals = {}) {
  // (externals: a module id the bundle imports from another dist file, as `id: './file'`)
  const outside = { name: 'quadtree-wasm-externals', resolveId: (id) => (id in externals ? { id: externals[id], external: true } : null) };
  const b = await rolldown({ input: join(root, 'js', 'src', entry), plugins: [outside, wasmModules(flavour)], treeshake: { moduleSideEffects: 'no-external' }, logLevel: 'warn' });
  const options = { es: { format }, cjs: { format, exports: 'named' }, iife: { format, name, exports: 'default', footer } };
  const { output } = await b.generate(options[format]);
  await b.close();
  const { code } = await minify(output[0].code, terserOptions(format === 'es', original ? banner(original) : `/*! ${pkg.name} ${pkg.version} | MIT */`));
  return code + '\n';
}

mkdirSync(dist, { recursive: true });
const outputs = [
  ['quadtree.js', 'main/classic.js', 'embind', 'iife'],
  ['quadtree.mjs', 'main/index.js', 'embind', 'es'],
  ['quadtree.csp.js', 'main/classic.js', 'csp', 'iife'],
  ['quadtree.csp.mjs', 'main/index.js', 'csp', 'es'],
];
for (const [file, entry, flavour, format] of outputs) writeFileSync(join(dist, file), await bundle(entry, flavour, format));
// (Each carries quadtree-ts's core alone: CMakeLists.txt's `ts` targets.)
const tsOutputs = [
  ['quadtree-ts.js', 'ts/classic.js', 'ts_embind', 'iife'],
  ['quadtree-ts.cjs', 'ts/index.js', 'ts_embind', 'cjs'],
  ['quadtree-ts.mjs', 'ts/index.js', 'ts_embind', 'es'],
  ['quadtree-ts.csp.js', 'ts/classic.js', 'ts_csp', 'iife'],
  ['quadtree-ts.csp.cjs', 'ts/index.js', 'ts_csp', 'cjs'],
  ['quadtree-ts.csp.mjs', 'ts/index.js', 'ts_csp', 'es'],
];
// (The plus files carry quadtree-ts's core with the exact index: the `ts_plus` targets.)
for (const [file, entry, flavour, format] of [...tsOutputs]) {
  const plus = entry === 'ts/classic.js' ? 'ts/plus-classic.js' : 'ts/plus-index.js';
  tsOutputs.push([file.replace('quadtree-ts', 'quadtree-ts-plus'), plus, flavour.replace('ts_', 'ts_plus_'), format]);
}
for (const [file, entry, flavour, format] of tsOutputs) writeFileSync(join(dist, file), await bundle(entry, flavour, format, '', '@timohausmann/quadtree-ts'));
// The engine plug-ins: their import of the main entry (js/src/main/index.js) stays an import of the
// main entry's file of the same format (one wasm instance for the plug-in and the user's trees).
async function bundleAddOn(entry, main, format, globalName) {
  const facade = join(root, 'js', 'src', 'main', 'index.js');
  const external = {
    name: 'quadtree-wasm-main',
    resolveId(source, importer) {
      if (importer && join(dirname(importer), source) === facade) return { id: main, external: true };
      return null;
    },
  };
  const b = await rolldown({ input: join(root, 'js', 'src', entry), plugins: [external], logLevel: 'warn' });
  const options = { es: { format }, cjs: { format, exports: 'named' }, iife: { format, name: globalName, exports: 'named', globals: { [main]: 'Quadtree' } } };
  const { output } = await b.generate(options[format]);
  await b.close();
  const { code } = await minify(output[0].code, { ...terserOptions(format === 'es', `/*! ${pkg.name} ${pkg.version} | MIT */`), keep_classnames: true });
  return code + '\n';
}
const addOns = [
  ['quadtree-phaser.mjs', 'engines/phaser/index.js', './quadtree.mjs', 'es'],
  ['quadtree-phaser.cjs', 'engines/phaser/index.js', './quadtree.js', 'cjs'],
  ['quadtree-phaser.csp.mjs', 'engines/phaser/index.js', './quadtree.csp.mjs', 'es'],
  ['quadtree-phaser.csp.cjs', 'engines/phaser/index.js', './quadtree.csp.js', 'cjs'],
  ['quadtree-phaser.js', 'engines/phaser/index.js', './quadtree.js', 'iife', 'QuadtreePhaser'],
  // (melonJS is an ES module only: so is its plug-in)
  ['quadtree-melonjs.mjs', 'engines/melonjs/index.js', './quadtree.mjs', 'es'],
  ['quadtree-melonjs.csp.mjs', 'engines/melonjs/index.js', './quadtree.csp.mjs', 'es'],
];
for (const [file, entry, main, format, globalName] of addOns) writeFileSync(join(dist, file), await bundleAddOn(entry, main, format, globalName));
// The bulk path, on its own core (no embind: its few calls need none).
const bulkFooter = "if (typeof module === 'object' && module && typeof module.exports === 'object') module.exports = BulkRects;";
const bulkOutputs = [
  ['quadtree-bulk.mjs', 'bulk/index.js', 'bulk_csp', 'es'],
  ['quadtree-bulk.js', 'bulk/classic.js', 'bulk_csp', 'iife'],
];
for (const [file, entry, flavour, format] of bulkOutputs) writeFileSync(join(dist, file), await bundle(entry, flavour, format, bulkFooter, '', 'BulkRects'));
// The threaded build: an ES module on the shared-memory core, which imports the file above for
// pages that cannot share memory (not cross-origin isolated).
bulkOutputs.push(['quadtree-bulk.threads.mjs', 'bulk/threads-index.js', 'bulk_threads_csp', 'es']);
writeFileSync(join(dist, 'quadtree-bulk.threads.mjs'),
  await bundle('bulk/threads-index.js', 'bulk_threads_csp', 'es', '', '', 'BulkRects', { 'quadtree-wasm:single': './quadtree-bulk.mjs' }));
// Tests only: the classic files around the wasm with a 32 MB memory ceiling.
writeFileSync(join(build, 'quadtree.capped.js'), await bundle('main/classic.js', 'capped', 'iife'));
writeFileSync(join(build, 'quadtree-bulk.capped.js'), await bundle('bulk/classic.js', 'capped', 'iife', bulkFooter, '', 'BulkRects'));

const types = join(root, 'js', 'types');
for (const file of ['quadtree-types.d.ts', 'quadtree.d.ts', 'quadtree.d.mts']) copyFileSync(join(types, file), join(dist, file));
copyFileSync(join(types, 'quadtree.d.ts'), join(dist, 'quadtree.csp.d.ts'));
copyFileSync(join(types, 'quadtree.d.mts'), join(dist, 'quadtree.csp.d.mts'));
copyFileSync(join(types, 'quadtree-ts.d.ts'), join(dist, 'quadtree-ts.d.ts'));
for (const file of ['quadtree-ts.d.mts', 'quadtree-ts.csp.d.ts', 'quadtree-ts.csp.d.mts']) copyFileSync(join(types, 'quadtree-ts.d.ts'), join(dist, file));
for (const file of ['quadtree-ts-plus.d.ts', 'quadtree-ts-plus.d.mts', 'quadtree-ts-plus.csp.d.ts', 'quadtree-ts-plus.csp.d.mts']) {
  copyFileSync(join(types, 'quadtree-ts-plus.d.ts'), join(dist, file));
}
for (const file of ['quadtree-phaser.d.ts', 'quadtree-phaser.d.mts']) copyFileSync(join(types, 'quadtree-phaser.d.ts'), join(dist, file));
copyFileSync(join(types, 'quadtree-melonjs.d.ts'), join(dist, 'quadtree-melonjs.d.mts'));
for (const file of ['quadtree-bulk.d.ts', 'quadtree-bulk.d.mts']) copyFileSync(join(types, 'quadtree-bulk.d.ts'), join(dist, file));
copyFileSync(join(types, 'quadtree-bulk-threads.d.ts'), join(dist, 'quadtree-bulk.threads.d.mts'));
console.log(`dist/ written: ${[...outputs, ...tsOutputs, ...addOns, ...bulkOutputs].map(([f]) => f).join(', ')}`);
