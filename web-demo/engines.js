// The collision engines. The bodies are circles (sim.js's Body: centre x, y, radius r), and each
// engine finds every pair of them that overlaps, once per frame, by the one exact rule
//   the distance between the centres < r1 + r2   (touching circles do not overlap)
// so every engine reports the same pairs (in its own order). They also answer rect and circle
// queries, raycast (the first body a ray reaches, and how far along) and nearest (the body nearest
// a point), measured to the circles.
//   quadtree-wasm's refresh+pairs engines hold the circles: pairs() gives the exact circle pairs,
//     search() and the spatial queries decide by the circles, and nothing is tested here.
//   The others index bounding boxes, so they test the circles among their candidates themselves
//     (circles.js: the library's rules, exact): quadtree-js, quadtree-ts and our quadtree-ts
//     drop-in get a box per body; our Quadtree drop-in takes the circles and places them by those
//     same boxes, as quadtree-js would. Brute force tests every pair.
//
// The libraries are classic scripts loaded by index.html before this module:
//   /quadtree-js/quadtree.js  sets window.Quadtree, which index.html keeps as window.OriginalQuadtree
//   /quadtree-ts/quadtree.umd.full.js  @timohausmann/quadtree-ts, kept as window.OriginalTsQuadtree
//   /dist/quadtree-ts.js      our quadtree-ts drop-in, kept as window.WasmTsQuadtree
//   /dist/quadtree.js         then replaces window.Quadtree with quadtree-wasm (the drop-in swap)

import { Body } from './sim.js';
import { circleDistance, circleEntry, circlesOverlap, rectCircleOverlap } from './circles.js';

const OriginalQuadtree = window.OriginalQuadtree;
const WasmQuadtree = window.Quadtree;
const OriginalTsQuadtree = window.OriginalTsQuadtree;
const WasmTsQuadtree = window.WasmTsQuadtree;

// A body is a circle to quadtree-wasm: an object is one when its qtIndex is Circle.prototype.qtIndex,
// which every Body borrows here, so the trees take the bodies as they are (insert() reads x, y and
// r, refresh() re-reads them).
Body.prototype.qtIndex = WasmQuadtree.Circle.prototype.qtIndex;

// How far the boxes the box-indexing engines retrieve with reach beyond a shape: x - r and r + r
// round, so a circle's box may fall short of the circle by an ulp (2^-42 in this world); this much
// more makes every circle that overlaps a shape a candidate of it.
const PAD = 2 ** -30;

export const BRUTE_MAX = 3000;

/** name, label, and what each engine does per frame (shown in the page). */
export const ENGINES = [
  { name: 'quadtree-js', label: 'quadtree-js 1.2.6', how: "original library: clear, insert each body's box, retrieve per body, exact circle test" },
  { name: 'wasm-dropin', label: 'quadtree-wasm drop-in', how: 'same code, our Quadtree, which takes the circles: clear, insert all, retrieve per body, exact circle test' },
  { name: 'wasm-advanced', label: 'quadtree-wasm refresh+pairs', how: 'the circles inserted once; per frame refresh() then pairs(): the exact circle pairs' },
  { name: 'wasm-linear', label: 'LinearQuadtree refresh+pairs', how: 'Quadtree.LinearQuadtree, the circles inserted once; per frame refresh() then pairs()' },
  { name: 'quadtree-ts', label: 'quadtree-ts 2.3.0', how: "original library: a Rectangle per body's box, clear, insert all, retrieve per body, exact circle test" },
  { name: 'wasm-ts', label: 'quadtree-wasm quadtree-ts drop-in', how: 'same code on quadtree-wasm/quadtree-ts (drawing the tree, O, reads its nodes: it goes on in JavaScript)' },
  { name: 'brute', label: 'brute force', how: `every pair of circles tested (n²/2); up to ${BRUTE_MAX.toLocaleString('en')} bodies`, max: BRUTE_MAX },
];

export function engineInfo(name) {
  return ENGINES.find((e) => e.name === name);
}

export function allowed(name, count) {
  const e = engineInfo(name);
  return !!e && (e.max === undefined || count <= e.max);
}

