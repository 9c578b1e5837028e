// A "linear" loose quadtree: a complete quadtree of fixed depth D over flat per-level arrays,
// built for many moving objects (insert, move and remove are O(1) plus an O(D) count update).
//
// Levels 0..D lie one after another, level l as a row-major 2^l x 2^l grid, so node (l, cx, cy) is
// offset(l) + cy * 2^l + cx with offset(l) = (4^l - 1) / 3: no pointers and no node allocation;
// parents and children are found by arithmetic and node rects are computed when asked for.
//
// Placement is loose. Each object is stored once, in a node found in O(1): its rect, clamped to
// the bounds, is mapped to an integer cell range at level D; the object goes to the deepest level
// at which that range spans at most two cells in x and in y (the bit length of its larger extent
// gives the level, or the one above it), in the node of the range's top-left cell. So a node's
// objects lie in its cell extended by one cell of its level to the right and down, and each
// object sits at the level of its size wherever it is. (A "tight" placement, in the deepest node
// whose cell holds the object, puts a small object that crosses a coarse cell line in a shallow
// node, where every query and pairs() must compare it with everything around; loose placement
// has no such objects.) An object outside the bounds is clamped for placement only: it stays
// indexed and every query still tests its real rect.
//
// Nodes hold intrusive doubly linked lists threaded through per-object arrays (so a remove or a
// move never searches a list) and a count of the objects in their subtree, which search() uses to
// skip empty subtrees; search() starts at the shallowest level holding objects (a query that
// meets at most 16 candidate nodes per level reads each occupied level's directly). Only queries read
// the lists and counts: once more objects have changed node since a query last needed them than
// half the objects (a frame loop of update or refresh and pairs(), with no queries), moves stop
// maintaining them, and the next call that reads them rebuilds them in one pass. pairs() does not
// walk the tree: it lists every object in each horizontal band (a row of cells of a level near
// the one holding the most objects, picked by a cost model from the objects' mean size and the
// density) that its cell range meets, puts each band in x order (a counting sort into buckets
// of x, twice as many as the band's entries, in reused buffers, then an insertion sort) and
// sweeps it. Nothing here recurses.
//
// Both depart from the first design (each object in the deepest node whose cell holds it, and
// pairs() walking each node against its ancestors). There, small objects that cross coarse cell
// lines sat in shallow nodes whatever their size (about 0.5% in the root alone) and had to be
// carried down a walk that sorted and merged lists at every occupied node; pairs() was 4 to 5
// times slower than this on scenes of many small moving objects.
//
// Queries read the lists until, since an object last changed node, their walks have stepped over
// about what grouping costs (the objects, and an eighth of the nodes); then they group every id
// by node once and read each row of a level's nodes as one run (a viewport-sized search of
// 10,000 objects: about 5 times faster than walking the lists, where each step waits for the
// last one's load).
//
// Memory: 8 bytes per node, (4^(D+1) - 1) / 3 nodes: 0.7 MB at D = 8, 11 MB at D = 10, 179 MB at
// D = 12; plus 64 bytes per object id up to the largest id inserted, and pairs() scratch of 40
// bytes per band an object is listed in (at most 4 per object on average; 1.3 in a scene of
// objects a third of a cell across), an eighth more and 16 entries a band to spare, and 8 per
// entry of the fullest band. Once queries group the
// ids: 4 bytes more per node and per object.
//
// One class, a file per job: linear_quadtree.cpp placement and every change; _queries.cpp
// search() and collides(); _pairs.cpp pairs(); _spatial.cpp nearest() and raycast(); _debug.cpp
// stats(), nodes() and validate().
#pragma once

#include <algorithm>
#include <limits>
#include <cstdint>
#include <string>
#include <vector>

#include "base/abi.h"       // kMaxLinearDepth
#include "base/debug.h"     // qt::Stats
#include "linear/depth_plan.h"
#include "base/geometry.h"  // qt::Rect, overlaps()
#include "storage/node_tree.h"  // TreeState
#include "shapes/shape_overlap.h"  // Box, Shape
#include "shapes/shape_table.h"

