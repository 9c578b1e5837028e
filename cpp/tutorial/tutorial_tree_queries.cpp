// TutorialTree's reads: the original's findObjects() and getAllObjects(), the lists and the
// pre-order sequence. (The exact queries are the session's exact index's: exact_index.h.)
// None allocates: the walks use stack_, which grows with the nodes.
#include <algorithm>

#include "base/memory_guard.h"
#include "tutorial/tutorial_tree.h"

namespace qt {

void TutorialTree::findObjects(int32_t node, const Rect& rect, std::vector<int32_t>& out) const {
  stack_.assign(1, node);  // the path, then read from its deepest node up
  for (int32_t n = node, c; (c = nodes_[n].children) >= 0;) {
    const int q = tutorialIndex(rects_[n], rect);
    if (q < 0) break;
    stack_.push_back(n = c + q);
  }
  for (size_t i = stack_.size(); i-- > 0;) entries_.appendIds(nodes_[size_t(stack_[i])], out);
}

Answer TutorialTree::retrieve(int32_t node, const Rect& rect, bool, std::vector<int32_t>& out, int32_t* kept) const {
  if (kept) *kept = -1;
  if (!growTo(out, out.size() + linkCount())) return Answer::kNoRoom;
  findObjects(node, rect, out);
  return Answer::kNew;
}

bool TutorialTree::nodeObjects(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + size_t(nodes_[node].count))) return false;
  entries_.appendIds(nodes_[size_t(node)], out);
  return true;
}

bool TutorialTree::pathObjects(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + linkCount())) return false;
  for (int32_t n = node; n >= 0; n = ancestry_[n].parent) entries_.appendIds(nodes_[size_t(n)], out);
  return true;
}

// Children 0..3 first, then the node's own list: written reversed (own list back to front, then
// children 3..0 the same way, a plain depth-first walk), then turned around.
bool TutorialTree::allObjects(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + linkCount())) return false;
  const size_t start = out.size();
  eachBelow(node, stack_, [&](int32_t n) {
    for (int32_t e = nodes_[n].tail; e >= 0; e = entries_[e].prev) out.push_back(entries_[e].id);
    return true;
  });
  std::reverse(out.begin() + std::ptrdiff_t(start), out.end());
  return true;
}

bool TutorialTree::preorder(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + linkCount())) return false;
  entries_.appendPreorder(nodes_, node, stack_, out, false);
  return true;
}

}  // namespace qt
