// A region quadtree over flat arrays that reproduces @timohausmann/quadtree-js 1.2.6.
//
// Object ids are the caller's: int32 >= 0, dense (per-id arrays grow to the largest).
// Nodes live in the shared pool (node_tree.h: four-child blocks in quadtree-js order, 0
// top-right, 1 top-left, 2 bottom-left, 3 bottom-right). Every insert stores one entry of its
// object, which keeps no rect of its own (see entryLeaf_ below), and leaves hold singly linked
// lists of links to entries, in insertion order. Nothing here recurses, and clear() keeps every
// array's capacity, so a clear-and-reinsert frame allocates nothing once the arrays have grown.
//
// One class, a file per job: quadtree.cpp the storage, insert and split, remove, update and
// clear; quadtree_batch.cpp insertBatch(); packed_leaves.cpp the packed copy queries read;
// leaf_grid.cpp leafGrid(); quadtree_queries.cpp retrieve() and locate(); answer_cache.cpp the
// kept answers of multi-leaf queries; quadtree_listings.cpp allObjects() and nodeObjects();
// quadtree_debug.cpp nodeWalk(), stats() and validate(). The geometry is geometry.h's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "base/abi.h"       // kNoNode
#include "base/debug.h"     // qt::Stats
#include "quadtree/answer_cache.h"
#include "base/geometry.h"  // qt::Rect, overlaps(), childMask(), childRect(), Reach
#include "storage/node_tree.h"
#include "quadtree/packed_leaves.h"

namespace qt {

// A leaf's list (Node's head, tail, count) is of links; a split node's is empty.
struct Link {  // 8 bytes
  int32_t entry;
  int32_t next;  // next link in the leaf, or in the free list
};
static_assert(sizeof(Link) == 8, "a link is two int32s");

class Quadtree : public NodeTree<Reach, Quadtree> {
  friend class NodeTree<Reach, Quadtree>;  // (its roomForNodes() calls growNodeScratch())
 public:
  static constexpr unsigned kFeatures = kRects | kNodes | kLeafGrid | kMovesLater | kKept;  // (node_tree.h)

  // maxObjects, maxLevels and level are quadtree-js's numbers after its `||` defaults; they stay
  // doubles because quadtree-js compares them as JavaScript numbers.
  Quadtree(Rect bounds, double maxObjects, double maxLevels, double level);

  // Stores `object` with `rect` in every leaf below `node` that the rect reaches, splitting leaves
  // that overflow exactly as quadtree-js does.
  void insert(int32_t node, int32_t object, const Rect& rect);
  // A hint before `inserts` inserts of ids up to `maxId`: room for them in one step each (a tree
  // filled in one go then holds about what it needs, not what growth by steps leaves). Nothing
  // happens where there is no room: the inserts then grow the arrays themselves.
  void reserve(int32_t inserts, int32_t maxId);
  // insert() at the root of `count` objects in order (ids[i] at rects[4i..4i+3]), in one pass
  // down the tree instead of a descent each (quadtree_batch.cpp). Returns how many it stored, a
  // prefix: it stops before an id that is in the tree or came earlier in the batch, and stores
  // none while objects wait to be re-placed or when out of memory. The caller insert()s the rest.
  int32_t insertBatch(const int32_t* ids, const double* rects, int32_t count);
  // insert() at the root of `count` objects in order: insertBatch(), then one by one. Returns how
  // many it stored: fewer when out of memory (the rest are not in the tree).
  int32_t insertAll(const int32_t* ids, const double* rects, int32_t count);

  // Out of memory (outOfMemory(), node_tree.h), a call stored nothing new: insert() and
  // update() leave every object where it was (a split that went through stays: a leaf may be
  // split where quadtree-js's would not be). Queries and remove() allocate nothing but
  // retrieve()'s output and answer slots: the arrays they use grow with the arrays they are
  // sized by, so a full heap leaves the tree usable.

