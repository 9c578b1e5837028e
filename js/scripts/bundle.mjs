// Bundles the facade (js/src, ES modules) with each Emscripten glue into dist/ (every module of
// the facade is kept whole: package.json's sideEffects: false is for our users' bundlers):
//   quadtree.js      classic script: <script src>, Worker importScripts, require()
//   quadtree.mjs     ES module: import, bundlers
//   quadtree.csp.js  the same two without embind, for pages whose CSP forbids run-time code
//   quadtree.csp.mjs
// Usage: node js/scripts/bundle.mjs <build dir> [<out dir>]
import { readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { rolldown } from 'rolldown';
import { minify } from 'terser';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = process.argv[2] || join(root, 'build-wasm');
const dist = process.argv[3] || join(root, 'dist'); // another output dir: for comparisons
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const banner = `/*! ${pkg.name} ${pkg.version} | MIT | a drop-in for @timohausmann/quadtree-js, in WebAssembly */`;

// The wasm goes in LZMA-compressed (xz's raw LZMA1 at its strongest preset: about 20 % smaller
// than deflate on wasm), as base64, which gzip then codes at about 6 bits a character, so the
// file costs about what the packed wasm does; js/src/lzma.js unpacks it at load time. lc/lp/pb
// are the stream's literal and position bits (a raw stream stores none), the best of a few.
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
  return `export const wasm = { text: '${best.z.toString('base64')}', size: ${size}, lc: ${best.lc}, lp: ${best.lp}, pb: ${best.pb} };`;
}

// The modules the facade imports by name (js/src/native.js): the glue, the packed wasm, and how
// the calls are found in that build.
function wasmModules(flavour) {
  const glue = join(build, `qt_${flavour}.mjs`);
  return {
    name: 'quadtree-wasm',
    resolveId(id) {
      if (id === 'quadtree-wasm:glue') return glue;
      if (id === 'quadtree-wasm:binding') return join(root, 'js', 'src', flavour === 'csp' ? 'binding-csp.js' : 'binding-embind.js');
      if (id === 'quadtree-wasm:wasm') return '\0quadtree-wasm:wasm';
      return null;
    },
    load(id) {
      return id === '\0quadtree-wasm:wasm' ? packWasm(glue.replace(/\.mjs$/, '.wasm')) : null;
    },
  };
}

// Minified, but with the public names kept: they are the API (and names users see in the console).
const terserOptions = (module) => ({
  module,
  compress: { passes: 2 },
  mangle: true,
  keep_fnames: /^(Quadtree|LinearQuadtree|QuadTree|PairList)$/,
  format: { comments: /^!/, preamble: banner },
});

// The classic file is a plain script whose top-level `var Quadtree` (and `var QuadTree`, the
// tutorial tree) are globals of a page or a Worker at once; loaded by require(), the last line
// hands the class (with .QuadTree and .LinearQuadtree on it) to module.exports instead.
const commonJs = "var QuadTree = Quadtree.QuadTree;\n" +
  "if (typeof module === 'object' && module && typeof module.exports === 'object') module.exports = Quadtree;";

async function bundle(entry, flavour, format) {
  const b = await rolldown({ input: join(root, 'js', 'src', entry), plugins: [wasmModules(flavour)], treeshake: { moduleSideEffects: 'no-external' }, logLevel: 'warn' });
  const { output } = await b.generate(format === 'es' ? { format } : { format, name: 'Quadtree', exports: 'default', footer: commonJs });
  await b.close();
  const { code } = await minify(output[0].code, terserOptions(format === 'es'));
  return code + '\n';
}

mkdirSync(dist, { recursive: true });
const outputs = [
  ['quadtree.js', 'classic.js', 'embind', 'iife'],
  ['quadtree.mjs', 'index.js', 'embind', 'es'],
  ['quadtree.csp.js', 'classic.js', 'csp', 'iife'],
  ['quadtree.csp.mjs', 'index.js', 'csp', 'es'],
];
for (const [file, entry, flavour, format] of outputs) writeFileSync(join(dist, file), await bundle(entry, flavour, format));
// Tests only: the classic file around the wasm with a 32 MB memory ceiling.
writeFileSync(join(build, 'quadtree.capped.js'), await bundle('classic.js', 'capped', 'iife'));

const types = join(root, 'js', 'types');
for (const file of ['quadtree-types.d.ts', 'quadtree.d.ts', 'quadtree.d.mts']) copyFileSync(join(types, file), join(dist, file));
copyFileSync(join(types, 'quadtree.d.ts'), join(dist, 'quadtree.csp.d.ts'));
copyFileSync(join(types, 'quadtree.d.mts'), join(dist, 'quadtree.csp.d.mts'));
console.log(`dist/ written: ${outputs.map(([f]) => f).join(', ')}`);
