// The storage the trees share, written once. The model is box2d v3's b2DynamicTree: records in
// flat arrays addressed by int32 indices (-1 = none), freed records reused, sizes asserted.
// - TreeState: the version every change moves (version.h) and whether a call ran out of heap
//   (every tree, LinearQuadtree too).
// - ObjectTable: per object id, its first entry and its latest rect.
// - NodeTree: the node pool of the trees that split (Quadtree, TutorialTree): a split node owns a
//   block of four contiguous children (0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right),
//   freed blocks are reused, every per-node array grows by one rule; and the accessors, the
//   object table and the check of the pool that both trees use. A tree kind adds its placement
//   rule, its lists and its queries.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "base/abi.h"       // the walk row
#include "base/debug.h"     // fail()
#include "base/geometry.h"  // Rect
#include "base/memory_guard.h"
#include "base/version.h"

namespace qt {

// What a tree kind offers beyond the calls every kind has (session.h): each kind says which in
// its kFeatures, and the session answers kUnsupported (abi.h) for a call needing one it lacks.
enum TreeFeature : unsigned {
  kNodes = 1u << 0,       // nodes the facade addresses: insert at a node, retrieve, locate,
                          // the listings, children, node geometry, clearNode; reset for reuse
  kLeafGrid = 1u << 1,    // leafGrid(): the root's leaves as a grid the facade reads itself
  kPaths = 1u << 2,       // the tutorial tree's pathObjects(), preorder() and refresh(isAlive)
  kMovesLater = 1u << 3,  // moveLater() and settle(): moves re-placed when the leaves are read
  kExactSelf = 1u << 4,   // answers search, collides and pairs itself (else the session's index)
  kRects = 1u << 5,       // objects are rects: inserted in batches, moved and removed by id, and
                          // asked for by the exact queries (search, collides, pairs)
  kShapes = 1u << 6,      // quadtree-ts's rules (ts_tree.h): shapes, a resumable insert, join
  kKept = 1u << 7,        // capacity(): a dropped tree's session is kept for the next tree of its
                          // kind, which its create call resets (boundary.cpp)
};

// What retrieve() gave: new results (kept or not), the answer kept as `kept` (nothing appended),
// or no room (nothing appended).
enum class Answer { kKept, kNew, kNoRoom };

class TreeState {
 public:
  // Whether a call since the last check ran out of heap (memory_guard.h); reading it clears it.
  bool outOfMemory() {
    const bool out = noMemory_;
    noMemory_ = false;
    return out;
  }
  // Bumped by every call that may change what a query answers, never by a query: caches of the
  // answers compare it (version.h).
  uint32_t version() const { return version_.now(); }
  const uint32_t* versionAt() const { return version_.at(); }  // where the facade reads it

 protected:
  // The one funnel every mutation goes through; returns the version before it.
  uint32_t changed() { return version_.bump(); }
  bool noMemory_ = false;

 private:
  Version version_;
};

// How the arrays of a small tree grow. A tree made every frame pays for each round of growth
// (every array of a group is allocated anew and copied), so small trees grow in few, large
// steps: nodes hold the root alone, then full trees two, three and four levels deep (21, 85,
// 341); per-object arrays go 16, 64, 256. Then each grows as every array does (nextCapacity: by
// half, so that a large tree holds little unused room).
inline size_t nodesGrown(size_t needed, size_t cap) {
  return cap >= 341 ? nextCapacity(cap, needed) : std::max(needed, cap == 0 ? 1 : cap < 21 ? 21 : 4 * cap + 1);
}
inline size_t grown(size_t needed, size_t cap) {
  return cap >= 256 ? nextCapacity(cap, needed) : std::max({needed, 4 * cap, size_t(16)});
}

struct ObjectTable {
  std::vector<int32_t> first;  // per id: its first entry, or -1 when absent
  std::vector<Rect> rects;     // per id: its latest rect (an absent id's means nothing; see TsTree::keep())
  int32_t count = 0;           // ids present