namespace qt {

class LinearQuadtree : public TreeState {
 public:
  static constexpr unsigned kFeatures = kRects | kExactSelf;  // (node_tree.h)
  static constexpr int32_t kMaxDepth = kMaxLinearDepth;
  static int32_t clampDepth(int32_t depth) { return qt::clampDepth(depth); }  // (depth_plan.h)
  // Nodes of a tree with levels 0..depth (depth already clamped): (4^(depth + 1) - 1) / 3.
  static size_t nodeCount(int32_t depth) { return ((size_t(1) << (2 * depth + 2)) - 1) / 3; }
  // The room a tree asked for `depth` takes before any object is inserted.
  // The levels a tree whose depth is fitted to its objects starts with: the rule's for none.
  static int32_t unfittedDepth() { return DepthPlan(Rect{0, 0, 1, 1}).depth(0); }
  static size_t bytesFor(int32_t depth) { return sizeof(LinearQuadtree) + sizeof(Node) * nodeCount(clampDepth(depth)); }

  // A tree over `bounds` with levels 0..clampDepth(depth). Bounds whose w or h is not a finite
  // number > 0 put every object in one node (still correct, only slow).
  LinearQuadtree(Rect bounds, int32_t depth);
  // From now on the levels fit the objects (depth_plan.h: the rule of the session's exact
  // index), set by fit(); an empty tree starts with the rule's levels for none.
  void fitDepth();
  // A tree that fits its depth whose objects have outgrown the depth fitted for them (or that
  // has none fitted yet, and objects) takes the depth fitted to them now: every object re-placed,
  // nothing a query answers changed. Without room for it, the depth stays. The session calls it
  // before the exact queries (and so does a caller of its own): whether it is due is decided
  // inline, since every exact query of such a tree asks.
  void fit() {
    if (fittedFor_ >= 0 && size_ > 0 && (fittedFor_ == 0 || outgrows(size_, fittedFor_))) refit();
  }

  // Indexes object `id` (a dense int32 >= 0; negative ids are ignored) with `rect`. An id already
  // present is moved, as update() does.
  void insert(int32_t id, const Rect& rect) { update(id, rect); }
  // insert() of `count` objects in order (ids[i] at rects[4i..4i+3], a shape of kind kinds[i]
  // when kinds is not null). Returns how many it stored: fewer when out of memory.
  int32_t insertAll(const int32_t* ids, const double* rects, const int32_t* kinds, int32_t count);
  int32_t insertAll(const int32_t* ids, const double* rects, int32_t count) { return insertAll(ids, rects, nullptr, count); }
  // Sets the rect of `id`; true if the object changed node (only then is it relinked). An absent
  // id is inserted, which counts as a change. O(1) plus the count update of the nodes above.
  bool update(int32_t id, const Rect& rect) {
    if (shapes_.active() && id >= 0) shapes_.set(id, Shape{rect.x, rect.y, rect.w, rect.h, kShapeRect});
    return place(id, rect);
  }
  // The same for any shape (shape_geometry.h): a circle or a line is placed by the rect that
  // covers it (coverRect()), and the exact queries test the shape itself (shape_overlap.h).
  bool updateShape(int32_t id, const Shape& shape);
  // The rect a shape is placed by: a rect's own, a circle's or a line's covering rect.
  static Rect placedBy(const Shape& s) { return s.kind == kShapeRect ? Rect{s.a, s.b, s.c, s.d} : coverRect(s); }
  // The object's shape (a rect's is its rect); of a present id.
  Shape shapeOf(int32_t id) const { return shapes_.shapeOf(id, rects_[id]); }
  // The shapes that are not rects, per id (empty while there are none).
  const ShapeTable& shapes() const { return shapes_; }
  // Unindexes `id`; false if it was not present.
  bool remove(int32_t id);
  bool contains(int32_t id) const;
  int32_t size() const { return size_; }
  const Rect& rectOf(int32_t id) const { return rects_[id]; }  // of a present id
  // Every id's latest rect, for reading in bulk (absent ids' entries mean nothing).
  const Rect* rectTable() const { return rects_.data(); }
  size_t rectTableSize() const { return rects_.size(); }
  // Removes every object; capacity is kept, so a clear-and-reinsert frame allocates nothing.
  void clear();

