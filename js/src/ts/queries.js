// The exact calls of the quadtree-ts-plus entry's Quadtree: search, collides, pairs,
// forEachPair, nearest, raycast, by the main entry's rules (shapes read by js/src/common/validate.js,
// decided by cpp/shapes/shape_overlap.h). They are not the package's: installQueries() adds them to the
// class as non-enumerable methods, so everything the package has looks as it does there.
//
// A root running natively asks its native tree's exact index, which holds each object as the tree
// last read it (its insert, its update, a split that placed it again): move an object, then
// update() it, as the package asks. Any other node (a root in JavaScript, or a node below a root)
// indexes its subtree's objects as they are at the call (gathered.js).
import { I32 } from '../wasm/abi.js';
import { i32, loaded, native, views } from '../wasm/native.js';
import { collect } from '../common/objects.js';
import { PairList, callEach } from '../common/pair-list.js';
import { hitOf, nearestArgs, rayArgs } from '../common/spatial-args.js';
import { checkFunction, readRect, room } from '../common/validate.js';
import { onGathered } from './gathered.js';
import { nativeOf } from './native-tree.js';

/** @typedef {import('./gathered.js').Index} Index */

// The query shape of one call: read once, then used.
const q = [0, 0, 0, 0, 0];

/**
 * `query` on `node`'s exact index: its native tree's, or one made of its objects now.
 * @template T @param {any} node @param {string} where @param {(g: Index) => T} query @returns {T}
 */
function run(node, where, query) {
  loaded(where);
  const s = nativeOf(node);
  if (s === undefined) return onGathered(where, node, query);
  if (s.busy) throw new Error(where + ': called while the tree is inserting (from a getter of an object it reads)');
  return query(s);
}

const queries = {
  /**
   * The objects whose shapes overlap `shape` (a Rectangle, Circle, Line or any {x, y, width,
   * height}), each once, as a new array.
   * @this {any} @param {any} shape
   */
  search(shape) {
    readRect('Quadtree.search', 'shape', shape, q);
    const [a, b, c, d, kind] = q; // (a getter gathered.js reads may make a query of its own)
    return run(this, 'Quadtree.search', (g) => collect(g, room('Quadtree.search', native.search(g.handle, a, b, c, d, kind)), null));
  },

  /** Whether any object's shape overlaps `shape`. @this {any} @param {any} shape */
  collides(shape) {
    readRect('Quadtree.collides', 'shape', shape, q);
    const [a, b, c, d, kind] = q;
    return run(this, 'Quadtree.collides', (g) => room('Quadtree.collides', native.collides(g.handle, a, b, c, d, kind)) !== 0);
  },

  /** Every pair of distinct objects whose shapes overlap, each once, as a PairList. @this {any} */
  pairs() {
    return run(this, 'Quadtree.pairs', (g) => {
      const count = room('Quadtree.pairs', native.pairs(g.handle));
      views();
      const at = i32[g.r32 + I32.results] >> 2;
      return new PairList(i32.slice(at, at + 2 * count), g.registry.objects);
    });
  },

  /** callback(a, b) for every overlapping pair, all found before the first call. @this {any} @param {any} callback */
  forEachPair(callback) {
    checkFunction('Quadtree.forEachPair', 'callback', callback);
    callEach(queries.pairs.call(this), callback);
  },

  /**
   * Up to `k` objects nearest to (x, y) (by the distance to the shape: 0 inside it), nearest
   * first, each at most `maxDistance` away. A new array.
   * @this {any} @param {number} x @param {number} y @param {number} [k] @param {number} [maxDistance]
   */
  nearest(x, y, k = 1, maxDistance = Infinity) {
    const most = nearestArgs('Quadtree.nearest', x, y, k, maxDistance);
    return run(this, 'Quadtree.nearest', (g) => collect(g, room('Quadtree.nearest', native.nearest(g.handle, x, y, most, maxDistance)), null));
  },

  /**
   * The first object the ray from (x, y) along (dx, dy) reaches within `maxDistance`, and how far
   * along it: `{ object, distance }`, or null.
   * @this {any} @param {number} x @param {number} y @param {number} dx @param {number} dy @param {number} [maxDistance]
   */
  raycast(x, y, dx, dy, maxDistance = Infinity) {
    rayArgs('Quadtree.raycast', x, y, dx, dy, maxDistance);
    return run(this, 'Quadtree.raycast', (g) => hitOf(g, room('Quadtree.raycast', native.raycast(g.handle, x, y, dx, dy, maxDistance))));
  },
};

/** Gives the class (its prototype) the exact calls, non-enumerable as class methods are. @param {object} proto */
export function installQueries(proto) {
  for (const [name, value] of Object.entries(queries)) {
    Object.defineProperty(proto, name, { value, writable: true, enumerable: false, configurable: true });
  }
}
