// Beyond quadtree-js: moving objects, exact queries, every colliding pair in one call, numeric ids
// from typed arrays, introspection and lifetime. Installed on every tree class.
// Exact queries use one rule everywhere (cpp/geometry.h's overlaps): a and b overlap when
//   a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
// (touching edges do not).
import { I32, NO_MEMORY, WALK_ROW } from './abi.js';
import { current } from './caches.js';
import { native, f64, i32, views } from './native.js';
import { collect } from './objects.js';
import { PairList } from './pair-list.js';
import { IDS, OBJECTS } from './registry.js';
import { live, scratch } from './session.js';
import { flush } from './stage.js';
import { checkFunction, checkId, describe, noMemory, readRect, rectIn, room } from './validate.js';

const DISPOSE = (typeof Symbol === 'function' && Symbol.dispose) || Symbol.for('Symbol.dispose');

/**
 * Writes the objects whose rect differs from the tree's own copy (read from the heap) into the
 * native scratch buffers, ids and rects; returns how many. Room is made for `extra` more ids after
 * them. Reads every object's four fields once; throws, before anything changes, on a bad one.
 * @param {import('./session.js').Session} s @param {number} extra
 */
export function sendChanged(s, extra) {
  const reg = s.registry, objects = reg.objects, n = objects.length, inserted = reg.inserted, frame = reg.frame;
  const at = scratch(s, n + extra);
  const heap = f64, ints = i32, idAt = ints[s.r32 + I32.scratchIds] >> 2;
  const table = ints[s.r32 + I32.rectTable] >> 3, span = ints[s.r32 + I32.rectTableSize];
  let sent = 0;
  for (let id = 0; id < n; id++) {
    const o = objects[id];
    if (o === undefined || inserted[id] !== frame) continue;
    // The hot loop of a frame: the four fields read once and checked inline; readRect() only
    // to build the error (it reads again, and throws unless a getter changed its mind).
    let x = o.x, y = o.y, w = o.width, h = o.height;
    if (typeof x !== 'number' || typeof y !== 'number' || typeof w !== 'number' ||
        typeof h !== 'number' || x - x + (y - y) + (w - w) + (h - h) !== 0) {
      readRect(s, 'object', o, rectIn);
      x = rectIn[0]; y = rectIn[1]; w = rectIn[2]; h = rectIn[3];
    }
    const r = table + 4 * id;
    if (id < span && heap[r] === x && heap[r + 1] === y && heap[r + 2] === w && heap[r + 3] === h) continue;
    const k = at + 4 * sent;
    heap[k] = x; heap[k + 1] = y; heap[k + 2] = w; heap[k + 3] = h;
    ints[idAt + sent++] = id;
  }
  return sent;
}

