// retrieve(), allObjects() and nodeObjects(): what comes back, in which order, and how often.
// Literal cases first, then the core against the reference model over seeded random scenarios.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "match.h"
#include "oracle.h"
#include "quadtree/quadtree.h"
#include "scenario.h"

namespace {

using qt::Quadtree;
using qt::Rect;
using qttest::show;
using qttest::Valid;
using Ids = std::vector<int32_t>;

const Rect kBounds{0, 0, 64, 64};

Ids retrieve(Quadtree& tree, const Rect& q, bool dedup = true, int32_t node = 0) {
  Ids out;
  tree.retrieve(node, q, dedup, out);
  return out;
}

Ids all(Quadtree& tree, int32_t node = 0) {
  Ids out;
  tree.allObjects(node, out);
  return out;
}

// ---- literal cases ----

TEST(Retrieve, EmptyTreeReturnsNothing) {
  Quadtree tree(kBounds, 4, 4, 0);
  EXPECT_TRUE(retrieve(tree, kBounds).empty());
  EXPECT_TRUE(all(tree).empty());
}

TEST(Retrieve, ReturnsCandidatesNotHitsEveryObjectOfAReachedLeaf) {
  Quadtree tree(kBounds, 10, 4, 0);
  tree.insert(0, 3, {1, 1, 1, 1});
  tree.insert(0, 1, {60, 60, 1, 1});
  tree.insert(0, 2, {30, 5, 1, 1});
  EXPECT_EQ(retrieve(tree, {40, 40, 0.5, 0.5}), (Ids{3, 1, 2}));  // overlaps none of them
}

TEST(Retrieve, VisitsReachedLeavesDepthFirstInChildOrderWithInsertionOrderInside) {
  Quadtree tree(kBounds, 1, 2, 0);
  tree.insert(0, 10, {2, 2, 1, 1});    // top-left
  tree.insert(0, 11, {40, 2, 1, 1});   // top-right
  tree.insert(0, 12, {50, 20, 1, 1});  // top-right again: it splits into 16 | 48
  tree.insert(0, 13, {2, 40, 1, 1});   // bottom-left
  tree.insert(0, 14, {3, 41, 1, 1});   // bottom-left again: splits
  ASSERT_TRUE(Valid(tree));
  // top-right's children first (11 in its top-left, 12 in its bottom-right), then top-left, then
  // bottom-left's child holding both 13 and 14 (level 2: cannot split).
  EXPECT_EQ(retrieve(tree, kBounds), (Ids{11, 12, 10, 13, 14}));
  EXPECT_EQ(retrieve(tree, {40, 0, 20, 4}), (Ids{11}));
  EXPECT_EQ(retrieve(tree, {0, 0, 64, 30}), (Ids{11, 12, 10}));
}

TEST(Retrieve, AtLevelZeroReturnsEachObjectOnceAtItsFirstOccurrence) {
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 5, {30, 30, 4, 4});  // in all four children
  tree.insert(0, 6, {2, 2, 1, 1});
  const Ids everywhere = retrieve(tree, kBounds);
  EXPECT_EQ(everywhere, (Ids{5, 6}));
  // Without de-dup every stored copy comes back, in visiting order (top-left splits: 6 then 5).
  const Ids copies = retrieve(tree, kBounds, false);
  EXPECT_EQ(std::count(copies.begin(), copies.end(), 5), 4);
  EXPECT_EQ(copies.front(), 5);  // from top-right
}

TEST(Retrieve, SameIdInsertedTwiceComesBackOnce) {
  Quadtree tree(kBounds, 4, 4, 0);
  tree.insert(0, 9, {10, 10, 1, 1});
  tree.insert(0, 9, {10, 10, 1, 1});
  EXPECT_EQ(retrieve(tree, kBounds), (Ids{9}));
  EXPECT_EQ(retrieve(tree, kBounds, false), (Ids{9, 9}));
  EXPECT_EQ(all(tree), (Ids{9}));
}

