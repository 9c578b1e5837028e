// The classic entry (dist/quadtree.js): a `<script src>` or a Worker's importScripts defines the
// global `Quadtree` at once; `require('quadtree-wasm')` gets the class as module.exports, as
// quadtree-js's users are used to (js/scripts/bundle.mjs adds that line after the bundle).
import { Quadtree } from './index.js';

const Q = /** @type {any} */ (Quadtree);
Q.Quadtree = Quadtree;
Q.default = Quadtree;
export default Quadtree;
