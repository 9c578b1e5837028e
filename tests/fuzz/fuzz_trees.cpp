// libFuzzer target for the core: the input bytes become a sequence of operations on a qt::Quadtree,
// a qt::LinearQuadtree and a qt::TutorialTree, each checked after every step against a brute-force model (a list of
// live objects and their rects) and against the trees' own validate().
//
//   npm run fuzz                      builds it (build-native-asan, clang, QT_FUZZ=ON) and runs it
//                                     for 300 s, adding what it finds to tests/fuzz/corpus
//   bash tests/fuzz/run.sh --smoke    the short seeded run that npm test does
//   QT_FUZZ_TRACE=1 bash tests/fuzz/run.sh build-test/fuzz-crash-<sha1>
//                                     replays an input, printing each operation and the failed check
//
// What the model can promise, per tree:
// (The exact queries of a Quadtree and a TutorialTree are those of an index made from its objects,
// tests/core/exact.h, as a session makes it: they check the objects and rects the tree keeps.)
// - TutorialTree: everything, in order: it is compared with the literal reference of its rules
//   (tests/core/tutorial_oracle.h) after every step (each node's list, the shape, the pre-order
//   sequence, findObjects, getAllObjects, remove, refresh's dead count), and its exact queries with
//   brute force. It takes the Quadtree's constructor numbers; an op code with bit 6 set is one of
//   its 8 operations (the low 3 bits).
// - TsTree (quadtree-ts's tree): everything, in order, against its literal reference
//   (tests/core/ts_oracle.h) after every step: each node's bounds (bit for bit), level, list and
//   children, retrieve's answers, remove's return, join's list, with shapes moved in place between
//   calls and every split's questions answered with the current shapes. It takes the Quadtree's
//   bounds, maxObjects and maxLevels (minLevels from the level byte's sign); an op code with bits 6
//   and 5 both set is one of its 8 operations (the low 3 bits).
// - LinearQuadtree: search / collides / pairs equal brute force exactly, and so do nearest (the
//   distances in order) and raycast (the smallest id of the first reached), by the core's geometry,
//   with objects and queries that updates and queries make circles or lines (an id changes kind);
//   and that geometry's own promises for two shapes of any kinds (symmetry, rect-rect is the rect
//   rule, boxes that meet, lower bounds, a ray from inside at 0).
// - Quadtree: an object is "exact" when its latest rect was placed from the root and no clearNode()
//   has since dropped links of it; quadtree-js's clear() on a subnode and insert() into a subnode
//   leave objects that the root cannot find everywhere, so for those (and only those) the model
//   accepts either answer. Every id a query returns must be live and, for exact queries, overlap.
//   retrieve() from the root must return a superset of the exact hits, without duplicates when it
//   de-duplicates from level 0; from a subnode, a subset of allObjects(subnode) that holds every
//   exact, once-inserted object of it that overlaps. An insert whose op code has bit 5 set is a
//   batch (insertBatch(), as a flush makes it), checked node by node against a copy of the tree
//   that takes the same objects one by one.
//
// Sizes are bounded so an input runs in about a millisecond: at most 200 operations, at most 64
// object ids, max_levels <= 8 with fewer live entries the deeper the tree may split, an input
// ends once the Quadtree has 2,000 nodes or 8,000 links, and the LinearQuadtree has depth <= 6.
//
// tests/fuzz/seeds.mjs writes the hand-made seeds of tests/fuzz/corpus/ and documents how the
// bytes are read.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../core/exact.h"
#include "../core/same_tree.h"
#include "../core/tutorial_oracle.h"
#include "../core/ts_oracle.h"
#include "linear/linear_quadtree.h"
#include "base/memory_guard.h"
#include "quadtree/quadtree.h"
#include "ts/ts_tree.h"
#include "tutorial/tutorial_tree.h"