/** Into `out`: the box a box-indexing engine retrieves with for the circle (x, y, r), PAD wider. */
function reachCircle(x, y, r, out) {
  out.x = x - r - PAD;
  out.y = y - r - PAD;
  out.width = r + r + 2 * PAD;
  out.height = r + r + 2 * PAD;
  return out;
}

/** Into `out`: the same for a rect (of positive size). */
function reachRect(rect, out) {
  out.x = rect.x - PAD;
  out.y = rect.y - PAD;
  out.width = rect.width + 2 * PAD;
  out.height = rect.height + 2 * PAD;
  return out;
}

/** Into `box`: a body's bounding box, as quadtree-wasm places a circle in a compat tree. */
function boxOf(b, box) {
  box.x = b.x - b.r;
  box.y = b.y - b.r;
  box.width = b.r + b.r;
  box.height = b.r + b.r;
  return box;
}

const overlapsRect = (rect) => (b) => rectCircleOverlap(rect, b.x, b.y, b.r);
const overlapsCircle = (circle) => (b) => circlesOverlap(circle, b);

// The spatial queries by testing every body, measured to the circles (circles.js: the library's
// rules, its values).
function castAll(bodies, x, y, dx, dy, maxDistance) {
  const length = Math.hypot(dx, dy), ux = dx / length, uy = dy / length;
  let best = null, distance = maxDistance;
  for (const b of bodies) {
    const t = circleEntry(b, x, y, ux, uy);
    if (t <= distance && (best === null || t < distance)) { best = b; distance = t; }
  }
  return best && { body: best, distance };
}

function nearestAll(bodies, x, y) {
  let best = null, distance = Infinity;
  for (const b of bodies) {
    const d = circleDistance(b, x, y);
    if (d < distance) { best = b; distance = d; }
  }
  return best;
}

// A quadtree-wasm tree's own calls, in the engines' form.
function castTree(tree, x, y, dx, dy, maxDistance) {
  const hit = tree.raycast(x, y, dx, dy, maxDistance);
  return hit && { body: hit.object, distance: hit.distance };
}
const nearestTree = (tree, x, y) => tree.nearest(x, y)[0] ?? null;

/** quadtree-js's max_levels for a count: about eight bodies a leaf, at least quadtree-js's 4. */
export function levelsFor(count) {
  return Math.max(4, Math.min(8, Math.ceil(Math.log(count / 8) / Math.log(4))));
}

// quadtree-js's loop, for either class: the tree is rebuilt every frame. quadtree-js takes rects,
// so it gets a box per body ({x, y, width, height, body}); quadtree-wasm's Quadtree takes the
// bodies, circles that it places by the same boxes (so retrieve() returns the same candidates).
// Either way the candidates are those of boxes, and the circles are tested here.
class DropIn {
  constructor(name, Tree, bounds, count, takesCircles) {
    this.name = name;
    this.tree = new Tree(bounds, 10, levelsFor(count));
    this.takesCircles = takesCircles;
    this.boxes = []; // quadtree-js: a box per body, in body order
    this.reach = { x: 0, y: 0, width: 0, height: 0 };
    this.bodies = [];
  }

  /** What goes into the tree for the bodies: the bodies themselves, or their boxes. */
  items(bodies) {
    if (this.takesCircles) return bodies;
    const boxes = this.boxes;
    if (boxes.length !== bodies.length) {
      boxes.length = 0;
      for (const body of bodies) boxes.push({ x: 0, y: 0, width: 0, height: 0, body });
    }
    for (let i = 0; i < bodies.length; i++) boxOf(bodies[i], boxes[i]);
    return boxes;
  }

  /** The bodies among the candidates retrieve() gave. */
  found(rect) {
    const found = this.tree.retrieve(rect);
    return this.takesCircles ? found : found.map((box) => box.body);
  }

  collide(bodies, visit) {
    const tree = this.tree, reach = this.reach, boxed = !this.takesCircles;
    this.bodies = bodies;
    tree.clear();
    const items = this.items(bodies);
    for (let i = 0; i < items.length; i++) tree.insert(items[i]);
    let candidates = 0;
    for (let i = 0; i < bodies.length; i++) {
      const a = bodies[i];
      const found = tree.retrieve(reachCircle(a.x, a.y, a.r, reach));
      candidates += found.length;
      for (let k = 0; k < found.length; k++) {
        const b = boxed ? found[k].body : found[k];
        if (b.id > a.id && circlesOverlap(a, b)) visit(a, b); // each unordered pair once
      }
    }
    return { candidates };
  }

