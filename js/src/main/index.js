// The public classes, as every entry exports them: Quadtree (quadtree-js), LinearQuadtree, and
// QuadTree (the tutorial tree); and the shapes they take beside rects (quadtree-ts's classes).
import { LinearQuadtree } from './linear.js';
import { load } from '../wasm/native.js';
import { Quadtree } from './quadtree.js';
import { QuadTree } from './tutorial.js';
import { Rectangle, Circle, Line } from '../common/shapes.js';
// Last, so that the bundle has it after the code (see native.js).
import { wasm } from 'quadtree-wasm:wasm';

const ready = load(wasm);

const Q = /** @type {any} */ (Quadtree);
/** Resolves when trees can be constructed: already, unless the browser refused to compile the
 * wasm synchronously (Chromium before 114 on the main thread). */
Q.ready = ready;
Q.LinearQuadtree = LinearQuadtree;
Q.QuadTree = QuadTree;
Q.Rectangle = Rectangle;
Q.Circle = Circle;
Q.Line = Line;

export { Quadtree, LinearQuadtree, QuadTree, Rectangle, Circle, Line, ready };
export default Quadtree;
