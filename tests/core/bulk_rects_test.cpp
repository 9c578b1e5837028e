// BulkRects (bulk/bulk_rects.h): every frame's pairs exactly brute force's, over scenes that move,
// spread, crowd and change size from frame to frame (each forcing the grid's plan one way or the
// other), and the rects it refuses, and running out of heap with a clean failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <mutex>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "base/abi.h"
#include "bulk_oracle.h"
#include "base/memory_guard.h"
#include "bulk/bulk_rects.h"
#include "session/boundary.h"

namespace {

using qt::BulkRects;
using Pairs = std::vector<std::pair<int32_t, int32_t>>;

Pairs bruteForce(const float* r, int32_t n) { return bulkBruteForce(r, n); }

Pairs found(const BulkRects& t, int32_t count) {
  Pairs out;
  for (int32_t k = 0; k < count; ++k) {
    const int32_t a = t.pairs()[2 * k], b = t.pairs()[2 * k + 1];
    EXPECT_LT(a, b) << "a pair is lower id first";
    out.emplace_back(a, b);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void expectBruteForce(BulkRects& t, int32_t n, const char* what) {
  const int32_t count = t.findPairs(n);
  ASSERT_GE(count, 0) << what;
  EXPECT_EQ(found(t, count), bruteForce(t.rects(), n)) << what << ", " << n << " rects, grid " << t.bands() << " x " << t.columns();
}

struct Scene {
  explicit Scene(uint32_t seed) : rng(seed) {}
  std::mt19937 rng;
  float real(double lo, double hi) { return float(std::uniform_real_distribution<double>(lo, hi)(rng)); }
  // n rects of size lo..hi in a world w x h from (x, y)
  void fill(BulkRects& t, int32_t n, double x, double y, double w, double h, double lo, double hi) {
    ASSERT_TRUE(t.reserve(n));
    for (int32_t i = 0; i < n; ++i) {
      float* r = t.rects() + 4 * i;
      r[2] = real(lo, hi), r[3] = real(lo, hi), r[0] = real(x, x + w), r[1] = real(y, y + h);
    }
  }
};

TEST(BulkRects, TheIssueSceneMovingEachFrameAgreesWithBruteForce) {
  // 2 to 20 px, 1,600 px² a rect, 16:9; every rect moves every frame, and some leave the world.
  for (int32_t n : {1, 2, 50, 1500}) {
    Scene s{uint32_t(n)};
    BulkRects t;
    const double w = std::sqrt(1600.0 * n * 16 / 9), h = w * 9 / 16;
    s.fill(t, n, 0, 0, w, h, 2, 20);
    for (int frame = 0; frame < 12; ++frame) {
      expectBruteForce(t, n, "frame");
      for (int32_t i = 0; i < n; ++i) t.rects()[4 * i] += s.real(-3, 3 + frame), t.rects()[4 * i + 1] += s.real(-3, 3);
    }
  }
}

TEST(BulkRects, ScenesThatShapeTheGridAgreeWithBruteForce) {
  struct Case {
    const char* what;
    double x, y, w, h, lo, hi;
  };
  const Case cases[] = {
      {"crowded: every rect overlaps many", 0, 0, 100, 100, 5, 60},
      {"sparse, tiny rects in a huge world", -1e6, -1e6, 2e6, 2e6, 0, 3},
      {"a line much wider than tall", 0, 0, 1e6, 10, 1, 8},
      {"a column much taller than wide", 0, 0, 10, 1e6, 1, 8},
      {"far from the origin", 1e6, -3e6, 4000, 4000, 1, 50},
      {"points and zero sizes", 0, 0, 50, 50, 0, 0},
      {"big next to small", 0, 0, 2000, 2000, 0.5, 400},
  };
  for (const Case& c : cases) {
    Scene s(7);
    BulkRects t;
    s.fill(t, 1200, c.x, c.y, c.w, c.h, c.lo, c.hi);
    expectBruteForce(t, 1200, c.what);
  }
}

TEST(BulkRects, ThePlanFollowsTheRectsFromFrameToFrame) {
  // The same tree through scenes of every kind in turn: a plan kept while it serves, made anew
  // when rects grow past a cell, leave the grid, or shrink into a corner.
  Scene s(3);
  BulkRects t;
  const int32_t n = 800;
  s.fill(t, n, 0, 0, 1000, 1000, 1, 20);
  expectBruteForce(t, n, "first");
  t.rects()[4 * 17 + 2] = 300;  // one rect wider than a column
  expectBruteForce(t, n, "one wide");
  t.rects()[4 * 18 + 3] = 300;  // one taller than a band
  expectBruteForce(t, n, "one tall");
  t.rects()[4 * 19] = -5000;  // one far out
  expectBruteForce(t, n, "one far out");
  s.fill(t, n, 0, 0, 50, 50, 0, 2);  // all in a corner
  expectBruteForce(t, n, "a corner");
  s.fill(t, n, 0, 0, 1e5, 1e5, 0, 2);  // spread out again
  expectBruteForce(t, n, "spread");
  // touching edges do not overlap; shared area does, however thin
  float* r = t.rects();
  std::fill(r, r + 4 * n, 0.0f);
  for (int32_t i = 0; i < n; ++i) r[4 * i] = float(10 * i), r[4 * i + 1] = 0, r[4 * i + 2] = 10, r[4 * i + 3] = 10;
  r[2] = 10.001f;
  expectBruteForce(t, n, "a row touching");
  EXPECT_EQ(t.findPairs(n), 1);
}

TEST(BulkRects, RectsCrowdingIntoOneBandSpillOrAreLaidOutAnew) {
  // Each band has room for its rects of the last frame and a sixteenth more: a few more rects
  // moving in spill (kept aside, then sorted in with the band); many more make a new layout.
  for (int32_t moved : {40, 150, 1000}) {
    Scene s{uint32_t(moved)};
    BulkRects t;
    const int32_t n = 4000;
    s.fill(t, n, 0, 0, 2000, 2000, 1, 20);
    expectBruteForce(t, n, "spread");
    for (int32_t i = 0; i < moved; ++i) t.rects()[4 * (i * 3) + 1] = 1000 + s.real(0, 5);
    expectBruteForce(t, n, "crowded into one band");
    expectBruteForce(t, n, "the frame after");
  }
}

TEST(BulkRects, BandRangesOnSeveralLanesOnThreadsAgreeWithBruteForce) {
  // As the threaded build runs it: the parts of the ids scattered on several threads, settle() and
  // readyLanes() on one, the band ranges on several (each lane's pairs growing when they run out
  // of room), finish() on the first; the number of threads changing between frames.
  Scene s{21};
  BulkRects t;
  const int32_t n = 6000;
  s.fill(t, n, 0, 0, 1500, 900, 1, 24);
  for (int32_t i = 0; i < n / 3; ++i) t.rects()[4 * 3 * i] = s.real(0, 150), t.rects()[4 * 3 * i + 1] = s.real(0, 90);  // a crowd
  for (int32_t lanes : {1, 2, 3, 7}) {
    for (int frame = 0; frame < 3; ++frame) {
      // the rects scattered in parts on threads (when the rooms are laid out for that many)
      if (t.beginScatter(n, lanes) == 1) {
        std::vector<std::thread> parts;
        for (int32_t part = 0; part < lanes; ++part) parts.emplace_back([&t, part] { t.scatterPart(part); });
        for (std::thread& th : parts) th.join();
      }
      const int32_t bands = t.settle();
      ASSERT_GT(bands, 0);
      ASSERT_TRUE(t.readyLanes(lanes));
      std::vector<std::thread> threads;
      for (int32_t lane = 0; lane < lanes; ++lane) {
        const int32_t begin = t.splitBands(lane, lanes), end = t.splitBands(lane + 1, lanes);
        threads.emplace_back([&t, lane, begin, end] {
          for (int32_t b = begin; b < end;) {
            b = t.pairBands(lane, b, end);
            if (b < end) {
              // (the owner grows a lane: here, under a lock, as the facade's main thread would)
              static std::mutex owner;
              std::lock_guard<std::mutex> hold(owner);
              ASSERT_TRUE(t.grow(lane));
            }
          }
        });
      }
      for (std::thread& th : threads) th.join();
      for (int32_t lane = 0; lane < lanes; ++lane) ASSERT_LE(t.splitBands(lane, lanes), t.splitBands(lane + 1, lanes));
      ASSERT_EQ(t.splitBands(lanes, lanes), bands);
      const int32_t count = t.finish();
      EXPECT_EQ(found(t, count), bruteForce(t.rects(), n)) << lanes << " lanes, frame " << frame;
      for (int32_t i = 0; i < n; ++i) t.rects()[4 * i] += s.real(-2, 2), t.rects()[4 * i + 1] += s.real(-2, 2);
    }
  }
}

TEST(BulkRects, FewerRectsThanReservedAndNone) {
  Scene s(5);
  BulkRects t;
  s.fill(t, 500, 0, 0, 300, 300, 1, 20);
  expectBruteForce(t, 200, "the first 200 of 500");
  EXPECT_EQ(t.findPairs(0), 0);
  expectBruteForce(t, 500, "all 500 again");
  ASSERT_TRUE(t.reserve(900));  // growing keeps the numbers
  expectBruteForce(t, 500, "after growing");
  EXPECT_EQ(t.capacity(), 900);
}

TEST(BulkRects, ARectNotFiniteOrOfNegativeSizeIsNamed) {
  Scene s(9);
  const float bad[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                       -std::numeric_limits<float>::infinity()};
  for (int field = 0; field < 4; ++field) {
    for (float v : bad) {
      BulkRects t;
      s.fill(t, 300, 0, 0, 200, 200, 1, 20);
      expectBruteForce(t, 300, "before");
      t.rects()[4 * 123 + field] = v;
      t.rects()[4 * 200 + field] = v;
      EXPECT_EQ(t.findPairs(300), qt::kBadRect);
      EXPECT_EQ(t.badRect(), 123);
      t.rects()[4 * 123 + field] = 5, t.rects()[4 * 200 + field] = 5;
      expectBruteForce(t, 300, "mended");
    }
  }
  BulkRects t;
  s.fill(t, 10, 0, 0, 200, 200, 1, 20);
  t.rects()[4 * 4 + 3] = -1;
  EXPECT_EQ(t.findPairs(10), qt::kBadRect);
  EXPECT_EQ(t.badRect(), 4);
  EXPECT_EQ(t.findPairs(4), 0 + int32_t(bruteForce(t.rects(), 4).size())) << "the bad rect is past count";
}

TEST(BulkRects, RunningOutOfHeapFailsCleanly) {
  Scene s(11);
  BulkRects t;
  s.fill(t, 2000, 0, 0, 100, 100, 1, 30);  // crowded: many pairs
  qt::setHeapBudgetForTests(4096);
  EXPECT_FALSE(t.reserve(100000));
  EXPECT_EQ(t.capacity(), 2000);
  EXPECT_EQ(t.findPairs(2000), qt::kNoMemory);
  qt::setHeapBudgetForTests(SIZE_MAX);
  const int32_t pairs = t.findPairs(2000);
  ASSERT_GT(pairs, 0);
  expectBruteForce(t, 2000, "with room again");
  // the rects, a copy by band, and the pairs with room to grow: a bound per rect and per pair
  EXPECT_LE(t.heldBytes(), size_t(2000) * 64 + size_t(pairs) * 16 + 4096);
}

TEST(BulkRects, TheCallsTheFacadeMakes) {
  const qt::Handle b = qt::sessionBulkCreate();
  ASSERT_NE(b, 0u);
  EXPECT_EQ(qt::sessionBulkReserve(b, 3), 1);
  float* r = reinterpret_cast<BulkRects*>(b)->rects();
  const float rects[] = {0, 0, 10, 10, 5, 5, 10, 10, 100, 100, 1, 1};
  std::copy(rects, rects + 12, r);
  EXPECT_EQ(qt::sessionBulkPairs(b, 3), 1);
  EXPECT_EQ(qt::sessionBulkRects(b), qt::Session::address(r));
  EXPECT_EQ(qt::sessionBulkBadRect(b), -1);
  r[7] = -2;  // the second rect's height
  EXPECT_EQ(qt::sessionBulkPairs(b, 3), qt::kBadRect);
  EXPECT_EQ(qt::sessionBulkBadRect(b), 1);
  EXPECT_EQ(qt::sessionBulkReserve(b, -1), qt::kNoMemory);
  qt::sessionBulkDestroy(b);
}

}  // namespace
