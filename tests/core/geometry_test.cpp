// geometry.h: which children a rect reaches (childMask, childAt), where the children lie
// (childRect), the overlap rule, and the bounds within which a rect reaches a node alone (Reach).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "match.h"
#include "oracle.h"
#include "base/geometry.h"
#include "tutorial/tutorial_geometry.h"

namespace {

using qt::childAt;
using qt::childMask;
using qt::childRect;
using qt::overlaps;
using qt::Reach;
using qt::Rect;
using qttest::sameRect;
using qttest::show;

// Bit i is child i, in quadtree-js's order.
constexpr unsigned kTopRight = 1, kTopLeft = 2, kBottomLeft = 4, kBottomRight = 8;
constexpr unsigned kNorth = kTopRight | kTopLeft, kSouth = kBottomLeft | kBottomRight;
constexpr unsigned kWest = kTopLeft | kBottomLeft, kEast = kTopRight | kBottomRight;
constexpr unsigned kAll = 15;

const Rect kNode{0, 0, 100, 100};  // midlines x = 50, y = 50

TEST(ChildMask, RectInsideOneQuadrantReachesOnlyThatChild) {
  EXPECT_EQ(childMask(kNode, {60, 10, 10, 10}), kTopRight);
  EXPECT_EQ(childMask(kNode, {10, 10, 10, 10}), kTopLeft);
  EXPECT_EQ(childMask(kNode, {10, 60, 10, 10}), kBottomLeft);
  EXPECT_EQ(childMask(kNode, {60, 60, 10, 10}), kBottomRight);
}

TEST(ChildMask, StraddlerReachesEveryChildItOverlaps) {
  EXPECT_EQ(childMask(kNode, {40, 10, 20, 10}), kNorth);
  EXPECT_EQ(childMask(kNode, {40, 60, 20, 10}), kSouth);
  EXPECT_EQ(childMask(kNode, {10, 40, 10, 20}), kWest);
  EXPECT_EQ(childMask(kNode, {60, 40, 10, 20}), kEast);
  EXPECT_EQ(childMask(kNode, {40, 40, 20, 20}), kAll);
  EXPECT_EQ(childMask(kNode, {0, 0, 100, 100}), kAll);
}

TEST(ChildMask, ComparisonsAreStrictSoTouchingAMidlineFromOneSideStaysOnThatSide) {
  EXPECT_EQ(childMask(kNode, {50, 10, 10, 10}), kTopRight);    // starts on x = 50: east only
  EXPECT_EQ(childMask(kNode, {40, 10, 10, 10}), kTopLeft);     // ends on x = 50: west only
  EXPECT_EQ(childMask(kNode, {10, 50, 10, 10}), kBottomLeft);  // starts on y = 50: south only
  EXPECT_EQ(childMask(kNode, {10, 40, 10, 10}), kTopLeft);     // ends on y = 50: north only
  EXPECT_EQ(childMask(kNode, {40, 40, 10, 10}), kTopLeft);     // ends on both midlines
  EXPECT_EQ(childMask(kNode, {50, 50, 10, 10}), kBottomRight);  // starts on both midlines
}

TEST(ChildMask, ZeroWidthRectOnTheVerticalMidlineReachesBothSides) {
  // quadtree-js's getIndex gives [] here and the object is lost once the node splits.
  EXPECT_EQ(oracle::indexMask(oracle::getIndex(kNode, {50, 10, 0, 10}, false)), 0u);
  EXPECT_EQ(childMask(kNode, {50, 10, 0, 10}), kNorth);
  EXPECT_EQ(childMask(kNode, {50, 60, 0, 10}), kSouth);
  EXPECT_EQ(childMask(kNode, {50, 40, 0, 20}), kAll);
}

TEST(ChildMask, ZeroHeightRectOnTheHorizontalMidlineReachesBothSides) {
  EXPECT_EQ(oracle::indexMask(oracle::getIndex(kNode, {10, 50, 10, 0}, false)), 0u);
  EXPECT_EQ(childMask(kNode, {10, 50, 10, 0}), kWest);
  EXPECT_EQ(childMask(kNode, {60, 50, 10, 0}), kEast);
  EXPECT_EQ(childMask(kNode, {40, 50, 20, 0}), kAll);
}

TEST(ChildMask, PointOnAMidlineReachesBothSidesOfThatMidlineOnly) {
  EXPECT_EQ(childMask(kNode, {50, 50, 0, 0}), kAll);
  EXPECT_EQ(childMask(kNode, {50, 20, 0, 0}), kNorth);
  EXPECT_EQ(childMask(kNode, {50, 80, 0, 0}), kSouth);
  EXPECT_EQ(childMask(kNode, {20, 50, 0, 0}), kWest);
  EXPECT_EQ(childMask(kNode, {80, 50, 0, 0}), kEast);
}

TEST(ChildMask, ZeroSizeRectOffTheMidlinesReachesOneChild) {
  EXPECT_EQ(childMask(kNode, {20, 20, 0, 0}), kTopLeft);
  EXPECT_EQ(childMask(kNode, {70, 30, 0, 0}), kTopRight);
  EXPECT_EQ(childMask(kNode, {20, 70, 0, 10}), kBottomLeft);
  EXPECT_EQ(childMask(kNode, {70, 70, 10, 0}), kBottomRight);
}

TEST(ChildMask, RectOutsideTheNodeLandsInTheNearestEdgeQuadrants) {
  EXPECT_EQ(childMask(kNode, {-30, -30, 10, 10}), kTopLeft);
  EXPECT_EQ(childMask(kNode, {200, -50, 5, 5}), kTopRight);
  EXPECT_EQ(childMask(kNode, {-10, 200, 5, 5}), kBottomLeft);
  EXPECT_EQ(childMask(kNode, {200, 200, 5, 5}), kBottomRight);
  EXPECT_EQ(childMask(kNode, {-50, 20, 500, 5}), kNorth);  // a wide band above the midline
  EXPECT_EQ(childMask(kNode, {-1000, -1000, 3000, 3000}), kAll);
}

TEST(ChildMask, NegativeCoordinatesAndFractionalMidlines) {
  const Rect node{-100, -60, 50, 30};  // midlines x = -75, y = -45
  EXPECT_EQ(childMask(node, {-80, -50, 2, 2}), kTopLeft);
  EXPECT_EQ(childMask(node, {-74, -44, 2, 2}), kBottomRight);
  EXPECT_EQ(childMask(node, {-76, -50, 2, 2}), kNorth);
  EXPECT_EQ(childMask(node, {-75, -45, 0, 0}), kAll);
  EXPECT_EQ(childMask(node, {-75, -45, 1, 1}), kBottomRight);

  const Rect odd{0.5, -0.25, 3, 0.75};  // midlines x = 2, y = 0.125 (exact in binary)
  EXPECT_EQ(childMask(odd, {2, 0, 0, 0}), kNorth);
  EXPECT_EQ(childMask(odd, {1.5, 0.125, 0.5, 0}), kWest);
  EXPECT_EQ(childMask(odd, {1.5, 0.125, 0.5, 0.0625}), kBottomLeft);
}

TEST(ChildMask, AgreesWithQuadtreeJsGetIndexWheneverThatPicksASideOnBothAxes) {
  std::mt19937 rng(20240611);
  std::uniform_real_distribution<double> pos(-20, 120), size(0, 60);
  std::uniform_int_distribution<int> snap(0, 3);
  for (int i = 0; i < 20000; ++i) {
    // Snap some coordinates to the midlines and some sizes to zero.
    Rect r{pos(rng), pos(rng), size(rng), size(rng)};
    if (snap(rng) == 0) r.x = 50;
    if (snap(rng) == 0) r.y = 50;
    if (snap(rng) == 0) r.w = 0;
    if (snap(rng) == 0) r.h = 0;
    const bool pickedX = r.x < 50 || r.x + r.w > 50, pickedY = r.y < 50 || r.y + r.h > 50;
    const unsigned js = oracle::indexMask(oracle::getIndex(kNode, r, false));
    if (pickedX && pickedY) {
      ASSERT_EQ(childMask(kNode, r), js) << show(r);
    } else {
      ASSERT_EQ(js, 0u) << show(r);
      ASSERT_EQ(childMask(kNode, r), oracle::indexMask(oracle::getIndex(kNode, r))) << show(r);
    }
  }
}

TEST(ChildRect, ChildrenAreTopRightTopLeftBottomLeftBottomRight) {
  const Rect node{10, 20, 100, 50};
  EXPECT_TRUE(sameRect(childRect(node, 0), {60, 20, 50, 25}));
  EXPECT_TRUE(sameRect(childRect(node, 1), {10, 20, 50, 25}));
  EXPECT_TRUE(sameRect(childRect(node, 2), {10, 45, 50, 25}));
  EXPECT_TRUE(sameRect(childRect(node, 3), {60, 45, 50, 25}));
}

TEST(ChildRect, NegativeOriginAndOddSizesHalveExactly) {
  const Rect node{-100, -60, 50, 30};
  EXPECT_TRUE(sameRect(childRect(node, 0), {-75, -60, 25, 15}));
  EXPECT_TRUE(sameRect(childRect(node, 3), {-75, -45, 25, 15}));
  const Rect odd{0, 0, 1, 3};
  EXPECT_TRUE(sameRect(childRect(odd, 2), {0, 1.5, 0.5, 1.5}));
  EXPECT_TRUE(sameRect(childRect(odd, 3), {0.5, 1.5, 0.5, 1.5}));
}

TEST(ChildRect, ZeroSizeNodeHasFourZeroSizeChildrenAtItsOrigin) {
  for (int q = 0; q < 4; ++q) EXPECT_TRUE(sameRect(childRect({5, 7, 0, 0}, q), {5, 7, 0, 0}));
}

TEST(ChildRect, MatchesQuadtreeJsSplitBitForBitOnFractionalBounds) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(-1e4, 1e4), size(1e-6, 1e4);
  for (int i = 0; i < 5000; ++i) {
    const Rect node{pos(rng), pos(rng), size(rng), size(rng)};
    for (int q = 0; q < 4; ++q)
      ASSERT_TRUE(sameRect(childRect(node, q), oracle::subBounds(node, q))) << show(node) << " child " << q;
  }
}

