// The collision engines. Each finds every overlapping pair of bodies once per frame and answers
// rect queries, all with the one strict rule
//   a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
// so every engine reports the same pairs (in its own order). Each also answers the spatial
// queries, raycast (the first body a ray reaches, and how far along) and nearest (the body nearest
// a point): quadtree-wasm's trees with their own calls, the others by testing every body.
//
// The libraries are classic scripts loaded by index.html before this module:
//   /quadtree-js/quadtree.js  sets window.Quadtree, which index.html keeps as window.OriginalQuadtree
//   /quadtree-ts/quadtree.umd.full.js  @timohausmann/quadtree-ts, kept as window.OriginalTsQuadtree
//   /dist/quadtree-ts.js      our quadtree-ts drop-in, kept as window.WasmTsQuadtree
//   /dist/quadtree.js         then replaces window.Quadtree with quadtree-wasm (the drop-in swap)

import { distanceTo, entryOf } from '../bench/spatial-reference.mjs';

const OriginalQuadtree = window.OriginalQuadtree;
const WasmQuadtree = window.Quadtree;
const OriginalTsQuadtree = window.OriginalTsQuadtree;
const WasmTsQuadtree = window.WasmTsQuadtree;

export const BRUTE_MAX = 3000;

/** name, label, and what each engine does per frame (shown in the page). */
export const ENGINES = [
  { name: 'quadtree-js', label: 'quadtree-js 1.2.6', how: 'original library: clear, insert all, retrieve per body, exact test' },
  { name: 'wasm-dropin', label: 'quadtree-wasm drop-in', how: 'same code, our Quadtree: clear, insert all, retrieve per body, exact test' },
  { name: 'wasm-advanced', label: 'quadtree-wasm refresh+pairs', how: 'inserted once; per frame refresh() then pairs()' },
  { name: 'wasm-linear', label: 'LinearQuadtree refresh+pairs', how: 'Quadtree.LinearQuadtree, inserted once; per frame refresh() then pairs()' },
  { name: 'quadtree-ts', label: 'quadtree-ts 2.3.0', how: 'original library: a Rectangle per body, clear, insert all, retrieve per body, exact test' },
  { name: 'wasm-ts', label: 'quadtree-wasm quadtree-ts drop-in', how: 'same code on quadtree-wasm/quadtree-ts (drawing the tree, O, reads its nodes: it goes on in JavaScript)' },
  { name: 'brute', label: 'brute force', how: `every pair tested (n²/2); up to ${BRUTE_MAX.toLocaleString('en')} bodies`, max: BRUTE_MAX },
];

export function engineInfo(name) {
  return ENGINES.find((e) => e.name === name);
}

export function allowed(name, count) {
  const e = engineInfo(name);
  return !!e && (e.max === undefined || count <= e.max);
}

function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// The spatial queries by testing every body (the library's rules, bench/spatial-reference.mjs).
function castAll(bodies, x, y, dx, dy, maxDistance) {
  const length = Math.hypot(dx, dy), ux = dx / length, uy = dy / length;
  let best = null, distance = maxDistance;
  for (const b of bodies) {
    const t = entryOf(b, x, y, ux, uy);
    if (t <= distance && (best === null || t < distance)) { best = b; distance = t; }
  }
  return best && { body: best, distance };
}

function nearestAll(bodies, x, y) {
  let best = null, distance = Infinity;
  for (const b of bodies) {
    const d = distanceTo(b, x, y);
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

// quadtree-js's loop, for either class: the tree is rebuilt every frame.
class DropIn {
  constructor(name, Tree, bounds, count) {
    this.name = name;
    this.tree = new Tree(bounds, 10, levelsFor(count));
  }

  collide(bodies, visit) {
    const tree = this.tree;
    this.bodies = bodies;
    tree.clear();
    for (let i = 0; i < bodies.length; i++) tree.insert(bodies[i]);
    let candidates = 0;
    for (let i = 0; i < bodies.length; i++) {
      const a = bodies[i];
      const found = tree.retrieve(a);
      candidates += found.length;
      for (let k = 0; k < found.length; k++) {
        const b = found[k];
        if (b.id > a.id && overlaps(a, b)) visit(a, b); // each unordered pair once
      }
    }
    return { candidates };
  }

  query(rect) {
    return this.tree.retrieve(rect).filter((b) => overlaps(rect, b));
  }

  // (quadtree-js has no spatial queries: every body is tested.)
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

  invalidate() {}

  dispose() {
    if (this.tree.dispose) this.tree.dispose();
  }
}

// quadtree-wasm's own loop: insert once, then refresh() re-reads every body's rect and pairs()
// returns every overlapping pair from one native call.
class Refresh {
  constructor(name, makeTree) {
    this.name = name;
    this.tree = makeTree();
    this.stale = true; // bodies were added or removed: insert them all again
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

// quadtree-ts's loop, for either library: a Rectangle per body (data = the body), moved with it.
class TsDropIn {
  constructor(name, Tree, bounds, count) {
    this.name = name;
    this.Tree = Tree;
    this.tree = new Tree({ ...bounds, maxObjects: 10, maxLevels: levelsFor(count) });
    this.shapes = new Map(); // body -> its Rectangle
  }

  shapeOf(body) {
    let s = this.shapes.get(body);
    if (s === undefined) this.shapes.set(body, (s = new this.Tree.Rectangle({ ...body, data: body })));
    s.x = body.x;
    s.y = body.y;
    s.width = body.width;
    s.height = body.height;
    return s;
  }

  collide(bodies, visit) {
    const tree = this.tree;
    this.bodies = bodies;
    tree.clear();
    const shapes = bodies.map((b) => this.shapeOf(b));
    for (let i = 0; i < shapes.length; i++) tree.insert(shapes[i]);
    let candidates = 0;
    for (let i = 0; i < shapes.length; i++) {
      const a = bodies[i];
      const found = tree.retrieve(shapes[i]);
      candidates += found.length;
      for (let k = 0; k < found.length; k++) {
        const b = found[k].data;
        if (b.id > a.id && overlaps(a, b)) visit(a, b);
      }
    }
    return { candidates };
  }

  query(rect) {
    return this.tree.retrieve(new this.Tree.Rectangle(rect)).map((s) => s.data).filter((b) => overlaps(rect, b));
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
      const a = bodies[i];
      const ax1 = a.x + a.width, ay1 = a.y + a.height;
      for (let j = i + 1; j < n; j++) {
        const b = bodies[j];
        if (a.x < b.x + b.width && b.x < ax1 && a.y < b.y + b.height && b.y < ay1) visit(a, b);
      }
    }
    return { candidates: null };
  }

  query(rect) {
    return this.bodies.filter((b) => overlaps(rect, b));
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
      return new DropIn(name, OriginalQuadtree, bounds, count);
    case 'wasm-dropin':
      return new DropIn(name, WasmQuadtree, bounds, count);
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
