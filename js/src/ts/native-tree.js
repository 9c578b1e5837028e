// A quadtree-ts root in native mode: its tree lives in WebAssembly (cpp/ts/ts_tree.h) while nothing
// a program does could tell: the root is our own class (not a subclass), its fields and the
// methods it dispatches to are as made, the nodes and lists it read of the tree's inside (view.js)
// are as handed out, and every object it holds or is asked about is one of our Rectangle, Circle
// or Line (or borrows their qtIndex) with number fields, whose decisions the core makes bit for
// bit as JavaScript would. The first call that finds otherwise turns the tree into JavaScript
// nodes exactly as the package would hold them at that moment (materialize()), and the
// JavaScript engine (engine.js) goes on from there.
import { I32, NO_MEMORY, SHAPE_CIRCLE, SHAPE_LINE, SHAPE_RECT } from '../wasm/abi.js';
import { finalizer, native, f64, i32, views } from '../wasm/native.js';
import { collect } from '../common/objects.js';
import { NativeSession } from '../common/native-session.js';
import { OBJECTS, Registry } from '../common/registry.js';
import { noMemory } from '../common/validate.js';
import { Circle, Line } from '../common/shapes.js';
import { circleIndex, lineIndex, rectIndex } from '../common/shape-fields.js';
import { takeBack, Young } from '../common/young.js';
import { defineInside, dormant, intact, materialize, sessions, settled } from './view.js';

// The deepest maxLevels a native tree takes (the package recurses once per level; past this a
// tree runs in JavaScript, as the package does).
const MAX_NATIVE_LEVELS = 32;
// The deepest minLevels a native tree takes: a skeleton split at once, 4^minLevels leaves.
const MAX_SKELETON = 8;

const circleMeets = Circle.intersectRect;
const lineMeets = Line.intersectRect;

// The numbers of the shape readShape() read last.
let sa = 0, sb = 0, sc = 0, sd = 0;

/**
 * The kind of `o`'s shape when the core decides it as JavaScript would (abi.h's kinds), its
 * numbers in sa..sd; -1 otherwise: another qtIndex, a patched static, a field that is not a number
 * (JavaScript's `+` would concatenate a string).
 * @param {any} o
 */
function readShape(o) {
  if (typeof o !== 'object' || o === null) return -1;
  // shape-fields.js's FIELDS, read inline: a shared reader cost this insert loop 5 % (bench/ab.mjs
  // ts-shapes); tests/api/shape-fields.test.mjs holds these reads to FIELDS.
  const q = o.qtIndex;
  let kind;
  if (q === rectIndex) {
    sa = o.x; sb = o.y; sc = o.width; sd = o.height;
    kind = SHAPE_RECT;
  } else if (q === circleIndex) {
    if (Circle.intersectRect !== circleMeets) return -1;
    sa = o.x; sb = o.y; sc = o.r; sd = 0;
    kind = SHAPE_CIRCLE;
  } else if (q === lineIndex) {
    if (Line.intersectRect !== lineMeets) return -1;
    sa = o.x1; sb = o.y1; sc = o.x2; sd = o.y2;
    kind = SHAPE_LINE;
  } else {
    return -1;
  }
  return typeof sa === 'number' && typeof sb === 'number' && typeof sc === 'number' && typeof sd === 'number' ? kind : -1;
}

/** The native side of `tree`, or undefined (view.js keeps them). @param {any} tree */
const sessionOf = (tree) => /** @type {TsSession | undefined} */ (sessions.get(tree));

class TsSession extends NativeSession {
  /** @param {any} tree @param {number} handle @param {Record<string, Function>} own */
  constructor(tree, handle, own) {
    // (answers: each leaf's objects, each once, by node index: most queries reach one leaf, and
    // every query in that leaf gets a copy until the tree changes)
    super('Quadtree', handle);
    // The methods of the root's class, as it defined them: a node that dispatches elsewhere
    // runs in JavaScript.
    this.own = own;
    // The root's inside as the program read it last (view.js), null until it does.
    /** @type {import('./view.js').View | null} */
    this.view = null;
    this.busy = false; // an insert waits for shapes (supply())
    /** While the root is young (common/young.js): its copy. @type {TsYoung | null} */
    this.young = null;
    this.registry.use(OBJECTS, 'Quadtree');
    // The root's fields as the native tree was made with them: a program that changes one turns
    // the tree into JavaScript first (the package reads them live).
    const b = tree.bounds;
    this.bounds = b;
    this.x = b.x; this.y = b.y; this.width = b.width; this.height = b.height;
    this.maxObjects = tree.maxObjects;
    this.minLevels = tree.minLevels;
    this.maxLevels = tree.maxLevels;
    if (finalizer) finalizer.register(tree, handle, this);
  }

