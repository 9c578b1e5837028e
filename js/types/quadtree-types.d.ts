// The declarations both entries share (quadtree.d.ts for require and the script tag,
// quadtree.d.mts for import). A global namespace, so that a CommonJS and an ES module entry can
// both refer to one definition.
//
// A tree is typed by what its queries return: `Quadtree<Ship>` holds your Ship objects (insert,
// update), `Quadtree<number>` holds the numeric ids of `setRects`/`setCircles`/`setLines` (a tree
// holds one kind at a time; `new Quadtree(bounds)` alone is `Quadtree<Rect>`: give a type argument,
// such as `Quadtree<Shape>` or `Quadtree<Ship | Circle>`, for a tree of circles and lines). Each
// method is only offered to the kind of tree it works on (by a `this` type): `setRects`,
// `setCircles` and `setLines` to id trees, `insert` and `update` to object trees.

declare namespace QuadtreeWasm {
  /** An axis-aligned rectangle; your objects only need these four numbers. */
  interface Rect {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  /** A node's rectangle, as a shape's qtIndex receives it. */
  interface NodeGeometry {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  /** A circle's numbers: centre and radius (r >= 0). */
  interface CircleGeometry {
    x: number;
    y: number;
    r: number;
  }

  /** A line segment's numbers: its two ends. */
  interface LineGeometry {
    x1: number;
    y1: number;
    x2: number;
    y2: number;
  }

  /**
   * A circle, as the trees tell one: an object whose `qtIndex` is `Circle.prototype.qtIndex` (a
   * Circle, an instance of a subclass, or a plain object that borrows it:
   * `{ x, y, r, qtIndex: Circle.prototype.qtIndex }`). Its x, y and r are read as a rect's four
   * numbers are.
   */
  interface CircleShape extends CircleGeometry {
    qtIndex(node: NodeGeometry): number[];
  }

  /** A line segment, as the trees tell one: an object whose `qtIndex` is `Line.prototype.qtIndex`. */
  interface LineShape extends LineGeometry {
    qtIndex(node: NodeGeometry): number[];
  }

  /** What a tree holds and is asked about: a rect (any other object: x, y, width, height), a circle or a line. */
  type Shape = Rect | CircleShape | LineShape;

  /** What a tree holds: objects with a shape, or (filled with `setRects`, `setCircles`, `setLines`) numeric ids. */
  type Item = Shape | number;

  interface RectangleProps<CustomDataType = void> extends Rect {
    data?: CustomDataType;
  }
  interface CircleProps<CustomDataType = void> extends CircleGeometry {
    data?: CustomDataType;
  }
  interface LineProps<CustomDataType = void> extends LineGeometry {
    data?: CustomDataType;
  }

  // quadtree-ts 2.3.0's shape classes, as the quadtree-ts entry declares them (./quadtree-ts.d.ts):
  // the trees hold and query a Circle as a circle, a Line as a segment, a Rectangle as any rect.
  const Rectangle: typeof import('./quadtree-ts').Rectangle;
  type Rectangle<CustomDataType = void> = import('./quadtree-ts').Rectangle<CustomDataType>;
  const Circle: typeof import('./quadtree-ts').Circle;
  type Circle<CustomDataType = void> = import('./quadtree-ts').Circle<CustomDataType>;
  const Line: typeof import('./quadtree-ts').Line;
  type Line<CustomDataType = void> = import('./quadtree-ts').Line<CustomDataType>;

  /** The overlapping pairs of one `pairs()` call; read it before the tree changes again. */
  interface PairList<T> {
    /** Number of pairs. */
    readonly count: number;
    /** a0, b0, a1, b1, ...: the tree's ids of each pair's objects. */
    readonly ids: Int32Array;
    /** The object an id stands for (until the tree next changes: removed objects' ids are reused). */
    object(id: number): T;
    /** The first object of pair i. */
    first(i: number): T;
    /** The second object of pair i. */
    second(i: number): T;
  }

  /**
   * What a call throws when WebAssembly memory cannot grow any further (a RangeError whose message
   * says "out of memory"). The tree is intact. When inserts were being applied, `notInserted`
   * lists the objects that were not stored (everything inserted before them is in the tree).
   */
  interface OutOfMemoryError<T> extends RangeError {
    notInserted?: T[];
  }

  /** What raycast() reached: the object, and its distance along the ray. */
  interface RayHit<T> {
    object: T;
    distance: number;
  }
  /** What raycast() reached on a tree of ids. */
  interface RayIdHit {
    id: number;
    distance: number;
  }

