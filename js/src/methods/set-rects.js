// setRects(): items given as numbers, queried back as their ids.
import { I32 } from '../abi.js';
import { native, f64, i32 } from '../native.js';
import { IDS } from '../registry.js';
import { live, scratch } from '../session.js';
import { flush } from '../stage.js';
import { checkId, describe, noMemory } from '../validate.js';

/**
 * Inserts or moves many items given as numbers: `rects` holds x, y, width, height per item
 * (Float32Array or Float64Array), `ids` their integer ids (default 0, 1, 2, ...). Queries then
 * return the ids. A tree holds either objects or ids.
 * @this {any} @param {any} rects @param {any} ids
 */
export function setRects(rects, ids) {
  const s = live(this, 'setRects');
  if (!(rects instanceof Float64Array || rects instanceof Float32Array) || rects.length % 4 !== 0) {
    throw new TypeError(s.where + ': rects must be a Float32Array or Float64Array of x, y, width, height per item, got ' +
      (rects && rects.length !== undefined ? 'length ' + rects.length : describe(rects)));
  }
  const n = rects.length >> 2;
  if (ids !== undefined && (ids === null || ids.length !== n)) {
    throw new TypeError(s.where + ': ids must have one id per rect (' + n + '), got ' +
      (ids && ids.length !== undefined ? 'length ' + ids.length : describe(ids)));
  }
  for (let i = 0; i < rects.length; i++) {
    const v = rects[i];
    if (v - v !== 0) {
      throw new RangeError(s.where + ': rects[' + i + '] (' + ['x', 'y', 'width', 'height'][i & 3] +
        ' of item ' + (i >> 2) + ') must be finite, got ' + v);
    }
  }
  if (ids !== undefined) for (let i = 0; i < n; i++) checkId(s, ids[i]);
  s.registry.use(IDS, s);
  flush(s);
  const at = scratch(s, n);
  const idAt = i32[s.r32 + I32.scratchIds] >> 2;
  f64.set(rects, at);
  for (let i = 0; i < n; i++) i32[idAt + i] = ids === undefined ? i : ids[i];
  const done = native.setRects(s.handle, n);
  for (let i = 0; i < done; i++) s.registry.placed(ids === undefined ? i : ids[i]);
  if (done < n) {
    throw noMemory(s.where, 'items 0 to ' + (done - 1) + ' were placed, items ' + done + ' to ' + (n - 1) +
      ' were not (those already in the tree keep their previous places)');
  }
}
