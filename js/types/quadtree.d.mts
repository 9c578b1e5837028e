// Types for the ES module entry: `import Quadtree, { Quadtree } from 'quadtree-wasm'`.

/** An axis-aligned rectangle; your objects only need these four numbers. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A quadtree with the API of @timohausmann/quadtree-js 1.2.x, backed by WebAssembly.
 * `T` is the type of the objects you insert; queries return those very objects.
 */
export declare class Quadtree<T extends Rect = Rect> {
  /**
   * @param bounds the root's area, kept by reference
   * @param max_objects objects a leaf holds before it splits (0 or omitted: 10)
   * @param max_levels deepest level a split may create (0 or omitted: 4)
   * @param level this root's level (omitted: 0); results are de-duplicated only at level 0
   */
  constructor(bounds: Rect, max_objects?: number, max_levels?: number, level?: number);
  max_objects: number;
  max_levels: number;
  level: number;
  bounds: Rect;
  /** This node's own objects (a leaf's list; empty for a split node), a new array each read. */
  readonly objects: T[];
  /** The four subnodes (top-right, top-left, bottom-left, bottom-right), or [] for a leaf. */
  readonly nodes: Quadtree<T>[];
  /** Stores an object, or each object of an array, in every leaf its rect reaches. */
  insert(rect: T | readonly T[]): void;
  /** The candidates for `rect`: every object of every leaf it reaches, as a new array. */
  retrieve(rect: Rect): T[];
  /** Tutorial form: appends the candidates to `returnedObjects` and returns it. */
  retrieve(returnedObjects: T[], rect: Rect): T[];
  /** Every distinct object in this (sub)tree, appended to `returnedObjects` or a new array. */
  getAllObjects(returnedObjects?: T[]): T[];
  /** The children (0..3) that `rect` reaches from this node. */
  getIndex(rect: Rect): number[];
  /** Removes every object and subnode. */
  clear(): void;
  /** Frees the native memory now (otherwise the garbage collector does); later calls throw. */
  dispose(): void;
  /** Checks the native tree's invariants (for tests and debugging). */
  validate(): boolean;
}

export default Quadtree;
