// clear() of the trees that start as a seed: quadtree-js's and the tutorial tree's.
import { native } from '../../wasm/native.js';
import { dropViews } from '../node-views.js';
import { seedFor } from '../seed.js';
import { live } from '../session.js';
import { flush } from '../stage.js';

/**
 * Removes every object (and every subnode) from this tree or subtree; the tree is reused. The
 * native tree clears each kind its own way.
 * @this {any}
 */
export function clear() {
  const seed = seedFor(this, 'clear');
  if (seed !== null) return seed.clear();
  const s = live(this, 'clear');
  if (this._n === 0) {
    native.clear(s.handle);
    s.emptied();
    return;
  }
  flush(s);
  dropViews(s, this._n);
  native.clearNode(s.handle, this._n);
}
