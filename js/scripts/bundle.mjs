// Wraps each Emscripten glue with the facade into dist/: quadtree.js (classic script, Worker,
// require) and quadtree.mjs (ES module). Usage: node js/scripts/bundle.mjs <build dir> [<out dir>]
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { minify } from 'terser';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = process.argv[2] || join(root, 'build-wasm');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// The facade: js/lib files in this order form the body of one function of the native module.
const parts = ['session.js', 'quadtree.js', 'advanced.js', 'linear.js'];
const source = `function defineQuadtree(native) {
'use strict';
${parts.map((f) => readFileSync(join(root, 'js', 'lib', f), 'utf8')).join('\n')}
Quadtree.LinearQuadtree = LinearQuadtree;
return Quadtree;
}`;
// Minified, but with the public names kept: they are the API (and quadtree-js's field names).
const keep = /^(Quadtree|LinearQuadtree|PairList)$/; // names users see in the console
const facade = (await minify(source, { compress: { passes: 2 }, mangle: true, keep_fnames: keep })).code;
const banner = `/*! ${pkg.name} ${pkg.version} | MIT | a drop-in for @timohausmann/quadtree-js, in WebAssembly */\n`;

// Emscripten appends its own export lines after the factory; ours replace them. The ES-module
// glue also names its .wasm file as `new URL(..., import.meta.url)`, which bundlers such as Vite
// would try to resolve as an asset: the wasm is handed in as `wasmBinary` instead, so that URL is
// never used, and goes.
function glue(file) {
  let text = readFileSync(join(build, file), 'utf8');
  const end = text.lastIndexOf('})();');
  if (end < 0) throw new Error(`${file}: no factory found`);
  text = text.slice(0, end + '})();'.length);
  const url = `new URL("${wasmName(file)}",import.meta.url)`;
  if (file.endsWith('.mjs') && !text.includes(url)) throw new Error(`${file}: no ${url} found`);
  return text.replace(url, '""');
}
const wasmName = (file) => file.replace(/\.m?js$/, '.wasm');

// The wasm goes in LZMA-compressed (xz's raw LZMA1 at its strongest preset: about 20 % smaller
// than deflate on wasm), as base64, which gzip then codes at about 6 bits a character, so the
// file costs about what the packed wasm does; js/lib/lzma.js unpacks it synchronously before the
// factory compiles it. lc/lp/pb are the stream's literal and position bits (none is stored in a
// raw stream), the best of a few settings.
// Flavours that share a wasm (the classic and ES-module glue) share its packing.
const packed = new Map();
function packedWasm(file) {
  const path = join(build, wasmName(file));
  const wasm = readFileSync(path), key = wasm.toString('base64');
  if (!packed.has(key)) packed.set(key, packWasm(path, wasm.length));
  return packed.get(key);
}
function packWasm(path, size) {
  let best = null;
  for (const [lc, lp, pb] of [[3, 0, 2], [1, 0, 0], [0, 0, 0], [4, 0, 0]]) {
    let z;
    try {
      z = execFileSync('xz', ['--format=raw', `--lzma1=preset=9e,lc=${lc},lp=${lp},pb=${pb}`, '-c', path]);
    } catch (e) {
      throw new Error(`bundle: packing the wasm needs xz (apt-get install xz-utils): ${e.message}`);
    }
    if (!best || z.length < best.z.length) best = { z, args: `${size}, ${lc}, ${lp}, ${pb}` };
  }
  return `unlzma(base64('${best.z.toString('base64')}'), ${best.args})`;
}
const unpack = (await minify(['lzma.js', 'base64.js'].map((f) => readFileSync(join(root, 'js', 'lib', f), 'utf8')).join('\n'))).code;

// `native` is the embind module, or for the strict-CSP files the plain exports adapted to it.
const cspAdapter = (await minify(readFileSync(join(root, 'js', 'lib', 'csp-native.js'), 'utf8'))).code;
const nativeOf = (file, csp) => {
  const native = `createQuadtreeNative({ wasmBinary: ${packedWasm(file)} })`;
  return csp ? `cspNative(${native})` : native;
};

const classic = (build, csp) => `${banner}(function (root) {
${glue(build)}
${unpack}
${csp ? cspAdapter : ''}
${facade}
var Quadtree = defineQuadtree(${nativeOf(build, csp)});
Quadtree.Quadtree = Quadtree;
Quadtree.default = Quadtree;
if (typeof module === 'object' && module && typeof module.exports === 'object') module.exports = Quadtree;
else root.Quadtree = Quadtree;
})(typeof globalThis !== 'undefined' ? globalThis : typeof self !== 'undefined' ? self : this);
`;

const esm = (build, csp) => `${banner}${glue(build)}
${unpack}
${csp ? cspAdapter : ''}
${facade}
const Quadtree = defineQuadtree(${nativeOf(build, csp)});
const LinearQuadtree = Quadtree.LinearQuadtree;
export { Quadtree, LinearQuadtree };
export default Quadtree;
`;

const dist = process.argv[3] || join(root, 'dist'); // an output dir other than dist/: for comparisons
mkdirSync(dist, { recursive: true });
const outputs = {
  'quadtree.js': classic('qt_classic.js', false),
  'quadtree.mjs': esm('qt_esm.mjs', false),
  'quadtree.csp.js': classic('qt_csp_classic.js', true),
  'quadtree.csp.mjs': esm('qt_csp_esm.mjs', true),
};
// A last terser pass over each whole file: the glue (closure output), the adapters and the
// wrappers around them shrink a little more together (about 0.3 KB gzipped).
const options = { compress: { passes: 2 }, mangle: true, keep_fnames: keep, format: { comments: /^!/ } };
for (const [file, text] of Object.entries(outputs)) {
  const { code } = await minify(text, { ...options, module: file.endsWith('.mjs') });
  writeFileSync(join(dist, file), code + '\n');
}
// Tests only: the same classic file around the wasm with a 32 MB memory ceiling.
writeFileSync(join(build, 'quadtree.capped.js'), classic('qt_capped.js', false));
const types = join(root, 'js', 'types');
for (const file of ['quadtree-types.d.ts', 'quadtree.d.ts', 'quadtree.d.mts']) copyFileSync(join(types, file), join(dist, file));
copyFileSync(join(types, 'quadtree.d.ts'), join(dist, 'quadtree.csp.d.ts'));
copyFileSync(join(types, 'quadtree.d.mts'), join(dist, 'quadtree.csp.d.mts'));
console.log(`dist/ written: ${Object.keys(outputs).join(', ')}`);
