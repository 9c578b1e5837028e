#include "boundary.h"

#include "memory_guard.h"

#include <algorithm>

namespace qt {

StageBuffer stageBuffer;

QT_COLD void Session::changingMany(int32_t count) {
  if (!linear && exact.tree() && 2 * int64_t(count) > exact.tree()->size()) exact.defer();
}

namespace {
Session& at(Handle s) { return *reinterpret_cast<Session*>(s); }

// Runs `f` on whichever tree the session has; for the calls every kind shares.
template <class F>
auto onTree(Session& s, F f) {
  if (s.linear) return f(*s.linear);
  if (s.tutorial) return f(*s.tutorial);
  return f(s.tree);
}

bool outOfMemory(Session& s) {
  return onTree(s, [](auto& t) { return t.outOfMemory(); });
}

// Room for `n` results before a query fills them (queries themselves never allocate).
bool roomForResults(Session& s, size_t n) { return growTo(s.results, n); }

int32_t address(const void* p) { return int32_t(reinterpret_cast<uintptr_t>(p)); }

int32_t publish(Session& s) {
  s.reply.results = address(s.results.data());
  s.reply.resultCount = int32_t(s.results.size());
  return s.reply.resultCount;
}

// A Quadtree's leaves brought up to date with the moves it was told of (Quadtree::moveLater),
// before a call that reads or changes them. False: out of memory (the objects not re-placed keep
// their previous places).
__attribute__((noinline)) bool settleNow(Session& s) {  // one copy, not one per call
  if (s.tree.settle()) return true;
  s.tree.outOfMemory();  // reported here, not by the call that follows
  return false;
}
bool settled(Session& s) { return s.linear || s.tutorial || s.tree.settled() || settleNow(s); }

// Sets the rect of present object `id`: a Quadtree re-places it when its leaves are next read.
template <class Tree>
void move(Tree& t, int32_t id, const Rect& r) {
  t.update(id, r);
}
template <>
void move(Quadtree& t, int32_t id, const Rect& r) {
  if (!t.moveLater(id, r)) t.update(id, r);
}

// A compat tree's objects as the exact queries read them, the same for both kinds (one copy of
// each loop over them): id `i` below `span` is present when `first[i] >= 0`, at `rects[i]`.
struct Objects {
  const Rect* rects;
  const int32_t* first;
  int32_t span, count;
  Rect bounds;  // the root's
};
Objects objectsOf(const Session& s) {
  if (s.tutorial) {
    const TutorialTree& t = *s.tutorial;
    return {t.rectTable(), t.firstEntries(), int32_t(t.idSpan()), t.size(), t.nodeRect(t.root())};
  }
  return {s.tree.rectTable(), s.tree.firstEntries(), int32_t(s.tree.idSpan()), s.tree.size(), s.tree.nodeRect(0)};
}

// The exact queries' tree, made current (exact_index.h); null: no room for it.
LinearQuadtree* exactFor(Session& s) {
  if (s.linear) return s.linear.get();
  const Objects o = objectsOf(s);
  const bool ok = s.exact.ensure(o.count, o.bounds, [&](auto visit) {
    for (int32_t id = 0; id < o.span; ++id)
      if (o.first[id] >= 0) visit(id, o.rects[id]);
  });
  return ok ? s.exactTree() : nullptr;
}

// Without room for an exact index, search() and collides() still answer, by testing every
// object's rect (slower, as exact): a full heap leaves the tree usable. Stops at the first hit
// when `out` is null; returns whether there was one.
bool scanAll(const Session& s, const Rect& q, std::vector<int32_t>* out) {
  const Objects o = objectsOf(s);
  for (int32_t id = 0; id < o.span; ++id) {
    if (o.first[id] < 0 || !overlaps(o.rects[id], q)) continue;
    if (!out) return true;
    out->push_back(id);
  }
  return out && !out->empty();
}
}  // namespace

// Sessions of dropped Quadtree trees, kept for the next ones (a list through nextFree): a tree
// made and dropped every frame then finds its arrays grown already and allocates nothing. Only
// sessions whose arrays are small, up to a total. Roughly their bytes: the session, and under 300
// a node, link, entry or id across a tree's arrays.
namespace {
constexpr size_t kKeepSession = size_t(64) << 10, kKeepAll = size_t(1) << 20;
Session* kept = nullptr;
size_t keptBytes = 0;

size_t heldBytes(const Session& s) {
  return sizeof(Session) + 300 * s.tree.capacity() + 4 * (s.results.capacity() + s.scratchIds.capacity()) +
         8 * (s.scratch.capacity() + s.walk.capacity());
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

size_t bytesForSession(int32_t linearDepth, bool tutorial) {
  const size_t bytes = sizeof(Session) + 8192;  // and the small first arrays of its tree
  if (tutorial) return bytes + sizeof(TutorialTree);
  return linearDepth > 0 ? bytes + LinearQuadtree::bytesFor(linearDepth) : bytes;
}

Handle sessionCreate(double x, double y, double w, double h, double maxObjects, double maxLevels,
                     double level, Handle reuse, bool tutorial) {
  Session* s = reuse ? &at(reuse) : tutorial ? nullptr : kept;
  if (s) {  // as good as new: an empty tree with these numbers, no index, no pairs, a fresh reply
    if (!reuse) {
      kept = s->nextFree;
      keptBytes -= heldBytes(*s);
      s->nextFree = nullptr;
    }
    if (tutorial) s->tutorial->reset({x, y, w, h}, maxObjects, maxLevels, level);
    else s->tree.reset({x, y, w, h}, maxObjects, maxLevels, level);
    s->changedAll(false);
    s->freshReply();
  } else {
    if (!heapHasRoom(bytesForSession(0, tutorial))) return 0;
    if (tutorial) {
      s = new Session({x, y, w, h}, 1, 0, 0);  // (its Quadtree stays empty)
      s->tutorial = std::make_unique<TutorialTree>(Rect{x, y, w, h}, maxObjects, maxLevels, level);
    } else {
      s = new Session({x, y, w, h}, maxObjects, maxLevels, level);
    }
  }
  s->reply.version = address(tutorial ? s->tutorial->versionAt() : s->tree.versionAt());
  return reinterpret_cast<Handle>(s);
}

Handle sessionCreateLinear(double x, double y, double w, double h, int32_t depth) {
  if (!heapHasRoom(bytesForSession(depth))) return 0;
  auto* s = new Session({x, y, w, h}, 1, 0, 0);
  s->linear = std::make_unique<LinearQuadtree>(Rect{x, y, w, h}, depth);
  s->reply.version = address(s->linear->versionAt());
  return reinterpret_cast<Handle>(s);
}

void sessionDestroy(Handle h) {
  Session* s = &at(h);
  const size_t bytes = s->linear || s->tutorial ? SIZE_MAX : heldBytes(*s);
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
  Session& s = at(h);
  if (!settled(s)) return 0;
  const int32_t* ids = stageBuffer.ids;
  int32_t i = 0;
  if (!s.linear && !s.tutorial) {
    i = s.tree.insertBatch(ids, stageBuffer.rects, count);
    for (int32_t k = 0; k < i; ++k) s.changed(ids[k]);
  }
  for (; i < count; ++i) {
    const double* r = stageBuffer.rects + 4 * i;
    if (s.linear) s.linear->insert(ids[i], {r[0], r[1], r[2], r[3]});
    else if (s.tutorial) s.tutorial->insert(s.tutorial->root(), ids[i], {r[0], r[1], r[2], r[3]});
    else s.tree.insert(s.tree.root(), ids[i], {r[0], r[1], r[2], r[3]});
    if (outOfMemory(s)) return i;
    s.changed(ids[i]);
  }
  return count;
}

int32_t sessionInsert(Handle h, int32_t node, int32_t id, double x, double y, double w, double hgt) {
  Session& s = at(h);
  if (!settled(s)) return kNoMemory;
  if (s.tutorial) s.tutorial->insert(node, id, {x, y, w, hgt});
  else s.tree.insert(node, id, {x, y, w, hgt});
  if (outOfMemory(s)) return kNoMemory;
  s.changed(id);
  return 0;
}

int32_t sessionContains(Handle s, int32_t id) {
  return onTree(at(s), [&](auto& t) { return t.contains(id); });
}

int32_t sessionRetrieve(Handle h, int32_t node, double x, double y, double w, double hgt,
                        bool dedup) {
  Session& s = at(h);
  s.results.clear();
  s.reply.answerSlot = -1;
  if (s.tutorial) {  // findObjects: the path, deepest node first (no de-duplication)
    if (!roomForResults(s, s.tutorial->linkCount())) return kNoMemory;
    s.tutorial->findObjects(node, {x, y, w, hgt}, s.results);
    return publish(s);
  }
  if (!settled(s)) return kNoMemory;
  if (node == s.tree.root() && dedup) {
    int32_t kept = -1;
    const Quadtree::Answer a = s.tree.retrieveRoot({x, y, w, hgt}, s.results, kept);
    if (a == Quadtree::Answer::kNoRoom) return kNoMemory;
    s.reply.answerSlot = kept;
    s.reply.answerFresh = a == Quadtree::Answer::kNew;
    return publish(s);
  }
  if (!s.tree.retrieve(node, {x, y, w, hgt}, dedup, s.results)) return kNoMemory;
  return publish(s);
}

int32_t sessionLocate(Handle h, int32_t node, double x, double y, double w, double hgt, bool dedup) {
  Session& s = at(h);
  // The tutorial tree's answer is the path up from where the rect stops: a caller may reuse it.
  if (s.tutorial) return s.tutorial->home(node, {x, y, w, hgt});
  if (!settled(s)) return -1;  // (retrieve() then says there is no room)
  return s.tree.locate(node, {x, y, w, hgt}, dedup);
}

int32_t sessionLeafGrid(Handle h) {
  Session& s = at(h);
  settled(s);  // out of memory: the grid of the leaves as they are (the moves not yet placed)
  const Quadtree::LeafGrid g = s.tree.leafGrid();
  s.reply.gridCells = address(g.cells);
  s.reply.gridBounds = address(g.bounds);
  s.reply.gridX = g.x;
  s.reply.gridY = g.y;
  s.reply.gridScaleX = g.scaleX;
  s.reply.gridScaleY = g.scaleY;
  return g.side;
}

int32_t sessionAllObjects(Handle h, int32_t node) {
  Session& s = at(h);
  s.results.clear();
  if (s.tutorial) {  // every entry, children first
    if (!roomForResults(s, s.tutorial->linkCount())) return kNoMemory;
    s.tutorial->allObjects(node, s.results);
    return publish(s);
  }
  if (!settled(s) || !roomForResults(s, s.tree.idSpan())) return kNoMemory;
  s.tree.allObjects(node, s.results);
  return publish(s);
}

int32_t sessionNodeObjects(Handle h, int32_t node) {
  Session& s = at(h);
  s.results.clear();
  if (!settled(s) || !roomForResults(s, s.tutorial ? s.tutorial->linkCount() : size_t(s.tree.listLength(node)))) return kNoMemory;
  if (s.tutorial) s.tutorial->nodeObjects(node, s.results);
  else s.tree.nodeObjects(node, s.results);
  return publish(s);
}

int32_t sessionPreorder(Handle h, int32_t node) {
  Session& s = at(h);
  s.results.clear();
  if (!s.tutorial) return 0;
  if (!roomForResults(s, s.tutorial->linkCount())) return kNoMemory;
  s.tutorial->preorder(node, s.results);
  return publish(s);
}

int32_t sessionPathObjects(Handle h, int32_t node) {
  Session& s = at(h);
  s.results.clear();
  if (s.tutorial) {
    if (!roomForResults(s, s.tutorial->linkCount())) return kNoMemory;
    s.tutorial->pathObjects(node, s.results);
  }
  return publish(s);
}

int32_t sessionChildren(Handle h, int32_t node) {
  Session& s = at(h);
  settled(s);  // out of memory: the node as it is
  return s.tutorial ? s.tutorial->children(node) : s.tree.children(node);
}

void sessionNodeGeom(Handle h, int32_t node) {
  Session& s = at(h);
  const Rect& r = s.tutorial ? s.tutorial->nodeRect(node) : s.tree.nodeRect(node);
  s.reply.nodeX = r.x;
  s.reply.nodeY = r.y;
  s.reply.nodeWidth = r.w;
  s.reply.nodeHeight = r.h;
  s.reply.nodeLevel = s.tutorial ? s.tutorial->nodeLevel(node) : s.tree.nodeLevel(node);
}

int32_t sessionChildMask(double nx, double ny, double nw, double nh, double x, double y, double w,
                         double h) {
  return int32_t(childMask(Rect{nx, ny, nw, nh}, Rect{x, y, w, h}));
}

int32_t sessionTutorialIndex(double nx, double ny, double nw, double nh, double x, double y, double w,
                             double h) {
  return tutorialIndex(Rect{nx, ny, nw, nh}, Rect{x, y, w, h});
}

void sessionClear(Handle s) {
  onTree(at(s), [](auto& t) { t.clear(); });
  at(s).changedAll(true);
}

// QT_COLD (built small): calls no frame loop makes, as the -Os files' (CMakeLists.txt).
QT_COLD void sessionClearNode(Handle s, int32_t node) {
  settled(at(s));  // out of memory: the objects not re-placed are cleared where they are
  if (at(s).tutorial) at(s).tutorial->clearNode(node);
  else at(s).tree.clearNode(node);
  at(s).changedAll(false);
}

QT_COLD void sessionStats(Handle h) {
  Session& s = at(h);
  settled(s);
  const Stats st = onTree(s, [](auto& t) { return t.stats(); });
  s.reply.nodes = st.nodes;
  s.reply.leaves = st.leaves;
  s.reply.depth = st.depth;
  s.reply.references = st.references;
  s.reply.objects = st.objects;
}

QT_COLD int32_t sessionValidate(Handle h) {
  Session& s = at(h);
  const int32_t valid = onTree(s, [&](auto& t) {
    return heapHasRoom(t.validateBytes()) ? int32_t(t.validate()) : kNoMemory;
  });
  if (valid != 1) return valid;
  LinearQuadtree* x = s.exactTree();
  if (x && !s.linear && !s.exact.stale()) {  // the exact index must hold every object at its latest rect, and no other
    if (!heapHasRoom(x->validateBytes())) return kNoMemory;
    const Objects o = objectsOf(s);
    if (!x->validate() || x->size() != o.count) return 0;
    for (int32_t id = 0; id < o.span; ++id) {
      if (o.first[id] < 0) continue;
      const Rect &a = o.rects[id], &b = x->rectOf(id);
      if (!x->contains(id) || !(a.x == b.x || a.x != a.x) || !(a.y == b.y || a.y != a.y) ||
          !(a.w == b.w || a.w != a.w) || !(a.h == b.h || a.h != a.h))
        return 0;
    }
  }
  // The pair cache must have heard of every change: one that bypassed changed() shows up here.
  return int32_t(!x || s.pairCache.agrees(x->version()));
}

int32_t sessionRemove(Handle h, int32_t id) {
  Session& s = at(h);
  if (!onTree(s, [&](auto& t) { return t.remove(id); })) return 0;
  s.changed(id);
  return 1;
}

int32_t sessionUpdate(Handle h, int32_t id, double x, double y, double w, double hgt) {
  Session& s = at(h);
  const bool present = onTree(s, [&](auto& t) { return t.contains(id); });
  if (!present && !settled(s)) return kNoMemory;
  onTree(s, [&](auto& t) { present ? move(t, id, Rect{x, y, w, hgt}) : void(t.update(id, Rect{x, y, w, hgt})); });
  if (outOfMemory(s)) return kNoMemory;
  s.changed(id);
  return 1;
}

Handle sessionScratch(Handle h, int32_t count) {
  Session& s = at(h);
  if (!growTo(s.scratch, size_t(count) * 4) || !growTo(s.scratchIds, size_t(count))) return 0;
  if (s.scratch.size() < size_t(count) * 4) s.scratch.resize(size_t(count) * 4);
  if (s.scratchIds.size() < size_t(count)) s.scratchIds.resize(size_t(count));
  s.reply.scratchIds = address(s.scratchIds.data());
  onTree(s, [&](auto& t) {
    s.reply.rectTable = address(t.rectTable());
    s.reply.rectTableSize = int32_t(t.rectTableSize());
    return 0;
  });
  return reinterpret_cast<Handle>(s.scratch.data());
}

int32_t sessionRefresh(Handle h, int32_t count) {
  Session& s = at(h);
  // One loop per kind of tree, so the per-object work is the tree's own, inlined.
  s.changingMany(count);
  return onTree(s, [&](auto& t) {
    int32_t moved = 0;
    const double* r = s.scratch.data();
    for (int32_t i = 0; i < count; ++i, r += 4) {
      const int32_t id = s.scratchIds[size_t(i)];
      if (!t.contains(id)) continue;
      move(t, id, Rect{r[0], r[1], r[2], r[3]});
      if (t.outOfMemory()) return kNoMemory;
      s.changed(id);
      ++moved;
    }
    return moved;
  });
}

int32_t sessionRefreshTutorial(Handle h, int32_t changed, int32_t dead) {
  Session& s = at(h);
  if (!s.tutorial || changed < 0 || dead < 0 || size_t(changed) + size_t(dead) > s.scratchIds.size()) return 0;
  const int32_t* ids = s.scratchIds.data();
  s.changingMany(changed + dead);
  const int32_t removed = s.tutorial->refresh(ids, s.scratch.data(), changed, ids + changed, dead);
  if (s.tutorial->outOfMemory()) return kNoMemory;
  for (int32_t i = 0; i < changed; ++i) s.changed(ids[i]);
  for (int32_t id : s.tutorial->removedIds()) s.changed(id);
  return removed;
}

int32_t sessionSetRects(Handle h, int32_t count) {
  Session& s = at(h);
  s.changingMany(count);
  for (int32_t i = 0; i < count; ++i) {
    const double* r = s.scratch.data() + 4 * size_t(i);
    const int32_t id = s.scratchIds[i];
    const bool present = onTree(s, [&](auto& t) { return t.contains(id); });
    if (!present && !settled(s)) return i;
    onTree(s, [&](auto& t) { present ? move(t, id, Rect{r[0], r[1], r[2], r[3]}) : void(t.update(id, Rect{r[0], r[1], r[2], r[3]})); });
    if (outOfMemory(s)) return i;
    s.changed(s.scratchIds[i]);
  }
  return count;
}

int32_t sessionSearch(Handle h, double x, double y, double w, double hgt) {
  Session& s = at(h);
  s.results.clear();
  LinearQuadtree* t = exactFor(s);
  if (!roomForResults(s, t ? t->idSpan() : size_t(objectsOf(s).span))) return kNoMemory;
  if (t) t->search(Rect{x, y, w, hgt}, s.results);
  else scanAll(s, Rect{x, y, w, hgt}, &s.results);
  return publish(s);
}

int32_t sessionCollides(Handle h, double x, double y, double w, double hgt) {
  LinearQuadtree* t = exactFor(at(h));
  return t ? t->collides(Rect{x, y, w, hgt}) : scanAll(at(h), Rect{x, y, w, hgt}, nullptr);
}

int32_t sessionPairs(Handle h) {
  Session& s = at(h);
  s.results.clear();
  const Objects o = objectsOf(s);
  LinearQuadtree* t = s.exactTree();
  // An index left behind by a refresh() of most objects (exact_index.h) stays behind when every
  // pair is computed afresh: from the objects' own rects. (Only re-searches call contains().)
  const bool behind = t && s.exact.stale() && s.pairCache.recomputes(o.count);
  if (!behind) t = exactFor(s);
  const bool room = t && s.pairCache.pairs(
      *t, behind ? o.count : t->size(), behind ? size_t(o.span) : t->idSpan(), [&](int32_t id) { return t->contains(id); },
      [&](std::vector<int32_t>& out) {
        if (behind) t->pairsOf(o.rects, o.first, o.span, out);
        else t->pairs(out);
        return !t->outOfMemory();
      },
      s.results);
  if (!room) {
    s.results.clear();
    return kNoMemory;
  }
  return publish(s) / 2;
}

QT_COLD int32_t sessionNodeWalk(Handle h) {
  Session& s = at(h);
  s.walk.clear();
  if (!settled(s)) return kNoMemory;
  if (s.linear) {
    // The linear tree lists (level, x, y, w, h, count), depth-first: a node is a leaf unless the
    // next one is its child. Widened in place to the quadtree's seven numbers, last row first.
    if (!growTo(s.walk, kWalkRow * s.linear->occupiedBound())) return kNoMemory;
    s.linear->nodes(s.walk);
    const size_t rows = s.walk.size() / 6;
    s.walk.resize(rows * 7);
    double* w = s.walk.data();
    for (size_t i = rows; i-- > 0;) {
      const double level = w[6 * i];
      const bool leaf = i + 1 == rows || w[7 * (i + 1)] != level + 1;
      for (int k = 5; k >= 0; --k) w[7 * i + k] = w[6 * i + k];
      w[7 * i + 6] = leaf ? 1 : 0;
    }
  } else if (s.tutorial) {
    if (!growTo(s.walk, kWalkRow * s.tutorial->nodeCount())) return kNoMemory;
    s.tutorial->nodeWalk(s.walk);
  } else {
    if (!growTo(s.walk, kWalkRow * s.tree.nodeCount())) return kNoMemory;
    s.tree.nodeWalk(s.walk);
  }
  s.reply.walk = address(s.walk.data());
  return int32_t(s.walk.size() / kWalkRow);
}

}  // namespace qt
