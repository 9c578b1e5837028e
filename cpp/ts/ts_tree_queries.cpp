// TsTree's reads: the package's retrieve() and the listings. None allocates but into `out`: the
// walks use stack_, which grows with the nodes, and seen_, which grows with the ids.
#include <vector>

#include "base/memory_guard.h"
#include "ts/ts_tree.h"

namespace qt {

// At each node reached: its own list, then the children the query's mask lists, in ascending
// order, depth first; then the package's Set keeps each object's first occurrence (a stamp per id
// here). The root's own list is read whatever the mask, so a root without children gives all.
bool TsTree::retrieve(const Shape& query, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + size_t(objects_.count))) return false;
  const uint32_t stamp = newStamp();
  stack_.assign(1, root());
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    eachUnseen(n, stamp, [&](int32_t id) {
      out.push_back(id);
      return true;
    });
    const int32_t c = nodes_[size_t(n)].children;
    if (c < 0) continue;
    const unsigned mask = shapeQuadrants(rects_[size_t(n)], query);
    for (int q = 3; q >= 0; --q)
      if (mask >> q & 1u) stack_.push_back(c + q);
  }
  return true;
}

int32_t TsTree::locate(const Shape& query) const {
  int32_t n = root();
  for (;;) {
    const Node& nd = nodes_[size_t(n)];
    if (nd.children < 0) return n;
    if (nd.count > 0) return kNoNode;  // (a node with children and objects: only the package's own
                                       // half-built states, which never run natively)
    const unsigned mask = shapeQuadrants(rects_[size_t(n)], query);
    if (mask == 0 || (mask & (mask - 1)) != 0) return kNoNode;
    n = nd.children + __builtin_ctz(mask);
  }
}

bool TsTree::distinctObjects(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + size_t(nodes_[size_t(node)].count))) return false;
  eachUnseen(node, newStamp(), [&](int32_t id) {
    out.push_back(id);
    return true;
  });
  return true;
}

bool TsTree::nodeObjects(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + size_t(nodes_[size_t(node)].count))) return false;
  entries_.appendIds(nodes_[size_t(node)], out);
  return true;
}

bool TsTree::preorderLists(std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + nodes_.size() + linkCount())) return false;
  entries_.appendPreorder(nodes_, root(), stack_, out, true);
  return true;
}

}  // namespace qt
