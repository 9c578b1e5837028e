// TsTree's read-only walks that no frame loop runs: the node walk for drawing, the counts and the
// check of every invariant. Each QT_COLD: built for size (memory_guard.h).
#include <algorithm>
#include <string>
#include <vector>

#include "base/memory_guard.h"  // QT_COLD
#include "ts/ts_tree.h"

namespace qt {

QT_COLD bool TsTree::nodeWalk(std::vector<double>& out) const {
  return walkNodes(out, stack_, [this](int32_t n) { return born_[size_t(n)]; });
}

QT_COLD Stats TsTree::stats() const {
  return nodeStats(entries_.live(), stack_, [this](int32_t n) { return int32_t(levels_[size_t(n)]); });  // (the root's is 0)
}

QT_COLD bool TsTree::validate(std::string* why) const {
  const size_t nn = nodes_.size(), span = objects_.span();
  if (parent_.size() != nn || marks_.size() != nn || pick_.size() != nn) return fail(why, "per-node arrays differ in length");
  if (objects_.rects.size() != span || readIn_.size() != span || seen_.size() != span)
    return fail(why, "per-id arrays differ in length");
  if (lost_.capacity() < span || reshaped_.capacity() < span || marked_.capacity() < nn || stack_.capacity() < nn)
    return fail(why, "a scratch array lacks the room it is meant to have");
  if (busy_ || starved_ || !log_.empty() || !shapeLog_.empty() || !work_.empty() || splitting_ >= 0)
    return fail(why, "a call is under way or left its state");
  if (parent_[0] != -1) return fail(why, "the root has a parent");
  std::vector<char> seenEntry(entries_.size(), 0);
  int32_t live = 0;
  // Its children's parents; a list only at a leaf; no leaf left overflowing or below minLevels
  // (a tree whose skeleton found no room fails here: the facade throws at construction); the
  // list in order.
  auto nodeHolds = [&](int32_t n) {
    const Node& nd = nodes_[size_t(n)];
    const int32_t c = nd.children;
    if (c >= 0) {
      for (int q = 0; q < 4; ++q)
        if (parent_[size_t(c + q)] != n) return fail(why, "node ", c + q, " has a wrong parent");
      if (nd.count != 0 || nd.head >= 0) return fail(why, "node ", n, " has children and a list");
    } else {
      if (nd.count > 0 && overflows(n)) return fail(why, "leaf ", n, " overflows and was not split");
      if (levels_[size_t(n)] < minLevels_) return fail(why, "leaf ", n, " is below minLevels");
    }
    return entries_.validateList(n, nd, span, seenEntry, live, why, [](int32_t) { return true; });
  };
  if (!validateNodes(why, [](const Rect& r, int q) { return tsChildRect(r, q); }, nodeHolds)) return false;
  if (!entries_.validateRest(objects_, seenEntry, live, why)) return false;

  // The marks: every marked node listed once, every listed node marked.
  std::vector<char> listed(nn, 0);
  for (int32_t n : marked_) {
    if (n < 0 || size_t(n) >= nn || listed[size_t(n)] || !marks_[size_t(n)])
      return fail(why, "marked node ", n, " is out of range, listed twice or not marked");
    listed[size_t(n)] = 1;
  }
  for (size_t n = 0; n < nn; ++n)
    if (marks_[n] && !listed[n]) return fail(why, "node ", int32_t(n), " is marked but not listed");

  // Settled: a node with no mark in its subtree is one the join would leave as it is.
  std::vector<int32_t> order, stack{root()};
  while (!stack.empty()) {
    const int32_t n = stack.back();
    stack.pop_back();
    order.push_back(n);
    if (nodes_[size_t(n)].children >= 0)
      for (int q = 0; q < 4; ++q) stack.push_back(nodes_[size_t(n)].children + q);
  }
  std::vector<char> marked(nn, 0);
  for (size_t i = order.size(); i-- > 0;) {  // children before their parent
    const int32_t n = order[i];
    marked[size_t(n)] |= marks_[size_t(n)] != 0;
    if (parent_[size_t(n)] >= 0) marked[size_t(parent_[size_t(n)])] |= marked[size_t(n)];
  }
  std::vector<uint32_t> stamps(span, 0);
  uint32_t stamp = 0;
  for (int32_t n : order) {
    if (marked[size_t(n)] || !(levels_[size_t(n)] >= minLevels_) || !(0 <= maxObjects_)) continue;
    ++stamp;
    int32_t distinct = 0;
    bool fits = true;
    stack.assign(1, n);
    while (!stack.empty() && fits) {
      const int32_t m = stack.back();
      stack.pop_back();
      for (int32_t e = nodes_[size_t(m)].head; e >= 0 && fits; e = entries_[size_t(e)].next) {
        uint32_t& s = stamps[size_t(entries_[size_t(e)].id)];
        if (s != stamp) s = stamp, fits = double(++distinct) <= maxObjects_;
      }
      if (nodes_[size_t(m)].children >= 0)
        for (int q = 0; q < 4; ++q) stack.push_back(nodes_[size_t(m)].children + q);
    }
    if (fits && (nodes_[size_t(n)].children >= 0 || distinct < nodes_[size_t(n)].count))
      return fail(why, "node ", n, " would change at a join but nothing marks it");
  }
  return true;
}

}  // namespace qt
