// clear() and clearNode(): what they empty, that the tree is as good as new afterwards, and that
// they keep capacity (a repeated clear-and-reinsert frame allocates nothing).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <set>
#include <vector>

#include "match.h"
#include "oracle.h"
#include "quadtree/quadtree.h"
#include "scenario.h"

// Counts every allocation made through operator new in this test binary, so a test can assert
// that a stretch of core calls allocated nothing. (The core uses std::vector, which allocates
// through operator new.) Plain malloc/free underneath, so sanitizers still see every block.
namespace {
std::atomic<long> gAllocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++gAllocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using qt::Quadtree;
using qt::Rect;
using qttest::Valid;
using Ids = std::vector<int32_t>;

const Rect kBounds{-32, 16, 128, 96};

template <class F>
long allocationsDuring(F&& f) {
  const long before = gAllocations.load();
  f();
  return gAllocations.load() - before;
}

// Live node indices, walking from the root.
std::set<int32_t> liveNodes(const Quadtree& tree) {
  std::set<int32_t> out;
  std::vector<int32_t> stack{tree.root()};
  while (!stack.empty()) {
    const int32_t n = stack.back();
    stack.pop_back();
    out.insert(n);
    if (tree.children(n) >= 0)
      for (int q = 0; q < 4; ++q) stack.push_back(tree.children(n) + q);
  }
  return out;
}

// Node indices in depth-first order: two trees with equal lists laid their nodes out alike.
std::vector<int32_t> layout(const Quadtree& tree) {
  std::vector<int32_t> out, stack{tree.root()};
  while (!stack.empty()) {
    const int32_t n = stack.back();
    stack.pop_back();
    out.push_back(n);
    if (tree.children(n) >= 0)
      for (int q = 3; q >= 0; --q) stack.push_back(tree.children(n) + q);
  }
  return out;
}

void insertAll(Quadtree& tree, const std::vector<oracle::Object>& objects) {
  for (const auto& o : objects) tree.insert(tree.root(), o.id, o.rect);
}

// Dense deterministic objects: a crowded strip, straddlers, points on midlines.
std::vector<oracle::Object> frameObjects(int n, double shift) {
  std::vector<oracle::Object> out;
  for (int i = 0; i < n; ++i) {
    const double t = i * 0.618 + shift;
    out.push_back({i, {kBounds.x + std::fmod(t * 37, kBounds.w), kBounds.y + std::fmod(t * 11, kBounds.h),
                       double(i % 5), double(i % 3)}});
  }
  out.push_back({n, {32, 64, 0, 0}});  // the centre point
  return out;
}

TEST(Clear, EmptiesTheTreeToASingleLeafWithTheSameBounds) {
  Quadtree tree(kBounds, 2, 5, 0);
  insertAll(tree, frameObjects(100, 0));
  ASSERT_GT(tree.stats().nodes, 1);
  tree.clear();
  EXPECT_TRUE(Valid(tree));
  const qt::Stats s = tree.stats();
  EXPECT_EQ(s.nodes, 1);
  EXPECT_EQ(s.leaves, 1);
  EXPECT_EQ(s.depth, 0);
  EXPECT_EQ(s.references, 0);
  EXPECT_EQ(s.entries, 0);
  EXPECT_EQ(tree.children(tree.root()), -1);
  EXPECT_TRUE(qttest::sameRect(tree.nodeRect(tree.root()), kBounds));
  EXPECT_EQ(tree.nodeLevel(tree.root()), 0);
  EXPECT_FALSE(tree.isNode(1));
  Ids out;
  tree.retrieve(tree.root(), kBounds, true, out);
  tree.allObjects(tree.root(), out);
  EXPECT_TRUE(out.empty());
}

TEST(Clear, ThenReuseBehavesExactlyLikeAFreshTree) {
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    qttest::Scenario sc(seed + 50000);
    const qttest::Params p = sc.params();
    const auto before = sc.objects(p, sc.integer(0, 160));
    const auto after = sc.objects(p, sc.integer(0, 160));
    Quadtree reused(p.bounds, p.maxObjects, p.maxLevels, p.level);
    Quadtree fresh(p.bounds, p.maxObjects, p.maxLevels, p.level);
    oracle::Quadtree model(p.bounds, p.maxObjects, p.maxLevels, p.level);
    insertAll(reused, before);
    reused.clear();
    ASSERT_TRUE(Valid(reused)) << "seed " << seed;
    insertAll(reused, after);
    insertAll(fresh, after);
    for (const auto& o : after) model.insert(o);
    ASSERT_TRUE(Valid(reused)) << "seed " << seed;
    ASSERT_TRUE(qttest::SameTree(reused, model)) << "seed " << seed;
    ASSERT_EQ(layout(reused), layout(fresh)) << "seed " << seed;
    for (int i = 0; i < 20; ++i) {
      const Rect q = sc.rect(p.bounds, p.maxLevels);
      Ids a, b;
      reused.retrieve(reused.root(), q, true, a);
      fresh.retrieve(fresh.root(), q, true, b);
      ASSERT_EQ(a, b) << "seed " << seed;
      ASSERT_TRUE(qttest::SameRetrieve(reused, reused.root(), model, q)) << "seed " << seed;
    }
  }
}