  interface Stats {
    nodes: number;
    leaves: number;
    depth: number;
    /** Object references stored in leaves (an object spanning several leaves counts in each). */
    references: number;
    objects: number;
  }

  /**
   * What both trees offer beyond quadtree-js. Exact queries use one rule: a and b overlap when
   * a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
   * circles and lines by the true shapes, as strictly (shapes that only touch do not overlap).
   * `T` is your object type, or `number` for a tree filled with `setRects`, `setCircles`, `setLines`.
   */
  interface Moving<T extends Item> {
    /** Removes an object (or numeric id), wherever its coordinates are now. True if it was there. */
    remove(item: T): boolean;
    /** Re-indexes one object after you changed it in place (its kind too). False if it is not in the tree (not for a tree of ids). */
    update(this: Moving<Shape>, item: T): boolean;
    /** Re-reads every object's shape, re-indexes those that changed; returns how many changed (0 for a tree of ids). */
    refresh(): number;
    /**
     * Inserts or moves many items given as x, y, width, height per item (ids: default 0, 1, 2, ...);
     * queries then return the ids, so the tree is typed by them: `new Quadtree<number>(bounds)`.
     * Ids are integers from 0 to 4,194,303; keep them dense (the native tree's arrays grow to the largest).
     * A tree holds objects or ids: setRects on a tree holding objects throws a TypeError (clear() it first).
     */
    setRects(this: Moving<number>, rects: Float32Array | Float64Array, ids?: ArrayLike<number>): void;
    /** The same for circles: x, y, r per item (r >= 0). An id placed before as another kind becomes a circle. */
    setCircles(this: Moving<number>, circles: Float32Array | Float64Array, ids?: ArrayLike<number>): void;
    /** The same for line segments: x1, y1, x2, y2 per item. */
    setLines(this: Moving<number>, lines: Float32Array | Float64Array, ids?: ArrayLike<number>): void;
    /** The objects that overlap `shape` (a rect, a circle or a line), each once, as a new array. */
    search(shape: Shape): T[];
    /** Whether any object overlaps `shape`. */
    collides(shape: Shape): boolean;
    /**
     * Up to `k` (default 1; Infinity: all) objects nearest to (x, y), nearest first, by the
     * distance from the point to the object's shape (0 inside it), each at most `maxDistance`
     * (default Infinity) away. Ties in any order. A new array.
     */
    nearest(x: number, y: number, k?: number, maxDistance?: number): T[];
    /**
     * The first object the ray from (x, y) along (dx, dy) (not (0, 0)) reaches within `maxDistance`
     * (default Infinity), and how far along the ray: 0 when (x, y) is inside it. Null if none.
     */
    raycast(this: Moving<Shape>, x: number, y: number, dx: number, dy: number, maxDistance?: number): RayHit<T> | null;
    /** On a tree of ids: the id the ray reaches first. */
    raycast(this: Moving<number>, x: number, y: number, dx: number, dy: number, maxDistance?: number): RayIdHit | null;
    /** Every overlapping pair of distinct objects, once, computed in one native call. */
    pairs(): PairList<T>;
    /** Calls `callback(a, b)` for every overlapping pair (computed first: the callback may change the tree). */
    forEachPair(callback: (a: T, b: T) => void): void;
    stats(): Stats;
    /** Calls `callback` for every node, depth-first (for drawing the tree). */
    forEachNode(callback: (bounds: Rect, level: number, isLeaf: boolean, count: number) => void): void;
    /** Checks the native tree's invariants (for tests and debugging). */
    validate(): boolean;
    /** Removes every object. */
    clear(): void;
    /** Frees the native memory now (otherwise the garbage collector does); later calls throw. */
    dispose(): void;
  }