  // Appends every id whose rect overlaps `q`, each once. Overlap is strict: a.x < b.x + b.w &&
  // b.x < a.x + a.w (same in y), so rects that only touch do not overlap. With shapes, each pair
  // of kinds by its rule in shape_overlap.h (a rect with a rect by this one).
  void search(const Rect& q, std::vector<int32_t>& out) const;
  void searchShape(const Shape& q, std::vector<int32_t>& out) const;
  // Every id whose shape overlaps that of present object `id` (itself included, unless it is a
  // point or a line, which overlap nothing of their kind), as Quadtree's.
  void searchNear(int32_t id, std::vector<int32_t>& out) const;
  // (Queries, stats(), nodes() and validate() first rebuild the lists and counts if moves stopped
  // maintaining them; that never allocates. Queries may group the ids by node, which allocates
  // through growTo(); without room they walk the lists.)
  // Whether any object overlaps `q`; stops at the first.
  bool collides(const Rect& q) const;
  bool collidesShape(const Shape& q) const;
  // search() and collides() of a rect where every object is a rect and queries read the ids
  // grouped by node and their rects' copy (readsRectRuns(): a tree that holds still): the ids
  // written to `out`, which has room for idSpan(), and their count; `out` null: 1 at the first
  // hit, else 0.
  bool readsRectRuns() const { return size_ > 0 && !shapes_.active() && readsRuns() && groupedRects_; }
  int32_t searchRuns(const Rect& q, int32_t* out) const;
  // The spatial queries (linear_quadtree_spatial.cpp), best-first walks of the nodes by a lower
  // bound of what their objects can give: false when the walk's heap found no room (`out`
  // unchanged). nearest(): appends up to k ids nearest to (px, py) first, by the distance from
  // the point to the object's closed rect (0 inside), at most maxDistance; ties in any order.
  bool nearest(double px, double py, int32_t k, double maxDistance, std::vector<int32_t>& out) const;
  // raycast(): the id whose closed rect the ray from (ox, oy) along the unit vector (ux, uy)
  // reaches first, at most maxDistance along it (one holding the origin at 0; of equal
  // distances the smallest id), with that distance in `distance`; -1 when none does.
  bool raycast(double ox, double oy, double ux, double uy, double maxDistance, int32_t& id, double& distance) const;
  // Appends every unordered pair of distinct overlapping objects once, flattened as a, b with
  // a < b, in no particular order. Allocates nothing once its scratch buffers have grown.
  void pairs(std::vector<int32_t>& out);
  // The same for objects the tree does not hold as they are now: id i below `span` is present
  // when first[i] >= 0, at rects[i]; they are placed in bands by this tree's bounds and depth.
  // (A session's exact index that fell behind a refresh() of most objects: exact_index.h.)
  // `shapes` (not null): the circles and lines among them (held at rects[i] by a bounding rect,
  // swept by widenedBound() of it, kept when the shapes overlap).
  void pairsOf(const Rect* rects, const int32_t* first, int32_t span, std::vector<int32_t>& out,
               const ShapeTable* shapes = nullptr);

  // nodes: nodes holding objects; leaves: those with no objects below them; depth: the deepest
  // level holding objects; links, entries and objects: objects stored (each is stored once).
  Stats stats() const;
  // Checks every invariant; on failure returns false and says which in `why`.
  bool validate(std::string* why = nullptr) const;
  // Appends (level, x, y, w, h, count) for every node whose subtree holds objects, depth-first,
  // children in the order top-left, top-right, bottom-left, bottom-right (y grows down); count is
  // the number of objects stored in the node itself. x, y, w, h are the node's cell: its objects
  // may reach up to one more cell to the right and down (loose placement).
  void nodes(std::vector<double>& out) const;
  // The same as the node trees' rows (node_tree.h): (level, x, y, w, h, count, is leaf), a node
  // a leaf unless the next row is its child. False: no room in `out`.
  bool nodeWalk(std::vector<double>& out) const;

