// version() of both trees (version.h): every call that may change what a query answers moves it
// on, no query does; the packed copy and the leaf grid stay current exactly as long as it holds.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "exact.h"
#include "linear/linear_quadtree.h"
#include "quadtree/quadtree.h"

namespace {

using qt::LinearQuadtree;
using qt::Quadtree;
using qt::Rect;

const Rect kBounds{0, 0, 100, 100};

// A tree split a few times, so that queries walk nodes and pack leaves.
Quadtree splitTree() {
  Quadtree t(kBounds, 2, 4, 0);
  for (int32_t i = 0; i < 12; ++i) t.insert(t.root(), i, {double(i * 8), double(i * 7), 6, 6});
  t.insert(t.root(), 20, {45, 45, 10, 10});  // across the midlines: several leaves
  return t;
}

// Runs every query of a Quadtree once.
void everyQuery(Quadtree& t) {
  std::vector<int32_t> out;
  std::vector<double> walk;
  const Rect q{10, 10, 50, 50};
  t.retrieve(t.root(), q, true, out);
  t.locate(t.root(), {1, 1, 1, 1}, true);
  t.leafGrid();
  t.allObjects(t.root(), out);
  t.nodeObjects(t.root(), out);
  qttest::search(t, q, out);
  qttest::collides(t, q);
  qttest::pairs(t, out);
  t.nodeWalk(walk);
  t.contains(3);
  t.stats();
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
  t.outOfMemory();
}

TEST(QuadtreeVersion, NoQueryMovesIt) {
  Quadtree t = splitTree();
  const uint32_t v = t.version();
  everyQuery(t);
  everyQuery(t);
  EXPECT_EQ(t.version(), v);
}

TEST(QuadtreeVersion, EveryMutationMovesItOn) {
  Quadtree t = splitTree();
  auto movedBy = [&](auto mutate) {
    const uint32_t before = t.version();
    everyQuery(t);  // the caches are built at `before`
    mutate();
    return t.version() != before;
  };
  EXPECT_TRUE(movedBy([&] { t.insert(t.root(), 30, {70, 10, 4, 4}); }));
  EXPECT_TRUE(movedBy([&] { t.insert(t.children(t.root()), 31, {70, 10, 4, 4}); }));  // a subnode
  EXPECT_FALSE(movedBy([&] { t.update(30, {71, 11, 4, 4}); }));  // stays in its leaf: no query reads rects
  EXPECT_TRUE(movedBy([&] { t.update(30, {10, 80, 4, 4}); }));   // moves to another leaf
  EXPECT_TRUE(movedBy([&] { t.update(40, {20, 20, 4, 4}); }));   // absent: inserted
  EXPECT_TRUE(movedBy([&] { t.remove(40); }));
  EXPECT_TRUE(movedBy([&] { t.clearNode(t.children(t.root()) + 2); }));
  EXPECT_TRUE(movedBy([&] { t.clear(); }));
  EXPECT_TRUE(movedBy([&] { t.insert(t.root(), 1, {1, 1, 1, 1}); }));
}

TEST(QuadtreeVersion, ARemoveOfAnAbsentObjectChangesNothingAndLeavesIt) {
  Quadtree t = splitTree();
  const uint32_t v = t.version();
  EXPECT_FALSE(t.remove(99));
  EXPECT_FALSE(t.remove(-1));
  EXPECT_EQ(t.version(), v);
}

TEST(QuadtreeVersion, AnUpdateInPlaceLeavesItAndTheLeafGridAsTheyWereAndIsSeenByExactQueries) {
  Quadtree t(kBounds, 1, 1, 0);  // the root splits once: four leaves of 50 x 50
  for (int32_t i = 0; i < 4; ++i) t.insert(t.root(), i, {10 + 50.0 * (i & 1), 10 + 50.0 * (i >> 1), 5, 5});
  std::vector<int32_t> out;
  qttest::search(t, {0, 0, 100, 100}, out);  // packed at this version
  const Quadtree::LeafGrid before = t.leafGrid();
  const std::vector<int32_t> cells(before.cells, before.cells + before.side * before.side);
  const uint32_t v = t.version();
  EXPECT_FALSE(t.update(0, {12, 12, 5, 5}));  // strictly inside its leaf: stays
  EXPECT_EQ(t.version(), v);  // no query of the tree reads rects: its answers stand
  out.clear();
  qttest::search(t, {16.5, 16.5, 0.25, 0.25}, out);  // only the new rect reaches this far
  EXPECT_EQ(out, std::vector<int32_t>{0});
  out.clear();
  qttest::search(t, {10.5, 10.5, 1, 1}, out);  // only the old one started this far up
  EXPECT_TRUE(out.empty());
  const Quadtree::LeafGrid after = t.leafGrid();
  EXPECT_EQ(std::vector<int32_t>(after.cells, after.cells + after.side * after.side), cells);
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
}

TEST(LinearQuadtreeVersion, NoQueryMovesIt) {
  LinearQuadtree t(kBounds, 4);
  for (int32_t i = 0; i < 20; ++i) t.insert(i, {double(i * 5), double(i * 4), 3, 3});
  const uint32_t v = t.version();
  std::vector<int32_t> out;
  std::vector<double> nodes;
  qttest::search(t, {0, 0, 50, 50}, out);
  t.searchNear(3, out);
  qttest::collides(t, {10, 10, 5, 5});
  qttest::pairs(t, out);
  t.nodes(nodes);
  t.stats();
  t.contains(4);
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
  EXPECT_EQ(t.version(), v);
}

TEST(LinearQuadtreeVersion, EveryMutationMovesItOn) {
  LinearQuadtree t(kBounds, 4);
  auto movedBy = [&](auto mutate) {
    const uint32_t before = t.version();
    mutate();
    return t.version() != before;
  };
  EXPECT_TRUE(movedBy([&] { t.insert(1, {10, 10, 2, 2}); }));
  EXPECT_TRUE(movedBy([&] { t.insert(1, {60, 10, 2, 2}); }));   // present: moved
  EXPECT_TRUE(movedBy([&] { t.update(1, {60.5, 10, 2, 2}); }));  // same cells
  EXPECT_TRUE(movedBy([&] { t.update(1, {5, 90, 2, 2}); }));     // another node
  EXPECT_TRUE(movedBy([&] { t.update(2, {5, 5, 2, 2}); }));      // absent: inserted
  EXPECT_TRUE(movedBy([&] { t.remove(2); }));
  EXPECT_TRUE(movedBy([&] { t.clear(); }));
  EXPECT_FALSE(movedBy([&] { t.remove(1); }));  // absent: nothing changed
  EXPECT_FALSE(movedBy([&] { t.insert(-1, {0, 0, 1, 1}); }));  // negative ids are ignored
}

TEST(LinearQuadtreeDepth, ClampDepthIsTheRuleTheConstructorApplies) {
  for (int32_t d : {-5, 0, 1, 7, 12, 13, 100})
    EXPECT_EQ(LinearQuadtree(kBounds, d).depth(), LinearQuadtree::clampDepth(d)) << d;
  EXPECT_EQ(LinearQuadtree::clampDepth(0), 1);
  EXPECT_EQ(LinearQuadtree::clampDepth(99), LinearQuadtree::kMaxDepth);
}

TEST(LinearQuadtreeDepth, BytesForCountsEveryNodeOfTheClampedDepth) {
  EXPECT_EQ(LinearQuadtree::nodeCount(1), 5u);
  EXPECT_EQ(LinearQuadtree::nodeCount(2), 21u);
  EXPECT_EQ(LinearQuadtree::nodeCount(8), 87381u);
  // 8 bytes a node on top of the tree itself; depths beyond the range cost what the clamp gives.
  EXPECT_EQ(LinearQuadtree::bytesFor(8) - LinearQuadtree::bytesFor(1), 8 * (87381u - 5u));
  EXPECT_EQ(LinearQuadtree::bytesFor(0), LinearQuadtree::bytesFor(1));
  EXPECT_EQ(LinearQuadtree::bytesFor(50), LinearQuadtree::bytesFor(LinearQuadtree::kMaxDepth));
}

}  // namespace
