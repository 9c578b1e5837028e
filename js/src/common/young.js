// Young trees, in both families. A tree made, filled, queried and dropped every frame must not
// hold native memory past its frame: a finalizer runs only after a major collection and between
// tasks, so a loop that never yields would keep every tree it made. So, of each kind of tree, the
// one that got its native tree last stays young while it only inserts at its root and reads, up
// to YOUNG_MOST inserts: it keeps a copy of each object it inserted with its shape as read then.
// The next tree of its kind to get a native tree takes the young one's back (its arrays, grown
// already, serve the new tree), and the young tree holds its copy alone; the first call that needs
// its native tree again grows one from the copy, the same tree, and that one is its own for good
// (two trees used in turn would otherwise take each other's back over and over). A young tree
// ages, and drops its copy, on any other call, or past YOUNG_MOST inserts. It is held, not weakly
// (a young tree the program drops stays, with its objects, until the next tree of its kind takes
// it back: one tree a kind at most); docs/DESIGN.md gives the measurement.
//
// main/seed.js's Seed (a Quadtree's or a tutorial QuadTree's) and ts/native-tree.js's TsYoung (a
// quadtree-ts root's) extend Young with how their family gives its native tree back and grows it
// anew.
import { Named } from './named.js';

// Inserts a young tree keeps copies of at most: past that it is a tree in use, not a frame's.
// Measured with bench/ab.mjs's fresh and ts-fresh at 1,000 and 10,000 objects: with 64, a tree
// per frame of 1,000 ran 27 % slower (main) and 5 to 15 % slower (quadtree-ts) than with this.
export const YOUNG_MOST = 1 << 16;

/**
 * Each kind's young tree (the key: its family's, one per kind of native tree): a Young whose
 * family's subclass gives giveBack(): its native tree for another tree (main/seed.js's session,
 * quadtree-ts's handle), which it no longer has; null when it cannot give it now.
 * @type {Map<any, any>}
 */
const youngest = new Map();

/**
 * What the native tree of the young tree of `kind` gives for a new tree (its family's giveBack():
 * main's session, quadtree-ts's handle), taken back now; null when there is none to take.
 * @param {any} kind
 */
export function takeBack(kind) {
  const young = youngest.get(kind);
  if (young === undefined) return null;
  const given = young.giveBack();
  if (given === null) return null; // (busy: it stays young)
  young.leave();
  young.taken = true;
  return given;
}

export class Young extends Named {
  /** @param {string} className @param {any} kind its family's key for its kind of tree */
  constructor(className, kind) {
    super(className);
    this.kind = kind;
    /** @type {any[]} in insertion order, an object inserted twice twice */
    this.objects = [];
    /** @type {number[]} a shape's four numbers and its kind (abi.h's) each, as read at its insert */
    this.shapes = [];
    this.taken = false; // its native tree was taken back once: the next one is its own for good
  }

  /**
   * An insert: `obj` and its shape (four numbers and the kind, as readRect() gives them) kept;
   * past YOUNG_MOST the tree ages instead.
   * @param {any} obj @param {number} a @param {number} b @param {number} c @param {number} d @param {number} kind
   */
  keep(obj, a, b, c, d, kind) {
    if (this.objects.length === YOUNG_MOST) return this.age();
    this.objects.push(obj);
    this.shapes.push(a, b, c, d, kind);
  }

  /**
   * It got its native tree now, with what it keeps: it is its kind's young tree (true), unless its
   * native tree was taken back before (it drops its copy).
   */
  settle() {
    if (this.taken) {
      this.clear();
      return false;
    }
    youngest.set(this.kind, this);
    return true;
  }

  /** No longer young: its native tree is its own, and it keeps no copy. */
  age() {
    this.leave();
    this.clear();
  }

  leave() {
    if (youngest.get(this.kind) === this) youngest.delete(this.kind);
  }

  clear() {
    this.objects = [];
    this.shapes = [];
  }
}
