// Quadtree's queries: quadtree-js's retrieve() and what the facade builds on it (locate()). They
// read the packed copy (packed_leaves.cpp). The exact queries (search, collides, pairs) are not
// the quadtree-js tree's: they go to the session's exact index (exact_index.h).
#include "quadtree/quadtree.h"

#include <cmath>

namespace qt {

Quadtree::Answer Quadtree::retrieveKeeping(int32_t node, const Rect& rect, bool dedup, std::vector<int32_t>& out,
                                           int32_t* kept) {
  packIfStale();
  // quadtree-js removes duplicates at every node whose level is 0, within its subtree: with the
  // usual root level 0 that is the whole result; below a negative root level, each subtree at
  // level 0 on its own; above level 0, or for a fractional level, nowhere.
  const double start = levels_[node];
  const bool scopes = dedup && start <= 0 && start == std::floor(start);
  // First the leaves (and where a new de-duplication scope starts), then one copy pass into room
  // made once: the copy loop is the hot one.
  int32_t* const leaves = leaves_.data();
  int32_t reached = 0;
  size_t total = 0;
  for (Walk walk(node); walk.more();) {
    const int32_t n = walk.next();
    const Node& nd = nodes_[n];
    if (scopes && levels_[n] == 0) leaves[reached++] = ~n;  // marks a scope's start
    if (nd.children < 0) {
      leaves[reached++] = n;
      total += size_t(nd.count);
      continue;
    }
    const unsigned mask = childMask(rects_[n], rect);
    for (int q = 3; q >= 0; --q)
      if (mask & (1u << q)) walk.push(nd.children + q);
  }
  AnswerCache::Pending pending;  // (left empty for a short join: after() then keeps nothing)
  if (kept) {
    *kept = total < AnswerCache::kMinLinks ? -1 : answers_.before(leaves, reached, nodes_.size(), version(), pending);
    if (*kept >= 0) return Answer::kKept;
  }
  const size_t base = out.size();
  if (!growTo(out, base + total)) return Answer::kNoRoom;  // room for what it returns, not for every link
  out.resize(base + total);
  int32_t* dst = out.data() + base;
  for (int32_t i = 0; i < reached; ++i) {
    const int32_t n = leaves[i];
    if (n < 0) {
      beginQuery(maxObject());
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
  if (kept) *kept = answers_.after(pending, version());
  return Answer::kNew;
}

int32_t Quadtree::locate(int32_t node, const Rect& rect, bool dedup) {
  packIfStale();
  const int32_t n = deepestAlone(node, rect);
  return nodes_[n].children < 0 && listAnswers(node, n, dedup) ? n : kNoNode;
}

bool Quadtree::listAnswers(int32_t node, int32_t leaf, bool dedup) const {
  // De-duplication applies to this leaf when some node from `node` down to it is at level 0.
  const double start = levels_[node];
  const bool scoped = dedup && start <= 0 && start == std::floor(start) && levels_[leaf] >= 0;
  return !(scoped && packed_.repeats[leaf]);
}

}  // namespace qt
