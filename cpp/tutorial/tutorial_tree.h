// The tutorial quadtree (the gamedevtuts quick tip's QuadTree and its JavaScript port in the
// "HTML5 space shooter" tutorial; its rules: docs/TUTORIAL-TREE.md) over flat arrays.
//
// Its storage rule differs from quadtree-js's: every node has a list, and each insert stores one
// entry in one node: a leaf, or the deepest node whose midline the rect touches (tutorialIndex()
// in tutorial_geometry.h, -1). Splits truncate child sizes with `| 0` (tutorialChildRect()).
//
// Layout: nodes in the shared pool (node_tree.h), each with its parent and depth beside it; each
// node's list is a doubly linked list of entries in insertion order. An entry is one stored occurrence of
// an object id; each id keeps the list of its entries (its handle), so remove and refresh find an
// object's nodes without searching the tree. Entries carry an append sequence number: a node's
// list is in increasing order of it, so two entries' pre-order positions compare in O(depth)
// (node paths, then sequence numbers) without walking the tree.
//
// Rects: the tree keeps each id's latest rect (insert, update, refresh) and every placement reads
// it, as the original re-reads the object's fields. An entry whose node is not its home for that
// rect (the id was inserted again with another rect, updated while stored twice, or inserted from a
// subnode) marks the id "unsettled"; refresh() checks those ids besides the changed ones, so every
// other entry is known to be at home (nodes never merge, and the home depends only on the rect and
// fixed node bounds). Each node keeps its reach (TutorialReach: the rects the root's descent sends
// there), so refresh() checks an entry at its node instead of descending from the root. The exact
// queries (search, collides, pairs) are not this tree's: the session keeps an index for them
// (exact_index.h).
//
// Every call that grows an array checks for room first (memory_guard.h). A placement may split
// and move entries at any depth, so the steps of one call are logged and undone when a later step
// finds no room: such a call changes nothing and reports it through outOfMemory().
//
// One class, a file per job: tutorial_tree.cpp storage, insert, split, remove, update, refresh and
// clear; tutorial_tree_queries.cpp findObjects and the listings;
// tutorial_tree_debug.cpp nodeWalk(), stats() and validate(). Nothing here recurses.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "base/debug.h"     // qt::Stats
#include "base/geometry.h"  // qt::Rect, Edges, overlaps()
#include "tutorial/tutorial_geometry.h"  // tutorialIndex(), TutorialReach, tutorialChildRect()
#include "storage/entry_lists.h"
#include "storage/node_tree.h"

namespace qt {

class TutorialTree : public NodeTree<TutorialReach, TutorialTree> {
  friend class NodeTree<TutorialReach, TutorialTree>;  // (its roomForNodes() calls growNodeScratch())
 public:
  static constexpr unsigned kFeatures = kRects | kNodes | kPaths | kKept;  // (node_tree.h)

  // A node this many levels below the root never splits. The original recurses once per level, so
  // it overflows the JavaScript stack well before a chain gets this deep (which only happens when
  // maxObjects < 1 or many objects share a point, with a huge maxLevels).
  static constexpr int32_t kMaxDepth = 1024;

  // maxObjects, maxLevels and level after the original's `||` defaults; doubles, compared as
  // JavaScript numbers.
  TutorialTree(Rect bounds, double maxObjects, double maxLevels, double level);

  // The original's insert() on `node` (the root is 0): `id` (int32 >= 0) with `rect`, which
  // becomes the id's latest rect. The same id inserted twice is stored twice.
  void insert(int32_t node, int32_t id, const Rect& rect);
  // insert() at the root of `count` objects in order (ids[i] at rects[4i..4i+3]). Returns how
  // many it stored: fewer when out of memory (the rest are not in the tree).
  int32_t insertAll(const int32_t* ids, const double* rects, int32_t count);
  // Removes the first stored occurrence of `id` in pre-order; false if absent.
  bool remove(int32_t id);
  // Removes the first occurrence and inserts `id` at the root with `rect`. An absent id is
  // inserted. Returns whether it is now stored in another node (true for an absent id).
  bool update(int32_t id, const Rect& rect);
  // The per-frame re-index (refresh(isAlive?)): the ids changedIds[0..changed) get the rects
  // rects[4 * i ..] (absent ids are skipped); the entries at the ascending positions
  // deadPositions[0..dead) of preorder(root) as it was before the call are removed; then every
  // entry not at its home is taken out, and those are inserted at the root in pre-order of where
  // they were. Returns how many entries were removed as dead, or -1 when out of memory (then
  // nothing changed). The ids removed as dead are then in removedIds().
  int32_t refresh(const int32_t* changedIds, const double* rects, int32_t changed,
                  const int32_t* deadPositions, int32_t dead);
  const std::vector<int32_t>& removedIds() const { return removed_; }
  // Empties the whole tree; capacity is kept.
  void clear();
  // Empties it and gives it these numbers, as if it were built anew but for the arrays' capacity,
  // which it keeps (a session reused for another tree).
  void reset(Rect bounds, double maxObjects, double maxLevels, double level);
  // The largest capacity of its groups of arrays (nodes, entries, ids): what a reset keeps.
  size_t capacity() const {
    return std::max({nodes_.capacity(), entries_.capacity(), objects_.first.capacity()});
  }
  // Empties `node`'s list and drops its children (the original's clear() on a subnode).
  void clearNode(int32_t node);

  // A call that ran out of heap (outOfMemory(), node_tree.h) changed nothing. Queries, remove()
  // and clear() never allocate.

