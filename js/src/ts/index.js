// The quadtree-ts entry (`quadtree-wasm/quadtree-ts`): the package's named exports, no default,
// as its CommonJS and ES module builds have.
import { Quadtree } from './quadtree-ts.js';
import { Rectangle, Circle, Line } from '../common/shapes.js';
import './start.js';

export { Quadtree, Rectangle, Circle, Line };
