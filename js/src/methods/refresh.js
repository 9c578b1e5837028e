// refresh(): every object that moved re-indexed in one native call; sendChanged() writes which
// moved, for the tutorial tree's refresh too.
import { I32, NO_MEMORY, SHAPE_CIRCLE, SHAPE_LINE, SHAPE_RECT } from '../abi.js';
import { native, f64, i32 } from '../native.js';
import { OBJECTS } from '../registry.js';
import { live, scratch } from '../session.js';
import { flush } from '../stage.js';
import { circleIndex, lineIndex, noMemory, readRect, rectIn } from '../validate.js';

/**
 * Writes the objects whose shape differs from the tree's own copy (read from the heap) into the
 * native scratch buffers: ids, numbers and kinds (`s.sentShapes`: whether the tree holds or is
 * sent a circle or a line); returns how many. Room is made for `extra` more ids after them. Reads
 * every object's fields once; throws, before anything changes, on a bad one.
 * @param {import('../session.js').Session} s @param {number} extra
 */
export function sendChanged(s, extra) {
  const reg = s.registry, objects = reg.objects, n = objects.length, inserted = reg.inserted, frame = reg.frame;
  const at = scratch(s, n + extra);
  const heap = f64, ints = i32, idAt = ints[s.r32 + I32.scratchIds] >> 2, kindAt = ints[s.r32 + I32.scratchKinds] >> 2;
  // The tree's own rect per id, and its shapes (cpp/shape_table.h: 40 bytes an id, the kind at
  // byte 32; none while every object is a rect).
  const table = ints[s.r32 + I32.rectTable] >> 3, span = ints[s.r32 + I32.rectTableSize];
  const shapes = ints[s.r32 + I32.shapeTable], shapeSpan = shapes === 0 ? 0 : ints[s.r32 + I32.shapeTableSize];
  const s64 = shapes >> 3, s32 = shapes >> 2;
  let sent = 0, kinds = shapes !== 0;
  for (let id = 0; id < n; id++) {
    const o = objects[id];
    if (o === undefined || inserted[id] !== frame) continue;
    // The hot loop of a frame: the fields of the object's kind read once and checked inline;
    // readRect() only to build the error (it reads again, and throws unless a getter changed
    // its mind).
    const q = o.qtIndex;
    let a, b, c, d, kind = SHAPE_RECT;
    if (q === circleIndex) {
      a = o.x; b = o.y; c = o.r; d = 0; kind = SHAPE_CIRCLE;
    } else if (q === lineIndex) {
      a = o.x1; b = o.y1; c = o.x2; d = o.y2; kind = SHAPE_LINE;
    } else {
      a = o.x; b = o.y; c = o.width; d = o.height;
    }
    if (typeof a !== 'number' || typeof b !== 'number' || typeof c !== 'number' || typeof d !== 'number' ||
        a - a + (b - b) + (c - c) + (d - d) !== 0 || c < 0 && kind === SHAPE_CIRCLE) {
      readRect(s, 'object', o, rectIn);
      a = rectIn[0]; b = rectIn[1]; c = rectIn[2]; d = rectIn[3];
    }
    if (kind === (id < shapeSpan ? ints[s32 + 10 * id + 8] : SHAPE_RECT)) {
      const k = kind === SHAPE_RECT ? (id < span ? table + 4 * id : -1) : s64 + 5 * id;
      if (k >= 0 && heap[k] === a && heap[k + 1] === b && heap[k + 2] === c && heap[k + 3] === d) continue;
    }
    const k = at + 4 * sent;
    heap[k] = a; heap[k + 1] = b; heap[k + 2] = c; heap[k + 3] = d;
    ints[kindAt + sent] = kind;
    ints[idAt + sent++] = id;
    kinds ||= kind !== SHAPE_RECT;
  }
  s.sentShapes = kinds;
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
  const moved = native.refresh(s.handle, sendChanged(s, 0), s.sentShapes);
  if (moved === NO_MEMORY) {
    throw noMemory(s, 'the objects before the one that did not fit were re-indexed, the others keep ' +
      'their previous places (call refresh() again once there is room)');
  }
  return moved;
}