namespace {

using qt::Rect;

constexpr int kMaxOps = 200;
constexpr int kMaxIds = 64;
constexpr double kHuge = 1e300;
const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

int g_op = 0;  // the step being checked, for failure messages
const char* g_opName = "";
// QT_FUZZ_TRACE=1 in the environment prints every operation as it runs (for turning a crash file
// into a unit test).
const bool g_trace = std::getenv("QT_FUZZ_TRACE") != nullptr;
#define TRACE(...)                                \
  do {                                            \
    if (g_trace) std::fprintf(stderr, __VA_ARGS__); \
  } while (0)

[[noreturn]] void failWith(const std::string& what) {
  std::fprintf(stderr, "\nfuzz check failed at op %d (%s): %s\n", g_op, g_opName, what.c_str());
  std::abort();
}

#define CHECK(cond, msg)                                              \
  do {                                                                \
    if (!(cond)) failWith(std::string(#cond " -- ") + (msg));        \
  } while (0)

std::string rectText(const Rect& r) {
  char b[160];
  std::snprintf(b, sizeof b, "{%.17g, %.17g, %.17g, %.17g}", r.x, r.y, r.w, r.h);
  return b;
}

// The overlap rule every exact query uses, written out again here on purpose.
bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// A rect for the tree with bounds `b`. Coordinates come mostly from a 1/16 grid of the bounds, so
// rects land on midlines (at 1/2, 1/4, ... of every node) and touch each other often.
Rect makeRect(FuzzedDataProvider& in, const Rect& b, bool allowNonFinite) {
  const double ox = std::isfinite(b.x) ? b.x : 0, oy = std::isfinite(b.y) ? b.y : 0;
  const double sx = std::isfinite(b.w) && b.w != 0 ? b.w : 100;
  const double sy = std::isfinite(b.h) && b.h != 0 ? b.h : 100;
  auto gx = [&](int k) { return ox + sx * k / 16; };
  auto gy = [&](int k) { return oy + sy * k / 16; };
  const int kind = in.ConsumeIntegralInRange<int>(0, allowNonFinite ? 9 : 8);
  switch (kind) {
    case 0:
    case 1: {  // on the grid, inside or a little outside the bounds
      const int x = in.ConsumeIntegralInRange<int>(-2, 17), y = in.ConsumeIntegralInRange<int>(-2, 17);
      const int w = in.ConsumeIntegralInRange<int>(0, 8), h = in.ConsumeIntegralInRange<int>(0, 8);
      return {gx(x), gy(y), sx * w / 16, sy * h / 16};
    }
    case 2: {  // anywhere: a fraction of the bounds with 16 bits
      const double fx = in.ConsumeIntegral<uint16_t>() / 65536.0, fy = in.ConsumeIntegral<uint16_t>() / 65536.0;
      const double fw = in.ConsumeIntegral<uint8_t>() / 1024.0, fh = in.ConsumeIntegral<uint8_t>() / 1024.0;
      return {ox + sx * fx, oy + sy * fy, sx * fw, sy * fh};
    }
    case 3: {  // zero width and/or height, on a grid point (often a midline)
      const int x = in.ConsumeIntegralInRange<int>(0, 16), y = in.ConsumeIntegralInRange<int>(0, 16);
      const int which = in.ConsumeIntegralInRange<int>(0, 2);
      return {gx(x), gy(y), which == 1 ? sx / 8 : 0, which == 2 ? sy / 8 : 0};
    }
    case 4: {  // exactly on a midline of a node at some depth, spanning it or not
      const int d = in.ConsumeIntegralInRange<int>(1, 8);
      const int j = in.ConsumeIntegralInRange<int>(0, (1 << d));
      const double at = double(j) / double(1 << d);
      const bool vertical = in.ConsumeBool();
      const double len = in.ConsumeIntegralInRange<int>(0, 4) / 8.0;
      return vertical ? Rect{ox + sx * at, oy + sy * len, 0, sy * len}
                      : Rect{ox + sx * len, oy + sy * at, sx * len, 0};
    }
    case 5: {  // far outside the bounds
      const int side = in.ConsumeIntegralInRange<int>(0, 3);
      const double d = 2 + in.ConsumeIntegralInRange<int>(0, 8);
      const Rect r{gx(8), gy(8), sx / 8, sy / 8};
      switch (side) {
        case 0: return {ox - d * sx, r.y, r.w, r.h};
        case 1: return {ox + d * sx, r.y, r.w, r.h};
        case 2: return {r.x, oy - d * sy, r.w, r.h};
        default: return {r.x, oy + d * sy, r.w, r.h};
      }
    }
    case 6: {  // huge coordinates and sizes
      static const double v[] = {-kHuge, -kHuge / 2, 0, kHuge / 2, kHuge};
      static const double s[] = {0, 1, kHuge, 2 * kHuge};
      return {v[in.ConsumeIntegralInRange<int>(0, 4)], v[in.ConsumeIntegralInRange<int>(0, 4)],
              s[in.ConsumeIntegralInRange<int>(0, 3)], s[in.ConsumeIntegralInRange<int>(0, 3)]};
    }
    case 7: {  // negative width or height (overlap can still hold under the strict rule)
      const int x = in.ConsumeIntegralInRange<int>(0, 16), y = in.ConsumeIntegralInRange<int>(0, 16);
      return {gx(x), gy(y), -sx * in.ConsumeIntegralInRange<int>(0, 4) / 16,
              sy * in.ConsumeIntegralInRange<int>(-4, 4) / 16};
    }
    case 8:  // the bounds themselves, or more
      return in.ConsumeBool() ? Rect{ox, oy, sx, sy} : Rect{ox - sx, oy - sy, 3 * sx, 3 * sy};
    default: {  // LinearQuadtree only: NaN and infinities
      static const double v[] = {kNaN, kInf, -kInf, 0, 1};
      return {v[in.ConsumeIntegralInRange<int>(0, 4)], v[in.ConsumeIntegralInRange<int>(0, 4)],
              v[in.ConsumeIntegralInRange<int>(0, 4)], v[in.ConsumeIntegralInRange<int>(0, 4)]};
    }
  }
}

bool sameRect(const Rect& a, const Rect& b) {
  auto same = [](double u, double v) { return u == v || (u != u && v != v); };
  return same(a.x, b.x) && same(a.y, b.y) && same(a.w, b.w) && same(a.h, b.h);
}

// ---- Quadtree ----------------------------------------------------------------------------------

struct QObj {
  bool live = false;
  bool exact = false;  // see the header comment
  int entries = 0;     // inserts since it was last absent (update() leaves one)
  Rect rect{};
};

struct QModel {
  std::vector<QObj> objs;
  int entries = 0;  // live entries, for the size budget
  int liveCount() const {
    int n = 0;
    for (const QObj& o : objs) n += o.live;
    return n;
  }
};

std::set<int32_t> asSet(const std::vector<int32_t>& v) { return std::set<int32_t>(v.begin(), v.end()); }

// Runs `read` without the heap budget, then puts the budget back: a read whose answer a check
// relies on (a listing grows its output through growTo(), which a budget may refuse).
template <class Read>
void unbudgeted(Read read) {
  const size_t budget = qt::heapBudgetForTests();
  qt::setHeapBudgetForTests(SIZE_MAX);
  read();
  qt::setHeapBudgetForTests(budget);
}

void checkNoDuplicates(const std::vector<int32_t>& v, const char* what) {
  CHECK(asSet(v).size() == v.size(), std::string(what) + " returned an id twice");
}

void checkLive(const QModel& m, const std::vector<int32_t>& v, const char* what) {
  for (int32_t id : v)
    CHECK(id >= 0 && id < int32_t(m.objs.size()) && m.objs[id].live,
          std::string(what) + " returned id " + std::to_string(id) + ", which is not in the tree");
}

// Returns the tree's stats, which the caller uses to bound the input's size.
qt::Stats validateQuadtree(qt::Quadtree& t, const QModel& m) {
  std::string why;
  CHECK(t.validate(&why), "Quadtree::validate: " + why);
  for (int32_t id = 0; id < int32_t(m.objs.size()); ++id) {
    CHECK(t.contains(id) == m.objs[id].live, "contains(" + std::to_string(id) + ")");
    if (m.objs[id].live)
      CHECK(sameRect(t.objectRect(id), m.objs[id].rect),
            "objectRect(" + std::to_string(id) + ") " + rectText(t.objectRect(id)) + " vs " +
                rectText(m.objs[id].rect));
  }
  CHECK(!t.contains(-1) && !t.contains(int32_t(m.objs.size())), "contains() out of range");
  const qt::Stats s = t.stats();
  CHECK(s.objects == m.liveCount(), "stats().objects " + std::to_string(s.objects));
  CHECK(s.entries == m.entries, "stats().entries " + std::to_string(s.entries) + " vs model " +
                                    std::to_string(m.entries));
  return s;
}

// A live node reached from the root by a path of quadrant choices (maybe the root itself).
int32_t pickNode(qt::Quadtree& t, FuzzedDataProvider& in, bool wantSubnode) {
  const int steps = in.ConsumeIntegralInRange<int>(wantSubnode ? 1 : 0, 8);
  uint32_t path = in.ConsumeIntegral<uint16_t>();
  int32_t n = t.root();
  for (int i = 0; i < steps && t.children(n) >= 0; ++i, path >>= 2) n = t.children(n) + int32_t(path & 3);
  CHECK(t.isNode(n), "a node reached from the root is not live");
  return n;
}

void quadtreeOp(qt::Quadtree& t, QModel& m, FuzzedDataProvider& in, int op, const Rect& bounds,
                int maxEntries, bool levelZero) {
  const int nIds = int(m.objs.size());
  auto pickId = [&] { return in.ConsumeIntegralInRange<int32_t>(0, nIds - 1); };
  std::vector<int32_t> out;
  switch (op) {
    case 0:    // insert at the root (an id already present gets one more entry, as in quadtree-js)
    case 1: {  // insert a live id again, with a new rect or its own
      int32_t id = pickId();
      if (op == 1) {
        for (int i = 0; i < nIds && !m.objs[id].live; ++i) id = (id + 1) % nIds;
      }
      const Rect r = op == 1 && m.objs[id].live && in.ConsumeBool() ? m.objs[id].rect
                                                                     : makeRect(in, bounds, false);
      g_opName = op == 0 ? "insert" : "insert again";
      if (m.entries >= maxEntries) return;
      TRACE("%d: insert(root, %d, %s)\n", g_op, id, rectText(r).c_str());
      t.insert(t.root(), id, r);
      if (t.outOfMemory()) return;  // refused: nothing changed
      QObj& o = m.objs[id];
      o.live = true;
      o.exact = true;  // its newest entry went in from the root, with its newest rect
      ++o.entries;
      ++m.entries;
      o.rect = r;
      return;
    }
    case 2: {  // insert into a subnode, as quadtree-js allows: the root may not find it everywhere
      g_opName = "insert into subnode";
      const int32_t node = pickNode(t, in, true);
      const int32_t id = pickId();
      const Rect r = makeRect(in, bounds, false);
      if (m.entries >= maxEntries) return;
      TRACE("%d: insert(node %d, %d, %s)\n", g_op, node, id, rectText(r).c_str());
      t.insert(node, id, r);
      if (t.outOfMemory()) return;
      QObj& o = m.objs[id];
      o.live = true;
      o.exact = node == t.root();
      ++o.entries;
      ++m.entries;
      o.rect = r;
      return;
    }
    case 3: {
      g_opName = "remove";
      const int32_t id = pickId();
      QObj& o = m.objs[id];
      TRACE("%d: remove(%d)\n", g_op, id);
      CHECK(t.remove(id) == o.live, "remove(" + std::to_string(id) + ") result");
      m.entries -= o.entries;
      o = QObj{};
      return;
    }
    case 4: {
      g_opName = "update";
      const int32_t id = pickId();
      const Rect r = makeRect(in, bounds, false);
      QObj& o = m.objs[id];
      if (!o.live && m.entries >= maxEntries) return;
      TRACE("%d: update(%d, %s)\n", g_op, id, rectText(r).c_str());
      const bool moved = t.update(id, r);
      if (t.outOfMemory()) return;  // refused: the object stays where it was
      if (!o.live) CHECK(moved, "update() of an absent id must report a move");
      m.entries += 1 - o.entries;
      o = QObj{true, true, 1, r};
      return;
    }
    case 5:
      g_opName = "clear";
      TRACE("%d: clear()\n", g_op);
      t.clear();
      for (QObj& o : m.objs) o = QObj{};
      m.entries = 0;
      return;
    case 6: {  // quadtree-js's clear() on a subnode: its objects lose those links
      g_opName = "clearNode";
      const int32_t node = pickNode(t, in, true);
      if (node == t.root()) return;  // the root has no children yet
      unbudgeted([&] { return t.allObjects(node, out); });
      checkLive(m, out, "allObjects(subnode)");
      for (int32_t id : out) m.objs[id].exact = false;
      TRACE("%d: clearNode(%d)\n", g_op, node);
      t.clearNode(node);
      CHECK(t.isNode(node) && t.children(node) < 0, "clearNode() leaves a leaf");
      return;
    }
    case 7:
    case 8: {  // retrieve, from the root or a subnode
      g_opName = op == 7 ? "retrieve(root)" : "retrieve(subnode)";
      const int32_t node = op == 7 ? t.root() : pickNode(t, in, true);
      const Rect q = makeRect(in, bounds, false);
      const bool dedup = in.ConsumeBool();
      TRACE("%d: retrieve(node %d, %s, dedup %d)\n", g_op, node, rectText(q).c_str(), dedup);
      if (t.retrieve(node, q, dedup, out) == qt::Answer::kNoRoom) {  // no room for the answer (under a heap budget)
        CHECK(out.empty(), "retrieve() without room appended ids");
        break;
      }
      checkLive(m, out, "retrieve");
      const std::set<int32_t> got = asSet(out);
      if (node == t.root()) {
        if (dedup && levelZero) checkNoDuplicates(out, "retrieve(dedup)");
        for (int32_t id = 0; id < nIds; ++id) {
          const QObj& o = m.objs[id];
          if (o.live && o.exact && overlap(o.rect, q))
            CHECK(got.count(id), "retrieve " + rectText(q) + " misses id " + std::to_string(id) +
                                     " at " + rectText(o.rect));
        }
      } else {
        std::vector<int32_t> below;
        unbudgeted([&] { return t.allObjects(node, below); });
        const std::set<int32_t> under = asSet(below);
        for (int32_t id : got) CHECK(under.count(id), "retrieve(subnode) returned an id not below it");
        for (int32_t id : under) {
          const QObj& o = m.objs[id];
          if (o.exact && o.entries == 1 && overlap(o.rect, q))
            CHECK(got.count(id), "retrieve(subnode) misses id " + std::to_string(id));
        }
      }
      // locate(): when it names a leaf, that leaf's own list is exactly what retrieve returned.
      const int32_t leaf = t.locate(node, q, dedup);
      if (leaf >= 0) {
        std::vector<int32_t> own;
        unbudgeted([&] { return t.nodeObjects(leaf, own); });
        CHECK(own == out, "locate() names a leaf whose list differs from retrieve()");
      }
      return;
    }
    case 9: {
      g_opName = "allObjects";
      const int32_t node = pickNode(t, in, false);
      if (!t.allObjects(node, out)) {  // no room for the answer (under a heap budget)
        CHECK(out.empty(), "allObjects() without room appended ids");
        return;
      }
      checkLive(m, out, "allObjects");
      checkNoDuplicates(out, "allObjects");
      if (node == t.root()) {
        const std::set<int32_t> got = asSet(out);
        for (int32_t id = 0; id < nIds; ++id)
          if (m.objs[id].live && m.objs[id].exact)
            CHECK(got.count(id), "allObjects(root) misses id " + std::to_string(id));
      }
      return;
    }
    case 10: {
      g_opName = "search";
      const Rect q = makeRect(in, bounds, false);
      TRACE("%d: search(%s)\n", g_op, rectText(q).c_str());
      qttest::search(t, q, out);
      checkLive(m, out, "search");
      checkNoDuplicates(out, "search");
      const std::set<int32_t> got = asSet(out);
      for (int32_t id : got)
        CHECK(overlap(m.objs[id].rect, q), "search " + rectText(q) + " returned id " +
                                               std::to_string(id) + " at " + rectText(m.objs[id].rect));
      for (int32_t id = 0; id < nIds; ++id) {
        const QObj& o = m.objs[id];
        if (o.live && o.exact && overlap(o.rect, q))
          CHECK(got.count(id), "search " + rectText(q) + " misses id " + std::to_string(id) + " at " +
                                   rectText(o.rect));
      }
      return;
    }
    case 11: {
      g_opName = "collides";
      const Rect q = makeRect(in, bounds, false);
      bool mustHit = false, mayHit = false;
      for (const QObj& o : m.objs) {
        if (!o.live || !overlap(o.rect, q)) continue;
        mayHit = true;
        mustHit |= o.exact;
      }
      const bool hit = qttest::collides(t, q);
      if (mustHit) CHECK(hit, "collides " + rectText(q) + " is false");
      if (!mayHit) CHECK(!hit, "collides " + rectText(q) + " is true");
      return;
    }
    case 12: {
      g_opName = "pairs";
      TRACE("%d: pairs()\n", g_op);
      qttest::pairs(t, out);
      if (t.outOfMemory()) return;  // refused: its answer is incomplete
      CHECK(out.size() % 2 == 0, "pairs() returned an odd count");
      checkLive(m, out, "pairs");
      std::set<std::pair<int32_t, int32_t>> got;
      for (size_t i = 0; i < out.size(); i += 2) {
        const int32_t a = std::min(out[i], out[i + 1]), b = std::max(out[i], out[i + 1]);
        CHECK(a != b, "pairs() paired id " + std::to_string(a) + " with itself");
        CHECK(overlap(m.objs[a].rect, m.objs[b].rect),
              "pairs() returned " + std::to_string(a) + "," + std::to_string(b) + " which do not overlap");
        CHECK(got.insert({a, b}).second,
              "pairs() returned " + std::to_string(a) + "," + std::to_string(b) + " twice");
      }
      for (int32_t a = 0; a < nIds; ++a)
        for (int32_t b = a + 1; b < nIds; ++b) {
          const QObj &oa = m.objs[a], &ob = m.objs[b];
          if (oa.live && ob.live && oa.exact && ob.exact && overlap(oa.rect, ob.rect))
            CHECK(got.count({a, b}), "pairs() misses " + std::to_string(a) + "," + std::to_string(b) +
                                         " at " + rectText(oa.rect) + " " + rectText(ob.rect));
        }
      return;
    }
    case 13: {
      g_opName = "nodeObjects";
      const int32_t node = pickNode(t, in, false);
      if (!t.nodeObjects(node, out)) {  // no room for the answer (under a heap budget)
        CHECK(out.empty(), "nodeObjects() without room appended ids");
        return;
      }
      checkLive(m, out, "nodeObjects");
      if (t.children(node) >= 0) CHECK(out.empty(), "a split node lists objects");
      return;
    }
    default: {
      g_opName = "nodeWalk";
      std::vector<double> walk;
      if (!t.nodeWalk(walk)) return;  // no room for it (under a heap budget)
      const qt::Stats s = t.stats();
      CHECK(walk.size() == size_t(s.nodes) * qt::kWalkRow, "nodeWalk() and stats() count nodes differently");
      int32_t links = 0, leaves = 0;
      for (size_t i = 0; i < walk.size(); i += qt::kWalkRow) {
        links += int32_t(walk[i + qt::walk::tag]);
        leaves += walk[i + qt::walk::leaf] != 0;
      }
      CHECK(links == s.references && leaves == s.leaves, "nodeWalk() and stats() disagree");
      return;
    }
  }
}

// Bit 5 of an insert's op code: a batch of 2 to 12 inserts at the root, as a flush of staged
// inserts makes them (insertBatch(), then one by one from the first it did not store). A copy of
// the tree takes the stored prefix one by one: both must hold the same nodes and lists.
void quadtreeBatch(qt::Quadtree& t, QModel& m, FuzzedDataProvider& in, const Rect& bounds, int maxEntries) {
  g_opName = "insert a batch";
  const int nIds = int(m.objs.size());
  const int count = in.ConsumeIntegralInRange<int>(2, 12);
  std::vector<int32_t> ids;
  std::vector<double> rects;
  for (int i = 0; i < count; ++i) {
    ids.push_back(in.ConsumeIntegralInRange<int32_t>(0, nIds - 1));
    const Rect r = makeRect(in, bounds, false);
    rects.insert(rects.end(), {r.x, r.y, r.w, r.h});
  }
  if (m.entries + count > maxEntries) return;
  TRACE("%d: insertBatch(%d objects, from id %d)\n", g_op, count, ids[0]);
  const size_t budget = qt::heapBudgetForTests();
  qt::setHeapBudgetForTests(SIZE_MAX);
  qt::Quadtree oneByOne = t;
  qt::setHeapBudgetForTests(budget);
  const int32_t stored = t.insertBatch(ids.data(), rects.data(), count);
  // What it may store: up to the first id in the tree or earlier in the batch (none if out of room).
  std::set<int32_t> seen;
  int prefix = 0;
  while (prefix < count && !m.objs[ids[prefix]].live && seen.insert(ids[prefix]).second) ++prefix;
  CHECK(stored == prefix || stored == 0, "insertBatch() stored " + std::to_string(stored) + " of a prefix of " +
                                             std::to_string(prefix));
  auto rectAt = [&](int i) { return Rect{rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]}; };
  auto record = [&](int i) {
    QObj& o = m.objs[ids[i]];
    o.live = o.exact = true;
    ++o.entries;
    ++m.entries;
    o.rect = rectAt(i);
  };
  if (stored > 0) {
    qt::setHeapBudgetForTests(SIZE_MAX);
    for (int i = 0; i < stored; ++i) oneByOne.insert(oneByOne.root(), ids[i], rectAt(i));
    const std::string why = qttest::treeDifference(t, oneByOne);
    CHECK(why.empty(), "insertBatch() and inserts one by one differ: " + why);
    qt::setHeapBudgetForTests(budget);
  }
  for (int i = 0; i < stored; ++i) record(i);
  for (int i = stored; i < count; ++i) {  // the rest, as sessionFlush() does
    t.insert(t.root(), ids[i], rectAt(i));
    if (t.outOfMemory()) return;
    record(i);
  }
}

// ---- LinearQuadtree ----------------------------------------------------------------------------

struct LModel {
  std::vector<char> live;
  std::vector<Rect> rects;        // the rect each object was made from
  std::vector<qt::Shape> shapes;  // what it is: that rect, or a circle or a line made from it
  // Whether two objects (or an object and a query) overlap: the fuzzer's own rect rule between
  // rects, the core's geometry (fuzzed on its own by the geometry case) when either is a shape.
  static bool meet(const Rect& ra, const qt::Shape& a, const Rect& rb, const qt::Shape& b) {
    if (a.kind == qt::kShapeRect && b.kind == qt::kShapeRect) return overlap(ra, rb);
    return qt::shapesOverlap(a, b);
  }
  // A shape against a rect of NaN or infinite numbers, which the facade never lets meet: either
  // answer is accepted.
  static bool unsure(const qt::Shape& a, const qt::Shape& b) {
    auto finite = [](const qt::Shape& s) { return std::isfinite(s.a) && std::isfinite(s.b) && std::isfinite(s.c) && std::isfinite(s.d); };
    return (a.kind != qt::kShapeRect || b.kind != qt::kShapeRect) && (!finite(a) || !finite(b));
  }
  int32_t size() const { return int32_t(std::count(live.begin(), live.end(), 1)); }
};

void validateLinear(const qt::LinearQuadtree& t, const LModel& m) {
  std::string why;
  CHECK(t.validate(&why), "LinearQuadtree::validate: " + why);
  CHECK(t.size() == m.size(), "size() " + std::to_string(t.size()) + " vs model " + std::to_string(m.size()));
  for (int32_t id = 0; id < int32_t(m.live.size()); ++id)
    CHECK(t.contains(id) == bool(m.live[id]), "linear contains(" + std::to_string(id) + ")");
  CHECK(!t.contains(-1), "linear contains(-1)");
}

// A rect, or a circle or a line made from it (when its numbers make one the facade would take).
qt::Shape shapeFrom(FuzzedDataProvider& in, const Rect& r) {
  const int32_t kind = in.ConsumeIntegralInRange<int32_t>(0, 2);
  const qt::Shape rect{r.x, r.y, r.w, r.h, qt::kShapeRect};
  if (!std::isfinite(r.x + r.y + r.w + r.h) || !std::isfinite(r.x + r.w) || !std::isfinite(r.y + r.h)) return rect;
  if (kind == qt::kShapeCircle) return qt::Shape{r.x, r.y, std::fabs(r.w), 0, kind};
  if (kind == qt::kShapeLine) return qt::Shape{r.x, r.y, r.x + r.w, r.y + r.h, kind};
  return rect;
}

void linearOp(qt::LinearQuadtree& t, LModel& m, FuzzedDataProvider& in, int op, const Rect& bounds) {
  const int32_t nIds = int32_t(m.live.size());
  // Mostly valid ids; now and then a negative one, which every call ignores.
  auto pickId = [&] { return in.ConsumeIntegralInRange<int32_t>(-1, nIds - 1); };
  std::vector<int32_t> out;
  switch (op) {
    case 0:
    case 1: {
      g_opName = op == 0 ? "linear insert" : "linear update";
      const int32_t id = pickId();
      const Rect r = makeRect(in, bounds, true);
      // An update may make the object a circle or a line (of any id: a rect's kind changes too).
      const qt::Shape shape = op == 1 ? shapeFrom(in, r) : qt::Shape{r.x, r.y, r.w, r.h, qt::kShapeRect};
      TRACE("%d: linear %s(%d, %s) kind %d\n", g_op, op == 0 ? "insert" : "update", id, rectText(r).c_str(), shape.kind);
      if (op == 0) {
        t.insert(id, r);
        if (t.outOfMemory()) return;
      } else {
        const bool changed = shape.kind == qt::kShapeRect ? t.update(id, r) : t.updateShape(id, shape);
        if (t.outOfMemory()) return;
        if (id < 0) CHECK(!changed, "update() of a negative id reported a change");
        else if (!m.live[id]) CHECK(changed, "update() of an absent id must report a change");
      }
      if (id >= 0) m.live[id] = 1, m.rects[id] = r, m.shapes[id] = shape;
      return;
    }
    case 2: {
      g_opName = "linear remove";
      const int32_t id = pickId();
      TRACE("%d: linear remove(%d)\n", g_op, id);
      CHECK(t.remove(id) == (id >= 0 && m.live[id]), "linear remove(" + std::to_string(id) + ") result");
      if (id >= 0) m.live[id] = 0;
      return;
    }
    case 3:
      g_opName = "linear clear";
      t.clear();
      std::fill(m.live.begin(), m.live.end(), 0);
      return;
    case 4:
    case 5: {
      g_opName = op == 4 ? "linear search" : "linear collides";
      t.fit();  // (a fitted depth follows the objects before queries, as the session does)
      const Rect q = makeRect(in, bounds, true);
      const qt::Shape shape = shapeFrom(in, q);
      std::set<int32_t> want, either;
      for (int32_t id = 0; id < nIds; ++id) {
        if (!m.live[id]) continue;
        if (LModel::unsure(m.shapes[id], shape)) either.insert(id);
        else if (LModel::meet(m.rects[id], m.shapes[id], q, shape)) want.insert(id);
      }
      TRACE("%d: %s(%s) kind %d\n", g_op, g_opName, rectText(q).c_str(), shape.kind);
      if (op == 5) {
        const bool hit = shape.kind == qt::kShapeRect ? t.collides(q) : t.collidesShape(shape);
        CHECK(hit == !want.empty() || !either.empty(), "linear collides " + rectText(q));
        return;
      }
      if (shape.kind == qt::kShapeRect) t.search(q, out);
      else t.searchShape(shape, out);
      checkNoDuplicates(out, "linear search");
      std::set<int32_t> got = asSet(out);
      for (const int32_t id : either) got.erase(id);
      CHECK(got == want, "linear search " + rectText(q) + " returned " + std::to_string(out.size()) +
                             " ids, brute force finds " + std::to_string(want.size()));
      // A still tree's own path (the session's search() and collides() of a rect) agrees.
      if (shape.kind == qt::kShapeRect && t.readsRectRuns()) {
        std::vector<int32_t> runs(t.idSpan());
        runs.resize(size_t(t.searchRuns(q, runs.data())));
        checkNoDuplicates(runs, "linear searchRuns");
        CHECK(asSet(runs) == asSet(out), "linear searchRuns " + rectText(q) + " differs from search");
        CHECK(t.searchRuns(q, nullptr) == int32_t(!out.empty()), "linear searchRuns(null) " + rectText(q));
      }
      return;
    }
    case 6: {
      g_opName = "linear pairs";
      t.fit();
      // out (from pairs() or pairsOf()) against brute force over `rects`, `present` saying which ids count.
      auto checkPairs = [&](const char* call, const std::vector<Rect>& rects, auto present, bool shapes) {
        const std::string name = std::string("linear ") + call + "()";
        CHECK(out.size() % 2 == 0, name + " returned an odd count");
        std::set<std::pair<int32_t, int32_t>> got, want;
        for (size_t i = 0; i < out.size(); i += 2) {
          CHECK(out[i] < out[i + 1], name + " must give a < b");
          CHECK(got.insert({out[i], out[i + 1]}).second, name + " returned a pair twice");
          if (shapes && LModel::unsure(m.shapes[out[i]], m.shapes[out[i + 1]])) got.erase({out[i], out[i + 1]});
        }
        for (int32_t a = 0; a < nIds; ++a)
          for (int32_t b = a + 1; b < nIds; ++b)
            if (present(a) && present(b) &&
                (shapes ? !LModel::unsure(m.shapes[a], m.shapes[b]) && LModel::meet(rects[a], m.shapes[a], rects[b], m.shapes[b])
                        : overlap(rects[a], rects[b])))
              want.insert({a, b});
        CHECK(got == want, name + " found " + std::to_string(got.size()) + ", brute force " + std::to_string(want.size()));
      };
      t.pairs(out);
      if (t.outOfMemory()) return;
      checkPairs("pairs", m.rects, [&](int32_t id) { return m.live[id] != 0; }, true);
      // pairsOf(): the pairs of rects the tree does not hold (as a session's exact index left
      // behind by a refresh() reads them): the odd ids moved, some ids present only here.
      const double dx = in.ConsumeIntegralInRange<int32_t>(-300, 300), dy = in.ConsumeIntegralInRange<int32_t>(-300, 300);
      std::vector<Rect> moved(m.rects);
      std::vector<int32_t> first(size_t(nIds), -1);
      for (int32_t id = 0; id < nIds; ++id) {
        if (id % 2) moved[id].x += dx, moved[id].y += dy;
        if (m.live[id] || id % 5 == 0) first[id] = 0;
      }
      out.clear();
      t.pairsOf(moved.data(), first.data(), nIds, out);
      if (t.outOfMemory()) return;
      checkPairs("pairsOf", moved, [&](int32_t id) { return first[id] >= 0; }, false);  // (rects only)
      return;
    }
    case 7:
    case 8: {  // nearest() and raycast() from a point made as a rect's corner, against every object
      t.fit();
      const Rect at = makeRect(in, bounds, false);
      const double maxDistance = in.ConsumeBool() ? std::numeric_limits<double>::infinity()
                                                  : in.ConsumeIntegralInRange<int32_t>(0, 64) * bounds.w / 32;
      auto shapeOf = [&](int32_t id) { return m.shapes[id]; };
      if (op == 7) {
        g_opName = "linear nearest";
        const int32_t k = in.ConsumeIntegralInRange<int32_t>(0, 70);
        TRACE("%d: linear nearest(%s, %d, %g)\n", g_op, rectText(at).c_str(), k, maxDistance);
        std::vector<double> want;
        for (int32_t id = 0; id < nIds; ++id) {
          const double d = m.live[id] ? qt::shapeDistance(shapeOf(id), at.x, at.y) : -1;
          if (d >= 0 && d <= maxDistance) want.push_back(d);
        }
        std::sort(want.begin(), want.end());
        want.resize(std::min(want.size(), size_t(k)));
        out.reserve(size_t(nIds));
        if (!t.nearest(at.x, at.y, k, maxDistance, out)) return;  // (no room under the budget)
        for (const int32_t id : out) CHECK(id >= 0 && id < nIds && m.live[id], "linear nearest gave an absent id");
        checkNoDuplicates(out, "linear nearest");
        CHECK(out.size() == want.size(), "linear nearest gave " + std::to_string(out.size()) + " ids, brute force " +
                                             std::to_string(want.size()));
        for (size_t i = 0; i < out.size(); ++i)
          CHECK(qt::shapeDistance(shapeOf(out[i]), at.x, at.y) == want[i], "linear nearest: result " + std::to_string(i) + " out of order");
        return;
      }
      g_opName = "linear raycast";
      const double angle = in.ConsumeIntegralInRange<int32_t>(0, 15) * 0.39269908169872414;  // pi / 8 steps
      const double ux = std::cos(angle), uy = std::sin(angle);
      TRACE("%d: linear raycast(%s, %g, %g)\n", g_op, rectText(at).c_str(), angle, maxDistance);
      const double none = std::numeric_limits<double>::infinity();
      double best = maxDistance;
      int32_t want = -1;
      for (int32_t id = 0; id < nIds; ++id) {
        const double e = m.live[id] ? qt::rayEntry(shapeOf(id), at.x, at.y, ux, uy) : none;
        if (e <= best && e < none && (e < best || want < 0)) best = e, want = id;
      }
      int32_t id = -2;
      double distance = 0;
      if (!t.raycast(at.x, at.y, ux, uy, maxDistance, id, distance)) return;
      CHECK(id == want, "linear raycast hit " + std::to_string(id) + ", brute force " + std::to_string(want));
      if (id >= 0) CHECK(distance == best, "linear raycast distance");
      return;
    }
    case 9: {  // the shapes' geometry (shape_overlap.h): what the exact queries rely on
      g_opName = "shape geometry";
      auto shapeOf = [&](const Rect& r) {  // (any kind, whatever its numbers: checked below)
        const int32_t kind = in.ConsumeIntegralInRange<int32_t>(0, 2);
        if (kind == qt::kShapeCircle) return qt::Shape{r.x, r.y, std::fabs(r.w), 0, kind};
        if (kind == qt::kShapeLine) return qt::Shape{r.x, r.y, r.x + r.w, r.y + r.h, kind};
        return qt::Shape{r.x, r.y, r.w, r.h, kind};
      };
      const Rect ra = makeRect(in, bounds, false), rb = makeRect(in, bounds, false), at = makeRect(in, bounds, false);
      const qt::Shape a = shapeOf(ra), b = shapeOf(rb);
      const bool finite = std::isfinite(a.a + a.b + a.c + a.d + b.a + b.b + b.c + b.d + at.x + at.y) &&
                          std::isfinite(a.c - a.a) && std::isfinite(a.d - a.b);
      if (!finite) return;  // (the facade refuses the rest)
      TRACE("%d: geometry of kinds %d, %d\n", g_op, a.kind, b.kind);
      const bool meet = qt::shapesOverlap(a, b);
      CHECK(meet == qt::shapesOverlap(b, a), "shapesOverlap is not symmetric");
      if (a.kind == qt::kShapeRect && b.kind == qt::kShapeRect) CHECK(meet == overlap(ra, rb), "rect-rect is not overlaps()");
      const qt::Box ba = qt::shapeBox(a), bb = qt::shapeBox(b);
      if (meet) {
        CHECK(ba.minX <= bb.maxX && bb.minX <= ba.maxX && ba.minY <= bb.maxY && bb.minY <= ba.maxY,
              "shapes overlap but their boxes do not meet");
      }
      const double d = qt::shapeDistance(a, at.x, at.y);
      CHECK(d >= 0 && qt::boxDistance(ba, at.x, at.y) <= d, "boxDistance is not a lower bound of shapeDistance");
      const double angle = in.ConsumeIntegralInRange<int32_t>(0, 15) * 0.39269908169872414;
      const double ux = std::cos(angle), uy = std::sin(angle), t = qt::rayEntry(a, at.x, at.y, ux, uy);
      CHECK(t >= 0 && qt::boxRayEntry(ba, at.x, at.y, ux, uy) <= t, "boxRayEntry is not a lower bound of rayEntry");
      CHECK((t == 0) == (d == 0), "a ray starts inside a shape exactly when the distance to it is 0");
      return;
    }
    default: {
      g_opName = "linear nodes/stats";
      std::vector<double> rows;
      t.nodes(rows);
      CHECK(rows.size() % 6 == 0, "nodes() row size");
      double held = 0;
      for (size_t i = 0; i < rows.size(); i += 6) held += rows[i + 5];
      CHECK(held == double(m.size()), "nodes() holds " + std::to_string(held) + " objects");
      const qt::Stats s = t.stats();
      CHECK(s.objects == m.size(), "linear stats().objects");
      CHECK(s.nodes <= int32_t(rows.size() / 6), "linear stats().nodes");
      return;
    }
  }
}

// The TutorialTree against the literal reference of its rules (tests/core/tutorial_oracle.h, which
// reads each id's rect from `fields`) and brute force: every list, the shape and the pre-order
// sequence after each step, findObjects in order, search / collides / pairs exactly.
struct TModel {
  std::vector<Rect> fields;
  tutorial_oracle::QuadTree oracle;
  TModel(const Rect& b, double maxObjects, double maxLevels, double level, int nIds)
      : fields(size_t(nIds), Rect{0, 0, 0, 0}), oracle(b, maxObjects, maxLevels, level, &fields) {}
  std::vector<int32_t> present() const {
    std::vector<int32_t> all;
    oracle.preorder(all);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }
};

void sameShape(const qt::TutorialTree& t, int32_t n, const tutorial_oracle::QuadTree& o) {
  CHECK(sameRect(t.nodeRect(n), o.bounds) && (t.nodeLevel(n) == o.level || std::isnan(o.level)),
        "tutorial node " + std::to_string(n) + " rect or level");
  std::vector<int32_t> own;
  t.nodeObjects(n, own);
  CHECK(own == o.objects, "tutorial node " + std::to_string(n) + " list differs from the reference");
  CHECK((t.children(n) >= 0) == !o.nodes.empty(), "tutorial node " + std::to_string(n) + " split differs");
  for (int q = 0; q < 4 && t.children(n) >= 0; ++q) sameShape(t, t.children(n) + q, *o.nodes[size_t(q)]);
}

void validateTutorial(const qt::TutorialTree& t, const TModel& m) {
  std::string why;
  CHECK(t.validate(&why), "tutorial validate: " + why);
  sameShape(t, t.root(), m.oracle);
  std::vector<int32_t> a, b;
  t.preorder(t.root(), a);
  m.oracle.preorder(b);
  CHECK(a == b, "tutorial pre-order sequence");
  CHECK(t.size() == int32_t(m.present().size()), "tutorial size()");
}

// A node of both trees, by a path of child indexes.
std::pair<int32_t, tutorial_oracle::QuadTree*> pickTutorialNode(const qt::TutorialTree& t, TModel& m,
                                                               FuzzedDataProvider& in) {
  int32_t n = t.root();
  tutorial_oracle::QuadTree* o = &m.oracle;
  while (t.children(n) >= 0 && in.ConsumeBool()) {
    const int q = in.ConsumeIntegralInRange<int>(0, 3);
    n = t.children(n) + q;
    o = o->nodes[size_t(q)].get();
  }
  return {n, o};
}

void tutorialOp(qt::TutorialTree& t, TModel& m, FuzzedDataProvider& in, int op, const Rect& bounds) {
  const int32_t nIds = int32_t(m.fields.size());
  auto pickId = [&] { return in.ConsumeIntegralInRange<int32_t>(0, nIds - 1); };
  std::vector<int32_t> out;
  switch (op) {
    case 0:
    case 1: {  // insert from the root, or from a subnode
      g_opName = op == 0 ? "tutorial insert" : "tutorial insert(subnode)";
      const int32_t id = pickId();
      const auto [node, o] = op == 0 ? std::make_pair(t.root(), &m.oracle) : pickTutorialNode(t, m, in);
      const Rect r = makeRect(in, bounds, true);
      TRACE("%d: tutorial insert(node %d, %d, %s)\n", g_op, node, id, rectText(r).c_str());
      t.insert(node, id, r);
      if (t.outOfMemory()) return;
      m.fields[size_t(id)] = r;
      o->insert(id);
      return;
    }
    case 2: {
      g_opName = "tutorial remove";
      const int32_t id = pickId();
      TRACE("%d: tutorial remove(%d)\n", g_op, id);
      CHECK(t.remove(id) == m.oracle.remove(id), "tutorial remove() result");
      return;
    }
    case 3: {
      g_opName = "tutorial update";
      const int32_t id = pickId();
      const Rect r = makeRect(in, bounds, true);
      const std::vector<int32_t> live = m.present();
      if (!std::binary_search(live.begin(), live.end(), id)) return;
      TRACE("%d: tutorial update(%d, %s)\n", g_op, id, rectText(r).c_str());
      t.update(id, r);
      if (t.outOfMemory()) return;
      m.fields[size_t(id)] = r;
      m.oracle.update(id);
      return;
    }
    case 4: {  // some objects move, some entries die, then refresh(isAlive)
      g_opName = "tutorial refresh";
      const std::vector<int32_t> live = m.present();
      std::vector<int32_t> changed, dead, order;
      std::vector<double> rects;
      std::vector<Rect> fields = m.fields;
      for (int32_t id : live)
        if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
          fields[size_t(id)] = makeRect(in, bounds, true);
          changed.push_back(id);
          const Rect& r = fields[size_t(id)];
          rects.insert(rects.end(), {r.x, r.y, r.w, r.h});
        }
      m.oracle.preorder(order);
      const bool withAlive = in.ConsumeBool();
      for (int32_t p = 0; withAlive && p < int32_t(order.size()); ++p)
        if (in.ConsumeIntegralInRange<int>(0, 5) == 0) dead.push_back(p);
      TRACE("%d: tutorial refresh(%zu changed, %zu dead)\n", g_op, changed.size(), dead.size());
      const int32_t got = t.refresh(changed.data(), rects.data(), int32_t(changed.size()), dead.data(),
                                    int32_t(dead.size()));
      if (t.outOfMemory()) {
        CHECK(got == -1, "tutorial refresh() out of memory returns -1");
        return;
      }
      m.fields = fields;
      const int want = m.oracle.refresh(withAlive ? std::function<bool(int32_t, int32_t)>([&](int32_t p, int32_t) {
        return !std::binary_search(dead.begin(), dead.end(), p);
      }) : nullptr);
      CHECK(got == want, "tutorial refresh() dead count");
      return;
    }
    case 5: {
      g_opName = "tutorial clear";
      const auto [node, o] = pickTutorialNode(t, m, in);
      TRACE("%d: tutorial clearNode(%d)\n", g_op, node);
      t.clearNode(node);
      o->clear();
      return;
    }
    case 6: {
      g_opName = "tutorial queries";
      const auto [node, o] = pickTutorialNode(t, m, in);
      const Rect q = makeRect(in, bounds, true);
      TRACE("%d: tutorial findObjects/search/collides(node %d, %s)\n", g_op, node, rectText(q).c_str());
      std::vector<int32_t> want;
      t.findObjects(node, q, out);
      o->findObjects(want, q);
      CHECK(out == want, "tutorial findObjects " + rectText(q));
      out.clear(), want.clear();
      unbudgeted([&, at = node] { return t.allObjects(at, out); });
      o->getAllObjects(want);
      CHECK(out == want, "tutorial getAllObjects");
      out.clear(), want.clear();
      qttest::search(t, q, out);
      checkNoDuplicates(out, "tutorial search");
      for (int32_t id : m.present())
        if (overlap(m.fields[size_t(id)], q)) want.push_back(id);
      CHECK(asSet(out) == asSet(want), "tutorial search " + rectText(q));
      CHECK(qttest::collides(t, q) == !want.empty(), "tutorial collides " + rectText(q));
      return;
    }
    default: {
      g_opName = "tutorial pairs";
      TRACE("%d: tutorial pairs()\n", g_op);
      qttest::pairs(t, out);
      if (t.outOfMemory()) return;
      std::set<std::pair<int32_t, int32_t>> got, want;
      for (size_t i = 0; i < out.size(); i += 2) {
        CHECK(out[i] < out[i + 1], "tutorial pairs() must give a < b");
        CHECK(got.insert({out[i], out[i + 1]}).second, "tutorial pairs() returned a pair twice");
      }
      const std::vector<int32_t> live = m.present();
      for (size_t a = 0; a < live.size(); ++a)
        for (size_t b = a + 1; b < live.size(); ++b)
          if (overlap(m.fields[size_t(live[a])], m.fields[size_t(live[b])])) want.insert({live[a], live[b]});
      CHECK(got == want, "tutorial pairs() differ from brute force");
      return;
    }
  }
}

}  // namespace