TEST(Retrieve, ZeroSizeQueryOnAMidlineSearchesBothSides) {
  // quadtree-js would search no child at all for this query.
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 0, {10, 10, 1, 1});
  tree.insert(0, 1, {40, 10, 1, 1});
  tree.insert(0, 2, {40, 40, 1, 1});
  EXPECT_EQ(retrieve(tree, {32, 8, 0, 4}), (Ids{1, 0}));
  EXPECT_EQ(retrieve(tree, {32, 32, 0, 0}), (Ids{1, 0, 2}));
}

TEST(Retrieve, ObjectsOutsideTheBoundsAreFoundByQueriesOutsideTheBounds) {
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 0, {-50, -50, 5, 5});
  tree.insert(0, 1, {100, 100, 5, 5});
  EXPECT_EQ(retrieve(tree, {-60, -60, 3, 3}), (Ids{0}));
  EXPECT_EQ(retrieve(tree, {200, 200, 1, 1}), (Ids{1}));
}

TEST(Retrieve, FromASubnodeSearchesOnlyThatSubtreeAndKeepsDuplicatesSinceItsLevelIsNotZero) {
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 1, {2, 2, 1, 1});
  tree.insert(0, 2, {40, 40, 1, 1});
  tree.insert(0, 3, {14, 14, 4, 4});  // top-left splits; 3 straddles its midlines at 16
  const int32_t topLeft = tree.children(0) + 1;
  ASSERT_GE(tree.children(topLeft), 0);
  EXPECT_EQ(tree.nodeLevel(topLeft), 1);
  // quadtree-js removes duplicates only where level is 0, so a subnode's retrieve keeps them.
  EXPECT_EQ(retrieve(tree, {0, 0, 32, 32}, true, topLeft), (Ids{3, 1, 3, 3, 3}));
  EXPECT_EQ(retrieve(tree, {0, 0, 32, 32}, false, topLeft), (Ids{3, 1, 3, 3, 3}));
  EXPECT_EQ(all(tree, topLeft), (Ids{3, 1}));
}

TEST(Retrieve, AppendsToTheCallersVector) {
  Quadtree tree(kBounds, 4, 4, 0);
  tree.insert(0, 4, {1, 1, 1, 1});
  Ids out{-7};
  tree.retrieve(0, kBounds, true, out);
  tree.retrieve(0, kBounds, true, out);
  EXPECT_EQ(out, (Ids{-7, 4, 4}));  // each call de-dups within itself only
}

TEST(Retrieve, SparseLargeIdsAreDeduplicated) {
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 1000000, {30, 30, 4, 4});
  tree.insert(0, 3, {1, 1, 1, 1});
  tree.insert(0, 250000, {30, 1, 4, 4});
  // top-right holds 250000 then (in its bottom-left) 1000000; top-left adds 3.
  EXPECT_EQ(retrieve(tree, kBounds), (Ids{250000, 1000000, 3}));
}

TEST(NodeObjects, ListsALeafsOwnObjectsAndNothingForASplitNode) {
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 1, {2, 2, 1, 1});
  Ids own;
  tree.nodeObjects(0, own);
  EXPECT_EQ(own, (Ids{1}));
  tree.insert(0, 2, {40, 40, 1, 1});
  own.clear();
  tree.nodeObjects(0, own);
  EXPECT_TRUE(own.empty());
  tree.nodeObjects(tree.children(0) + 3, own);
  EXPECT_EQ(own, (Ids{2}));
}

TEST(AllObjects, ListsEveryDistinctObjectDepthFirst) {
  Quadtree tree(kBounds, 1, 4, 0);
  tree.insert(0, 1, {2, 2, 1, 1});
  tree.insert(0, 2, {40, 40, 1, 1});
  tree.insert(0, 3, {30, 30, 4, 4});
  tree.insert(0, 4, {40, 2, 1, 1});
  EXPECT_EQ(all(tree), (Ids{4, 3, 1, 2}));
}

