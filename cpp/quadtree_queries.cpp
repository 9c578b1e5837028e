// Quadtree's queries: quadtree-js's retrieve() and what the facade builds on it (locate()),
// and the exact ones beyond it (search(), searchNear(), collides()). They read the packed copy
// (packed_leaves.cpp).
#include "quadtree.h"

#include <cmath>

namespace qt {

void Quadtree::retrieve(int32_t node, const Rect& rect, bool dedup, std::vector<int32_t>& out) {
  packIfStale();
  // quadtree-js removes duplicates at every node whose level is 0, within its subtree: with the
  // usual root level 0 that is the whole result; below a negative root level, each subtree at
  // level 0 on its own; above level 0, or for a fractional level, nowhere.
  const double start = levels_[node];
  const bool scopes = dedup && start <= 0 && start == std::floor(start);
  // First the leaves (and where a new de-duplication scope starts), then one copy pass into room
  // made once: the copy loop is the hot one.
  leaves_.clear();
  size_t total = 0;
  stack_.clear();
  stack_.push_back(node);
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    const Node& nd = nodes_[n];
    if (scopes && levels_[n] == 0) leaves_.push_back(~n);  // marks a scope's start
    if (nd.children < 0) {
      leaves_.push_back(n);
      total += size_t(nd.count);
      continue;
    }
    const unsigned mask = childMask(rects_[n], rect);
    for (int q = 3; q >= 0; --q)
      if (mask & (1u << q)) stack_.push_back(nd.children + q);
  }
  const size_t base = out.size();
  out.resize(base + total);
  int32_t* dst = out.data() + base;
  for (const int32_t n : leaves_) {
    if (n < 0) {
      beginQuery(maxObject_);
      continue;
    }
    const int32_t* ids = packed_.ids.data() + packed_.start[n];
    const int32_t count = nodes_[n].count;
    if (!scopes || levels_[n] < 0) {
      for (int32_t i = 0; i < count; ++i) *dst++ = ids[i] < 0 ? ~ids[i] : ids[i];
      continue;
    }
    for (int32_t i = 0; i < count; ++i) {
      const int32_t v = ids[i];
      if (v >= 0) *dst++ = v;
      else if (stampFresh(~v)) *dst++ = ~v;
    }
  }
  out.resize(size_t(dst - out.data()));
}

int32_t Quadtree::locate(int32_t node, const Rect& rect, bool dedup) {
  packIfStale();
  const int32_t n = deepestAlone(node, rect);
  return nodes_[n].children < 0 && listAnswers(node, n, dedup) ? n : -1;
}

bool Quadtree::listAnswers(int32_t node, int32_t leaf, bool dedup) const {
  // De-duplication applies to this leaf when some node from `node` down to it is at level 0.
  const double start = levels_[node];
  const bool scoped = dedup && start <= 0 && start == std::floor(start) && levels_[leaf] >= 0;
  return !(scoped && packed_.repeats[leaf]);
}

void Quadtree::search(const Rect& rect, std::vector<int32_t>& out) {
  packIfStale();
  searchBelow(root(), rect, out);
}

void Quadtree::searchNear(int32_t object, std::vector<int32_t>& out) {
  const int32_t e = objEntries_[object];
  // One entry placed from the root: its rect reaches its split node alone (validate() checks).
  const bool single = entryNext_[e] < 0 && entryHome_[e] == root() && entryLeaf_[e] != kLinksLost;
  searchBelow(single ? entrySplit_[e] : root(), objRect_[object], out);
}

void Quadtree::searchBelow(int32_t node, const Rect& rect, std::vector<int32_t>& out) {
  beginQuery(maxObject_);
  if (packed_.current(version_.now())) {
    forLeaves(node, rect, [&](int32_t n) {
      const int32_t start = packed_.start[n], end = start + nodes_[n].count;
      for (int32_t i = start; i < end; ++i) {
        if (!overlaps(packed_.rects[i], rect)) continue;
        const int32_t v = packed_.ids[i];
        if (v >= 0) out.push_back(v);
        else if (stampFresh(~v)) out.push_back(~v);
      }
      return true;
    });
    return;
  }
  forLeaves(node, rect, [&](int32_t n) {
    for (int32_t l = nodes_[n].head; l >= 0; l = links_[l].next) {
      const int32_t object = entryObject_[links_[l].entry];
      if (overlaps(objRect_[object], rect) && stampFresh(object)) out.push_back(object);
    }
    return true;
  });
}

bool Quadtree::collides(const Rect& rect) {
  packIfStale();
  bool hit = false;
  forLeaves(root(), rect, [&](int32_t n) {
    const int32_t start = packed_.start[n], end = start + nodes_[n].count;
    for (int32_t i = start; i < end && !hit; ++i) hit = overlaps(packed_.rects[i], rect);
    return !hit;
  });
  return hit;
}

}  // namespace qt
