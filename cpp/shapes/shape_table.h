// The shapes of a tree's objects that are not rects (circles, lines: shape_geometry.h's Shape),
// per id, beside the rects its placement reads. Empty while every object has been a rect, so the
// rect-only paths read nothing more; once a shape arrives it spans the ids up to the largest
// shape's, and a rect's entry there only says "rect" (its numbers are the tree's rect).
// The one store of shapes: a LinearQuadtree and a quadtree-ts TsTree keep their own (they place
// by shape); a compat tree's Session keeps one for it, which feeds the session's exact index
// (session.h). The facade reads it in bulk to tell which objects moved (refresh()): Shape is 40
// bytes, its kind at byte 32.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "base/geometry.h"
#include "base/memory_guard.h"
#include "shapes/shape_geometry.h"
#include "shapes/shape_overlap.h"  // boundingRect()

namespace qt {

class ShapeTable {
 public:
  bool active() const { return !kinds_.empty(); }
  // The shape of `id` unless it is a rect (null then).
  const Shape* of(int32_t id) const {
    return size_t(id) < kinds_.size() && kinds_[size_t(id)] != kShapeRect ? &shapes_[size_t(id)] : nullptr;
  }
  // The shape of `id`, whose rect in its tree is `r`.
  Shape shapeOf(int32_t id, const Rect& r) const {
    const Shape* s = of(id);
    return s ? *s : Shape{r.x, r.y, r.w, r.h, kShapeRect};
  }
  // Whether `id` has a record here (then room() has nothing to do).
  bool holds(int32_t id) const { return size_t(id) < kinds_.size(); }
  // Room for a shape of `id` (a rect needs none). False: no room, nothing changed.
  bool room(int32_t id, int32_t kind) {
    if (kind == kShapeRect || size_t(id) < kinds_.size()) return true;
    if (!growTo(shapes_, size_t(id) + 1) || !growTo(kinds_, size_t(id) + 1)) return false;
    shapes_.resize(size_t(id) + 1);  // (zeros: kShapeRect)
    kinds_.resize(size_t(id) + 1);
    return true;
  }
  // Records the shape of `id` (room made first).
  void set(int32_t id, const Shape& s) {
    if (size_t(id) < kinds_.size()) shapes_[size_t(id)] = s, kinds_[size_t(id)] = uint8_t(s.kind);
  }
  // For a compat tree, which holds shapes by their bounding rects: the `count` shapes at
  // `numbers` (4 a shape) of `ids` and `kinds`, their numbers copied to `kept` and their bounding
  // rects (shape_overlap.h) put in their place, room made here (kinds null: all rects). False:
  // no room (nothing held here changed). Then, once the tree took the first `stored`, record() holds those (kinds null: rects).
  QT_COLD bool bound(double* numbers, double* kept, const int32_t* ids, const int32_t* kinds, int32_t count) {
    std::copy(numbers, numbers + 4 * size_t(count), kept);
    for (int32_t k = 0; kinds && k < count; ++k) {
      double* r = numbers + 4 * size_t(k);
      if (kinds[k] == kShapeRect) continue;
      if (!room(ids[k], kinds[k])) return false;
      const Rect bounding = boundingRect(Shape{r[0], r[1], r[2], r[3], kinds[k]});
      r[0] = bounding.x, r[1] = bounding.y, r[2] = bounding.w, r[3] = bounding.h;
    }
    return true;
  }
  QT_COLD void record(const double* kept, const int32_t* ids, const int32_t* kinds, int32_t stored) {
    for (int32_t k = 0; k < stored; ++k) {
      const double* n = kept + 4 * size_t(k);
      set(ids[k], Shape{n[0], n[1], n[2], n[3], kinds ? kinds[k] : kShapeRect});
    }
  }
  const Shape* table() const { return shapes_.data(); }
  size_t span() const { return shapes_.size(); }

 private:
  std::vector<Shape> shapes_;
  // Each record's kind again, a byte an id: what a lookup reads first, from far fewer cache lines
  // than the records (a tree of circles, lines and rects asks it of every object it places).
  std::vector<uint8_t> kinds_;
};

}  // namespace qt
