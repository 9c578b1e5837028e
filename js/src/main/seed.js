// A tree's root before it needs a native tree: a Quadtree's, or a tutorial QuadTree's. While the
// root cannot have split (it holds no more than max_objects, or has no level left to split into),
// a query answers with the root's own objects, whatever the rect (quadtree-js's retrieve(), the
// tutorial tree's findObjects()): so a tree made, filled with a few objects, queried and dropped
// within a frame (the tutorial pattern) never calls into WebAssembly and leaves nothing for a
// finalizer. One object more, or any call beyond insert, the query, clear and dispose, grows the
// native tree (grow) and stages the objects there as insert() would have.
//
// A tree that grew for an insert is young (common/young.js): its seed keeps the copy, the next
// tree of its kind (the class, as its constructor describes it to plant()) to grow takes its
// native tree back, and the tree is a seed again, with every object, to grow anew if it is used
// again. It ages on any call its kind does not name in keepsYoung.
import { native } from '../wasm/native.js';
import { OBJECTS } from '../common/registry.js';
import { Session } from './session.js';
import { stage } from './stage.js';
import { created, readAll, readRect, rectIn } from '../common/validate.js';
import { takeBack, Young } from '../common/young.js';

// Objects a seed holds at most: each insert checks the ones before it for a repeat.
const MOST = 16;

/**
 * What differs between the classes whose trees start as a seed: each passes its own, frozen, to
 * plant().
 * @typedef {object} Kind
 * @property {string} className the class, as messages name it
 * @property {number} treeKind the native tree to grow (cpp/base/abi.h): QUADTREE_KIND, quadtree-js's, or
 *   TUTORIAL_KIND, the tutorial tree's
 * @property {boolean} distinct whether a query at level 0 gives each object once, as quadtree-js's
 *   does (the seed's answer too)
 * @property {string} listCall the native call that builds a list the session caches, from its
 *   node (Session.listCall)
 * @property {readonly string[]} keepsYoung the calls (as live() names them) after which a young
 *   tree is still young: those that only insert at its root or read
 */

/**
 * A new tree's root, `tree`, with no native tree yet: the first call that needs one grows it and
 * puts it in _s. `r`: its bounds as read; the other numbers as the constructor read them.
 * @param {any} tree @param {Kind} kind @param {number[]} r
 * @param {number} maxObjects @param {number} maxLevels @param {number} level
 */
export function plant(tree, kind, r, maxObjects, maxLevels, level) {
  Object.defineProperty(tree, '_s', { value: new Seed(kind, r, maxObjects, maxLevels, level), writable: true });
}

/**
 * The tree's Seed, named for `method`, while it has no native tree yet; else null.
 * @param {any} tree @param {string} method
 * @returns {Seed | null}
 */
export function seedFor(tree, method) {
  const seed = tree._s;
  if (!(seed instanceof Seed) || seed.disposed) return null;
  seed.method = method;
  return seed;
}

/**
 * The tree's Seed, named for `method`, while it answers a query itself: its root cannot have
 * split, so the answer is its own objects. Else null (a taken-back seed holding too many grows).
 * @param {any} tree @param {string} method
 * @returns {Seed | null}
 */
export function answeringSeed(tree, method) {
  const seed = seedFor(tree, method);
  return seed !== null && seed.holds(seed.objects.length) ? seed : null;
}

/**
 * insert() while the root cannot split: `obj`, or each object of `objs` (its rects all read
 * first), kept in the seed. False when the tree needs its native tree (nothing was read).
 * @param {any} tree @param {any} obj @param {any[] | null} objs
 */
export function seedInsert(tree, obj, objs) {
  const seed = seedFor(tree, 'insert');
  if (seed === null || !seed.holds(seed.objects.length + (objs ? objs.length : 1))) return false;
  if (objs) {
    const rects = readAll(seed, objs);
    for (let i = 0; i < objs.length; i++) seed.add(objs[i], rects[i]);
  } else {
    readRect(seed, 'rect', obj, rectIn);
    seed.add(obj, rectIn);
  }
  return true;
}

