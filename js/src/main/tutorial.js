// QuadTree: the tutorial quadtree (gamedevtuts quick tip, "HTML5 space shooter") over a native
// tree (cpp/tutorial/tutorial_tree.h). An object that touches a midline stays in the node instead of
// going into every child it reaches; a query is one path from the deepest node up
// (findObjects). The rules, reproduced exactly: docs/TUTORIAL-TREE.md.
import { TUTORIAL_KIND } from '../wasm/abi.js';
import { current } from './caches.js';
import { insertAll, insertChecked } from './insert.js';
import { clear } from './methods/clear.js';
import { getAllObjects } from './methods/get-all-objects.js';
import { install } from './methods/install.js';
import { refreshTutorial } from './methods/refresh-tutorial.js';
import { removeOne } from './methods/remove-one.js';
import { loaded, native } from '../wasm/native.js';
import { childViews } from './node-views.js';
import { collect } from '../common/objects.js';
import { OBJECTS } from '../common/registry.js';
import { answeringSeed, plant, seedInsert } from './seed.js';
import { live } from './session.js';
import { flush } from './stage.js';
import { describe, option, readBox, readRect, readBounds, rectIn, room } from '../common/validate.js';

const VIEW = {}; // constructor token: a view of an existing node instead of a new tree

/** What the seed (seed.js) needs to know of this class. @type {import('./seed.js').Kind} */
const KIND = Object.freeze({
  className: 'QuadTree',
  treeKind: TUTORIAL_KIND,
  distinct: false,
  listCall: 'pathObjects', // its cached lists are paths: a node's objects, then its ancestors'
  keepsYoung: ['insert', 'findObjects', 'getAllObjects'],
});

/**
 * A quadtree with the API of the tutorial tree, backed by WebAssembly.
 * @constructor
 * @param {{x:number,y:number,width:number,height:number}} [boundBox] kept by reference; {x: 0,
 *   y: 0, width: 0, height: 0} when missing, as in the original
 * @param {number} [lvl=0] the level of this root
 * @param {{maxObjects?: number, maxLevels?: number}} [options] objects a node holds before it
 *   splits (10) and the deepest level (5): the original's constants
 * @this {any}
 */
export function QuadTree(boundBox, lvl, options) {
  if (!(this instanceof QuadTree)) throw new TypeError("Class constructor QuadTree cannot be invoked without 'new'");
  if (arguments[3] === VIEW) {
    this.bounds = boundBox;
    return;
  }
  loaded('QuadTree');
  const bounds = boundBox || { x: 0, y: 0, width: 0, height: 0 };
  const r = readBounds('QuadTree', bounds);
  const level = option('QuadTree constructor', 'lvl', lvl, 0, true);
  if (options !== undefined && options !== null && typeof options !== 'object') {
    throw new TypeError('QuadTree constructor: options must be an object like { maxObjects: 10, maxLevels: 5 }, got ' + describe(options));
  }
  const o = options || {};
  const maxObjects = option('QuadTree constructor', 'options.maxObjects', o.maxObjects, 10, false);
  const maxLevels = option('QuadTree constructor', 'options.maxLevels', o.maxLevels, 5, true);
  this.bounds = bounds;
  plant(this, KIND, r, maxObjects, maxLevels, level);  // no native tree yet (seed.js)
}

const proto = QuadTree.prototype;

/** Every object and array in `obj`, nested arrays flattened, `undefined` skipped (as the original). @param {any} obj @param {any[]} out */
function flatten(obj, out) {
  if (obj === undefined) return out;
  if (!Array.isArray(obj)) out.push(obj);
  else for (let i = 0; i < obj.length; i++) flatten(obj[i], out);
  return out;
}

/**
 * Stores an object (or each object of an array) once: in the node it fits below, or here. Its x,
 * y, width and height are read now. `undefined` is ignored, as in the original.
 * @param {any} obj
 */
proto.insert = function (obj) {
  if (obj === undefined) return;
  const objs = Array.isArray(obj) ? flatten(obj, []) : null;
  if (seedInsert(this, obj, objs)) return;  // while the root cannot have split
  const s = live(this, 'insert');
  s.registry.use(OBJECTS, s);
  if (objs) return insertAll(this, s, objs);
  readRect(s, 'rect', obj, rectIn);
  insertChecked(this, s, obj, rectIn);
};

/**
 * The candidates for `obj`: the objects of the deepest node it fits in, then of each node above,
 * appended to `returnedObjects`, which is returned. `undefined` for an undefined `obj`, as in the
 * original. Also named retrieve(returnedObjects, obj).
 * @param {any[]} returnedObjects @param {any} obj
 */
proto.findObjects = function (returnedObjects, obj) {
  if (obj === undefined) return undefined;
  const seed = answeringSeed(this, 'findObjects');
  const named = seed || live(this, 'findObjects');
  if (!Array.isArray(returnedObjects)) {
    throw new TypeError(named + ': returnedObjects must be an array, got ' + describe(returnedObjects));
  }
  readBox(named, 'obj', obj, rectIn);
  if (seed !== null) return seed.answer(returnedObjects);  // a root that has not split: its own objects
  const s = /** @type {import('./session.js').Session} */ (named);
  flush(s);
  const x = rectIn[0], y = rectIn[1], w = rectIn[2], h = rectIn[3];
  if (this._n !== 0) return collect(s, room(s, native.retrieve(s.handle, this._n, x, y, w, h, false)), returnedObjects);
  // From the root the answer is the path up from the node where the rect stops: built once per
  // change of the tree, then copied.
  current(s);
  const node = native.locate(s.handle, 0, x, y, w, h, false);
  let path = s.leafLists[node];
  if (path === undefined) path = s.leafLists[node] = collect(s, room(s, s.listCall(s.handle, node)), null);
  // One bulk append where the path is short enough to pass as arguments (the builtin grows the
  // array once; a push per object grows it step by step).
  if (path.length <= 4096) returnedObjects.push.apply(returnedObjects, path);
  else for (let i = 0; i < path.length; i++) returnedObjects.push(path[i]);
  return returnedObjects;
};
proto.retrieve = proto.findObjects;

proto.getAllObjects = getAllObjects; // Quadtree's (methods/)

/**
 * The child (0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right) a rect fits in, or -1 when
 * it touches a midline: the native tree's rule (one copy, cpp/tutorial/tutorial_geometry.h).
 * @param {any} rect
 */
proto.getIndex = function (rect) {
  const s = live(this, 'getIndex');
  readBox(s, 'rect', rect, rectIn);
  const b = this.bounds;
  return native.tutorialIndex(b.x, b.y, b.width, b.height, rectIn[0], rectIn[1], rectIn[2], rectIn[3]);
};

proto.clear = clear; // Quadtree's (methods/)

Object.defineProperty(proto, 'nodes', {
  configurable: true,
  /** The four subnodes (top-right, top-left, bottom-left, bottom-right), or [] before a split. */
  get: function () {
    return childViews(live(this, 'nodes'), this._n, (bounds) => new QuadTree(bounds, 0, undefined, VIEW));
  },
});

install(proto, { remove: removeOne, refresh: refreshTutorial });
