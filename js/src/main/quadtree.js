// The drop-in class: quadtree-js 1.2.x's constructor, fields and methods over a native tree.
import { ASK_LOCATE, I32, NO_NODE, QUADTREE_KIND } from '../wasm/abi.js';
import { current } from './caches.js';
import { insertAll, insertChecked } from './insert.js';
import { rootLeaf } from './leaf-grid.js';
import { clear } from './methods/clear.js';
import { getAllObjects } from './methods/get-all-objects.js';
import { install } from './methods/install.js';
import { loaded, native, i32, views } from '../wasm/native.js';
import { childViews } from './node-views.js';
import { collect } from '../common/objects.js';
import { OBJECTS } from '../common/registry.js';
import { answeringSeed, plant, seedInsert } from './seed.js';
import { live } from './session.js';
import { flush } from './stage.js';
import { option, readBounds, readBox, readRect, rectIn, room } from '../common/validate.js';

const VIEW = {}; // constructor token: a view of an existing node instead of a new tree

/** What the seed (seed.js) needs to know of this class. @type {import('./seed.js').Kind} */
const KIND = Object.freeze({
  className: 'Quadtree',
  treeKind: QUADTREE_KIND,
  distinct: true,
  listCall: 'nodeObjects',
  keepsYoung: ['insert', 'retrieve', 'getAllObjects'],
});

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
  plant(this, KIND, r, this.max_objects, this.max_levels, this.level);  // no native tree yet (seed.js)
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
  readBox(s, 'rect', pRect, rectIn);
  flush(s);
  current(s);
  const x = rectIn[0], y = rectIn[1], w = rectIn[2], h = rectIn[3];
  // Most game queries reach one leaf: then the answer is that leaf's list, which we build once
  // per change of the tree and copy (callers may keep and mutate what they get).
  let leaf = this._n === 0 ? rootLeaf(s, x, y, w, h) : ASK_LOCATE;
  if (leaf === ASK_LOCATE) leaf = native.locate(s.handle, this._n, x, y, w, h, true);
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
 * when the reply says it is fresh; else the one kept before (cpp/session/boundary.h).
 * @param {import('./session.js').Session} s @param {number} slot @param {number} found
 */
function kept(s, slot, found) {
  if (i32[s.r32 + I32.answerFresh] === 0) return s.answers[slot];
  current(s); // (the call may have placed waiting moves: then nothing kept before it holds)
  return s.answers[slot] = collect(s, found, null);
}

proto.getAllObjects = getAllObjects; // (methods/, the tutorial tree's too)

/**
 * Which children (0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right) a rect reaches, by
 * the native tree's own rule (one copy: cpp/base/geometry.h's childMask).
 * @param {any} pRect
 */
proto.getIndex = function (pRect) {
  const s = live(this, 'getIndex');
  readBox(s, 'rect', pRect, rectIn);
  const b = this.bounds;
  const mask = native.childMask(b.x, b.y, b.width, b.height, rectIn[0], rectIn[1], rectIn[2], rectIn[3]);
  const indexes = [];
  for (let q = 0; q < 4; q++) if (mask & (1 << q)) indexes.push(q);
  return indexes;
};

proto.clear = clear; // (methods/, the tutorial tree's too)

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

install(proto);
