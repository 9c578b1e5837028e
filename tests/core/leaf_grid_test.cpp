// leafGrid(): the facade answers single-leaf retrieve() calls from it without calling locate(), so
// whenever its bounds confirm a leaf, that must be locate()'s leaf, and a rect that locate() puts
// in the leaf its cell names must pass its bounds (or the facade would lose the fast path).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "oracle.h"
#include "quadtree/quadtree.h"
#include "scenario.h"

namespace {

using qt::Quadtree;
using qt::Rect;

// What the facade does with the grid (js/src/main/leaf-grid.js, rootLeaf): the leaf the cell of the
// rect's corner names, whether the bounds confirm it, or kAskLocate when the cell names none.
struct Looked {
  int32_t leaf;
  bool confirmed;
};

Looked look(const Quadtree::LeafGrid& g, const Rect& r) {
  auto cell = [&](double v, double origin, double scale) {
    const double c = (v - origin) * scale;
    return c >= 0 ? (c < g.side ? int32_t(c) : g.side - 1) : 0;
  };
  const int32_t c = cell(r.y, g.y, g.scaleY) * g.side + cell(r.x, g.x, g.scaleX), leaf = g.cells[c];
  if (leaf == qt::kAskLocate) return {qt::kAskLocate, false};
  const double* b = g.bounds + 4 * c;
  const double x1 = r.x + r.w, y1 = r.y + r.h;
  return {leaf, r.x >= b[0] && x1 > b[0] && r.x < b[1] && x1 <= b[1] && r.y >= b[2] && y1 > b[2] &&
                    r.y < b[3] && y1 <= b[3]};
}

TEST(LeafGrid, AnUnsplitRootIsOneCellThatTakesEveryRect) {
  Quadtree tree({0, 0, 100, 100}, 10, 4, 0);
  tree.insert(0, 1, {5, 5, 2, 2});
  const Quadtree::LeafGrid g = tree.leafGrid();
  ASSERT_EQ(g.side, 1);
  for (const Rect& r : {Rect{50, 50, 1, 1}, Rect{-500, 900, 3000, 1}, Rect{100, 100, 0, 0}}) {
    const Looked l = look(g, r);
    EXPECT_EQ(l.leaf, 0);
    EXPECT_TRUE(l.confirmed);
  }
}

TEST(LeafGrid, ConfirmsARectInsideOneLeafAndRefusesOneAcrossAMidline) {
  Quadtree tree({0, 0, 64, 64}, 1, 2, 0);
  for (int32_t i = 0; i < 40; ++i) tree.insert(0, i, {double(i % 8) * 8 + 1, double(i / 8) * 8 + 1, 2, 2});
  const Quadtree::LeafGrid g = tree.leafGrid();
  ASSERT_EQ(g.side, 4);
  const Rect inside{17, 1, 4, 4}, across{30, 1, 4, 4}, onMidline{32, 1, 0, 4}, touching{28, 1, 4, 4};
  EXPECT_TRUE(look(g, inside).confirmed);
  EXPECT_EQ(look(g, inside).leaf, tree.locate(0, inside, true));
  EXPECT_FALSE(look(g, across).confirmed);
  EXPECT_EQ(tree.locate(0, across, true), -1);
  // Zero width on a midline reaches both sides (our rule), so no single leaf.
  EXPECT_FALSE(look(g, onMidline).confirmed);
  EXPECT_EQ(tree.locate(0, onMidline, true), -1);
  // Ending exactly on a midline stays west of it (quadtree-js compares x + width > mid).
  EXPECT_TRUE(look(g, touching).confirmed);
  EXPECT_EQ(look(g, touching).leaf, tree.locate(0, touching, true));
}

TEST(LeafGrid, ALeafHoldingAnObjectTwiceIsLeftToLocate) {
  Quadtree tree({0, 0, 64, 64}, 10, 4, 0);
  tree.insert(0, 7, {1, 1, 1, 1});
  tree.insert(0, 7, {2, 2, 1, 1});  // the same object twice: retrieve() must de-duplicate
  const Quadtree::LeafGrid g = tree.leafGrid();
  EXPECT_EQ(look(g, {5, 5, 1, 1}).leaf, qt::kAskLocate);
  EXPECT_EQ(tree.locate(0, {5, 5, 1, 1}, true), -1);
}

TEST(LeafGrid, AgreesWithLocateOverSeededScenarios) {
  int64_t confirmed = 0, queries = 0;
  for (uint32_t seed = 1; seed <= 400; ++seed) {
    qttest::Scenario sc(seed + 50000);
    const qttest::Params p = sc.params();
    Quadtree tree(p.bounds, p.maxObjects, p.maxLevels, p.level);
    for (const oracle::Object& o : sc.objects(p, sc.integer(0, 300))) tree.insert(0, o.id, o.rect);
    const Quadtree::LeafGrid g = tree.leafGrid();
    ASSERT_GE(g.side, 1);
    for (int i = 0; i < 60; ++i) {
      const Rect q = sc.rect(p.bounds, p.maxLevels);
      const Looked l = look(g, q);
      const int32_t located = tree.locate(0, q, true);
      ++queries;
      if (l.confirmed) {
        ++confirmed;
        ASSERT_EQ(l.leaf, located) << "seed " << seed << " query " << i;
      } else if (l.leaf >= 0) {
        // Not confirmed: the rect does not reach that leaf alone (a rounding hint may name a
        // neighbour of the leaf it does reach alone).
        ASSERT_NE(l.leaf, located) << "seed " << seed << " query " << i;
      }
    }
    // The grid survives queries and goes stale with a change.
    tree.insert(0, 100000, {p.bounds.x, p.bounds.y, 0, 0});
    const Quadtree::LeafGrid again = tree.leafGrid();
    for (int i = 0; i < 10; ++i) {
      const Rect q = sc.rect(p.bounds, p.maxLevels);
      const Looked l = look(again, q);
      if (l.confirmed) ASSERT_EQ(l.leaf, tree.locate(0, q, true)) << "seed " << seed << " after a change";
    }
  }
  EXPECT_GT(confirmed, queries / 5);  // the scenarios do exercise the fast path
}

TEST(LeafGrid, TheHintOfAPointInsideALeafNamesItAndItsBoundsConfirmIt) {
  // Game-like: many small rects in power-of-two bounds; each query well inside a leaf must be
  // answered by the grid.
  Quadtree tree({0, 0, 4096, 4096}, 10, 4, 0);
  qttest::Scenario sc(7);
  for (int32_t i = 0; i < 5000; ++i) {
    const double w = sc.real(2, 20), h = sc.real(2, 20);
    tree.insert(0, i, {sc.real(0, 4096 - w), sc.real(0, 4096 - h), w, h});
  }
  const Quadtree::LeafGrid g = tree.leafGrid();
  ASSERT_EQ(g.side, 16);
  int misses = 0;
  for (int i = 0; i < 5000; ++i) {
    const Rect q{sc.real(0, 4070), sc.real(0, 4070), sc.real(2, 20), sc.real(2, 20)};
    const int32_t located = tree.locate(0, q, true);
    const Looked l = look(g, q);
    if (located >= 0 && !l.confirmed) ++misses;
    if (l.confirmed) ASSERT_EQ(l.leaf, located);
  }
  EXPECT_EQ(misses, 0);
}

}  // namespace
