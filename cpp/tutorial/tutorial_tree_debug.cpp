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
  return nodeStats(entries_.live(), stack_, [this](int32_t n) { return ancestry_[size_t(n)].depth; });
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
    return entries_.validateList(n, nd, objects_.span(), seenEntry, live, why, [&](int32_t e) {
      const int32_t id = entries_[e].id;
      const Rect& r = objects_.rects[size_t(id)];
      if (!unsettled_[size_t(id)] && home(root(), r) != n) return fail(why, "entry ", e, " is away from home but its id is settled");
      if (atHome(n, r) != (home(root(), r) == n)) return fail(why, "entry ", e, ": its node's reach disagrees with home()");
      return true;
    });
  };
  if (!validateNodes(why, [](const Rect& r, int q) { return tutorialChildRect(r, q); }, nodeHolds)) return false;
  if (!entries_.validateRest(objects_, seenEntry, live, why)) return false;
  for (size_t e = 0; e < refreshMarks_.size(); ++e)
    if (refreshMarks_[e] != 0) return fail(why, "entry ", int32_t(e), " keeps a refresh mark");
  for (size_t id = 0; id < unsettled_.size(); ++id)
    if (unsettled_[id] && std::find(unsettledIds_.begin(), unsettledIds_.end(), int32_t(id)) == unsettledIds_.end())
      return fail(why, "unsettled id ", int32_t(id), " is not listed");
  return true;
}

}  // namespace qt