  // Upper bounds for a caller's output arrays: retrieve() and nodeObjects() give at most
  // linkCount() ids, allObjects() at most idSpan(); nodeWalk() kWalkRow numbers a node.
  size_t linkCount() const { return links_.size(); }
  // Bytes validate() allocates for its checks: a flag a node and a link, a count and a flag an
  // entry (and its walks' stacks, a few hundred bytes).
  size_t validateBytes() const { return nodes_.size() + links_.size() + entryObject_.size() * 3 + 4096; }

  using Answer = qt::Answer;
  // Appends to `out` the objects of every leaf below `node` that `rect` reaches, depth-first in
  // child order and insertion order inside a leaf; with `dedup`, duplicates are dropped as
  // quadtree-js drops them (first occurrence kept, within each subtree whose level is 0). Grows
  // `out` to what it appends (kNoRoom: no room, nothing appended).
  // With `kept`, from the root with `dedup`, for a caller that keeps answers by number
  // (answer_cache.h: rects reaching the same 2 to AnswerCache::kMaxLeaves leaves share one):
  // kKept, the answer is the one kept as `kept`, nothing appended; kNew, appended, to be kept as
  // `kept` (-1: not to be kept, as always elsewhere).
  Answer retrieve(int32_t node, const Rect& rect, bool dedup, std::vector<int32_t>& out, int32_t* kept = nullptr) {
    if (kept) *kept = -1;
    return retrieveKeeping(node, rect, dedup, out, node == root() && dedup ? kept : nullptr);
  }
  Answer retrieveRoot(const Rect& rect, std::vector<int32_t>& out, int32_t& kept) {
    return retrieve(root(), rect, true, out, &kept);
  }

  // The leaf whose own list is exactly what retrieve() would return for `rect` (the rect reaches
  // that one leaf, and de-duplication removes nothing from it), or -1. Lets a caller reuse what
  // it built from that leaf's list before.
  int32_t locate(int32_t node, const Rect& rect, bool dedup);

  // The root's leaves laid out as a uniform grid, so that a caller can find the one leaf a rect
  // reaches without walking the tree (the facade's retrieve() does it in JavaScript, without a
  // call into WebAssembly). Valid until the tree changes; never allocates. A point's cell is
  // floor((px - x) * scaleX) (the same in y), clamped to the grid: a hint, which the bounds
  // confirm. `cells` (side x side, row-major) holds the leaf covering each cell when that leaf's
  // list is what locate(root, rect, true) answers, else kAskLocate (the cell spans several leaves,
  // or the leaf's list needs de-duplication: ask locate()). `bounds` holds four numbers per cell, for
  // the cell's leaf: a rect reaches that leaf and no other exactly when x >= b[0] &&
  // x + w > b[0] && x < b[1] && x + w <= b[1], and the same in y with b[2] and b[3] (the
  // midlines of its ancestors that it lies east, west, south and north of; +-infinity if none).
  struct LeafGrid {
    const int32_t* cells;
    const double* bounds;
    int32_t side;
    double x, y, scaleX, scaleY;
  };
  LeafGrid leafGrid();

  // Appends every distinct object below `node`, in the same depth-first order. False: no room in
  // `out` (nothing appended).
  bool allObjects(int32_t node, std::vector<int32_t>& out);
  // Appends the ids in a leaf's own list (empty for a split node); false: no room.
  bool nodeObjects(int32_t node, std::vector<int32_t>& out) const;

  // Beyond quadtree-js. An object's rect (rectTable(), objectRect()) is the one it was last
  // inserted or updated with (the session's exact index reads it from here).

