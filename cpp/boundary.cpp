#include "boundary.h"

namespace qt {

namespace {
Session& at(Handle s) { return *reinterpret_cast<Session*>(s); }

const Rect& rectOf(const Quadtree& t, int32_t id) { return t.objectRect(id); }
const Rect& rectOf(const LinearQuadtree& t, int32_t id) { return t.rectOf(id); }

// Runs `f` on whichever tree the session has; for the calls both kinds share.
template <class F>
auto onTree(Session& s, F f) {
  return s.linear ? f(*s.linear) : f(s.tree);
}

int32_t publish(Session& s) {
  s.io[0] = int32_t(reinterpret_cast<uintptr_t>(s.results.data()));
  s.io[1] = int32_t(s.results.size());
  return s.io[1];
}
}  // namespace

Handle sessionCreate(double x, double y, double w, double h, double maxObjects, double maxLevels,
                     double level) {
  auto* s = new Session(Quadtree({x, y, w, h}, maxObjects, maxLevels, level));
  return reinterpret_cast<Handle>(s);
}

Handle sessionCreateLinear(double x, double y, double w, double h, int32_t depth) {
  auto* s = new Session(Quadtree({x, y, w, h}, 1, 0, 0));
  s->linear = std::make_unique<LinearQuadtree>(Rect{x, y, w, h}, depth);
  return reinterpret_cast<Handle>(s);
}

void sessionDestroy(Handle s) { delete &at(s); }
Handle sessionStageRects(Handle s) { return reinterpret_cast<Handle>(at(s).stageRects); }
Handle sessionStageIds(Handle s) { return reinterpret_cast<Handle>(at(s).stageIds); }
Handle sessionIo(Handle s) { return reinterpret_cast<Handle>(at(s).io); }
Handle sessionGeom(Handle s) { return reinterpret_cast<Handle>(at(s).geom); }
int32_t sessionStageCapacity() { return kStageCapacity; }

void sessionFlush(Handle h, int32_t count) {
  Session& s = at(h);
  for (int32_t i = 0; i < count; ++i) {
    const double* r = s.stageRects + 4 * i;
    if (s.linear) s.linear->insert(s.stageIds[i], {r[0], r[1], r[2], r[3]});
    else s.tree.insert(s.tree.root(), s.stageIds[i], {r[0], r[1], r[2], r[3]});
    s.pairCache.touch(s.stageIds[i]);
  }
}

void sessionInsert(Handle s, int32_t node, int32_t id, double x, double y, double w, double h) {
  at(s).tree.insert(node, id, {x, y, w, h});
  at(s).pairCache.touch(id);
}

int32_t sessionRetrieve(Handle h, int32_t node, double x, double y, double w, double hgt,
                        bool dedup) {
  Session& s = at(h);
  s.results.clear();
  s.tree.retrieve(node, {x, y, w, hgt}, dedup, s.results);
  return publish(s);
}

int32_t sessionLocate(Handle s, int32_t node, double x, double y, double w, double h, bool dedup) {
  return at(s).tree.locate(node, {x, y, w, h}, dedup);
}

int32_t sessionAllObjects(Handle h, int32_t node) {
  Session& s = at(h);
  s.results.clear();
  s.tree.allObjects(node, s.results);
  return publish(s);
}

int32_t sessionNodeObjects(Handle h, int32_t node) {
  Session& s = at(h);
  s.results.clear();
  s.tree.nodeObjects(node, s.results);
  return publish(s);
}

int32_t sessionChildren(Handle s, int32_t node) { return at(s).tree.children(node); }

void sessionNodeGeom(Handle h, int32_t node) {
  Session& s = at(h);
  const Rect& r = s.tree.nodeRect(node);
  s.geom[0] = r.x;
  s.geom[1] = r.y;
  s.geom[2] = r.w;
  s.geom[3] = r.h;
  s.geom[4] = s.tree.nodeLevel(node);
}

void sessionClear(Handle s) {
  onTree(at(s), [](auto& t) { t.clear(); });
  at(s).pairCache.forget();
}

void sessionClearNode(Handle s, int32_t node) {
  at(s).tree.clearNode(node);
  at(s).pairCache.forget();
}

void sessionStats(Handle h) {
  Session& s = at(h);
  const Stats st = onTree(s, [](auto& t) { return t.stats(); });
  s.io[2] = st.nodes;
  s.io[3] = st.leaves;
  s.io[4] = st.depth;
  s.io[5] = st.links;
  s.io[6] = st.entries;
  s.io[7] = st.objects;
}

bool sessionValidate(Handle s) {
  return onTree(at(s), [](auto& t) { return t.validate(); });
}

bool sessionRemove(Handle s, int32_t id) {
  at(s).pairCache.touch(id);
  return onTree(at(s), [&](auto& t) { return t.remove(id); });
}

bool sessionUpdate(Handle s, int32_t id, double x, double y, double w, double h) {
  at(s).pairCache.touch(id);
  return onTree(at(s), [&](auto& t) { return t.update(id, Rect{x, y, w, h}); });
}

Handle sessionScratch(Handle h, int32_t count) {
  Session& s = at(h);
  if (s.scratch.size() < size_t(count) * 4) s.scratch.resize(size_t(count) * 4);
  if (s.scratchIds.size() < size_t(count)) s.scratchIds.resize(size_t(count));
  s.io[0] = int32_t(reinterpret_cast<uintptr_t>(s.scratchIds.data()));
  return reinterpret_cast<Handle>(s.scratch.data());
}

int32_t sessionRefresh(Handle h, int32_t count) {
  Session& s = at(h);
  int32_t moved = 0;
  for (int32_t id = 0; id < count; ++id) {
    const double* r = s.scratch.data() + 4 * size_t(id);
    if (r[0] != r[0]) continue;  // NaN: no object under this id
    const Rect rect{r[0], r[1], r[2], r[3]};
    moved += onTree(s, [&](auto& t) {
      if (!t.contains(id)) return false;
      const Rect& old = rectOf(t, id);
      if (old.x == rect.x && old.y == rect.y && old.w == rect.w && old.h == rect.h) return false;
      s.pairCache.touch(id);
      return t.update(id, rect);
    });
  }
  return moved;
}

void sessionSetRects(Handle h, int32_t count) {
  Session& s = at(h);
  for (int32_t i = 0; i < count; ++i) {
    const double* r = s.scratch.data() + 4 * size_t(i);
    onTree(s, [&](auto& t) { return t.update(s.scratchIds[i], Rect{r[0], r[1], r[2], r[3]}); });
    s.pairCache.touch(s.scratchIds[i]);
  }
}

int32_t sessionSearch(Handle h, double x, double y, double w, double hgt) {
  Session& s = at(h);
  s.results.clear();
  onTree(s, [&](auto& t) { t.search(Rect{x, y, w, hgt}, s.results); });
  return publish(s);
}

bool sessionCollides(Handle s, double x, double y, double w, double h) {
  return onTree(at(s), [&](auto& t) { return t.collides(Rect{x, y, w, h}); });
}

int32_t sessionPairs(Handle h) {
  Session& s = at(h);
  onTree(s, [&](auto& t) {
    s.pairCache.pairs(
        t, t.size(), [&](int32_t id) { return t.contains(id); },
        [&](int32_t id) { return rectOf(t, id); }, [&](std::vector<int32_t>& out) { t.pairs(out); },
        s.results);
  });
  return publish(s) / 2;
}

int32_t sessionNodeWalk(Handle h) {
  Session& s = at(h);
  s.walk.clear();
  if (s.linear) {
    // The linear tree lists (level, x, y, w, h, count), depth-first: a node is a leaf unless the
    // next one is its child. Widen to the quadtree's seven numbers.
    std::vector<double> six;
    s.linear->nodes(six);
    for (size_t i = 0; i < six.size(); i += 6) {
      const bool leaf = i + 6 >= six.size() || six[i + 6] != six[i] + 1;
      s.walk.insert(s.walk.end(), six.begin() + i, six.begin() + i + 6);
      s.walk.push_back(leaf ? 1 : 0);
    }
  } else {
    s.tree.nodeWalk(s.walk);
  }
  s.io[0] = int32_t(reinterpret_cast<uintptr_t>(s.walk.data()));
  return int32_t(s.walk.size() / 7);
}

}  // namespace qt