  // Out of memory (outOfMemory(), node_tree.h), an insert() or update() changed nothing;
  // pairs() left its output incomplete. Queries, remove() and clear() never allocate.
  size_t idSpan() const { return links_.size(); }  // search() gives at most this many ids
  // nodes() lists at most this many nodes.
  size_t occupiedBound() const { return std::min(nodes_.size(), size_t(size_) * size_t(depth_ + 1) + 1); }
  size_t validateBytes() const { return links_.size() + 4096; }

  // Whether moves keep the lists and counts current (false: the next query rebuilds them).
  bool listsMaintained() const { return linked_; }
  // Whether queries read the ids grouped by node (true) or walk the lists.
  bool grouped() const { return grouped_; }
  bool groupedRects() const { return groupedRects_; }
  int32_t depth() const { return depth_; }
  bool autoDepth() const { return fittedFor_ >= 0; }
  const Rect& bounds() const { return bounds_; }
  // The version (node_tree.h) moves with insert, update, remove and clear.

 private:
  struct Node {     // 8 bytes
    int32_t head;   // first object of the node's list, or -1
    int32_t count;  // objects in the node and below it
  };
  struct Cells {  // 16 bytes; an object's cell range at level D, inclusive, x0 <= x1, y0 <= y1
    int32_t x0, y0, x1, y1;
  };
  struct Link {     // 12 bytes
    int32_t node;   // the node holding the object, or -1 when absent
    int32_t next, prev;  // neighbours in that node's list, or -1
  };
  struct Entry {  // 40 bytes; pairs() scratch: an object's edges as the overlap test reads them
    Edges edges;
    int32_t id;
    uint32_t top;  // the top band it is listed in
  };