  // Drops every stored entry of `object`, wherever its coordinates are now. False if absent.
  bool remove(int32_t object);
  // Re-places `object` at `rect`: in place when it reaches the same leaves as before, otherwise
  // removed and inserted at the root. Returns whether it moved to other leaves. An absent object is
  // inserted.
  bool update(int32_t object, const Rect& rect);
  // update(), later: sets present `object`'s latest rect now and leaves re-placing it to
  // settle(), so that frames of moves answered by exact queries alone (the session's index
  // answers those) never re-place anything. The version moves on when the first object starts
  // waiting. False: no room to remember it (nothing changed).
  bool moveLater(int32_t object, const Rect& rect);
  // Re-places each waiting object once, at its latest rect, as update() does, in the order they
  // started waiting. Every call that reads or changes the leaves needs it first (the session
  // makes sure). False: out of memory (the objects not re-placed keep waiting).
  bool settle();
  bool settled() const { return waiting_.empty(); }
  // Appends (level, x, y, width, height, own objects, is leaf) for every node, depth-first
  // (node_tree.h); false: no room.
  bool nodeWalk(std::vector<double>& out) const;

  // Empties the whole tree; capacity is kept.
  void clear();
  // Empties it and gives it these numbers, as if it were built anew but for the arrays' capacity,
  // which it keeps (a session reused for another tree).
  void reset(Rect bounds, double maxObjects, double maxLevels, double level);
  // The largest capacity of its groups of arrays (nodes, links, entries, object ids): what it keeps.
  size_t capacity() const {
    return std::max({nodes_.capacity(), links_.capacity(), entryObject_.capacity(), objects_.first.capacity()});
  }
  // Empties the subtree at `node`, which becomes a leaf again (quadtree-js's clear() on a subnode).
  void clearNode(int32_t node);

  // The version (node_tree.h) moves with insert, remove, clear, clearNode and an update that
  // moves an object to other leaves; not with one that keeps it in its leaves, since no query
  // here reads rects.

  Stats stats() const;
  // Checks every invariant; on failure returns false and says which in `why`.
  bool validate(std::string* why = nullptr) const;

 private:
  // Each array grows only here, with the arrays sized by it (their capacity never lags behind
  // its own, so a capacity check of the first one covers them all); false: no room, no change.
  bool roomForLinks(size_t extra) {  // freed links are reused first
    return links_.size() + extra <= links_.capacity() + freeLinks_ || growLinks(extra);
  }
  bool roomForEntries(size_t extra) {
    return entryObject_.size() + extra <= entryObject_.capacity() || growEntries(extra);
  }
  bool roomForObject(int32_t object) {
    return objects_.room(object, [](size_t cap) { return growTo(stamps_, cap); });
  }
  bool growNodeScratch(size_t cap);  // the scratch and the packed copy, for `cap` nodes
  bool growLinks(size_t extra);    // and the packed copy
  bool growEntries(size_t extra);  // and where each entry was packed

  // Insert and split (quadtree.cpp).
  size_t countReached(int32_t node, const Rect& rect);  // leaves an insert of `rect` reaches
  bool place(int32_t node, int32_t object, const Rect& rect);  // insert(); false: out of memory
  bool splitOverflowing(int32_t leaf);  // false: out of memory, some leaves left unsplit
  // Makes `leaf` a node with four empty leaves, its list forgotten (the caller re-places what it
  // held); false: no room for the nodes (nothing changed).
  bool splitNode(int32_t leaf);
  int32_t allocLink(int32_t entry);
  int32_t allocEntry(int32_t object);
  void appendToLeaf(int32_t leaf, int32_t entry);
  // Whether `leaf` splits holding `count` links (by default the ones it holds).
  bool overflows(int32_t leaf, int32_t count) const;
  bool overflows(int32_t leaf) const { return overflows(leaf, nodes_[leaf].count); }
  // Remove and update (quadtree.cpp).
  // Unlinks (as unlinkEntry()) and frees one entry of `object`.
  void dropEntry(int32_t object, int32_t entry, const Rect& placed);
  // The rect a split re-places `entry` of `object` by: its placedRect(), but while place() puts a
  // new entry of the object, that one's rect for it and the rect they were placed for for the
  // others (and for the old ones update() is about to drop).
  const Rect& splitRect(int32_t object, int32_t entry) const {
    if (object != moving_) return placedRect(object);
    return entry == movingEntry_ ? movingTo_ : movingFrom_;
  }
  int32_t moving_ = -1, movingEntry_ = -1;
  Rect movingFrom_{0, 0, 0, 0}, movingTo_{0, 0, 0, 0};
  // Removes the entry's links from every leaf: those `placed` reaches from its home, or every leaf
  // below its home if it is scattered.
  void unlinkEntry(int32_t entry, const Rect& placed);
  bool unlinkFrom(int32_t leaf, int32_t entry);
  // Whether b reaches the leaves of the entry, which were placed for `a`.
  bool sameLeaves(int32_t entry, const Rect& a, const Rect& b);
  static bool strictlyInside(const Rect& r, const Rect& leaf);

