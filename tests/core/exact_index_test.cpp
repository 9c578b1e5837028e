// The exact queries' index (exact_index.h): the rule that picks its depth and bounds from the
// objects, and the sessions that keep it in step with their Quadtree or TutorialTree through every
// kind of change, checked against brute force; and a Quadtree's moves left for settle().
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "session/boundary.h"
#include "session/exact_index.h"
#include "base/memory_guard.h"
#include "quadtree/quadtree.h"
#include "session/tree_kinds.h"  // QT_HAS_*: the session calls this core has

namespace {

using qt::Rect;

// `count` objects of `size` px placed in a world of `side`.
qt::ExactIndex::Plan planOf(int32_t count, double size, double side) {
  qt::ExactIndex::Plan plan({0, 0, side, side});
  const Rect r{1, 1, size, size};
  for (int32_t i = 0; i < count; ++i) plan.reach(r);
  for (int32_t i = 0; i < count; ++i) plan.fit(r);
  return plan;
}

TEST(ExactIndexPlan, DepthPutsTheTypicalObjectInCellsAboutTwiceItsSize) {
  // 4000 / 2^7 = 31 px cells for 10 px objects (2^8 would be 15.6 px: less than twice).
  EXPECT_EQ(planOf(10000, 10, 4000).depth(10000), 7);
  EXPECT_EQ(planOf(10000, 40, 4000).depth(10000), 5);
  // The same objects in a world twice as wide: one level more.
  EXPECT_EQ(planOf(10000, 10, 8000).depth(10000), 8);
  // In a world 8 times as wide as tall, the cells are square all the same: the level of the
  // objects' size against the wider side (8000 / 2^8 = 31 px), not the narrow one.
  qt::ExactIndex::Plan wide({0, 0, 8000, 1000});
  for (int pass = 0; pass < 2; ++pass)
    for (int32_t i = 0; i < 10000; ++i) pass ? wide.fit({1, 1, 10, 10}) : wide.reach({1, 1, 10, 10});
  EXPECT_EQ(wide.depth(10000), 8);
  EXPECT_EQ(wide.bounds().h, 8000);
}

TEST(ExactIndexPlan, DepthFollowsMostObjectsNotTheLargest) {
  qt::ExactIndex::Plan plan({0, 0, 4000, 4000});
  const Rect small{1, 1, 10, 10}, huge{1, 1, 1500, 1500};
  for (int pass = 0; pass < 2; ++pass) {
    for (int32_t i = 0; i < 950; ++i) pass ? plan.fit(small) : plan.reach(small);
    for (int32_t i = 0; i < 50; ++i) pass ? plan.fit(huge) : plan.reach(huge);
  }
  EXPECT_EQ(plan.depth(1000), 6);  // the small ones' level 7, kept to 8 cells an object: 4^6 <= 8000 < 4^7
  EXPECT_EQ(plan.depth(100000), 7);
}

TEST(ExactIndexPlan, PointsGoDeepAsFarAsTheObjectCountAllows) {
  EXPECT_EQ(planOf(100, 0, 1000).depth(100), 4);       // 4^4 = 256 <= 800 < 4^5
  EXPECT_EQ(planOf(1000000, 0, 1000).depth(1000000), 11);  // 4^11 <= 8e6 < 4^12
}

TEST(ExactIndexPlan, BoundsAreASquareThatTakesInObjectsOutsideTheTreeAndSkipsNonFiniteEdges) {
  qt::ExactIndex::Plan plan({0, 0, 100, 100});
  plan.reach({-50, 20, 10, 10});
  plan.reach({300, 400, 5, 5});
  plan.reach({std::numeric_limits<double>::infinity(), 5, 1, 1});
  const Rect b = plan.bounds();
  EXPECT_EQ(b.x, -50);
  EXPECT_EQ(b.y, 0);
  EXPECT_EQ(b.w, 405);  // the taller extent, 0 to 405; x spans -50 to 305 inside it
  EXPECT_EQ(b.h, 405);
}

// A session driven the way the facade drives it, beside a brute-force model of its objects.
#if QT_HAS_RECTS
struct Driven {
  qt::Handle h;
  qt::Session& s;
  std::vector<Rect> rect;
  std::vector<char> in;

