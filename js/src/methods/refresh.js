// refresh(): every object that moved re-indexed in one native call; sendChanged() writes which
// moved, for the tutorial tree's refresh too.
import { I32, NO_MEMORY } from '../abi.js';
import { native, f64, i32 } from '../native.js';
import { OBJECTS } from '../registry.js';
import { live, scratch } from '../session.js';
import { flush } from '../stage.js';
import { noMemory, readRect, rectIn } from '../validate.js';

/**
 * Writes the objects whose rect differs from the tree's own copy (read from the heap) into the
 * native scratch buffers, ids and rects; returns how many. Room is made for `extra` more ids after
 * them. Reads every object's four fields once; throws, before anything changes, on a bad one.
 * @param {import('../session.js').Session} s @param {number} extra
 */
export function sendChanged(s, extra) {
  const reg = s.registry, objects = reg.objects, n = objects.length, inserted = reg.inserted, frame = reg.frame;
  const at = scratch(s, n + extra);
  const heap = f64, ints = i32, idAt = ints[s.r32 + I32.scratchIds] >> 2;
  const table = ints[s.r32 + I32.rectTable] >> 3, span = ints[s.r32 + I32.rectTableSize];
  let sent = 0;
  for (let id = 0; id < n; id++) {
    const o = objects[id];
    if (o === undefined || inserted[id] !== frame) continue;
    // The hot loop of a frame: the four fields read once and checked inline; readRect() only
    // to build the error (it reads again, and throws unless a getter changed its mind).
    let x = o.x, y = o.y, w = o.width, h = o.height;
    if (typeof x !== 'number' || typeof y !== 'number' || typeof w !== 'number' ||
        typeof h !== 'number' || x - x + (y - y) + (w - w) + (h - h) !== 0) {
      readRect(s, 'object', o, rectIn);
      x = rectIn[0]; y = rectIn[1]; w = rectIn[2]; h = rectIn[3];
    }
    const r = table + 4 * id;
    if (id < span && heap[r] === x && heap[r + 1] === y && heap[r + 2] === w && heap[r + 3] === h) continue;
    const k = at + 4 * sent;
    heap[k] = x; heap[k + 1] = y; heap[k + 2] = w; heap[k + 3] = h;
    ints[idAt + sent++] = id;
  }
  return sent;
}

/**
 * Re-reads every object's rect and re-indexes those that changed; only objects that left
 * their leaves are moved. Returns how many objects changed. Nothing changes if a rect is invalid.
 * @this {any}
 */
export function refresh() {
  const s = live(this, 'refresh');
  flush(s);
  if (s.registry.mode !== OBJECTS) return 0;
  const moved = native.refresh(s.handle, sendChanged(s, 0));
  if (moved === NO_MEMORY) {
    throw noMemory(s, 'the objects before the one that did not fit were re-indexed, the others keep ' +
      'their previous places (call refresh() again once there is room)');
  }
  return moved;
}