  size_t span() const { return first.size(); }  // ids below this have entries in both arrays
  bool contains(int32_t id) const { return id >= 0 && size_t(id) < first.size() && first[size_t(id)] >= 0; }
  // Room for ids up to `id`: `more(cap)` grows the tree's own per-id arrays first (`first`, whose
  // capacity this checks, last). False: no room, nothing changed.
  template <class More>
  bool room(int32_t id, More more) {
    if (size_t(id) < first.capacity()) return true;
    const size_t cap = grown(size_t(id) + 1, first.capacity());
    return more(cap) && growTo(rects, cap) && growTo(first, cap);
  }
  // The arrays' size, up to `id` (room made first).
  void cover(int32_t id) {
    if (size_t(id) < first.size()) return;
    first.resize(size_t(id) + 1, -1);
    rects.resize(size_t(id) + 1);
  }
  void clear() {
    first.clear();
    rects.clear();
    count = 0;
  }
};

struct Node {        // 16 bytes
  int32_t children;  // first of four contiguous children, or -1 for a leaf
  int32_t head;      // the node's list: its first and last element, or -1
  int32_t tail;
  int32_t count;     // elements in the list; kFreeNode in a node of a free block
};
static_assert(sizeof(Node) == 16, "a node is four int32s");
constexpr int32_t kFreeNode = -1;
constexpr Node kEmptyNode{-1, -1, -1, 0};

// `Reach` is the tree's rule for which rects its descent sends to a node (geometry.h's Reach or
// TutorialReach): a node's is its parent's `.child(parentRect, quadrant)`. `Tree` is the tree
// itself, whose `growNodeScratch(cap)` grows its own arrays sized by the nodes (it befriends
// this class).
template <class Reach, class Tree>
class NodeTree : public TreeState {
 public:
  int32_t root() const { return 0; }
  int32_t children(int32_t node) const { return nodes_[size_t(node)].children; }
  const Rect& nodeRect(int32_t node) const { return rects_[size_t(node)]; }
  double nodeLevel(int32_t node) const { return levels_[size_t(node)]; }
  bool isNode(int32_t node) const {  // a live node index
    return node >= 0 && size_t(node) < nodes_.size() && nodes_[size_t(node)].count != kFreeNode;
  }
  size_t nodeCount() const { return nodes_.size(); }

  bool contains(int32_t id) const { return objects_.contains(id); }
  int32_t size() const { return objects_.count; }  // distinct ids stored
  size_t idSpan() const { return objects_.span(); }
  // Per id below idSpan(): its first entry, or -1 when absent (what contains() reads).
  const int32_t* firstEntries() const { return objects_.first.data(); }
  // Every id's latest rect, for reading in bulk (absent ids' entries mean nothing).
  const Rect* rectTable() const { return objects_.rects.data(); }
  size_t rectTableSize() const { return objects_.rects.size(); }
  const Rect& objectRect(int32_t id) const { return objects_.rects[size_t(id)]; }
  const ObjectTable& objects() const { return objects_; }

 protected:
  // The root, made by the tree's constructor, and the options every splitting tree has.
  // Per-object arrays grow with the first insert. False (and outOfMemory()): no room for the
  // root's arrays, and no root: such a tree is only to be dropped, as its session does
  // (boundary.cpp).
  bool plantRoot(const Rect& bounds, double level, double maxObjects, double maxLevels) {
    maxObjects_ = maxObjects;
    maxLevels_ = maxLevels;
    if (!roomForNodes(1)) return !(noMemory_ = true);
    nodes_.push_back(kEmptyNode);
    rects_.push_back(bounds);
    reach_.push_back(Reach::everywhere());
    levels_.push_back(level);
    return true;
  }
  // Tree::insert(root(), id, rect) for objects first..count of a batch (ids, and rects as four
  // numbers each), in order: how many were stored (count unless the heap ran out).
  int32_t insertEach(int32_t first, const int32_t* ids, const double* rects, int32_t count) {
    for (int32_t i = first; i < count; ++i) {
      const double* r = rects + 4 * size_t(i);
      static_cast<Tree*>(this)->insert(root(), ids[i], {r[0], r[1], r[2], r[3]});
      if (outOfMemory()) return i;
    }
    return count;
  }

