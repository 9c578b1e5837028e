// The stand-in for Phaser's RTree (Phaser.Structs.RTree, a fork of rbush) that Arcade Physics
// calls: the items are bodies, read as `left`, `top`, `right`, `bottom`, and a search finds the
// items whose boxes intersect the query's by rbush's rule, which counts touching boxes:
//   item.left <= q.maxX && item.top <= q.maxY && item.right >= q.minX && item.bottom >= q.minY
// The boxes live in an id tree of ours (a Quadtree filled with setRects), each widened by a hair
// so that the strict rule of our index finds the touching ones too; the rule above then decides,
// on the items' boxes as they are at the call (as the RTree's own leaf test does).
//
// The world empties and bulk-loads its dynamic tree every step (`clear(); load(bodies)`): here
// `clear()` only marks the tree, and the `load()` after it keeps every body that is loaded again
// in its place, moves those whose boxes changed, and lets go of the rest. Searches return the
// items in the order of their ids, which bodies take in the order they first come in (a removed
// body's id goes to the next new one): the same calls give the same order.
import { Quadtree } from '../index.js';

// Widening: a box is indexed as [left - e, right + e] × [top - e, bottom + e], e relative to the
// magnitudes (a few thousand units in the last place: rounding never undoes it).
const RELATIVE = 2 ** -40, ABSOLUTE = 2 ** -1000;
const widening = (/** @type {number} */ a, /** @type {number} */ b) => (Math.abs(a) + Math.abs(b)) * RELATIVE + ABSOLUTE;
const finite = (/** @type {number} */ v) => v - v === 0;
// Up to this many ids, a search reads the boxes in JavaScript: for a few dozen bodies that is
// cheaper than a call into the index (the same test, on the same numbers: the same answers).
const SCANNED = 64;

/**
 * @typedef {{ left: number, top: number, right: number, bottom: number }} Boxed an item as the
 *   RTree reads it
 * @typedef {{ minX: number, minY: number, maxX: number, maxY: number }} BBox a query
 */

export class BodyTree {
  /**
   * @param {{ x: number, y: number, width: number, height: number }} [bounds] where most items
   *   are (any item may lie outside)
   */
  constructor(bounds) {
    const b = bounds && bounds.width > 0 && bounds.height > 0 ? bounds : { x: 0, y: 0, width: 1024, height: 1024 };
    /** @type {any} */
    this._index = new Quadtree({ x: b.x, y: b.y, width: b.width, height: b.height });
    /** @type {(Boxed | undefined)[]} id -> item */
    this._items = [];
    /** @type {Map<Boxed, number>} item -> id */
    this._ids = new Map();
    /** @type {number[]} ids free to take */
    this._free = [];
    /** @type {number[]} ids let go of since the index was last written (free once it is) */
    this._gone = [];
    // Per id: the box as indexed (left, top, right, bottom; NaN: not indexed), the load that last
    // listed it, and whether it waits to be written.
    this._box = new Float64Array(256);
    /** Per id: the rect the index holds (the box widened: x, y, width, height). */
    this._rect = new Float64Array(256);
    this._seen = new Uint32Array(64);
    this._waiting = new Uint8Array(64);
    /** @type {number[]} ids whose box is to be written */
    this._dirty = [];
    /** @type {Set<Boxed>} items whose box has a coordinate that is not finite (never indexed) */
    this._odd = new Set();
    this._loads = 0;
    this._clearing = false;
    this._window = { x: 0, y: 0, width: 0, height: 0 };
    /** The item whose own search this is, when the caller says (useQuadtree: Arcade's
     * collideSpriteVsGroup), else null. @type {Boxed | null} */
    this.asker = null;
    // The rows of the pairs (_rowOf): made when the index had been written `_rowsAt` times.
    this._writes = 0;
    this._rowsAt = -1;
    this._asked = 0;
    this._rowStart = new Int32Array(0);
    this._rowIds = new Int32Array(0);
    /** @type {Float64Array} */
    this._rects = new Float64Array(256);
    /** @type {Int32Array} */
    this._rectIds = new Int32Array(64);
  }

  /** Every item, in the order of their ids. @returns {Boxed[]} */
  all() {
    this._settle();
    const out = [];
    for (const item of this._items) if (item !== undefined) out.push(item);
    return out;
  }

  /** The items whose boxes intersect `bbox` (touching counts). @param {BBox} bbox @returns {Boxed[]} */
  search(bbox) {
    /** @type {Boxed[]} */
    const out = [];
    this._find(bbox, out);
    return out;
  }

  /** Whether any item's box intersects `bbox` (touching counts). @param {BBox} bbox */
  collides(bbox) {
    return this._find(bbox, null);
  }