  explicit Driven(qt::Handle handle) : h(handle), s(*reinterpret_cast<qt::Session*>(handle)) {}
  ~Driven() { qt::sessionDestroy(h); }

  void insert(int32_t id, const Rect& r) {
    qt::stageBuffer.ids[0] = id;
    std::copy(&r.x, &r.x + 4, qt::stageBuffer.rects);  // Rect is x, y, w, h
    ASSERT_EQ(qt::sessionFlush(h, 1), 1);
    set(id, r);
  }
  void set(int32_t id, const Rect& r) {
    if (size_t(id) >= rect.size()) rect.resize(size_t(id) + 1), in.resize(size_t(id) + 1);
    rect[id] = r;
    in[id] = 1;
  }
  // refresh() of `ids`, as the facade sends changed objects.
  void refresh(const std::vector<std::pair<int32_t, Rect>>& moves) {
    qt::sessionScratch(h, int32_t(moves.size()));
    for (size_t i = 0; i < moves.size(); ++i) {
      s.scratchIds[i] = moves[i].first;
      std::copy(&moves[i].second.x, &moves[i].second.x + 4, s.scratch.data() + 4 * i);
      if (size_t(moves[i].first) < in.size() && in[moves[i].first]) rect[moves[i].first] = moves[i].second;
    }
    ASSERT_GE(qt::sessionRefresh(h, int32_t(moves.size()), false), 0);
  }

  std::set<std::pair<int32_t, int32_t>> pairs() {
    const int32_t n = qt::sessionPairs(h);
    std::set<std::pair<int32_t, int32_t>> out;
    for (int32_t i = 0; i < n; ++i) {
      const int32_t a = s.results[2 * i], b = s.results[2 * i + 1];
      EXPECT_TRUE(out.insert({std::min(a, b), std::max(a, b)}).second) << "pair reported twice";
    }
    return out;
  }
  std::set<std::pair<int32_t, int32_t>> brutePairs() const {
    std::set<std::pair<int32_t, int32_t>> out;
    for (int32_t a = 0; a < int32_t(rect.size()); ++a)
      for (int32_t b = a + 1; b < int32_t(rect.size()); ++b)
        if (in[a] && in[b] && qt::overlaps(rect[a], rect[b])) out.insert({a, b});
    return out;
  }
  std::set<int32_t> search(const Rect& q) {
    const int32_t n = qt::sessionSearch(h, q.x, q.y, q.w, q.h, qt::kShapeRect);
    return std::set<int32_t>(s.answer, s.answer + n);
  }
  std::set<int32_t> bruteSearch(const Rect& q) const {
    std::set<int32_t> out;
    for (int32_t a = 0; a < int32_t(rect.size()); ++a)
      if (in[a] && qt::overlaps(rect[a], q)) out.insert(a);
    return out;
  }
};

// Random frames of every change a session knows, with exact queries in between.
void checkAgainstBruteForce(bool tutorial, double maxObjects, double maxLevels, uint32_t seed) {
  SCOPED_TRACE(testing::Message() << (tutorial ? "tutorial" : "quadtree") << " (" << maxObjects << ", "
                                  << maxLevels << ") seed " << seed);
  std::mt19937 rng(seed);
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  auto rect = [&] {  // mostly inside the bounds, some far outside, some points
    const double size = rng() % 8 == 0 ? 0 : real(1, 60);
    const double span = rng() % 10 == 0 ? 3000 : 1000;
    return Rect{real(-span / 4, span), real(-span / 4, span), size, rng() % 5 == 0 ? real(0, 120) : size};
  };
  Driven d(tutorial ? qt::sessionCreate(0, 0, 1000, 1000, maxObjects, maxLevels, 0, 0, qt::kTutorialKind)
                    : qt::sessionCreate(0, 0, 1000, 1000, maxObjects, maxLevels, 0));
  int32_t next = 0;
  for (int frame = 0; frame < 60; ++frame) {
    const int op = int(rng() % 10);
    if (op < 3) {  // a batch of inserts (the index grows past what it was made for)
      const int n = 1 + int(rng() % (frame < 20 ? 40 : 200));
      for (int i = 0; i < n; ++i) d.insert(next, rect()), ++next;
    } else if (op < 6) {  // refresh of a share of the objects, or of every one (the index is left behind)
      std::vector<std::pair<int32_t, Rect>> moves;
      const uint32_t share = op == 5 ? 1 : 3;
      for (int32_t id = 0; id < next; ++id)
        if (rng() % share == 0) moves.push_back({id, Rect{d.rect[id].x + real(-30, 30), d.rect[id].y + real(-30, 30), d.rect[id].w, d.rect[id].h}});
      d.refresh(moves);
    } else if (op == 6 && next > 0) {  // removes
      for (int i = 0; i < 10; ++i) {
        const int32_t id = int32_t(rng() % uint32_t(next));
        EXPECT_EQ(qt::sessionRemove(d.h, id), d.in[id] ? 1 : 0);
        d.in[id] = 0;
      }
    } else if (op == 7 && next > 0) {  // single updates, inserting absent ids
      for (int i = 0; i < 10; ++i) {
        const int32_t id = int32_t(rng() % uint32_t(next + 5));
        const Rect r = rect();
        ASSERT_GE(qt::sessionUpdate(d.h, id, r.x, r.y, r.w, r.h, qt::kShapeRect), 0);
        d.set(id, r);
        next = std::max(next, id + 1);
      }
    } else if (op == 8 && rng() % 4 == 0) {  // now and then, clear (the index is kept, emptied)
      qt::sessionClear(d.h);
      std::fill(d.in.begin(), d.in.end(), 0);
    } else if (op == 9) {  // a retrieve: the Quadtree places what it was told of
      qt::sessionRetrieve(d.h, 0, 100, 100, 300, 300, true);
    }
    EXPECT_EQ(d.pairs(), d.brutePairs()) << "frame " << frame;
    // Queries catch up an index left behind; without them it stays behind into the next frames.
    for (int k = rng() % 2 ? 0 : 5; k < 5; ++k) {
      const Rect q = rect();
      const auto want = d.bruteSearch(q);
      EXPECT_EQ(d.search(q), want) << "frame " << frame;
      EXPECT_EQ(qt::sessionCollides(d.h, q.x, q.y, q.w, q.h, qt::kShapeRect), want.empty() ? 0 : 1) << "frame " << frame;
    }
    ASSERT_EQ(qt::sessionValidate(d.h), 1) << "frame " << frame;
  }
}

TEST(ExactIndexSession, QuadtreeAnswersAsBruteForceWhateverItsParameters) {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    checkAgainstBruteForce(false, 10, 4, seed);  // quadtree-js's defaults
    checkAgainstBruteForce(false, 1, 8, seed);
  }
}

