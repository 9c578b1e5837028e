// Quadtree::pack(): the packed copy of the leaves (packed_leaves.h), rebuilt by the first query
// after a change. Not QT_COLD: a clear-and-reinsert frame pays for it once per frame.
#include "quadtree/quadtree.h"

namespace qt {

void Quadtree::pack() {
  packed_.start.resize(nodes_.size());
  packed_.repeats.assign(nodes_.size(), 0);
  packed_.ids.clear();
  forEachLeaf(root(), [&](int32_t n) {  // depth-first, so neighbouring leaves sit together
    packed_.start[n] = int32_t(packed_.ids.size());
    bool fresh = false;  // a stamp scope begun for this leaf
    for (int32_t l = nodes_[n].head; l >= 0; l = links_[l].next) {
      const int32_t e = links_[l].entry, object = entryObject_[e];
      const bool once = entryLeaf_[e] >= 0 && objects_.first[object] == e && entryNext_[e] < 0;
      packed_.ids.push_back(once ? object : ~object);
      if (objects_.first[object] == e && entryNext_[e] < 0) continue;  // one entry: once per leaf
      if (!fresh) beginQuery(maxObject()), fresh = true;
      if (!stampFresh(object)) packed_.repeats[n] = 1;
    }
  });
  packed_.builtAt = version();
}

}  // namespace qt