  /**
   * Adds the items (an item already in the tree is only re-read).
   * @param {ArrayLike<Boxed>} data
   */
  load(data) {
    if (!(data && data.length)) {
      if (this._clearing) this._replace([]);
      return this;
    }
    if (this._clearing) return this._replace(data);
    for (let i = 0; i < data.length; i++) this._put(data[i]);
    return this;
  }

  /** Adds an item (or re-reads it, if it is in the tree). @param {Boxed} item */
  insert(item) {
    this._settle();
    if (item) this._put(item);
    return this;
  }

  /** Empties the tree (the next load() is compared with what it held). */
  clear() {
    this._clearing = true;
    return this;
  }

  /**
   * Removes an item, found by identity (or the first for which `equalsFn(item, other)` is true).
   * @param {Boxed} item @param {(a: Boxed, b: Boxed) => boolean} [equalsFn]
   */
  remove(item, equalsFn) {
    this._settle();
    if (!item) return this;
    let id = this._ids.get(item);
    if (id === undefined && equalsFn) id = this._items.findIndex((other) => other !== undefined && equalsFn(item, other));
    if (id !== undefined && id >= 0) this._drop(id);
    return this;
  }

  /** The box of an item as the RTree reads it. @param {Boxed} item @returns {BBox} */
  toBBox(item) {
    return { minX: item.left, minY: item.top, maxX: item.right, maxY: item.bottom };
  }

  /** @param {Boxed} a @param {Boxed} b */
  compareMinX(a, b) {
    return a.left - b.left;
  }

  /** @param {Boxed} a @param {Boxed} b */
  compareMinY(a, b) {
    return a.top - b.top;
  }

  /** Frees the native tree now (it is freed with this tree otherwise); the tree is then empty. */
  dispose() {
    this._index.dispose();
    this._forget();
  }

  // Lets go of every item (the index is emptied by the caller).
  _forget() {
    this._writes++;
    this._items = [];
    this._ids.clear();
    this._odd.clear();
    this._free = [];
    this._gone = [];
    this._dirty = [];
    this._waiting.fill(0);
  }

  // A clear() not followed by load() empties the tree before anything else.
  _settle() {
    if (this._clearing) this._replace([]);
  }

  /**
   * clear() then load(data): the items listed stay (moved if their boxes changed), the rest go.
   * @param {ArrayLike<Boxed>} data
   */
  _replace(data) {
    this._clearing = false;
    const load = ++this._loads;
    if (data.length === 0 && this._ids.size > 0) {
      this._index.clear();
      this._forget();
      return this;
    }
    for (let i = 0; i < data.length; i++) {
      const item = data[i];
      if (!item) continue;
      const id = this._put(item); // (first: it may grow _seen)
      this._seen[id] = load;
    }
    const items = this._items, seen = this._seen;
    for (let id = 0; id < items.length; id++) if (items[id] !== undefined && seen[id] !== load) this._drop(id);
    return this;
  }

  /** Adds or re-reads an item; its id. @param {Boxed} item */
  _put(item) {
    let id = this._ids.get(item);
    if (id === undefined) {
      id = this._free.length > 0 ? /** @type {number} */ (this._free.pop()) : this._items.length;
      if (id === this._items.length) this._items.push(item);
      else this._items[id] = item;
      this._ids.set(item, id);
      this._room(id);
      this._box[4 * id] = NaN;
    }
    const box = this._box, at = 4 * id;
    const l = item.left, t = item.top, r = item.right, b = item.bottom;
    if (box[at] === l && box[at + 1] === t && box[at + 2] === r && box[at + 3] === b) return id;
    if (finite(l) && finite(t) && finite(r) && finite(b)) {
      if (this._odd.size > 0) this._odd.delete(item);
      box[at] = l; box[at + 1] = t; box[at + 2] = r; box[at + 3] = b;
      const rect = this._rect, ex = widening(l, r), ey = widening(t, b);
      rect[at] = l - ex;
      rect[at + 1] = t - ey;
      rect[at + 2] = r - l + 2 * ex;
      rect[at + 3] = b - t + 2 * ey;
    } else {
      this._odd.add(item);
      if (box[at] !== box[at]) return id; // (not indexed: nothing to undo)
      box[at] = NaN;
    }
    if (this._waiting[id] === 0) {
      this._waiting[id] = 1;
      this._dirty.push(id);
    }
    return id;
  }

  /** Lets go of an item. @param {number} id */
  _drop(id) {
    const item = /** @type {Boxed} */ (this._items[id]);
    this._ids.delete(item);
    if (this._odd.size > 0) this._odd.delete(item);
    this._items[id] = undefined;
    this._box[4 * id] = NaN;
    this._gone.push(id);
  }

