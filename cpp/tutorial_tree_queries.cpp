// TutorialTree's reads: the original's findObjects() and getAllObjects(), the lists and the
// pre-order sequence, and the exact queries (search, collides, pairs), which prune by the boxes.
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
  for (int32_t n = node; n >= 0; n = nodes_[n].parent) nodeObjects(n, out);
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

// Calls hit(id) for every entry whose latest rect overlaps `q` (an id stored twice, twice), until
// it returns false; false then.
template <class Hit>
bool TutorialTree::overlapping(const Edges& q, Hit hit) const {
  stack_.assign(1, root());
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    if (!overlaps(boxes_[n], q)) continue;
    for (int32_t e = nodes_[n].head; e >= 0; e = entries_[e].next) {
      const int32_t id = entries_[e].id;
      if (overlaps(edgesOf(objRect_[id]), q) && !hit(id)) return false;
    }
    if (nodes_[n].children >= 0)
      for (int q4 = 3; q4 >= 0; --q4) stack_.push_back(nodes_[n].children + q4);
  }
  return true;
}

void TutorialTree::beginQuery() {
  if (++query_ == 0) {  // wrapped: forget every old stamp
    std::fill(stamps_.begin(), stamps_.end(), 0);
    query_ = 1;
  }
}

void TutorialTree::search(const Rect& rect, std::vector<int32_t>& out) {
  beginQuery();
  overlapping(edgesOf(rect), [&](int32_t id) {
    if (stamps_[id] != query_) stamps_[id] = query_, out.push_back(id);
    return true;
  });
}

bool TutorialTree::collides(const Rect& rect) const {
  return !overlapping(edgesOf(rect), [](int32_t) { return false; });
}

// Each present id searched in turn; a pair is kept from its smaller id's search.
void TutorialTree::pairs(std::vector<int32_t>& out) {
  for (int32_t a = 0; a < int32_t(objHead_.size()); ++a) {
    if (objHead_[a] < 0) continue;
    beginQuery();
    const bool room = overlapping(edgesOf(objRect_[a]), [&](int32_t b) {
      if (b <= a || stamps_[b] == query_) return true;
      stamps_[b] = query_;
      if (!growTo(out, out.size() + 2)) return false;
      out.push_back(a);
      out.push_back(b);
      return true;
    });
    if (!room) {
      noMemory_ = true;
      return;
    }
  }
}

}  // namespace qt
