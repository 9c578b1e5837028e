// The exact queries (queries.js) of a quadtree-ts node that has no native tree: a root in
// JavaScript mode, or any node below a root. Its subtree's objects, each once, are read as they
// are now and indexed for the one call in a LinearQuadtree of the core (cpp/linear/linear_quadtree.h),
// which then answers as a native root's exact index would. The index is made per call: O(n) in
// the node's objects, with the same answers a native root gives.
import { AUTO_DEPTH, I32, SHAPE_CIRCLE } from '../wasm/abi.js';
import { native, f64, i32, views } from '../wasm/native.js';
import { describe, noMemory } from '../common/validate.js';
import { boundingRect, FIELDS, kindOf } from '../common/shape-fields.js';

/**
 * The native index a query runs on, as queries.js's native calls take it.
 * @typedef {{ handle: number, r32: number, r64: number, registry: { objects: any[] } }} Index
 */

/**
 * The distinct objects of `node`'s subtree, in the order the package's retrieve() would first meet
 * them (each node's list, then its children in order).
 * @param {any} node
 */
function objectsOf(node) {
  const seen = new Set();
  const stack = [node];
  while (stack.length) {
    const n = stack.pop();
    const list = n.objects, kids = n.nodes;
    for (let i = 0; i < list.length; i++) seen.add(list[i]);
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  return Array.from(seen);
}

/**
 * Runs `query` on an index of the objects of `node`'s subtree as they are now; the native index
 * is freed after. An object whose numbers are not all finite (or a circle's r < 0) can overlap
 * nothing and is left out, as a native root leaves it out; a field that is not a number throws.
 * @template T @param {string} where @param {any} node @param {(g: Index) => T} query @returns {T}
 */
export function onGathered(where, node, query) {
  const objects = objectsOf(node), n = objects.length;
  const kinds = new Int8Array(n), numbers = new Float64Array(4 * n), counts = [0, 0, 0];
  const box = [0, 0, 0, 0, 0];
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const o = objects[i];
    if (typeof o !== 'object' || o === null) throw new TypeError(where + ': the tree holds ' + describe(o) + ', which has no shape');
    const kind = kindOf(o), fields = FIELDS[kind];
    let finite = true;
    for (let f = 0; f < fields.length; f++) {
      const v = o[fields[f]];
      if (typeof v !== 'number') {
        throw new TypeError(where + ': an object of the tree has ' + fields[f] + ' ' + describe(v) + '; the exact calls read ' +
          "a Circle's x, y, r, a Line's x1, y1, x2, y2 and any other object's x, y, width, height, as numbers");
      }
      numbers[4 * i + f] = v;
      finite = finite && v - v === 0;
    }
    const a = numbers[4 * i], b = numbers[4 * i + 1], c = numbers[4 * i + 2], d = numbers[4 * i + 3];
    if (!finite || (kind === SHAPE_CIRCLE && c < 0)) {
      kinds[i] = -1;
      continue;
    }
    kinds[i] = kind;
    counts[kind]++;
    // (the bounds only guide the index: an object outside them is still found)
    box[0] = a; box[1] = b; box[2] = c; box[3] = d; box[4] = kind;
    boundingRect(box);
    const x0 = box[0], y0 = box[1], x1 = x0 + box[2], y1 = y0 + box[3];
    minX = Math.min(minX, x0); minY = Math.min(minY, y0); maxX = Math.max(maxX, x1); maxY = Math.max(maxY, y1);
  }
  let w = maxX - minX, h = maxY - minY;
  if (!(w - w === 0 && h - h === 0)) { // (no objects, or sizes past a double's range)
    minX = 0; minY = 0; w = 1; h = 1;
  }
  const handle = native.createLinear(minX, minY, w > 0 ? w : 1, h > 0 ? h : 1, AUTO_DEPTH);
  if (handle === 0) throw noMemory(where);
  const reply = native.reply(handle);
  try {
    for (let kind = 0; kind < 3; kind++) {
      const m = counts[kind];
      if (m === 0) continue;
      const at = native.scratch(handle, m) >> 3;
      if (at === 0) throw noMemory(where);
      views();
      const ids = i32[(reply >> 2) + I32.scratchIds] >> 2;
      for (let i = 0, k = 0; i < n; i++) {
        if (kinds[i] !== kind) continue;
        f64.set(numbers.subarray(4 * i, 4 * i + 4), at + 4 * k);
        i32[ids + k++] = i;
      }
      if (native.setRects(handle, m, kind) !== m) throw noMemory(where);
    }
    return query({ handle, r32: reply >> 2, r64: reply >> 3, registry: { objects } });
  } finally {
    native.destroy(handle);
  }
}
