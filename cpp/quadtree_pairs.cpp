// Quadtree::pairs(): every overlapping pair, leaf by leaf from the packed copy, each reported once.
#include "quadtree.h"

#include "memory_guard.h"
#include "sort.h"

#include <algorithm>

namespace qt {

int32_t Quadtree::leafAt(double x, double y) const {
  int32_t n = root();
  while (nodes_[n].children >= 0) n = nodes_[n].children + childAt(rects_[n], x, y);
  return n;
}

// A pair that overlaps is found in every leaf both reach; it is reported only by the leaf that
// holds the top-left corner of their overlap, which is one of those (see leafAt's rule). Two
// objects stored once each can only meet in this leaf.
bool Quadtree::pairsInLeaf(int32_t leaf, std::vector<int32_t>& out) {
  const int32_t start = packed_.start[leaf], count = nodes_[leaf].count;
  if (count < 2) return true;
  leafObjects_.clear();  // packed indices of the leaf's distinct objects
  if (!packed_.repeats[leaf]) {
    for (int32_t i = start; i < start + count; ++i) leafObjects_.push_back(i);
  } else {
    beginQuery(maxObject_);
    for (int32_t i = start; i < start + count; ++i)
      if (stampFresh(packed_.ids[i] < 0 ? ~packed_.ids[i] : packed_.ids[i])) leafObjects_.push_back(i);
  }
  // Sort by left edge and sweep: only objects that start before one ends can overlap it.
  shellSort(leafObjects_.data(), leafObjects_.data() + leafObjects_.size(),
            [&](int32_t a, int32_t b) { return packed_.rects[a].x < packed_.rects[b].x; });
  const size_t k = leafObjects_.size();
  for (size_t i = 0; i < k; ++i) {
    const int32_t pa = leafObjects_[i];
    const Rect& ra = packed_.rects[pa];
    const double right = ra.x + ra.w;
    for (size_t j = i + 1; j < k; ++j) {
      const int32_t pb = leafObjects_[j];
      const Rect& rb = packed_.rects[pb];
      if (rb.x >= right) break;
      if (!overlaps(ra, rb)) continue;
      const int32_t a = packed_.ids[pa], b = packed_.ids[pb];
      if ((a < 0 || b < 0) && leafAt(std::max(ra.x, rb.x), std::max(ra.y, rb.y)) != leaf) continue;
      if (out.size() + 2 > out.capacity() && !growTo(out, out.size() + 2)) return false;
      out.push_back(a < 0 ? ~a : a);
      out.push_back(b < 0 ? ~b : b);
    }
  }
  return true;
}

void Quadtree::pairs(std::vector<int32_t>& out) {
  packIfStale();
  bool room = true;
  forEachLeaf(root(), [&](int32_t leaf) { room = room && pairsInLeaf(leaf, out); });
  if (!room) noMemory_ = true;
}

}  // namespace qt
