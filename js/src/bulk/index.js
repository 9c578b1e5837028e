// The bulk path's entry (dist/quadtree-bulk.mjs, `quadtree-wasm/bulk`): BulkRects, on a core of its
// own that has no tree (abi.h's `bulk`), so that neither entry carries the other's code.
import { BulkRects } from './bulk-rects.js';
import { load } from '../wasm/native.js';
import { publish } from './publish.js';
// Last, so that the bundle has it after the code (see native.js).
import { wasm } from 'quadtree-wasm:wasm';

const ready = load(wasm);

// (resolves when a BulkRects can be constructed: already, unless the browser refused to compile
// the wasm synchronously, as Chromium before 114 on the main thread)
publish(BulkRects, ready);

export { BulkRects, ready };
export default BulkRects;
