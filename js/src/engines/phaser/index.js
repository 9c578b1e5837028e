// quadtree-wasm/phaser: Arcade Physics (Phaser 3.60+ and 4.x) on our index. The world keeps its
// bodies in two RTrees, `world.tree` (dynamic bodies, emptied and bulk-loaded every step) and
// `world.staticTree` (static bodies, which remove and insert themselves when they change);
// useQuadtree() puts a BodyTree in the place of each, and the handle it returns puts the stock
// trees back. Nothing of Phaser is imported: the world is the caller's.
import { BodyTree } from './body-tree.js';

/** @type {WeakMap<object, Handle>} */
const handles = new WeakMap();

/**
 * A world's body set as an array: Phaser 4 keeps a Set, Phaser 3 its own Set class (`entries`).
 * @param {any} set @returns {any[]}
 */
const listOf = (set) => (set && Array.isArray(set.entries) ? set.entries : Array.from(set || []));

/** @param {any} v */
const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object without tree and staticTree' : typeof v);

class Handle {
  /** @param {any} world */
  constructor(world) {
    this.world = world;
    /** @type {{ tree: any, staticTree: any }} */
    this._stock = { tree: world.tree, staticTree: world.staticTree };
    const b = world.bounds;
    const bounds = b ? { x: b.x, y: b.y, width: b.width, height: b.height } : undefined;
    /** The world's dynamic tree while the handle is in use. */
    this.tree = new BodyTree(bounds);
    /** The world's static tree while the handle is in use. */
    this.staticTree = new BodyTree(bounds);
    this.staticTree.load(listOf(world.staticBodies));
    if (world.useTree) this.tree.load(listOf(world.bodies));
    world.tree = this.tree;
    world.staticTree = this.staticTree;
    // A body's search of its group names the body to the dynamic tree (BodyTree.asker): a group
    // collided with itself then asks one pairs() of the index for all its bodies.
    const tree = this.tree, collide = world.collideSpriteVsGroup;
    this._ownCollide = Object.prototype.hasOwnProperty.call(world, 'collideSpriteVsGroup') ? collide : null;
    if (typeof collide === 'function') {
      /** @this {any} @param {any} sprite @param {any} group @param {any} a @param {any} b @param {any} c @param {any} d */
      world.collideSpriteVsGroup = function (sprite, group, a, b, c, d) {
        tree.asker = sprite ? (sprite.isBody ? sprite : sprite.body) || null : null;
        try {
          return collide.call(this, sprite, group, a, b, c, d);
        } finally {
          tree.asker = null;
        }
      };
    }
  }

  /** Whether the world still uses this handle's trees. */
  get active() {
    return this.world.tree === this.tree && this.world.staticTree === this.staticTree;
  }

  /**
   * Gives the world its stock trees back, filled with its bodies as they are now, and frees ours.
   * (A world that was destroyed meanwhile keeps none.)
   */
  restore() {
    const world = this.world;
    if (handles.get(world) === this) handles.delete(world);
    if (this.active) {
      const { tree, staticTree } = this._stock;
      staticTree.clear();
      staticTree.load(listOf(world.staticBodies));
      tree.clear();
      if (world.useTree) tree.load(listOf(world.bodies));
      world.tree = tree;
      world.staticTree = staticTree;
      if (this._ownCollide) world.collideSpriteVsGroup = this._ownCollide;
      else delete world.collideSpriteVsGroup;
    }
    this.tree.dispose();
    this.staticTree.dispose();
  }
}

/**
 * Makes an Arcade Physics world (`scene.physics.world`) keep its bodies in quadtree-wasm's index:
 * its dynamic and static trees are replaced, and what they held is carried over. Called again on
 * the same world, returns the same handle.
 * @param {any} world
 * @returns {Handle}
 */
export function useQuadtree(world) {
  if (typeof world !== 'object' || world === null || !world.tree || !world.staticTree) {
    throw new TypeError('useQuadtree: world must be an Arcade Physics world (scene.physics.world), got ' + describe(world));
  }
  let handle = handles.get(world);
  if (handle === undefined || !handle.active) {
    handle = new Handle(world);
    handles.set(world, handle);
  }
  return handle;
}

/**
 * A scene plug-in for the game config: every scene that has Arcade Physics uses the index from the
 * moment it starts (again after a restart, whose world is new).
 *   new Phaser.Game({ ..., plugins: { scene: [{ key: 'QuadtreePlugin', plugin: QuadtreePlugin, mapping: 'quadtree' }] } })
 * `this.quadtree.handle` in a scene is its world's handle; `enabled = false` gives the world its
 * stock trees back, and `enabled = true` takes them again.
 */
export class QuadtreePlugin {
  /** @param {any} scene @param {any} [pluginManager] @param {string} [key] */
  constructor(scene, pluginManager, key) {
    this.scene = scene;
    this.pluginManager = pluginManager;
    this.key = key;
    /** @type {Handle | null} */
    this.handle = null;
    this._enabled = true;
    const events = scene.sys.events;
    // 'ready' comes after 'start', by when Arcade Physics has made the world (a new one after a
    // restart); 'shutdown' comes before the world is destroyed.
    events.on('ready', this._attach, this);
    events.on('shutdown', this._detach, this);
    events.once('destroy', this.destroy, this);
  }

  /** (Phaser calls it when the plug-in is added to a scene that is running.) */
  boot() {
    if (this.scene.sys.settings && this.scene.sys.settings.active) this._attach();
  }

  get enabled() {
    return this._enabled;
  }

  set enabled(on) {
    this._enabled = Boolean(on);
    if (this._enabled) this._attach();
    else this._detach();
  }

  _attach() {
    const world = this.scene.sys.arcadePhysics ? this.scene.sys.arcadePhysics.world : null;
    if (this._enabled && world) this.handle = useQuadtree(world);
  }

  _detach() {
    if (this.handle) this.handle.restore();
    this.handle = null;
  }

  destroy() {
    this._detach();
    const events = this.scene.sys.events;
    events.off('ready', this._attach, this);
    events.off('shutdown', this._detach, this);
    events.off('destroy', this.destroy, this);
  }
}

export { BodyTree };
