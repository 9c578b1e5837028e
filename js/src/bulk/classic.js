// The bulk path's classic entry (dist/quadtree-bulk.js): a `<script src>` or a Worker's
// importScripts defines the global `BulkRects`; `require('quadtree-wasm/bulk')` gets the class as
// module.exports (js/scripts/bundle.mjs adds that line after the bundle).
import { BulkRects } from './index.js';

export default BulkRects;
