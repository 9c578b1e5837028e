// When leaves split, where their objects go, and what stats() reports about the result.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "match.h"
#include "oracle.h"
#include "quadtree/quadtree.h"

namespace {

using qt::Quadtree;
using qt::Rect;
using qttest::sameRect;
using qttest::Valid;
using Ids = std::vector<int32_t>;

const Rect kBounds{0, 0, 64, 64};

// Inserts at the root and checks every invariant right after.
void insertValid(Quadtree& tree, int32_t id, const Rect& r) {
  tree.insert(tree.root(), id, r);
  ASSERT_TRUE(Valid(tree)) << "after inserting " << id;
}

Ids own(const Quadtree& tree, int32_t node) {
  Ids out;
  tree.nodeObjects(node, out);
  return out;
}

// A small rect well inside child `q` of the root, distinct per `k`.
Rect inQuadrant(int q, int k) {
  const Rect c = qt::childRect(kBounds, q);
  return {c.x + 2 + k, c.y + 2 + k, 1, 1};
}

void expectStats(const Quadtree& tree, int32_t nodes, int32_t leaves, int32_t depth, int32_t links,
                 int32_t entries) {
  const qt::Stats s = tree.stats();
  EXPECT_EQ(s.nodes, nodes);
  EXPECT_EQ(s.leaves, leaves);
  EXPECT_EQ(s.depth, depth);
  EXPECT_EQ(s.references, links);
  EXPECT_EQ(s.entries, entries);
}

TEST(Split, FreshTreeIsOneEmptyLeaf) {
  Quadtree tree(kBounds, 4, 4, 0);
  EXPECT_TRUE(Valid(tree));
  EXPECT_EQ(tree.children(tree.root()), -1);
  EXPECT_TRUE(sameRect(tree.nodeRect(tree.root()), kBounds));
  EXPECT_EQ(tree.nodeLevel(tree.root()), 0);
  expectStats(tree, 1, 1, 0, 0, 0);
}

TEST(Split, LeafHoldingExactlyMaxObjectsDoesNotSplit) {
  Quadtree tree(kBounds, 4, 4, 0);
  for (int i = 0; i < 4; ++i) insertValid(tree, i, inQuadrant(i, 0));
  EXPECT_EQ(tree.children(tree.root()), -1);
  EXPECT_EQ(own(tree, tree.root()), (Ids{0, 1, 2, 3}));
  expectStats(tree, 1, 1, 0, 4, 4);
}

TEST(Split, OneMoreThanMaxObjectsSplitsIntoFourChildrenAndEmptiesTheNode) {
  Quadtree tree(kBounds, 4, 4, 0);
  for (int i = 0; i < 5; ++i) insertValid(tree, i, inQuadrant(i % 4, i / 4));
  const int32_t c = tree.children(tree.root());
  ASSERT_GE(c, 0);
  EXPECT_TRUE(own(tree, tree.root()).empty());
  for (int q = 0; q < 4; ++q) {
    EXPECT_TRUE(sameRect(tree.nodeRect(c + q), qt::childRect(kBounds, q))) << "child " << q;
    EXPECT_EQ(tree.nodeLevel(c + q), 1);
    EXPECT_EQ(tree.children(c + q), -1);
  }
  EXPECT_EQ(own(tree, c + 0), (Ids{0, 4}));
  EXPECT_EQ(own(tree, c + 1), (Ids{1}));
  EXPECT_EQ(own(tree, c + 2), (Ids{2}));
  EXPECT_EQ(own(tree, c + 3), (Ids{3}));
  expectStats(tree, 5, 4, 1, 5, 5);
}

TEST(Split, FractionalMaxObjectsComparesAsANumber) {
  Quadtree tree(kBounds, 2.5, 4, 0);  // splits when it holds 3 > 2.5
  insertValid(tree, 0, inQuadrant(0, 0));
  insertValid(tree, 1, inQuadrant(1, 0));
  EXPECT_EQ(tree.children(tree.root()), -1);
  insertValid(tree, 2, inQuadrant(2, 0));
  EXPECT_GE(tree.children(tree.root()), 0);
}

TEST(Split, MaxObjectsBelowOneSplitsEveryLeafThatReceivesAnObjectButNoEmptyOne) {
  // quadtree-js keeps any truthy max_objects, and only checks a leaf when it pushes an object.
  for (double maxObjects : {0.5, -1.0}) {
    Quadtree tree(kBounds, maxObjects, 3, 0);
    insertValid(tree, 0, {1, 1, 1, 1});
    // The root and the top-left chain split down to level 3; the siblings stay empty leaves.
    expectStats(tree, 13, 10, 3, 1, 1);
  }
}

TEST(Split, StraddlerIsStoredInEveryChildItReaches) {
  Quadtree tree(kBounds, 2, 4, 0);
  insertValid(tree, 7, {30, 30, 4, 4});  // across both midlines
  insertValid(tree, 8, inQuadrant(3, 0));
  insertValid(tree, 9, inQuadrant(1, 0));  // 3 > 2: split
  const int32_t c = tree.children(tree.root());
  ASSERT_GE(c, 0);
  EXPECT_EQ(own(tree, c + 0), (Ids{7}));
  EXPECT_EQ(own(tree, c + 1), (Ids{7, 9}));
  EXPECT_EQ(own(tree, c + 2), (Ids{7}));
  EXPECT_EQ(own(tree, c + 3), (Ids{7, 8}));
  expectStats(tree, 5, 4, 1, 6, 3);  // one entry per insert, one link per leaf reached
}

TEST(Split, LeafThatStillOverflowsAfterASplitSplitsAgain) {
  Quadtree tree(kBounds, 1, 4, 0);
  insertValid(tree, 7, {30, 30, 4, 4});
  insertValid(tree, 8, {50, 50, 1, 1});  // 2 > 1: split; bottom-right gets 7 and 8
  const int32_t br = tree.children(tree.root()) + 3;
  ASSERT_GE(tree.children(br), 0) << "bottom-right holds 2 > 1 at level 1 < 4";
  EXPECT_TRUE(own(tree, br).empty());
  EXPECT_EQ(own(tree, tree.children(br) + 1), (Ids{7}));
  EXPECT_EQ(own(tree, tree.children(br) + 3), (Ids{8}));
  expectStats(tree, 9, 7, 2, 5, 2);
}

TEST(Split, MaxLevelsZeroNeverSplits) {
  Quadtree tree(kBounds, 1, 0, 0);
  for (int i = 0; i < 50; ++i) insertValid(tree, i, {double(i), double(i), 1, 1});
  EXPECT_EQ(tree.children(tree.root()), -1);
  expectStats(tree, 1, 1, 0, 50, 50);
}

TEST(Split, MaxLevelsBoundsTheDepthEvenWhenObjectsCannotBeSeparated) {
  Quadtree tree(kBounds, 1, 3, 0);
  for (int i = 0; i < 5; ++i) insertValid(tree, i, {1, 1, 1, 1});  // all the same rect
  // Each level splits once down the top-left chain; level 3 may not split and keeps all five.
  expectStats(tree, 13, 10, 3, 5, 5);
  int32_t n = tree.root();
  for (int level = 0; level < 3; ++level) {
    ASSERT_GE(tree.children(n), 0) << "level " << level;
    n = tree.children(n) + 1;
  }
  EXPECT_EQ(tree.nodeLevel(n), 3);
  EXPECT_EQ(tree.children(n), -1);
  EXPECT_EQ(own(tree, n), (Ids{0, 1, 2, 3, 4}));
}

TEST(Split, ObjectsFallingInOneChildCascadeUntilTheySeparate) {
  Quadtree tree(kBounds, 2, 8, 0);
  // Three points near the origin: the top-left chain splits at levels 0..4, and the node
  // [0,4]x[0,4] at level 4 finally separates them around its midlines x = y = 2.
  insertValid(tree, 0, {1, 1, 0, 0});
  insertValid(tree, 1, {3, 1, 0, 0});
  insertValid(tree, 2, {1, 3, 0, 0});
  expectStats(tree, 21, 16, 5, 3, 3);
  int32_t n = tree.root();
  for (int level = 0; level < 4; ++level) n = tree.children(n) + 1;
  EXPECT_TRUE(sameRect(tree.nodeRect(n), {0, 0, 4, 4}));
  const int32_t c = tree.children(n);
  ASSERT_GE(c, 0);
  EXPECT_EQ(own(tree, c + 0), (Ids{1}));
  EXPECT_EQ(own(tree, c + 1), (Ids{0}));
  EXPECT_EQ(own(tree, c + 2), (Ids{2}));
  EXPECT_TRUE(own(tree, c + 3).empty());
}

TEST(Split, RootWithLevelAboveZeroSplitsOnlyUntilMaxLevels) {
  Quadtree tree(kBounds, 1, 3, 2);  // one split left: level 2 < 3, children at level 3
  for (int i = 0; i < 6; ++i) insertValid(tree, i, inQuadrant(1, i));
  const int32_t c = tree.children(tree.root());
  ASSERT_GE(c, 0);
  for (int q = 0; q < 4; ++q) EXPECT_EQ(tree.nodeLevel(c + q), 3);
  EXPECT_EQ(tree.children(c + 1), -1);
  EXPECT_EQ(own(tree, c + 1), (Ids{0, 1, 2, 3, 4, 5}));
  expectStats(tree, 5, 4, 1, 6, 6);
}

TEST(Split, RootAlreadyAtMaxLevelsNeverSplits) {
  Quadtree tree(kBounds, 1, 3, 3);
  for (int i = 0; i < 6; ++i) insertValid(tree, i, inQuadrant(i % 4, i / 4));
  EXPECT_EQ(tree.children(tree.root()), -1);
}

TEST(Split, RedistributionKeepsInsertionOrderAndLaterInsertsAppend) {
  Quadtree tree(kBounds, 3, 4, 0);
  insertValid(tree, 10, inQuadrant(2, 0));
  insertValid(tree, 11, {0, 40, 64, 2});  // spans the bottom half
  insertValid(tree, 12, inQuadrant(2, 1));
  insertValid(tree, 13, inQuadrant(3, 0));  // 4 > 3: split
  const int32_t c = tree.children(tree.root());
  ASSERT_GE(c, 0);
  EXPECT_EQ(own(tree, c + 2), (Ids{10, 11, 12}));
  EXPECT_EQ(own(tree, c + 3), (Ids{11, 13}));
  insertValid(tree, 14, inQuadrant(3, 1));
  EXPECT_EQ(own(tree, c + 3), (Ids{11, 13, 14}));
  EXPECT_TRUE(own(tree, c + 0).empty());
  EXPECT_TRUE(own(tree, c + 1).empty());
}

TEST(Split, SameIdInsertedTwiceIsStoredTwice) {
  Quadtree tree(kBounds, 4, 4, 0);
  insertValid(tree, 5, {10, 10, 1, 1});
  insertValid(tree, 5, {10, 10, 1, 1});
  EXPECT_EQ(own(tree, tree.root()), (Ids{5, 5}));
  expectStats(tree, 1, 1, 0, 2, 2);
  EXPECT_EQ(tree.stats().objects, 1);  // two entries of one object
}

TEST(Split, ObjectsOutsideTheBoundsGoToTheEdgeQuadrants) {
  Quadtree tree(kBounds, 1, 1, 0);
  insertValid(tree, 0, {-100, -100, 1, 1});
  insertValid(tree, 1, {500, -3, 1, 1});
  insertValid(tree, 2, {-1, 90, 1, 1});
  insertValid(tree, 3, {64, 64, 1, 1});  // at the far corner: bottom-right
  const int32_t c = tree.children(tree.root());
  ASSERT_GE(c, 0);
  EXPECT_EQ(own(tree, c + 0), (Ids{1}));
  EXPECT_EQ(own(tree, c + 1), (Ids{0}));
  EXPECT_EQ(own(tree, c + 2), (Ids{2}));
  EXPECT_EQ(own(tree, c + 3), (Ids{3}));
}

TEST(Split, ZeroSizeRectOnAMidlineSurvivesTheSplitInBothChildren) {
  // quadtree-js would drop object 0 here; we keep it on both sides of the midline.
  Quadtree tree(kBounds, 1, 1, 0);
  insertValid(tree, 0, {32, 10, 0, 5});
  insertValid(tree, 1, inQuadrant(2, 0));
  const int32_t c = tree.children(tree.root());
  ASSERT_GE(c, 0);
  EXPECT_EQ(own(tree, c + 0), (Ids{0}));
  EXPECT_EQ(own(tree, c + 1), (Ids{0}));
  EXPECT_EQ(own(tree, c + 2), (Ids{1}));
  EXPECT_TRUE(own(tree, c + 3).empty());
}

TEST(Split, MatchesTheModelAfterEveryInsertOfACrowdedCorner) {
  Quadtree tree({-8, 4, 96, 48}, 2, 6, 0);
  oracle::Quadtree model({-8, 4, 96, 48}, 2, 6, 0);
  for (int i = 0; i < 60; ++i) {
    const double t = i * 0.37;
    const Rect r{-8 + t, 4 + t / 2, double(i % 3), double(i % 2)};
    tree.insert(tree.root(), i, r);
    model.insert({i, r});
    ASSERT_TRUE(Valid(tree)) << "after " << i;
    ASSERT_TRUE(qttest::SameTree(tree, model)) << "after " << i;
  }
}

TEST(Stats, CountsNodesLeavesDepthLinksAndEntries) {
  Quadtree tree(kBounds, 1, 4, 0);
  insertValid(tree, 0, inQuadrant(0, 0));
  insertValid(tree, 1, inQuadrant(1, 0));
  insertValid(tree, 2, {30, 30, 4, 4});  // reaches all four children
  // The root split; children 0 and 1 now hold 2 > 1 and split; children 2 and 3 hold object 2.
  expectStats(tree, 13, 10, 2, 6, 3);
  const qt::Stats s = tree.stats();
  int32_t links = 0;
  std::vector<int32_t> stack{tree.root()};
  while (!stack.empty()) {
    const int32_t n = stack.back();
    stack.pop_back();
    links += int32_t(own(tree, n).size());
    if (tree.children(n) >= 0)
      for (int q = 0; q < 4; ++q) stack.push_back(tree.children(n) + q);
  }
  EXPECT_EQ(s.references, links);
}

}  // namespace
