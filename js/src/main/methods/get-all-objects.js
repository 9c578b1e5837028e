// getAllObjects(), quadtree-js's and the tutorial tree's alike.
import { native } from '../../wasm/native.js';
import { collect } from '../../common/objects.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { describe, room } from '../../common/validate.js';

/**
 * Every distinct object in this tree or subtree, appended to `returnedObjects` (a new array if
 * omitted), in the native tree's order (for the tutorial tree: the nodes below first).
 * @this {any} @param {any[]} [returnedObjects]
 */
export function getAllObjects(returnedObjects) {
  const s = live(this, 'getAllObjects');
  if (returnedObjects !== undefined && !Array.isArray(returnedObjects)) {
    throw new TypeError(s.where + ': returnedObjects must be an array, got ' + describe(returnedObjects));
  }
  flush(s);
  return collect(s, room(s, native.allObjects(s.handle, this._n)), returnedObjects || null);
}
