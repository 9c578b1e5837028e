// ExactIndex: the rule that picks its bounds and depth, and the mirrors of the session's changes.
#include "session/exact_index.h"

#include <cmath>

#include "base/memory_guard.h"

namespace qt {

namespace {
bool usable(double extent) { return std::isfinite(extent) && extent > 0; }
}  // namespace

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

void ExactIndex::set(int32_t id, const Shape& s) {
  if (!tree_) return;
  if (tree_->contains(id)) outside_ -= !inside(tree_->rectOf(id));
  tree_->updateShape(id, s);
  if (tree_->outOfMemory()) return drop();
  outside_ += !inside(tree_->rectOf(id));
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
