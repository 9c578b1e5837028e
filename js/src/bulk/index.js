// The bulk path's entry (dist/quadtree-bulk.mjs, `quadtree-wasm/bulk`): BulkRects, on a core of its
// own that has no tree (abi.h's `bulk`), so that neither entry carries the other's code.
import { BulkRects } from './bulk-rects.js';
import { load } from '../wasm/native.js';
// Last, so that the bundle has it after the code (see native.js).
import { wasm } from 'quadtree-wasm:wasm';

const ready = load(wasm);

const B = /** @type {any} */ (BulkRects);
/** Resolves when a BulkRects can be constructed: already, unless the browser refused to compile
 * the wasm synchronously (Chromium before 114 on the main thread). */
B.ready = ready;
// (so that `require('quadtree-wasm/bulk')`, the class itself, also has them: classic.js)
B.BulkRects = BulkRects;
B.default = BulkRects;

export { BulkRects, ready };
export default BulkRects;
