// LinearQuadtree's queries: search() and collides(), one walk over the occupied levels.
#include "linear_quadtree.h"

#include <algorithm>

namespace qt {

bool LinearQuadtree::query(const Rect& q, std::vector<int32_t>* out) const {
  if (size_ == 0) return false;
  relinked();
  const Cells r = cellsOf(q);
  struct Frame {  // 12 bytes
    int32_t level, cx, cy;
  };
  // The objects of node (l, cx, cy) and of its subtree lie in cells cx..cx + 1, cy..cy + 1 of
  // level l, so the node can hold a match only if those meet the query's range (closed ranges):
  // cx in [(r.x0 >> k) - 1, r.x1 >> k], same in y. Its parent then passes the same test.
  // The levels above the shallowest one holding objects are empty, so the walk starts there with
  // every such node, or higher up if there are more than 16 of them (the walk skips empty
  // subtrees; a scan of a level would not).
  int32_t level = 0, x0, x1, y0, y1;
  while (levels_[level] == 0) ++level;
  // A small query (the usual: an object's own rect) meets at most 16 such nodes even at the
  // deepest level holding objects: then each level's few are read directly, without the walk.
  int32_t deepest = depth_;
  while (levels_[deepest] == 0) --deepest;
  auto range = [&](int32_t l) {
    const int32_t k = depth_ - l;
    x0 = std::max((r.x0 >> k) - 1, int32_t(0)), x1 = r.x1 >> k;
    y0 = std::max((r.y0 >> k) - 1, int32_t(0)), y1 = r.y1 >> k;
    return (x1 - x0 + 1) * (y1 - y0 + 1);
  };
  bool hit = false;
  // A node's own objects that overlap q; true: stop (collides() has its answer).
  auto scan = [&](int32_t node) {
    for (int32_t id = nodes_[node].head; id >= 0; id = links_[id].next) {
      if (!overlaps(rects_[id], q)) continue;
      if (!out) return true;
      out->push_back(id);
      hit = true;
    }
    return false;
  };
  if (range(deepest) <= 16) {
    for (int32_t l = level; l <= deepest; ++l) {
      if (levels_[l] == 0) continue;
      range(l);
      for (int32_t cy = y0; cy <= y1; ++cy)
        for (int32_t cx = x0; cx <= x1; ++cx)
          if (scan(index(l, cx, cy))) return true;
    }
    return hit;
  }
  while (range(level) > 16) --level;  // level 0 has one node
  // Each step pops one node and pushes at most four children: at most 16 + 3D frames.
  Frame stack[16 + 3 * kMaxDepth];
  int32_t top = 0;
  for (int32_t cy = y1; cy >= y0; --cy)
    for (int32_t cx = x1; cx >= x0; --cx)
      if (nodes_[index(level, cx, cy)].count > 0) stack[top++] = {level, cx, cy};
  while (top > 0) {
    const Frame f = stack[--top];
    if (scan(index(f.level, f.cx, f.cy))) return true;
    if (f.level == depth_) continue;
    level = f.level + 1;
    const int32_t k = depth_ - level;
    x0 = std::max((r.x0 >> k) - 1, 2 * f.cx), x1 = std::min(r.x1 >> k, 2 * f.cx + 1);
    y0 = std::max((r.y0 >> k) - 1, 2 * f.cy), y1 = std::min(r.y1 >> k, 2 * f.cy + 1);
    for (int32_t cy = y1; cy >= y0; --cy)
      for (int32_t cx = x1; cx >= x0; --cx)
        if (nodes_[index(level, cx, cy)].count > 0) stack[top++] = {level, cx, cy};
  }
  return hit;
}

void LinearQuadtree::search(const Rect& q, std::vector<int32_t>& out) const { query(q, &out); }

bool LinearQuadtree::collides(const Rect& q) const { return query(q, nullptr); }

}  // namespace qt
