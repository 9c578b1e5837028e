// TutorialTree's read-only walks that no frame loop runs: the node walk for drawing, the counts
// and the check of every invariant. Each QT_COLD: built for size (memory_guard.h).
#include <algorithm>
#include <string>
#include <vector>

#include "tutorial/tutorial_tree.h"
#include "base/memory_guard.h"  // QT_COLD

namespace qt {

QT_COLD bool TutorialTree::nodeWalk(std::vector<double>& out) const { return walkNodes(out, stack_); }

QT_COLD Stats TutorialTree::stats() const {
  return nodeStats(liveEntries_, stack_, [this](int32_t n) { return ancestry_[size_t(n)].depth; });
}

QT_COLD bool TutorialTree::validate(std::string* why) const {
  const size_t nn = nodes_.size();
  if (ancestry_.size() != nn) return fail(why, "per-node arrays differ in length");
  if (objects_.rects.size() != objects_.span() || unsettled_.size() != objects_.span())
    return fail(why, "per-id arrays differ in length");
  if (!log_.empty() || !rectLog_.empty()) return fail(why, "the undo log is not empty");
  if (ancestry_[0].parent != -1 || ancestry_[0].depth != 0) return fail(why, "the root has a parent or a depth");
  std::vector<char> seenEntry(entries_.size(), 0);
  int32_t live = 0;
  auto nodeHolds = [&](int32_t n) {  // its children's ancestry, its list, no overflow left
    const Node& nd = nodes_[n];
    const int32_t c = nd.children, depth = ancestry_[n].depth;
    if (c >= 0) {
      for (int q = 0; q < 4; ++q)
        if (ancestry_[c + q].parent != n || ancestry_[c + q].depth != depth + 1)
          return fail(why, "node ", c + q, " has a wrong parent or depth");
    } else if (nd.count > 0 && double(nd.count) > maxObjects_ && levels_[n] < maxLevels_ && depth < kMaxDepth) {
      return fail(why, "leaf ", n, " overflows and was not split");
    }
    int32_t count = 0, prev = -1;
    for (int32_t e = nd.head; e >= 0; prev = e, e = entries_[e].next) {
      if (size_t(e) >= entries_.size() || seenEntry[e]) return fail(why, "node ", n, " list broken at entry ", e);
      seenEntry[e] = 1;
      const Entry& en = entries_[e];
      if (en.node != n || en.prev != prev) return fail(why, "entry ", e, " names the wrong node or predecessor");
      if (prev >= 0 && !(entries_[prev].seq < en.seq)) return fail(why, "entry ", e, " is out of order in node ", n);
      if (en.flag != 0) return fail(why, "entry ", e, " keeps a refresh flag");
      if (en.id < 0 || size_t(en.id) >= objects_.span()) return fail(why, "entry ", e, " has a bad id");
      const Rect& r = objects_.rects[en.id];
      if (!unsettled_[en.id] && home(root(), r) != n) return fail(why, "entry ", e, " is away from home but its id is settled");
      if (atHome(n, r) != (home(root(), r) == n)) return fail(why, "entry ", e, ": its node's reach disagrees with home()");
      ++count;
    }
    if (count != nd.count || prev != nd.tail) return fail(why, "node ", n, " count or tail is wrong");
    live += count;
    return true;
  };
  if (!validateNodes(why, [](const Rect& r, int q) { return tutorialChildRect(r, q); }, nodeHolds)) return false;
  for (int32_t e = freeEntry_; e >= 0; e = entries_[e].next) {
    if (size_t(e) >= entries_.size() || seenEntry[e] || entries_[e].node != -2) return fail(why, "free entry list broken at ", e);
    seenEntry[e] = 2;
  }
  if (live != liveEntries_) return fail(why, "entry count ", liveEntries_, " but ", live, " in lists");
  int32_t objects = 0, chained = 0;
  for (size_t id = 0; id < objects_.span(); ++id) {
    if (objects_.first[id] < 0) continue;
    ++objects;
    for (int32_t e = objects_.first[id]; e >= 0; e = entries_[e].idNext, ++chained)
      if (size_t(e) >= entries_.size() || seenEntry[e] != 1 || entries_[e].id != int32_t(id))
        return fail(why, "id ", int32_t(id), " entry chain broken at ", e);
  }
  if (objects != objects_.count) return fail(why, "object count ", objects_.count, " but ", objects, " ids");
  if (chained != live) return fail(why, "entries in id chains ", chained, " but ", live, " in lists");
  for (size_t e = 0; e < entries_.size(); ++e)
    if (!seenEntry[e]) return fail(why, "entry ", int32_t(e), " is neither in a list nor free");
  for (size_t id = 0; id < unsettled_.size(); ++id)
    if (unsettled_[id] && std::find(unsettledIds_.begin(), unsettledIds_.end(), int32_t(id)) == unsettledIds_.end())
      return fail(why, "unsettled id ", int32_t(id), " is not listed");
  return true;
}

}  // namespace qt
