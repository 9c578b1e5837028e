// Compiled by tests/packaging/types.test.mjs (never run): quadtree-wasm/quadtree-ts-plus from CommonJS.
import qt = require('quadtree-wasm/quadtree-ts-plus');

const tree = new qt.Quadtree<qt.Circle>({ width: 100, height: 100 });
tree.insert(new qt.Circle({ x: 5, y: 5, r: 2 }));
const found: qt.Circle[] = tree.search(new qt.Line({ x1: 0, y1: 0, x2: 100, y2: 100 }));
const hit: qt.RayHit<qt.Circle> | null = tree.raycast(0, 0, 1, 1);

export = [found, hit];
