// A region quadtree over flat arrays that reproduces @timohausmann/quadtree-js 1.2.6.
//
// Nodes live in one pool and are addressed by int32 indices (-1 = none); a split node owns a block
// of four contiguous children in quadtree-js order (0 top-right, 1 top-left, 2 bottom-left,
// 3 bottom-right). Objects are identified by caller-chosen int32 ids; every insert stores one
// entry (id + rect as given), and leaves hold singly linked lists of links to entries, in insertion
// order. Nothing here recurses, and clear() keeps every array's capacity, so a clear-and-reinsert
// frame allocates nothing once the arrays have grown.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace qt {

struct Rect {  // 32 bytes; doubles so every comparison matches JavaScript's
  double x, y, w, h;
};

// Which children of a node with rect `node` a rect reaches, as a 4-bit mask (bit i = child i).
// quadtree-js's strict midline comparisons, plus one rule of ours: a rect that lies exactly on a
// midline (neither side chosen) reaches both sides, where quadtree-js would drop it.
unsigned childMask(const Rect& node, const Rect& r);

// The rect of child `quadrant` (0..3) of a node, computed exactly as quadtree-js's split().
Rect childRect(const Rect& node, int quadrant);

struct Node {        // 16 bytes
  int32_t children;  // first of four contiguous children, or -1 for a leaf
  int32_t head;      // first link of a leaf's list, or -1
  int32_t tail;      // last link, for appending in insertion order
  int32_t count;     // links in the list
};

struct Link {  // 8 bytes
  int32_t entry;
  int32_t next;  // next link in the leaf, or in the free list
};

struct Stats {
  int32_t nodes = 0, leaves = 0, depth = 0, links = 0, entries = 0;
};

class Quadtree {
 public:
  // maxObjects, maxLevels and level are quadtree-js's numbers after its `||` defaults; they stay
  // doubles because quadtree-js compares them as JavaScript numbers.
  Quadtree(Rect bounds, double maxObjects, double maxLevels, double level);

  // Stores `object` with `rect` in every leaf below `node` that the rect reaches, splitting leaves
  // that overflow exactly as quadtree-js does.
  void insert(int32_t node, int32_t object, const Rect& rect);

  // Appends to `out` the objects of every leaf below `node` that `rect` reaches, depth-first in
  // child order and insertion order inside a leaf; with `dedup`, each id once (first occurrence).
  void retrieve(int32_t node, const Rect& rect, bool dedup, std::vector<int32_t>& out);

  // Appends every distinct object below `node`, in the same depth-first order.
  void allObjects(int32_t node, std::vector<int32_t>& out);

  // Appends the ids in a leaf's own list (empty for a split node).
  void nodeObjects(int32_t node, std::vector<int32_t>& out) const;

  // Empties the whole tree; capacity is kept.
  void clear();
  // Empties the subtree at `node`, which becomes a leaf again (quadtree-js's clear() on a subnode).
  void clearNode(int32_t node);

  int32_t root() const { return 0; }
  int32_t children(int32_t node) const { return nodes_[node].children; }
  const Rect& nodeRect(int32_t node) const { return rects_[node]; }
  double nodeLevel(int32_t node) const { return levels_[node]; }
  bool isNode(int32_t node) const;  // a live node index

  Stats stats() const;
  // Checks every invariant; on failure returns false and says which in `why`.
  bool validate(std::string* why = nullptr) const;

 private:
  int32_t allocChildren();  // a block of four leaves
  int32_t allocLink(int32_t entry);
  void appendToLeaf(int32_t leaf, int32_t entry);
  void splitOverflowing(int32_t leaf);
  bool overflows(int32_t leaf) const;
  void freeSubtree(int32_t node);  // returns descendants' blocks and every link below to the pools
  bool stampFresh(int32_t object);  // dedup: first time this query sees `object`
  void beginQuery(int32_t maxObject);

  double maxObjects_, maxLevels_;
  std::vector<Node> nodes_;
  std::vector<Rect> rects_;      // per node
  std::vector<double> levels_;   // per node, as quadtree-js counts them (parent + 1)
  std::vector<int32_t> freeBlocks_;  // first index of each free block of four nodes
  std::vector<Link> links_;
  int32_t freeLink_ = -1;
  std::vector<int32_t> entryObject_;  // per entry
  std::vector<Rect> entryRect_;       // per entry, the rect at insert time
  int32_t maxObject_ = -1;
  std::vector<uint32_t> stamps_;  // per object id: the last query that saw it
  uint32_t query_ = 0;
  std::vector<int32_t> stack_;    // scratch for walks
  std::vector<int32_t> pending_;  // leaves an insert overfilled
};

}  // namespace qt
