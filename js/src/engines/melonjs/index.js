// quadtree-wasm/melonjs: melonJS 20's world on our index. useQuadtree(world) puts a
// QuadtreeBroadphase in the place of `world.broadphase` (the 2D QuadTree); the handle it returns
// puts the stock one back. quadtreePlugin(BasePlugin) makes a melonJS plug-in class that does it
// for the app's world. Nothing of melonJS is imported: the world (and BasePlugin) are the caller's.
import { QuadtreeBroadphase } from './broadphase.js';

/** @type {WeakMap<object, Handle>} */
const handles = new WeakMap();

class Handle {
  /** @param {any} world */
  constructor(world) {
    this.world = world;
    this._stock = world.broadphase;
    /** The world's broadphase while the handle is in use. */
    this.broadphase = new QuadtreeBroadphase(world, this._stock);
    world.broadphase = this.broadphase;
  }

  /** Whether the world still uses this handle's broadphase. */
  get active() {
    return this.world.broadphase === this.broadphase;
  }

  /** Gives the world its stock broadphase back (the next frame fills it) and frees ours. */
  restore() {
    if (handles.get(this.world) === this) handles.delete(this.world);
    if (this.active) {
      this._stock.clear();
      this.world.broadphase = this._stock;
    }
    this.broadphase.dispose();
  }
}

/**
 * Makes a melonJS world (`app.world`) keep its broadphase in quadtree-wasm's index. Called again
 * on the same world, returns the same handle. (Setting `world.sortOn` makes melonJS build a new
 * broadphase of its own: call it again after.)
 * @param {any} world
 * @returns {Handle}
 */
export function useQuadtree(world) {
  if (typeof world !== 'object' || world === null || !world.broadphase || typeof world.getBounds !== 'function') {
    throw new TypeError('useQuadtree: world must be a melonJS World (app.world), got ' + (world === null ? 'null' : typeof world));
  }
  if (world.sortOn === 'depth') {
    throw new TypeError('useQuadtree: this world sorts on depth, so melonJS keeps it in its 3D Octree; quadtree-wasm/melonjs stands in for the 2D QuadTree only');
  }
  let handle = handles.get(world);
  if (handle === undefined || !handle.active) {
    handle = new Handle(world);
    handles.set(world, handle);
  }
  return handle;
}

/**
 * A melonJS plug-in class, made from melonJS's own BasePlugin (`me.plugin.BasePlugin`), whose
 * instance puts the app's world on the index:
 *   me.plugin.register(quadtreePlugin(me.plugin.BasePlugin), 'quadtree', app);
 * `me.plugin.get('quadtree').handle` is the world's handle.
 * @param {any} BasePlugin
 */
export function quadtreePlugin(BasePlugin) {
  if (typeof BasePlugin !== 'function') throw new TypeError('quadtreePlugin: pass melonJS\'s plugin.BasePlugin class, got ' + typeof BasePlugin);
  return class QuadtreePlugin extends BasePlugin {
    /** @param {any} [app] the Application (melonJS's default: the game's) */
    constructor(app) {
      super(app);
      /** @type {Handle} */
      this.handle = useQuadtree(/** @type {any} */ (this).app.world);
    }
  };
}

export { QuadtreeBroadphase };
