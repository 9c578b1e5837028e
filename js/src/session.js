// One native tree's JavaScript side: its handle and Reply (abi.h), the object <-> id table,
// staged inserts, the caches read from the tree, and lifetime. Inserts are written as numbers
// into a heap buffer and applied in one call when the next query comes; queries come back as ids
// in the heap, mapped to the caller's objects here.
import { F64, I32, STAGE_CAPACITY, NO_NODE } from './abi.js';
import { Named } from './named.js';
import { native, f64, i32, views } from './native.js';
import { Registry } from './registry.js';
import { noMemory } from './validate.js';

// The module's one staging buffer (abi.h's StageBuffer: every tree stages its inserts there), as
// f64 and i32 indexes, read from the first session's Reply; and the session whose inserts it holds
// now (its `staged` count; null when none). Before another tree stages, they are applied to their
// tree. Only a session with inserts staged is held here: a tree dropped then is applied and let go
// when the next tree stages.
let stageRects = 0, stageIds = 0;
/** @type {Session | null} */
let stager = null;

// Frees the native tree of a tree the program dropped without dispose().
const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((/** @type {number} */ handle) => { native.destroy(handle); })
  : null;

/** Shared by a tree and its node views; collected (and its native tree freed) only when none of
 * them is reachable. */
export class Session extends Named {
  /**
   * @param {string} className @param {number} handle
   * @param {Function} [listCall] the native call that builds a cached list from its node: a
   *   leaf's own list (nodeObjects, the default), or for the tutorial tree the path up from a node
   */
  constructor(className, handle, listCall = native.nodeObjects) {
    super(className);
    this.handle = handle;
    const reply = native.reply(handle);
    views(); // creating the tree may have grown memory
    this.r64 = reply >> 3; // the Reply, as f64 and i32 indexes
    this.r32 = reply >> 2;
    if (stageIds === 0) {
      stageRects = i32[this.r32 + I32.stageRects] >> 3;
      stageIds = i32[this.r32 + I32.stageIds] >> 2;
    }
    this.versionAt = i32[this.r32 + I32.version] >> 2; // i32 index of the tree's version
    this.staged = 0; // inserts of this tree in the staging buffer (only the stager has any)
    /** Objects whose inserts did not fit when another tree's staging applied them: the error
     * this tree's next call that applies inserts throws. @type {any[] | null} */
    this.lost = null;
    this.registry = new Registry();
    /** node index -> its Quadtree view (root at 0) @type {any[]} */
    this.views = [];
    // Read from the tree at version `seen`: each leaf's objects, answers of root queries that
    // reached several leaves, by the number the tree gave them (cpp/answer_cache.h), and the
    // root's leaf grid (its side, 0: not read; where its cells and their bounds are; how a point
    // maps to a cell).
    this.seen = -1;
    /** @type {any[][]} */
    this.leafLists = [];
    /** @type {any[][]} */
    this.answers = [];
    this.listCall = listCall;
    this.grid = 0;
    this.gridCells = this.gridBounds = 0;
    this.gx = this.gy = this.gsx = this.gsy = 0;
    this.disposed = false;
    /** A young tree's seed (seed.js): it keeps a copy of what the tree inserted. @type {any} */
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
  if (s.grow !== undefined) s = s.grow(tree); // a Quadtree with no native tree yet (seed.js)
  // A young tree's copy holds what it inserted: a call that may change the tree otherwise ages it.
  if (s.young !== null && method !== 'insert' && method !== 'retrieve' && method !== 'findObjects' && method !== 'getAllObjects') s.young.age();
  if (tree._n !== 0 && s.views[tree._n] !== tree) {
    throw new Error(s.where + ': this node was removed by clear(); read tree.nodes again');
  }
  return s;
}

/**
 * Brings the caches read from the tree up to date: the tree's version (cpp/version.h) moves on
 * with every change, so they are dropped when it did (nothing has to tell them). Also re-reads
 * the views.
 * @param {Session} s
 */
export function current(s) {
  views();
  const version = i32[s.versionAt];
  if (version !== s.seen) {
    s.seen = version;
    if (s.leafLists.length) s.leafLists = [];
    if (s.answers.length) s.answers = [];
    s.grid = 0;
  }
}

/**
 * Applies the staged inserts. `pending`: an object about to be staged (named in the error too).
 * @param {Session} s @param {any} [pending]
 */
export function flush(s, pending) {
  if (s.staged > 0) {
    const n = s.staged;
    s.staged = 0;
    stager = null;
    const done = native.flush(s.handle, n);
    if (done < n) throw notStored(s, unstored(s, done, n), pending);
  } else if (s.lost !== null) {
    const lost = s.lost;
    s.lost = null;
    throw notStored(s, lost, pending);
  }
}

/**
 * Forgets what `s` has staged (clear(), dispose()), and an error its next call would throw.
 * @param {Session} s
 */
export function unstage(s) {
  s.staged = 0;
  s.lost = null;
  if (stager === s) stager = null;
}

/**
 * Makes `s` the stager: the inserts another tree staged are applied to it first. If some of them
 * did not fit, that tree's next call says so (the caller here is another tree).
 * @param {Session} s @param {any} pending the object `s` is about to stage
 */
function takeStage(s, pending) {
  if (s.lost !== null) flush(s, pending); // throws what did not fit before
  const other = stager;
  if (other !== null && other.staged > 0) {
    const n = other.staged;
    other.staged = 0;
    const done = native.flush(other.handle, n);
    if (done < n) other.lost = unstored(other, done, n);
  }
  stager = s;
}

/**
 * The staged inserts from `from` on did not fit: they are not in the tree. Returns which objects
 * they were (read from the staging buffer, which still holds them).
 * @param {Session} s @param {number} from @param {number} n
 */
function unstored(s, from, n) {
  views();
  if (s.young !== null) s.young.age(); // (its copy would put them back)
  const lost = [], reg = s.registry;
  // All named before any is forgotten: an object staged twice is then named both times.
  for (let k = from; k < n; k++) lost.push(reg.objects[i32[stageIds + k]]);
  for (let k = from; k < n; k++) dropIfAbsent(s, i32[stageIds + k]);
  return lost;
}

/**
 * The error for inserts that did not fit: `lost`, then `pending` (never staged).
 * @param {Session} s @param {any[]} lost @param {any} pending
 */
function notStored(s, lost, pending) {
  if (pending !== undefined) lost.push(pending);
  const e = noMemory(s.where, 'the last ' + lost.length + ' objects given to insert() were not stored ' +
    '(error.notInserted lists them); everything inserted before them is in the tree');
  e.notInserted = lost;
  return e;
}

/**
 * After an insert that did not fit: forgets `id` unless an earlier insert of it went in.
 * @param {Session} s @param {number} id
 */
export function dropIfAbsent(s, id) {
  if (s.registry.inserted[id] === s.registry.frame && !native.contains(s.handle, id)) {
    s.registry.drop(id);
  }
}

/**
 * Stages an insert of `obj` with rect r at the root.
 * @param {Session} s @param {any} obj @param {number[]} r
 */
export function stage(s, obj, r) {
  if (s.staged === STAGE_CAPACITY) flush(s, obj);
  if (stager !== s) takeStage(s, obj);
  views();
  const k = s.staged++, at = stageRects + 4 * k;
  f64[at] = r[0]; f64[at + 1] = r[1]; f64[at + 2] = r[2]; f64[at + 3] = r[3];
  i32[stageIds + k] = s.registry.next(obj);
}

/**
 * The ids of the last query as the caller's objects, appended to `out` (a new array if null).
 * @param {Session} s @param {number} count @param {any[] | null} out
 */
export function collect(s, count, out) {
  views();
  const objects = s.registry.objects, at = i32[s.r32 + I32.results] >> 2;
  let base = 0;
  if (out === null) out = new Array(count);
  else base = out.length;
  for (let i = 0; i < count; i++) out[base + i] = objects[i32[at + i]];
  return out;
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

/**
 * The one leaf a root query for (x, y, w, h) reaches, when that leaf's own list is the answer,
 * else NO_NODE: read from the native leaf grid (Quadtree::leafGrid) without a call into
 * WebAssembly, or where a cell cannot tell, asked of native.locate. (A point that rounding put in
 * a neighbouring cell gives NO_NODE: the native retrieve gives the same answer then.) Call
 * current(s) first.
 * @param {Session} s @param {number} x @param {number} y @param {number} w @param {number} h
 */
export function rootLeaf(s, x, y, w, h) {
  if (s.grid === 0) {
    s.grid = native.leafGrid(s.handle);
    views();
    s.gridCells = i32[s.r32 + I32.gridCells] >> 2;
    s.gridBounds = i32[s.r32 + I32.gridBounds] >> 3;
    s.gx = f64[s.r64 + F64.gridX]; s.gy = f64[s.r64 + F64.gridY];
    s.gsx = f64[s.r64 + F64.gridScaleX]; s.gsy = f64[s.r64 + F64.gridScaleY];
  }
  const side = s.grid;
  let cx = (x - s.gx) * s.gsx, cy = (y - s.gy) * s.gsy; // NaN (0 * Infinity) goes to cell 0
  cx = cx >= 0 ? (cx < side ? cx | 0 : side - 1) : 0;
  cy = cy >= 0 ? (cy < side ? cy | 0 : side - 1) : 0;
  const cell = cy * side + cx, leaf = i32[s.gridCells + cell];
  if (leaf === NO_NODE) return native.locate(s.handle, 0, x, y, w, h, true);
  const b = s.gridBounds + 4 * cell, x1 = x + w, y1 = y + h;
  const west = f64[b], east = f64[b + 1], north = f64[b + 2], south = f64[b + 3];
  return x >= west && x1 > west && x < east && x1 <= east &&
    y >= north && y1 > north && y < south && y1 <= south ? leaf : NO_NODE;
}
