// Running out of heap (memory_guard.h): with a budget on what the trees may grow, every call that
// needs more than is left fails with nothing changed, and the tree stays valid and usable: its
// objects are all there, queries and removal work, freed room is reused. Checked against brute
// force over seeded scenes, for both trees and through the session functions the facade calls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "exact.h"
#include "session/boundary.h"
#include "linear/linear_quadtree.h"
#include "base/memory_guard.h"
#include "quadtree/quadtree.h"
#include "session/tree_kinds.h"  // QT_HAS_*: the session calls this core has

namespace {

using qt::Rect;
using Pairs = std::set<std::pair<int32_t, int32_t>>;

// Lifts the budget when a test ends, even a failed one.
struct Budget {
  explicit Budget(size_t bytes) { qt::setHeapBudgetForTests(bytes); }
  ~Budget() { qt::setHeapBudgetForTests(SIZE_MAX); }
  void set(size_t bytes) { qt::setHeapBudgetForTests(bytes); }
};

struct Scene {
  explicit Scene(uint32_t seed) : rng(seed) {}
  std::mt19937 rng;
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
  Rect rect() { return {real(-20, 1000), real(-20, 1000), real(0, 40), real(0, 40)}; }
};

using qt::overlaps;  // the one overlap rule (strict)

// What the tree holds, kept beside it: id -> rect of the objects in it.
struct Model {
  std::vector<Rect> rect;
  std::vector<bool> in;
  void set(int32_t id, const Rect& r, bool present) {
    if (size_t(id) >= in.size()) rect.resize(size_t(id) + 1), in.resize(size_t(id) + 1, false);
    rect[id] = r;
    in[id] = present;
  }
  std::vector<int32_t> search(const Rect& q) const {
    std::vector<int32_t> out;
    for (size_t id = 0; id < in.size(); ++id)
      if (in[id] && overlaps(rect[id], q)) out.push_back(int32_t(id));
    return out;
  }
  Pairs pairs() const {
    Pairs out;
    for (size_t a = 0; a < in.size(); ++a)
      for (size_t b = a + 1; b < in.size() && in[a]; ++b)
        if (in[b] && overlaps(rect[a], rect[b])) out.insert({int32_t(a), int32_t(b)});
    return out;
  }
};

template <class Tree>
void expectSameAsModel(Tree& tree, const Model& m, Scene& scene) {
  std::string why;
  ASSERT_TRUE(tree.validate(&why)) << why;
  for (int i = 0; i < 20; ++i) {
    const Rect q{scene.real(-50, 1000), scene.real(-50, 1000), scene.real(0, 300), scene.real(0, 300)};
    std::vector<int32_t> got;
    got.reserve(m.in.size() + 1);  // so search() itself has room whatever the budget
    qttest::search(tree, q, got);
    std::sort(got.begin(), got.end());
    ASSERT_EQ(got, m.search(q));
  }
  for (size_t id = 0; id < m.in.size(); ++id) ASSERT_EQ(tree.contains(int32_t(id)), bool(m.in[id])) << id;
}

template <class Tree>
Pairs pairsOf(Tree& tree) {
  std::vector<int32_t> flat;
  qttest::pairs(tree, flat);
  EXPECT_FALSE(tree.outOfMemory());
  Pairs out;
  for (size_t i = 0; i < flat.size(); i += 2) out.insert({std::min(flat[i], flat[i + 1]), std::max(flat[i], flat[i + 1])});
  return out;
}

// The end of each story: the tree holds what the model says, and with the heap back, pairs() too.
template <class Tree>
void expectWholeOnceThereIsRoom(Tree& tree, const Model& m, Scene& scene, Budget& limit) {
  expectSameAsModel(tree, m, scene);
  limit.set(SIZE_MAX);
  EXPECT_EQ(pairsOf(tree), m.pairs());
}

// Inserts fresh ids until `failures` inserts were refused; the model holds what went in.
template <class Tree, class Insert>
int fill(Tree& tree, Model& m, Scene& scene, Insert insert, int failures) {
  int refused = 0;
  for (int32_t id = 0; id < 200000 && refused < failures; ++id) {
    const Rect r = scene.rect();
    insert(id, r);
    const bool failed = tree.outOfMemory();
    m.set(id, r, !failed);
    refused += failed;
  }
  return refused;
}

TEST(OutOfMemory, QuadtreeRefusesInsertsCleanlyAndStaysUsable) {
  for (size_t budget : {size_t(3000), size_t(40000), size_t(400000)}) {
    SCOPED_TRACE(budget);
    Scene scene{uint32_t(budget)};
    qt::Quadtree tree({0, 0, 1000, 1000}, 4, 6, 0);
    Model m;
    Budget limit(budget);
    const int refused = fill(tree, m, scene, [&](int32_t id, const Rect& r) { tree.insert(0, id, r); }, 25);
    ASSERT_EQ(refused, 25);  // it did run out
    expectSameAsModel(tree, m, scene);

    // Nothing left: removing half and putting them back where they were reuses what they freed.
    limit.set(0);
    for (size_t id = 0; id < m.in.size(); id += 2) {
      if (!m.in[id]) continue;
      ASSERT_TRUE(tree.remove(int32_t(id)));
      m.in[id] = false;
    }
    expectSameAsModel(tree, m, scene);
    for (size_t id = 0; id < m.in.size(); id += 2) {
      if (m.in[id]) continue;
      tree.insert(0, int32_t(id), m.rect[id]);
      const bool failed = tree.outOfMemory();
      m.in[id] = !failed;
    }
    expectWholeOnceThereIsRoom(tree, m, scene, limit);
  }
}

TEST(OutOfMemory, QuadtreeUpdateThatDoesNotFitLeavesTheObjectWhereItWas) {
  Scene scene(7);
  qt::Quadtree tree({0, 0, 1000, 1000}, 4, 8, 0);
  Model m;
  Budget limit(60000);
  fill(tree, m, scene, [&](int32_t id, const Rect& r) { tree.insert(0, id, r); }, 5);
  limit.set(0);
  int refused = 0, moved = 0;
  for (int round = 0; round < 400; ++round) {
    const int32_t id = int32_t(scene.rng() % m.in.size());
    if (!m.in[id]) continue;
    // Far moves and large rects: new leaves, more links, sometimes splits.
    const Rect r{scene.real(0, 1000), scene.real(0, 1000), scene.real(0, 300), scene.real(0, 300)};
    tree.update(id, r);
    if (tree.outOfMemory()) {
      ++refused;
      ASSERT_EQ(tree.objectRect(id).x, m.rect[id].x);
    } else {
      ++moved;
      m.rect[id] = r;
    }
    if (round % 40 == 0) expectSameAsModel(tree, m, scene);
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(moved, 0);
  expectWholeOnceThereIsRoom(tree, m, scene, limit);
}

TEST(OutOfMemory, PairsThatDoNotFitSaySoAndWorkOnceThereIsRoom) {
  Scene scene(3);
  qt::Quadtree quad({0, 0, 1000, 1000}, 10, 4, 0);
  qt::LinearQuadtree linear({0, 0, 1000, 1000}, 6);
  Model m;
  for (int32_t id = 0; id < 400; ++id) {
    const Rect r{scene.real(0, 500), scene.real(0, 500), scene.real(20, 200), scene.real(20, 200)};
    quad.insert(0, id, r);
    linear.insert(id, r);
    m.set(id, r, true);
  }
  {
    Budget limit(1000);
    qt::ExactIndex index;  // a Quadtree's pairs come from its session's index: no room for it
    EXPECT_FALSE(index.ensure(quad.size(), quad.nodeRect(0), qttest::objectsOf(quad)));
    EXPECT_EQ(index.tree(), nullptr);
    std::vector<int32_t> b;
    qttest::pairs(linear, b);
    EXPECT_TRUE(linear.outOfMemory());
  }
  EXPECT_EQ(pairsOf(quad), m.pairs());
  EXPECT_EQ(pairsOf(linear), m.pairs());
}

TEST(OutOfMemory, LinearQuadtreeRefusesNewIdsCleanlyAndStaysUsable) {
  for (size_t budget : {size_t(2000), size_t(50000)}) {
    SCOPED_TRACE(budget);
    Scene scene{uint32_t(budget) + 1};
    qt::LinearQuadtree tree({0, 0, 1000, 1000}, 6);
    Model m;
    Budget limit(budget);
    ASSERT_EQ(fill(tree, m, scene, [&](int32_t id, const Rect& r) { tree.insert(id, r); }, 10), 10);
    expectSameAsModel(tree, m, scene);
    limit.set(0);  // moving, removing and re-inserting known ids needs nothing new
    for (size_t id = 0; id < m.in.size(); ++id) {
      if (!m.in[id]) continue;
      if (id % 3 == 0) {
        ASSERT_TRUE(tree.remove(int32_t(id)));
        m.in[id] = false;
      } else {
        m.rect[id] = scene.rect();
        tree.update(int32_t(id), m.rect[id]);
        ASSERT_FALSE(tree.outOfMemory());
      }
    }
    expectWholeOnceThereIsRoom(tree, m, scene, limit);
  }
}

#if QT_HAS_RECTS
// Through the session functions, as the facade calls them.
TEST(OutOfMemory, SessionCallsReportItAndChangeNothing) {
  using namespace qt;
  Scene scene(11);
  const Handle h = sessionCreate(0, 0, 1000, 1000, 10, 4, 0);
  Budget limit(20000);
  int32_t inserted = 0, next = 0;
  for (int round = 0; round < 100; ++round) {
    const int32_t count = 64;
    for (int32_t i = 0; i < count; ++i) {
      const Rect r = scene.rect();
      stageBuffer.ids[i] = next + i;
      double* at = stageBuffer.rects + 4 * i;
      at[0] = r.x, at[1] = r.y, at[2] = r.w, at[3] = r.h;
    }
    const int32_t done = sessionFlush(h, count);
    ASSERT_GE(done, 0);
    ASSERT_LE(done, count);
    for (int32_t i = 0; i < count; ++i) ASSERT_EQ(bool(sessionContains(h, next + i)), i < done);
    inserted += done;
    next += count;
    if (done < count) break;
  }
  ASSERT_LT(inserted, next);  // it ran out
  limit.set(0);
  EXPECT_EQ(sessionValidate(h), kNoMemory);  // its checks allocate
  limit.set(SIZE_MAX);
  EXPECT_EQ(sessionValidate(h), 1);
  EXPECT_EQ(sessionSearch(h, -100, -100, 2000, 2000, qt::kShapeRect), inserted);
  limit.set(0);
  EXPECT_EQ(sessionPairs(h), kNoMemory);  // its answer needs more room than there is
  EXPECT_EQ(sessionSearch(h, -100, -100, 2000, 2000, qt::kShapeRect), inserted);  // the results have room already
  EXPECT_EQ(sessionScratch(h, 1 << 20), Handle(0));
  EXPECT_TRUE(sessionRemove(h, 0) || !sessionContains(h, 0));
  limit.set(SIZE_MAX);
  EXPECT_GE(sessionPairs(h), 0);
  EXPECT_EQ(sessionValidate(h), 1);
  limit.set(0);
  EXPECT_EQ(sessionCreateLinear(0, 0, 100, 100, 8), Handle(0));
  freeKeptSessions();  // (a kept session needs no room)
  EXPECT_EQ(sessionCreate(0, 0, 100, 100, 10, 4, 0), Handle(0));
  limit.set(SIZE_MAX);
  sessionDestroy(h);
}

#endif  // QT_HAS_RECTS

// A session made with little heap left is either whole (it validates once there is room again)
// or not made (0), for every kind of tree this core has: the session's check for room is not
// the tree's exact need, so the tree's own growth may be what fails (node_tree.h's plantRoot()).
TEST(OutOfMemory, ASessionMadeWithLittleHeapIsWholeOrNotMade) {
  using namespace qt;
  int made = 0, refused = 0;
  for (size_t budget = 0; budget <= 24 * 1024; budget += 64) {
    for (int kind = 0; kind < 5; ++kind) {
      Handle h = 0;
      bool tried = false;  // (a kind this core has)
      {
        Budget limit(budget);
#if QT_HAS_RECTS
        if (kind <= 1) tried = true, h = sessionCreate(0, 0, 100, 100, 1, 4, 0, 0, kind == 0 ? kQuadtreeKind : kTutorialKind);
#endif
#if QT_HAS_LINEAR
        if (kind == 2) tried = true, h = sessionCreateLinear(0, 0, 100, 100, 2);
#endif
#if QT_HAS_TS
        if (kind >= 3) tried = true, h = sessionCreateTs(0, 0, 100, 100, 1, kind == 3 ? 0 : 2, 4);  // (2: a skeleton)
#endif
      }
      if (!tried) continue;
      if (h == 0) {
        ++refused;
        continue;
      }
      ++made;
      ASSERT_EQ(sessionValidate(h), 1) << "kind " << kind << ", a budget of " << budget << " bytes";
      sessionDestroy(h);
      freeKeptSessions();  // (the next one is made anew)
    }
  }
  EXPECT_GT(made, 0);
  EXPECT_GT(refused, 0);
}
}  // namespace
