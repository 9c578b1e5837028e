// The tree of quadtree-ts 2.3.0 (@timohausmann/quadtree-ts), for objects whose shape is one of
// its built-in Rectangle, Circle or Line (shape_geometry.h's Shape), over flat arrays.
//
// Its rules, beside quadtree-js's: an object goes to every child its shape meets
// (shapeQuadrants()) and is stored in every leaf it reaches, so one that meets no child of a
// node with children is dropped there; the nodes above minLevels are split from the start and
// never merge; a leaf that splits places its objects by their shapes as they are at that moment
// (users move objects in place and insert others); remove() takes the first occurrence of the
// object out of every node's list, whatever its shape, then joins; join() makes a leaf of each
// subtree that holds no more than maxObjects distinct objects. Numbers are doubles compared as
// JavaScript compares them (NaN compares false).
//
// Layout, as TutorialTree's: nodes in the shared pool (node_tree.h) with each one's parent
// beside it; a node's list is a doubly linked list of entries in insertion order, each entry one
// stored reference with an append sequence number (increasing along a list); each id has the
// doubly linked chain of its entries, so remove() costs the id's references, not the tree.
// Only leaves hold entries once a call has returned.
//
// The current shape: a split reads the shape of every object in the leaf, and the core cannot
// know whether the facade's object changed since it was inserted, except for objects whose
// shape was read during the same top-level call (no JavaScript runs between those reads). So
// insert() is resumable: it stops before a split of a leaf holding other objects and asks for
// their shapes (Step::kNeedShapes, wanted()); the facade supply()s them and resume()s. The
// descent's work list is kept in the tree (work_) so a resumed call goes on exactly where it
// stopped.
//
// The join without a walk of the tree: the package's join() visits every node, and remove()
// runs it every time. Here a join leaves the tree settled (no node it would change), every
// change marks the nodes it may have unsettled (marks_), and the next join checks only those and
// their ancestors (ts_tree_join.cpp).
//
// Every array grows through memory_guard.h. A call logs its steps and undoes them all when one
// finds no room (Step::kNoRoom, outOfMemory()); remove(), join() and clear() never allocate.
//
// One class, a file per job: ts_tree.cpp storage, construction, insert with its splits, remove,
// clear and the undo log; ts_tree_join.cpp the marks and the join; ts_tree_queries.cpp
// retrieve() and the listings; ts_tree_debug.cpp nodeWalk(), stats() and validate(). Nothing
// here recurses.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "base/debug.h"  // qt::Stats
#include "storage/entry_lists.h"
#include "storage/node_tree.h"
#include "shapes/shape_geometry.h"  // qt::Shape, shapeQuadrants(), tsChildRect()
#include "shapes/shape_table.h"

namespace qt {

// A shape's descent is not a test of bounds, so this tree keeps no reach (NodeTree's `Reach`):
// four bytes a node, always zero.
struct NoReach {
  char lowX, highX, lowY, highY;
  static NoReach everywhere() { return {0, 0, 0, 0}; }
  NoReach child(const Rect&, int) const { return *this; }
};

class TsTree : public NodeTree<NoReach, TsTree> {
  friend class NodeTree<NoReach, TsTree>;  // (its roomForNodes() calls growNodeScratch())
 public:
  static constexpr unsigned kFeatures = kShapes | kKept;  // (node_tree.h)

  // What a top-level insert() or resume() came to.
  enum class Step : int32_t {
    kDone,        // the call is over
    kNeedShapes,  // supply() the shape of each of wanted(), then resume()
    kNoRoom,      // out of heap: the call changed nothing (outOfMemory() says so too)
  };

  // The package's constructor after its defaults (the facade's): the root at level 0 (its x and
  // y taken `|| 0`), every node whose level < minLevels split. maxLevels is finite or NaN and
  // minLevels <= maxLevels (or one is NaN): the facade checks. Out of room for that skeleton:
  // the root alone, and outOfMemory().
  TsTree(Rect bounds, double maxObjects, double minLevels, double maxLevels);
  // As if made anew with these numbers, its arrays' capacity kept (a kept session serves the next
  // tree: boundary.cpp). False: no room for the skeleton (the root alone, as the constructor).
  bool reset(Rect bounds, double maxObjects, double minLevels, double maxLevels);
  // What a kept session holds: the largest of its arrays' capacities, in elements.
  size_t capacity() const {
    return std::max({nodes_.capacity(), entries_.capacity(), objects_.first.capacity()});
  }