TEST(ExactIndexSession, TutorialTreeAnswersAsBruteForceWhateverItsParameters) {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    checkAgainstBruteForce(true, 10, 5, seed);
    checkAgainstBruteForce(true, 2, 8, seed);
  }
}

TEST(ExactIndexSession, IsMadeOnlyWhenAnExactQueryNeedsItAndRemadeWhenObjectsOutgrowIt) {
  Driven d(qt::sessionCreate(0, 0, 1000, 1000, 10, 4, 0));
  for (int32_t id = 0; id < 20; ++id) d.insert(id, {id * 40.0, 10, 5, 5});
  qt::sessionRetrieve(d.h, 0, 0, 0, 100, 100, true);
  EXPECT_EQ(d.s.exact.tree(), nullptr);  // retrieve alone never pays for it
  d.pairs();
  ASSERT_NE(d.s.exact.tree(), nullptr);
  const uint32_t made = d.s.exact.generation();
  for (int32_t id = 20; id < 60; ++id) d.insert(id, {id * 10.0, 500, 5, 5});
  d.pairs();
  EXPECT_EQ(d.s.exact.generation(), made);  // 60 objects: still suits what it was made for
  for (int32_t id = 60; id < 600; ++id) d.insert(id, {double(id), 700, 0.5, 0.5});
  EXPECT_EQ(d.pairs(), d.brutePairs());
  EXPECT_NE(d.s.exact.generation(), made);  // ten times as many: made anew
  EXPECT_EQ(qt::sessionValidate(d.h), 1);
}

