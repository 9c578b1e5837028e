// The tutorial tree's own geometry (docs/TUTORIAL-TREE.md): its getIndex(), the bounds a rect
// must lie in to be sent down to a node, and its split()'s truncated child sizes.
#pragma once

#include <algorithm>
#include <cmath>

#include "base/geometry.h"

namespace qt {

// The tutorial tree's getIndex() (the gamedevtuts / "HTML5 space shooter" QuadTree): the one child
// a rect fits in by strict comparisons with the exact midlines, or -1 for a rect that touches,
// crosses or starts on a midline. Unlike childMask() it is asymmetric: "west" needs both edges
// strictly left of the vertical midline, "east" only the start strictly right of it (and the same
// in y: "north" both edges above, "south" only the start below).
inline int tutorialIndex(const Rect& node, const Rect& r) {
  const Midlines mid = midlines(node);
  const bool north = r.y < mid.y && r.y + r.h < mid.y, south = r.y > mid.y;
  if (r.x < mid.x && r.x + r.w < mid.x) return north ? 1 : south ? 2 : -1;
  if (r.x > mid.x) return north ? 0 : south ? 3 : -1;
  return -1;
}

// The rects that tutorialIndex() sends from the root down to a node: x > lowX, x < highX and
// x + w < highX, the same in y, where lowX is the largest midline the path goes east of and highX
// the smallest it goes west of (+-infinity where there is none). Exact for rects whose x, x + w,
// y and y + h are finite (a NaN midline lets none of them through); the tree asks home() about
// the others. child() adds one step of tutorialIndex()'s rule; tests/core/geometry_test.cpp
// holds the two together.
struct TutorialReach {  // 32 bytes
  double lowX, highX, lowY, highY;
  static TutorialReach everywhere() { return {-HUGE_VAL, HUGE_VAL, -HUGE_VAL, HUGE_VAL}; }  // the root's
  bool holds(const Rect& r) const {
    return r.x > lowX && r.x < highX && r.x + r.w < highX && r.y > lowY && r.y < highY && r.y + r.h < highY;
  }
  TutorialReach child(const Rect& node, int quadrant) const {
    const Midlines mid = midlines(node);
    TutorialReach r = *this;
    if (eastChild(quadrant)) r.lowX = mid.x == mid.x ? std::max(r.lowX, mid.x) : HUGE_VAL;
    else r.highX = mid.x == mid.x ? std::min(r.highX, mid.x) : -HUGE_VAL;
    if (southChild(quadrant)) r.lowY = mid.y == mid.y ? std::max(r.lowY, mid.y) : HUGE_VAL;
    else r.highY = mid.y == mid.y ? std::min(r.highY, mid.y) : -HUGE_VAL;
    return r;
  }
};
inline bool finiteEdges(const Rect& r) {
  return std::isfinite(r.x) && std::isfinite(r.x + r.w) && std::isfinite(r.y) && std::isfinite(r.y + r.h);
}

// The tutorial tree's split(): child sizes truncated by `| 0`, so the children of an odd or
// fractional node leave gaps (tutorialIndex() still divides at the exact midlines).
inline Rect tutorialChildRect(const Rect& n, int quadrant) {
  const double w = toInt32(n.w / 2), h = toInt32(n.h / 2);
  return {eastChild(quadrant) ? n.x + w : n.x, southChild(quadrant) ? n.y + h : n.y, w, h};
}

}  // namespace qt