  int32_t cell(double v, double origin, double scale) const;  // below the class
  Cells cellsOf(const Rect& r) const;
  int32_t shiftOf(const Cells& c) const;  // D - the level of the node holding the range
  int32_t nodeOf(const Cells& c) const;
  // Bit length of m (0 for 0): how many low bits two cell coordinates differ in.
  static int32_t bitLength(uint32_t m) { return m ? 32 - __builtin_clz(m) : 0; }
  // Calls visit(level, cx, cy, own, below) for every node whose subtree holds objects,
  // depth-first; own: objects in the node itself, below: under it. No recursion.
  template <class Visit>
  void walkOccupied(Visit visit) const {
    if (nodes_[0].count == 0) return;
    struct Frame {
      int32_t level, cx, cy;
    };
    Frame stack[3 * kMaxDepth + 1];
    int32_t top = 0;
    stack[top++] = {0, 0, 0};
    while (top > 0) {
      const Frame f = stack[--top];
      int32_t below = 0;
      if (f.level < depth_) {
        for (int32_t q = 3; q >= 0; --q) {
          const Frame c{f.level + 1, 2 * f.cx + (q & 1), 2 * f.cy + (q >> 1)};
          const int32_t n = nodes_[index(c.level, c.cx, c.cy)].count;
          below += n;
          if (n > 0) stack[top++] = c;
        }
      }
      visit(f.level, f.cx, f.cy, nodes_[index(f.level, f.cx, f.cy)].count - below, below);
    }
  }
  int32_t index(int32_t level, int32_t cx, int32_t cy) const {
    return offsets_[level] + (cy << level) + cx;
  }
  void link(int32_t id, int32_t node) const;
  void unlink(int32_t id);
  void addPath(const Cells& c, int32_t delta);  // the level's count and countPath()
  void countPath(const Cells& c, int32_t delta) const;  // every ancestor-or-self's subtree count
  void movePath(const Cells& from, const Cells& to);
  int32_t levelOf(const Cells& c) const { return depth_ - shiftOf(c); }
  void relinked() const {  // the lists and counts, rebuilt if moves stopped maintaining them
    relinks_ = 0;
    if (!linked_) relink();
  }
  void relink() const;
  void zeroNodes() const;  // empties every node, walking the counts if they are too many to fill
  // The objects whose rect overlaps q, then, when `exact` is not null, whose shape overlaps it
  // (q covers it: coverRect()); out null: stop at the first hit. `overlapping` false: every
  // object whose box (between its corners: a rect of negative size too) meets the closed rect q
  // instead.
  bool query(const Rect& q, const Shape* exact, std::vector<int32_t>* out, bool overlapping = true) const;
  bool queryShape(const Shape& q, std::vector<int32_t>* out) const;  // query() of any shape, by its rule
  // Sets the rect of `id` (update() without a word to the shapes).
  bool place(int32_t id, const Rect& rect);
  void add(int32_t id, const Rect& rect);  // place() of an absent id
  // The distance from the point to the object, and where the ray enters it (shape_overlap.h).
  double distanceTo(int32_t id, const Rect& rect, double px, double py) const {  // rect: rects_[id] or its copy
    const Shape* s = shapes_.of(id);
    return s ? shapeDistance(*s, px, py) : rectDistance(rect, px, py);
  }
  double entryOf(int32_t id, double ox, double oy, double ux, double uy) const {
    const Shape* s = shapes_.of(id);
    return s ? rayEntry(*s, ox, oy, ux, uy) : rectRayEntry(rects_[id], ox, oy, ux, uy);
  }
  // Keeps the pairs from `from` on in `out` whose shapes overlap (their boxes met): of `shapes`,
  // whose rects are `rects`.
  static void keepShapePairs(std::vector<int32_t>& out, size_t from, const ShapeTable& shapes, const Rect* rects);
  // An object joined, left or changed node: the grouped copy no longer holds.
  void regrouped() {
    grouped_ = groupedRects_ = false;
    walked_ = 0;
  }
  bool group() const;      // false: no room (queries walk the lists)
  bool copyRects() const;  // false: no room (queries read rects_)
  // Whether a query reads the ids grouped by node (grouping them first once queries have walked
  // about what that costs: the objects, and an eighth of the nodes; and their rects too once
  // queries have stepped over as much again); else the lists, relinked.
  bool readsRuns() const;
  // f(id, rect) for each object of the grouped copy in the nodes whose objects may lie in cells r
  // (closed ranges: a node's objects reach one cell right and down), level by level, row by row;
  // the objects stepped over counted toward copyRects(). (The ids grouped: readsRuns().)
  template <class F>
  void eachRun(const Cells& r, F f) const {
    for (int32_t l = 0; l <= depth_; ++l) {
      if (levels_[l] == 0) continue;
      const int32_t k = depth_ - l, x0 = std::max((r.x0 >> k) - 1, int32_t(0)), x1 = r.x1 >> k;
      for (int32_t cy = std::max((r.y0 >> k) - 1, int32_t(0)); cy <= r.y1 >> k; ++cy) {
        const int32_t* row = runStart_.data() + index(l, 0, cy);
        walked_ += row[x1 + 1] - row[x0];
        for (int32_t i = row[x0], end = row[x1 + 1]; i < end; ++i)
          f(runIds_[i], groupedRects_ ? runRects_[i] : rects_[runIds_[i]]);
      }
    }
  }
  // Where the objects of node (level, cx, cy) and its subtree can lie (linear_quadtree_spatial.cpp).
  Box nodeBox(int32_t level, int32_t cx, int32_t cy) const;
  // The spatial walks' heap entries: a node (level >= 0) or an object (level -1), by `key`.
  struct Reached {  // 16 bytes
    double key;
    int32_t ref, level;  // ref: a node's index, or an object's id
  };
  static bool later(const Reached& a, const Reached& b) { return a.key > b.key; }  // the heap's order
  static bool nearer(const Reached& a, const Reached& b) { return a.key < b.key; }  // found_'s
  // f(id) for each id of a node: from the grouped ids or the node's list (readsRuns() picks),
  // counting the steps toward group() as query() does.
  struct Objects {
    const LinearQuadtree* tree;
    bool runs;
    template <class F>
    void each(int32_t node, F f) const {
      const LinearQuadtree& t = *tree;
      if (runs) {
        for (int32_t i = t.runStart_[node], end = t.runStart_[node + 1]; i < end; ++i) f(t.runIds_[i]);
        return;
      }
      int64_t steps = 1;
      for (int32_t id = t.nodes_[node].head; id >= 0; id = t.links_[id].next, ++steps) f(id);
      t.walked_ += steps;
    }
  };
  Objects objectsOf() const { return Objects{this, readsRuns()}; }
  template <class Key, class Worth, class Visit>
  bool bestFirst(Key key, Worth worth, Visit visit) const;  // (linear_quadtree_spatial.cpp)
  bool nearestAround(double px, double py, size_t most, double maxDistance, std::vector<int32_t>& out) const;
  bool raycastAlong(double ox, double oy, double ux, double uy, double maxDistance, int32_t& id, double& distance) const;
  double shareAround(double px, double py, double enough) const;
  static Rect stretch(double ox, double oy, double ux, double uy, double a, double b);
  bool push(const Reached& r) const;  // onto heap_; false: no room
  void keepNearest(double d, int32_t id, size_t most) const;  // into found_, if among the `most` nearest
  void takeNearest(std::vector<int32_t>& out) const;           // found_'s ids, nearest first
  bool windowed() const;  // whether the windows apply: bounds of a finite area > 0, room for them
  // Whether an object reached at t beats the first hit so far (`best`, at `id`; ties: the smaller id).
  static bool firstHit(double t, int32_t o, double best, int32_t id) {
    return t <= best && t < std::numeric_limits<double>::infinity() && (t < best || id < 0 || o < id);
  }
  // How sweep() reads a rect: as given; as the box between its corners (a tree with shapes, which
  // holds each by its covering rect); as widenedBound() of it (a compat tree's bounding rects).
  enum Swept { kAsGiven, kBoxes, kWidened };
  // pairs() and pairsOf() (linear_quadtree_pairs.cpp): the level of the bands; the objects listed
  // in them, read as `swept` says; then each band's pairs. False: out of memory.
  // (`first`: which ids are present, as pairsOf() has it; null: this tree's own)
  int32_t sweepLevel(const Rect* rects, int32_t ids, const int32_t* first) const;
  int32_t bandLevel(const Rect* rects, int32_t ids, const int32_t* first) const;  // the level whose rows are the bands
  static Entry entryOf(const Rect& r, int32_t id, int32_t top, Swept swept);
  bool list(const Rect* rects, const int32_t* first, int32_t span, Swept swept, int32_t level);
  bool layOutRooms(int32_t level, Swept swept);
  bool pairBands(std::vector<int32_t>& out);