  query(rect) {
    return this.found(reachRect(rect, this.reach)).filter(overlapsRect(rect));
  }

  queryCircle(circle) {
    return this.found(reachCircle(circle.x, circle.y, circle.r, this.reach)).filter(overlapsCircle(circle));
  }

  // (quadtree-js has no spatial queries: every body is tested. Ours measure the circles it holds.)
  raycast(x, y, dx, dy, maxDistance) {
    return this.tree.raycast ? castTree(this.tree, x, y, dx, dy, maxDistance) : castAll(this.bodies, x, y, dx, dy, maxDistance);
  }

  nearest(x, y) {
    return this.tree.nearest ? nearestTree(this.tree, x, y) : nearestAll(this.bodies, x, y);
  }

  // the tree's leaves, walking `nodes` and `bounds` as quadtree-js games draw them
  forEachLeaf(callback) {
    const walk = (node) => {
      const nodes = node.nodes;
      if (nodes.length === 0) callback(node.bounds, node.level);
      else for (let i = 0; i < nodes.length; i++) walk(nodes[i]);
    };
    walk(this.tree);
  }

  treeStats() {
    let nodes = 0, leaves = 0, depth = 0;
    const walk = (node) => {
      nodes++;
      depth = Math.max(depth, node.level);
      const sub = node.nodes;
      if (sub.length === 0) leaves++;
      else for (let i = 0; i < sub.length; i++) walk(sub[i]);
    };
    walk(this.tree);
    return { nodes, leaves, depth };
  }

  invalidate() {
    this.boxes.length = 0;
  }

  dispose() {
    if (this.tree.dispose) this.tree.dispose();
  }
}

// quadtree-wasm's own loop: the circles inserted once, then refresh() re-reads every body's x, y
// and r, and pairs() returns every pair of circles that overlap from one native call: exact, so
// nothing is tested here.
class Refresh {
  constructor(name, makeTree) {
    this.name = name;
    this.tree = makeTree();
    this.stale = true; // bodies were added or removed: insert them all again
    this.probe = new WasmQuadtree.Circle({ x: 0, y: 0, r: 0 }); // circle queries' shape
  }

  collide(bodies, visit) {
    const tree = this.tree;
    if (this.stale) {
      tree.clear();
      tree.insert(bodies);
      this.stale = false;
    } else {
      tree.refresh();
    }
    const pairs = tree.pairs();
    for (let i = 0; i < pairs.count; i++) visit(pairs.first(i), pairs.second(i));
    return { candidates: null };
  }

  query(rect) {
    return this.tree.search(rect);
  }

  queryCircle(circle) {
    const probe = this.probe;
    probe.x = circle.x;
    probe.y = circle.y;
    probe.r = circle.r;
    return this.tree.search(probe);
  }

  raycast(x, y, dx, dy, maxDistance) {
    return castTree(this.tree, x, y, dx, dy, maxDistance);
  }

  nearest(x, y) {
    return nearestTree(this.tree, x, y);
  }

  forEachLeaf(callback) {
    this.tree.forEachNode((bounds, level, isLeaf, count) => {
      if (isLeaf || count > 0) callback(bounds, level);
    });
  }

  treeStats() {
    const s = this.tree.stats();
    return { nodes: s.nodes, leaves: s.leaves, depth: s.depth };
  }

  invalidate() {
    this.stale = true;
  }

  dispose() {
    this.tree.dispose();
  }
}

// quadtree-ts's loop, for either library: a Rectangle per body's box (data = the body), moved
// with it; the circles are tested here.
class TsDropIn {
  constructor(name, Tree, bounds, count) {
    this.name = name;
    this.Tree = Tree;
    this.tree = new Tree({ ...bounds, maxObjects: 10, maxLevels: levelsFor(count) });
    this.shapes = new Map(); // body -> its Rectangle
    this.reach = new Tree.Rectangle({ x: 0, y: 0, width: 0, height: 0 }); // what retrieve() is given
    this.bodies = [];
  }

  shapeOf(body) {
    let s = this.shapes.get(body);
    if (s === undefined) this.shapes.set(body, (s = new this.Tree.Rectangle({ x: 0, y: 0, width: 0, height: 0, data: body })));
    return boxOf(body, s);
  }

