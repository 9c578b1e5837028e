// update(): one object re-indexed after it moved.
import { NO_MEMORY } from '../../wasm/abi.js';
import { native } from '../../wasm/native.js';
import { OBJECTS } from '../../common/registry.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { noMemory, readRect, rectIn } from '../../common/validate.js';

/**
 * Re-indexes one object after you changed its x, y, width or height in place. False (and no
 * change) if it is not in the tree.
 * @this {any} @param {any} obj
 */
export function update(obj) {
  const s = live(this, 'update');
  readRect(s, 'rect', obj, rectIn);
  flush(s);
  const id = s.registry.mode === OBJECTS ? s.registry.present(obj) : undefined;
  if (id === undefined) return false;
  if (native.update(s.handle, id, rectIn[0], rectIn[1], rectIn[2], rectIn[3], rectIn[4]) === NO_MEMORY) {
    throw noMemory(s.where, 'the object keeps its previous place');
  }
  return true;
}