TEST(Clear, TheFirstFrameGrowsTheArraysAndASecondIdenticalFrameAllocatesNothing) {
  Quadtree tree(kBounds, 3, 6, 0);
  const auto objects = frameObjects(400, 0.25);
  Ids out;
  out.reserve(4096);
  std::vector<int32_t> firstLayout;
  auto frame = [&] {
    tree.clear();
    insertAll(tree, objects);
    for (int i = 0; i < 30; ++i) {
      out.clear();
      tree.retrieve(tree.root(), {kBounds.x + i * 4.0, kBounds.y + i * 3.0, 10, 10}, true, out);
    }
    out.clear();
    tree.allObjects(tree.root(), out);
  };
  EXPECT_GT(allocationsDuring(frame), 0);  // grows every array (and shows the counter counts)
  firstLayout = layout(tree);
  const qt::Stats first = tree.stats();
  EXPECT_EQ(allocationsDuring(frame), 0);
  EXPECT_TRUE(Valid(tree));
  EXPECT_EQ(layout(tree), firstLayout);
  const qt::Stats second = tree.stats();
  EXPECT_EQ(second.nodes, first.nodes);
  EXPECT_EQ(second.references, first.references);
  EXPECT_EQ(second.entries, first.entries);
}

TEST(Clear, ASmallerFrameAfterALargerOneAllocatesNothing) {
  Quadtree tree(kBounds, 3, 6, 0);
  const auto large = frameObjects(600, 0.5), small = frameObjects(150, 0.75);
  Ids out;
  out.reserve(4096);
  tree.clear();
  insertAll(tree, large);
  tree.retrieve(tree.root(), kBounds, true, out);
  EXPECT_EQ(allocationsDuring([&] {
              tree.clear();
              insertAll(tree, small);
              out.clear();
              tree.retrieve(tree.root(), kBounds, true, out);
            }),
            0);
  EXPECT_TRUE(Valid(tree));
}

TEST(ClearNode, OnTheRootIsTheSameAsClear) {
  Quadtree tree(kBounds, 2, 5, 0);
  insertAll(tree, frameObjects(80, 0));
  tree.clearNode(tree.root());
  EXPECT_TRUE(Valid(tree));
  EXPECT_EQ(tree.stats().nodes, 1);
  EXPECT_EQ(tree.stats().entries, 0);
}

// A tree whose top-left child is split at least twice deep, and the model alongside.
struct TwoTrees {
  Quadtree tree{kBounds, 1, 5, 0};
  oracle::Quadtree model{kBounds, 1, 5, 0};
  void insert(int32_t id, const Rect& r) {
    tree.insert(tree.root(), id, r);
    model.insert({id, r});
  }
  TwoTrees() {
    int32_t id = 0;
    for (double x : {-30.0, -20.0, -10.0, 0.0, 10.0, 20.0})
      for (double y : {20.0, 40.0, 60.0}) insert(id++, {x, y, 2, 2});
    insert(id++, {60, 90, 1, 1});
    insert(id++, {30, 60, 4, 4});  // a straddler of the root's midlines (32, 64)
  }
};

TEST(ClearNode, OnASubnodeMakesItAnEmptyLeafAndLeavesTheRestAlone) {
  TwoTrees t;
  const int32_t topLeft = t.tree.children(t.tree.root()) + 1;
  ASSERT_GE(t.tree.children(topLeft), 0);
  const qt::Stats before = t.tree.stats();
  t.tree.clearNode(topLeft);
  t.model.nodes[1]->clear();
  EXPECT_TRUE(Valid(t.tree));
  EXPECT_EQ(t.tree.children(topLeft), -1);
  Ids own;
  t.tree.nodeObjects(topLeft, own);
  EXPECT_TRUE(own.empty());
  EXPECT_TRUE(qttest::SameTree(t.tree, t.model));
  const qt::Stats after = t.tree.stats();
  EXPECT_LT(after.nodes, before.nodes);
  EXPECT_LT(after.references, before.references);
  EXPECT_EQ(after.entries, before.entries);  // entries are only reclaimed by clear()
  // The straddler is still found through the other children; the cleared quadrant gives nothing.
  Ids found;
  t.tree.retrieve(t.tree.root(), {-30, 16, 10, 10}, true, found);
  EXPECT_TRUE(found.empty());
  EXPECT_TRUE(qttest::SameRetrieve(t.tree, t.tree.root(), t.model, kBounds));
}