TEST(ChildRect, EachChildIsReachedByItsOwnInterior) {
  const Rect node{-3.5, 8.25, 17, 0.5};
  for (int q = 0; q < 4; ++q) {
    const Rect c = childRect(node, q);
    const Rect inner{c.x + c.w / 4, c.y + c.h / 4, c.w / 2, c.h / 2};
    EXPECT_EQ(childMask(node, inner), 1u << q) << "child " << q;
  }
}

TEST(Overlaps, IsStrictSoRectsThatOnlyTouchDoNotOverlap) {
  const Rect a{0, 0, 10, 10};
  EXPECT_TRUE(overlaps(a, {5, 5, 10, 10}));
  EXPECT_TRUE(overlaps(a, {2, 2, 1, 1}));   // inside
  EXPECT_FALSE(overlaps(a, {10, 0, 5, 5}));  // shares the right edge
  EXPECT_FALSE(overlaps(a, {0, 10, 5, 5}));  // shares the bottom edge
  EXPECT_FALSE(overlaps(a, {-5, -5, 5, 5}));  // touches a corner
  EXPECT_TRUE(overlaps(a, {5, 5, 0, 0}));    // a point strictly inside
  EXPECT_FALSE(overlaps(a, {10, 5, 0, 0}));  // a point on the edge
}

