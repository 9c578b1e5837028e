// The shapes' quadrant decisions (cpp/shapes/shape_geometry.h, geometry.h's rectQuadrants) on the cases
// whose answers quadtree-ts 2.3.0 gives (checked against the package: node {0, 0, 100, 100}
// unless said), the edges of each rule. tests/api/shape-geometry.test.mjs compares many more with
// the package itself.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "shapes/shape_geometry.h"

namespace {

using qt::Rect;

const Rect kNode{0, 0, 100, 100};
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr unsigned kAll = 0xf;
constexpr unsigned q(int a) { return 1u << a; }

TEST(RectQuadrants, AreStrictAboutTheMidlinesAndKeepRectsOutsideTheNode) {
  EXPECT_EQ(qt::rectQuadrants(kNode, {50, 10, 0, 10}), 0u);  // zero width on the vertical midline
  EXPECT_EQ(qt::rectQuadrants(kNode, {50, 50, 0, 0}), 0u);   // a point at the centre
  EXPECT_EQ(qt::rectQuadrants(kNode, {25, 25, 0, 0}), q(1));
  EXPECT_EQ(qt::rectQuadrants(kNode, {-500, 10, 10, 10}), q(1));  // far left: clamped
  EXPECT_EQ(qt::rectQuadrants(kNode, {500, 500, 10, 10}), q(3));
  EXPECT_EQ(qt::rectQuadrants(kNode, {60, 10, -20, 10}), 0u);  // negative width, used as given
  EXPECT_EQ(qt::rectQuadrants(kNode, {40, 40, 10, 10}), q(1));  // ends on both midlines
  EXPECT_EQ(qt::rectQuadrants(kNode, {50, 50, 10, 10}), q(3));  // starts on both
  EXPECT_EQ(qt::rectQuadrants(kNode, {kNaN, 10, 10, 10}), 0u);
  EXPECT_EQ(qt::rectQuadrants(kNode, {-1e308, -1e308, kInf, kInf}), kAll);
}

TEST(RectQuadrants, AreChildMasksRuleWithoutItsMidlineFix) {
  // childMask() sends a rect of zero extent on a midline to both sides; quadtree-ts drops it.
  EXPECT_EQ(qt::childMask(kNode, {50, 10, 0, 10}), q(0) | q(1));
  EXPECT_EQ(qt::childMask(kNode, {40, 40, 10, 10}), qt::rectQuadrants(kNode, {40, 40, 10, 10}));
}

TEST(CircleQuadrants, AreStrictAndDropCirclesOfRadiusZeroOrOutsideTheNode) {
  EXPECT_EQ(qt::circleQuadrants(kNode, 25, 25, 0), 0u);
  EXPECT_EQ(qt::circleQuadrants(kNode, 50, 50, 0), 0u);
  EXPECT_EQ(qt::circleQuadrants(kNode, 50, 50, 5e-324), 0u);  // r * r underflows to 0
  EXPECT_EQ(qt::circleQuadrants(kNode, 50, 50, 1e-160), kAll);  // a subnormal square, kept
  EXPECT_EQ(qt::circleQuadrants(kNode, 25, 25, -10), q(1));
  EXPECT_EQ(qt::circleQuadrants(kNode, 50, 25, 1), q(0) | q(1));  // centre on a midline
  EXPECT_EQ(qt::circleQuadrants(kNode, 25, 25, 25), q(1));  // tangent to both midlines
  EXPECT_EQ(qt::circleQuadrants(kNode, 60, 25, 10), q(0));  // tangent from the right
  EXPECT_EQ(qt::circleQuadrants(kNode, -20, 25, 10), 0u);
  EXPECT_EQ(qt::circleQuadrants(kNode, -20, 25, 20), 0u);  // tangent to the outer edge
  EXPECT_EQ(qt::circleQuadrants(kNode, -20, 25, 21), q(1));
  EXPECT_EQ(qt::circleQuadrants(kNode, 25, 25, kInf), kAll);
  EXPECT_EQ(qt::circleQuadrants(kNode, 1e200, 1e200, 1e201), 0u);  // dx * dx overflows
  EXPECT_EQ(qt::circleQuadrants(kNode, kNaN, 25, 10), 0u);
}

TEST(CircleQuadrants, UseTheQuadrantsFarEdgeAsQtIndexBuildsIt) {
  // (x + w / 2) + w / 2 is not x + w here: the quadrant's right edge is the former.
  const Rect node{4.841534449678413, 0, 8.166486279439562, 8};
  const qt::Quadrant right = qt::quadrantOf(node, 0);
  EXPECT_EQ(right.maxX, 13.008020729117973);
  EXPECT_NE(right.maxX, node.x + node.w);
}

TEST(LineQuadrants, MissEdgesMidlinesAndTheCornerDiagonalsAsQuadtreeTsDoes) {
  EXPECT_EQ(qt::lineQuadrants(kNode, 50, 10, 50, 90), 0u);    // on the vertical midline
  EXPECT_EQ(qt::lineQuadrants(kNode, 10, 50, 90, 50), 0u);    // on the horizontal one
  EXPECT_EQ(qt::lineQuadrants(kNode, -10, 50, 110, 50), 0u);  // the whole midline
  EXPECT_EQ(qt::lineQuadrants(kNode, -25, -25, 125, 125), 0u);  // corner to corner, ends outside
  EXPECT_EQ(qt::lineQuadrants(kNode, 125, -25, -25, 125), 0u);
  EXPECT_EQ(qt::lineQuadrants(kNode, 0, 0, 100, 100), q(1) | q(3));
  EXPECT_EQ(qt::lineQuadrants(kNode, 25, -10, 25, 110), q(1) | q(2));
  EXPECT_EQ(qt::lineQuadrants(kNode, -10, 75, 110, 75), q(2) | q(3));
  EXPECT_EQ(qt::lineQuadrants(kNode, 0, 0, 100, 0), 0u);     // along the outer top edge
  EXPECT_EQ(qt::lineQuadrants(kNode, 0, 25, -10, 25), 0u);   // touching it from outside
  EXPECT_EQ(qt::lineQuadrants(kNode, 25, 25, 25, 25), q(1));  // zero length, inside
  EXPECT_EQ(qt::lineQuadrants(kNode, 50, 10, 60, 10), q(0));  // an end on a midline
  EXPECT_EQ(qt::lineQuadrants(kNode, 50, 50, 60, 60), q(3));
  EXPECT_EQ(qt::lineQuadrants(kNode, 25, 25, 50, 50), q(1));
  EXPECT_EQ(qt::lineQuadrants(kNode, -1e308, 25, 1e308, 25), q(0) | q(1));
  EXPECT_EQ(qt::lineQuadrants(kNode, 25, -kInf, 25, kInf), 0u);  // inf / inf is NaN
}

TEST(JsMinMax, AreMathMinAndMaxWithNaNAndSignedZeros) {
  EXPECT_TRUE(std::isnan(qt::jsMin(kNaN, 1)));
  EXPECT_TRUE(std::isnan(qt::jsMax(1, kNaN)));
  EXPECT_TRUE(std::signbit(qt::jsMin(0.0, -0.0)));
  EXPECT_TRUE(std::signbit(qt::jsMin(-0.0, 0.0)));
  EXPECT_FALSE(std::signbit(qt::jsMax(-0.0, 0.0)));
  EXPECT_FALSE(std::signbit(qt::jsMax(0.0, -0.0)));
  EXPECT_EQ(qt::jsMin(2, 3), 2);
  EXPECT_EQ(qt::jsMax(2, 3), 3);
}

TEST(ShapeQuadrants, IsEachShapesRuleByItsKind) {
  EXPECT_EQ(qt::shapeQuadrants(kNode, {40, 10, 20, 5, qt::kShapeRect}), qt::rectQuadrants(kNode, {40, 10, 20, 5}));
  EXPECT_EQ(qt::shapeQuadrants(kNode, {50, 80, 5, 0, qt::kShapeCircle}), q(2) | q(3));
  EXPECT_EQ(qt::shapeQuadrants(kNode, {50, 80, 5, 99, qt::kShapeCircle}), q(2) | q(3));  // d unused
  EXPECT_EQ(qt::shapeQuadrants(kNode, {10, 10, 90, 90, qt::kShapeLine}), q(1) | q(3));
  EXPECT_EQ(qt::shapeQuadrants(kNode, {10, 10, 90, 90, 7}), 0u);  // no such kind: meets nothing
}

TEST(TsChildRect, IsSplitsHalvesWithTheConstructorsOrZero) {
  const Rect odd{3, 7, 99, 11};
  for (int quadrant = 0; quadrant < 4; ++quadrant) {
    const Rect a = qt::tsChildRect(odd, quadrant), b = qt::childRect(odd, quadrant);
    EXPECT_TRUE(a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h) << quadrant;
  }
  EXPECT_EQ(qt::tsChildRect(odd, 0).x, 3 + 49.5);
  const Rect endless{-kInf, -kInf, kInf, kInf};
  EXPECT_EQ(qt::tsChildRect(endless, 3).x, 0.0);  // -Infinity + Infinity is NaN, and NaN || 0 is 0
  EXPECT_EQ(qt::tsChildRect(endless, 3).y, 0.0);
  EXPECT_EQ(qt::tsChildRect(endless, 1).x, -kInf);
  EXPECT_EQ(qt::tsChildRect({0, 0, kNaN, 4}, 0).x, 0.0);
  EXPECT_TRUE(std::isnan(qt::tsChildRect({0, 0, kNaN, 4}, 0).w));
  EXPECT_FALSE(std::signbit(qt::orZero(-0.0)));
}

}  // namespace
