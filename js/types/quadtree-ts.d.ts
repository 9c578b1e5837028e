// quadtree-wasm/quadtree-ts: the types of @timohausmann/quadtree-ts 2.3.0's API, in the same
// meaning (the same names, generics and members), so that code typed against the package
// compiles unchanged.

/** A node's rectangle, as a qtIndex receives it. */
export interface NodeGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Anything the tree can store or be asked about: it names the quadrants of a node it reaches
 * (0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right). */
export interface Indexable {
  qtIndex(node: NodeGeometry): number[];
}

export interface QuadtreeProps {
  width: number;
  height: number;
  x?: number;
  y?: number;
  /** Objects a leaf holds before it splits (default 10). */
  maxObjects?: number;
  /** Levels split at once, and kept by clear() and join() (default 0). */
  minLevels?: number;
  /** The deepest level (default 4). */
  maxLevels?: number;
}

export interface RectangleGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface RectangleProps<CustomDataType = void> extends RectangleGeometry {
  data?: CustomDataType;
}
export declare class Rectangle<CustomDataType = void> implements RectangleGeometry, Indexable {
  x: number;
  y: number;
  width: number;
  height: number;
  data?: CustomDataType;
  constructor(props: RectangleProps<CustomDataType>);
  qtIndex(node: NodeGeometry): number[];
}

export interface CircleGeometry {
  x: number;
  y: number;
  r: number;
}
export interface CircleProps<CustomDataType = void> extends CircleGeometry {
  data?: CustomDataType;
}
export declare class Circle<CustomDataType = void> implements CircleGeometry, Indexable {
  x: number;
  y: number;
  r: number;
  data?: CustomDataType;
  constructor(props: CircleProps<CustomDataType>);
  qtIndex(node: NodeGeometry): number[];
  /** Whether the circle meets the rect's interior (touching does not count). */
  static intersectRect(x: number, y: number, r: number, minX: number, minY: number, maxX: number, maxY: number): boolean;
}

export interface LineGeometry {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export interface LineProps<CustomDataType = void> extends LineGeometry {
  data?: CustomDataType;
}
export declare class Line<CustomDataType = void> implements LineGeometry, Indexable {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  data?: CustomDataType;
  constructor(props: LineProps<CustomDataType>);
  qtIndex(node: NodeGeometry): number[];
  /** Whether the segment meets the rect's interior. */
  static intersectRect(x1: number, y1: number, x2: number, y2: number, minX: number, minY: number, maxX: number, maxY: number): boolean;
}

export declare class Quadtree<ObjectsType extends Rectangle | Circle | Line | Indexable> {
  bounds: NodeGeometry;
  maxObjects: number;
  minLevels: number;
  maxLevels: number;
  level: number;
  objects: ObjectsType[];
  nodes: this[];
  constructor(props: QuadtreeProps, level?: number);
  getIndex(obj: Rectangle | Circle | Line | Indexable): number[];
  split(): void;
  insert(obj: ObjectsType): void;
  /** Candidates: the objects of every leaf the shape reaches, each once, depth first. */
  retrieve(obj: Rectangle | Circle | Line | Indexable): ObjectsType[];
  /** Removes one reference from every node; true only when the root's own list held it. */
  remove(obj: ObjectsType, fast?: boolean): boolean;
  update(obj: ObjectsType, fast?: boolean): void;
  join(): ObjectsType[];
  clear(): void;
}
