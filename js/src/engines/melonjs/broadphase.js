// The stand-in for melonJS 20's `world.broadphase` (its 2D QuadTree): the calls the world, its
// physics and its containers make (docs/ENGINES.md), on a BoxIndex (../engines/box-index.js).
//
// Each item is indexed by the box its collisions can reach: its bounds (world coordinates), and
// its body's box placed where SAT places it (the body's own box from the bounds' top-left). The
// frame's `clear(); insertContainer(world)` is BoxIndex's refill: items that stayed keep their
// place. `retrieve(item)` gives every item whose box meets the item's box (touching included),
// where the stock tree gives every item of the nodes the item falls in, from where items were when
// the frame began. Bodies move during the step, one after the other, each asking right after its
// move, and the detector pushes apart the pairs it finds: so before each retrieve the tree reads
// again the boxes of the item asking and of the last asker and its candidates. A body is then
// looked for where it is, not where the frame found it. (Those moves reach the index in batches:
// BoxIndex._idsMeetingNow().)
import { BoxIndex } from '../box-index.js';

/** A point for the viewport's localToWorld() (the calls it makes of a Vector2d). */
class Point {
  constructor() {
    this.x = 0;
    this.y = 0;
  }
  /** @param {number} x @param {number} y */
  set(x, y) {
    this.x = x;
    this.y = y;
    return this;
  }
  /** @param {{ x: number, y: number }} v */
  add(v) {
    this.x += v.x;
    this.y += v.y;
    return this;
  }
  /** @param {{ x: number, y: number }} v */
  sub(v) {
    this.x -= v.x;
    this.y -= v.y;
    return this;
  }
}

/** @param {any} c */
const isContainer = (c) => typeof c.addChild === 'function' && typeof c.getChildren === 'function';

export class QuadtreeBroadphase extends BoxIndex {
  /**
   * @param {any} world the melonJS World
   * @param {any} [stock] the broadphase it replaces (its bounds and limits are kept, for readers)
   */
  constructor(world, stock) {
    const b = world.getBounds();
    super({ x: b.left, y: b.top, width: b.width, height: b.height });
    this.world = world;
    /** The area the world's broadphase covers (its debug overlay draws it). */
    this.bounds = stock && stock.bounds ? stock.bounds : b.clone();
    this.level = 0;
    this.max_objects = stock ? stock.max_objects : 4;
    this.max_levels = stock ? stock.max_levels : 4;
    /** No subnodes: every item is in this one. @type {any[]} */
    this.nodes = [];
    /** @type {any[]} what retrieve() fills when given no array */
    this._scratch = [];
    /** @type {any[]} items that may have moved since the tree read them (see the top) */
    this._touched = [];
    this._walking = 0;
    this._load = 0;
    this._point = new Point();
  }

  /** Every item, in the order of their ids. */
  get objects() {
    return this._allItems();
  }

  /**
   * An item's box: its bounds, with its body's box (if it has a body) placed as SAT places it.
   * @param {any} item @param {Float64Array} out
   */
  _boxOf(item, out) {
    const bounds = item.getBounds();
    let l = bounds.left, t = bounds.top, r = bounds.right, b = bounds.bottom;
    if (item.isFloating === true) {
      // (on screen: placed in the world through the viewport, as the stock tree places it)
      const p = this.world.app.viewport.localToWorld(l, t, this._point);
      r += p.x - l;
      b += p.y - t;
      l = p.x;
      t = p.y;
    }
    const body = item.body;
    if (body && typeof body.getBounds === 'function') {
      const own = body.getBounds();
      const bl = l + own.left, bt = t + own.top, br = l + own.right, bb = t + own.bottom;
      if (bl < l) l = bl;
      if (bt < t) t = bt;
      if (br > r) r = br;
      if (bb > b) b = bb;
    }
    out[0] = l;
    out[1] = t;
    out[2] = r;
    out[3] = b;
  }

  /** Adds an item (or reads its box again). @param {any} item */
  insert(item) {
    this._settle();
    if (this._walking > 0 && this._load > 0) this._keep(item, this._load);
    else this._put(item);
  }