// ---- TsTree ---------------------------------------------------------------------------------

struct SModel {
  std::vector<qt::Shape> shapes;  // each id's shape now (the facade's objects, moved in place)
  std::vector<qt::Shape> heard;   // each id's shape as reshaped() last reported it (a session's exact index)
  ts_oracle::ShapeOf shapeOf;
  ts_oracle::Quadtree oracle;
  SModel(const Rect& b, double maxObjects, double minLevels, double maxLevels, int ids)
      : shapes(size_t(ids), qt::Shape{0, 0, 0, 0, qt::kShapeRect}),
        heard(size_t(ids), qt::Shape{0, 0, 0, 0, qt::kShapeRect}),
        shapeOf([this](int32_t id) { return shapes[size_t(id)]; }),
        oracle(b, maxObjects, minLevels, maxLevels, &shapeOf) {}
};

// A shape from the 1/16 grid of the bounds (midlines, corners), with zero sizes, negative radii and
// the odd non-finite number.
qt::Shape makeShape(FuzzedDataProvider& in, const Rect& b) {
  auto coord = [&](double o, double size) {
    const int k = in.ConsumeIntegralInRange<int>(-4, 20);
    if (k == 20) return in.ConsumeBool() ? kNaN : kInf;
    return o + size * k / 16;
  };
  const int kind = in.ConsumeIntegralInRange<int>(0, 2);
  const double a = coord(b.x, b.w), c = coord(b.y, b.h);
  if (kind == qt::kShapeCircle) return {a, c, coord(0, b.w) / 4, 0, kind};
  return {a, c, kind == qt::kShapeRect ? coord(0, b.w) / 2 : coord(b.x, b.w), kind == qt::kShapeRect ? coord(0, b.h) / 2 : coord(b.y, b.h), kind};
}

