// A Session is one JS tree's native side: its one tree (tree_kinds.h), the index its exact queries
// read, the pair cache, the heap buffers the facade reads and writes directly (staged inserts in,
// query results out) and the Reply that names what each call hands back (abi.h), so a frame needs
// few calls and no value objects. boundary.cpp's calls reach it by address.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "base/abi.h"
#include "session/exact_index.h"
#include "base/memory_guard.h"
#include "session/pair_cache.h"
#include "shapes/shape_table.h"
#include "session/tree_kinds.h"

namespace qt {

// The module's one staging buffer, shared by every session: the facade writes one tree's inserts
// here and applies them (sessionFlush) before another tree stages any, so a tree carries no buffer
// of its own. Its address is in every session's Reply (stageRects, stageIds).
struct StageBuffer {
  double rects[kStageCapacity * 4];  // x, y, width, height per staged insert (or a shape's numbers)
  int32_t ids[kStageCapacity];
  int32_t kinds[kStageCapacity];     // each insert's kind of shape (abi.h)
  double shapes[kStageCapacity * 4]; // a flush's copy of the shapes' numbers, while rects holds their rects
};
extern StageBuffer stageBuffer;

struct Session {
  // The tree is built in place: moving one would cost a move of each of its arrays (and code).
  template <class T, class... Args>
  explicit Session(std::in_place_type_t<T> kind, Args&&... args) : tree(kind, std::forward<Args>(args)...) {
    freshReply();
  }
  // The reply of a new session: zeros, and the staging buffer's and the tree's version's addresses.
  void freshReply() {
    reply = Reply{};
    reply.stageRects = address(stageBuffer.rects);
    reply.stageIds = address(stageBuffer.ids);
    reply.stageKinds = address(stageBuffer.kinds);
    reply.version = visitTree(tree, [](auto& t) { return address(t.versionAt()); });
  }
  static int32_t address(const void* p) { return int32_t(reinterpret_cast<uintptr_t>(p)); }

  Tree tree;
  // The exact queries of a kind without kExactSelf go to this index (exact_index.h).
  ExactIndex exact;
  std::vector<int32_t> results;  // ids of the last query (most calls)
  // Written in place by search() on a still rect index (LinearQuadtree::searchRuns()): as long as
  // the index's id span, only ever grown, so no query fills or checks it first.
  std::vector<int32_t> hits;
  const int32_t* answer = nullptr;  // the last query's ids (in results or hits): what reply.results names
  Reply reply;                   // what the last call handed back besides its return value
  std::vector<double> scratch;   // rects the facade hands over in bulk (refresh, typed arrays)
  std::vector<int32_t> scratchIds;
  std::vector<int32_t> scratchKinds;  // their kinds of shape, when the facade sends shapes
  // The shapes of a tree that is not its own index (a LinearQuadtree keeps its own): what its
  // exact index places and tests (shape_table.h). Its tree holds each by boundingRect().
  ShapeTable shapes;
  std::vector<double> shapeNumbers;  // refreshTutorial(): the shapes' numbers while scratch holds rects
  std::vector<double> walk;      // the node walk
  PairCache pairCache;           // pairs() reuses the last answer for objects that did not change
  uint32_t pairsFrom = 0;        // the exact index's generation the pair cache was computed from
  Session* nextFree = nullptr;   // kept for reuse: the next session kept (boundary.cpp)

  // The tree the exact queries read as it stands: `self`, a tree that is its own index, or the
  // session's index (null: none made yet, or dropped). The pair cache forgets what it learnt
  // from an index that has since been replaced.
  LinearQuadtree* exactTree(LinearQuadtree* self) {
    if (self) return self;
    if (exact.generation() != pairsFrom) {
      pairCache.forget();
      pairsFrom = exact.generation();
    }
    return exact.tree();
  }

