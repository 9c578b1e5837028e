// forEachNode(): every node's bounds, for drawing the tree.
import { I32, WALK_HEIGHT, WALK_LEAF, WALK_LEVEL, WALK_ROW, WALK_TAG, WALK_WIDTH, WALK_X, WALK_Y } from '../../wasm/abi.js';
import { native, f64, i32, views } from '../../wasm/native.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { checkFunction, room } from '../../common/validate.js';

/**
 * Calls `callback(bounds, level, isLeaf, count)` for every node, depth-first (for drawing the
 * tree); `count` is a leaf's number of object references.
 * @this {any} @param {any} callback
 */
export function forEachNode(callback) {
  const s = live(this, 'forEachNode');
  checkFunction(s, 'callback', callback);
  flush(s);
  const count = room(s, native.nodeWalk(s.handle));
  views();
  const at = i32[s.r32 + I32.walk] >> 3;
  const walk = f64.slice(at, at + WALK_ROW * count); // the callback may change the tree
  for (let i = 0; i < walk.length; i += WALK_ROW) {
    callback({ x: walk[i + WALK_X], y: walk[i + WALK_Y], width: walk[i + WALK_WIDTH], height: walk[i + WALK_HEIGHT] },
      walk[i + WALK_LEVEL], walk[i + WALK_LEAF] === 1, walk[i + WALK_TAG]);
  }
}
