// stats(): the tree's sizes, for tuning.
import { I32 } from '../../wasm/abi.js';
import { native, i32, views } from '../../wasm/native.js';
import { live } from '../session.js';
import { flush } from '../stage.js';

/**
 * Sizes for tuning: nodes, leaves, depth, references (object copies in leaves), objects.
 * @this {any}
 */
export function stats() {
  const s = live(this, 'stats');
  flush(s);
  native.stats(s.handle);
  views();
  const r = s.r32;
  return { nodes: i32[r + I32.nodes], leaves: i32[r + I32.leaves], depth: i32[r + I32.depth],
    references: i32[r + I32.references], objects: i32[r + I32.objects] };
}
