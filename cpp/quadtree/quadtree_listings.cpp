// Quadtree's listings: every object below a node (quadtree-js's getAllObjects()) and a leaf's own
// list. Not what a frame loop runs: each QT_COLD, built for size (memory_guard.h).
#include "quadtree/quadtree.h"

#include "base/memory_guard.h"  // QT_COLD

namespace qt {

QT_COLD bool Quadtree::allObjects(int32_t node, std::vector<int32_t>& out) {
  if (!growTo(out, out.size() + idSpan())) return false;
  packIfStale();
  beginQuery(maxObject());
  forEachLeaf(node, [&](int32_t n) {
    const int32_t* ids = packed_.ids.data() + packed_.start[n];
    for (int32_t i = 0; i < nodes_[n].count; ++i)
      if (ids[i] >= 0) out.push_back(ids[i]);
      else if (stampFresh(~ids[i])) out.push_back(~ids[i]);
  });
  return true;
}

QT_COLD bool Quadtree::nodeObjects(int32_t node, std::vector<int32_t>& out) const {
  if (!growTo(out, out.size() + size_t(nodes_[node].count))) return false;
  for (int32_t l = nodes_[node].head; l >= 0; l = links_[l].next)
    out.push_back(entryObject_[links_[l].entry]);
  return true;
}

}  // namespace qt
