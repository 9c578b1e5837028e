// The spatial queries, by the exact index (cpp/linear_quadtree_spatial.cpp): the objects nearest
// a point, and the first object a ray reaches. Distances are from the point to the object's
// shape (0 inside it); a ray reaches an object where it first meets the shape (at 0 when it
// starts inside).
import { F64 } from '../abi.js';
import { native, f64, views } from '../native.js';
import { collect } from '../objects.js';
import { IDS } from '../registry.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { checkFinite, describe, room } from '../validate.js';

// The most results a call can ask for (k is clamped to it: Infinity means every object).
const MOST = 2147483647;

/** A distance limit: a number >= 0 (Infinity too). @param {string | object} s @param {unknown} v */
function limit(s, v) {
  if (typeof v !== 'number') throw new TypeError(s + ': maxDistance must be a number, got ' + describe(v));
  if (!(v >= 0)) throw new RangeError(s + ': maxDistance must be a number >= 0 (or Infinity), got ' + v);
}

/**
 * nearest()'s arguments checked (`s`: where, for messages); the k the core is asked for.
 * @param {string | object} s @param {unknown} x @param {unknown} y @param {unknown} k @param {unknown} maxDistance
 */
export function nearestArgs(s, x, y, k, maxDistance) {
  checkFinite(s, 'x', x);
  checkFinite(s, 'y', y);
  if (typeof k !== 'number') throw new TypeError(s + ': k must be a number, got ' + describe(k));
  if (!(k >= 0 && (k === Math.floor(k) || k === Infinity))) {
    throw new RangeError(s + ': k must be a whole number >= 0 (or Infinity), got ' + k);
  }
  limit(s, maxDistance);
  return Math.min(k, MOST);
}

/**
 * raycast()'s arguments checked (`s`: where, for messages).
 * @param {string | object} s @param {unknown} x @param {unknown} y @param {unknown} dx @param {unknown} dy @param {unknown} maxDistance
 */
export function rayArgs(s, x, y, dx, dy, maxDistance) {
  checkFinite(s, 'x', x);
  checkFinite(s, 'y', y);
  checkFinite(s, 'dx', dx);
  checkFinite(s, 'dy', dy);
  if (dx === 0 && dy === 0) throw new RangeError(s + ': the direction (dx, dy) must not be (0, 0)');
  limit(s, maxDistance);
}

/**
 * What native.raycast() answered, for a tree of objects: `{ object, distance }`, or null.
 * @param {{ r64: number, registry: { objects: any[] } }} s @param {number} id
 */
export function hitOf(s, id) {
  if (id < 0) return null;
  views();
  return { object: s.registry.objects[id], distance: f64[s.r64 + F64.hitDistance] };
}

/**
 * Up to `k` objects (or ids) nearest to (x, y), nearest first, each at most `maxDistance` away;
 * ties in any order. A new array.
 * @this {any} @param {number} x @param {number} y @param {number} [k] @param {number} [maxDistance]
 */
export function nearest(x, y, k = 1, maxDistance = Infinity) {
  const s = live(this, 'nearest');
  const most = nearestArgs(s, x, y, k, maxDistance);
  flush(s);
  return collect(s, room(s, native.nearest(s.handle, x, y, most, maxDistance)), null);
}

/**
 * The first object the ray from (x, y) along (dx, dy) reaches within `maxDistance`, and how far
 * along it: `{ object, distance }` (`{ id, distance }` on a tree of ids), or null. Of objects
 * reached at the same distance, one of them (of ids, the smallest).
 * @this {any} @param {number} x @param {number} y @param {number} dx @param {number} dy @param {number} [maxDistance]
 */
export function raycast(x, y, dx, dy, maxDistance = Infinity) {
  const s = live(this, 'raycast');
  rayArgs(s, x, y, dx, dy, maxDistance);
  flush(s);
  const id = room(s, native.raycast(s.handle, x, y, dx, dy, maxDistance));
  if (id < 0 || s.registry.mode !== IDS) return hitOf(s, id);
  views();
  return { id, distance: f64[s.r64 + F64.hitDistance] };
}