  /** Whether `t` (this session's root) is still as made. @param {any} t */
  fits(t) {
    return t.bounds === this.bounds && this.sameNumbers(t) && t.level === 0 && !Object.is(t.level, -0) && intact(t, this.own);
  }

  /** Whether `t`'s bounds and options have the numbers the native tree was made with. @param {any} t */
  sameNumbers(t) {
    const b = t.bounds;
    return Object.is(b.x, this.x) && Object.is(b.y, this.y) && Object.is(b.width, this.width) &&
      Object.is(b.height, this.height) && Object.is(t.maxObjects, this.maxObjects) &&
      Object.is(t.minLevels, this.minLevels) && Object.is(t.maxLevels, this.maxLevels);
  }

  /**
   * Its native tree, taken back for another root (TsYoung.giveBack()), made again from the young
   * root's copy: the same inserts with the shapes as read then, a split given the shapes it asked
   * for then (TsYoung.same() held for each). Throws, with the root as it was, when there is no room.
   * @param {any} tree
   */
  regrow(tree) {
    const y = /** @type {TsYoung} */ (this.young);
    const handle = native.createTs(this.x, this.y, this.width, this.height, this.maxObjects, this.minLevels, this.maxLevels, takeBack(TS_KIND) ?? 0);
    if (handle === 0) throw noMemory('Quadtree', 'its native tree could not be made again');
    this.attach(handle);
    this.registry = new Registry();
    this.registry.use(OBJECTS, 'Quadtree');
    y.latest = [];
    for (let i = 0; i < y.objects.length; i++) {
      const id = this.registry.next(y.objects[i]);
      y.latest[id] = 5 * i;
      let step = native.tsInsert(handle, id, y.recall(id), sa, sb, sc, sd);
      while (step > 0) step = supply(this, step, y);
      if (step < 0) { // (no room: the only way a replay fails)
        native.destroy(handle);
        this.handle = 0;
        throw noMemory('Quadtree', 'its native tree could not be made again');
      }
      this.forgetLost();
    }
    if (finalizer) finalizer.register(tree, handle, this);
    y.age();
  }

  // The ids that left the tree in the last call: forgotten.
  forgetLost() {
    views();
    const n = i32[this.r32 + I32.lostCount];
    if (n === 0) return;
    const at = i32[this.r32 + I32.lostIds] >> 2;
    for (let k = 0; k < n; k++) this.registry.drop(i32[at + k]);
  }

}

// quadtree-ts roots' kind of young tree (common/young.js).
const TS_KIND = 'quadtree-ts';

/**
 * A young root's copy (common/young.js): a root is young from its making while it only inserts
 * and reads (retrieve(), the exact queries), and until the program reads its inside.
 * It keeps `latest`, each id's last insert in the copy, so that a split that reads a shape other
 * than the copy holds (the object moved since its insert) ages the root: a replay would not split
 * the same.
 */
class TsYoung extends Young {
  /** @param {any} tree @param {TsSession} s */
  constructor(tree, s) {
    super('Quadtree', TS_KIND);
    this.tree = tree; // (held: its finalizer must not free the native tree while it may be taken back)
    this.session = s;
    /** @type {number[]} id -> where its last insert's shape is in `shapes` */
    this.latest = [];
  }

  /** The insert of `obj` as `id`, its shape in sa..sd (readShape()). @param {any} obj @param {number} id @param {number} kind */
  keepInsert(obj, id, kind) {
    this.latest[id] = this.shapes.length;
    this.keep(obj, sa, sb, sc, sd, kind);
  }

  /** The shape of `id`'s last insert, into sa..sd; returns its kind. @param {number} id */
  recall(id) {
    const q = this.latest[id], shapes = this.shapes;
    sa = shapes[q]; sb = shapes[q + 1]; sc = shapes[q + 2]; sd = shapes[q + 3];
    return shapes[q + 4];
  }

