// The geometry of the shapes beside rects: which quadrants of a node a circle or a line reaches, by
// the rules of quadtree-ts 2.3.0's Circle and Line qtIndex, computed with the
// very double operations they use, in their order, so that a native decision is the JavaScript
// one bit for bit. (A rect's is geometry.h's rectQuadrants().) That takes IEEE doubles without FMA
// contraction (CMakeLists.txt builds with -ffp-contract=off) and without fast-math, subnormals
// kept, and JavaScript's Math.min and Math.max, which std::fmin/fmax and std::min/max are not.
// Each returns a 4-bit mask, bit i = child i (0 top-right, 1 top-left, 2 bottom-left, 3
// bottom-right), the order in which qtIndex lists them. Then what the quadtree-ts tree
// (ts_tree.h) builds on: Shape (one of the three, as four numbers and a kind), shapeQuadrants()
// and tsChildRect().
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "base/abi.h"  // kShapeRect, kShapeCircle, kShapeLine
#include "base/geometry.h"

namespace qt {

// Math.min and Math.max: NaN when either is NaN, and -0 below +0.
inline double jsMin(double a, double b) {
  if (a != a || b != b) return std::numeric_limits<double>::quiet_NaN();
  if (a != b) return a < b ? a : b;
  return std::signbit(a) ? a : b;
}
inline double jsMax(double a, double b) {
  if (a != a || b != b) return std::numeric_limits<double>::quiet_NaN();
  if (a != b) return a > b ? a : b;
  return std::signbit(a) ? b : a;
}

// A quadrant of a node as the shapes' qtIndex builds it: its far edges are its origin plus half
// the node's size, which may differ by an ulp from the node's own far edges (and from split()'s
// children: those are never compared with a shape).
struct Quadrant {
  double minX, minY, maxX, maxY;
};
inline Quadrant quadrantOf(const Rect& node, int quadrant) {
  const double w2 = node.w / 2, h2 = node.h / 2, x2 = node.x + w2, y2 = node.y + h2;
  const double minX = eastChild(quadrant) ? x2 : node.x, minY = southChild(quadrant) ? y2 : node.y;
  return {minX, minY, minX + w2, minY + h2};
}

// Circle.intersectRect: the rect's point nearest the centre is nearer than r. Strict: a circle that
// only touches does not meet it, and one of radius 0 meets nothing.
inline bool circleMeets(double x, double y, double r, const Quadrant& b) {
  const double dx = x - jsMax(b.minX, jsMin(x, b.maxX));
  const double dy = y - jsMax(b.minY, jsMin(y, b.maxY));
  return dx * dx + dy * dy < r * r;
}

// Line.intersectRect: an endpoint in the closed rect, or the segment's line crossing an edge
// strictly inside it. (It misses a segment through two opposite corners with both endpoints
// outside: quadtree-ts's issue #14, kept.)
inline bool lineMeets(double x1, double y1, double x2, double y2, const Quadrant& b) {
  if ((x1 <= b.minX && x2 <= b.minX) || (y1 <= b.minY && y2 <= b.minY) || (x1 >= b.maxX && x2 >= b.maxX) ||
      (y1 >= b.maxY && y2 >= b.maxY))
    return false;
  if ((x1 >= b.minX && x1 <= b.maxX && y1 >= b.minY && y1 <= b.maxY) ||
      (x2 >= b.minX && x2 <= b.maxX && y2 >= b.minY && y2 <= b.maxY))
    return true;
  const double m = (y2 - y1) / (x2 - x1);
  const double yLeft = m * (b.minX - x1) + y1, yRight = m * (b.maxX - x1) + y1;
  const double xTop = (b.minY - y1) / m + x1, xBottom = (b.maxY - y1) / m + x1;
  return (yLeft > b.minY && yLeft < b.maxY) || (yRight > b.minY && yRight < b.maxY) ||
         (xTop > b.minX && xTop < b.maxX) || (xBottom > b.minX && xBottom < b.maxX);
}

inline unsigned circleQuadrants(const Rect& node, double x, double y, double r) {
  unsigned mask = 0;
  for (int q = 0; q < 4; ++q) mask |= unsigned(circleMeets(x, y, r, quadrantOf(node, q))) << q;
  return mask;
}

inline unsigned lineQuadrants(const Rect& node, double x1, double y1, double x2, double y2) {
  unsigned mask = 0;
  for (int q = 0; q < 4; ++q) mask |= unsigned(lineMeets(x1, y1, x2, y2, quadrantOf(node, q))) << q;
  return mask;
}

// A built-in shape of quadtree-ts as the core keeps it: its four numbers and its kind (abi.h's
// kShapeRect: x, y, width, height; kShapeCircle: x, y, r, d unused; kShapeLine: x1, y1, x2, y2).
struct Shape {
  double a, b, c, d;
  int32_t kind;
};
// (JavaScript reads shape tables at these offsets: abi.h)
static_assert(sizeof(Shape) == kShapeBytes && offsetof(Shape, kind) == kShapeKindAt, "Shape's layout is abi.h's");

// The shape's qtIndex as a 4-bit mask (bit i = child i): the package lists the indexes in
// ascending order, so visiting the bits from 0 up is its order. An unknown kind meets nothing.
inline unsigned shapeQuadrants(const Rect& node, const Shape& s) {
  switch (s.kind) {
    case kShapeRect: return rectQuadrants(node, {s.a, s.b, s.c, s.d});
    case kShapeCircle: return circleQuadrants(node, s.a, s.b, s.c);
    case kShapeLine: return lineQuadrants(node, s.a, s.b, s.c, s.d);
    default: return 0;
  }
}

// JavaScript's `v || 0` for a number: NaN and -0 become 0.
inline double orZero(double v) { return v == v && v != 0 ? v : 0.0; }

// quadtree-ts's split(): geometry.h's childRect(), then the child's constructor, which keeps
// `props.x || 0` and `props.y || 0` (an origin that came out NaN, as -Infinity + Infinity does,
// becomes 0; the sizes are kept as they are).
inline Rect tsChildRect(const Rect& n, int quadrant) {
  Rect r = childRect(n, quadrant);
  r.x = orZero(r.x);
  r.y = orZero(r.y);
  return r;
}

}  // namespace qt
