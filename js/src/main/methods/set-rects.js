// setRects(), setCircles(), setLines(): items given as numbers, queried back as their ids.
import { I32, SHAPE_CIRCLE, SHAPE_LINE, SHAPE_RECT } from '../../wasm/abi.js';
import { native, f64, i32 } from '../../wasm/native.js';
import { IDS } from '../../common/registry.js';
import { live, scratch } from '../session.js';
import { flush } from '../stage.js';
import { checkId, describe, noMemory } from '../../common/validate.js';
import { FIELDS } from '../../common/shape-fields.js';

/**
 * Inserts or moves many items given as numbers: `rects` holds x, y, width, height per item
 * (Float32Array or Float64Array), `ids` their integer ids (default 0, 1, 2, ...). Queries then
 * return the ids. A tree holds either objects or ids.
 * @this {any} @param {any} rects @param {any} ids
 */
export function setRects(rects, ids) {
  setItems(live(this, 'setRects'), rects, ids, SHAPE_RECT);
}

/**
 * The same for circles: x, y, r per item (r >= 0).
 * @this {any} @param {any} circles @param {any} ids
 */
export function setCircles(circles, ids) {
  setItems(live(this, 'setCircles'), circles, ids, SHAPE_CIRCLE);
}

/**
 * The same for line segments: x1, y1, x2, y2 per item.
 * @this {any} @param {any} lines @param {any} ids
 */
export function setLines(lines, ids) {
  setItems(live(this, 'setLines'), lines, ids, SHAPE_LINE);
}

/**
 * Checks every number and id first, then places the items of one kind of shape.
 * @param {import('../session.js').Session} s @param {any} numbers @param {any} ids
 * @param {number} kind
 */
function setItems(s, numbers, ids, kind) {
  const fields = FIELDS[kind], stride = fields.length, arg = ['rects', 'circles', 'lines'][kind];
  if (!(numbers instanceof Float64Array || numbers instanceof Float32Array) || numbers.length % stride !== 0) {
    throw new TypeError(s.where + ': ' + arg + ' must be a Float32Array or Float64Array of ' + fields.join(', ') +
      ' per item, got ' + (numbers && numbers.length !== undefined ? 'length ' + numbers.length : describe(numbers)));
  }
  const n = numbers.length / stride;
  if (ids !== undefined && (ids === null || ids.length !== n)) {
    throw new TypeError(s.where + ': ids must have one id per ' + arg.slice(0, -1) + ' (' + n + '), got ' +
      (ids && ids.length !== undefined ? 'length ' + ids.length : describe(ids)));
  }
  for (let i = 0; i < numbers.length; i++) {
    const v = numbers[i], negative = kind === SHAPE_CIRCLE && i % 3 === 2 && v < 0;
    if (v - v !== 0 || negative) {
      throw new RangeError(s.where + ': ' + arg + '[' + i + '] (' + fields[i % stride] + ' of item ' +
        Math.floor(i / stride) + ') must ' + (negative ? 'not be negative' : 'be finite') + ', got ' + v);
    }
  }
  if (ids !== undefined) for (let i = 0; i < n; i++) checkId(s, ids[i]);
  s.registry.use(IDS, s);
  flush(s);
  const at = scratch(s, n);
  const idAt = i32[s.r32 + I32.scratchIds] >> 2;
  if (stride === 4) {
    f64.set(numbers, at);
  } else {
    for (let i = 0, k = at; i < n; i++, k += 4) {
      f64[k] = numbers[3 * i]; f64[k + 1] = numbers[3 * i + 1]; f64[k + 2] = numbers[3 * i + 2]; f64[k + 3] = 0;
    }
  }
  for (let i = 0; i < n; i++) i32[idAt + i] = ids === undefined ? i : ids[i];
  const done = native.setRects(s.handle, n, kind);
  for (let i = 0; i < done; i++) s.registry.placed(ids === undefined ? i : ids[i]);
  if (done < n) {
    throw noMemory(s.where, 'items 0 to ' + (done - 1) + ' were placed, items ' + done + ' to ' + (n - 1) +
      ' were not (those already in the tree keep their previous places)');
  }
}