  /** Whether the shape in sa..sd of `id` is the one its last insert kept. @param {number} id @param {number} kind */
  same(id, kind) {
    const q = this.latest[id], shapes = this.shapes;
    return shapes[q] === sa && shapes[q + 1] === sb && shapes[q + 2] === sc && shapes[q + 3] === sd && shapes[q + 4] === kind;
  }

  age() {
    super.age();
    this.latest = [];
    this.tree = null;
    if (this.session.young === this) this.session.young = null;
  }

  giveBack() {
    const s = this.session;
    if (s.busy || s.handle === 0) return null; // (an insert waits for shapes: a getter made a tree)
    const handle = s.handle;
    if (finalizer) finalizer.unregister(s);
    s.handle = 0; // (regrow() makes it again from the copy when the root is used)
    s.seen = -1;
    s.answers.length = 0;
    return handle;
  }
}

/**
 * Gives a new root a native tree when it can have one; true if it did (its `objects` and
 * `nodes` are then view.js's accessors). `own`: its class's methods, as the class defined them.
 * The young root's native tree serves it, if there is one (common/young.js).
 * @param {any} tree @param {Record<string, Function>} own
 */
export function adopt(tree, own) {
  if (!eligible(tree, own)) return false;
  const b = tree.bounds;
  const handle = native.createTs(b.x, b.y, b.width, b.height, tree.maxObjects, tree.minLevels, tree.maxLevels, takeBack(TS_KIND) ?? 0);
  if (handle === 0) return false; // no room: JavaScript has
  const s = new TsSession(tree, handle, own);
  sessions.set(tree, s);
  defineInside(tree);
  s.young = new TsYoung(tree, s);
  s.young.settle();
  return true;
}

/** Gives the native tree of `s`, whose root no longer has it, back to the core. @param {TsSession} s */
function free(s) {
  if (finalizer) finalizer.unregister(s);
  native.destroy(s.handle);
}

/** Whether a root of our class may have a native tree. @param {any} tree @param {Record<string, Function>} own */
function eligible(tree, own) {
  const b = tree.bounds;
  if (native === null || tree.level !== 0 || Object.is(tree.level, -0) || !intact(tree, own)) return false;
  if (typeof b.x !== 'number' || typeof b.y !== 'number' || typeof b.width !== 'number' || typeof b.height !== 'number') return false;
  const { minLevels, maxLevels } = tree;
  if (!(maxLevels <= MAX_NATIVE_LEVELS) && maxLevels === maxLevels) return false; // (NaN: never splits)
  return !(minLevels > MAX_SKELETON);
}

/**
 * After clear() of a root of our class that runs in JavaScript: when nothing from before is
 * reachable through it any more (minLevels <= 0: its nodes were replaced), and it may, the root
 * runs natively again: a program that reads the tree to draw it every frame, then clears it,
 * keeps the native speed for the rest of the frame. (Its old native tree is reused when its
 * fields are as they were.)
 * @param {any} tree
 */
export function rearm(tree) {
  if (!(tree.minLevels <= 0)) return;
  const s = /** @type {TsSession | undefined} */ (dormant.get(tree));
  if (s === undefined) return; // (never native: made before the module was ready, or refused)
  if (!eligible(tree, s.own)) return;
  dormant.delete(tree);
  if (s.sameNumbers(tree)) {
    s.bounds = tree.bounds;
    s.registry = new Registry();
    s.registry.use(OBJECTS, 'Quadtree');
    sessions.set(tree, s);
    defineInside(tree);
    return;
  }
  free(s);
  adopt(tree, s.own);
}

/**
 * The native side of `tree` when it may run natively; undefined for a tree in JavaScript (one
 * that no longer fits, or whose view the program changed, is materialized first).
 * @param {any} tree
 */
export function nativeOf(tree) {
  const s = sessionOf(tree);
  if (s === undefined) return undefined;
  if (s.handle === 0) s.regrow(tree);
  if (s.fits(tree) && settled(tree, s)) return s;
  materialize(tree);
  return undefined;
}

/**
 * insert(obj) natively; false when `obj` (or an object a split must place) is not for the core:
 * the tree was materialized, unchanged, and the caller runs the JavaScript insert.
 * @param {any} tree @param {TsSession} s @param {any} obj
 */
