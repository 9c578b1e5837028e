// Every overlapping pair (by search.js's rule), as a PairList or one callback each.
import { I32 } from '../../wasm/abi.js';
import { native, i32, views } from '../../wasm/native.js';
import { PairList, callEach } from '../../common/pair-list.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { checkFunction, room } from '../../common/validate.js';

/**
 * Every overlapping pair of distinct objects, each once, computed in one native call.
 * @this {any}
 */
export function pairs() {
  const s = live(this, 'pairs');
  flush(s);
  const count = room(s, native.pairs(s.handle));
  views();
  const at = i32[s.r32 + I32.results] >> 2;
  return new PairList(i32.slice(at, at + 2 * count), s.registry.objects);
}

/**
 * Calls `callback(a, b)` for every overlapping pair. The pairs are computed first, so the
 * callback may change the tree.
 * @this {any} @param {any} callback
 */
export function forEachPair(callback) {
  const s = live(this, 'forEachPair');
  checkFunction(s, 'callback', callback);
  callEach(pairs.call(this), callback);
}
