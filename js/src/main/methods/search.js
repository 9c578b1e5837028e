// The exact queries, by one rule everywhere (cpp/base/geometry.h's overlaps): a and b overlap when
//   a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
// (touching edges do not); circles and lines by the rule of their pair of kinds
// (cpp/shapes/shape_overlap.h), as strict.
import { native } from '../../wasm/native.js';
import { collect } from '../../common/objects.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { readRect, rectIn, room } from '../../common/validate.js';

/**
 * The objects (or ids) that overlap `rect` (a rect, a Circle or a Line), each once, as a new array.
 * @this {any} @param {any} rect
 */
export function search(rect) {
  const s = live(this, 'search');
  readRect(s, 'rect', rect, rectIn);
  flush(s);
  return collect(s, room(s, native.search(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3], rectIn[4])), null);
}

/**
 * Whether any object overlaps `rect` (stops at the first).
 * @this {any} @param {any} rect
 */
export function collides(rect) {
  const s = live(this, 'collides');
  readRect(s, 'rect', rect, rectIn);
  flush(s);
  return room(s, native.collides(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3], rectIn[4])) !== 0;
}