  // insert(obj) at the root for `id` (>= 0) whose shape is now `shape` (it becomes the id's
  // latest). The same id inserted twice is stored twice.
  Step insert(int32_t id, const Shape& shape);
  // After kNeedShapes: the ids whose shapes the next split needs, each once, in the leaf's order.
  const std::vector<int32_t>& wanted() const { return wanted_; }
  // The current shape of `id`, during a call.
  void supply(int32_t id, const Shape& shape);
  // Goes on with the call (kDone at once when none is under way).
  Step resume();
  // Undoes the call under way, as if it had not been made (not an out-of-memory report). Any
  // other change made during a call abandons it first.
  void abandon();
  bool busy() const { return busy_; }

  // remove(obj, fast): the first occurrence of `id` out of every node's list; true if it was in
  // the root's own list (false once the root has split). Then, unless `fast`, join(): also when
  // `id` is absent.
  bool remove(int32_t id, bool fast);
  // join() at the root, its list dropped (what remove() runs).
  void join();
  // join() at the root: appends to `out` every reference of the tree in depth-first pre-order
  // (a node's list, then children 0..3), duplicates kept, as it was before the join; false (and
  // nothing done) when `out` has no room.
  bool joinList(std::vector<int32_t>& out);
  // clear(): every list emptied; the nodes below minLevels keep their children (emptied).
  void clear();

  // The ids that left the tree during the last change: dropped at a split, removed, or inserted
  // and dropped at once (an insert() or remove(); a join keeps every id). Each once. Empty after
  // clear(), which every id left.
  const std::vector<int32_t>& lostIds() const { return lost_; }
  // The ids whose shape the last insert() (or resume()) that went through read: the object
  // inserted and those its splits re-read, each once. Empty after any other call. (With
  // lostIds(), what a session's exact index must hear of: session.h.)
  const std::vector<int32_t>& reshaped() const { return reshaped_; }
  // The latest shape of a present id (insert() or supply()): a rect in the object table, any
  // other shape in the shape table with its boundingRect() in the object table, as every tree
  // keeps them (shape_table.h).
  const ShapeTable& shapes() const { return shapes_; }
  Shape shape(int32_t id) const { return shapes_.shapeOf(id, objects_.rects[size_t(id)]); }

  // retrieve(query) at the root: each reached node's list, then the children the query's mask
  // lists, depth first; each id once, at its first occurrence. A root without children gives
  // all of its objects, whatever the query. Appends to `out`; false: no room (nothing appended).
  bool retrieve(const Shape& query, std::vector<int32_t>& out) const;
  // The node whose list alone answers retrieve(query) (the root that has not split, or the one
  // leaf the query reaches), or kNoNode: the query reaches several leaves, or none. (The facade
  // keeps each leaf's answer until the tree changes.)
  int32_t locate(const Shape& query) const;
  // The ids of `node`'s list, each once, in list order. False: no room.
  bool distinctObjects(int32_t node, std::vector<int32_t>& out) const;
  // The node's own list, duplicates kept. False: no room.
  bool nodeObjects(int32_t node, std::vector<int32_t>& out) const;
  int32_t listLength(int32_t node) const { return nodes_[size_t(node)].count; }  // duplicates too
  // For every node in depth-first pre-order (children 0..3): its list's length, then its ids.
  // False: no room.
  bool preorderLists(std::vector<int32_t>& out) const;

  // References stored (a retrieve gives at most size() ids, a listing at most linkCount()).
  size_t linkCount() const { return size_t(entries_.live()); }
  // What validate() allocates, about.
  size_t validateBytes() const { return nodes_.size() * 16 + entries_.size() + objects_.span() * 4 + 4096; }
  // (level, x, y, width, height, own list's length, is leaf) for every node, pre-order
  // (node_tree.h); false: no room.
  bool nodeWalk(std::vector<double>& out) const;
  Stats stats() const;
  bool validate(std::string* why = nullptr) const;

 private:
  // The undo log of a call.
  struct Undo {  // 20 bytes
    enum Kind : int32_t { kAppend, kSplit, kShape } kind;
    int32_t at;                 // the entry appended, the node split, the id whose shape changed
    int32_t head, tail, count;  // split: the node's list, set aside; shape: head = the old shape's
                                // index in shapeLog_
  };
  struct Work {  // insert `id` at `node`: one call of the package's insert() still to run
    int32_t node, id;
  };
  static_assert(sizeof(Undo) == 20 && sizeof(Work) == 8, "record sizes");

  // Node marks (marks_): kCheck, the node's own list may hold duplicates a join removes (it was
  // appended to); kClimb, its subtree may have lost objects (a remove, a split that dropped or
  // doubled them), so it and its ancestors may join.
  static constexpr uint8_t kCheck = 1, kClimb = 2;