  // Room for `extra` more nodes: the tree's own arrays sized by the nodes grow first
  // (Tree::growNodeScratch), then the pool's, nodes_ (whose capacity the check reads) last, so
  // that a failure half way leaves its capacity within every other's. False: no room, nothing
  // changed.
  bool roomForNodes(size_t extra) {
    if (nodes_.size() + extra <= nodes_.capacity()) return true;
    const size_t cap = nodesGrown(nodes_.size() + extra, nodes_.capacity());
    return static_cast<Tree*>(this)->growNodeScratch(cap) && growTo(rects_, cap) && growTo(reach_, cap) &&
           growTo(levels_, cap) && growTo(freeBlocks_, cap / 4 + 1) && growTo(nodes_, cap);
  }
  // Room for the block a split takes: none when a freed one waits.
  bool roomForBlock() { return !freeBlocks_.empty() || roomForNodes(4); }
  // Makes `leaf` a node with four empty leaves (room made first): a freed block, or four nodes
  // more. Each child gets `childRect(rect, q)`, the level below and its reach. Returns the first
  // child; the node keeps its own list (a tree whose split nodes hold none empties it).
  template <class ChildRect>
  int32_t addChildren(int32_t leaf, ChildRect childRect) {
    int32_t first;
    if (!freeBlocks_.empty()) {
      first = freeBlocks_.back();
      freeBlocks_.pop_back();
    } else {
      first = int32_t(nodes_.size());
      const size_t n = nodes_.size() + 4;
      nodes_.resize(n), rects_.resize(n), reach_.resize(n), levels_.resize(n);
    }
    const Rect parent = rects_[size_t(leaf)];
    for (int q = 0; q < 4; ++q) {
      const size_t c = size_t(first + q);
      nodes_[c] = kEmptyNode;
      rects_[c] = childRect(parent, q);
      levels_[c] = levels_[size_t(leaf)] + 1;
      reach_[c] = reach_[size_t(leaf)].child(parent, q);
    }
    nodes_[size_t(leaf)].children = first;
    return first;
  }
  // Returns the block starting at `first` to the pool (room: a block per four nodes).
  void freeBlock(int32_t first) {
    for (int q = 0; q < 4; ++q) nodes_[size_t(first + q)].count = kFreeNode;
    freeBlocks_.push_back(first);
  }
  // Frees every node below `node`, which becomes an empty leaf. `each(n)` sees each node of the
  // subtree, `node` first, before its record goes (to free what its list holds). `stack` has
  // room for every node.
  template <class Each>
  void freeSubtree(int32_t node, std::vector<int32_t>& stack, Each each) {
    stack.assign(1, node);
    while (!stack.empty()) {
      const int32_t n = stack.back();
      stack.pop_back();
      each(n);
      Node& nd = nodes_[size_t(n)];
      if (nd.children >= 0) {
        for (int q = 0; q < 4; ++q) stack.push_back(nd.children + q);
        freeBlocks_.push_back(nd.children);
      }
      nd = kEmptyNode;
      if (n != node) nd.count = kFreeNode;
    }
  }
  // The root alone again, empty, with its rect and level; capacity kept.
  void clearNodes() {
    nodes_.resize(1), rects_.resize(1), reach_.resize(1), levels_.resize(1);
    nodes_[0] = kEmptyNode;
    freeBlocks_.clear();
  }
  // As new, capacity kept: Tree::clear(), then the root's rect and level and the options.
  void resetTree(const Rect& bounds, double level, double maxObjects, double maxLevels) {
    static_cast<Tree*>(this)->clear();
    maxObjects_ = maxObjects;
    maxLevels_ = maxLevels;
    rects_[0] = bounds;  // (the root's reach is unbounded, as built)
    levels_[0] = level;
    noMemory_ = false;
  }

  // f(n) for `node` and each node below it, depth first, the children pushed 0..3 (so 3 comes
  // first); false as soon as f is. `stack` has room for every node.
  template <class F>
  bool eachBelow(int32_t node, std::vector<int32_t>& stack, F f) const {
    stack.assign(1, node);
    while (!stack.empty()) {
      const int32_t n = stack.back();
      stack.pop_back();
      if (!f(n)) return false;
      const int32_t c = nodes_[size_t(n)].children;
      if (c >= 0)
        for (int q = 0; q < 4; ++q) stack.push_back(c + q);
    }
    return true;
  }

  // stats() of a tree whose lists hold `entries` entries, one reference each: the nodes, leaves
  // and depth (the deepest `depthOf(node)`). `stack` has room for every node.
  template <class DepthOf>
  Stats nodeStats(int32_t entries, std::vector<int32_t>& stack, DepthOf depthOf) const {
    Stats s;
    s.references = s.entries = entries;
    s.objects = objects_.count;
    eachBelow(root(), stack, [&](int32_t n) {
      ++s.nodes;
      s.depth = std::max(s.depth, depthOf(n));
      s.leaves += nodes_[size_t(n)].children < 0;
      return true;
    });
    return s;
  }

