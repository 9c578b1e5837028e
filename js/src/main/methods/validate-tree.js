// validate(): the native tree's invariants, and that what the facade keeps from it still holds.
import { current } from '../caches.js';
import { native } from '../../wasm/native.js';
import { collect } from '../../common/objects.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { room } from '../../common/validate.js';

/**
 * Checks every invariant of the native tree and of what the facade keeps from it (for tests and
 * debugging): a cache that outlived a change of the tree makes it false.
 * @this {any}
 */
export function validateTree() {
  const s = live(this, 'validate');
  flush(s);
  if (room(s, native.validate(s.handle)) !== 1) return false;
  current(s);
  for (let leaf = 0; leaf < s.leafLists.length; leaf++) {
    const list = s.leafLists[leaf];
    if (list === undefined) continue;
    const now = collect(s, room(s, s.listCall(s.handle, leaf)), null);
    if (now.length !== list.length || now.some((o, i) => o !== list[i])) return false;
  }
  return true;
}