  /**
   * A quadtree with the API of @timohausmann/quadtree-js 1.2.x, backed by WebAssembly.
   * `T` is the type of the objects you insert; queries return those very objects. For a tree
   * filled with `setRects`, `T` is `number`: its queries return the ids.
   */
  class Quadtree<T extends Item = Rect> {
    /**
     * Resolves when trees can be constructed: at once, unless the browser refused to compile the
     * WebAssembly synchronously (Chromium before 114 on the main thread), where constructors throw
     * an Error saying to await it until it has resolved.
     */
    static ready: Promise<void>;
    /** The other tree classes, also on the class itself. */
    static LinearQuadtree: typeof LinearQuadtree;
    static QuadTree: typeof QuadTree;
    /** The shape classes, also on the class itself. */
    static Rectangle: typeof Rectangle;
    static Circle: typeof Circle;
    static Line: typeof Line;
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
    /**
     * Stores an object, or each object of an array, in every leaf its rect reaches (a circle's or a
     * line's: its bounding rect) (not for a tree of ids).
     */
    insert(this: Moving<Shape>, rect: T | readonly T[]): void;
    /** The candidates for `rect` (a circle or a line: its bounding rect): every object of every leaf it reaches, as a new array. */
    retrieve(rect: Shape): T[];
    /** Tutorial form: appends the candidates to `returnedObjects` and returns it. */
    retrieve(returnedObjects: T[], rect: Shape): T[];
    /** Every distinct object in this (sub)tree, appended to `returnedObjects` or a new array. */
    getAllObjects(returnedObjects?: T[]): T[];
    /** The children (0..3) that `rect` (a circle or a line: its bounding rect) reaches from this node. */
    getIndex(rect: Shape): number[];
  }
  interface Quadtree<T extends Item = Rect> extends Moving<T> {}

  /**
   * A fixed-depth tree that stores each object once and moves it in O(1): for scenes where most
   * objects move every frame. Same answers as Quadtree's search, collides and pairs.
   */
  class LinearQuadtree<T extends Item = Rect, D extends number | 'auto' = number> {
    /**
     * @param options.depth levels below the root, 1..12 (default 8), or 'auto': fitted to the
     *   objects (deepest cells about twice the typical object, at most about 8 cells an object),
     *   first when the tree is filled, then whenever their number has grown or shrunk fourfold.
     * Throws an Error until `Quadtree.ready` has resolved, where the browser compiles asynchronously.
     */
    constructor(bounds: Rect, options?: { depth?: D });
    readonly bounds: Rect;
    readonly depth: D;
    /** Indexes an object, or each object of an array; one already there is moved (not for a tree of ids). */
    insert(this: Moving<Shape>, rect: T | readonly T[]): void;
  }
  interface LinearQuadtree<T extends Item = Rect, D extends number | 'auto' = number> extends Moving<T> {}

  /**
   * The tutorial quadtree (gamedevtuts quick tip, "HTML5 space shooter"), backed by WebAssembly:
   * each insert stores the object once, in the deepest node whose midlines it does not touch;
   * findObjects returns one path, the deepest node's objects first.
   */
  class QuadTree<T extends Item = Rect> {
    /**
     * @param boundBox the root's area, kept by reference (omitted: all zero, as in the original)
     * @param lvl this root's level (omitted: 0)
     * @param options maxObjects (10) a node holds before it splits, maxLevels (5), the deepest level
     * Throws an Error until `Quadtree.ready` has resolved, where the browser compiles asynchronously.
     */
    constructor(boundBox?: Rect, lvl?: number, options?: { maxObjects?: number; maxLevels?: number });
    bounds: Rect;
    /** The four subnodes (top-right, top-left, bottom-left, bottom-right), or [] before a split. */
    readonly nodes: QuadTree<T>[];
    /**
     * Stores an object, or each object of an array (nested arrays too); undefined is ignored. A
     * circle or a line is placed by its bounding rect.
     */
    insert(this: Moving<Shape>, obj: T | readonly unknown[] | undefined): void;
    /**
     * Appends the candidates for `obj` (a circle or a line: its bounding rect), the deepest node's
     * objects first, and returns the array; undefined for an undefined obj.
     */
    findObjects(returnedObjects: T[], obj: Shape): T[];
    findObjects(returnedObjects: T[], obj: undefined): undefined;
    /** The same as findObjects. */
    retrieve(returnedObjects: T[], obj: Shape): T[];
    retrieve(returnedObjects: T[], obj: undefined): undefined;
    /** Every object of this node and below (children first), appended to `returnedObjects` or a new array. */
    getAllObjects(returnedObjects?: T[]): T[];
    /** The child (0..3) `rect` (a circle or a line: its bounding rect) fits in, or -1 when it touches a midline. */
    getIndex(rect: Shape): number;
    /**
     * The per-frame re-index: objects for which `isAlive` returns false are removed (it is asked
     * for every stored occurrence), moved objects are re-homed. Returns how many were removed.
     */
    refresh(isAlive?: (obj: T) => boolean): number;
    /** Removes one stored occurrence of `obj` (the first in pre-order), wherever it is now. */
    remove(item: T): boolean;
  }
  interface QuadTree<T extends Item = Rect> extends Moving<T> {}
}
