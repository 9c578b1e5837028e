#include "boundary.h"

namespace qt {

namespace {
Session& at(Handle s) { return *reinterpret_cast<Session*>(s); }

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
    s.tree.insert(s.tree.root(), s.stageIds[i], {r[0], r[1], r[2], r[3]});
  }
}

void sessionInsert(Handle s, int32_t node, int32_t id, double x, double y, double w, double h) {
  at(s).tree.insert(node, id, {x, y, w, h});
}

int32_t sessionRetrieve(Handle h, int32_t node, double x, double y, double w, double hgt,
                        bool dedup) {
  Session& s = at(h);
  s.results.clear();
  s.tree.retrieve(node, {x, y, w, hgt}, dedup, s.results);
  return publish(s);
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

void sessionClear(Handle s) { at(s).tree.clear(); }
void sessionClearNode(Handle s, int32_t node) { at(s).tree.clearNode(node); }

void sessionStats(Handle h) {
  Session& s = at(h);
  const Stats st = s.tree.stats();
  s.io[2] = st.nodes;
  s.io[3] = st.leaves;
  s.io[4] = st.depth;
  s.io[5] = st.links;
  s.io[6] = st.entries;
  s.io[7] = st.objects;
}

bool sessionValidate(Handle s) { return at(s).tree.validate(); }

bool sessionRemove(Handle s, int32_t id) { return at(s).tree.remove(id); }

bool sessionUpdate(Handle s, int32_t id, double x, double y, double w, double h) {
  return at(s).tree.update(id, {x, y, w, h});
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
  int32_t changed = 0;
  for (int32_t id = 0; id < count; ++id) {
    const double* r = s.scratch.data() + 4 * size_t(id);
    if (r[0] != r[0] || !s.tree.contains(id)) continue;  // NaN: no object under this id
    const Rect& old = s.tree.objectRect(id);
    if (old.x == r[0] && old.y == r[1] && old.w == r[2] && old.h == r[3]) continue;
    s.tree.update(id, {r[0], r[1], r[2], r[3]});
    ++changed;
  }
  return changed;
}

void sessionSetRects(Handle h, int32_t count) {
  Session& s = at(h);
  for (int32_t i = 0; i < count; ++i) {
    const double* r = s.scratch.data() + 4 * size_t(i);
    s.tree.update(s.scratchIds[i], {r[0], r[1], r[2], r[3]});
  }
}

int32_t sessionSearch(Handle h, double x, double y, double w, double hgt) {
  Session& s = at(h);
  s.results.clear();
  s.tree.search({x, y, w, hgt}, s.results);
  return publish(s);
}

bool sessionCollides(Handle s, double x, double y, double w, double h) {
  return at(s).tree.collides({x, y, w, h});
}

int32_t sessionPairs(Handle h) {
  Session& s = at(h);
  s.results.clear();
  s.tree.pairs(s.results);
  return publish(s) / 2;
}

int32_t sessionNodeWalk(Handle h) {
  Session& s = at(h);
  s.walk.clear();
  s.tree.nodeWalk(s.walk);
  s.io[0] = int32_t(reinterpret_cast<uintptr_t>(s.walk.data()));
  return int32_t(s.walk.size() / 7);
}

}  // namespace qt
