// What the engine plug-ins share: a set of items (the engine's objects) each indexed by its box
// (left, top, right, bottom, as the subclass's _boxOf() reads it) in an id tree of ours (a
// Quadtree filled with setRects), each box widened by a hair so that the strict rule of our index
// finds the touching ones too. Items take ids in the order they first come in (a removed item's id
// goes to the next new one); queries list ids in increasing order.
//
// Engines empty and refill their broadphase every step: here the emptying only marks the set,
// and the refill after it (_replace(), or _beginReplace() ... _keep() ... _endReplace()) keeps
// every item listed again in its place, moves those whose boxes changed, and lets go of the rest.
// What changed reaches the index in one setRects() at the next query (_write()).
import { Quadtree } from '../main/index.js';

// Widening: a box is indexed as [left - e, right + e] × [top - e, bottom + e], e relative to the
// magnitudes (a few thousand units in the last place: rounding never undoes it).
const RELATIVE = 2 ** -40, ABSOLUTE = 2 ** -1000;
const widening = (/** @type {number} */ a, /** @type {number} */ b) => (Math.abs(a) + Math.abs(b)) * RELATIVE + ABSOLUTE;
const finite = (/** @type {number} */ v) => v - v === 0;
// Up to this many ids, a query reads the boxes in JavaScript: for a few dozen items that is
// cheaper than a call into the index (the same test, on the same numbers: the same answers).
const SCANNED = 64;
// _idsMeetingNow() lets up to this many changes wait for the index (tested in JavaScript
// meanwhile): one write for many queries.
const PENDING = 64;

export class BoxIndex {
  /**
   * @param {{ x: number, y: number, width: number, height: number }} [bounds] where most items
   *   are (any item may lie outside)
   */
  constructor(bounds) {
    const b = bounds && finite(bounds.x) && finite(bounds.y) && bounds.width > 0 && bounds.height > 0 && finite(bounds.width) && finite(bounds.height)
      ? bounds : { x: 0, y: 0, width: 1024, height: 1024 };
    /** @type {any} */
    this._index = new Quadtree({ x: b.x, y: b.y, width: b.width, height: b.height });
    /** @type {any[]} id -> item (undefined: free) */
    this._items = [];
    /** @type {Map<any, number>} item -> id */
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
    /** @type {Set<any>} items whose box has a coordinate that is not finite (never indexed) */
    this._odd = new Set();
    this._loads = 0;
    this._clearing = false;
    this._read = new Float64Array(4);
    this._window = { x: 0, y: 0, width: 0, height: 0 };
    /** The item whose own query this is, when the caller says, else null (see _rowOf). */
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

  /**
   * An item's box, into out: left, top, right, bottom (a subclass says how it reads one).
   * @param {any} item @param {Float64Array} out
   */
  _boxOf(item, out) {
    out[0] = item.left;
    out[1] = item.top;
    out[2] = item.right;
    out[3] = item.bottom;
  }

  /** Every item, in the order of their ids. @returns {any[]} */
  _allItems() {
    this._settle();
    const out = [];
    for (const item of this._items) if (item !== undefined) out.push(item);
    return out;
  }

  /** Frees the native tree now (it is freed with this object otherwise); the set is then empty. */
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

  // An emptying not followed by a refill empties the set before anything else.
  _settle() {
    if (this._clearing) this._replace([]);
  }

  // The index made current before a query.
  _sync() {
    this._settle();
    if (this._dirty.length > 0 || this._gone.length > 0) this._write();
  }

  /**
   * Emptying then refilling with `data`: the items listed stay (moved if their boxes changed),
   * the rest go.
   * @param {ArrayLike<any>} data
   */
  _replace(data) {
    if (data.length === 0 && this._ids.size > 0) {
      this._clearing = false;
      this._index.clear();
      this._forget();
      return;
    }
    const load = this._beginReplace();
    for (let i = 0; i < data.length; i++) if (data[i]) this._keep(data[i], load);
    this._endReplace(load);
  }

  /** A refill begins: its number, for _keep() and _endReplace(). */
  _beginReplace() {
    this._clearing = false;
    return ++this._loads;
  }

  /** An item listed by the refill `load`. @param {any} item @param {number} load */
  _keep(item, load) {
    const id = this._put(item); // (first: it may grow _seen)
    this._seen[id] = load;
  }

  /** The refill `load` ends: the items it did not list go. @param {number} load */
  _endReplace(load) {
    const items = this._items, seen = this._seen;
    for (let id = 0; id < items.length; id++) if (items[id] !== undefined && seen[id] !== load) this._drop(id);
  }

  /** Adds or re-reads an item; its id. @param {any} item */
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
    return this._reread(item, id);
  }