  /** Removes an item; true if it was here. @param {any} item */
  remove(item) {
    if (!item || typeof item.getBounds === 'undefined') return false;
    this._settle();
    const id = this._ids.get(item);
    if (id === undefined) return false;
    this._drop(id);
    return true;
  }

  /**
   * Every item of a container, as the stock tree walks it: children last to first, none that is
   * kinematic, containers (but the world's root) and what they hold, other children with bounds.
   * After clear(), the walk is the refill (items it does not list go).
   * @param {any} container
   */
  insertContainer(container) {
    const outer = this._walking === 0;
    if (outer) this._load = this._clearing ? this._beginReplace() : 0;
    this._walking++;
    try {
      const children = container.getChildren();
      for (let i = children.length, child; i--, (child = children[i]);) {
        if (child.isKinematic === true) continue;
        if (isContainer(child)) {
          if (child.name !== 'rootContainer') this.insert(child);
          this.insertContainer(child);
        } else if (typeof child.getBounds === 'function') {
          this.insert(child);
        }
      }
    } finally {
      this._walking--;
      if (outer && this._load > 0) {
        this._endReplace(this._load);
        this._load = 0;
      }
    }
  }

  /** Removes every item of a container, walked as insertContainer() walks it. @param {any} container */
  removeContainer(container) {
    const children = container.getChildren ? container.getChildren() : null;
    if (!children) return;
    for (let i = children.length, child; i--, (child = children[i]);) {
      if (child.isKinematic === true) continue;
      if (typeof child.addChild === 'function') {
        if (child.name !== 'rootContainer') this.remove(child);
        this.removeContainer(child);
      } else if (typeof child.getBounds === 'function') {
        this.remove(child);
      }
    }
  }

  /**
   * The items whose boxes meet `item`'s (itself included, if it is here), in the order of their
   * ids: appended to `result`, or in an array this tree reuses when none is given (then sorted by
   * `fn`, if given).
   * @param {any} item @param {(a: any, b: any) => number} [fn] @param {any[]} [result]
   * @returns {any[]}
   */
  retrieve(item, fn, result) {
    this._settle();
    const touched = this._touched, ids = this._ids;
    for (let i = 0; i < touched.length; i++) {
      const id = ids.get(touched[i]);
      if (id !== undefined) this._reread(touched[i], id);
    }
    touched.length = 0;
    const own = ids.get(item);
    if (own !== undefined) this._reread(item, own);
    else this._boxOf(item, this._read);
    const q = this._read;
    const out = result === undefined ? this._scratch : result;
    if (result === undefined) out.length = 0;
    if (ids.size > this._odd.size) {
      const found = this._idsMeetingNow(q[0], q[1], q[2], q[3]), items = this._items;
      for (let i = 0; i < found.length; i++) {
        const other = items[found[i]];
        out.push(other);
        touched.push(other);
      }
    }
    // (an item with a box that is not finite is anywhere: a candidate of every query)
    if (this._odd.size > 0) for (const other of this._odd) out.push(other);
    touched.push(item);
    if (result === undefined && typeof fn === 'function') out.sort(fn);
    return out;
  }

  /**
   * Empties the tree (the next insertContainer() is compared with what it held); `bounds`: the
   * area it covers from now on.
   * @param {any} [bounds]
   */
  clear(bounds) {
    this._clearing = true;
    this._touched.length = 0;
    if (bounds !== undefined && this.bounds && typeof this.bounds.setMinMax === 'function') {
      this.bounds.setMinMax(bounds.min.x, bounds.min.y, bounds.max.x, bounds.max.y);
    }
  }

  /** Whether it holds nothing. */
  isPrunable() {
    this._settle();
    return this._ids.size === 0;
  }

  /** Whether it has subnodes: never (every item is in this node). */
  hasChildren() {
    return false;
  }

  /** The subnode an item belongs in: none (-1), as for an item across a midline. */
  getIndex() {
    return -1;
  }

  /** (No subnodes to make.) */
  split() {}
}

