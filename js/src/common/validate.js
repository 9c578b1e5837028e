// Argument checks and the errors every method throws. Each message starts with where it comes
// from ("LinearQuadtree.refresh: ...", "Quadtree constructor: ...") and names the argument and the
// field, and every check runs before anything changes, so a refused call leaves the tree as it was.
// `where` is a string, or a tree's session, whose toString() builds the name only for a message
// (the checks run on every insert and query).
import { MAX_ID, NO_MEMORY, SHAPE_CIRCLE, SHAPE_LINE, SHAPE_RECT } from '../wasm/abi.js';
import { boundingRect, circleIndex, FIELDS, lineIndex, rectIndex } from './shape-fields.js';

/** How a value is named in a message. @param {unknown} v */
export function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return 'the string "' + (v.length > 20 ? v.slice(0, 20) + '…' : v) + '"';
  if (typeof v === 'object') return 'an object';
  return String(v);
}

/** What a value that is not a finite number gets. @param {string | object} where @param {string} name @param {unknown} v */
function notFinite(where, name, v) {
  if (typeof v !== 'number') return new TypeError(where + ': ' + name + ' must be a number, got ' + describe(v));
  return new RangeError(where + ': ' + name + ' must be a finite number, got ' + v);
}

/** @param {string | object} where @param {string} arg @param {string} field @param {unknown} v */
const badField = (where, arg, field, v) => notFinite(where, arg + '.' + field, v);

/**
 * A finite number argument, or the error that names it.
 * @param {string | object} where @param {string} name @param {unknown} v
 */
export function checkFinite(where, name, v) {
  // x - x === 0 holds for finite numbers only
  if (typeof v !== 'number' || v - v !== 0) throw notFinite(where, name, v);
}

/** A scratch shape for one call's argument: read once, then used. */
export const rectIn = [0, 0, 0, 0, SHAPE_RECT];

/**
 * Reads and checks a shape's four numbers once, into `out`, and its kind (abi.h's kinds) into
 * out[4]: a rect's x, y, width, height; a circle's x, y, r, 0; a line's x1, y1, x2, y2. Throws
 * before anything changes.
 * @param {string | object} where @param {string} arg @param {any} r @param {number[]} out
 */
export function readRect(where, arg, r, out) {
  if (typeof r !== 'object' || r === null) {
    throw new TypeError(where + ': ' + arg + ' must be an object with numeric x, y, width and height, got ' + describe(r));
  }
  const x = r.x, y = r.y, w = r.width, h = r.height, q = r.qtIndex;
  if (q !== undefined && q !== rectIndex) {
    if (q === circleIndex) return readShape(where, arg, r, out, SHAPE_CIRCLE);
    if (q === lineIndex) return readShape(where, arg, r, out, SHAPE_LINE);
  }
  // A rect's fields inline (shape-fields.js's FIELDS[SHAPE_RECT]): the path of every insert.
  // x - x === 0 holds for finite numbers only
  if (typeof x !== 'number' || x - x !== 0) throw badField(where, arg, 'x', x);
  if (typeof y !== 'number' || y - y !== 0) throw badField(where, arg, 'y', y);
  if (typeof w !== 'number' || w - w !== 0) throw badField(where, arg, 'width', w);
  if (typeof h !== 'number' || h - h !== 0) throw badField(where, arg, 'height', h);
  out[0] = x; out[1] = y; out[2] = w; out[3] = h; out[4] = SHAPE_RECT;
}

/** readRect() of a Circle or a Line. @param {string | object} where @param {string} arg @param {any} o @param {number[]} out @param {number} kind */
function readShape(where, arg, o, out, kind) {
  const fields = FIELDS[kind];
  out[3] = 0; // (a circle's fourth number)
  for (let i = 0; i < fields.length; i++) {
    const v = o[fields[i]];
    if (typeof v !== 'number' || v - v !== 0) throw badField(where, arg, fields[i], v);
    out[i] = v;
  }
  if (kind === SHAPE_CIRCLE && out[2] < 0) throw new RangeError(where + ': ' + arg + '.r must not be negative, got ' + out[2]);
  out[4] = kind;
}

