// The quadtree-ts drop-in's Quadtree: the package's constructor and methods, each running
// natively while the tree may (native-tree.js), else the package's algorithm in JavaScript
// (engine.js). Either way a program sees what the package would show it.
import { engine } from './engine.js';
import { adopt, clearNative, insertNative, joinNative, nativeOf, rearm, removeNative, retrieveNative } from './native-tree.js';
import { materialize } from './view.js';

// The option rule: a number (any: NaN, negative, fractional) is taken, anything else gives the default.
/** @param {unknown} value @param {number} fallback */
const option = (value, fallback) => (typeof value === 'number' ? value : fallback);

export class Quadtree {
  /** @param {any} props @param {number} [level] */
  constructor(props, level = 0) {
    this.bounds = { x: props.x || 0, y: props.y || 0, width: props.width, height: props.height };
    this.maxObjects = option(props.maxObjects, 10);
    this.minLevels = option(props.minLevels, 0);
    this.maxLevels = option(props.maxLevels, 4);
    this.level = level;
    if (this.minLevels > this.maxLevels) {
      throw new Error(`minLevels (${this.minLevels}) must be less than maxLevels (${this.maxLevels})`);
    }
    // A subclass sees its nodes made (it runs in JavaScript); so does a tree made before the
    // WebAssembly module was compiled.
    if (new.target === Quadtree && adopt(this, OWN)) return;
    /** @type {any[]} */
    this.objects = [];
    /** @type {any[]} */
    this.nodes = [];
    if (this.level < this.minLevels) this.split();
  }

  /** @param {any} obj */
  getIndex(obj) {
    return engine.getIndex.call(this, obj);
  }

  split() {
    materialize(this);
    engine.split.call(this);
  }

  /** @param {any} obj */
  insert(obj) {
    const s = nativeOf(this);
    if (s === undefined || !insertNative(this, s, obj)) engine.insert.call(this, obj);
  }

  /** @param {any} obj */
  retrieve(obj) {
    const s = nativeOf(this);
    return (s !== undefined && retrieveNative(this, s, obj)) || engine.retrieve.call(this, obj);
  }

  /** @param {any} obj @param {boolean} [fast] */
  remove(obj, fast = false) {
    const s = nativeOf(this);
    return s !== undefined ? removeNative(s, obj, fast) : engine.remove.call(this, obj, fast);
  }

  /** @param {any} obj @param {boolean} [fast] */
  update(obj, fast = false) {
    const s = nativeOf(this);
    if (s === undefined) return engine.update.call(this, obj, fast);
    removeNative(s, obj, fast);
    if (!insertNative(this, s, obj)) engine.insert.call(this, obj);
  }

  join() {
    const s = nativeOf(this);
    return s !== undefined ? joinNative(s) : engine.join.call(this);
  }

  clear() {
    const s = nativeOf(this);
    if (s !== undefined) return clearNative(s);
    engine.clear.call(this);
    if (Object.getPrototypeOf(this) === Quadtree.prototype) rearm(this);
  }
}

// The methods a native root must dispatch to: the class's own, as defined here (a program that
// replaces one, on a tree or on the prototype, turns the tree into JavaScript).
/** @type {Record<string, Function>} */
const OWN = {};
for (const name of ['getIndex', 'split', 'insert', 'retrieve', 'remove', 'update', 'join', 'clear']) {
  OWN[name] = /** @type {any} */ (Quadtree.prototype)[name];
}
