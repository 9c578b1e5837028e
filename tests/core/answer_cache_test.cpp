// retrieveRoot() and its answer cache (answer_cache.h): the facade keeps the answers it is told to
// keep, by number, and hands one out again when told it is kept. Whatever it hands out must be
// what retrieve() answers at that moment, through inserts, removes, moves and clears; and the
// numbers must stay dense and bounded, or the facade's array of answers would grow without end.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "match.h"
#include "quadtree/quadtree.h"
#include "scenario.h"

namespace {

using qt::Quadtree;
using qt::Rect;
using Ids = std::vector<int32_t>;
using Answer = Quadtree::Answer;

Ids retrieve(Quadtree& tree, const Rect& q) {
  Ids out;
  tree.retrieve(tree.root(), q, true, out);
  return out;
}

// What js/src/main/quadtree.js does with retrieveRoot()'s replies: keeps answers by number for one
// version of the tree, and forgets them all when the version moves on.
struct Facade {
  Quadtree& tree;
  std::vector<Ids> kept;
  uint32_t seen = 0;
  size_t hits = 0, keeps = 0;

  void current() {
    if (tree.version() != seen) kept.clear(), seen = tree.version();
  }
  Ids ask(const Rect& q) {
    current();
    if (!tree.settled()) tree.settle();  // as the boundary does before every read
    Ids out;
    int32_t k = -1;
    const Answer a = tree.retrieveRoot(q, out, k);
    EXPECT_NE(a, Answer::kNoRoom);
    if (a == Answer::kKept) {
      EXPECT_GE(k, 0);
      EXPECT_LT(size_t(k), kept.size()) << "told to reuse an answer it was never given";
      ++hits;
      return size_t(k) < kept.size() ? kept[size_t(k)] : Ids{};
    }
    if (k >= 0) {
      current();
      EXPECT_LE(size_t(k), kept.size()) << "numbers must stay dense";
      if (size_t(k) >= kept.size()) kept.resize(size_t(k) + 1);
      kept[size_t(k)] = out;
      ++keeps;
    }
    return out;
  }
};

// A 64 x 64 tree split once into four 32 x 32 leaves, each holding 20 objects (a join of two
// leaves is long enough to keep: AnswerCache::kMinLinks).
Quadtree quartered() {
  Quadtree t({0, 0, 64, 64}, 4, 1, 0);
  int32_t id = 0;
  for (const double x : {4.0, 40.0})
    for (const double y : {4.0, 40.0})
      for (int i = 0; i < 20; ++i) t.insert(t.root(), id++, {x + (i % 5) * 4, y + (i / 5) * 4, 2, 2});
  return t;
}

TEST(AnswerCache, AnAnswerIsKeptTheSecondTimeItsLeavesAreReachedAndReusedAfter) {
  Quadtree t = quartered();
  const Rect across{30, 4, 4, 4}, alsoAcross{31, 10, 2, 2};  // both reach the two top leaves
  Ids out;
  int32_t k = 7;
  EXPECT_EQ(t.retrieveRoot(across, out, k), Answer::kNew);
  EXPECT_EQ(k, -1);  // reached once: not worth keeping yet
  EXPECT_EQ(out, retrieve(t, across));
  out.clear();
  EXPECT_EQ(t.retrieveRoot(alsoAcross, out, k), Answer::kNew);
  EXPECT_EQ(k, 0);
  EXPECT_EQ(out, retrieve(t, across));
  out.clear();
  EXPECT_EQ(t.retrieveRoot(across, out, k), Answer::kKept);
  EXPECT_EQ(k, 0);
  EXPECT_TRUE(out.empty());
}

TEST(AnswerCache, AChangeOfTheTreeForgetsEveryAnswer) {
  Quadtree t = quartered();
  const Rect across{30, 4, 4, 4};
  Ids out;
  int32_t k = -1;
  t.retrieveRoot(across, out, k);
  t.retrieveRoot(across, out, k);
  ASSERT_EQ(t.retrieveRoot(across, out, k), Answer::kKept);
  t.insert(t.root(), 99, {20, 20, 2, 2});
  out.clear();
  EXPECT_EQ(t.retrieveRoot(across, out, k), Answer::kNew);
  EXPECT_EQ(k, -1);
  EXPECT_EQ(out, retrieve(t, across));
}

// Asked three times, `q` is answered afresh each time and never given a number to keep.
void expectNeverKept(Quadtree& t, const Rect& q) {
  for (int i = 0; i < 3; ++i) {
    Ids out;
    int32_t k = 0;
    EXPECT_EQ(t.retrieveRoot(q, out, k), Answer::kNew);
    EXPECT_EQ(k, -1);
    EXPECT_EQ(out, retrieve(t, q));
  }
}

TEST(AnswerCache, OneLeafMoreThanFourOrAShortJoinAreNeverKept) {
  Quadtree t({0, 0, 64, 64}, 40, 2, 0);
  for (int32_t i = 0; i < 16 * 41; ++i) t.insert(t.root(), i, {double(i % 4) * 16 + 2, double(i / 4 % 4) * 16 + 2, 1, 1});
  ASSERT_EQ(t.stats().leaves, 16);
  Quadtree sparse = quartered();
  sparse.clear();
  for (int32_t i = 0; i < 8; ++i) sparse.insert(sparse.root(), i, {double(i % 2) * 40 + 4, double(i / 2 % 2) * 40 + 4, 2, 2});
  for (int32_t i = 8; i < 40; ++i) sparse.insert(sparse.root(), i, {40, 40, 2, 2});  // split; bottom-right holds the most
  ASSERT_EQ(sparse.stats().leaves, 4);
  expectNeverKept(sparse, {30, 4, 4, 4});  // the top leaves: 4 links, a short join
  for (const Rect& q : {Rect{3, 3, 1, 1}, Rect{10, 10, 30, 30}, Rect{0, 0, 64, 64}}) expectNeverKept(t, q);  // 1, 9, 16 leaves
}

// Seeded scenarios: rects drawn from a small pool (so that leaves are reached again) and anew,
// between inserts, removes, moves (now, and later as the session's refresh does) and clears.
TEST(AnswerCache, WhatTheFacadeHandsOutIsAlwaysWhatRetrieveAnswers) {
  size_t hits = 0, keeps = 0;
  for (uint32_t seed = 1; seed <= 150; ++seed) {
    qttest::Scenario sc(seed + 60000);
    const qttest::Params p = sc.params();
    std::vector<Rect> pool;
    for (int i = 0; i < 12; ++i) pool.push_back(sc.rect(p.bounds, p.maxLevels));
    Quadtree tree(p.bounds, p.maxObjects, p.maxLevels, p.level);
    Facade facade{tree};
    int32_t nextId = 0;
    for (const auto& o : sc.objects(p, sc.integer(100, 600))) tree.insert(tree.root(), o.id, o.rect), nextId = std::max(nextId, o.id + 1);
    for (int step = 0; step < 400; ++step) {
      const int op = sc.integer(0, 99);
      if (op < 92) {
        const Rect q = sc.chance(0.8) ? pool[size_t(sc.integer(0, 11))] : sc.rect(p.bounds, p.maxLevels);
        const Ids got = facade.ask(q);
        ASSERT_EQ(got, retrieve(tree, q)) << "seed " << seed << " step " << step << " " << qttest::show(q);
      } else if (op < 94) {
        tree.insert(tree.root(), nextId++, sc.rect(p.bounds, p.maxLevels));
      } else if (op < 96) {
        tree.remove(sc.integer(0, nextId));
      } else if (op < 97) {
        tree.update(sc.integer(0, nextId), sc.rect(p.bounds, p.maxLevels));
      } else if (op < 99) {
        const int32_t id = sc.integer(0, nextId);
        if (tree.contains(id)) tree.moveLater(id, sc.rect(p.bounds, p.maxLevels));
      } else {
        tree.clear();
      }
    }
    // Numbers are reused, never more than the slots (two per node, at least 8).
    size_t slots = 8;
    while (slots < 2 * tree.nodeCount()) slots *= 2;
    EXPECT_LE(facade.kept.size(), slots) << "seed " << seed;
    hits += facade.hits, keeps += facade.keeps;
  }
  EXPECT_GT(keeps, 200u);  // the cache was exercised both ways
  EXPECT_GT(hits, 200u);
}

TEST(AnswerCache, NumbersStayBoundedOnATreeThatNeverChanges) {
  qttest::Scenario sc(7);
  Quadtree tree({0, 0, 1024, 1024}, 4, 5, 0);
  for (int32_t i = 0; i < 3000; ++i) tree.insert(tree.root(), i, sc.rect({0, 0, 1024, 1024}, 5));
  Facade facade{tree};
  for (int i = 0; i < 50000; ++i) {  // far more distinct sets of leaves than slots, each asked twice
    const Rect q = sc.rect({0, 0, 1024, 1024}, 5);
    facade.ask(q);
    ASSERT_EQ(facade.ask(q), retrieve(tree, q));
  }
  size_t slots = 8;
  while (slots < 2 * tree.nodeCount()) slots *= 2;
  EXPECT_LE(facade.kept.size(), slots);
  EXPECT_GT(facade.keeps, 1000u);
}

}  // namespace