export function insertNative(tree, s, obj) {
  const kind = readShape(obj);
  if (kind < 0) {
    materialize(tree);
    return false;
  }
  const registry = s.registry, before = registry.count;
  const id = registry.next(obj);
  const known = registry.count === before; // (next() counts an object new to the tree)
  if (s.young !== null) s.young.keepInsert(obj, id, kind);
  let step = native.tsInsert(s.handle, id, kind, sa, sb, sc, sd);
  s.busy = true; // (a shape's getter might make a tree: this one must not be taken back mid-call)
  try {
    while (step > 0) step = supply(s, step, null);
  } finally {
    s.busy = false;
  }
  if (step === NO_MEMORY) {
    if (!known) registry.drop(id);
    s.young?.age(); // (its copy holds the insert)
    throw noMemory('Quadtree.insert');
  }
  if (step < 0) { // an object of the leaf to split is not for the core: the call was undone
    if (!known) registry.drop(id);
    materialize(tree);
    return false;
  }
  s.forgetLost();
  return true;
}

// A split asks for the current shapes of `n` objects (the core's results): read and sent, or in a
// regrow (`copy`) the copy's, as the split it replays read them. A young root's split that reads
// a shape other than the one its copy holds ages it.
const ABANDONED = -1;
/** @param {TsSession} s @param {number} n @param {TsYoung | null} copy */
function supply(s, n, copy) {
  const at = native.scratch(s.handle, n) >> 3;
  if (at === 0) {
    native.tsAbandon(s.handle);
    return NO_MEMORY;
  }
  views();
  const wanted = i32[s.r32 + I32.results] >> 2, kinds = i32[s.r32 + I32.scratchIds] >> 2, objects = s.registry.objects;
  for (let k = 0; k < n; k++) {
    const id = i32[wanted + k];
    let kind;
    if (copy !== null) {
      kind = copy.recall(id);
    } else {
      kind = readShape(objects[id]);
      if (kind < 0) {
        native.tsAbandon(s.handle);
        return ABANDONED;
      }
      if (s.young !== null && !s.young.same(id, kind)) s.young.age(); // (moved since its insert)
    }
    const p = at + 4 * k;
    f64[p] = sa; f64[p + 1] = sb; f64[p + 2] = sc; f64[p + 3] = sd;
    i32[kinds + k] = kind;
  }
  return native.tsResume(s.handle, n);
}

/**
 * retrieve(obj) natively, or undefined when the query is not for the core (the tree was
 * materialized).
 * @param {any} tree @param {TsSession} s @param {any} query
 */
export function retrieveNative(tree, s, query) {
  const kind = readShape(query);
  if (kind < 0) {
    materialize(tree);
    return undefined;
  }
  const node = native.tsLocate(s.handle, kind, sa, sb, sc, sd);
  views();
  if (node >= 0) {
    const version = i32[s.versionAt];
    if (s.seen !== version) {
      s.seen = version;
      s.answers.length = 0;
    }
    let answer = s.answers[node];
    if (answer === undefined) {
      const n = native.tsAnswer(s.handle, node);
      if (n === NO_MEMORY) throw noMemory('Quadtree.retrieve');
      answer = s.answers[node] = collect(s, n, null);
    }
    return answer.slice();
  }
  const n = native.tsRetrieve(s.handle, kind, sa, sb, sc, sd);
  if (n === NO_MEMORY) throw noMemory('Quadtree.retrieve');
  return collect(s, n, null);
}

/** remove(obj, fast) natively (it reads no geometry). @param {TsSession} s @param {any} obj @param {boolean} fast */
export function removeNative(s, obj, fast) {
  s.young?.age();
  const id = s.registry.present(obj);
  const was = native.tsRemove(s.handle, id === undefined ? -1 : id, fast ? 1 : 0) === 1;
  views();
  s.forgetLost();
  return was;
}

/** join() natively: every reference, depth first, duplicates kept. @param {TsSession} s */
export function joinNative(s) {
  s.young?.age(); // (join() may drop empty nodes: a replay of the inserts would not)
  const n = native.tsJoin(s.handle);
  if (n === NO_MEMORY) throw noMemory('Quadtree.join');
  return collect(s, n, null);
}

/** clear() natively. @param {TsSession} s */
export function clearNative(s) {
  s.young?.age();
  native.clear(s.handle);
  s.registry.cleared();
}
