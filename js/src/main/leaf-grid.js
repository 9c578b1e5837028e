// The root query's fast path: the leaf a rect reaches, read from the native leaf grid in the heap.
import { ASK_LOCATE, F64, I32, NO_NODE } from '../wasm/abi.js';
import { native, f64, i32, views } from '../wasm/native.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * The one leaf a root query for (x, y, w, h) reaches, when that leaf's own list is the answer,
 * else NO_NODE, read from the native leaf grid (Quadtree::leafGrid) without a call into
 * WebAssembly; ASK_LOCATE where the point's cell cannot tell (the caller asks native.locate: a
 * call in here would keep V8 from inlining this into retrieve()). (A point that rounding put in a
 * neighbouring cell gives NO_NODE: the native retrieve gives the same answer then.) Call
 * current(s) first.
 * @param {Session} s @param {number} x @param {number} y @param {number} w @param {number} h
 */
export function rootLeaf(s, x, y, w, h) {
  if (s.grid === 0) {
    s.grid = native.leafGrid(s.handle);
    views();
    s.gridCells = i32[s.r32 + I32.gridCells] >> 2;
    s.gridBounds = i32[s.r32 + I32.gridBounds] >> 3;
    s.gx = f64[s.r64 + F64.gridX]; s.gy = f64[s.r64 + F64.gridY];
    s.gsx = f64[s.r64 + F64.gridScaleX]; s.gsy = f64[s.r64 + F64.gridScaleY];
  }
  const side = s.grid;
  let cx = (x - s.gx) * s.gsx, cy = (y - s.gy) * s.gsy; // NaN (0 * Infinity) goes to cell 0
  cx = cx >= 0 ? (cx < side ? cx | 0 : side - 1) : 0;
  cy = cy >= 0 ? (cy < side ? cy | 0 : side - 1) : 0;
  const cell = cy * side + cx, leaf = i32[s.gridCells + cell];
  if (leaf === ASK_LOCATE) return leaf;
  const b = s.gridBounds + 4 * cell, x1 = x + w, y1 = y + h;
  const west = f64[b], east = f64[b + 1], north = f64[b + 2], south = f64[b + 3];
  return x >= west && x1 > west && x < east && x1 <= east &&
    y >= north && y1 > north && y < south && y1 <= south ? leaf : NO_NODE;
}
