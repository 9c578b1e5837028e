// The drop-in class: quadtree-js 1.2.x's constructor, fields and methods over a native tree.
import { F64, I32, NO_MEMORY, NO_NODE } from './abi.js';
import { current } from './caches.js';
import { rootLeaf } from './leaf-grid.js';
import { loaded, native, f64, i32, views } from './native.js';
import { collect, dropIfAbsent } from './objects.js';
import { OBJECTS } from './registry.js';
import { answeringSeed, plant, seedFor, seedInsert } from './seed.js';
import { Session, live } from './session.js';
import { installShared } from './shared.js';
import { flush, stage } from './stage.js';
import { describe, noMemory, option, readAll, readBounds, readRect, rectIn, room } from './validate.js';

const VIEW = {}; // constructor token: a view of an existing node instead of a new tree

/**
 * Links a tree object to its session and node, out of the fields games enumerate or print. A
 * root's node, 0, comes from the prototype (installShared): one property less to define on every
 * new tree.
 * @param {any} tree @param {Session} s @param {number} node
 */
export function hide(tree, s, node) {
  Object.defineProperty(tree, '_s', { value: s });
  if (node !== 0) Object.defineProperty(tree, '_n', { value: node });
}

/**
 * The object standing for a subnode, made by `make(bounds, level)` once, then kept while the node
 * lives (code that patches a prototype or compares nodes sees the same object).
 * @param {Session} s @param {number} node @param {(bounds: any, level: number) => any} make
 */
export function viewOf(s, node, make) {
  let v = s.views[node];
  if (v === undefined) {
    native.nodeGeom(s.handle, node);
    views();
    const g = s.r64;
    v = make({ x: f64[g + F64.nodeX], y: f64[g + F64.nodeY], width: f64[g + F64.nodeWidth], height: f64[g + F64.nodeHeight] },
      f64[g + F64.nodeLevel]);
    hide(v, s, node);
    s.views[node] = v;
  }
  return v;
}

/**
 * The four subnodes of a node as views, or [] for a leaf.
 * @param {Session} s @param {number} node @param {(bounds: any, level: number) => any} make
 */
export function childViews(s, node, make) {
  flush(s);
  const c = native.children(s.handle, node);
  if (c < 0) return [];
  return [viewOf(s, c, make), viewOf(s, c + 1, make), viewOf(s, c + 2, make), viewOf(s, c + 3, make)];
}

/**
 * Forgets the views below `node` (their native nodes are about to be freed and reused).
 * @param {Session} s @param {number} node
 */
export function dropViews(s, node) {
  const stack = [node];
  while (stack.length) {
    const c = native.children(s.handle, stack.pop());
    if (c < 0) continue;
    for (let q = 0; q < 4; q++) {
      delete s.views[c + q];
      stack.push(c + q);
    }
  }
}

/**
 * A quadtree with the API of @timohausmann/quadtree-js 1.2.x, backed by WebAssembly.
 * @constructor
 * @param {{x:number,y:number,width:number,height:number}} bounds kept by reference, as quadtree-js does
 * @param {number} [max_objects=10] objects a leaf holds before it splits
 * @param {number} [max_levels=4] deepest level a split may create
 * @param {number} [level=0] level of this root; quadtree-js de-duplicates results only at level 0
 * @this {any}
 */
export function Quadtree(bounds, max_objects, max_levels, level) {
  if (!(this instanceof Quadtree)) throw new TypeError("Class constructor Quadtree cannot be invoked without 'new'");
  if (arguments[4] === VIEW) {
    this.max_objects = max_objects;
    this.max_levels = max_levels;
    this.level = level;
    this.bounds = bounds;
    return;
  }
  loaded('Quadtree');
  const r = readBounds('Quadtree', bounds);
  this.max_objects = option('Quadtree constructor', 'max_objects', max_objects, 10, false);
  this.max_levels = option('Quadtree constructor', 'max_levels', max_levels, 4, true);
  this.level = option('Quadtree constructor', 'level', level, 0, true);
  this.bounds = bounds;
  plant(this, 'Quadtree', r, this.max_objects, this.max_levels, this.level);  // no native tree yet (seed.js)
}

const proto = Quadtree.prototype;

/**
 * Stores an object (or each object of an array) in every leaf its rect reaches. Its x, y, width
 * and height are read now; the object itself is what queries return.
 * @param {any} pRect
 */
proto.insert = function (pRect) {
  const objs = Array.isArray(pRect) ? pRect : null;
  if (seedInsert(this, pRect, objs)) return;  // while the root cannot have split
  const s = live(this, 'insert');
  s.registry.use(OBJECTS, s);
  if (objs) return insertAll(this, s, objs);
  readRect(s, 'rect', pRect, rectIn);
  insertChecked(this, s, pRect, rectIn);
};

/**
 * An array insert: every rect is checked before any is stored; when memory runs out, the error
 * also names the objects after the one that did not fit.
 * @param {any} tree @param {Session} s @param {any[]} objs
 */
export function insertAll(tree, s, objs) {
  const rects = readAll(s, objs);
  for (let i = 0; i < objs.length; i++) {
    try {
      insertChecked(tree, s, objs[i], rects[i]);
    } catch (e) {
      const error = /** @type {any} */ (e);
      if (error.notInserted) error.notInserted = error.notInserted.concat(objs.slice(i + 1));
      throw e;
    }
  }
}

/**
 * One object, its rect already read: staged at the root, stored at once in a subnode.
 * @param {any} tree @param {Session} s @param {any} obj @param {number[]} r
 */
