// The spatial queries, by the exact index (cpp/linear/linear_quadtree_spatial.cpp): the objects nearest
// a point, and the first object a ray reaches. Distances are from the point to the object's
// shape (0 inside it); a ray reaches an object where it first meets the shape (at 0 when it
// starts inside).
import { F64 } from '../../wasm/abi.js';
import { native, f64, views } from '../../wasm/native.js';
import { collect } from '../../common/objects.js';
import { IDS } from '../../common/registry.js';
import { hitOf, nearestArgs, rayArgs } from '../../common/spatial-args.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { room } from '../../common/validate.js';

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
