// Wraps each Emscripten glue with the facade into dist/: quadtree.js (classic script, Worker,
// require) and quadtree.mjs (ES module). Usage: node js/scripts/bundle.mjs <build dir> [<out dir>]
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync, constants } from 'node:zlib';
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

// The wasm goes in deflate-compressed, as base64 (which gzip then codes at about 6 bits a
// character, so the file costs about what the deflated wasm does), and js/lib/inflate.js unpacks
// it synchronously before the factory compiles it. The smallest of a few zlib settings wins.
function packedWasm(file) {
  const wasm = readFileSync(join(build, wasmName(file)));
  let best = null;
  for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED]) {
    for (const memLevel of [8, 9]) {
      const z = deflateRawSync(wasm, { level: 9, strategy, memLevel });
      if (!best || z.length < best.length) best = z;
    }
  }
  return best.toString('base64');
}
const inflate = (await minify(readFileSync(join(root, 'js', 'lib', 'inflate.js'), 'utf8'))).code;

// `native` is the embind module, or for the strict-CSP files the plain exports adapted to it.
const cspAdapter = (await minify(readFileSync(join(root, 'js', 'lib', 'csp-native.js'), 'utf8'))).code;
const nativeOf = (file, csp) => {
  const native = `createQuadtreeNative({ wasmBinary: inflate(base64('${packedWasm(file)}')) })`;
  return csp ? `cspNative(${native})` : native;
};

const classic = (build, csp) => `${banner}(function (root) {
${glue(build)}
${inflate}
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
${inflate}
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
