// BulkRects: every overlapping pair of many moving rects, a frame at a time, with no object and no
// copy on either side: the game writes each rect's numbers straight into the core's own array
// (`rects`, a view of the wasm heap) and pairs() hands back the core's answer as a view too. The
// core re-indexes every rect on each call (cpp/bulk/bulk_rects.h).
import { BAD_RECT, NO_MEMORY } from '../wasm/abi.js';
import { f32, freshViews, i32, loaded, native } from '../wasm/native.js';
import { created, describe, noMemory } from '../common/validate.js';
import { DISPOSE } from '../common/dispose.js';

/** The most rects: 16 bytes each must fit the 2 GB heap with room to spare. */
const MOST = 2 ** 27;

/** Frees the core of a BulkRects the program dropped. */
const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((/** @type {number} */ handle) => { native.bulkDestroy(handle); })
  : null;

export class BulkRects {
  /**
   * @param {number} [count] how many rects, ids 0 to count - 1, all zero until written
   */
  constructor(count = 0) {
    const calls = loaded('BulkRects', 'BulkRects.ready');
    /** @private */
    this._handle = created('BulkRects constructor', calls.bulkCreate());
    /** @private */
    this._count = 0;
    /** @private @type {Float32Array} */
    this._rects = new Float32Array(0);
    if (finalizer) finalizer.register(this, this._handle, this);
    this._resize('BulkRects constructor', count);
  }

  /** How many rects there are: ids 0 to count - 1. Setting it keeps the numbers of the rects that
   * stay; rects added are all zero until written. */
  get count() {
    return this._count;
  }

  set count(n) {
    this._resize('BulkRects count', n);
  }

  /**
   * The rects as the core holds them: x, y, width, height of rect `id` at 4 * id to 4 * id + 3
   * (float32). Write them in place each frame. A view of the wasm heap: it is replaced when the
   * heap grows (pairs(), a larger count, other BulkRects' calls), and the old one then reads and
   * writes nothing, so read `rects` again after such a call rather than keep it.
   * @returns {Float32Array}
   */
  get rects() {
    this._live('BulkRects rects');
    freshViews();
    if (this._rects.buffer !== f32.buffer || this._rects.length !== 4 * this._count) {
      this._rects = new Float32Array(f32.buffer, native.bulkRects(this._handle), 4 * this._count);
    }
    return this._rects;
  }

  /**
   * Every pair of rects that overlap (rects that only touch do not), found from the numbers in
   * `rects` now: ids a, b at 2 * k and 2 * k + 1 for pair k, the lower id first, the pairs in no
   * particular order. A view of the core's answer, valid until the next call on this BulkRects.
   * @returns {Int32Array}
   */
  pairs() {
    this._live('BulkRects pairs');
    return this._answer(this._checked(native.bulkPairs(this._handle, this._count)));
  }

  /** A count from the core, or the error it stands for (a bad rect, no memory). @param {number} n @protected */
  _checked(n) {
    if (n === BAD_RECT) throw this._badRect();
    if (n === NO_MEMORY) throw noMemory('BulkRects pairs', 'no pairs were found');
    return n;
  }

  /** The core's answer of `n` pairs, as a view. @param {number} n @protected */
  _answer(n) {
    freshViews();
    return new Int32Array(i32.buffer, native.bulkPairList(this._handle), 2 * n);
  }

  /** Frees the native memory now; afterwards every call throws. Safe to call twice. */
  dispose() {
    if (this._handle === 0) return;
    if (finalizer) finalizer.unregister(this);
    native.bulkDestroy(this._handle);
    this._handle = 0;
    this._rects = new Float32Array(0);
  }

  /** @param {any} n @param {string} where @private */
  _resize(where, n) {
    this._live(where);
    if (typeof n !== 'number' || !(n >= 0 && n <= MOST) || n !== Math.floor(n)) {
      throw new RangeError(where + ': count must be an integer from 0 to ' + MOST + ', got ' + describe(n));
    }
    if (native.bulkReserve(this._handle, n) === NO_MEMORY) throw noMemory(where, 'the count is still ' + this._count);
    const old = this._count;
    this._count = n;
    if (n > old) this.rects.fill(0, 4 * old);
  }

  /** @param {string} where @private */
  _live(where) {
    if (this._handle === 0) throw new Error(where + ': this BulkRects was disposed; create a new one');
  }

  /** @private */
  _badRect() {
    const id = native.bulkBadRect(this._handle);
    const r = this.rects.subarray(4 * id, 4 * id + 4);
    return new RangeError('BulkRects pairs: rect ' + id + ' has x ' + r[0] + ', y ' + r[1] + ', width ' + r[2] +
      ', height ' + r[3] + ': each must be a finite number, and width and height 0 or more; no pairs were found');
  }
}

/** `using` calls dispose(). @type {any} */ (BulkRects.prototype)[DISPOSE] = BulkRects.prototype.dispose;