TEST(Overlaps, IsSymmetricAndNaNOverlapsNothing) {
  const double nan = std::nan("");
  const Rect a{0, 0, 10, 10}, b{9, -3, 4, 4};
  EXPECT_EQ(overlaps(a, b), overlaps(b, a));
  EXPECT_FALSE(overlaps(a, {nan, 0, 5, 5}));
  EXPECT_FALSE(overlaps({0, 0, nan, 10}, a));
}

TEST(Overlaps, EdgesGiveTheSameAnswerAsRects) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> pos(-50, 50), size(-5, 30);
  std::uniform_int_distribution<int> snap(0, 3);
  for (int i = 0; i < 20000; ++i) {
    Rect a{pos(rng), pos(rng), size(rng), size(rng)}, b{pos(rng), pos(rng), size(rng), size(rng)};
    if (snap(rng) == 0) b.x = a.x + a.w;  // touching edges, exactly
    if (snap(rng) == 0) b.y = a.y + a.h;
    const bool want = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    ASSERT_EQ(overlaps(a, b), want) << show(a) << " " << show(b);
    ASSERT_EQ(overlaps(qt::edgesOf(a), qt::edgesOf(b)), want) << show(a) << " " << show(b);
  }
}

TEST(ChildAt, APointGoesWestOrNorthOnlyWhenItIsBeforeTheMidline) {
  EXPECT_EQ(childAt(kNode, 10, 10), 1);
  EXPECT_EQ(childAt(kNode, 60, 10), 0);
  EXPECT_EQ(childAt(kNode, 10, 60), 2);
  EXPECT_EQ(childAt(kNode, 60, 60), 3);
  EXPECT_EQ(childAt(kNode, 50, 50), 3);  // on both midlines: east and south
  EXPECT_EQ(childAt(kNode, 49.999, 50), 2);
}

TEST(ChildAt, IsTheChildAZeroSizeRectAtThatPointReachesOffTheMidlines) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> pos(-20, 120);
  for (int i = 0; i < 5000; ++i) {
    const double x = pos(rng), y = pos(rng);
    if (x == 50 || y == 50) continue;
    ASSERT_EQ(childMask(kNode, {x, y, 0, 0}), 1u << childAt(kNode, x, y)) << x << ", " << y;
  }
}

const Reach kEverywhere{-HUGE_VAL, HUGE_VAL, -HUGE_VAL, HUGE_VAL};