qt::TsTree::Step tsInsert(qt::TsTree& t, const SModel& m, int32_t id) {
  qt::TsTree::Step s = t.insert(id, m.shapes[size_t(id)]);
  while (s == qt::TsTree::Step::kNeedShapes) {
    for (int32_t o : t.wanted()) {
      CHECK(o >= 0 && size_t(o) < m.shapes.size() && t.contains(o), "ts: asked for a shape of an absent id");
      t.supply(o, m.shapes[size_t(o)]);
    }
    s = t.resume();
  }
  return s;
}

void tsSameTree(const qt::TsTree& t, const ts_oracle::Quadtree& o) {
  std::vector<double> walk;
  std::vector<int32_t> lists, want;
  CHECK(t.nodeWalk(walk) && t.preorderLists(lists), "ts: no room to read the tree");
  std::vector<const ts_oracle::Quadtree*> stack{&o};
  size_t row = 0;
  while (!stack.empty()) {
    const ts_oracle::Quadtree* n = stack.back();
    stack.pop_back();
    CHECK(row + qt::kWalkRow <= walk.size(), "ts: fewer nodes than the reference");
    const double* w = walk.data() + row;
    auto same = [](double a, double b) { return std::memcmp(&a, &b, 8) == 0 || (a != a && b != b); };
    namespace walk = qt::walk;
    CHECK(same(w[walk::level], n->level) && same(w[walk::x], n->bounds.x) && same(w[walk::y], n->bounds.y) &&
              same(w[walk::width], n->bounds.w) && same(w[walk::height], n->bounds.h),
          "ts: a node's bounds or level differ");
    CHECK((w[walk::leaf] != 0) == n->nodes.empty(), "ts: a node's children differ");
    want.push_back(int32_t(n->objects.size()));
    want.insert(want.end(), n->objects.begin(), n->objects.end());
    for (size_t q = n->nodes.size(); q-- > 0;) stack.push_back(n->nodes[q].get());
    row += qt::kWalkRow;
  }
  CHECK(row == walk.size(), "ts: more nodes than the reference");
  CHECK(lists == want, "ts: the lists differ");
  std::string why;
  CHECK(t.validate(&why), "ts validate: " + why);
}