  bool growNodeScratch(size_t cap);  // the arrays beside the pool's, for `cap` nodes
  bool roomForId(int32_t id);
  bool roomForUndo() { return log_.size() < log_.capacity() || growTo(log_, log_.size() + 1); }
  void coverNodes();  // the arrays beside the pool's, as long as it
  int32_t addBlock(int32_t node);  // children for `node` (room made), their parents set

  bool overflows(int32_t node) const {
    const Node& n = nodes_[size_t(node)];
    return double(n.count) > maxObjects_ && levels_[size_t(node)] < maxLevels_;
  }
  uint32_t newStamp() const;  // a fresh value for seen_
  void nextCall();            // a fresh value for readIn_

  // The call's steps, each logged; false: no room (nothing done by the step).
  bool setShape(int32_t id, const Shape& shape);
  // `shape` as the shape of `id` (room made). A rect goes in the rect table; a circle's or line's
  // record is all there is of it: the tree places by the shape itself, never by a bounding rect,
  // so such an id's rect means nothing (shape() reads the record), and is not worked out.
  void keep(int32_t id, const Shape& shape) {
    if (shape.kind == kShapeRect) objects_.rects[size_t(id)] = {shape.a, shape.b, shape.c, shape.d};
    shapes_.set(id, shape);
  }
  bool append(int32_t node, int32_t id);
  bool split(int32_t node);
  bool listWanted(int32_t leaf);  // wanted_: the leaf's ids not read during this call
  Step run();
  Step finish();
  Step giveUp();  // out of room: undone, reported
  void rollback();
  void endCall();

  int32_t nextInPreorder(int32_t node, bool descend) const;

  // ts_tree_join.cpp
  void mark(int32_t node, uint8_t bits) {
    if (!marks_[size_t(node)]) marked_.push_back(node);  // room: one per node
    marks_[size_t(node)] |= bits;
  }
  bool settle();  // the join: true if it changed the tree
  bool settleAt(int32_t node, bool climb);
  bool countDistinct(int32_t node, uint32_t stamp, int32_t& distinct) const;
  // f(id) for each id of `node`'s list that `stamp` has not seen (stamping it), in list order;
  // false as soon as f is.
  template <class F>
  bool eachUnseen(int32_t node, uint32_t stamp, F f) const {
    for (int32_t e = nodes_[size_t(node)].head; e >= 0; e = entries_[size_t(e)].next) {
      const int32_t id = entries_[size_t(e)].id;
      if (seen_[size_t(id)] == stamp) continue;
      seen_[size_t(id)] = stamp;
      if (!f(id)) return false;
    }
    return true;
  }
  void forgetObjects();  // every entry and id, for clear() and reset()
  void growSkeleton();   // the nodes below minLevels split, as the constructor does
  void collapse(int32_t top);
  void clearMarks();


  double minLevels_;
  // Per node: the pool's (node_tree.h), and
  std::vector<int32_t> parent_;
  std::vector<uint8_t> marks_;   // kCheck | kClimb since the last join
  std::vector<int32_t> marked_;  // the nodes with marks, each once (freed ones too)
  std::vector<int32_t> pick_;    // remove(): the entry it takes from each node
  // Each node's birth: a number no other node of the tree had before (the root's 0). The facade
  // tells the package's node objects apart by it: each lives from the split that made it until
  // its parent drops it (nodeWalk() gives it).
  std::vector<double> born_;
  double births_ = 0;
  mutable std::vector<int32_t> stack_;  // walks; sized with the nodes
  // Entries.
  EntryLists entries_;
  // Per id: objects_ (node_tree.h: first entry, rect), shapes_ (the shapes that are not rects),
  // and
  ShapeTable shapes_;
  std::vector<uint32_t> readIn_;        // the call that last read its shape (call_)
  mutable std::vector<uint32_t> seen_;  // de-duplication stamps (stamp_)
  mutable uint32_t stamp_ = 0;
  uint32_t call_ = 0;
  std::vector<int32_t> lost_;  // room: one per id
  std::vector<int32_t> reshaped_;  // room: one per id
  void newChange() {  // a call begins (or ends undone): nothing left, nothing read yet
    lost_.clear();
    reshaped_.clear();
  }
  // The call under way.
  bool busy_ = false;
  bool starved_ = false;  // a supply() found no room: the call fails when resumed
  int32_t inserted_ = -1;
  int32_t splitting_ = -1;  // the leaf whose split waits for shapes
  std::vector<Work> work_;  // the package's pending insert() calls, the next one last
  std::vector<int32_t> wanted_;
  std::vector<Undo> log_;
  std::vector<Shape> shapeLog_;
};

}  // namespace qt
