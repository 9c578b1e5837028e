// quadtree-wasm/quadtree-ts-plus: quadtree-ts's types (quadtree-ts.d.ts), and its Quadtree with
// the exact calls of this library (their shared types from quadtree-types.d.ts).
/// <reference path="./quadtree-types.d.ts" />
import { Quadtree as QuadtreeTs, Rectangle, Circle, Line, Indexable, QuadtreeProps, RectangleGeometry } from './quadtree-ts.js';

export * from './quadtree-ts.js';

/** What the exact calls take as a query: a Rectangle, Circle, Line, or any {x, y, width, height}. */
export type Shape = Rectangle<any> | Circle<any> | Line<any> | RectangleGeometry;
export type PairList<T> = QuadtreeWasm.PairList<T>;
export type RayHit<T> = QuadtreeWasm.RayHit<T>;

/**
 * quadtree-ts's Quadtree, and exact queries of its objects' shapes (a Circle by x, y, r, a Line by
 * x1, y1, x2, y2, anything else by x, y, width, height). A root in native mode answers from the
 * shapes as the tree last read them (insert, update, a split); any other node reads its objects at
 * the call. An object with a coordinate that is not finite (or a negative radius) meets nothing.
 */
export declare class Quadtree<ObjectsType extends Rectangle | Circle | Line | Indexable> extends QuadtreeTs<ObjectsType> {
  constructor(props: QuadtreeProps, level?: number);
  /** The objects whose shapes overlap `shape` (touching does not count), each once, as a new array. */
  search(shape: Shape): ObjectsType[];
  /** Whether any object's shape overlaps `shape`. */
  collides(shape: Shape): boolean;
  /** Every pair of distinct objects whose shapes overlap, once each. */
  pairs(): PairList<ObjectsType>;
  /** Calls `callback(a, b)` for every overlapping pair (all found first: the callback may change the tree). */
  forEachPair(callback: (a: ObjectsType, b: ObjectsType) => void): void;
  /**
   * Up to `k` (default 1; Infinity: all) objects nearest to (x, y), nearest first, by the distance
   * from the point to the shape (0 inside it), each at most `maxDistance` (default Infinity) away.
   */
  nearest(x: number, y: number, k?: number, maxDistance?: number): ObjectsType[];
  /**
   * The first object the ray from (x, y) along (dx, dy) (not (0, 0)) reaches within `maxDistance`,
   * and how far along the ray (0 when (x, y) is inside it); null if none.
   */
  raycast(x: number, y: number, dx: number, dy: number, maxDistance?: number): RayHit<ObjectsType> | null;
}

/** Resolves when the WebAssembly module is ready: the exact calls throw before (trees work at once). */
export declare const ready: Promise<void>;
