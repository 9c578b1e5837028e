// Types for the classic entry: `require('quadtree-wasm')` and the global of `<script src>`,
// in the `export =` shape quadtree-js users already have.
/// <reference path="./quadtree-types.d.ts" />

declare class Quadtree<T extends QuadtreeWasm.Item = QuadtreeWasm.Rect> extends QuadtreeWasm.Quadtree<T> {
  /** The class itself, for `const { Quadtree } = require('quadtree-wasm')`. */
  static Quadtree: typeof Quadtree;
  static default: typeof Quadtree;
}

declare namespace Quadtree {
  type Rect = QuadtreeWasm.Rect;
  type Item = QuadtreeWasm.Item;
  type Shape = QuadtreeWasm.Shape;
  type CircleShape = QuadtreeWasm.CircleShape;
  type LineShape = QuadtreeWasm.LineShape;
  type NodeGeometry = QuadtreeWasm.NodeGeometry;
  type CircleGeometry = QuadtreeWasm.CircleGeometry;
  type LineGeometry = QuadtreeWasm.LineGeometry;
  type RectangleProps<CustomDataType = void> = QuadtreeWasm.RectangleProps<CustomDataType>;
  type CircleProps<CustomDataType = void> = QuadtreeWasm.CircleProps<CustomDataType>;
  type LineProps<CustomDataType = void> = QuadtreeWasm.LineProps<CustomDataType>;
  type Rectangle<CustomDataType = void> = QuadtreeWasm.Rectangle<CustomDataType>;
  type Circle<CustomDataType = void> = QuadtreeWasm.Circle<CustomDataType>;
  type Line<CustomDataType = void> = QuadtreeWasm.Line<CustomDataType>;
  type PairList<T> = QuadtreeWasm.PairList<T>;
  type Stats = QuadtreeWasm.Stats;
  type RayHit<T> = QuadtreeWasm.RayHit<T>;
  type RayIdHit = QuadtreeWasm.RayIdHit;
  type OutOfMemoryError<T> = QuadtreeWasm.OutOfMemoryError<T>;
  type LinearQuadtree<T extends Item = Rect> = QuadtreeWasm.LinearQuadtree<T>;
  type QuadTree<T extends Item = Rect> = QuadtreeWasm.QuadTree<T>;
}

export = Quadtree;
export as namespace Quadtree;
