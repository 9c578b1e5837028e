// The calls of abi.h, each through onTree(): the session's tree as its own kind, or kUnsupported
// for a kind without the feature the call needs (tree_kinds.h). Nothing here branches on a kind.
#include "session/boundary.h"

#include <algorithm>
#include <cmath>

#include "base/memory_guard.h"

namespace qt {

StageBuffer stageBuffer;

#if QT_HAS_RECTS
static_assert(std::is_same_v<std::variant_alternative_t<kQuadtreeKind, Tree>, Quadtree> &&
                  std::is_same_v<std::variant_alternative_t<kTutorialKind, Tree>, TutorialTree>,
              "abi.h's kinds are Tree's alternatives");
#endif

namespace {
Session& at(Handle s) { return *reinterpret_cast<Session*>(s); }

// f(session, tree) for the session's tree; kUnsupported unless its kind has every feature in
// `Needs`. f returns int32_t.
template <unsigned Needs = 0, class F>
int32_t onTree(Handle h, F f) {
  Session& s = at(h);
  return visitTree<Needs>(s.tree, [&](auto& t) -> int32_t { return f(s, t); });
}

int32_t publish(Session& s, const int32_t* ids, int32_t count) {
  s.answer = ids;
  s.reply.results = Session::address(ids);
  s.reply.resultCount = count;
  return count;
}
int32_t publish(Session& s) { return publish(s, s.results.data(), int32_t(s.results.size())); }

// A kind whose moves wait (kMovesLater) brought up to date before a call that reads or changes
// its leaves. False: out of memory (the objects not re-placed keep their previous places).
template <class T>
__attribute__((noinline)) bool settleNow(T& t) {  // one copy, not one per call
  if (t.settle()) return true;
  t.outOfMemory();  // reported here, not by the call that follows
  return false;
}
template <class T>
bool settled(T& t) {
  if constexpr (has<T>(kMovesLater)) return t.settled() || settleNow(t);
  else return true;
}

// Sets the rect of present object `id`; a kind whose moves wait re-places it when its leaves are
// next read.
template <class T>
void move(T& t, int32_t id, const Rect& r) {
  if constexpr (has<T>(kMovesLater)) {
    if (t.moveLater(id, r)) return;
  }
  t.update(id, r);
}

// Inserts or moves one object; false: out of memory (it keeps its place, or stays out).
template <class T>
bool place(T& t, int32_t id, const Rect& r) {
  if (t.contains(id)) move(t, id, r);
  else if (settled(t)) t.update(id, r);
  else return false;
  return !t.outOfMemory();
}

// The same for any shape: a tree that is its own index keeps it; a compat tree holds the rect
// that bounds it, and its session the shape (session.h).
template <class T>
bool placeShape(Session& s, T& t, int32_t id, const Shape& shape) {
  if constexpr (has<T>(kExactSelf)) {
    t.updateShape(id, shape);
    return !t.outOfMemory();
  } else {
    if (!s.shapes.room(id, shape.kind) || !place(t, id, boundingRect(shape))) return false;
    s.shapes.set(id, shape);
    return true;
  }
}
// What the session's tree gives its exact queries (session.h): the rest of each exact call is
// the same for every kind.
// Neither `self` nor `objects`: a kind without exact queries in this core (a TsTree's are
// QT_TS_EXACT's).
Session::ExactSource exactSource(Handle h) {
  Session::ExactSource e{};
  auto source = [&](Session& s, auto& t) {
    e = s.exactSource(t);
    return 0;
  };
  onTree<kRects>(h, source);
#if QT_TS_EXACT
  onTree<kShapes>(h, source);
#endif
  return e;
}

// The exact queries' tree, made current (exact_index.h); null: no room for it.
LinearQuadtree* exactFor(Session& s, const Session::ExactSource& e) {
  if (e.self) {
    e.self->fit();  // (a tree whose depth is fitted to its objects: linear_quadtree.h)
    return e.self;
  }
  const bool ok = s.exact.ensure(e.objects->count, e.bounds, [&](auto visit) { s.eachExact(e, visit); });
  return ok ? s.exactTree(nullptr) : nullptr;
}

// search() (`all`: into hits, which has room) or collides() of a rect on a still index of rects
// (LinearQuadtree::searchRuns()).
__attribute__((noinline)) int32_t searchStill(Session& s, const LinearQuadtree& index, const Rect& q, bool all) {
  if (!all) return index.searchRuns(q, nullptr);
  return publish(s, s.hits.data(), index.searchRuns(q, s.hits.data()));
}

// Without room for an exact index, search() and collides() still answer, by testing every
// object (slower, as exact): a full heap leaves the tree usable. Stops at the first hit when `out`
// is null; returns whether there was one.
QT_COLD bool scanAll(const Session& s, const Session::ExactSource& e, const Shape& q, std::vector<int32_t>* out) {
  bool hit = false;
  s.eachExact(e, [&](int32_t id, const Shape& shape) {
    if ((hit && !out) || !shapesOverlap(q, shape)) return;
    hit = true;
    if (out) out->push_back(id);
  });
  return hit;
}

}  // namespace

// Sessions of dropped trees, kept for the next ones of their kind (a list through nextFree): a
// tree made and dropped every frame then finds its arrays grown already and allocates nothing.
// Only sessions of kinds that are kept (kKept) whose arrays are small, up to a total.
// Roughly their bytes: the session, and under 300 a node, link, entry or id across a tree's arrays.
namespace {
constexpr size_t kKeepSession = size_t(64) << 10, kKeepAll = size_t(1) << 20;
Session* kept = nullptr;
size_t keptBytes = 0;

size_t heldBytes(Session& s) {
  size_t bytes = SIZE_MAX;
  visitTree<kKept>(s.tree, [&](auto& t) {
    bytes = sizeof(Session) + 300 * t.capacity() + 4 * (s.results.capacity() + s.scratchIds.capacity()) +
            8 * (s.scratch.capacity() + s.walk.capacity());
    return 0;
  });
  return bytes;
}

template <class T>
Session* takeKept() {
  for (Session** at = &kept; *at; at = &(*at)->nextFree) {
    Session* s = *at;
    if (!std::holds_alternative<T>(s->tree)) continue;
    keptBytes -= heldBytes(*s);
    *at = s->nextFree;
    s->nextFree = nullptr;
    return s;
  }
  return nullptr;
}

// A session of kind T: `reuse` or a kept one made as good as new (an empty tree with these
// numbers, no index, no pairs, a fresh reply), else a new one.
// (`reuse` of another kind is refused: 0.)
template <class T>
Handle create(const Rect& bounds, double maxObjects, double maxLevels, double level, Handle reuse) {
  Session* s = reuse ? &at(reuse) : takeKept<T>();
  if (!s) {
    if (!heapHasRoom(bytesForSession(0))) return 0;
    s = new Session(std::in_place_type<T>, bounds, maxObjects, maxLevels, level);
    if (std::get_if<T>(&s->tree)->outOfMemory()) {  // (no room for its root: node_tree.h)
      delete s;
      return 0;
    }
    return reinterpret_cast<Handle>(s);
  }
  T* t = std::get_if<T>(&s->tree);
  if (!t) return 0;
  t->reset(bounds, maxObjects, maxLevels, level);
  s->changedAll(false);
  s->freshReply();
  return reinterpret_cast<Handle>(s);
}
}  // namespace

size_t freeKeptSessions() {
  size_t freed = 0;
  for (; kept; ++freed) {
    Session* s = kept;
    kept = s->nextFree;
    delete s;
  }
  keptBytes = 0;
  return freed;
}

size_t bytesForSession(int32_t linearDepth) {
  const size_t bytes = sizeof(Session) + 8192;  // and the small first arrays of its tree
  return linearDepth > 0 ? bytes + LinearQuadtree::bytesFor(linearDepth) : bytes;
}

// A core without a kind has no call that makes one (abi.h's QT_CALLS says which core has which).
#if QT_HAS_RECTS
Handle sessionCreate(double x, double y, double w, double h, double maxObjects, double maxLevels,
                     double level, Handle reuse, int32_t kind) {
  switch (kind) {
    case kQuadtreeKind: return create<Quadtree>({x, y, w, h}, maxObjects, maxLevels, level, reuse);
    case kTutorialKind: return create<TutorialTree>({x, y, w, h}, maxObjects, maxLevels, level, reuse);
    default: return 0;
  }
}
#endif

#if QT_HAS_LINEAR
Handle sessionCreateLinear(double x, double y, double w, double h, int32_t depth) {
  const bool fitted = depth == kAutoDepth;
  if (!heapHasRoom(bytesForSession(fitted ? LinearQuadtree::unfittedDepth() : depth))) return 0;
  auto* s = new Session(std::in_place_type<LinearQuadtree>, Rect{x, y, w, h}, depth);
  if (fitted) std::get_if<LinearQuadtree>(&s->tree)->fitDepth();
  return reinterpret_cast<Handle>(s);
}
#endif

void sessionDestroy(Handle h) {
  Session* s = &at(h);
  const size_t bytes = heldBytes(*s);
  if (bytes <= kKeepSession && keptBytes + bytes <= kKeepAll) {
    s->exact.drop();  // not counted in its bytes: a kept session holds no index
    s->nextFree = kept;
    kept = s;
    keptBytes += bytes;
    return;
  }
  delete s;
}
Handle sessionReply(Handle s) { return reinterpret_cast<Handle>(&at(s).reply); }

int32_t sessionFlush(Handle h, int32_t count) {
  return onTree<kRects>(h, [&](Session& s, auto& t) {
    if (!settled(t)) return 0;
    StageBuffer& b = stageBuffer;
    const bool shapes = std::any_of(b.kinds, b.kinds + count, [](int32_t k) { return k != kShapeRect; });
    int32_t stored;
    if constexpr (has<std::decay_t<decltype(t)>>(kExactSelf)) {
      stored = t.insertAll(b.ids, b.rects, shapes ? b.kinds : nullptr, count);
    } else {
      const bool table = shapes || s.shapes.active();
      if (table && !s.shapes.bound(b.rects, b.shapes, b.ids, b.kinds, count)) return 0;
      stored = t.insertAll(b.ids, b.rects, count);
      if (table) s.shapes.record(b.shapes, b.ids, b.kinds, stored);
    }
    for (int32_t k = 0; k < stored; ++k) s.changed(t, b.ids[k]);
    return stored;
  });
}

int32_t sessionInsert(Handle h, int32_t node, int32_t id, double x, double y, double w, double hgt, int32_t kind) {
  return onTree<kNodes>(h, [&](Session& s, auto& t) {
    const Shape shape{x, y, w, hgt, kind};
    if (!settled(t) || !s.shapes.room(id, kind)) return kNoMemory;
    t.insert(node, id, boundingRect(shape));
    if (t.outOfMemory()) return kNoMemory;
    s.shapes.set(id, shape);
    s.changed(t, id);
    return 0;
  });
}

int32_t sessionContains(Handle h, int32_t id) {
  return onTree(h, [&](Session&, auto& t) { return int32_t(t.contains(id)); });
}

int32_t sessionRetrieve(Handle h, int32_t node, double x, double y, double w, double hgt, bool dedup) {
  return onTree<kNodes>(h, [&](Session& s, auto& t) {
    s.results.clear();
    s.reply.answerSlot = -1;
    if (!settled(t)) return kNoMemory;
    int32_t kept = -1;
    const Answer a = t.retrieve(node, {x, y, w, hgt}, dedup, s.results, &kept);
    if (a == Answer::kNoRoom) return kNoMemory;
    s.reply.answerSlot = kept;
    s.reply.answerFresh = a == Answer::kNew;
    return publish(s);
  });
}

int32_t sessionLocate(Handle h, int32_t node, double x, double y, double w, double hgt, bool dedup) {
  return onTree<kNodes>(h, [&](Session&, auto& t) {
    if (!settled(t)) return kNoNode;  // (retrieve() then says there is no room)
    return t.locate(node, {x, y, w, hgt}, dedup);
  });
}

int32_t sessionLeafGrid(Handle h) {
  return onTree<kLeafGrid>(h, [&](Session& s, auto& t) {
    settled(t);  // out of memory: the grid of the leaves as they are (the moves not yet placed)
    const Quadtree::LeafGrid g = t.leafGrid();
    s.reply.gridCells = Session::address(g.cells);
    s.reply.gridBounds = Session::address(g.bounds);
    s.reply.gridX = g.x;
    s.reply.gridY = g.y;
    s.reply.gridScaleX = g.scaleX;
    s.reply.gridScaleY = g.scaleY;
    return g.side;
  });
}

namespace {
// A listing into the results: `list(t, out)` grows them itself (false: no room).
template <unsigned Needs, class List>
int32_t listing(Handle h, List list) {
  return onTree<Needs>(h, [&](Session& s, auto& t) {
    s.results.clear();
    if (!settled(t) || !list(t, s.results)) return kNoMemory;
    return publish(s);
  });
}
}  // namespace

QT_COLD int32_t sessionAllObjects(Handle h, int32_t node) {  // (a listing: drawing, debugging)
  return listing<kNodes>(h, [&](auto& t, std::vector<int32_t>& out) { return t.allObjects(node, out); });
}

int32_t sessionNodeObjects(Handle h, int32_t node) {
  return listing<kNodes>(h, [&](auto& t, std::vector<int32_t>& out) { return t.nodeObjects(node, out); });
}

int32_t sessionPathObjects(Handle h, int32_t node) {
  return listing<kPaths>(h, [&](auto& t, std::vector<int32_t>& out) { return t.pathObjects(node, out); });
}

int32_t sessionPreorder(Handle h, int32_t node) {
  return listing<kPaths>(h, [&](auto& t, std::vector<int32_t>& out) { return t.preorder(node, out); });
}

int32_t sessionChildren(Handle h, int32_t node) {
  return onTree<kNodes>(h, [&](Session&, auto& t) {
    settled(t);  // out of memory: the node as it is
    return t.children(node);
  });
}

int32_t sessionNodeGeom(Handle h, int32_t node) {
  return onTree<kNodes>(h, [&](Session& s, auto& t) {
    const Rect& r = t.nodeRect(node);
    s.reply.nodeX = r.x;
    s.reply.nodeY = r.y;
    s.reply.nodeWidth = r.w;
    s.reply.nodeHeight = r.h;
    s.reply.nodeLevel = t.nodeLevel(node);
    return 0;
  });
}

int32_t sessionChildMask(double nx, double ny, double nw, double nh, double x, double y, double w,
                         double h) {
  return int32_t(childMask(Rect{nx, ny, nw, nh}, Rect{x, y, w, h}));
}

int32_t sessionTutorialIndex(double nx, double ny, double nw, double nh, double x, double y, double w,
                             double h) {
  return tutorialIndex(Rect{nx, ny, nw, nh}, Rect{x, y, w, h});
}

void sessionClear(Handle h) {
  onTree(h, [](Session& s, auto& t) {
    t.clear();
    s.changedAll(true);
    return 0;
  });
}

// QT_COLD (built small): calls no frame loop makes.
QT_COLD int32_t sessionClearNode(Handle h, int32_t node) {
  return onTree<kNodes>(h, [&](Session& s, auto& t) {
    settled(t);  // out of memory: the objects not re-placed are cleared where they are
    t.clearNode(node);
    s.changedAll(false);
    return 0;
  });
}

QT_COLD void sessionStats(Handle h) {
  onTree(h, [](Session& s, auto& t) {
    settled(t);
    const Stats st = t.stats();
    s.reply.nodes = st.nodes;
    s.reply.leaves = st.leaves;
    s.reply.depth = st.depth;
    s.reply.references = st.references;
    s.reply.objects = st.objects;
    return 0;
  });
}

namespace {
// The exact index holds every object the exact queries see (session.h's eachExact()) at its
// latest shape (a NaN number as anything), and no other; its tree holds each shape by its
// bounding rect.
bool indexHolds(LinearQuadtree& x, const Session& s, const Session::ExactSource& e) {
  auto same = [](double a, double b) { return a == b || a != a; };
  if (!x.validate()) return false;
  int32_t seen = 0;
  bool holds = true;
  s.eachExact(e, [&](int32_t id, const Shape& a) {
    ++seen;
    if (!holds || !x.contains(id)) return void(holds = false);
    const Shape b = x.shapeOf(id);
    if (a.kind != b.kind || !same(a.a, b.a) || !same(a.b, b.b) || !same(a.c, b.c) || !same(a.d, b.d)) holds = false;
    // (anyNumbers: a tree that places by shape, quadtree-ts's, keeps no rect for a circle or a
    // line: TsTree::keep())
    if (a.kind != kShapeRect && !e.anyNumbers && !same(boundingRect(a).x, e.objects->rects[size_t(id)].x))
      holds = false;
  });
  return holds && x.size() == seen;
}
}  // namespace

QT_COLD int32_t sessionValidate(Handle h) {
  const int32_t valid = onTree(h, [](Session& s, auto& t) {
    if (!heapHasRoom(t.validateBytes())) {
      s.release();  // (a full heap: room from what the session makes again when needed)
      if (!heapHasRoom(t.validateBytes())) return kNoMemory;
    }
    return int32_t(t.validate());
  });
  if (valid != 1) return valid;
  Session& s = at(h);
  const Session::ExactSource e = exactSource(h);
  if (!e.self && !e.objects) return 1;  // (no exact queries)
  LinearQuadtree* x = s.exactTree(e.self);
  if (x && !e.self && !s.exact.stale()) {
    if (!heapHasRoom(x->validateBytes())) return kNoMemory;
    if (!indexHolds(*x, s, e)) return 0;
  }
  // The pair cache must have heard of every change: one that bypassed changed() shows up here.
  return int32_t(!x || s.pairCache.agrees(x->version()));
}

int32_t sessionRemove(Handle h, int32_t id) {
  return onTree<kRects>(h, [&](Session& s, auto& t) {
    if (!t.remove(id)) return 0;
    s.changed(t, id);
    return 1;
  });
}

int32_t sessionUpdate(Handle h, int32_t id, double x, double y, double w, double hgt, int32_t kind) {
  return onTree<kRects>(h, [&](Session& s, auto& t) {
    if (!placeShape(s, t, id, Shape{x, y, w, hgt, kind})) return kNoMemory;
    s.changed(t, id);
    return 1;
  });
}

Handle sessionScratch(Handle h, int32_t count) {
  Session& s = at(h);
  if (!growTo(s.scratch, size_t(count) * 4) || !growTo(s.scratchIds, size_t(count)) ||
      !growTo(s.scratchKinds, size_t(count)))
    return 0;
  if (s.scratch.size() < size_t(count) * 4) s.scratch.resize(size_t(count) * 4);
  if (s.scratchIds.size() < size_t(count)) s.scratchIds.resize(size_t(count));
  if (s.scratchKinds.size() < size_t(count)) s.scratchKinds.resize(size_t(count));
  s.reply.scratchIds = Session::address(s.scratchIds.data());
  s.reply.scratchKinds = Session::address(s.scratchKinds.data());
  onTree<kRects>(h, [](Session& s, auto& t) {
    s.reply.rectTable = Session::address(t.rectTable());
    s.reply.rectTableSize = int32_t(t.rectTableSize());
    const ShapeTable& shapes = s.shapesOf(t);
    s.reply.shapeTable = shapes.active() ? Session::address(shapes.table()) : 0;
    s.reply.shapeTableSize = int32_t(shapes.span());
    return 0;
  });
  return reinterpret_cast<Handle>(s.scratch.data());
}

int32_t sessionRefresh(Handle h, int32_t count, bool shapes) {
  return onTree<kRects>(h, [&](Session& s, auto& t) {
    s.changingMany(t, count);
    int32_t moved = 0;
    const double* r = s.scratch.data();
    const bool asShapes = shapes || s.shapesOf(t).active();  // (placing rects leaves the table as it is)
    for (int32_t i = 0; i < count; ++i, r += 4) {
      const int32_t id = s.scratchIds[size_t(i)];
      if (!t.contains(id)) continue;
      if (asShapes) {
        if (!placeShape(s, t, id, Shape{r[0], r[1], r[2], r[3], shapes ? s.scratchKinds[size_t(i)] : kShapeRect}))
          return kNoMemory;
      } else {  // (a tree of rects: the frame loop as it was before shapes)
        move(t, id, Rect{r[0], r[1], r[2], r[3]});
        if (t.outOfMemory()) return kNoMemory;
      }
      s.changed(t, id);
      ++moved;
    }
    return moved;
  });
}

int32_t sessionRefreshTutorial(Handle h, int32_t changed, int32_t dead, bool shapes) {
  return onTree<kPaths>(h, [&](Session& s, auto& t) {
    if (changed < 0 || dead < 0 || size_t(changed) + size_t(dead) > s.scratchIds.size()) return 0;
    const int32_t* ids = s.scratchIds.data();
    const bool table = shapes || s.shapes.active();
    const int32_t* kinds = shapes ? s.scratchKinds.data() : nullptr;
    if (table) {  // the shapes' numbers kept, scratch given their rects
      if (!growTo(s.shapeNumbers, 4 * size_t(changed))) return kNoMemory;
      s.shapeNumbers.resize(std::max(s.shapeNumbers.size(), 4 * size_t(changed)));
      if (!s.shapes.bound(s.scratch.data(), s.shapeNumbers.data(), ids, kinds, changed)) return kNoMemory;
    }
    s.changingMany(t, changed + dead);
    const int32_t removed = t.refresh(ids, s.scratch.data(), changed, ids + changed, dead);
    if (t.outOfMemory()) return kNoMemory;
    if (table) s.shapes.record(s.shapeNumbers.data(), ids, kinds, changed);
    for (int32_t i = 0; i < changed; ++i) s.changed(t, ids[i]);
    for (int32_t id : t.removedIds()) s.changed(t, id);
    return removed;
  });
}

int32_t sessionSetRects(Handle h, int32_t count, int32_t kind) {
  return onTree<kRects>(h, [&](Session& s, auto& t) {
    s.changingMany(t, count);
    for (int32_t i = 0; i < count; ++i) {
      const double* r = s.scratch.data() + 4 * size_t(i);
      const int32_t id = s.scratchIds[size_t(i)];
      if (!placeShape(s, t, id, Shape{r[0], r[1], r[2], r[3], kind})) return i;
      s.changed(t, id);
    }
    return count;
  });
}

// search() and collides() read the exact index; without room to make it, every object.
int32_t sessionSearch(Handle h, double x, double y, double w, double hgt, int32_t kind) {
  Session& s = at(h);
  const Shape q{x, y, w, hgt, kind};
  const Session::ExactSource e = exactSource(h);
  if (!e.self && !e.objects) return kUnsupported;
  s.results.clear();
  LinearQuadtree* index = exactFor(s, e);
  // A still index of rects writes its ids in place (without room for them, the usual way below).
  if (index && kind == kShapeRect && index->readsRectRuns() && sizedTo(s.hits, index->idSpan()))
    return searchStill(s, *index, Rect{x, y, w, hgt}, true);
  if (!growTo(s.results, index ? index->idSpan() : e.objects->span())) return kNoMemory;
  if (index) index->searchShape(q, s.results);
  else scanAll(s, e, q, &s.results);
  return publish(s);
}

int32_t sessionCollides(Handle h, double x, double y, double w, double hgt, int32_t kind) {
  const Shape q{x, y, w, hgt, kind};
  const Session::ExactSource e = exactSource(h);
  if (!e.self && !e.objects) return kUnsupported;
  LinearQuadtree* index = exactFor(at(h), e);
  if (index && kind == kShapeRect && index->readsRectRuns()) return searchStill(at(h), *index, Rect{x, y, w, hgt}, false);
  return index ? index->collidesShape(q) : scanAll(at(h), e, q, nullptr);
}

// nearest() and raycast() walk the exact index (no scan stands in when there is no room for it).
int32_t sessionNearest(Handle h, double x, double y, int32_t k, double maxDistance) {
  Session& s = at(h);
  s.results.clear();
  const Session::ExactSource e = exactSource(h);
  if (!e.self && !e.objects) return kUnsupported;
  LinearQuadtree* index = exactFor(s, e);
  if (!index || !growTo(s.results, std::min(size_t(std::max(k, 0)), index->idSpan()))) return kNoMemory;
  if (!index->nearest(x, y, k, maxDistance, s.results)) return kNoMemory;
  return publish(s);
}

int32_t sessionRaycast(Handle h, double x, double y, double dx, double dy, double maxDistance) {
  Session& s = at(h);
  const Session::ExactSource e = exactSource(h);
  if (!e.self && !e.objects) return kUnsupported;
  LinearQuadtree* index = exactFor(s, e);
  const double length = std::hypot(dx, dy);
  int32_t id = kNoNode;
  double distance = 0;
  if (!index || !index->raycast(x, y, dx / length, dy / length, maxDistance, id, distance)) return kNoMemory;
  s.reply.hitDistance = distance;
  return id;
}

int32_t sessionPairs(Handle h) {
  Session& s = at(h);
  s.results.clear();
  const Session::ExactSource e = exactSource(h);
  if (!e.self && !e.objects) return kUnsupported;
  LinearQuadtree* x = s.exactTree(e.self);
  // An index left behind by a refresh() of most objects (exact_index.h) stays behind when every
  // pair is computed afresh: from the objects' own rects and shapes. (Only re-searches call
  // contains().)
  const ObjectTable* behind = x && !e.self && s.exact.stale() && s.pairCache.recomputes(e.objects->count) ? e.objects : nullptr;
  if (!behind) x = exactFor(s, e);
  const bool room = x && s.pairCache.pairs(
      *x, behind ? behind->count : x->size(), behind ? behind->span() : x->idSpan(),
      [&](int32_t id) { return x->contains(id); },
      [&](std::vector<int32_t>& out) {
        if (behind) x->pairsOf(behind->rects.data(), behind->first.data(), int32_t(behind->span()), out,
                               s.shapes.active() ? &s.shapes : nullptr);
        else x->pairs(out);
        return !x->outOfMemory();
      },
      s.results);
  if (!room) {
    s.results.clear();
    return kNoMemory;
  }
  return publish(s) / 2;
}

QT_COLD int32_t sessionNodeWalk(Handle h) {
  return onTree(h, [](Session& s, auto& t) {
    s.walk.clear();
    if (!settled(t) || !t.nodeWalk(s.walk)) return kNoMemory;
    s.reply.walk = Session::address(s.walk.data());
    return int32_t(s.walk.size() / kWalkRow);
  });
}

// The quadtree-ts calls (kShapes: ts_tree.h).
namespace {
// The end of a call that may drop objects: which left the tree, for the facade to forget.
void reportLost(Session& s, const std::vector<int32_t>& lost) {
  s.reply.lostIds = Session::address(lost.data());
  s.reply.lostCount = int32_t(lost.size());
}
// What a change that went through did to the objects, heard by the session's exact index and
// pair cache (the cores that answer a TsTree's exact queries): the shapes read, the ids gone.
void heard(Session& s, TsTree& t) {
#if QT_TS_EXACT
  for (int32_t id : t.reshaped()) s.changed(t, id);
  for (int32_t id : t.lostIds()) s.changed(t, id);
#else
  (void)s, (void)t;
#endif
}
// A resumable insert's step as the facade reads it: 0 done, n > 0 the n ids whose shapes it
// wants (results), or kNoMemory (the call changed nothing).
int32_t stepOut(Session& s, TsTree& t, TsTree::Step step) {
  s.reply.lostCount = 0;
  if (step == TsTree::Step::kNoRoom) return kNoMemory;
  if (step == TsTree::Step::kNeedShapes) {
    s.reply.results = Session::address(t.wanted().data());
    s.reply.resultCount = int32_t(t.wanted().size());
    return s.reply.resultCount;
  }
  reportLost(s, t.lostIds());
  heard(s, t);
  return 0;
}
}  // namespace

#if QT_HAS_TS
Handle sessionCreateTs(double x, double y, double w, double h, double maxObjects, double minLevels, double maxLevels,
                       Handle reuse) {
  if (reuse && !std::holds_alternative<TsTree>(at(reuse).tree)) return 0;
  if (Session* kept = reuse ? &at(reuse) : takeKept<TsTree>()) {
    if (std::get_if<TsTree>(&kept->tree)->reset(Rect{x, y, w, h}, maxObjects, minLevels, maxLevels)) {
      kept->changedAll(false);
      kept->freshReply();
      return reinterpret_cast<Handle>(kept);
    }
    delete kept;  // (no room for its skeleton: as a new one would find)
  }
  if (!heapHasRoom(bytesForSession(0))) return 0;
  auto* s = new Session(std::in_place_type<TsTree>, Rect{x, y, w, h}, maxObjects, minLevels, maxLevels);
  if (std::get_if<TsTree>(&s->tree)->outOfMemory()) {  // (no room for its root or skeleton)
    delete s;
    return 0;
  }
  return reinterpret_cast<Handle>(s);
}
#endif

int32_t sessionTsInsert(Handle h, int32_t id, int32_t kind, double a, double b, double c, double d) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    if (id < 0 || id > kMaxId) return kNoMemory;
    return stepOut(s, t, t.insert(id, Shape{a, b, c, d, kind}));
  });
}