  found(rect) {
    return this.tree.retrieve(rect).map((s) => s.data);
  }

  collide(bodies, visit) {
    const tree = this.tree, reach = this.reach;
    this.bodies = bodies;
    tree.clear();
    const shapes = bodies.map((b) => this.shapeOf(b));
    for (let i = 0; i < shapes.length; i++) tree.insert(shapes[i]);
    let candidates = 0;
    for (let i = 0; i < bodies.length; i++) {
      const a = bodies[i];
      const found = tree.retrieve(reachCircle(a.x, a.y, a.r, reach));
      candidates += found.length;
      for (let k = 0; k < found.length; k++) {
        const b = found[k].data;
        if (b.id > a.id && circlesOverlap(a, b)) visit(a, b);
      }
    }
    return { candidates };
  }

  query(rect) {
    return this.found(reachRect(rect, this.reach)).filter(overlapsRect(rect));
  }

  queryCircle(circle) {
    return this.found(reachCircle(circle.x, circle.y, circle.r, this.reach)).filter(overlapsCircle(circle));
  }

  // (quadtree-ts has no spatial queries, nor has the drop-in: its API is the package's.)
  raycast(x, y, dx, dy, maxDistance) {
    return castAll(this.bodies, x, y, dx, dy, maxDistance);
  }

  nearest(x, y) {
    return nearestAll(this.bodies, x, y);
  }

  forEachLeaf(callback) {
    DropIn.prototype.forEachLeaf.call(this, callback);
  }

  // (Not from the nodes: the readouts would turn our drop-in's tree into JavaScript.)
  treeStats() {
    return null;
  }

  invalidate() {
    this.shapes.clear();
  }

  dispose() {}
}

class Brute {
  constructor() {
    this.name = 'brute';
    this.bodies = [];
  }

  collide(bodies, visit) {
    this.bodies = bodies;
    const n = bodies.length;
    for (let i = 0; i < n; i++) {
      const a = bodies[i], ax = a.x, ay = a.y, ar = a.r + PAD;
      for (let j = i + 1; j < n; j++) {
        const b = bodies[j], reach = ar + b.r;
        // centres further apart than r1 + r2 + PAD on an axis (whatever the rounding): apart
        const dx = b.x - ax;
        if (dx >= reach || dx <= -reach) continue;
        const dy = b.y - ay;
        if (dy >= reach || dy <= -reach) continue;
        if (circlesOverlap(a, b)) visit(a, b);
      }
    }
    return { candidates: null };
  }

  query(rect) {
    return this.bodies.filter(overlapsRect(rect));
  }

  queryCircle(circle) {
    return this.bodies.filter(overlapsCircle(circle));
  }

  raycast(x, y, dx, dy, maxDistance) {
    return castAll(this.bodies, x, y, dx, dy, maxDistance);
  }

  nearest(x, y) {
    return nearestAll(this.bodies, x, y);
  }

  forEachLeaf() {}

  treeStats() {
    return null;
  }

  invalidate() {}

  dispose() {}
}

/** A fresh engine for a world and a body count (the trees' shapes depend on the count). */
export function createEngine(name, bounds, count) {
  switch (name) {
    case 'quadtree-js':
      if (!OriginalQuadtree) throw new Error('quadtree-js did not load (/quadtree-js/quadtree.js)');
      return new DropIn(name, OriginalQuadtree, bounds, count, false);
    case 'wasm-dropin':
      return new DropIn(name, WasmQuadtree, bounds, count, true);
    case 'wasm-advanced':
      return new Refresh(name, () => new WasmQuadtree(bounds, 10, levelsFor(count)));
    case 'wasm-linear':
      return new Refresh(name, () => new WasmQuadtree.LinearQuadtree(bounds, { depth: 'auto' }));
    case 'quadtree-ts':
      if (!OriginalTsQuadtree) throw new Error('quadtree-ts did not load (/quadtree-ts/quadtree.umd.full.js)');
      return new TsDropIn(name, OriginalTsQuadtree, bounds, count);
    case 'wasm-ts':
      return new TsDropIn(name, WasmTsQuadtree, bounds, count);
    case 'brute':
      return new Brute();
    default:
      throw new Error(`unknown engine ${name}`);
  }
}
