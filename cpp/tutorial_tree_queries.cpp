// TutorialTree's reads: the original's findObjects() and getAllObjects(), the lists and the
// pre-order sequence. (The exact queries are the session's exact index's: exact_index.h.)
// None allocates: the walks use stack_, which grows with the nodes.
#include <algorithm>

#include "memory_guard.h"
#include "tutorial_tree.h"

namespace qt {

void TutorialTree::findObjects(int32_t node, const Rect& rect, std::vector<int32_t>& out) const {
  stack_.assign(1, node);  // the path, then read from its deepest node up
  for (int32_t n = node, c; (c = nodes_[n].children) >= 0;) {
    const int q = tutorialIndex(rects_[n], rect);
    if (q < 0) break;
    stack_.push_back(n = c + q);
  }
  for (size_t i = stack_.size(); i-- > 0;) nodeObjects(stack_[i], out);
}

void TutorialTree::nodeObjects(int32_t node, std::vector<int32_t>& out) const {
  for (int32_t e = nodes_[node].head; e >= 0; e = entries_[e].next) out.push_back(entries_[e].id);
}

void TutorialTree::pathObjects(int32_t node, std::vector<int32_t>& out) const {
  for (int32_t n = node; n >= 0; n = ancestry_[n].parent) nodeObjects(n, out);
}

// Children 0..3 first, then the node's own list: written reversed (own list back to front, then
// children 3..0 the same way, a plain depth-first walk), then turned around.
void TutorialTree::allObjects(int32_t node, std::vector<int32_t>& out) const {
  const size_t start = out.size();
  stack_.assign(1, node);
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    for (int32_t e = nodes_[n].tail; e >= 0; e = entries_[e].prev) out.push_back(entries_[e].id);
    if (nodes_[n].children >= 0)
      for (int q = 0; q < 4; ++q) stack_.push_back(nodes_[n].children + q);
  }
  std::reverse(out.begin() + std::ptrdiff_t(start), out.end());
}

void TutorialTree::preorder(int32_t node, std::vector<int32_t>& out) const {
  stack_.assign(1, node);
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    nodeObjects(n, out);
    if (nodes_[n].children >= 0)
      for (int q = 3; q >= 0; --q) stack_.push_back(nodes_[n].children + q);
  }
}

}  // namespace qt