export class Seed extends Young {
  /**
   * The native tree's arguments, as the constructor read them.
   * @param {Kind} kind @param {number[]} r bounds
   * @param {number} maxObjects @param {number} maxLevels @param {number} level
   */
  constructor(kind, r, maxObjects, maxLevels, level) {
    super(kind.className, kind);
    this.isSeed = true; // (live(): grow() before any call that needs the native tree)
    this.r = r;
    this.maxObjects = maxObjects;
    this.maxLevels = maxLevels;
    this.level = level;
    this.disposed = false;
    this.repeats = false; // some object was inserted twice
    /** While young: the tree it grew for (its session is the tree's _s). @type {any} */
    this.tree = null;
  }

  /**
   * Whether the root still cannot have split with `count` objects: both trees split a leaf that
   * holds more than max_objects while its level is below max_levels.
   * @param {number} count
   */
  holds(count) {
    return count <= MOST && (count <= this.maxObjects || !(this.level < this.maxLevels));
  }

  /** @param {any} obj @param {number[]} r its rect, read now (a copy is kept) */
  add(obj, r) {
    if (!this.repeats && this.objects.indexOf(obj) >= 0) this.repeats = true;
    this.keep(obj, r[0], r[1], r[2], r[3], r[4]);
  }

  /**
   * The query's answer, appended to `out` (a new array if null): every object; for a `distinct`
   * kind, each once at level 0 (the first time it was inserted), as quadtree-js's leaf gives it.
   * @param {any[] | null} out
   */
  answer(out) {
    const objects = this.objects, once = this.repeats && this.level === 0 && this.kind.distinct;
    if (out === null && !once) return objects.slice();
    out ||= [];
    for (let i = 0; i < objects.length; i++) {
      if (!once || objects.indexOf(objects[i]) === i) out.push(objects[i]);
    }
    return out;
  }

  clear() {
    super.clear();
    this.repeats = false;
  }

  dispose() {
    this.disposed = true;
    this.clear();
  }

  /**
   * The native tree, made now for `tree` (the root this seed stands for), holding the objects
   * inserted so far; it takes the seed's place. The young tree's session, if there is one, is
   * taken back and made new for it: its native arrays are grown already, and its id table
   * guesses the ids of a tree filled with the same objects in the same order (a tree per frame).
   * @param {any} tree
   * @returns {Session}
   */
  grow(tree) {
    const r = this.r, objects = this.objects, shapes = this.shapes, kind = this.kind;
    // (A tree grown again after its native tree was taken back makes its own.)
    const old = this.taken ? null : /** @type {Session | null} */ (takeBack(kind));
    const handle = native.create(r[0], r[1], r[2], r[3], this.maxObjects, this.maxLevels, this.level, old ? old.handle : 0, kind.treeKind);
    const s = old ? old.emptied() : new Session(kind.className, created(this.where, handle), native[kind.listCall]);
    s.method = this.method;
    s.views[0] = tree;
    tree._s = s;
    if (objects.length > 0) s.registry.use(OBJECTS, s);
    for (let i = 0; i < objects.length; i++) stage(s, objects[i], shapes.slice(5 * i, 5 * i + 5));
    if (this.method !== 'insert') {
      this.clear();
    } else if (this.settle()) {
      this.tree = tree;
      s.young = this;
    }
    return s;
  }

  /** The young tree's session, given back: the tree is this seed again, with every object. */
  giveBack() {
    const tree = this.tree, s = /** @type {Session} */ (tree._s);
    s.young = null;
    this.tree = null;
    tree._s = this; // (grown by an insert, it holds too many to answer alone)
    return s;
  }

  /**
   * Whether a call, named as live() names it, ages the young tree: any call its kind does not
   * keep it young through.
   * @param {string} method
   */
  agedBy(method) {
    const keeps = this.kind.keepsYoung;
    for (let i = 0; i < keeps.length; i++) if (keeps[i] === method) return false;
    return true;
  }

  leave() {
    super.leave();
    if (this.tree === null) return; // (given back)
    this.tree._s.young = null;
    this.tree = null;
  }
}
