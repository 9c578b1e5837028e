// Quadtree's read-only walks that no frame loop runs: the checks and counts for tests and
// debugging, and the node walk for drawing. Built for size in the wasm (CMakeLists.txt).
#include "quadtree.h"

#include <cmath>
#include <string>
#include <vector>

namespace qt {

void Quadtree::nodeWalk(std::vector<double>& out) const {
  std::vector<int32_t>& walk = stack_;  // sized with the nodes: no allocation
  walk.assign(1, root());
  while (!walk.empty()) {
    const int32_t n = walk.back();
    walk.pop_back();
    const Rect& r = rects_[n];
    const bool leaf = nodes_[n].children < 0;
    out.insert(out.end(), {levels_[n], r.x, r.y, r.w, r.h, double(nodes_[n].count), leaf ? 1.0 : 0.0});
    if (!leaf)
      for (int q = 3; q >= 0; --q) walk.push_back(nodes_[n].children + q);
  }
}

Stats Quadtree::stats() const {
  Stats s;
  s.entries = int32_t(entryObject_.size());
  for (int32_t e = freeEntry_; e >= 0; e = entryNext_[e]) --s.entries;
  s.objects = objectCount_;
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

bool Quadtree::validate(std::string* why) const {
  if (nodes_.size() != rects_.size() || nodes_.size() != levels_.size() || nodes_.size() != reach_.size())
    return fail(why, "per-node arrays differ in length");

  std::vector<char> seenNode(nodes_.size(), 0), seenLink(links_.size(), 0);
  for (int32_t b : freeBlocks_) {
    if (b < 1 || b + 4 > int32_t(nodes_.size())) return fail(why, "free block ", b, " out of range");
    for (int q = 0; q < 4; ++q) {
      if (seenNode[b + q]) return fail(why, "node ", b + q, " freed twice");
      seenNode[b + q] = 2;
    }
  }
  size_t freeLinks = 0;
  for (int32_t l = freeLink_; l >= 0; l = links_[l].next) {
    if (l >= int32_t(links_.size()) || seenLink[l]) return fail(why, "free link list broken at ", l);
    seenLink[l] = 2;
    ++freeLinks;
  }
  if (freeLinks != freeLinks_) return fail(why, "free link count ", int32_t(freeLinks_), " but ", int32_t(freeLinks), " free links");
  std::vector<int32_t> walk{0}, linksOf(entryObject_.size(), 0);
  while (!walk.empty()) {
    const int32_t n = walk.back();
    walk.pop_back();
    if (seenNode[n]) return fail(why, "node ", n, seenNode[n] == 2 ? " is live and free" : " reached twice");
    seenNode[n] = 1;
    const Node& nd = nodes_[n];
    if (nd.children >= 0) {
      if (nd.children + 4 > int32_t(nodes_.size())) return fail(why, "node ", n, " children out of range");
      if (nd.head != -1 || nd.count != 0) return fail(why, "split node ", n, " holds objects");
      for (int q = 0; q < 4; ++q) {
        const int32_t c = nd.children + q;
        const Rect e = childRect(rects_[n], q), r = rects_[c];
        if (e.x != r.x || e.y != r.y || e.w != r.w || e.h != r.h) return fail(why, "node ", c, " has a wrong rect");
        if (levels_[c] != levels_[n] + 1) return fail(why, "node ", c, " has a wrong level");
        walk.push_back(c);
      }
      continue;
    }
    int32_t count = 0, last = -1;
    for (int32_t l = nd.head; l >= 0; l = links_[l].next) {
      if (l >= int32_t(links_.size()) || seenLink[l]) return fail(why, "leaf ", n, " list broken at link ", l);
      seenLink[l] = 1;
      const int32_t e = links_[l].entry;
      if (e < 0 || e >= int32_t(entryObject_.size())) return fail(why, "link ", l, " names no entry");
      if (entryObject_[e] < 0 || entryObject_[e] > maxObject_) return fail(why, "entry ", e, " has a bad object id");
      if (entryLeaf_[e] >= 0 && entryLeaf_[e] != n) return fail(why, "entry ", e, " names the wrong leaf");
      if (entryLeaf_[e] == kUnplaced) return fail(why, "entry ", e, " in leaf ", n, " is marked as in none");
      ++linksOf[e];
      last = l;
      ++count;
    }
    if (count != nd.count) return fail(why, "leaf ", n, " count ", nd.count, " but ", count, " links");
    if (last != nd.tail) return fail(why, "leaf ", n, " tail is not its last link");
  }
  for (size_t n = 0; n < nodes_.size(); ++n)
    if (!seenNode[n]) return fail(why, "node ", n, " is neither reachable nor free");
  for (size_t l = 0; l < links_.size(); ++l)
    if (!seenLink[l]) return fail(why, "link ", l, " is neither in a leaf nor free");
  if (entryNext_.size() != entryObject_.size() || entryLeaf_.size() != entryObject_.size() ||
      entryHome_.size() != entryObject_.size() || entrySplit_.size() != entryObject_.size())
    return fail(why, "per-entry arrays differ in length");
  std::vector<char> seenEntry(entryObject_.size(), 0);
  for (int32_t e = freeEntry_; e >= 0; e = entryNext_[e]) {
    if (e >= int32_t(entryObject_.size()) || seenEntry[e] || entryObject_[e] != -1)
      return fail(why, "free entry list broken at ", e);
    seenEntry[e] = 1;
  }
  int32_t objects = 0;
  for (int32_t o = 0; o <= maxObject_; ++o) {
    if (objEntries_[o] < 0) continue;
    ++objects;
    for (int32_t e = objEntries_[o]; e >= 0; e = entryNext_[e]) {
      if (seenEntry[e] || entryObject_[e] != o) return fail(why, "object ", o, " entry chain broken at ", e);
      seenEntry[e] = 1;
      if (entryLeaf_[e] == kScattered) continue;
      if (e != objEntries_[o]) return fail(why, "entry ", e, " of object ", o, " is an older one but not scattered");
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
        if (reached != linksOf[e]) return fail(why, "entry ", e, " is in leaves its rect does not reach");
      }
      // update() trusts this for a root entry that kept its leaves (NaN edges reach every leaf).
      const int32_t split = entrySplit_[e];
      if (entryHome_[e] != root() || !std::isfinite(r.x + r.w + r.y + r.h)) continue;
      if (split < 0 || split >= int32_t(nodes_.size())) return fail(why, "entry ", e, " split node out of range");
      if (!reach_[split].alone(r)) return fail(why, "entry ", e, " does not reach its split node ", split, " alone");
    }
  }
  if (objects != objectCount_) return fail(why, "object count ", objectCount_, " but ", objects, " objects");
  for (size_t e = 0; e < entryObject_.size(); ++e)
    if (!seenEntry[e]) return fail(why, "entry ", int32_t(e), " belongs to no object and is not free");
  return true;
}

}  // namespace qt
