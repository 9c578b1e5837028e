// Quadtree's read-only walks that no frame loop runs: the checks and counts for tests and
// debugging, and the node walk for drawing. Each QT_COLD: built for size (memory_guard.h).
#include "quadtree/quadtree.h"

#include "base/memory_guard.h"  // QT_COLD

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace qt {

QT_COLD bool Quadtree::nodeWalk(std::vector<double>& out) const { return walkNodes(out, stack_); }

QT_COLD Stats Quadtree::stats() const {
  Stats s;
  s.entries = int32_t(entryObject_.size());
  for (int32_t e = freeEntry_; e >= 0; e = entryNext_[e]) --s.entries;
  s.objects = objects_.count;
  // Nodes and their depths on the two scratch stacks, which grow with the nodes: no allocation.
  stack_.assign(1, root());
  pending_.assign(1, 0);
  while (!stack_.empty()) {
    const int32_t n = stack_.back(), depth = pending_.back();
    stack_.pop_back();
    pending_.pop_back();
    ++s.nodes;
    if (depth > s.depth) s.depth = depth;
    if (nodes_[n].children >= 0) {
      for (int q = 0; q < 4; ++q) stack_.push_back(nodes_[n].children + q), pending_.push_back(depth + 1);
    } else {
      ++s.leaves;
      s.references += nodes_[n].count;
    }
  }
  return s;
}

QT_COLD bool Quadtree::validate(std::string* why) const {
  std::vector<char> seenLink(links_.size(), 0);
  size_t freeLinks = 0;
  for (int32_t l = freeLink_; l >= 0; l = links_[l].next) {
    if (l >= int32_t(links_.size()) || seenLink[l]) return fail(why, "free link list broken at ", l);
    seenLink[l] = true;
    ++freeLinks;
  }
  if (freeLinks != freeLinks_) return fail(why, "free link count ", int32_t(freeLinks_), " but ", int32_t(freeLinks), " free links");
  // Links per entry, counted up to 65535 (an entry in more leaves is compared at that count).
  std::vector<uint16_t> linksOf(entryObject_.size(), 0);
  const int32_t maxObject = this->maxObject();
  auto leafHolds = [&](int32_t n) {  // a leaf's list, each link once, of live entries
    const Node& nd = nodes_[n];
    if (nd.children >= 0) {
      if (nd.head != -1 || nd.count != 0) return fail(why, "split node ", n, " holds objects");
      return true;
    }
    int32_t count = 0, last = -1;
    for (int32_t l = nd.head; l >= 0; l = links_[l].next) {
      if (l >= int32_t(links_.size()) || seenLink[l]) return fail(why, "leaf ", n, " list broken at link ", l);
      seenLink[l] = true;
      const int32_t e = links_[l].entry;
      if (e < 0 || e >= int32_t(entryObject_.size())) return fail(why, "link ", l, " names no entry");
      if (entryObject_[e] < 0 || entryObject_[e] > maxObject) return fail(why, "entry ", e, " has a bad object id");
      if (entryLeaf_[e] >= 0 && entryLeaf_[e] != n) return fail(why, "entry ", e, " names the wrong leaf");
      if (entryLeaf_[e] == kUnplaced) return fail(why, "entry ", e, " in leaf ", n, " is marked as in none");
      if (linksOf[e] < UINT16_MAX) ++linksOf[e];
      last = l;
      ++count;
    }
    if (count != nd.count) return fail(why, "leaf ", n, " count ", nd.count, " but ", count, " links");
    if (last != nd.tail) return fail(why, "leaf ", n, " tail is not its last link");
    return true;
  };
  if (!validateNodes(why, [](const Rect& r, int q) { return childRect(r, q); }, leafHolds)) return false;
  for (size_t l = 0; l < links_.size(); ++l)
    if (!seenLink[l]) return fail(why, "link ", int32_t(l), " is neither in a leaf nor free");
  if (entryNext_.size() != entryObject_.size() || entryLeaf_.size() != entryObject_.size() ||
      entryHome_.size() != entryObject_.size() || entrySplit_.size() != entryObject_.size())
    return fail(why, "per-entry arrays differ in length");
  std::vector<char> seenEntry(entryObject_.size(), 0);
  for (int32_t e = freeEntry_; e >= 0; e = entryNext_[e]) {
    if (e >= int32_t(entryObject_.size()) || seenEntry[e] || entryObject_[e] != -1)
      return fail(why, "free entry list broken at ", e);
    seenEntry[e] = 1;
  }
  if (objects_.rects.size() != objects_.span()) return fail(why, "per-object arrays differ in length");
  std::vector<int32_t> walk;
  int32_t objects = 0;
  for (int32_t o = 0; o <= maxObject; ++o) {
    if (objects_.first[o] < 0) continue;
    ++objects;
    for (int32_t e = objects_.first[o]; e >= 0; e = entryNext_[e]) {
      if (seenEntry[e] || entryObject_[e] != o) return fail(why, "object ", o, " entry chain broken at ", e);
      seenEntry[e] = 1;
      if (entryLeaf_[e] == kScattered) continue;
      if (e != objects_.first[o]) return fail(why, "entry ", e, " of object ", o, " is an older one but not scattered");
      // Its leaves are exactly those its rect reaches from its home (removal walks them).
      const Rect& r = placedRect(o);
      {
        int32_t reached = 0;
        walk.assign(1, entryHome_[e]);
        while (!walk.empty()) {
          const int32_t n = walk.back();
          walk.pop_back();
          if (nodes_[n].children >= 0) {
            const unsigned mask = childMask(rects_[n], r);
            for (int q = 0; q < 4; ++q)
              if (mask & (1u << q)) walk.push_back(nodes_[n].children + q);
            continue;
          }
          ++reached;
          bool in = false;
          for (int32_t l = nodes_[n].head; l >= 0 && !in; l = links_[l].next) in = links_[l].entry == e;
          if (!in) return fail(why, "entry ", e, " is missing from leaf ", n, " which its rect reaches");
        }
        if (std::min(reached, int32_t(UINT16_MAX)) != linksOf[e]) return fail(why, "entry ", e, " is in leaves its rect does not reach");
      }
      // update() trusts this for a root entry that kept its leaves (NaN edges reach every leaf).
      const int32_t split = entrySplit_[e];
      if (entryHome_[e] != root() || !std::isfinite(r.x + r.w + r.y + r.h)) continue;
      if (split < 0 || split >= int32_t(nodes_.size())) return fail(why, "entry ", e, " split node out of range");
      if (!reach_[split].alone(r)) return fail(why, "entry ", e, " does not reach its split node ", split, " alone");
    }
  }
  if (objects != objects_.count) return fail(why, "object count ", objects_.count, " but ", objects, " objects");
  for (size_t e = 0; e < entryObject_.size(); ++e)
    if (!seenEntry[e]) return fail(why, "entry ", int32_t(e), " belongs to no object and is not free");
  return true;
}

}  // namespace qt