// What a session hears of each change (reshaped()) keeps its copy of every held shape as the tree
// holds it: an exact index that misses none.
void tsHeard(const qt::TsTree& t, SModel& m) {
  for (int32_t id : t.reshaped()) m.heard[size_t(id)] = t.shape(id);
  for (size_t id = 0; id < m.heard.size(); ++id) {
    if (!t.contains(int32_t(id))) continue;
    const qt::Shape a = m.heard[id], b = t.shape(int32_t(id));
    CHECK(std::memcmp(&a.a, &b.a, 8) == 0 && std::memcmp(&a.b, &b.b, 8) == 0 && std::memcmp(&a.c, &b.c, 8) == 0 &&
              std::memcmp(&a.d, &b.d, 8) == 0 && a.kind == b.kind,
          "ts: a held shape changed without reshaped() reporting it");
  }
}

void tsOp(qt::TsTree& t, SModel& m, FuzzedDataProvider& in, int op, const Rect& b) {
  const int32_t nIds = int32_t(m.shapes.size());
  const int32_t id = in.ConsumeIntegralInRange<int32_t>(0, nIds - 1);
  switch (op) {
    case 0:
    case 1:
    case 2: {  // insert (a new shape, or the one it has: inserted twice)
      if (op != 2) m.shapes[size_t(id)] = makeShape(in, b);
      g_opName = "ts insert";
      TRACE("%d: ts insert(%d)\n", g_op, id);
      if (tsInsert(t, m, id) != qt::TsTree::Step::kNoRoom) m.oracle.insert(id);
      else CHECK(t.outOfMemory(), "ts: a refused insert not reported");
      break;
    }
    case 3:  // moved in place, not updated
      g_opName = "ts move";
      m.shapes[size_t(id)] = makeShape(in, b);
      break;
    case 4: {
      const bool fast = in.ConsumeBool();
      g_opName = "ts remove";
      TRACE("%d: ts remove(%d, %d)\n", g_op, id, fast);
      CHECK(t.remove(id, fast) == m.oracle.remove(id, fast), "ts: remove's return");
      break;
    }
    case 5: {
      g_opName = "ts join";
      std::vector<int32_t> got;
      if (t.joinList(got)) CHECK(got == m.oracle.join(), "ts: join's list");
      break;
    }
    case 6:
      g_opName = "ts clear";
      t.clear();
      m.oracle.clear();
      break;
    default: {
      g_opName = "ts retrieve";
      const qt::Shape q = makeShape(in, b);
      std::vector<int32_t> got;
      if (t.retrieve(q, got)) CHECK(got == m.oracle.retrieve(q), "ts: retrieve");
      break;
    }
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  g_op = -1;
  g_opName = "set-up";

  // The Quadtree: quadtree-js's constructor numbers after its defaults.
  static const Rect kBounds[] = {{0, 0, 800, 600},  {-50, -50, 100, 100}, {0, 0, 1, 1},
                                 {3, 7, 5, 11},     {0, 0, 0, 0},         {0, 0, kHuge, kHuge},
                                 {-kHuge, -kHuge, 2 * kHuge, 2 * kHuge},  {0, 0, -64, -64}};
  static const double kMaxObjects[] = {10, 4, 1, 0, -1, 2, 3, 1.5};
  static const double kLevels[] = {0, 0, 0, 0, -1, 1, 0.5, -2};
  const Rect qb = kBounds[in.ConsumeIntegralInRange<int>(0, 7)];
  const double maxObjects = kMaxObjects[in.ConsumeIntegralInRange<int>(0, 7)];
  const double level = kLevels[in.ConsumeIntegralInRange<int>(0, 7)];
  // At most 8 levels of splits below the root (quadtree-js splits while level < max_levels).
  const int depthBudget = in.ConsumeIntegralInRange<int>(0, 8);
  const double maxLevels =
      level + depthBudget - (depthBudget > 0 && in.ConsumeIntegralInRange<int>(0, 7) == 7 ? 0.5 : 0);
  // Objects spanning a whole node are stored in every leaf below it, so a deep tree may hold up
  // to 4^depth links per entry: fewer entries the deeper it may go.
  const int span = int(std::ceil(maxLevels - level));
  const int maxEntries = std::clamp(int((1 << 18) >> std::clamp(2 * span, 0, 18)), 4, 96);
  const int nIds = std::min(kMaxIds, maxEntries);

  // The LinearQuadtree, also with bounds that are not usable (every object in the root).
  static const Rect kLinearBounds[] = {{0, 0, 800, 600},  {-50, -50, 100, 100}, {0, 0, 1, 1},
                                       {3, 7, 5, 11},     {0, 0, 0, 0},         {0, 0, kHuge, kHuge},
                                       {0, 0, kInf, 10},  {kNaN, 0, 10, kNaN}};
  const Rect lb = kLinearBounds[in.ConsumeIntegralInRange<int>(0, 7)];
  // Depth 0 is clamped to 1; 7 stands for a depth fitted to the objects (they are few: it stays
  // shallow). validate() reads every node, so at most 6 levels (5,461 nodes; depth 8 has
  // 87,381): deeper trees differ only in their arithmetic, which the unit tests cover.
  const int32_t linearDepth = in.ConsumeIntegralInRange<int32_t>(0, 7);
  const int32_t nLinearIds = in.ConsumeIntegralInRange<int32_t>(1, kMaxIds);

  TRACE("Quadtree(%s, %g, %g, %g), entries <= %d; LinearQuadtree(%s, %d)\n", rectText(qb).c_str(),
        maxObjects, maxLevels, level, maxEntries, rectText(lb).c_str(), linearDepth);
  qt::Quadtree tree(qb, maxObjects, maxLevels, level);
  QModel qm;
  qm.objs.resize(size_t(nIds));
  qt::LinearQuadtree linear(lb, linearDepth);
  if (linearDepth == 7) linear.fitDepth();
  LModel lm;
  lm.live.assign(size_t(nLinearIds), 0);
  lm.rects.assign(size_t(nLinearIds), Rect{});
  lm.shapes.assign(size_t(nLinearIds), qt::Shape{0, 0, 0, 0, qt::kShapeRect});
  validateQuadtree(tree, qm);
  validateLinear(linear, lm);
  // The TutorialTree takes the Quadtree's numbers (no bytes of its own: older inputs read the same).
  qt::TutorialTree tutorial(qb, maxObjects, maxLevels, level);
  TModel tm(qb, maxObjects, maxLevels, level, nIds);
  // The TsTree too (no bytes of its own): the root at level 0 with the same depth budget, and
  // minLevels 1 when the level byte was negative.
  const double tsMaxLevels = maxLevels - level, tsMinLevels = level < 0 && tsMaxLevels >= 1 ? 1 : 0;
  qt::TsTree ts(qb, maxObjects, tsMinLevels, tsMaxLevels);
  SModel sm(qb, maxObjects, tsMinLevels, tsMaxLevels, nIds);

  // Op codes: 0..14 Quadtree, 15..25 LinearQuadtree (linearOp()'s 0..10); clears are rarer than
  // the rest. Bit 6 of the byte instead picks a TutorialTree operation (with bit 5 too, a TsTree
  // one), bit 7 a tight heap, bit 5 with an insert a batch.
  static const int8_t kOps[32] = {0, 0, 0, 0, 1, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10,
                                  11, 12, 13, 14, 15, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25};
  for (g_op = 0; g_op < kMaxOps && in.remaining_bytes() > 0; ++g_op) {
    const uint8_t code = in.ConsumeIntegral<uint8_t>();
    const int op = kOps[code & 31];
    // The top bit runs the operation on a tight heap (memory_guard.h): a call that needs more is
    // refused and must change nothing, which the model and validate() then check.
    const size_t budget = code & 0x80 ? size_t(in.ConsumeIntegral<uint8_t>()) * 64 : SIZE_MAX;
    if (budget != SIZE_MAX) TRACE("%d: heap budget %zu bytes\n", g_op, budget);
    qt::setHeapBudgetForTests(budget);
    if ((code & 0x60) == 0x60) {  // bits 6 and 5: a TsTree operation (0..7 from the low bits)
      tsOp(ts, sm, in, code & 7, qb);
      qt::setHeapBudgetForTests(SIZE_MAX);
      tsSameTree(ts, sm.oracle);
      tsHeard(ts, sm);
      if (ts.nodeCount() > 4000 || ts.linkCount() > 8000) break;
    } else if (code & 0x40) {  // bit 6: a TutorialTree operation (op codes 0..7 from the low bits)
      tutorialOp(tutorial, tm, in, code & 7, qb);
      qt::setHeapBudgetForTests(SIZE_MAX);
      validateTutorial(tutorial, tm);
      if (tutorial.nodeCount() > 4000) break;
    } else if (op < 15) {
      if (op == 0 && (code & 0x20)) quadtreeBatch(tree, qm, in, qb, maxEntries);
      else quadtreeOp(tree, qm, in, op, qb, maxEntries, level == 0);
      qt::setHeapBudgetForTests(SIZE_MAX);
      // A tree that has grown large ends the input: keeps each run short.
      const qt::Stats s = validateQuadtree(tree, qm);
      if (s.nodes > 2000 || s.references > 8000) break;
    } else {
      const int lop = op - 15;
      linearOp(linear, lm, in, lop, lb);
      qt::setHeapBudgetForTests(SIZE_MAX);
      // Validated after each change: the queries are const (pairs() only fills its scratch), and
      // the end of the input checks once more.
      if (lop <= 3) validateLinear(linear, lm);
    }
  }
  g_opName = "end";
  validateLinear(linear, lm);
  return 0;
}
