// Types for the ES module entry:
// `import Quadtree, { Quadtree, LinearQuadtree, QuadTree, Rectangle, Circle, Line, ready } from 'quadtree-wasm'`.
/// <reference path="./quadtree-types.d.ts" />

export import Quadtree = QuadtreeWasm.Quadtree;
export import LinearQuadtree = QuadtreeWasm.LinearQuadtree;
export import QuadTree = QuadtreeWasm.QuadTree;
export import Rectangle = QuadtreeWasm.Rectangle;
export import Circle = QuadtreeWasm.Circle;
export import Line = QuadtreeWasm.Line;
/** The same promise as `Quadtree.ready`: resolves when trees can be constructed. */
export declare const ready: Promise<void>;
export type Rect = QuadtreeWasm.Rect;
export type Item = QuadtreeWasm.Item;
export type Shape = QuadtreeWasm.Shape;
export type CircleShape = QuadtreeWasm.CircleShape;
export type LineShape = QuadtreeWasm.LineShape;
export type NodeGeometry = QuadtreeWasm.NodeGeometry;
export type CircleGeometry = QuadtreeWasm.CircleGeometry;
export type LineGeometry = QuadtreeWasm.LineGeometry;
export type RectangleProps<CustomDataType = void> = QuadtreeWasm.RectangleProps<CustomDataType>;
export type CircleProps<CustomDataType = void> = QuadtreeWasm.CircleProps<CustomDataType>;
export type LineProps<CustomDataType = void> = QuadtreeWasm.LineProps<CustomDataType>;
export type PairList<T> = QuadtreeWasm.PairList<T>;
export type Stats = QuadtreeWasm.Stats;
export type RayHit<T> = QuadtreeWasm.RayHit<T>;
export type RayIdHit = QuadtreeWasm.RayIdHit;
export type OutOfMemoryError<T> = QuadtreeWasm.OutOfMemoryError<T>;
export default Quadtree;
