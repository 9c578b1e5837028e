// quadtree-wasm/bulk: BulkRects, every overlapping pair of many moving rects a frame.

/**
 * Every overlapping pair of many moving rects, a frame at a time, with no objects and no copies:
 * write each rect's x, y, width, height into `rects` (by id, 0 to count - 1), then call pairs()
 * once a frame. Every rect is re-indexed on each call.
 */
export declare class BulkRects {
  /**
   * Resolves when a BulkRects can be constructed: at once, unless the browser refused to compile
   * the WebAssembly synchronously (Chromium before 114 on the main thread), where the constructor
   * throws an Error saying to await it until it has resolved.
   */
  static ready: Promise<void>;
  /** The class itself, for `const { BulkRects } = require('quadtree-wasm/bulk')`. */
  static BulkRects: typeof BulkRects;
  static default: typeof BulkRects;
  /** @param count how many rects (ids 0 to count - 1), all zero until written */
  constructor(count?: number);
  /** How many rects; setting it keeps the numbers of those that stay, and rects added are zero. */
  count: number;
  /**
   * x, y, width, height of rect `id` at 4 * id to 4 * id + 3, as float32: a view of the
   * WebAssembly heap. It is replaced when the heap grows (pairs(), a larger count, another
   * BulkRects's calls), and the old
   * view then reads and writes nothing: read `rects` again each frame.
   */
  readonly rects: Float32Array;
  /**
   * Every pair of rects that overlap (touching is not overlapping), from the numbers in `rects`
   * now: ids a, b at 2k and 2k + 1, lower id first, in no particular order. A view of the
   * core's answer, valid until the next call on this BulkRects. Throws a RangeError naming a
   * rect whose numbers are not finite or whose width or height is negative.
   */
  pairs(): Int32Array;
  /** Frees the native memory now (optional; [Symbol.dispose] too); afterwards every call throws. */
  dispose(): void;
}

/** The same promise as `BulkRects.ready`. */
export declare const ready: Promise<void>;
export default BulkRects;