  /** Room for id in the per-id arrays. @param {number} id */
  _room(id) {
    if (id < this._seen.length) return;
    const n = Math.max(2 * this._seen.length, id + 1);
    const grow = (/** @type {any} */ a, /** @type {number} */ size) => {
      const b = new a.constructor(size);
      b.set(a);
      return b;
    };
    this._seen = grow(this._seen, n);
    this._waiting = grow(this._waiting, n);
    this._box = grow(this._box, 4 * n);
    this._rect = grow(this._rect, 4 * n);
  }

  // Writes what changed into the index: one call for the boxes, one per item let go of.
  _write() {
    const gone = this._gone, dirty = this._dirty, index = this._index;
    this._writes++;
    this._asked = 0;
    if (gone.length > 0) {
      for (const id of gone) {
        if (this._waiting[id] === 0) index.remove(id);
        // (an id let go of while waiting was written never, or is removed below)
      }
    }
    if (dirty.length > 0) {
      if (this._rects.length < 4 * dirty.length) {
        this._rects = new Float64Array(8 * dirty.length);
        this._rectIds = new Int32Array(2 * dirty.length);
      }
      const rects = this._rects, ids = this._rectIds, box = this._box, rect = this._rect;
      let n = 0;
      for (const id of dirty) {
        this._waiting[id] = 0;
        const at = 4 * id;
        if (box[at] !== box[at]) {
          index.remove(id); // not indexed now (let go of, or no longer finite)
          continue;
        }
        rects[4 * n] = rect[at];
        rects[4 * n + 1] = rect[at + 1];
        rects[4 * n + 2] = rect[at + 2];
        rects[4 * n + 3] = rect[at + 3];
        ids[n++] = id;
      }
      if (n > 0) index.setRects(rects.subarray(0, 4 * n), ids.subarray(0, n));
      dirty.length = 0;
    }
    if (gone.length > 0) {
      for (const id of gone) this._free.push(id);
      gone.length = 0;
      // (ids are taken from the end: the lowest first)
      this._free.sort((a, b) => b - a);
    }
  }

  /**
   * The items that intersect bbox, into `out`; `out` null: true at the first.
   * @param {BBox} bbox @param {Boxed[] | null} out
   */
  _find(bbox, out) {
    this._settle();
    if (this._dirty.length > 0 || this._gone.length > 0) this._write();
    const minX = bbox.minX, minY = bbox.minY, maxX = bbox.maxX, maxY = bbox.maxY;
    let hit = false;
    const row = this.asker !== null ? this._rowOf(this.asker, minX, minY, maxX, maxY) : -1;
    if (row >= 0) {
      // The asker's candidates are its row of the step's pairs (see _rowOf)
      const items = this._items, rowIds = this._rowIds;
      for (let i = this._rowStart[row], end = this._rowStart[row + 1]; i < end; i++) {
        const item = /** @type {Boxed} */ (items[rowIds[i]]);
        if (item.left <= maxX && item.top <= maxY && item.right >= minX && item.bottom >= minY) {
          if (out === null) return true;
          out.push(item);
          hit = true;
        }
      }
    } else if (this._ids.size > this._odd.size) {
      const w = this._window;
      // A query with a coordinate that is not finite is answered from every item.
      const ids = finite(minX) && finite(minY) && finite(maxX) && finite(maxY) && minX <= maxX && minY <= maxY
        ? (this._items.length <= SCANNED ? this._scan(w, minX, minY, maxX, maxY) : this._candidates(w, minX, minY, maxX, maxY))
        : this._everyId();
      const items = this._items;
      for (let i = 0; i < ids.length; i++) {
        const item = /** @type {Boxed} */ (items[ids[i]]);
        if (item.left <= maxX && item.top <= maxY && item.right >= minX && item.bottom >= minY) {
          if (out === null) return true;
          out.push(item);
          hit = true;
        }
      }
    }
    // Items with a coordinate that is not finite are tested as they are (the RTree finds one when
    // an infinite side reaches the query).
    if (this._odd.size > 0) {
      for (const item of this._odd) {
        if (item.left <= maxX && item.top <= maxY && item.right >= minX && item.bottom >= minY) {
          if (out === null) return true;
          out.push(item);
          hit = true;
        }
      }
      if (out !== null && out.length > 1) {
        const ids = this._ids;
        out.sort((a, b) => /** @type {number} */ (ids.get(a)) - /** @type {number} */ (ids.get(b)));
      }
    }
    return hit;
  }

