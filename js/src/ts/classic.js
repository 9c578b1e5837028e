// The quadtree-ts classic script (dist/quadtree-ts.js), as the package's quadtree.umd.full.js: the
// global `Quadtree` is the class, with the shapes as its static members.
import { Quadtree, Rectangle, Circle, Line } from './index.js';

Object.assign(Quadtree, { Rectangle, Circle, Line });
export default Quadtree;
