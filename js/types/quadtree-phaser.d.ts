// quadtree-wasm/phaser: Arcade Physics (Phaser 3.60+ and 4.x) keeping its bodies in quadtree-wasm's
// index. No Phaser types are imported: the world and the bodies are described by what the plug-in reads.

/** An item as Phaser's RTree reads it (a Body or a StaticBody). */
export interface Boxed {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A query box, as Arcade Physics passes it (`world.treeMinMax`). */
export interface BBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** What useQuadtree() reads of an Arcade Physics world (`scene.physics.world`). */
export interface ArcadeWorldLike {
  tree: any;
  staticTree: any;
  bodies: any;
  staticBodies: any;
  useTree: boolean;
  bounds?: { x: number; y: number; width: number; height: number };
}

/**
 * The stand-in for Phaser.Structs.RTree: the calls Arcade Physics makes, with rbush's rule
 * (touching boxes intersect). Items come in the order they first entered the tree.
 */
export declare class BodyTree<T extends Boxed = Boxed> {
  constructor(bounds?: { x: number; y: number; width: number; height: number });
  /** Every item. */
  all(): T[];
  /** The items whose boxes intersect `bbox`, touching included, as the items are at the call. */
  search(bbox: BBox): T[];
  /** Whether any item's box intersects `bbox`. */
  collides(bbox: BBox): boolean;
  /** Adds the items; after clear(), keeps those listed again where they are and lets go of the rest. */
  load(data: ArrayLike<T>): this;
  /** Adds an item, or re-reads its box if it is in the tree. */
  insert(item: T): this;
  /** Empties the tree. */
  clear(): this;
  /** Removes an item (by identity, or the first for which `equalsFn(item, other)` is true). */
  remove(item: T, equalsFn?: (a: T, b: T) => boolean): this;
  toBBox(item: T): BBox;
  compareMinX(a: T, b: T): number;
  compareMinY(a: T, b: T): number;
  /** Frees the native memory now (otherwise the garbage collector does); the tree is then unusable. */
  dispose(): void;
}

/** What useQuadtree() returns: the world's trees while it is in use, and the way back. */
export interface QuadtreeHandle {
  readonly world: ArcadeWorldLike;
  /** `world.tree` while active. */
  readonly tree: BodyTree;
  /** `world.staticTree` while active. */
  readonly staticTree: BodyTree;
  /** Whether the world still uses this handle's trees. */
  readonly active: boolean;
  /** Gives the world its stock trees back, filled with its bodies as they are now. */
  restore(): void;
}

/**
 * Makes an Arcade Physics world keep its dynamic and static bodies in quadtree-wasm's index; what
 * its trees held is carried over. Called again on the same world, returns the same handle.
 */
export declare function useQuadtree(world: ArcadeWorldLike): QuadtreeHandle;

/**
 * A scene plug-in: every scene with Arcade Physics uses the index from its start (and after a restart).
 *   plugins: { scene: [{ key: 'QuadtreePlugin', plugin: QuadtreePlugin, mapping: 'quadtree' }] }
 */
export declare class QuadtreePlugin {
  constructor(scene: any, pluginManager?: any, key?: string);
  /** The scene's world's handle, while the scene runs with the plug-in enabled. */
  handle: QuadtreeHandle | null;
  /** false: the scene's world gets its stock trees back; true: the index again. */
  enabled: boolean;
  boot(): void;
  destroy(): void;
}