  void refit();              // fit() when it is due
  void shape(int32_t depth);  // depth_ and what follows from it, every node empty
  Rect bounds_;
  int32_t fittedFor_;      // kAutoDepth: the objects the depth was last fitted for; else -1
  int32_t depth_, side_;   // side_ = 2^D cells across at level D
  double scaleX_, scaleY_;  // cells per unit at level D
  double cellW_, cellH_;    // their inverses (0 with a zero scale): a cell's size at level D
  int32_t offsets_[kMaxDepth + 2];  // first node of each level, and the node count
  int32_t size_ = 0;
  int32_t levels_[kMaxDepth + 1] = {};  // objects stored per level
  // Whether the nodes' lists and counts hold the objects (else they are as they were when moves
  // stopped maintaining them, and only links_[id].node is kept); objects that changed node since
  // the lists were last read. Rebuilt by const queries, hence mutable.
  mutable bool linked_ = true;
  mutable int32_t relinks_ = 0;
  mutable std::vector<Node> nodes_;
  std::vector<Rect> rects_;   // per id, as given (a circle's or a line's: the rect covering it)
  ShapeTable shapes_;         // per id, once an object is a circle or a line
  std::vector<Cells> cells_;  // per id
  mutable std::vector<Link> links_;   // per id
  // pairs() scratch: per entry of a band its bucket of x; where each band's room starts in
  // entries_, and where its entries end (or its count); a band's bucket counters
  std::vector<int32_t> keys_, rows_, rowEnd_, columns_;
  // The rooms laid out (each band's from rows_[b] up to roomEnd_[b]), for bands of this level,
  // depth and bounds, of rects read as `swept` says (level -1: none); after list(), those listed.
  struct Rooms {
    int32_t level = -1, depth = -1;
    Rect bounds{0, 0, 0, 0};
    Swept swept = kAsGiven;
    bool serve(int32_t l, int32_t d, const Rect& b, Swept s) const {
      return level == l && depth == d && bounds.x == b.x && bounds.y == b.y && bounds.w == b.w && bounds.h == b.h && swept == s;
    }
  } rooms_;
  std::vector<int32_t> roomEnd_;
  // Queries' grouped copy: every id in node order (runIds_) and where each node's run starts
  // (runStart_, one past the last node too), so a query reads a row of a level's nodes as one run
  // of ids rather than chasing each node's list. Made once the list walks since an object last
  // changed node have stepped over (objects and nodes) about what making it costs: the objects
  // and an eighth of the nodes. Void again once an object joins, leaves or changes node. Moves
  // within a node keep it.
  mutable bool grouped_ = false;
  mutable int64_t walked_ = 0;
  mutable std::vector<int32_t> runStart_, runIds_;
  // Once queries have read the grouped ids for as long again, the same order's rects too
  // (runRects_[i] is rects_[runIds_[i]]), so that their box and distance tests read memory in order
  // rather than each id's rect at random: for a tree that holds still, since any move voids it.
  mutable bool groupedRects_ = false;
  mutable std::vector<Rect> runRects_;
  std::vector<Entry> entries_, band_;    // pairs(): every band's entries; one band in x order
  mutable std::vector<Reached> heap_;    // nearest() and raycast(): a min-heap of nodes to look into
  mutable std::vector<Reached> found_;   // nearest(): the k nearest objects so far, a max-heap
  mutable std::vector<int32_t> window_;  // nearestAround() on lists, raycastAlong(): a window's objects
};

// Inline: insert(), update() and every query (each in a file of its own) start here.

// floor((v - origin) * scale) clamped to [0, side - 1]. Monotone in v (IEEE subtraction and
// multiplication by a constant >= 0 round monotonically), which is what makes the integer ranges
// safe for pruning: a.x < b.x + b.w implies cell(a.x) <= cell(b.x + b.w). NaN goes to 0.
inline int32_t LinearQuadtree::cell(double v, double origin, double scale) const {
  const double c = (v - origin) * scale;
  if (!(c >= 0)) return 0;
  if (c >= double(side_)) return side_ - 1;
  return int32_t(c);  // c >= 0, so truncation is floor
}

// min/max of the corners' cells, so a negative w or h still gives an ordered range that covers
// every rect the real one can overlap.
inline LinearQuadtree::Cells LinearQuadtree::cellsOf(const Rect& r) const {
  const int32_t ax = cell(r.x, bounds_.x, scaleX_), bx = cell(r.x + r.w, bounds_.x, scaleX_);
  const int32_t ay = cell(r.y, bounds_.y, scaleY_), by = cell(r.y + r.h, bounds_.y, scaleY_);
  return {std::min(ax, bx), std::min(ay, by), std::max(ax, bx), std::max(ay, by)};
}

}  // namespace qt
