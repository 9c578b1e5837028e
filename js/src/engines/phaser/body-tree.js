// The stand-in for Phaser's RTree (Phaser.Structs.RTree, a fork of rbush) that Arcade Physics
// calls: the items are bodies, read as `left`, `top`, `right`, `bottom`, and a search finds the
// items whose boxes intersect the query's by rbush's rule, which counts touching boxes:
//   item.left <= q.maxX && item.top <= q.maxY && item.right >= q.minX && item.bottom >= q.minY
// The boxes are indexed by BoxIndex (../engines/box-index.js), which finds every body whose box as
// indexed meets the query; the rule above then decides, on the boxes as they are at the call (as
// the RTree's own leaf test does). The step's `clear(); load(bodies)` is BoxIndex's refill.
// Searches list bodies in the order of their ids.
import { BoxIndex } from '../box-index.js';

/**
 * @typedef {{ left: number, top: number, right: number, bottom: number }} Boxed an item as the
 *   RTree reads it
 * @typedef {{ minX: number, minY: number, maxX: number, maxY: number }} BBox a query
 */

export class BodyTree extends BoxIndex {
  /** Every item, in the order of their ids. @returns {Boxed[]} */
  all() {
    return this._allItems();
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
    if (this._clearing) this._replace(data && data.length ? data : []);
    else if (data) for (let i = 0; i < data.length; i++) if (data[i]) this._put(data[i]);
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

  /**
   * The items that intersect bbox, into `out`; `out` null: true at the first.
   * @param {BBox} bbox @param {Boxed[] | null} out
   */
  _find(bbox, out) {
    this._sync();
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
      const ids = this._idsMeeting(minX, minY, maxX, maxY);
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

}
