// The tutorial tree's remove(): one stored occurrence (it may hold an object twice).
import { dropIfAbsent } from '../../common/objects.js';
import { live } from '../session.js';
import { takeOut } from './remove.js';

/**
 * Removes one stored occurrence of `obj` (the first in pre-order), wherever its coordinates are
 * now. True if there was one.
 * @this {any} @param {any} obj
 */
export function removeOne(obj) {
  const s = live(this, 'remove'), id = takeOut(s, obj);
  if (id === undefined) return false;
  dropIfAbsent(s, id); // an object inserted twice is still there once
  return true;
}
