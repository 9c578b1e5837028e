// The geometry every tree shares, written once: rects, the overlap rule, a node's midlines and
// which children a rect reaches, and the bounds within which a rect reaches one node alone.
// Header-only and branch-light: these run at every level of every insert and query.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace qt {

struct Rect {  // 32 bytes; doubles so every comparison matches JavaScript's
  double x, y, w, h;
};

// A rect as the edges the overlap rule compares (x, x + w, y, y + h): a sweep that tests many
// pairs reads them without adding again.
struct Edges {  // 32 bytes
  double x0, x1, y0, y1;
};
inline Edges edgesOf(const Rect& r) { return {r.x, r.x + r.w, r.y, r.y + r.h}; }

// The overlap rule of every exact query and of pairs(): open intervals, so touching edges do not
// overlap (and NaN overlaps nothing). Joined with &, not &&: no branches for pairs()'s sweep
// (linear_quadtree_pairs.cpp) to mispredict.
inline bool overlaps(const Edges& a, const Edges& b) {
  return (a.x0 < b.x1) & (b.x0 < a.x1) & (a.y0 < b.y1) & (b.y0 < a.y1);
}
inline bool overlaps(const Rect& a, const Rect& b) { return overlaps(edgesOf(a), edgesOf(b)); }

// Where quadtree-js's getIndex() and split() divide a node.
struct Midlines {
  double x, y;
};
inline Midlines midlines(const Rect& node) { return {node.x + node.w / 2, node.y + node.h / 2}; }

// Children in quadtree-js order: 0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right.
inline bool eastChild(int quadrant) { return quadrant == 0 || quadrant == 3; }
inline bool southChild(int quadrant) { return quadrant >= 2; }

// The children a rect on these sides of a node's midlines reaches, as a 4-bit mask (bit i = child
// i; each side 0 or 1).
inline unsigned quadrants(unsigned north, unsigned south, unsigned west, unsigned east) {
  return (north & east) | (west & north) << 1 | (west & south) << 2 | (east & south) << 3;
}

// The half-plane test of quadtree-js's getIndex and quadtree-ts's Rectangle.qtIndex: strict
// comparisons with the midlines, so a rect that only touches one does not cross it, and one of zero
// extent lying on it reaches no child at all.
inline unsigned rectQuadrants(const Rect& node, const Rect& r) {
  const Midlines mid = midlines(node);
  return quadrants(r.y < mid.y, r.y + r.h > mid.y, r.x < mid.x, r.x + r.w > mid.x);
}

// Which children of a node with rect `node` a rect reaches, as a 4-bit mask: rectQuadrants(), plus
// one rule of ours: a rect that lies exactly on a midline (neither side chosen) reaches both
// sides, where quadtree-js would drop it.
inline unsigned childMask(const Rect& node, const Rect& r) {
  const Midlines mid = midlines(node);
  const unsigned n = r.y < mid.y, s = r.y + r.h > mid.y, w = r.x < mid.x, e = r.x + r.w > mid.x;
  const unsigned ns = (n | s) ^ 1, we = (w | e) ^ 1;  // (bits, not branches)
  return quadrants(n | ns, s | ns, w | we, e | we);
}

// ECMAScript's ToInt32 (what `v | 0` does): NaN and +-Infinity give 0, anything else is truncated
// and wrapped modulo 2^32 into [-2^31, 2^31).
inline double toInt32(double v) {
  if (!(v == v) || v - v != 0) return 0;  // NaN, +-Infinity
  double t = v < 0 ? -std::floor(-v) : std::floor(v);
  if (t >= -2147483648.0 && t < 2147483648.0) return t + 0.0;  // -0 becomes 0, as in JS
  t = std::fmod(t, 4294967296.0);  // exact for doubles
  if (t < 0) t += 4294967296.0;
  return t >= 2147483648.0 ? t - 4294967296.0 : t;
}

// The child a point falls in: west of the vertical midline if x < it, north if y < it.
inline int childAt(const Rect& node, double x, double y) {
  const Midlines mid = midlines(node);
  const bool west = x < mid.x, north = y < mid.y;
  return north ? (west ? 1 : 0) : (west ? 2 : 3);
}

// The rect of child `quadrant` (0..3) of a node, computed exactly as quadtree-js's split().
inline Rect childRect(const Rect& n, int quadrant) {
  const double w = n.w / 2, h = n.h / 2;
  return {eastChild(quadrant) ? n.x + w : n.x, southChild(quadrant) ? n.y + h : n.y, w, h};
}

// A rect reaches a node alone from the root exactly when lowX <= x < highX and
// lowX < x + w <= highX, and the same in y: the midlines of the node's ancestors on each side
// (+-infinity where there is none). childMask() sends a rect to one child only when it clears
// the midline on that child's side, which is what child() adds.
struct Reach {  // 32 bytes
  double lowX, highX, lowY, highY;
  static Reach everywhere() { return {-HUGE_VAL, HUGE_VAL, -HUGE_VAL, HUGE_VAL}; }  // the root's
  bool alone(const Rect& r) const {
    const double x1 = r.x + r.w, y1 = r.y + r.h;
    return r.x >= lowX && x1 > lowX && r.x < highX && x1 <= highX && r.y >= lowY && y1 > lowY &&
           r.y < highY && y1 <= highY;
  }
  // The bounds of child `quadrant` of the node with rect `node` that these bounds belong to.
  Reach child(const Rect& node, int quadrant) const {
    const Midlines mid = midlines(node);
    Reach r = *this;
    if (eastChild(quadrant)) r.lowX = std::max(r.lowX, mid.x); else r.highX = std::min(r.highX, mid.x);
    if (southChild(quadrant)) r.lowY = std::max(r.lowY, mid.y); else r.highY = std::min(r.highY, mid.y);
    return r;
  }
};

}  // namespace qt