  // Appends a walk row (abi.h's QT_WALK_ROW; its tag: `tag(n)`) for every node, depth-first in
  // child order. False: no room in `out`. `stack` has room for every node.
  bool walkNodes(std::vector<double>& out, std::vector<int32_t>& stack) const {
    return walkNodes(out, stack, [this](int32_t n) { return double(nodes_[size_t(n)].count); });
  }
  template <class Tag>
  bool walkNodes(std::vector<double>& out, std::vector<int32_t>& stack, Tag tag) const {
    if (!growTo(out, out.size() + kWalkRow * nodes_.size())) return false;
    stack.assign(1, root());
    while (!stack.empty()) {
      const int32_t n = stack.back();
      stack.pop_back();
      const Rect& r = rects_[size_t(n)];
      const int32_t c = nodes_[size_t(n)].children;
      static_assert(walk::level == 0 && walk::x == 1 && walk::y == 2 && walk::width == 3 && walk::height == 4 &&
                        walk::tag == 5 && walk::leaf == 6 && kWalkRow == 7,
                    "the row below is in QT_WALK_ROW's order");
      const double row[kWalkRow] = {levels_[size_t(n)], r.x, r.y, r.w, r.h, tag(n), c < 0 ? 1.0 : 0.0};
      out.insert(out.end(), row, row + kWalkRow);
      if (c >= 0)
        for (int q = 3; q >= 0; --q) stack.push_back(c + q);
    }
    return true;
  }

  // The pool's invariants: free blocks in range and each node freed once; every live node reached
  // once from the root, its children in range with the rect `childRect(rect, q)` gives, the level
  // below and the reach its own gives them; nothing else left. `check(n)` checks each live node
  // as the tree's own rules require (it says why and returns false on failure).
  template <class ChildRect, class Check>
  bool validateNodes(std::string* why, ChildRect childRect, Check check) const {
    const size_t count = nodes_.size();
    if (rects_.size() != count || levels_.size() != count || reach_.size() != count)
      return fail(why, "per-node arrays differ in length");
    std::vector<char> seen(count, 0);  // 1: live, 2: free
    for (int32_t b : freeBlocks_) {
      if (b < 1 || size_t(b) + 4 > count) return fail(why, "free block ", b, " out of range");
      for (int q = 0; q < 4; ++q) {
        if (seen[size_t(b + q)] || nodes_[size_t(b + q)].count != kFreeNode)
          return fail(why, "free node ", b + q, " freed twice or not marked free");
        seen[size_t(b + q)] = 2;
      }
    }
    std::vector<int32_t> walk{root()};
    while (!walk.empty()) {
      const int32_t n = walk.back();
      walk.pop_back();
      if (seen[size_t(n)]) return fail(why, "node ", n, seen[size_t(n)] == 2 ? " is live and free" : " reached twice");
      seen[size_t(n)] = 1;
      if (nodes_[size_t(n)].count == kFreeNode) return fail(why, "live node ", n, " is marked free");
      const int32_t c = nodes_[size_t(n)].children;
      if (c >= 0) {
        if (size_t(c) + 4 > count) return fail(why, "node ", n, " children out of range");
        for (int q = 0; q < 4; ++q) {
          const size_t k = size_t(c + q);
          const Rect e = childRect(rects_[size_t(n)], q), r = rects_[k];
          if (!(same(e.x, r.x) && same(e.y, r.y) && same(e.w, r.w) && same(e.h, r.h)))
            return fail(why, "node ", c + q, " has a wrong rect");
          if (!same(levels_[k], levels_[size_t(n)] + 1)) return fail(why, "node ", c + q, " has a wrong level");
          const Reach want = reach_[size_t(n)].child(rects_[size_t(n)], q), got = reach_[k];
          if (!(same(want.lowX, got.lowX) && same(want.highX, got.highX) && same(want.lowY, got.lowY) &&
                same(want.highY, got.highY)))
            return fail(why, "node ", c + q, " has a wrong reach");
          walk.push_back(c + q);
        }
      }
      if (!check(n)) return false;
    }
    for (size_t n = 0; n < count; ++n)
      if (!seen[n]) return fail(why, "node ", int32_t(n), " is neither reachable nor free");
    return true;
  }

  // Per node.
  std::vector<Node> nodes_;
  std::vector<Rect> rects_;
  std::vector<Reach> reach_;    // the rects the root's descent sends here
  std::vector<double> levels_;  // as the original counts them (parent + 1), a JavaScript number
  std::vector<int32_t> freeBlocks_;  // first index of each free block of four nodes
  ObjectTable objects_;
  double maxObjects_ = 0, maxLevels_ = 0;  // the tree's options, as the original reads them

 private:
  static bool same(double a, double b) { return a == b || (a != a && b != b); }  // NaN is itself here
};

}  // namespace qt
