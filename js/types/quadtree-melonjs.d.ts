// quadtree-wasm/melonjs: melonJS 20's world keeping its broadphase in quadtree-wasm's index. No
// melonJS types are imported: the world is described by what the plug-in reads of it.

/** What useQuadtree() reads of a melonJS World (`app.world`). */
export interface MelonWorldLike {
  broadphase: any;
  getBounds(): any;
  sortOn?: string;
}

/**
 * The stand-in for melonJS's 2D QuadTree broadphase: `retrieve(item)` gives every item whose box
 * (its bounds, with its body's box) meets the item's, touching included, in the order items first
 * came in.
 */
export declare class QuadtreeBroadphase<T = any> {
  constructor(world: MelonWorldLike, stock?: any);
  readonly world: MelonWorldLike;
  bounds: any;
  readonly level: number;
  max_objects: number;
  max_levels: number;
  readonly objects: T[];
  readonly nodes: QuadtreeBroadphase<T>[];
  insert(item: T): void;
  remove(item: T): boolean;
  retrieve(item: T, fn?: (a: T, b: T) => number, result?: T[]): T[];
  insertContainer(container: any): void;
  removeContainer(container: any): void;
  clear(bounds?: any): void;
  isPrunable(): boolean;
  hasChildren(): boolean;
  getIndex(item: T): number;
  split(): void;
  /** Frees the native memory now (otherwise the garbage collector does). */
  dispose(): void;
}

/** What useQuadtree() returns: the world's broadphase while it is in use, and the way back. */
export interface QuadtreeHandle {
  readonly world: MelonWorldLike;
  readonly broadphase: QuadtreeBroadphase;
  readonly active: boolean;
  /** Gives the world its stock broadphase back. */
  restore(): void;
}

/** Makes a melonJS world keep its broadphase in quadtree-wasm's index. The same handle for the same world. */
export declare function useQuadtree(world: MelonWorldLike): QuadtreeHandle;

/**
 * A melonJS plug-in class made from melonJS's BasePlugin:
 *   me.plugin.register(quadtreePlugin(me.plugin.BasePlugin), 'quadtree', app);
 */
export declare function quadtreePlugin<B extends new (...args: any[]) => any>(BasePlugin: B): new (app?: any) => InstanceType<B> & { handle: QuadtreeHandle };
