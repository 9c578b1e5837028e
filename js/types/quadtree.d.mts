// Types for the ES module entry: `import Quadtree, { Quadtree, LinearQuadtree } from 'quadtree-wasm'`.
/// <reference path="./quadtree-types.d.ts" />

export import Quadtree = QuadtreeWasm.Quadtree;
export import LinearQuadtree = QuadtreeWasm.LinearQuadtree;
export type Rect = QuadtreeWasm.Rect;
export type PairList<T> = QuadtreeWasm.PairList<T>;
export type Stats = QuadtreeWasm.Stats;
export type OutOfMemoryError<T> = QuadtreeWasm.OutOfMemoryError<T>;
export default Quadtree;