/** @param {any} proto a tree class's prototype */
export function installShared(proto) {
  // A tree's node: 0 for a tree, its own for a subnode view (quadtree.js hide()).
  Object.defineProperty(proto, '_n', { value: 0 });

  /** Removes an object (or a numeric id), wherever its coordinates are now. True if it was there. */
  proto.remove = function (/** @type {any} */ item) {
    const s = live(this, 'remove');
    flush(s);
    const id = s.registry.present(item);
    if (id === undefined) return false;
    native.remove(s.handle, id);
    s.registry.drop(id);
    return true;
  };

  /**
   * Re-indexes one object after you changed its x, y, width or height in place. False (and no
   * change) if it is not in the tree.
   */
  proto.update = function (/** @type {any} */ obj) {
    const s = live(this, 'update');
    readRect(s, 'rect', obj, rectIn);
    flush(s);
    const id = s.registry.mode === OBJECTS ? s.registry.present(obj) : undefined;
    if (id === undefined) return false;
    if (native.update(s.handle, id, rectIn[0], rectIn[1], rectIn[2], rectIn[3]) === NO_MEMORY) {
      throw noMemory(s.where, 'the object keeps its previous place');
    }
    return true;
  };

  /**
   * Re-reads every object's rect and re-indexes those that changed; only objects that left
   * their leaves are moved. Returns how many objects changed. Nothing changes if a rect is invalid.
   */
  proto.refresh = function () {
    const s = live(this, 'refresh');
    flush(s);
    if (s.registry.mode !== OBJECTS) return 0;
    const moved = native.refresh(s.handle, sendChanged(s, 0));
    if (moved === NO_MEMORY) {
      throw noMemory(s, 'the objects before the one that did not fit were re-indexed, the others keep ' +
        'their previous places (call refresh() again once there is room)');
    }
    return moved;
  };

  /**
   * Inserts or moves many items given as numbers: `rects` holds x, y, width, height per item
   * (Float32Array or Float64Array), `ids` their integer ids (default 0, 1, 2, ...). Queries then
   * return the ids. A tree holds either objects or ids.
   */
  proto.setRects = function (/** @type {any} */ rects, /** @type {any} */ ids) {
    const s = live(this, 'setRects');
    if (!(rects instanceof Float64Array || rects instanceof Float32Array) || rects.length % 4 !== 0) {
      throw new TypeError(s.where + ': rects must be a Float32Array or Float64Array of x, y, width, height per item, got ' +
        (rects && rects.length !== undefined ? 'length ' + rects.length : describe(rects)));
    }
    const n = rects.length >> 2;
    if (ids !== undefined && (ids === null || ids.length !== n)) {
      throw new TypeError(s.where + ': ids must have one id per rect (' + n + '), got ' +
        (ids && ids.length !== undefined ? 'length ' + ids.length : describe(ids)));
    }
    for (let i = 0; i < rects.length; i++) {
      const v = rects[i];
      if (v - v !== 0) {
        throw new RangeError(s.where + ': rects[' + i + '] (' + ['x', 'y', 'width', 'height'][i & 3] +
          ' of item ' + (i >> 2) + ') must be finite, got ' + v);
      }
    }
    if (ids !== undefined) for (let i = 0; i < n; i++) checkId(s, ids[i]);
    s.registry.use(IDS, s);
    flush(s);
    const at = scratch(s, n);
    const idAt = i32[s.r32 + I32.scratchIds] >> 2;
    f64.set(rects, at);
    for (let i = 0; i < n; i++) i32[idAt + i] = ids === undefined ? i : ids[i];
    const done = native.setRects(s.handle, n);
    for (let i = 0; i < done; i++) s.registry.placed(ids === undefined ? i : ids[i]);
    if (done < n) {
      throw noMemory(s.where, 'items 0 to ' + (done - 1) + ' were placed, items ' + done + ' to ' + (n - 1) +
        ' were not (those already in the tree keep their previous places)');
    }
  };

  /** The objects (or ids) whose rect overlaps `rect`, each once, as a new array. */
  proto.search = function (/** @type {any} */ rect) {
    const s = live(this, 'search');
    readRect(s, 'rect', rect, rectIn);
    flush(s);
    return collect(s, room(s, native.search(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3])), null);
  };

  /** Whether any object overlaps `rect` (stops at the first). */
  proto.collides = function (/** @type {any} */ rect) {
    const s = live(this, 'collides');
    readRect(s, 'rect', rect, rectIn);
    flush(s);
    return room(s, native.collides(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3])) !== 0;
  };

  /** Every overlapping pair of distinct objects, each once, computed in one native call. */
  proto.pairs = function () {
    const s = live(this, 'pairs');
    flush(s);
    const count = room(s, native.pairs(s.handle));
    views();
    const at = i32[s.r32 + I32.results] >> 2;
    return new PairList(i32.slice(at, at + 2 * count), s.registry.objects);
  };

  /**
   * Calls `callback(a, b)` for every overlapping pair. The pairs are computed first, so the
   * callback may change the tree.
   */
  proto.forEachPair = function (/** @type {any} */ callback) {
    const s = live(this, 'forEachPair');
    checkFunction(s, 'callback', callback);
    const list = proto.pairs.call(this);
    const ids = list.ids, objects = list._objects, n = ids.length;
    // Resolved before the first call: a callback that removes or inserts reuses ids.
    const resolved = new Array(n);
    for (let i = 0; i < n; i++) resolved[i] = objects[ids[i]];
    for (let i = 0; i < n; i += 2) callback(resolved[i], resolved[i + 1]);
  };

  /** Sizes for tuning: nodes, leaves, depth, references (object copies in leaves), objects. */
  proto.stats = function () {
    const s = live(this, 'stats');
    flush(s);
    native.stats(s.handle);
    views();
    const r = s.r32;
    return { nodes: i32[r + I32.nodes], leaves: i32[r + I32.leaves], depth: i32[r + I32.depth],
      references: i32[r + I32.references], objects: i32[r + I32.objects] };
  };

  /**
   * Calls `callback(bounds, level, isLeaf, count)` for every node, depth-first (for drawing the
   * tree); `count` is a leaf's number of object references.
   */
  proto.forEachNode = function (/** @type {any} */ callback) {
    const s = live(this, 'forEachNode');
    checkFunction(s, 'callback', callback);
    flush(s);
    const count = room(s, native.nodeWalk(s.handle));
    views();
    const at = i32[s.r32 + I32.walk] >> 3;
    const walk = f64.slice(at, at + WALK_ROW * count); // the callback may change the tree
    for (let i = 0; i < walk.length; i += WALK_ROW) {
      callback({ x: walk[i + 1], y: walk[i + 2], width: walk[i + 3], height: walk[i + 4] },
        walk[i], walk[i + 6] === 1, walk[i + 5]);
    }
  };

  /**
   * Checks every invariant of the native tree and of what the facade keeps from it (for tests and
   * debugging): a cache that outlived a change of the tree makes it false.
   */
  proto.validate = function () {
    const s = live(this, 'validate');
    flush(s);
    if (room(s, native.validate(s.handle)) !== 1) return false;
    current(s);
    for (let leaf = 0; leaf < s.leafLists.length; leaf++) {
      const list = s.leafLists[leaf];
      if (list === undefined) continue;
      const now = collect(s, room(s, s.listCall(s.handle, leaf)), null);
      if (now.length !== list.length || now.some((o, i) => o !== list[i])) return false;
    }
    return true;
  };

  /** Frees the native memory now; afterwards every call throws. Safe to call twice. */
  proto.dispose = function () {
    this._s.dispose();
  };
  proto[DISPOSE] = proto.dispose;
}
