// The public classes, as every entry exports them.
import { LinearQuadtree } from './linear.js';
import { ready } from './native.js';
import { Quadtree } from './quadtree.js';

const Q = /** @type {any} */ (Quadtree);
/** Resolves when trees can be constructed: already, unless the browser refused to compile the
 * wasm synchronously (Chromium before 114 on the main thread). */
Q.ready = ready;
Q.LinearQuadtree = LinearQuadtree;

export { Quadtree, LinearQuadtree, ready };
export default Quadtree;
