// A Quadtree root before it needs a native tree. While the root cannot have split (it holds no
// more than max_objects, or has no level left to split into), quadtree-js's retrieve() answers
// with the root's own objects, whatever the rect: so a tree made, filled with a few objects,
// queried and dropped within a frame (the tutorial pattern) never calls into WebAssembly and
// leaves nothing for a finalizer. One object more, or any call beyond insert, retrieve, clear and
// dispose, grows the native tree (grow) and stages the objects there as insert() would have.
import { native } from './native.js';
import { OBJECTS } from './registry.js';
import { Named, Session, created, stage } from './session.js';

// Objects a seed holds at most: each insert checks the ones before it for a repeat.
const MOST = 16;

export class Seed extends Named {
  /**
   * The native tree's arguments, as the constructor read them.
   * @param {number[]} r bounds @param {number} maxObjects @param {number} maxLevels @param {number} level
   */
  constructor(r, maxObjects, maxLevels, level) {
    super('Quadtree');
    this.r = r;
    this.maxObjects = maxObjects;
    this.maxLevels = maxLevels;
    this.level = level;
    this.disposed = false;
    /** @type {any[]} in insertion order, an object inserted twice twice */
    this.objects = [];
    /** @type {number[][]} x, y, width, height of each, as read when it was inserted */
    this.rects = [];
    this.repeats = false; // some object was inserted twice
  }

  /**
   * Whether the root still cannot have split with `count` objects: quadtree-js splits a leaf
   * that holds more than max_objects while its level is below max_levels.
   * @param {number} count
   */
  holds(count) {
    return count <= MOST && (count <= this.maxObjects || !(this.level < this.maxLevels));
  }

  /** @param {any} obj @param {number[]} r its rect, read now (a copy is kept) */
  add(obj, r) {
    if (!this.repeats && this.objects.indexOf(obj) >= 0) this.repeats = true;
    this.objects.push(obj);
    this.rects.push(r.slice());
  }

  /**
   * retrieve()'s answer, appended to `out` (a new array if null): every object, each once at
   * level 0 (the first time it was inserted), as quadtree-js's leaf gives it.
   * @param {any[] | null} out
   */
  answer(out) {
    const objects = this.objects, once = this.repeats && this.level === 0;
    if (out === null && !once) return objects.slice();
    out ||= [];
    for (let i = 0; i < objects.length; i++) {
      if (!once || objects.indexOf(objects[i]) === i) out.push(objects[i]);
    }
    return out;
  }

  clear() {
    this.objects = [];
    this.rects = [];
    this.repeats = false;
  }

  dispose() {
    this.disposed = true;
    this.clear();
  }

  /**
   * The native tree, made now for `tree` (the root this seed stands for), holding the objects
   * inserted so far; it takes the seed's place.
   * @param {any} tree
   * @returns {Session}
   */
  grow(tree) {
    const r = this.r;
    const s = new Session('Quadtree', created(this.where, native.create(r[0], r[1], r[2], r[3], this.maxObjects, this.maxLevels, this.level)));
    s.method = this.method;
    s.views[0] = tree;
    tree._s = s;
    if (this.objects.length > 0) s.registry.use(OBJECTS, s);
    for (let i = 0; i < this.objects.length; i++) stage(s, this.objects[i], this.rects[i]);
    return s;
  }
}