  // A depth-first walk's stack, on walk_: sized for every node by growNodes() (a walk pushes at
  // most three more nodes than it pops) and written by index, so no vector growth path is inlined
  // at each push (they were 6 KB of the wasm). Read through walk_ itself: a split during the
  // walk may grow it. One walk at a time.
  class Walk {
   public:
    explicit Walk(int32_t from) { walk_[0] = from; }
    bool more() const { return top_ > 0; }
    int32_t next() { return walk_[size_t(--top_)]; }
    void push(int32_t n) { walk_[size_t(top_++)] = n; }

   private:
    int32_t top_ = 1;
  };

  // The node where `rect`'s descent from `node` stops reaching a single child (a leaf, or the
  // first node it spreads over): every leaf it reaches is below it.
  int32_t deepestAlone(int32_t node, const Rect& rect) const {
    while (nodes_[node].children >= 0) {
      const unsigned mask = childMask(rects_[node], rect);
      if (mask & (mask - 1)) break;
      node = nodes_[node].children + __builtin_ctz(mask);
    }
    return node;
  }
  // Calls visit(n) for every leaf below `node` that `rect` reaches, in quadtree-js's order, until
  // visit returns false.
  template <class Visit>
  void forLeaves(int32_t node, const Rect& rect, Visit visit) {
    // The single-child path first, without the stack (as in place()).
    for (Walk walk(deepestAlone(node, rect)); walk.more();) {
      const int32_t n = walk.next();
      const Node& nd = nodes_[n];
      if (nd.children < 0) {
        if (!visit(n)) return;
        continue;
      }
      const unsigned mask = childMask(rects_[n], rect);
      for (int q = 3; q >= 0; --q)
        if (mask & (1u << q)) walk.push(nd.children + q);
    }
  }
  // Calls visit(leaf) for every leaf below `node`, depth-first in child order (visit must not
  // walk).
  template <class Visit>
  void forEachLeaf(int32_t node, Visit visit) {
    for (Walk walk(node); walk.more();) {
      const int32_t n = walk.next(), children = nodes_[n].children;
      if (children < 0) visit(n);
      else for (int q = 3; q >= 0; --q) walk.push(children + q);
    }
  }

  // retrieve(), keeping answers when `kept` is given.
  Answer retrieveKeeping(int32_t node, const Rect& rect, bool dedup, std::vector<int32_t>& out, int32_t* kept);

  // De-duplication: a query stamps each object it reports with its number.
  void beginQuery(int32_t maxObject) {
    if (int32_t(stamps_.size()) <= maxObject) stamps_.resize(size_t(maxObject) + 1, 0);
    if (++query_ == 0) {  // wrapped: forget every old stamp
      std::fill(stamps_.begin(), stamps_.end(), 0);
      query_ = 1;
    }
  }
  bool stampFresh(int32_t object) {  // first time this query sees `object`
    if (stamps_[object] == query_) return false;
    stamps_[object] = query_;
    return true;
  }

  // The packed copy (packed_leaves.cpp) and the leaf grid (leaf_grid.cpp).
  void pack();
  void packIfStale() {
    if (!packed_.current(version())) pack();
  }
  void buildGrid();
  // Whether a leaf's own list is the answer to a query from `node` that reaches only it.
  bool listAnswers(int32_t node, int32_t leaf, bool dedup) const;