int32_t sessionTsResume(Handle h, int32_t count) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    const std::vector<int32_t>& wanted = t.wanted();
    if (count != int32_t(wanted.size()) || s.scratch.size() < 4 * size_t(count) || s.scratchIds.size() < size_t(count)) {
      t.abandon();
      return kNoMemory;
    }
    for (int32_t k = 0; k < count; ++k) {
      const double* r = s.scratch.data() + 4 * size_t(k);
      t.supply(wanted[size_t(k)], Shape{r[0], r[1], r[2], r[3], s.scratchIds[size_t(k)]});
    }
    return stepOut(s, t, t.resume());
  });
}

int32_t sessionTsAbandon(Handle h) {
  return onTree<kShapes>(h, [](Session&, TsTree& t) {
    t.abandon();
    return 0;
  });
}

int32_t sessionTsRetrieve(Handle h, int32_t kind, double a, double b, double c, double d) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    s.results.clear();
    if (!t.retrieve(Shape{a, b, c, d, kind}, s.results)) return kNoMemory;
    return publish(s);
  });
}

int32_t sessionTsLocate(Handle h, int32_t kind, double a, double b, double c, double d) {
  return onTree<kShapes>(h, [&](Session&, TsTree& t) { return t.locate(Shape{a, b, c, d, kind}); });
}

int32_t sessionTsAnswer(Handle h, int32_t node) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    s.results.clear();
    if (!t.isNode(node) || !t.distinctObjects(node, s.results)) return kNoMemory;
    return publish(s);
  });
}

int32_t sessionTsRemove(Handle h, int32_t id, int32_t fast) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    const int32_t was = t.remove(id, fast != 0);
    reportLost(s, t.lostIds());
    heard(s, t);
    return was;
  });
}

int32_t sessionTsJoin(Handle h) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    s.results.clear();
    if (!t.joinList(s.results)) return kNoMemory;
    return publish(s);
  });
}

int32_t sessionTsLists(Handle h) {
  return onTree<kShapes>(h, [&](Session& s, TsTree& t) {
    s.results.clear();
    if (!t.preorderLists(s.results)) return kNoMemory;
    return publish(s);
  });
}

}  // namespace qt
