// The quadtree-ts entry (`quadtree-wasm/quadtree-ts`): the package's named exports, no default,
// as its CommonJS and ES module builds have. Loading it compiles the WebAssembly module at once
// where the browser allows; a tree made before the module is ready (or where WebAssembly cannot
// run) works in JavaScript, with the same results.
import { load } from '../native.js';
import { Quadtree } from './quadtree-ts.js';
import { Rectangle, Circle, Line } from './shapes.js';
// Last, so that the bundle has it after the code (see native.js).
import { wasm } from 'quadtree-wasm:wasm';

try {
  load(wasm).catch(() => {});
} catch {
  // (no WebAssembly here: every tree runs in JavaScript)
}

export { Quadtree, Rectangle, Circle, Line };