  // Per node (node_tree.h): reach_ holds the bounds within which a rect reaches it alone from
  // the root.
  std::vector<Link> links_;
  int32_t freeLink_ = -1;
  size_t freeLinks_ = 0;  // on that list
  // Per entry: one insert of an object. No rect of its own: an entry's leaves are the ones its
  // object's placedRect() reaches from its home (a split re-places an entry by that rect, as
  // quadtree-js re-reads the object's fields), unless it is scattered.
  std::vector<int32_t> entryObject_;  // -1 when free
  std::vector<int32_t> entryNext_;    // next entry of the same object, or in the free list
  std::vector<int32_t> entryLeaf_;    // the single leaf holding it, -1 (several), or kScattered
  // Its leaves are not those a rect reaches: some were cleared by clearNode(), or it was placed
  // for a rect its object no longer has (the object was inserted again). Removal searches every
  // leaf below its home for it.
  static constexpr int32_t kScattered = -2;
  static constexpr int32_t kUnplaced = -3;  // insertBatch(): in no leaf yet
  std::vector<int32_t> entryHome_;    // the node it was inserted at: its links are all below it
  // The deepest node its rect reached alone when placed (a leaf, or where it spread): while it
  // keeps its leaves, every rect that reaches them passes this node alone.
  std::vector<int32_t> entrySplit_;
  int32_t freeEntry_ = -1;
  // Per object id: objects_ (node_tree.h), first entry and latest rect.
  int32_t maxObject() const { return int32_t(objects_.span()) - 1; }
  // moveLater()'s objects in order, each with the rect it is placed for (until settle() re-places
  // it, splits re-place it by that rect too, as if it had not moved yet).
  std::vector<int32_t> waiting_;
  std::vector<Rect> waitingFrom_;
  std::vector<int32_t> waitingAt_;  // per object: its index in waiting_ + 1, or 0; sized by moveLater()
  const Rect* placedFor(int32_t object) const {  // a waiting object's rect before its move, or null
    return size_t(object) < waitingAt_.size() && waitingAt_[object] ? &waitingFrom_[size_t(waitingAt_[object] - 1)] : nullptr;
  }
  // The rect an object's newest entry is placed for: its latest, unless it waits.
  const Rect& placedRect(int32_t object) const {
    const Rect* from = placedFor(object);
    return from ? *from : objects_.rects[size_t(object)];
  }

  PackedLeaves packed_;  // what queries read, current while built at version()
  AnswerCache answers_;  // retrieveRoot()'s slots

  // Scratch that every tree shares (one call runs at a time, and none calls into another tree),
  // grown with the largest tree's arrays, so that a tree pays nothing for them per object or node.
  // Released when the last Quadtree goes: sized for the largest tree made, it would otherwise stay
  // in the middle of the heap between trees.
  struct ScratchUse {
    ScratchUse() { ++users; }
    ScratchUse(const ScratchUse&) { ++users; }
    ScratchUse& operator=(const ScratchUse&) = default;
    ~ScratchUse();
    static int32_t users;
  } scratchUse_;
  static std::vector<uint32_t> stamps_;  // per object id: the last query that saw it
  static uint32_t query_;
  static std::vector<int32_t> stack_;    // stats() and nodeWalk()'s walks
  static std::vector<int32_t> pending_;  // leaves an insert overfilled; depths in stats()
  // retrieve(): the leaves reached, ~node where a scope starts (sized for every node, written by
  // index). walk_: the stack of every Walk.
  static std::vector<int32_t> leaves_, walk_;
  // insertBatch(): the positions in the batch of the objects that reach each node, a slice per
  // node; the slices still to place, as (node, start, length); the entry made for each position;
  // the children each position of a slice reaches.
  static std::vector<int32_t> batch_, batchWork_, batchEntries_, batchMasks_;
};

}  // namespace qt
