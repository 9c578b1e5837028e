// Quadtree::insertBatch() against the same objects inserted one by one: the same nodes, the same
// lists in the same order, and afterwards the same answers to update() and remove().
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "match.h"
#include "base/memory_guard.h"
#include "quadtree/quadtree.h"
#include "same_tree.h"

namespace {

using qt::Quadtree;
using qt::Rect;
using qttest::Valid;

const Rect kBounds{0, 0, 1000, 400};
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Batch {
  std::vector<int32_t> ids;
  std::vector<double> rects;  // x, y, width, height per id
  void add(int32_t id, const Rect& r) {
    ids.push_back(id);
    rects.insert(rects.end(), {r.x, r.y, r.w, r.h});
  }
  Rect rect(size_t i) const { return {rects[4 * i], rects[4 * i + 1], rects[4 * i + 2], rects[4 * i + 3]}; }
  int32_t size() const { return int32_t(ids.size()); }
};

// Rects of several kinds: small, large, on midlines, zero-size, NaN, far outside.
Rect someRect(std::mt19937& rng) {
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  switch (rng() % 10) {
    case 0: return {500, real(0, 400), 0, real(0, 30)};             // on the root's midline
    case 1: return {real(0, 1000), real(0, 400), real(100, 600), real(50, 300)};  // large
    case 2: return {250 + 125 * double(rng() % 4), 100, 0, 0};     // a point on midlines
    case 3: return {kNaN, real(0, 400), 5, 5};
    case 4: return {real(-5000, -2000), real(0, 400), 10, 10};    // far outside
    case 5: return {real(600, 620), real(300, 320), real(0, 3), real(0, 3)};  // a hot spot
    default: return {real(0, 990), real(0, 390), real(0, 20), real(0, 20)};
  }
}

// Node by node (children, rect, level, own list in order), from the root of both.
::testing::AssertionResult sameTree(const Quadtree& a, const Quadtree& b) {
  const std::string why = qttest::treeDifference(a, b);
  if (why.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << why;
}

// Inserts the batch into `batched` with insertBatch() (then the rest one by one, as a flush does)
// and into `single` one by one; returns what insertBatch() stored.
int32_t insertBoth(Quadtree& batched, Quadtree& single, const Batch& b) {
  const int32_t stored = batched.insertBatch(b.ids.data(), b.rects.data(), b.size());
  for (int32_t i = stored; i < b.size(); ++i) batched.insert(batched.root(), b.ids[i], b.rect(size_t(i)));
  for (int32_t i = 0; i < b.size(); ++i) single.insert(single.root(), b.ids[i], b.rect(size_t(i)));
  return stored;
}

struct Limits {
  double maxObjects, maxLevels;
};
const Limits kLimits[] = {{10, 4}, {1, 5}, {4, 4}, {0, 3}, {-1, 2}, {16, 6}, {2, 0}, {kNaN, 4}, {3, 6}};

TEST(Batch, IntoAnEmptyTreeMakesTheLeavesOneByOneWould) {
  for (const Limits& lim : kLimits) {
    for (uint32_t seed = 1; seed <= 6; ++seed) {
      std::mt19937 rng(seed);
      Batch b;
      const int32_t n = int32_t(rng() % 400) + 2;
      for (int32_t i = 0; i < n; ++i) b.add(i * 3 % 1000, someRect(rng));  // distinct ids, not in order
      Quadtree batched(kBounds, lim.maxObjects, lim.maxLevels, 0), single(kBounds, lim.maxObjects, lim.maxLevels, 0);
      EXPECT_EQ(insertBoth(batched, single, b), n) << "seed " << seed;
      ASSERT_TRUE(Valid(batched)) << "seed " << seed << ", limits " << lim.maxObjects << "," << lim.maxLevels;
      ASSERT_TRUE(sameTree(batched, single)) << "seed " << seed << ", limits " << lim.maxObjects << "," << lim.maxLevels;
    }
  }
}

TEST(Batch, IntoAGrownTreeAppendsAndSplitsAsInsertsWould) {
  for (const Limits& lim : kLimits) {
    std::mt19937 rng(7);
    Quadtree batched(kBounds, lim.maxObjects, lim.maxLevels, 0), single(kBounds, lim.maxObjects, lim.maxLevels, 0);
    int32_t next = 0;
    for (int round = 0; round < 8; ++round) {
      Batch b;
      const int32_t n = int32_t(rng() % 120) + 2;
      for (int32_t i = 0; i < n; ++i) b.add(next++, someRect(rng));
      EXPECT_EQ(insertBoth(batched, single, b), n);
      // Some leave and some move between batches, on both trees alike.
      for (int32_t id = round; id + 3 < next; id += 7) {
        EXPECT_EQ(batched.remove(id), single.remove(id));
        const Rect r = someRect(rng);
        EXPECT_EQ(batched.update(id + 3, r), single.update(id + 3, r)) << "id " << id + 3;
      }
      ASSERT_TRUE(Valid(batched)) << "round " << round;
      ASSERT_TRUE(sameTree(batched, single)) << "round " << round << ", limits " << lim.maxObjects << "," << lim.maxLevels;
    }
  }
}

TEST(Batch, StopsBeforeAnIdThatIsInTheTreeOrCameBefore) {
  Quadtree batched(kBounds, 2, 5, 0), single(kBounds, 2, 5, 0);
  Batch first;
  for (int32_t i = 0; i < 5; ++i) first.add(i, {10.0 * i, 10, 5, 5});
  ASSERT_EQ(insertBoth(batched, single, first), 5);
  Batch repeated;  // 7 comes twice, with two rects: its first entry is re-placed by the first
  for (int32_t id : {5, 6, 7, 8, 7, 9}) repeated.add(id, {600.0 + id, 300.0 - 20 * id, 4, 30});
  EXPECT_EQ(insertBoth(batched, single, repeated), 4);
  EXPECT_TRUE(sameTree(batched, single));
  Batch present;
  for (int32_t id : {10, 2, 11}) present.add(id, {100, 100, 1, 1});
  EXPECT_EQ(insertBoth(batched, single, present), 1);
  EXPECT_TRUE(sameTree(batched, single));
  EXPECT_TRUE(Valid(batched));
}

TEST(Batch, LeavesTheEntriesSoThatUpdatesAndRemovesAnswerAsAfterInserts) {
  std::mt19937 rng(11);
  Quadtree batched(kBounds, 4, 6, 0), single(kBounds, 4, 6, 0);
  Batch b;
  for (int32_t i = 0; i < 300; ++i) b.add(i, someRect(rng));
  ASSERT_EQ(insertBoth(batched, single, b), 300);
  for (int step = 0; step < 2000; ++step) {
    const int32_t id = int32_t(rng() % 300);
    if (step % 5 == 4) {
      EXPECT_EQ(batched.remove(id), single.remove(id));
      continue;
    }
    // Small moves mostly (kept in their leaves), sometimes anywhere.
    Rect r = batched.contains(id) ? batched.objectRect(id) : someRect(rng);
    if (rng() % 4 == 0) r = someRect(rng);
    else r.x += std::uniform_real_distribution<double>(-3, 3)(rng);
    ASSERT_EQ(batched.update(id, r), single.update(id, r)) << "step " << step;
  }
  EXPECT_TRUE(Valid(batched));
  EXPECT_TRUE(sameTree(batched, single));
}

TEST(Batch, StoresNothingWhileObjectsWaitToBeReplaced) {
  Quadtree tree(kBounds, 2, 4, 0);
  tree.insert(tree.root(), 0, {10, 10, 5, 5});
  ASSERT_TRUE(tree.moveLater(0, {900, 300, 5, 5}));
  Batch b;
  b.add(1, {20, 20, 5, 5});
  b.add(2, {30, 30, 5, 5});
  EXPECT_EQ(tree.insertBatch(b.ids.data(), b.rects.data(), b.size()), 0);
  EXPECT_FALSE(tree.contains(1));
  EXPECT_TRUE(Valid(tree));
}

TEST(Batch, OutOfMemoryStoresNoneOfTheBatch) {
  for (size_t budget : {size_t(0), size_t(2000), size_t(20000), size_t(60000)}) {
    std::mt19937 rng(3);
    Quadtree tree(kBounds, 1, 8, 0);
    Batch before, b;
    for (int32_t i = 0; i < 20; ++i) before.add(i, someRect(rng));
    ASSERT_EQ(tree.insertBatch(before.ids.data(), before.rects.data(), before.size()), 20);
    for (int32_t i = 20; i < 1000; ++i) b.add(i, someRect(rng));
    qt::setHeapBudgetForTests(budget);
    const int32_t stored = tree.insertBatch(b.ids.data(), b.rects.data(), b.size());
    qt::setHeapBudgetForTests(SIZE_MAX);
    ASSERT_EQ(stored, 0) << "budget " << budget;
    EXPECT_EQ(tree.size(), 20);
    for (int32_t i = 20; i < 1000; ++i) ASSERT_FALSE(tree.contains(i));
    EXPECT_TRUE(Valid(tree)) << "budget " << budget;
  }
}

}  // namespace
