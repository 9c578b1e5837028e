// The quadtree-ts-plus classic script (dist/quadtree-ts-plus.js): the global `Quadtree` as in
// dist/quadtree-ts.js, and `Quadtree.ready` (not enumerable: the class's keys stay the package's).
import { Quadtree, Rectangle, Circle, Line, ready } from './plus-index.js';

Object.assign(Quadtree, { Rectangle, Circle, Line });
Object.defineProperty(Quadtree, 'ready', { value: ready, writable: true, enumerable: false, configurable: true });
export default Quadtree;
