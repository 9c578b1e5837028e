// The depth rule of the LinearQuadtree, written once: the clamp every tree asked for a depth
// gets, and the depth (and square bounds) fitted to a set of objects, which the session's exact
// index (exact_index.h) and a LinearQuadtree made with `depth: 'auto'` use.
#pragma once

#include <algorithm>
#include <cstdint>

#include "base/abi.h"       // kMaxLinearDepth
#include "base/geometry.h"  // Rect

namespace qt {

// A tree asked for `depth` has levels 0..clampDepth(depth).
inline int32_t clampDepth(int32_t depth) { return std::min(std::max(depth, int32_t(1)), kMaxLinearDepth); }

// Whether `count` objects have outgrown a depth fitted for `fittedFor`: four times as many or a
// quarter as many (with some slack for small counts).
inline bool outgrows(int32_t count, int32_t fittedFor) {
  return count > 4 * fittedFor + 64 || 4 * count + 64 < fittedFor;
}

class DepthPlan {
 public:
  explicit DepthPlan(const Rect& bounds);
  void reach(const Rect& r);  // first every object, if the bounds should take it in
  void fit(const Rect& r);    // then every object: the level its size fits
  // A square: cells as wide as they are tall whatever the world's shape (a wide world's cells
  // would otherwise be as stretched as it is, and each hold many objects side by side).
  Rect bounds() const {
    const double side = std::max(x1_ - x0_, y1_ - y0_);
    return {x0_, y0_, side, side};
  }
  // The level most objects fit (cells about twice their size), kept to about 8 cells per
  // object at the deepest level (8 bytes a node); clamped.
  int32_t depth(int32_t count) const;

 private:
  double x0_, y0_, x1_, y1_;  // the union of the tree's usable bounds and every finite rect reached
  int32_t fits_[kMaxLinearDepth + 1] = {};  // objects per level their size fits
};

}  // namespace qt
