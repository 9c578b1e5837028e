// The quadtree-ts classic script (dist/quadtree-ts.js), as the package's quadtree.umd.full.js: the
// global `Quadtree` is the class, with the shapes as its static members.
import { Quadtree, Rectangle, Circle, Line } from './index.js';

const Q = /** @type {any} */ (Quadtree);
Q.Rectangle = Rectangle;
Q.Circle = Circle;
Q.Line = Line;
export default Quadtree;
