// refresh(): every object that moved re-indexed in one native call; sendChanged() writes which
// moved, for the tutorial tree's refresh too.
import { I32, NO_MEMORY, SHAPE_BYTES, SHAPE_CIRCLE, SHAPE_KIND_AT, SHAPE_LINE, SHAPE_RECT } from '../../wasm/abi.js';
import { native, f64, i32 } from '../../wasm/native.js';
import { OBJECTS } from '../../common/registry.js';
import { live, scratch } from '../session.js';
import { flush } from '../stage.js';
import { noMemory, readRect, rectIn } from '../../common/validate.js';
import { circleIndex, lineIndex, rectIndex } from '../../common/shape-fields.js';

/**
 * Writes the objects whose shape differs from the tree's own copy (read from the heap) into the
 * native scratch buffers: ids, numbers and, when the tree holds or is sent a circle or a line
 * (`s.sentShapes`), kinds; returns how many. Room is made for `extra` more ids after them. Reads
 * every object's fields once; throws, before anything changes, on a bad one.
 * @param {import('../session.js').Session} s @param {number} extra
 */
export function sendChanged(s, extra) {
  const reg = s.registry;
  reg.forgetStale(); // (what a clear() left that has not come back is not in the tree: let it go)
  const objects = reg.objects, n = objects.length, inserted = reg.inserted, frame = reg.frame;
  const at = scratch(s, n + extra);
  const heap = f64, ints = i32, idAt = ints[s.r32 + I32.scratchIds] >> 2;
  const table = ints[s.r32 + I32.rectTable] >> 3, span = ints[s.r32 + I32.rectTableSize];
  s.sentShapes = true;
  if (ints[s.r32 + I32.shapeTable] !== 0) return sendShapes(s, at);
  let sent = 0;
  for (let id = 0; id < n; id++) {
    const o = objects[id];
    if (o === undefined || inserted[id] !== frame) continue;
    // The hot loop of a frame, for a tree of rects: a rect's four fields (shape-fields.js) read
    // once and checked inline; an object that may be a circle or a line (its qtIndex) sends every
    // object as a shape.
    const x = o.x, y = o.y, w = o.width, h = o.height, q = o.qtIndex;
    if (typeof x !== 'number' || typeof y !== 'number' || typeof w !== 'number' ||
        typeof h !== 'number' || x - x + (y - y) + (w - w) + (h - h) !== 0 || (q !== undefined && q !== rectIndex)) {
      return sendShapes(s, at);
    }
    const r = table + 4 * id;
    if (id < span && heap[r] === x && heap[r + 1] === y && heap[r + 2] === w && heap[r + 3] === h) continue;
    const k = at + 4 * sent;
    heap[k] = x; heap[k + 1] = y; heap[k + 2] = w; heap[k + 3] = h;
    ints[idAt + sent++] = id;
  }
  s.sentShapes = false;
  return sent;
}

/**
 * sendChanged() with kinds: each object's fields as its kind has them, compared with the tree's
 * rect or its shape table (cpp/shapes/shape_table.h: a record of SHAPE_BYTES an id, its four doubles
 * first, the kind at byte SHAPE_KIND_AT), the bad one named by readRect().
 * @param {import('../session.js').Session} s @param {number} at the scratch numbers' f64 index
 */
function sendShapes(s, at) {
  const reg = s.registry, objects = reg.objects, n = objects.length, inserted = reg.inserted, frame = reg.frame;
  const heap = f64, ints = i32, idAt = ints[s.r32 + I32.scratchIds] >> 2, kindAt = ints[s.r32 + I32.scratchKinds] >> 2;
  const table = ints[s.r32 + I32.rectTable] >> 3, span = ints[s.r32 + I32.rectTableSize];
  const shapes = ints[s.r32 + I32.shapeTable], shapeSpan = shapes === 0 ? 0 : ints[s.r32 + I32.shapeTableSize];
  const s64 = shapes >> 3, s32 = (shapes + SHAPE_KIND_AT) >> 2;
  let sent = 0;
  for (let id = 0; id < n; id++) {
    const o = objects[id];
    if (o === undefined || inserted[id] !== frame) continue;
    // shape-fields.js's kindOf() and FIELDS, inline as in native-tree.js's insert loop
    // (tests/api/shape-fields.test.mjs holds these reads to FIELDS).
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
      readRect(s, 'object', o, rectIn); // (throws, unless a getter changed its mind)
      a = rectIn[0]; b = rectIn[1]; c = rectIn[2]; d = rectIn[3];
    }
    if (kind === (id < shapeSpan ? ints[s32 + SHAPE_BYTES / 4 * id] : SHAPE_RECT)) {
      const k = kind === SHAPE_RECT ? (id < span ? table + 4 * id : -1) : s64 + SHAPE_BYTES / 8 * id;
      if (k >= 0 && heap[k] === a && heap[k + 1] === b && heap[k + 2] === c && heap[k + 3] === d) continue;
    }
    const k = at + 4 * sent;
    heap[k] = a; heap[k + 1] = b; heap[k + 2] = c; heap[k + 3] = d;
    ints[kindAt + sent] = kind;
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
  const moved = native.refresh(s.handle, sendChanged(s, 0), s.sentShapes);
  if (moved === NO_MEMORY) {
    throw noMemory(s, 'the objects before the one that did not fit were re-indexed, the others keep ' +
      'their previous places (call refresh() again once there is room)');
  }
  return moved;
}
