// DepthPlan: the depth fitted to the objects (depth_plan.h).
#include "linear/depth_plan.h"

#include <cmath>

namespace qt {

namespace {
bool usable(double extent) { return std::isfinite(extent) && extent > 0; }
}  // namespace

DepthPlan::DepthPlan(const Rect& b) {
  if (std::isfinite(b.x) && std::isfinite(b.y) && usable(b.w) && usable(b.h)) {
    x0_ = b.x, y0_ = b.y, x1_ = b.x + b.w, y1_ = b.y + b.h;
  } else {
    x0_ = y0_ = INFINITY;
    x1_ = y1_ = -INFINITY;
  }
}

void DepthPlan::reach(const Rect& r) {
  // An object far outside the tree's bounds (a scrolling world, bounds given as the screen) is
  // taken in, so that it does not pile up with others in an edge cell. Non-finite edges are not.
  const double ax = r.x, bx = r.x + r.w, ay = r.y, by = r.y + r.h;
  if (std::isfinite(ax) && std::isfinite(bx)) x0_ = std::min(x0_, std::min(ax, bx)), x1_ = std::max(x1_, std::max(ax, bx));
  if (std::isfinite(ay) && std::isfinite(by)) y0_ = std::min(y0_, std::min(ay, by)), y1_ = std::max(y1_, std::max(ay, by));
}

void DepthPlan::fit(const Rect& r) {
  // The deepest level whose cells are at least twice the rect in both axes (a point: the deepest).
  constexpr int32_t kMax = kMaxLinearDepth;
  auto level = [](double extent, double size) {
    size = std::fabs(size);
    if (!(size > 0) || !usable(extent)) return kMax;
    int32_t l = 0;  // floor(log2(extent / (2 size))), by halving (no libm in the wasm for this)
    for (double cell = extent / 2; l < kMax && cell >= 2 * size; cell /= 2) ++l;
    return l;
  };
  const double side = std::max(x1_ - x0_, y1_ - y0_);  // bounds()'s
  ++fits_[std::min(level(side, r.w), level(side, r.h))];
}

int32_t DepthPlan::depth(int32_t count) const {
  int32_t total = 0, seen = 0, d = 0;
  for (int32_t n : fits_) total += n;
  while (d < kMaxLinearDepth && 2 * (seen + fits_[d]) <= total) seen += fits_[d++];
  const int64_t cells = 8 * int64_t(std::max(count, int32_t(16)));
  while (d > 1 && (int64_t(1) << (2 * d)) > cells) --d;
  return clampDepth(d);
}


}  // namespace qt