TEST(ClearNode, LaterSplitsReuseTheFreedNodesInsteadOfGrowingThePool) {
  TwoTrees t;
  const int32_t topLeft = t.tree.children(t.tree.root()) + 1;
  const std::set<int32_t> live = liveNodes(t.tree);
  std::vector<int32_t> freed;
  for (const auto& [n, m] : qttest::pairNodes(t.tree, topLeft, *t.model.nodes[1]))
    if (n != topLeft) freed.push_back(n);
  ASSERT_GE(freed.size(), 8u);
  t.tree.clearNode(topLeft);
  t.model.nodes[1]->clear();
  for (int32_t n : freed) EXPECT_FALSE(t.tree.isNode(n)) << n;
  // Refill the quadrant with the same rects (minus the straddler), so it splits again about as
  // deep as before but never deeper: every block it needs can come from the freed ones.
  int32_t id = 100;
  for (double x : {-30.0, -20.0, -10.0, 0.0, 10.0, 20.0})
    for (double y : {20.0, 40.0, 60.0}) {
      t.insert(id++, {x, y, 2, 2});
      ASSERT_TRUE(Valid(t.tree)) << "insert " << id;
    }
  ASSERT_GE(t.tree.children(topLeft), 0);
  EXPECT_TRUE(qttest::SameTree(t.tree, t.model));
  const std::set<int32_t> now = liveNodes(t.tree);
  ASSERT_LE(now.size(), live.size());
  for (int32_t n : now) EXPECT_TRUE(live.count(n)) << "node " << n << " is new: the pool grew";
}

TEST(ClearNode, OnALeafEmptiesItsListAndTheLinksAreReused) {
  Quadtree tree(kBounds, 4, 4, 0);
  for (int i = 0; i < 4; ++i) tree.insert(tree.root(), i, {double(i), 20, 1, 1});
  tree.insert(tree.root(), 4, {60, 90, 1, 1});  // split
  const int32_t topLeft = tree.children(tree.root()) + 1;
  Ids own;
  tree.nodeObjects(topLeft, own);
  ASSERT_EQ(own, (Ids{0, 1, 2, 3}));
  tree.clearNode(topLeft);
  EXPECT_TRUE(Valid(tree));
  own.clear();
  tree.nodeObjects(topLeft, own);
  EXPECT_TRUE(own.empty());
  EXPECT_EQ(tree.stats().references, 1);
  tree.insert(tree.root(), 9, {0, 20, 1, 1});
  EXPECT_TRUE(Valid(tree));
  tree.nodeObjects(topLeft, own);
  EXPECT_EQ(own, (Ids{9}));
}

// Inserts at the root and at subnodes, clearNode, clear and queries in random order, checked
// against the model (quadtree-js's subnode.insert / subnode.clear) after every step.
TEST(ClearNode, RandomMixOfInsertsClearsAndQueriesMatchesTheModel) {
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    qttest::Scenario sc(seed + 60000);
    const qttest::Params p = sc.params();
    Quadtree tree(p.bounds, p.maxObjects, p.maxLevels, p.level);
    oracle::Quadtree model(p.bounds, p.maxObjects, p.maxLevels, p.level);
    int32_t nextId = 0, entries = 0;
    for (int step = 0; step < 150; ++step) {
      const auto pairs = qttest::pairNodes(tree, tree.root(), model);
      const auto& [node, sub] = pairs[size_t(sc.integer(0, int(pairs.size()) - 1))];
      auto* mutableSub = const_cast<oracle::Quadtree*>(sub);  // the model is ours to change
      const int op = sc.integer(0, 99);
      if (op < 70) {
        const Rect r = sc.rect(p.bounds, p.maxLevels);
        tree.insert(tree.root(), nextId, r);
        model.insert({nextId++, r});
        ++entries;
      } else if (op < 80) {
        const Rect r = sc.rect(sub->bounds, p.maxLevels);
        tree.insert(node, nextId, r);
        mutableSub->insert({nextId++, r});
        ++entries;
      } else if (op < 88) {
        tree.clearNode(node);
        mutableSub->clear();
        if (node == tree.root()) entries = 0;
      } else if (op < 90) {
        tree.clear();
        model.clear();
        entries = 0;
      } else {
        ASSERT_TRUE(qttest::SameRetrieve(tree, node, *sub, sc.rect(sub->bounds, p.maxLevels)))
            << "seed " << seed << ", step " << step;
      }
      ASSERT_TRUE(Valid(tree)) << "seed " << seed << ", step " << step << ", op " << op;
      ASSERT_TRUE(qttest::SameTree(tree, model)) << "seed " << seed << ", step " << step << ", op " << op;
      ASSERT_EQ(tree.stats().entries, entries) << "seed " << seed << ", step " << step;
    }
  }
}

}  // namespace