TEST(Retrieve, BelowANegativeRootLevelDeduplicatesWithinEachLevelZeroSubtreeOnly) {
  // quadtree-js checks `level === 0` at every node: with a root at level -1 that is each child.
  Quadtree tree(kBounds, 1, 4, -1);
  tree.insert(0, 1, {10, 10, 2, 2});
  tree.insert(0, 2, {30, 10, 4, 2});  // straddles x = 32: top-right and top-left
  tree.insert(0, 1, {10, 10, 2, 2});  // the same object again
  // top-right: [2]; top-left (level 0) splits and holds 1, 2, 1 across its children: [2, 1] once
  // each. The root at -1 concatenates without de-dup.
  EXPECT_EQ(retrieve(tree, kBounds), (Ids{2, 2, 1}));
  EXPECT_EQ(retrieve(tree, kBounds, false), (Ids{2, 2, 1, 1}));
}

TEST(Retrieve, AtAFractionalRootLevelNeverDeduplicates) {
  Quadtree tree(kBounds, 4, 4, 0.5);
  tree.insert(0, 1, {10, 10, 2, 2});
  tree.insert(0, 1, {10, 10, 2, 2});
  EXPECT_EQ(retrieve(tree, kBounds), (Ids{1, 1}));
}

// ---- against the model, over seeded random scenarios ----

constexpr uint32_t kScenarios = 120;

// A random scenario built into both trees.
struct Built {
  qttest::Params p;
  std::vector<oracle::Object> inserted;
  std::unique_ptr<Quadtree> tree;
  std::unique_ptr<oracle::Quadtree> model;
};

Built build(qttest::Scenario& sc) {
  Built b;
  b.p = sc.params();
  b.inserted = sc.objects(b.p, sc.integer(0, 160));
  b.tree = std::make_unique<Quadtree>(b.p.bounds, b.p.maxObjects, b.p.maxLevels, b.p.level);
  b.model = std::make_unique<oracle::Quadtree>(b.p.bounds, b.p.maxObjects, b.p.maxLevels, b.p.level);
  for (const oracle::Object& o : b.inserted) {
    b.tree->insert(b.tree->root(), o.id, o.rect);
    b.model->insert(o);
  }
  return b;
}

std::string describe(const Built& b) {
  return "bounds " + show(b.p.bounds) + " maxObjects " + std::to_string(b.p.maxObjects) +
         " maxLevels " + std::to_string(b.p.maxLevels) + " level " + std::to_string(b.p.level) +
         ", " + std::to_string(b.inserted.size()) + " inserts";
}

TEST(RetrieveMatchesModel, TreeIsValidAndShapedLikeTheModelAfterEveryInsert) {
  for (uint32_t seed = 1; seed <= kScenarios / 3; ++seed) {
    qttest::Scenario sc(seed);
    const qttest::Params p = sc.params();
    const auto inserted = sc.objects(p, sc.integer(0, 70));
    Quadtree tree(p.bounds, p.maxObjects, p.maxLevels, p.level);
    oracle::Quadtree model(p.bounds, p.maxObjects, p.maxLevels, p.level);
    for (size_t i = 0; i < inserted.size(); ++i) {
      tree.insert(tree.root(), inserted[i].id, inserted[i].rect);
      model.insert(inserted[i]);
      ASSERT_TRUE(Valid(tree)) << "seed " << seed << ", insert " << i;
      ASSERT_TRUE(qttest::SameTree(tree, model)) << "seed " << seed << ", insert " << i;
    }
  }
}