  // The one funnel for changes at this layer: every call that changed the tree reports it here,
  // so the exact index follows the object, and the pair cache learns which object changed. (The
  // facade's caches need no report: they compare the tree's own version, whose address the reply
  // holds.)
  template <class T>
  void changed(T& t, int32_t id) {
    if constexpr (!has<T>(kExactSelf)) {
      if (exact.tree()) {
        if constexpr (has<T>(kShapes)) {  // (each object by its latest shape, if the index can place it)
          if (t.contains(id) && placeable(t.shape(id))) exact.set(id, t.shape(id));
          else exact.remove(id);
        } else if (!t.contains(id)) {
          exact.remove(id);
        } else if (!exact.stale()) {  // (a rect by its rect: the frame loop of rect games)
          if (const Shape* shape = shapes.of(id)) exact.set(id, *shape);
          else exact.set(id, t.rectTable()[id]);
        }
      }
    }
    if (LinearQuadtree* x = exactTree(selfIndex(t))) pairCache.touch(id, x->version());
  }
  // Before a call changes `count` objects at once: when that is most of them, the exact index
  // is left behind (exact_index.h) rather than moved object by object.
  template <class T>
  void changingMany(T&, int32_t count) {
    if constexpr (!has<T>(kExactSelf)) {
      if (exact.tree() && 2 * int64_t(count) > exact.tree()->size()) exact.defer();
    }
  }
  // What a kind's exact queries read: the tree itself when it is its own index (kExactSelf), else
  // its objects (and the root's bounds) through the session's index: a compat tree's rects with
  // the session's shapes, a quadtree-ts tree's with its own (kShapes).
  struct ExactSource {
    LinearQuadtree* self;
    const ObjectTable* objects;
    Rect bounds;
    const ShapeTable* shapes;  // the shapes of `objects` that are not rects
    bool anyNumbers;           // a quadtree-ts tree's: its objects may have any numbers
  };
  // The table of the tree's shapes that are not rects: the tree's own when it places by shape.
  template <class T>
  const ShapeTable& shapesOf(T& t) const {
    if constexpr (has<T>(kExactSelf) || has<T>(kShapes)) return t.shapes();
    else return shapes;
  }
  template <class T>
  static LinearQuadtree* selfIndex(T& t) {
    if constexpr (has<T>(kExactSelf)) return &t;
    else return nullptr;
  }
  template <class T>
  ExactSource exactSource(T& t) const {
    if constexpr (has<T>(kExactSelf)) return {&t, nullptr, t.bounds(), nullptr, false};
    else return {nullptr, &t.objects(), t.nodeRect(t.root()), &shapesOf(t), has<T>(kShapes)};
  }
  // visit(id, shape) for every object of a source without `self` that the exact queries see, at
  // the shape they see it by (a quadtree-ts object only if placeable(): changed() keeps the
  // index to the same rule).
  template <class Visit>
  void eachExact(const ExactSource& e, Visit visit) const {
    const ObjectTable& o = *e.objects;
    for (size_t id = 0; id < o.span(); ++id) {
      if (o.first[id] < 0) continue;
      const Shape s = e.shapes->shapeOf(int32_t(id), o.rects[id]);
#if QT_TS_EXACT
      if (e.anyNumbers && !placeable(s)) continue;
#endif
      visit(int32_t(id), s);
    }
  }

  // Frees what the session can make again when next needed: its result and scratch buffers and
  // the exact index (validate() on a full heap, for room for its checks).
  void release() {
    std::vector<int32_t>().swap(results);
    std::vector<int32_t>().swap(hits);
    std::vector<double>().swap(scratch);
    std::vector<int32_t>().swap(scratchIds);
    std::vector<int32_t>().swap(scratchKinds);
    std::vector<double>().swap(shapeNumbers);
    std::vector<double>().swap(walk);
    changedAll(false);
  }

  // A change that cannot be named by id: clear() (`cleared`: the exact index is emptied too) or
  // a subnode's clear (the index is dropped, to be made again from what is left).
  void changedAll(bool cleared) {
    if (cleared) exact.clear();
    else exact.drop();
    pairCache.forget();
  }
};

}  // namespace qt