export function insertChecked(tree, s, obj, r) {
  if (tree._n === 0) {
    stage(s, obj, r);
    if (s.young !== null) s.young.keep(obj, r);
    return;
  }
  flush(s); // into a subnode: quadtree-js allows it; rare, so not staged
  const id = s.registry.idFor(obj);
  if (native.insert(s.handle, tree._n, id, r[0], r[1], r[2], r[3]) === NO_MEMORY) {
    dropIfAbsent(s, id);
    const e = noMemory(s.where, 'the object was not stored');
    e.notInserted = [obj];
    throw e;
  }
}

/**
 * The candidates for a rect: every object of every leaf the rect reaches, as a new array, in
 * quadtree-js's order. Also `retrieve(returnedObjects, rect)`, which appends to your array.
 * @param {any} pRect
 */
proto.retrieve = function (pRect) {
  let out = null;
  if (arguments.length > 1 && Array.isArray(pRect)) {
    out = pRect;
    pRect = arguments[1];
  }
  const seed = answeringSeed(this, 'retrieve');
  if (seed !== null) {  // a root that has not split: its own objects
    readRect(seed, 'rect', pRect, rectIn);
    return seed.answer(out);
  }
  const s = live(this, 'retrieve');
  readRect(s, 'rect', pRect, rectIn);
  flush(s);
  current(s);
  const x = rectIn[0], y = rectIn[1], w = rectIn[2], h = rectIn[3];
  // Most game queries reach one leaf: then the answer is that leaf's list, which we build once
  // per change of the tree and copy (callers may keep and mutate what they get).
  const leaf = this._n === 0 ? rootLeaf(s, x, y, w, h) : native.locate(s.handle, this._n, x, y, w, h, true);
  if (leaf !== NO_NODE) {
    let list = s.leafLists[leaf];
    if (list === undefined) list = s.leafLists[leaf] = collect(s, room(s, s.listCall(s.handle, leaf)), null);
    if (out === null) return list.slice();
    return handOut(list, out);
  }
  // Several leaves: an answer kept from a rect that reached the same ones, if there is one.
  const found = room(s, native.retrieve(s.handle, this._n, x, y, w, h, true));
  views();
  const slot = i32[s.r32 + I32.answerSlot];
  return slot < 0 ? collect(s, found, out) : handOut(kept(s, slot, found), out);
};

/** A kept list as retrieve()'s answer: a copy, or appended to `out`. @param {any[]} list @param {any[] | null} out */
function handOut(list, out) {
  if (out === null) return list.slice();
  for (let i = 0; i < list.length; i++) out.push(list[i]);
  return out;
}

/**
 * The answer kept as `slot`: the one native.retrieve() just gave (`found` results), to be kept,
 * when the reply says it is fresh; else the one kept before (cpp/boundary.h).
 * @param {Session} s @param {number} slot @param {number} found
 */
function kept(s, slot, found) {
  if (i32[s.r32 + I32.answerFresh] === 0) return s.answers[slot];
  current(s); // (the call may have placed waiting moves: then nothing kept before it holds)
  return s.answers[slot] = collect(s, found, null);
}

/**
 * Every distinct object in this tree, appended to `returnedObjects` (a new array if omitted).
 * @param {any[]} [returnedObjects]
 */
proto.getAllObjects = function (returnedObjects) {
  const s = live(this, 'getAllObjects');
  if (returnedObjects !== undefined && !Array.isArray(returnedObjects)) {
    throw new TypeError(s.where + ': returnedObjects must be an array, got ' + describe(returnedObjects));
  }
  flush(s);
  return collect(s, room(s, native.allObjects(s.handle, this._n)), returnedObjects || null);
};

/**
 * Which children (0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right) a rect reaches, by
 * the native tree's own rule (one copy: cpp/geometry.h's childMask).
 * @param {any} pRect
 */
proto.getIndex = function (pRect) {
  const s = live(this, 'getIndex');
  readRect(s, 'rect', pRect, rectIn);
  const b = this.bounds;
  const mask = native.childMask(b.x, b.y, b.width, b.height, rectIn[0], rectIn[1], rectIn[2], rectIn[3]);
  const indexes = [];
  for (let q = 0; q < 4; q++) if (mask & (1 << q)) indexes.push(q);
  return indexes;
};

/** Removes every object (and every subnode) from this tree or subtree. */
proto.clear = function () {
  const seed = seedFor(this, 'clear');
  if (seed !== null) return seed.clear();
  const s = live(this, 'clear');
  if (this._n === 0) {
    native.clear(s.handle);
    s.emptied();
    return;
  }
  flush(s);
  dropViews(s, this._n);
  native.clearNode(s.handle, this._n);
};

Object.defineProperties(proto, {
  /** This node's own objects: a leaf's list (a new array each time), empty for a split node. */
  objects: {
    configurable: true,
    get: function () {
      const s = live(this, 'objects');
      flush(s);
      return collect(s, room(s, native.nodeObjects(s.handle, this._n)), null);
    }
  },
  /** The four subnodes (top-right, top-left, bottom-left, bottom-right), or [] for a leaf. */
  nodes: {
    configurable: true,
    get: function () {
      const s = live(this, 'nodes'), root = s.views[0];
      return childViews(s, this._n, (bounds, level) => new Quadtree(bounds, root.max_objects, root.max_levels, level, VIEW));
    }
  }
});

installShared(proto);
