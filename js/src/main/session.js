// One native tree's JavaScript side, the session record: its handle and Reply (abi.h), the
// object <-> id table, its share of the staging buffer (stage.js), the fields of what is read from
// the tree and kept (caches.js, leaf-grid.js), and lifetime; and live(), which every method calls
// first.
import { finalizer, native, views } from '../wasm/native.js';
import { NativeSession } from '../common/native-session.js';
import { findStage, unstage } from './stage.js';
import { noMemory } from '../common/validate.js';

/** Shared by a tree and its node views; collected (and its native tree freed) only when none of
 * them is reachable. */
export class Session extends NativeSession {
  /**
   * @param {string} className @param {number} handle
   * @param {Function} [listCall] the native call that builds a cached list from its node: a
   *   leaf's own list (nodeObjects, the default), or for the tutorial tree the path up from a node
   */
  constructor(className, handle, listCall = native.nodeObjects) {
    super(className, handle);
    this.isSeed = false; // (a tree's _s: its Session, or its Seed before it has one)
    findStage(this.r32);
    this.staged = 0; // inserts of this tree in the staging buffer (only the stager has any)
    this.sentShapes = false; // whether the last sendChanged() wrote kinds of shape (refresh.js)
    /** Objects whose inserts did not fit when another tree's staging applied them: the error
     * this tree's next call that applies inserts throws. @type {any[] | null} */
    this.lost = null;
    /** node index -> its Quadtree view (root at 0) @type {any[]} */
    this.views = [];
    // Read from the tree at version `seen` besides the answers of root queries that reached
    // several leaves: each leaf's objects, and the root's leaf grid (its side, 0: not read; where
    // its cells and their bounds are; how a point maps to a cell).
    /** @type {any[][]} */
    this.leafLists = [];
    this.listCall = listCall;
    this.grid = 0;
    this.gridCells = this.gridBounds = 0;
    this.gx = this.gy = this.gsx = this.gsy = 0;
    this.disposed = false;
    /** A young tree's seed (seed.js): it keeps a copy of what the tree inserted.
     * @type {import('./seed.js').Seed | null} */
    this.young = null;
    if (finalizer) finalizer.register(this, handle, this);
  }

  /** Its native tree was emptied (clear(), or made new for another tree: seed.js): nothing
   * staged, no subnode views, the id table kept for the steady-order guess. (What was read from
   * the tree goes by its version.) */
  emptied() {
    unstage(this);
    this.registry.cleared();
    this.views.length = 1;
    return this;
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    if (this.young !== null) this.young.age();
    unstage(this);
    if (finalizer) finalizer.unregister(this);
    native.destroy(this.handle);
    this.registry = /** @type {any} */ (null);
    this.views = [];
  }
}

/**
 * The session of a tree about to run `method`, which must still be usable.
 * @param {any} tree @param {string} method
 * @returns {Session}
 */
export function live(tree, method) {
  let s = tree._s;
  s.method = method;
  if (s.disposed) throw new Error(s.where + ': this quadtree was disposed; create a new one');
  if (s.isSeed) s = s.grow(tree); // a root with no native tree yet (seed.js)
  // A young tree's copy holds what it inserted: a call that its kind does not keep it young
  // through (one that may change the tree otherwise) ages it.
  if (s.young !== null && s.young.agedBy(method)) s.young.age();
  if (tree._n !== 0 && s.views[tree._n] !== tree) {
    throw new Error(s.where + ': this node was removed by clear(); read tree.nodes again');
  }
  return s;
}

/**
 * Room in the native scratch buffer for `n` rects (and ids): its f64 index.
 * @param {Session} s @param {number} n
 */
export function scratch(s, n) {
  const at = native.scratch(s.handle, n);
  if (at === 0 && n > 0) throw noMemory(s.where); // (room for nothing may have no address)
  views();
  return at >> 3;
}

