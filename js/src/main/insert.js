// Inserts whose rects are read: staged at a root, stored at once in a subnode, and an array's
// all checked before any is stored.
import { NO_MEMORY } from '../wasm/abi.js';
import { native } from '../wasm/native.js';
import { dropIfAbsent } from '../common/objects.js';
import { flush, stage } from './stage.js';
import { noMemory, readAll } from '../common/validate.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * An array insert: every rect is checked before any is stored; when memory runs out, the error
 * also names the objects after the one that did not fit.
 * @param {any} tree @param {Session} s @param {any[]} objs
 */
export function insertAll(tree, s, objs) {
  const rects = readAll(s, objs);
  for (let i = 0; i < objs.length; i++) {
    try {
      insertChecked(tree, s, objs[i], rects[i]);
    } catch (e) {
      const error = /** @type {any} */ (e);
      if (error.notInserted) error.notInserted = error.notInserted.concat(objs.slice(i + 1));
      throw e;
    }
  }
}

/**
 * One object, its rect already read: staged at the root, stored at once in a subnode.
 * @param {any} tree @param {Session} s @param {any} obj @param {number[]} r
 */
export function insertChecked(tree, s, obj, r) {
  if (tree._n === 0) {
    stage(s, obj, r);
    if (s.young !== null) s.young.keep(obj, r[0], r[1], r[2], r[3], r[4]);
    return;
  }
  flush(s); // into a subnode: quadtree-js allows it; rare, so not staged
  const id = s.registry.idFor(obj);
  if (native.insert(s.handle, tree._n, id, r[0], r[1], r[2], r[3], r[4]) === NO_MEMORY) {
    dropIfAbsent(s, id);
    const e = noMemory(s.where, 'the object was not stored');
    e.notInserted = [obj];
    throw e;
  }
}