/**
 * readRect() for a compat call (retrieve, findObjects, getIndex): a circle or a line read as its
 * boundingRect().
 * @param {string | object} where @param {string} arg @param {any} r @param {number[]} out
 */
export function readBox(where, arg, r, out) {
  readRect(where, arg, r, out);
  boundingRect(out);
}

/**
 * Reads every rect of an array before any is used, so one bad element changes nothing.
 * @param {string | object} where @param {any[]} items
 */
export function readAll(where, items) {
  const rects = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    rects[i] = [0, 0, 0, 0, SHAPE_RECT];
    readRect(where, 'rect[' + i + ']', items[i], rects[i]);
  }
  return rects;
}

/**
 * A tree's bounds, checked (they may not be negative in size).
 * @param {string} className @param {any} bounds
 */
export function readBounds(className, bounds) {
  const r = [0, 0, 0, 0, SHAPE_RECT];
  readRect(className + ' constructor', 'bounds', bounds, r);
  if (r[4] !== SHAPE_RECT) throw new TypeError(className + ' constructor: bounds must be a rect, got a circle or a line');
  if (r[2] < 0 || r[3] < 0) {
    throw new RangeError(className + ' constructor: bounds.width and bounds.height must not be negative, got ' +
      r[2] + ' and ' + r[3]);
  }
  return r;
}

/**
 * A numeric constructor option after quadtree-js's `||` default (0, NaN, undefined: the default).
 * @param {string | object} where @param {string} name @param {any} value @param {number} fallback @param {boolean} finite
 * @returns {number}
 */
export function option(where, name, value, fallback, finite) {
  const v = value || fallback;
  if (typeof v !== 'number') throw new TypeError(where + ': ' + name + ' must be a number, got ' + describe(v));
  if (finite && !isFinite(v)) throw new RangeError(where + ': ' + name + ' must be finite, got ' + v);
  return v;
}

/** @param {string | object} where @param {string} name @param {unknown} v */
export function checkFunction(where, name, v) {
  if (typeof v !== 'function') throw new TypeError(where + ': ' + name + ' must be a function, got ' + describe(v));
}

// Ids index arrays in the native tree, which grow to the largest id: keep them dense and bounded
// (MAX_ID: cpp/base/abi.h).
/** @param {string | object} where @param {unknown} id */
export function checkId(where, id) {
  if (typeof id !== 'number' || !(id >= 0 && id <= MAX_ID && id === Math.floor(id))) {
    throw new RangeError(where + ': ids must be integers from 0 to ' + MAX_ID +
      ' (they index arrays: keep them dense), got ' + describe(id));
  }
}

/**
 * The error of a call that found no room on the WebAssembly heap.
 * @param {string | object} where @param {string} [what] what was and was not done
 * @returns {RangeError & { notInserted?: unknown[] }}
 */
export function noMemory(where, what) {
  return new RangeError(where + ': out of memory (WebAssembly memory cannot grow any further); ' +
    (what || 'nothing was changed') + '. Free memory (remove objects, dispose() trees no longer needed) and try again');
}

/**
 * A native count, unless the call ran out of memory.
 * @param {string | object} where @param {number} count
 */
export function room(where, count) {
  if (count === NO_MEMORY) throw noMemory(where);
  return count;
}

/**
 * A new native tree's handle, or the error that there was no room for it (`where`: the call
 * that made it, e.g. "Quadtree constructor").
 * @param {string | object} where @param {number} handle
 */
export function created(where, handle) {
  if (handle === 0) {
    throw new RangeError(where + ': out of memory (WebAssembly memory cannot grow any further). ' +
      'Free memory (dispose() trees no longer needed) and try again');
  }
  return handle;
}
