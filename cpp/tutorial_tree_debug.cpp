// TutorialTree's read-only walks that no frame loop runs: the node walk for drawing, the counts
// and the check of every invariant. Built for size in the wasm (CMakeLists.txt).
#include <algorithm>
#include <string>
#include <vector>

#include "tutorial_tree.h"

namespace qt {

void TutorialTree::nodeWalk(std::vector<double>& out) const {
  stack_.assign(1, root());
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    const Rect& r = rects_[n];
    const int32_t c = nodes_[n].children;
    out.insert(out.end(), {levels_[n], r.x, r.y, r.w, r.h, double(nodes_[n].count), c < 0 ? 1.0 : 0.0});
    if (c >= 0)
      for (int q = 3; q >= 0; --q) stack_.push_back(c + q);
  }
}

Stats TutorialTree::stats() const {
  Stats s;
  s.references = s.entries = liveEntries_;
  s.objects = objectCount_;
  stack_.assign(1, root());
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    ++s.nodes;
    s.depth = std::max(s.depth, nodes_[n].depth);
    if (nodes_[n].children < 0) ++s.leaves;
    else for (int q = 0; q < 4; ++q) stack_.push_back(nodes_[n].children + q);
  }
  return s;
}

bool TutorialTree::validate(std::string* why) const {
  const size_t nn = nodes_.size();
  if (rects_.size() != nn || reach_.size() != nn || rank_.size() != nn || levels_.size() != nn)
    return fail(why, "per-node arrays differ in length");
  if (objRect_.size() != objHead_.size() || unsettled_.size() != objHead_.size())
    return fail(why, "per-id arrays differ in length");
  if (!log_.empty() || !rectLog_.empty()) return fail(why, "the undo log is not empty");
  if (nodes_[0].parent != -1 || nodes_[0].depth != 0) return fail(why, "the root has a parent or a depth");
  std::vector<char> seenNode(nn, 0), seenEntry(entries_.size(), 0);
  for (int32_t b : freeBlocks_) {
    if (b < 1 || size_t(b) + 4 > nn) return fail(why, "free block ", b, " out of range");
    for (int q = 0; q < 4; ++q) {
      if (seenNode[b + q] || nodes_[b + q].depth != -1) return fail(why, "free node ", b + q, " reused or live");
      seenNode[b + q] = 2;
    }
  }
  int32_t live = 0;
  std::vector<int32_t> walk{0};
  while (!walk.empty()) {
    const int32_t n = walk.back();
    walk.pop_back();
    if (seenNode[n]) return fail(why, "node ", n, seenNode[n] == 2 ? " is live and free" : " reached twice");
    seenNode[n] = 1;
    const Node& nd = nodes_[n];
    if (nd.depth < 0) return fail(why, "live node ", n, " marked free");
    const int32_t c = nd.children;
    if (c >= 0) {
      if (size_t(c) + 4 > nn) return fail(why, "node ", n, " children out of range");
      for (int q = 0; q < 4; ++q) {
        const Rect e = tutorialChildRect(rects_[n], q), r = rects_[c + q];
        if (!(e.x == r.x && e.y == r.y && e.w == r.w && e.h == r.h)) return fail(why, "node ", c + q, " has a wrong rect");
        if (!(levels_[c + q] == levels_[n] + 1)) return fail(why, "node ", c + q, " has a wrong level");
        const TutorialReach want = reach_[n].child(rects_[n], q), got = reach_[c + q];
        if (!(want.lowX == got.lowX && want.highX == got.highX && want.lowY == got.lowY && want.highY == got.highY))
          return fail(why, "node ", c + q, " has a wrong reach");
        if (nodes_[c + q].parent != n || nodes_[c + q].depth != nd.depth + 1)
          return fail(why, "node ", c + q, " has a wrong parent or depth");
        walk.push_back(c + q);
      }
    } else if (nd.count > 0 && double(nd.count) > maxObjects_ && levels_[n] < maxLevels_ && nd.depth < kMaxDepth) {
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
      if (en.id < 0 || size_t(en.id) >= objHead_.size()) return fail(why, "entry ", e, " has a bad id");
      const Rect& r = objRect_[en.id];
      if (!unsettled_[en.id] && home(root(), r) != n) return fail(why, "entry ", e, " is away from home but its id is settled");
      if (atHome(n, r) != (home(root(), r) == n)) return fail(why, "entry ", e, ": its node's reach disagrees with home()");
      ++count;
    }
    if (count != nd.count || prev != nd.tail) return fail(why, "node ", n, " count or tail is wrong");
    live += count;
  }
  for (size_t n = 0; n < nn; ++n)
    if (!seenNode[n]) return fail(why, "node ", int32_t(n), " is neither reachable nor free");
  for (int32_t e = freeEntry_; e >= 0; e = entries_[e].next) {
    if (size_t(e) >= entries_.size() || seenEntry[e] || entries_[e].node != -2) return fail(why, "free entry list broken at ", e);
    seenEntry[e] = 2;
  }
  if (live != liveEntries_) return fail(why, "entry count ", liveEntries_, " but ", live, " in lists");
  int32_t objects = 0, chained = 0;
  for (size_t id = 0; id < objHead_.size(); ++id) {
    if (objHead_[id] < 0) continue;
    ++objects;
    for (int32_t e = objHead_[id]; e >= 0; e = entries_[e].idNext, ++chained)
      if (size_t(e) >= entries_.size() || seenEntry[e] != 1 || entries_[e].id != int32_t(id))
        return fail(why, "id ", int32_t(id), " entry chain broken at ", e);
  }
  if (objects != objectCount_) return fail(why, "object count ", objectCount_, " but ", objects, " ids");
  if (chained != live) return fail(why, "entries in id chains ", chained, " but ", live, " in lists");
  for (size_t e = 0; e < entries_.size(); ++e)
    if (!seenEntry[e]) return fail(why, "entry ", int32_t(e), " is neither in a list nor free");
  for (size_t id = 0; id < unsettled_.size(); ++id)
    if (unsettled_[id] && std::find(unsettledIds_.begin(), unsettledIds_.end(), int32_t(id)) == unsettledIds_.end())
      return fail(why, "unsettled id ", int32_t(id), " is not listed");
  return true;
}

}  // namespace qt