  /**
   * Reads an item's box again (left in _read), marking it to be written if it changed; its id.
   * @param {any} item @param {number} id
   */
  _reread(item, id) {
    const box = this._box, at = 4 * id;
    const read = this._read;
    this._boxOf(item, read);
    const l = read[0], t = read[1], r = read[2], b = read[3];
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
    const item = this._items[id];
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
   * The ids whose indexed boxes may meet the query's box (the query widened as the boxes are, by
   * the index's strict rule: every box that meets it, touching included, and no other but within a
   * hair), in increasing order; a query with a coordinate that is not finite, or inverted: every
   * indexed id. Call _sync() first.
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
   * @returns {ArrayLike<number>}
   */
  _idsMeeting(minX, minY, maxX, maxY) {
    const w = this._window;
    if (!(finite(minX) && finite(minY) && finite(maxX) && finite(maxY) && minX <= maxX && minY <= maxY)) return this._everyId();
    return this._items.length <= SCANNED ? this._scan(w, minX, minY, maxX, maxY) : this._candidates(w, minX, minY, maxX, maxY);
  }

  /**
   * _idsMeeting() without writing every change first: ids whose boxes changed since the index last
   * read them (or new ones) are tested here, on their rects as they are now, and the index's answer
   * skips them; the changes are written once more than PENDING wait. For callers whose items move
   * between queries (each query then costs no write).
   * @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
   * @returns {ArrayLike<number>}
   */
  _idsMeetingNow(minX, minY, maxX, maxY) {
    this._settle();
    const dirty = this._dirty, gone = this._gone;
    const exact = finite(minX) && finite(minY) && finite(maxX) && finite(maxY) && minX <= maxX && minY <= maxY;
    if (!exact || dirty.length + gone.length > PENDING) this._write();
    if (!exact) return this._everyId();
    const w = this._window;
    if (this._items.length <= SCANNED) return this._scan(w, minX, minY, maxX, maxY);
    const found = this._candidates(w, minX, minY, maxX, maxY);
    if (dirty.length === 0 && gone.length === 0) return found;
    // The index's answer, less what it holds from before a change; then the changed ones, tested.
    const items = this._items, waiting = this._waiting, box = this._box, rect = this._rect;
    let n = 0;
    for (let i = 0; i < found.length; i++) {
      const id = found[i];
      if (items[id] !== undefined && waiting[id] === 0) found[n++] = id;
    }
    found.length = n;
    const qx = w.x, qy = w.y, qr = w.x + w.width, qb = w.y + w.height;
    let added = false;
    for (let i = 0; i < dirty.length; i++) {
      const id = dirty[i], at = 4 * id;
      if (items[id] === undefined || box[at] !== box[at]) continue;
      const x = rect[at], y = rect[at + 1];
      if (qx < x + rect[at + 2] && x < qr && qy < y + rect[at + 3] && y < qb) {
        found.push(id);
        added = true;
      }
    }
    return added ? found.sort((/** @type {number} */ a, /** @type {number} */ b) => a - b) : found;
  }

  /**
   * When the item searching is in the tree, where it was indexed: the id whose row of
   * `_rowIds` lists what a search would find (itself and every id whose rect overlaps its rect,
   * in increasing order), else -1. The rows are made from one pairs() of the index once enough
   * such searches came since the index was last written: a world that collides a group with
   * itself asks once per body, each step, and one call then stands for all of them.
   * @param {any} asker @param {number} minX @param {number} minY @param {number} maxX @param {number} maxY
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
