// The exact queries, by one rule everywhere (cpp/geometry.h's overlaps): a and b overlap when
//   a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
// (touching edges do not).
import { native } from '../native.js';
import { collect } from '../objects.js';
import { live } from '../session.js';
import { flush } from '../stage.js';
import { readRect, rectIn, room } from '../validate.js';

/**
 * The objects (or ids) whose rect overlaps `rect`, each once, as a new array.
 * @this {any} @param {any} rect
 */
export function search(rect) {
  const s = live(this, 'search');
  readRect(s, 'rect', rect, rectIn);
  flush(s);
  return collect(s, room(s, native.search(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3])), null);
}

/**
 * Whether any object overlaps `rect` (stops at the first).
 * @this {any} @param {any} rect
 */
export function collides(rect) {
  const s = live(this, 'collides');
  readRect(s, 'rect', rect, rectIn);
  flush(s);
  return room(s, native.collides(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3])) !== 0;
}
