// remove(): by object, or by numeric id (setRects).
import { native } from '../../wasm/native.js';
import { live } from '../session.js';
import { flush } from '../stage.js';

/**
 * Removes an object (or a numeric id), wherever its coordinates are now. True if it was there.
 * @this {any} @param {any} item
 */
export function remove(item) {
  const s = live(this, 'remove'), id = takeOut(s, item);
  if (id === undefined) return false;
  s.registry.drop(id);
  return true;
}

/**
 * Takes `item` out of the native tree (one stored occurrence of it, for the tutorial tree): its
 * id, or undefined when it is not there.
 * @param {import('../session.js').Session} s @param {any} item
 */
export function takeOut(s, item) {
  flush(s);
  const id = s.registry.present(item);
  if (id !== undefined) native.remove(s.handle, id);
  return id;
}