  /**
   * When the item searching is in the tree, where it was indexed: the id whose row of
   * `_rowIds` lists what a search would find (itself and every id whose rect overlaps its rect,
   * in increasing order), else -1. The rows are made from one pairs() of the index once enough
   * such searches came since the index was last written: a world that collides a group with
   * itself asks once per body, each step, and one call then stands for all of them.
   * @param {Boxed} asker @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
   */
  _rowOf(asker, minX, minY, maxX, maxY) {
    const id = this._ids.get(asker);
    if (id === undefined || this._items.length <= SCANNED) return -1;
    const box = this._box, at = 4 * id;
    if (box[at] !== minX || box[at + 1] !== minY || box[at + 2] !== maxX || box[at + 3] !== maxY) return -1;
    if (this._rowsAt !== this._writes) {
      if (++this._asked < Math.max(32, this._ids.size >> 3)) return -1;
      this._makeRows();
    }
    return id;
  }

  // The rows: counted, placed, then each sorted (a few ids each).
  _makeRows() {
    const pairs = this._index.pairs().ids, slots = this._items.length, box = this._box;
    if (this._rowStart.length < slots + 1) this._rowStart = new Int32Array(2 * slots + 1);
    const start = this._rowStart;
    start.fill(0, 0, slots + 1);
    for (let id = 0; id < slots; id++) if (box[4 * id] === box[4 * id]) start[id + 1] = 1; // itself
    for (let i = 0; i < pairs.length; i++) start[pairs[i] + 1]++;
    for (let id = 0; id < slots; id++) start[id + 1] += start[id];
    if (this._rowIds.length < start[slots]) this._rowIds = new Int32Array(2 * start[slots]);
    const rowIds = this._rowIds, next = start.slice(0, slots);
    for (let id = 0; id < slots; id++) if (box[4 * id] === box[4 * id]) rowIds[next[id]++] = id;
    for (let i = 0; i < pairs.length; i += 2) {
      const a = pairs[i], b = pairs[i + 1];
      rowIds[next[a]++] = b;
      rowIds[next[b]++] = a;
    }
    for (let id = 0; id < slots; id++) {
      for (let i = start[id] + 1, end = start[id + 1]; i < end; i++) {
        const v = rowIds[i];
        let j = i - 1;
        while (j >= start[id] && rowIds[j] > v) {
          rowIds[j + 1] = rowIds[j];
          j--;
        }
        rowIds[j + 1] = v;
      }
    }
    this._rowsAt = this._writes;
  }

  /**
   * The query widened, as the boxes are (into w).
   * @param {{ x: number, y: number, width: number, height: number }} w
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
   */
  _widen(w, minX, minY, maxX, maxY) {
    const ex = widening(minX, maxX), ey = widening(minY, maxY);
    w.x = minX - ex;
    w.y = minY - ey;
    w.width = maxX - minX + 2 * ex;
    w.height = maxY - minY + 2 * ey;
  }

  /**
   * _candidates() read from the rects here, which the index holds, by its overlap rule (strict).
   * @param {{ x: number, y: number, width: number, height: number }} w
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
   * @returns {number[]}
   */
  _scan(w, minX, minY, maxX, maxY) {
    this._widen(w, minX, minY, maxX, maxY);
    const box = this._box, rect = this._rect, out = [];
    const qx = w.x, qy = w.y, qr = w.x + w.width, qb = w.y + w.height;
    for (let id = 0; id < this._items.length; id++) {
      const at = 4 * id;
      if (box[at] !== box[at]) continue; // (not indexed)
      const x = rect[at], y = rect[at + 1];
      if (qx < x + rect[at + 2] && x < qr && qy < y + rect[at + 3] && y < qb) out.push(id);
    }
    return out;
  }

  /**
   * The ids whose indexed boxes meet the query widened, in increasing order.
   * @param {{ x: number, y: number, width: number, height: number }} w
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
   * @returns {number[]}
   */
  _candidates(w, minX, minY, maxX, maxY) {
    this._widen(w, minX, minY, maxX, maxY);
    const ids = this._index.search(w);
    if (ids.length > 16) return ids.sort((/** @type {number} */ a, /** @type {number} */ b) => a - b);
    for (let i = 1; i < ids.length; i++) { // (an insertion sort: most searches find a few ids)
      const v = ids[i];
      let j = i - 1;
      while (j >= 0 && ids[j] > v) {
        ids[j + 1] = ids[j];
        j--;
      }
      ids[j + 1] = v;
    }
    return ids;
  }

  /** Every indexed id, in increasing order. @returns {number[]} */
  _everyId() {
    const out = [], box = this._box;
    for (let id = 0; id < this._items.length; id++) if (this._items[id] !== undefined && box[4 * id] === box[4 * id]) out.push(id);
    return out;
  }
}
