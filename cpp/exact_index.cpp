// ExactIndex: the rule that picks its bounds and depth, and the mirrors of the session's changes.
#include "exact_index.h"

#include <cmath>

#include "memory_guard.h"

namespace qt {

namespace {
bool usable(double extent) { return std::isfinite(extent) && extent > 0; }
}  // namespace

ExactIndex::Plan::Plan(const Rect& b) {
  if (std::isfinite(b.x) && std::isfinite(b.y) && usable(b.w) && usable(b.h)) {
    x0_ = b.x, y0_ = b.y, x1_ = b.x + b.w, y1_ = b.y + b.h;
  } else {
    x0_ = y0_ = INFINITY;
    x1_ = y1_ = -INFINITY;
  }
}

void ExactIndex::Plan::reach(const Rect& r) {
  // An object far outside the tree's bounds (a scrolling world, bounds given as the screen) is
  // taken in, so that it does not pile up with others in an edge cell. Non-finite edges are not.
  const double ax = r.x, bx = r.x + r.w, ay = r.y, by = r.y + r.h;
  if (std::isfinite(ax) && std::isfinite(bx)) x0_ = std::min(x0_, std::min(ax, bx)), x1_ = std::max(x1_, std::max(ax, bx));
  if (std::isfinite(ay) && std::isfinite(by)) y0_ = std::min(y0_, std::min(ay, by)), y1_ = std::max(y1_, std::max(ay, by));
}

void ExactIndex::Plan::fit(const Rect& r) {
  // The deepest level whose cells are at least twice the rect in both axes (a point: the deepest).
  constexpr int32_t kMax = LinearQuadtree::kMaxDepth;
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

int32_t ExactIndex::Plan::depth(int32_t count) const {
  int32_t total = 0, seen = 0, d = 0;
  for (int32_t n : fits_) total += n;
  while (d < LinearQuadtree::kMaxDepth && 2 * (seen + fits_[d]) <= total) seen += fits_[d++];
  const int64_t cells = 8 * int64_t(std::max(count, int32_t(16)));
  while (d > 1 && (int64_t(1) << (2 * d)) > cells) --d;
  return LinearQuadtree::clampDepth(d);
}

bool ExactIndex::make(const Plan& plan, int32_t count) {
  drop();
  const int32_t depth = plan.depth(count);
  Rect area = plan.bounds();
  if (!usable(area.w) || !usable(area.h)) {  // nothing usable: a unit square, every query still exact
    area = Rect{std::isfinite(area.x) ? area.x : 0, std::isfinite(area.y) ? area.y : 0,
                usable(area.w) ? area.w : usable(area.h) ? area.h : 1, usable(area.h) ? area.h : usable(area.w) ? area.w : 1};
  }
  if (!heapHasRoom(LinearQuadtree::bytesFor(depth))) return false;
  tree_ = std::make_unique<LinearQuadtree>(area, depth);
  area_ = area;
  builtFor_ = count;
  return true;
}

void ExactIndex::set(int32_t id, const Rect& r) {
  if (!tree_) return;
  if (tree_->contains(id)) outside_ -= !inside(tree_->rectOf(id));
  tree_->update(id, r);
  if (tree_->outOfMemory()) return drop();
  outside_ += !inside(r);
}

void ExactIndex::remove(int32_t id) {
  if (!tree_ || !tree_->contains(id)) return;
  outside_ -= !inside(tree_->rectOf(id));
  tree_->remove(id);
}

QT_COLD void ExactIndex::clear() {
  stale_ = false;  // as empty as the objects
  if (!tree_) return;
  tree_->clear();
  outside_ = 0;
}

QT_COLD void ExactIndex::drop() {
  tree_.reset();
  builtFor_ = outside_ = keepUp_ = 0;
  stale_ = false;
  ++generation_;
}

}  // namespace qt
