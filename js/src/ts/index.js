// The quadtree-ts entry (`quadtree-wasm/quadtree-ts`): the package's named exports, no default,
// as its CommonJS and ES module builds have.
export { Quadtree } from './quadtree-ts.js';
export { Rectangle, Circle, Line } from './shapes.js';