  // The original's findObjects/retrieve from `node`: the path `rect` descends, deepest node's list
  // first, then each ancestor's up to `node`. Candidates, not hits; no de-duplication. Appends
  // to `out`, which must have room for linkCount() more.
  void findObjects(int32_t node, const Rect& rect, std::vector<int32_t>& out) const;
  // findObjects() into `out` grown first (kNoRoom: no room; `dedup` and `kept` are Quadtree's:
  // there is nothing to drop, nothing kept).
  Answer retrieve(int32_t node, const Rect& rect, bool dedup, std::vector<int32_t>& out, int32_t* kept = nullptr) const;
  // The node whose path up is findObjects()' answer for `rect` from `node`: where it stops.
  int32_t locate(int32_t node, const Rect& rect, bool /*dedup*/) const { return home(node, rect); }
  // These append to `out` as they grow it; false: no room (nothing appended).
  // getAllObjects(): children 0..3 first (each the same way), then the node's own list.
  bool allObjects(int32_t node, std::vector<int32_t>& out) const;
  bool nodeObjects(int32_t node, std::vector<int32_t>& out) const;  // the node's own list
  // findObjects()'s answer from the root for every rect that stops at `node`: its own list, then
  // each ancestor's up to the root.
  bool pathObjects(int32_t node, std::vector<int32_t>& out) const;
  // Every entry below `node` in pre-order: a node's list front to back, then children 0..3.
  bool preorder(int32_t node, std::vector<int32_t>& out) const;

  // Output bounds: findObjects() and the listings give at most linkCount() ids.
  size_t linkCount() const { return entries_.size(); }
  size_t validateBytes() const { return nodes_.size() + entries_.size() + 4096; }

  // (level, x, y, width, height, own entries, is leaf) for every node, pre-order (node_tree.h);
  // false: no room.
  bool nodeWalk(std::vector<double>& out) const;
  Stats stats() const;
  bool validate(std::string* why = nullptr) const;

  // Where an insert at the root of `rect` would stop: descend while the node has children and
  // tutorialIndex() is not -1.
  int32_t home(int32_t node, const Rect& rect) const {
    for (int32_t c; (c = nodes_[node].children) >= 0;) {
      const int q = tutorialIndex(rects_[node], rect);
      if (q < 0) break;
      node = c + q;
    }
    return node;
  }
  // home(root(), rect) == node, read from the node's reach instead of walking down to it (for
  // the rare rect with infinite or NaN edges, by walking).
  bool atHome(int32_t node, const Rect& rect) const {
    if (!finiteEdges(rect)) return walksHome(node, rect);
    return reach_[node].holds(rect) && (nodes_[node].children < 0 || tutorialIndex(rects_[node], rect) < 0);
  }

 private:
  // A node's list (Node's head, tail, count) is of entries; its parent and depth are beside it.
  struct Ancestry {  // 8 bytes
    int32_t parent;  // -1 for the root
    int32_t depth;   // below the root
  };
  // The undo log of one call: each step that changes the lists or the shape.
  struct Step {  // 24 bytes
    enum Kind : int32_t { kAppend, kUnlink, kSplit, kRect } kind;
    int32_t a;     // entry (append, unlink), node (split), id (rect)
    int32_t node;  // unlink: the node it left
    int32_t prev;  // unlink: its predecessor there; rect: index into rectLog_
    uint64_t seq;  // unlink: its sequence number
  };
  static_assert(sizeof(Ancestry) == 8 && sizeof(Step) == 24, "record sizes");

  bool growNodeScratch(size_t cap);  // the arrays beside the pool's, for `cap` nodes
  bool roomForId(int32_t id);
  bool roomForStep() { return log_.size() < log_.capacity() || growLog(); }
  bool growLog();

  bool overflows(int32_t node) const {
    return double(nodes_[node].count) > maxObjects_ && levels_[node] < maxLevels_ && ancestry_[node].depth < kMaxDepth;
  }
  // Logged steps; false: no room (nothing done by this step).
  bool append(int32_t node, int32_t entry);
  bool unlink(int32_t entry);
  bool split(int32_t node);
  bool setRect(int32_t id, const Rect& r);
  // The original's insert of an existing entry from `node` with every split and move it causes.
  bool place(int32_t node, int32_t entry);
  void rollback();
  void commit() { log_.clear(); rectLog_.clear(); }
  void unmarkFailed(int32_t id);
  int32_t firstInPreorder(int32_t id) const;
  bool before(int32_t a, int32_t b) const;  // entry a precedes entry b in pre-order
  void rankNodes();  // rank_: every live node's position in a pre-order walk of the nodes
  bool walksHome(int32_t node, const Rect& rect) const;  // home(root(), rect) == node, built small
  int32_t undoRefresh(const int32_t* changedIds, int32_t saved);  // refresh() out of room: -1
  void markUnsettled(int32_t id);

  // Per node: the pool's (node_tree.h; reach_: which rects the root's descent sends there,
  // refresh's check), and
  std::vector<Ancestry> ancestry_;
  EntryLists entries_;
  // Per entry, in refresh() alone (sized there; zero between calls): 1 dead, 2 taken out.
  std::vector<uint8_t> refreshMarks_;
  // Per id: objects_ (node_tree.h: first entry, latest rect), and
  std::vector<char> unsettled_;
  std::vector<int32_t> unsettledIds_;
  // Scratch.
  std::vector<Step> log_;
  std::vector<Rect> rectLog_;
  struct Frame {
    int32_t node, cursor;
  };
  std::vector<Frame> frames_;
  mutable std::vector<int32_t> stack_;  // walks; sized with the nodes
  std::vector<int32_t> rank_;  // rankNodes(), for refresh()'s order; sized with the nodes
  std::vector<int32_t> dead_, takeOut_, removed_;
};

}  // namespace qt
