// Types for the ES module entry:
// `import Quadtree, { Quadtree, LinearQuadtree, QuadTree, ready } from 'quadtree-wasm'`.
/// <reference path="./quadtree-types.d.ts" />

export import Quadtree = QuadtreeWasm.Quadtree;
export import LinearQuadtree = QuadtreeWasm.LinearQuadtree;
export import QuadTree = QuadtreeWasm.QuadTree;
/** The same promise as `Quadtree.ready`: resolves when trees can be constructed. */
export declare const ready: Promise<void>;
export type Rect = QuadtreeWasm.Rect;
export type Item = QuadtreeWasm.Item;
export type PairList<T> = QuadtreeWasm.PairList<T>;
export type Stats = QuadtreeWasm.Stats;
export type RayHit<T> = QuadtreeWasm.RayHit<T>;
export type RayIdHit = QuadtreeWasm.RayIdHit;
export type OutOfMemoryError<T> = QuadtreeWasm.OutOfMemoryError<T>;
export default Quadtree;
