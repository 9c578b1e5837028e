// The tutorial tree's refresh(isAlive): the dead removed and the moved re-placed in one native
// call.
import { I32, NO_MEMORY } from '../../wasm/abi.js';
import { native, i32, views } from '../../wasm/native.js';
import { collect, dropIfAbsent } from '../../common/objects.js';
import { OBJECTS } from '../../common/registry.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { checkFunction, noMemory, room } from '../../common/validate.js';
import { sendChanged } from './refresh.js';

/**
 * The per-frame re-index of the whole tree: objects for which `isAlive(obj)` is false (asked for
 * every stored occurrence, in pre-order) are removed; objects that no longer fit the node that
 * holds them are re-inserted at the root, in pre-order. Returns how many were removed as dead.
 * @this {any} @param {(obj: any) => boolean} [isAlive]
 */
export function refreshTutorial(isAlive) {
  const s = live(this, 'refresh');
  if (isAlive !== undefined) checkFunction(s, 'isAlive', isAlive);
  flush(s);
  const reg = s.registry;
  if (reg.mode !== OBJECTS) return 0;
  /** @type {number[]} */
  const dead = [];
  /** @type {any[]} */
  let stored = [];
  if (isAlive !== undefined) {
    stored = collect(s, room(s, native.preorder(s.handle, 0)), null);
    views();
    const version = i32[s.versionAt];
    for (let p = 0; p < stored.length; p++) if (!isAlive(stored[p])) dead.push(p);
    views();
    if (i32[s.versionAt] !== version) throw new Error(s + ': isAlive changed the tree; nothing was refreshed');
  }
  const sent = sendChanged(s, dead.length);
  const idAt = (i32[s.r32 + I32.scratchIds] >> 2) + sent;
  for (let k = 0; k < dead.length; k++) i32[idAt + k] = dead[k];
  const gone = native.refreshTutorial(s.handle, sent, dead.length, s.sentShapes);
  if (gone === NO_MEMORY) {
    throw noMemory(s, 'some objects may keep their previous places (call refresh() again once there is room)');
  }
  // The dead objects with no occurrence left leave the registry.
  for (let k = 0; k < dead.length; k++) {
    const id = reg.idOf.get(stored[dead[k]]);
    if (id !== undefined) dropIfAbsent(s, id);
  }
  return gone;
}