TEST(Reach, TheRootIsReachedAloneByEveryRectWithoutNaN) {
  EXPECT_TRUE(kEverywhere.alone({-1e300, 5, 2e300, 1}));
  EXPECT_TRUE(kEverywhere.alone({3, 3, 0, 0}));
  EXPECT_FALSE(kEverywhere.alone({std::nan(""), 0, 1, 1}));
}

TEST(TutorialReach, ANodeIsReachedExactlyWhenTutorialIndexDescendsToIt) {
  // Every node down to depth 3 below an odd-sized root (the children's sizes truncated as the
  // tutorial's split() does), each with the reach child() gives it; a rect's path is where
  // tutorialIndex() leads from the root. holds() must be true on the path and false off it.
  struct Node {
    Rect rect;
    qt::TutorialReach reach;
    int parent, quadrant;
  };
  const double inf = std::numeric_limits<double>::infinity();
  // A second tree below a root whose bounds make NaN and infinite midlines; rects with infinite or
  // NaN edges are left to home() (TutorialTree::atHome), so they are not asked here.
  const double nan = std::nan("");
  std::vector<Node> nodes;
  for (const Rect root : {Rect{-7, 3, 101, 77}, Rect{-inf, 3, nan, inf}}) {
    const size_t first = nodes.size();
    nodes.push_back({root, qt::TutorialReach::everywhere(), -1, -1});
    for (size_t i = first; i < first + 1 + 4 + 16; ++i)
      for (int q = 0; q < 4; ++q)
        nodes.push_back({qt::tutorialChildRect(nodes[i].rect, q), nodes[i].reach.child(nodes[i].rect, q), int(i), q});
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> pos(-20, 110), size(-3, 40);
  std::uniform_int_distribution<int> pick(0, int(nodes.size()) - 1), snap(0, 4);
  for (int i = 0; i < 20000; ++i) {
    Rect r{pos(rng), pos(rng), size(rng), size(rng)};
    const qt::Midlines m = qt::midlines(nodes[size_t(pick(rng))].rect);
    if (snap(rng) == 0) r.x = m.x;  // on a midline, or ending on one
    if (snap(rng) == 0) r.w = m.x - r.x;
    if (snap(rng) == 0) r.y = m.y;
    if (snap(rng) == 0) r.h = 0;
    if (snap(rng) == 0) r.y = 1e308, r.h = 1e308;  // y + h overflows: not finite
    if (!qt::finiteEdges(r)) continue;
    std::vector<char> onPath(nodes.size(), 0);
    for (size_t n = 0; n < nodes.size(); ++n) {
      if (nodes[n].parent < 0) {
        onPath[n] = 1;
        continue;
      }
      const Node& p = nodes[size_t(nodes[n].parent)];
      onPath[n] = onPath[size_t(nodes[n].parent)] && qt::tutorialIndex(p.rect, r) == nodes[n].quadrant;
    }
    for (size_t n = 0; n < nodes.size(); ++n)
      ASSERT_EQ(nodes[n].reach.holds(r), bool(onPath[n])) << show(r) << " node " << n;
  }
}

TEST(Reach, AChildIsReachedAloneExactlyWhenChildMaskPicksItAlone) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> pos(-20, 120), size(0, 60);
  std::uniform_int_distribution<int> snap(0, 3);
  for (int i = 0; i < 20000; ++i) {
    Rect r{pos(rng), pos(rng), size(rng), size(rng)};
    if (snap(rng) == 0) r.x = 50;
    if (snap(rng) == 0) r.w = 0;
    if (snap(rng) == 0) r.y = 50 - r.h;
    const unsigned mask = childMask(kNode, r);
    for (int q = 0; q < 4; ++q)
      ASSERT_EQ(kEverywhere.child(kNode, q).alone(r), mask == 1u << q) << show(r) << " child " << q;
  }
}

TEST(Reach, BoundsNarrowDownThePathToAGrandchild) {
  // Child 1 (top-left) of kNode, then its child 3 (bottom-right): 25 <= x, x + w <= 50, same in y.
  const Reach r = kEverywhere.child(kNode, 1).child(childRect(kNode, 1), 3);
  EXPECT_EQ(r.lowX, 25);
  EXPECT_EQ(r.highX, 50);
  EXPECT_EQ(r.lowY, 25);
  EXPECT_EQ(r.highY, 50);
  EXPECT_TRUE(r.alone({30, 30, 5, 5}));
  EXPECT_TRUE(r.alone({25, 25, 25, 25}));   // from one midline to the next
  EXPECT_FALSE(r.alone({24, 30, 5, 5}));    // crosses x = 25
  EXPECT_FALSE(r.alone({30, 30, 25, 5}));   // crosses x = 50
}

}  // namespace