TEST(ExactIndexSession, WithoutRoomForTheIndexSearchAndCollidesTestEveryObject) {
  Driven d(qt::sessionCreate(0, 0, 1000, 1000, 10, 4, 0));
  std::mt19937 rng(5);
  for (int32_t id = 0; id < 300; ++id)
    d.insert(id, {double(rng() % 950), double(rng() % 950), double(rng() % 40), double(rng() % 40)});
  qt::sessionRetrieve(d.h, 0, 0, 0, 1000, 1000, true);  // results has room for every id
  qt::setHeapBudgetForTests(0);
  for (int k = 0; k < 20; ++k) {
    const Rect q{double(rng() % 900), double(rng() % 900), double(rng() % 100), double(rng() % 100)};
    const auto want = d.bruteSearch(q);
    EXPECT_EQ(d.search(q), want);
    EXPECT_EQ(qt::sessionCollides(d.h, q.x, q.y, q.w, q.h, qt::kShapeRect), want.empty() ? 0 : 1);
  }
  EXPECT_EQ(d.s.exact.tree(), nullptr);
  EXPECT_EQ(qt::sessionPairs(d.h), qt::kNoMemory);  // pairs need the index
  qt::setHeapBudgetForTests(SIZE_MAX);
  EXPECT_EQ(d.pairs(), d.brutePairs());
  EXPECT_EQ(qt::sessionValidate(d.h), 1);
}

TEST(ExactIndexSession, AChangeThatBypassedTheSessionFailsValidate) {
  Driven d(qt::sessionCreate(0, 0, 100, 100, 4, 4, 0, 0, qt::kTutorialKind));
  for (int32_t id = 0; id < 10; ++id) d.insert(id, {id * 9.0, id * 9.0, 5, 5});
  EXPECT_EQ(qt::sessionSearch(d.h, 0, 0, 100, 100, qt::kShapeRect), 10);
  EXPECT_EQ(qt::sessionValidate(d.h), 1);
  std::get<qt::TutorialTree>(d.s.tree).update(3, {50, 50, 30, 30});  // the index was not told
  EXPECT_EQ(qt::sessionValidate(d.h), 0);
}

#endif  // QT_HAS_RECTS
// Each object moved at most once between reads: placing the moves at the next read (settle())
// leaves the tree exactly as placing each at once (update()) does.
TEST(QuadtreeMoveLater, SettledMovesLeaveTheTreeAsImmediateUpdatesDo) {
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    std::mt19937 rng(seed);
    auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    const double maxObjects = double(1 + rng() % 6), maxLevels = double(1 + rng() % 6);
    qt::Quadtree now({0, 0, 500, 500}, maxObjects, maxLevels, 0), later({0, 0, 500, 500}, maxObjects, maxLevels, 0);
    const int32_t n = 30 + int32_t(rng() % 100);
    for (int32_t id = 0; id < n; ++id) {
      const Rect r{real(-20, 500), real(-20, 500), real(0, 50), real(0, 50)};
      now.insert(0, id, r);
      later.insert(0, id, r);
    }
    for (int round = 0; round < 10; ++round) {
      std::vector<char> moved(size_t(n), 0);
      for (int k = 0; k < n / 2; ++k) {
        const int32_t id = int32_t(rng() % uint32_t(n));
        if (moved[id]) continue;
        moved[id] = 1;
        const Rect r{real(-20, 500), real(-20, 500), real(0, 50), real(0, 50)};
        now.update(id, r);
        ASSERT_TRUE(later.moveLater(id, r));
        EXPECT_EQ(later.objectRect(id).x, r.x);  // the latest rect at once
      }
      EXPECT_FALSE(later.settled());
      ASSERT_TRUE(later.settle());
      std::vector<double> a, b;
      now.nodeWalk(a);
      later.nodeWalk(b);
      ASSERT_EQ(a, b) << "round " << round;
      for (int k = 0; k < 10; ++k) {
        const Rect q{real(0, 500), real(0, 500), real(0, 100), real(0, 100)};
        std::vector<int32_t> x, y;
        now.retrieve(0, q, true, x);
        later.retrieve(0, q, true, y);
        ASSERT_EQ(x, y);
      }
      std::string why;
      ASSERT_TRUE(later.validate(&why)) << why;
    }
  }
}

}  // namespace