TEST(RetrieveMatchesModel, RetrieveAtTheRootGivesTheSameIdsInTheSameOrder) {
  for (uint32_t seed = 1; seed <= kScenarios; ++seed) {
    qttest::Scenario sc(seed);
    Built b = build(sc);
    ASSERT_TRUE(Valid(*b.tree)) << "seed " << seed;
    ASSERT_TRUE(qttest::SameTree(*b.tree, *b.model)) << "seed " << seed << ": " << describe(b);
    for (int i = 0; i < 40; ++i) {
      const Rect q = sc.rect(b.p.bounds, b.p.maxLevels);
      ASSERT_TRUE(qttest::SameRetrieve(*b.tree, 0, *b.model, q)) << "seed " << seed << ": " << describe(b);
    }
  }
}

TEST(RetrieveMatchesModel, DedupOffListsEveryStoredCopyInVisitingOrder) {
  for (uint32_t seed = 1; seed <= kScenarios; ++seed) {
    qttest::Scenario sc(seed + 10000);
    Built b = build(sc);
    for (int i = 0; i < 20; ++i) {
      const Rect q = sc.rect(b.p.bounds, b.p.maxLevels);
      const Ids copies = b.model->retrieve(q, false);
      ASSERT_EQ(retrieve(*b.tree, q, false), copies) << "seed " << seed << " " << show(q);
      if (b.p.level == 0) {  // then de-dup covers the whole result
        ASSERT_EQ(retrieve(*b.tree, q, true), oracle::firstOccurrences(copies)) << "seed " << seed;
      }
    }
  }
}

TEST(RetrieveMatchesModel, RetrieveFromEverySubnodeMatchesTheModelsSubnode) {
  for (uint32_t seed = 1; seed <= kScenarios; ++seed) {
    qttest::Scenario sc(seed + 20000);
    Built b = build(sc);
    const auto pairs = qttest::pairNodes(*b.tree, 0, *b.model);
    for (int i = 0; i < 20; ++i) {
      const auto& [node, sub] = pairs[size_t(sc.integer(0, int(pairs.size()) - 1))];
      const Rect q = sc.rect(sub->bounds, b.p.maxLevels);
      ASSERT_TRUE(qttest::SameRetrieve(*b.tree, node, *sub, q)) << "seed " << seed << ": " << describe(b);
    }
  }
}

TEST(RetrieveMatchesModel, RetrieveFindsEveryObjectThatStrictlyOverlapsTheQuery) {
  for (uint32_t seed = 1; seed <= kScenarios; ++seed) {
    qttest::Scenario sc(seed + 30000);
    Built b = build(sc);
    for (int i = 0; i < 30; ++i) {
      const Rect q = sc.rect(b.p.bounds, b.p.maxLevels);
      Ids got = retrieve(*b.tree, q);
      std::sort(got.begin(), got.end());
      for (int32_t id : oracle::strictOverlaps(b.inserted, q))
        ASSERT_TRUE(std::binary_search(got.begin(), got.end(), id))
            << "seed " << seed << ": " << id << " overlaps " << show(q) << " but was not retrieved";
    }
  }
}

TEST(RetrieveMatchesModel, AllObjectsAndNodeObjectsMatchTheModelAtEveryNode) {
  for (uint32_t seed = 1; seed <= kScenarios; ++seed) {
    qttest::Scenario sc(seed + 40000);
    Built b = build(sc);
    for (const auto& [node, sub] : qttest::pairNodes(*b.tree, 0, *b.model)) {
      ASSERT_EQ(all(*b.tree, node), sub->allObjects()) << "seed " << seed << ", node " << node;
      Ids own;
      b.tree->nodeObjects(node, own);
      ASSERT_EQ(own, sub->ids()) << "seed " << seed << ", node " << node;
    }
    // Every distinct inserted id, each once.
    Ids every = all(*b.tree);
    std::sort(every.begin(), every.end());
    Ids want;
    for (const auto& o : b.inserted) want.push_back(o.id);
    std::sort(want.begin(), want.end());
    want.erase(std::unique(want.begin(), want.end()), want.end());
    // Objects that quadtree-js would lose are kept by our midline rule, so nothing goes missing.
    ASSERT_EQ(every, want) << "seed " << seed;
  }
}

}  // namespace
