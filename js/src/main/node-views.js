// The objects that stand for a tree's subnodes (`nodes`): one per native node while it lives,
// linked to their session and node by hidden fields.
import { F64 } from '../wasm/abi.js';
import { native, f64, views } from '../wasm/native.js';
import { flush } from './stage.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * Links a tree object to its session and node, out of the fields games enumerate or print. A
 * root's node, 0, comes from the prototype (methods/install.js): one property less to define on
 * every new tree.
 * @param {any} tree @param {Session} s @param {number} node
 */
export function hide(tree, s, node) {
  Object.defineProperty(tree, '_s', { value: s });
  if (node !== 0) Object.defineProperty(tree, '_n', { value: node });
}

/**
 * The object standing for a subnode, made by `make(bounds, level)` once, then kept while the node
 * lives (code that patches a prototype or compares nodes sees the same object).
 * @param {Session} s @param {number} node @param {(bounds: any, level: number) => any} make
 */
export function viewOf(s, node, make) {
  let v = s.views[node];
  if (v === undefined) {
    native.nodeGeom(s.handle, node);
    views();
    const g = s.r64;
    v = make({ x: f64[g + F64.nodeX], y: f64[g + F64.nodeY], width: f64[g + F64.nodeWidth], height: f64[g + F64.nodeHeight] },
      f64[g + F64.nodeLevel]);
    hide(v, s, node);
    s.views[node] = v;
  }
  return v;
}

/**
 * The four subnodes of a node as views, or [] for a leaf.
 * @param {Session} s @param {number} node @param {(bounds: any, level: number) => any} make
 */
export function childViews(s, node, make) {
  flush(s);
  const c = native.children(s.handle, node);
  if (c < 0) return [];
  return [viewOf(s, c, make), viewOf(s, c + 1, make), viewOf(s, c + 2, make), viewOf(s, c + 3, make)];
}

/**
 * Forgets the views below `node` (their native nodes are about to be freed and reused).
 * @param {Session} s @param {number} node
 */
export function dropViews(s, node) {
  const stack = [node];
  while (stack.length) {
    const c = native.children(s.handle, stack.pop());
    if (c < 0) continue;
    for (let q = 0; q < 4; q++) {
      delete s.views[c + q];
      stack.push(c + q);
    }
  }
}
