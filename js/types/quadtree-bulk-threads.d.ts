// quadtree-wasm/threads: BulkRects with pairs() on several threads, where the page is
// cross-origin isolated (or in Node); elsewhere quadtree-wasm/bulk's, on one thread.
import { BulkRects as OneThread } from './quadtree-bulk.mjs';

export declare class BulkRects extends OneThread {
  /** Resolves when a BulkRects can be constructed and the workers are ready. */
  static ready: Promise<void>;
  static BulkRects: typeof BulkRects;
  static default: typeof BulkRects;
  /**
   * How many threads pairs() uses at most: this one and the workers ready (1 where threads are
   * unavailable). Set it (1 to 16) to use fewer.
   */
  static threads: number;
  /** Why pairs() runs on one thread here (the page is not cross-origin isolated, ...), or null. */
  static readonly threadsUnavailable: string | null;
}

/** The same promise as `BulkRects.ready`. */
export declare const ready: Promise<void>;
export default BulkRects;
