// Which kind of shape an object is, and which fields each kind keeps its numbers in: the one place
// that says. The core's Shape (cpp/shapes/shape_geometry.h) holds the same four numbers per kind:
// a rect's x, y, width, height; a circle's x, y, r, 0; a line's x1, y1, x2, y2. The cold readers
// loop over FIELDS; the hot ones (an insert, a frame's refresh()) name the fields inline, each
// marked, and tests/api/shape-fields.test.mjs holds them to FIELDS.
import { SHAPE_CIRCLE, SHAPE_LINE, SHAPE_RECT } from '../wasm/abi.js';
import { Circle, Line, Rectangle } from './shapes.js';

// An object is a circle or a line when its qtIndex is Circle's or Line's (an instance, a subclass
// that keeps it, an object that borrows it), as the quadtree-ts entry tells them; else a rect.
export const circleIndex = Circle.prototype.qtIndex, lineIndex = Line.prototype.qtIndex, rectIndex = Rectangle.prototype.qtIndex;

/** Each kind's fields, by kind (abi.h's kShapeRect, kShapeCircle, kShapeLine). */
export const FIELDS = [['x', 'y', 'width', 'height'], ['x', 'y', 'r'], ['x1', 'y1', 'x2', 'y2']];

/** The kind of shape `o` is (SHAPE_RECT, SHAPE_CIRCLE or SHAPE_LINE). @param {any} o */
export function kindOf(o) {
  const q = o.qtIndex;
  return q === circleIndex ? SHAPE_CIRCLE : q === lineIndex ? SHAPE_LINE : SHAPE_RECT;
}

/**
 * The rect a compat tree (quadtree-js's, the tutorial's) places and queries a shape by, in place
 * of the shape's numbers and kind (`s`: a, b, c, d, kind): a circle's x - r, y - r, 2r, 2r; a
 * line's corners, smaller first. The core's boundingRect() (cpp/shapes/shape_overlap.h) is the same.
 * @param {number[]} s
 */
export function boundingRect(s) {
  const a = s[0], b = s[1], c = s[2], d = s[3];
  if (s[4] === SHAPE_CIRCLE) {
    s[0] = a - c; s[1] = b - c; s[2] = c + c; s[3] = c + c;
  } else if (s[4] === SHAPE_LINE) {
    s[0] = Math.min(a, c); s[1] = Math.min(b, d); s[2] = Math.abs(c - a); s[3] = Math.abs(d - b);
  }
  s[4] = SHAPE_RECT;
}
