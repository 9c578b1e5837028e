// Compiled by tests/packaging/types.test.mjs (never run): quadtree-wasm/quadtree-ts from CommonJS.
import qt = require('quadtree-wasm/quadtree-ts');

const tree = new qt.Quadtree<qt.Circle>({ width: 100, height: 100 });
tree.insert(new qt.Circle({ x: 5, y: 5, r: 2 }));
const found: qt.Circle[] = tree.retrieve(new qt.Line({ x1: 0, y1: 0, x2: 100, y2: 100 }));

export = found;
