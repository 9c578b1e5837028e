// The spatial queries' arguments, checked, and the raycast answer read back: the same for every
// family's nearest() and raycast().
import { F64 } from '../wasm/abi.js';
import { f64, views } from '../wasm/native.js';
import { checkFinite, describe } from './validate.js';

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
