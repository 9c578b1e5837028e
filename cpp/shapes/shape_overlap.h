// Overlap, distance and ray entry for the shapes of shape_geometry.h (rects, circles, lines): what
// the exact queries and pairs() of shapes decide with, and the box bounds that prune their trees.
//
// The overlap rule is geometry.h's rect rule carried over to circles and lines so that the three
// agree with it: strict, as overlaps() is (shapes that only touch do not overlap), and a point (a
// rect of zero size, a circle of radius 0, a line of length 0) behaves the same whichever it is.
//   rect-rect      overlaps(), bit for bit (zero and negative sizes as it treats them)
//   circle-circle  the distance between the centres < r1 + r2
//   rect-circle    r > 0: the distance from the centre to the closed rect < r; r == 0: the centre
//                  strictly inside (overlaps() with a zero-size rect)
//   line-rect      a point of the closed segment strictly inside the rect; a rect of zero width or
//                  height has no inside and stands for its segment (line-line); a line of length
//                  0 is a point (overlaps() with a zero-size rect)
//   line-circle    the distance from the centre to the closed segment < r (r == 0: never)
//   line-line      a proper crossing: one point strictly inside both, the lines not parallel
//                  (collinear overlaps, T-junctions and shared ends do not count: so two flat rects
//                  overlap under overlaps() exactly when they cross)
// So two points never overlap, a point never overlaps a line, and a point overlaps a rect when
// overlaps() says so of a zero-size rect. Beyond rect-rect and points, a rect is the closed box
// between its corners x and x + w (either order, x + w rounded as overlaps() rounds it).
//
// Every decision is exact for the doubles given: the sign of a polynomial in them, evaluated in
// doubles with a bound on the rounding error; when the bound cannot tell (touching shapes,
// near-ties, squares that overflow or underflow), out of line, in integers. (Radii are >= 0 and
// coordinates finite: the facade refuses the rest; x + w may still overflow, and such a rect
// reaches infinity, as overlaps() has it.) Distances and
// ray entries are within about 2^-38 of the exact value, exactly 0 when the point is in the
// closed shape and +infinity when the ray misses it. The box versions, which prune tree nodes,
// are shaded down by 2^-32 so that they stay below the value of any shape inside the box.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "base/geometry.h"
#include "base/memory_guard.h"  // QT_COLD, QT_SMALL: the slow paths and the lines' code built small
#include "shapes/shape_geometry.h"

namespace qt {

struct Box {  // a closed axis-aligned box; its sides may be +-infinity
  double minX, minY, maxX, maxY;
};

namespace shape_detail {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kTiny = std::numeric_limits<double>::denorm_min();

// ---------------------------------------------------------------------------------------------
// Exact arithmetic, for the slow paths. Every double of a question is brought to one unit, the
// lowest bit among them, so that the polynomial is one of integers: below 2^2098 a double (the
// range of doubles), 2^4200 a product of two differences, 2^8400 of four.

template <int N>
struct BigInt {  // sign and magnitude, 32-bit limbs, least significant first
  int size;      // limbs in use, the top one nonzero (0: the value is 0)
  bool negative;
  uint32_t limb[N];
};

struct Bits {  // a finite double as +-m 2^e, m odd (or 0)
  uint64_t m;
  int e;
  bool negative;
};

inline Bits bitsOf(double v) {
  uint64_t u;
  std::memcpy(&u, &v, sizeof u);
  const int field = int(u >> 52 & 0x7ff);
  uint64_t m = u & ((uint64_t(1) << 52) - 1);
  int e = -1074;
  if (field) {  // normal: the hidden bit
    m |= uint64_t(1) << 52;
    e = field - 1075;
  }
  if (m) {
    const int zeros = __builtin_ctzll(m);
    m >>= zeros;
    e += zeros;
  }
  return {m, e, (u >> 63) != 0};
}

template <int N>
void trim(BigInt<N>& a) {
  while (a.size && !a.limb[a.size - 1]) --a.size;
  if (!a.size) a.negative = false;
}

// out = v / 2^unit, for v = m 2^e with e >= unit.
template <int N>
void load(BigInt<N>& out, const Bits& v, int unit) {
  out.negative = v.negative;
  out.size = 0;
  if (!v.m) return;
  const int shift = v.e - unit, k = shift / 32, bit = shift % 32;
  for (int i = 0; i < k; ++i) out.limb[i] = 0;
  const uint64_t low = (v.m & 0xffffffff) << bit, high = ((v.m >> 32) << bit) + (low >> 32);
  out.limb[k] = uint32_t(low);
  out.limb[k + 1] = uint32_t(high);
  out.limb[k + 2] = uint32_t(high >> 32);
  out.size = k + 3;
  trim(out);
}

template <int N>
int compareMagnitudes(const BigInt<N>& a, const BigInt<N>& b) {
  if (a.size != b.size) return a.size < b.size ? -1 : 1;
  for (int i = a.size - 1; i >= 0; --i)
    if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i] ? -1 : 1;
  return 0;
}

// out = a + b, or a - b when `subtract`; out may be a or b (each limb is read before it is written).
template <int N>
void add(BigInt<N>& out, const BigInt<N>& a, const BigInt<N>& b, bool subtract) {
  const bool bNegative = b.negative != subtract;
  if (a.negative == bNegative) {
    const bool aLonger = a.size >= b.size;
    const BigInt<N>& longer = aLonger ? a : b;
    const BigInt<N>& shorter = aLonger ? b : a;
    const int size = longer.size, common = shorter.size;
    const bool negative = a.negative;
    uint64_t carry = 0;
    for (int i = 0; i < size; ++i) {
      carry += uint64_t(longer.limb[i]) + (i < common ? shorter.limb[i] : 0);
      out.limb[i] = uint32_t(carry);
      carry >>= 32;
    }
    out.size = size;
    if (carry) out.limb[out.size++] = uint32_t(carry);
    out.negative = negative;
    return;
  }
  const int order = compareMagnitudes(a, b);
  if (!order) {
    out.size = 0;
    out.negative = false;
    return;
  }
  const BigInt<N>& larger = order > 0 ? a : b;
  const BigInt<N>& smaller = order > 0 ? b : a;
  const int size = larger.size, common = smaller.size;
  const bool negative = order > 0 ? a.negative : bNegative;
  uint64_t borrow = 0;
  for (int i = 0; i < size; ++i) {
    const uint64_t d = uint64_t(larger.limb[i]) - (i < common ? smaller.limb[i] : 0) - borrow;
    out.limb[i] = uint32_t(d);
    borrow = d >> 63;
  }
  out.size = size;
  out.negative = negative;
  trim(out);
}

template <int O, int N, int M>
void multiply(BigInt<O>& out, const BigInt<N>& a, const BigInt<M>& b) {
  static_assert(O >= N + M, "room for the product");
  const int size = a.size + b.size;
  for (int i = 0; i < size; ++i) out.limb[i] = 0;
  for (int i = 0; i < a.size; ++i) {
    uint64_t carry = 0;
    for (int j = 0; j < b.size; ++j) {
      carry += uint64_t(a.limb[i]) * b.limb[j] + out.limb[i + j];  // < 2^64
      out.limb[i + j] = uint32_t(carry);
      carry >>= 32;
    }
    out.limb[i + b.size] = uint32_t(carry);
  }
  out.size = size;
  out.negative = a.negative != b.negative;
  trim(out);
}

// A value beyond the range of doubles: m 2^e, with 1/2 <= |m| < 1 (or m = 0).
struct Scaled {
  double m;
  int e;
};
inline Scaled scaled(double m, int e) {
  int k;
  const double f = std::frexp(m, &k);
  return {f, e + k};
}
inline Scaled quotient(Scaled a, Scaled b) { return scaled(a.m / b.m, a.e - b.e); }
inline Scaled root(Scaled a) {  // of a >= 0
  return a.e % 2 ? scaled(std::sqrt(2 * a.m), (a.e - 1) / 2) : scaled(std::sqrt(a.m), a.e / 2);
}
inline Scaled sum(Scaled a, Scaled b) {  // of a, b >= 0 (a zero's exponent means nothing)
  if (a.m == 0 || b.m == 0) return a.m == 0 ? b : a;
  if (a.e < b.e) std::swap(a, b);
  return scaled(a.m + std::ldexp(b.m, b.e - a.e), a.e);
}
inline Scaled magnitude(Scaled a) { return {std::fabs(a.m), a.e}; }
// A value known to be > 0 as the nearest double > 0 (not 0 by underflow, nor infinity).
inline double positive(double v) { return std::min(std::max(v, kTiny), kMax); }
inline double positive(Scaled a) { return positive(std::ldexp(a.m, a.e)); }

// The integer times 2^exponent, to about 2^-51.
template <int N>
Scaled approximate(const BigInt<N>& a, int exponent) {
  if (!a.size) return {0, 0};
  const int n = a.size;
  double v = a.limb[n - 1];
  if (n > 1) v = v * 0x1p32 + a.limb[n - 2];
  if (n > 2) v = v * 0x1p32 + a.limb[n - 3];
  return scaled(a.negative ? -v : v, exponent + 32 * (n - std::min(n, 3)));
}

// The lowest bit among the doubles: the unit the exact evaluation counts in.
template <int K>
int unitOf(const double (&v)[K], Bits (&bits)[K]) {
  int unit = 0;
  bool any = false;
  for (int i = 0; i < K; ++i) {
    bits[i] = bitsOf(v[i]);
    if (bits[i].m && (!any || bits[i].e < unit)) {
      unit = bits[i].e;
      any = true;
    }
  }
  return unit;
}

template <int N>
void difference(BigInt<N>& out, const Bits& x1, const Bits& x0, int unit) {
  BigInt<N> t;
  load(out, x1, unit);
  load(t, x0, unit);
  add(out, out, t, true);
}

// ---------------------------------------------------------------------------------------------
// The three polynomials every decision is a sign of. Each has a double estimate with a bound on
// its error (+infinity when a square or product may have overflowed or underflowed), and its
// exact value, out of line.

struct Estimate {
  double value, error;
};
inline bool certain(const Estimate& e) { return std::fabs(e.value) > e.error; }  // its sign is right
inline bool accurate(const Estimate& e) { return std::fabs(e.value) > 0x1p40 * e.error; }  // to 2^-40

// (a1 - a0)(b1 - b0) - (c1 - c0)(d1 - d0): the cross and dot products of differences.
struct Products {
  double a1, a0, b1, b0, c1, c0, d1, d0;
};
// (x1 - x0)^2 + (y1 - y0)^2 - (r1 + r2)^2: a squared distance against a squared radius.
struct Excess {
  double x1, x0, y1, y0, r1, r2;
};
// cross(U, W)^2 - r^2 |U|^2 for U = (ux1 - ux0, uy1 - uy0), W = (wx1 - wx0, wy1 - wy0): the
// squared distance of W's end from the line along U, against r^2, times |U|^2.
struct LineExcess {
  double ux1, ux0, uy1, uy0, wx1, wx0, wy1, wy0, r;
};

// Error bounds (eps = 2^-53): each product of rounded differences is within 3 eps of the exact
// one, so Products within 4 eps of |t1| + |t2| and Excess within 5 eps of the sum of its squares;
// 8 eps covers those and the rounding of the bound. Above 2^-960 an underflow costs nothing.
inline Estimate estimate(const Products& q) {
  const double t1 = (q.a1 - q.a0) * (q.b1 - q.b0), t2 = (q.c1 - q.c0) * (q.d1 - q.d0);
  const double size = std::fabs(t1) + std::fabs(t2);
  return {t1 - t2, size >= 0x1p-960 ? 0x1p-50 * size : kInf};
}

inline Estimate estimate(const Excess& q) {
  const double dx = q.x1 - q.x0, dy = q.y1 - q.y0, r = q.r1 + q.r2;
  const double d2 = dx * dx + dy * dy, r2 = r * r, size = d2 + r2;
  return {d2 - r2, size >= 0x1p-960 ? 0x1p-50 * size : kInf};
}

// The cross product h is within 4 eps S of its exact value (S = |t1| + |t2|), so h^2 within
// 8 eps |h| S + 16 eps^2 S^2, and r^2 |U|^2 within 6 eps of itself: 16 eps (|h| S + 2 eps S^2 +
// r^2 |U|^2) covers them.
inline Estimate estimate(const LineExcess& q) {
  const double ux = q.ux1 - q.ux0, uy = q.uy1 - q.uy0, wx = q.wx1 - q.wx0, wy = q.wy1 - q.wy0;
  const double t1 = ux * wy, t2 = uy * wx, h = t1 - t2, size = std::fabs(t1) + std::fabs(t2);
  const double len2 = ux * ux + uy * uy, r2 = q.r * q.r, far = r2 * len2;
  const bool ranged =
      size >= 0x1p-480 && (q.r == 0 || (len2 >= 0x1p-960 && r2 >= 0x1p-960 && far >= 0x1p-960));
  return {h * h - far, ranged ? 0x1p-49 * ((std::fabs(h) + 0x1p-52 * size) * size + far) : kInf};
}

QT_COLD inline Scaled exactValue(const Products& q) {
  const double v[8] = {q.a1, q.a0, q.b1, q.b0, q.c1, q.c0, q.d1, q.d0};
  Bits bits[8];
  const int unit = unitOf(v, bits);
  BigInt<68> a, b, c, d;
  difference(a, bits[0], bits[1], unit);
  difference(b, bits[2], bits[3], unit);
  difference(c, bits[4], bits[5], unit);
  difference(d, bits[6], bits[7], unit);
  BigInt<136> ab, cd;
  multiply(ab, a, b);
  multiply(cd, c, d);
  add(ab, ab, cd, true);
  return approximate(ab, 2 * unit);
}

QT_COLD inline Scaled exactValue(const Excess& q) {
  const double v[6] = {q.x1, q.x0, q.y1, q.y0, q.r1, q.r2};
  Bits bits[6];
  const int unit = unitOf(v, bits);
  BigInt<68> dx, dy, r, t;
  difference(dx, bits[0], bits[1], unit);
  difference(dy, bits[2], bits[3], unit);
  load(r, bits[4], unit);
  load(t, bits[5], unit);
  add(r, r, t, false);
  BigInt<136> total, square;
  multiply(total, dx, dx);
  multiply(square, dy, dy);
  add(total, total, square, false);
  multiply(square, r, r);
  add(total, total, square, true);
  return approximate(total, 2 * unit);
}

QT_COLD inline Scaled exactValue(const LineExcess& q) {
  const double v[9] = {q.ux1, q.ux0, q.uy1, q.uy0, q.wx1, q.wx0, q.wy1, q.wy0, q.r};
  Bits bits[9];
  const int unit = unitOf(v, bits);
  BigInt<68> ux, uy, wx, wy, r;
  difference(ux, bits[0], bits[1], unit);
  difference(uy, bits[2], bits[3], unit);
  difference(wx, bits[4], bits[5], unit);
  difference(wy, bits[6], bits[7], unit);
  load(r, bits[8], unit);
  BigInt<136> h, t, len2, r2;
  multiply(h, ux, wy);
  multiply(t, uy, wx);
  add(h, h, t, true);
  multiply(len2, ux, ux);
  multiply(t, uy, uy);
  add(len2, len2, t, false);
  multiply(r2, r, r);
  BigInt<272> total, far;
  multiply(total, h, h);
  multiply(far, r2, len2);
  add(total, total, far, true);
  return approximate(total, 4 * unit);
}

// When the estimate cannot tell (touching shapes, exact tangents, collinear points, squares out
// of range): the exact value, in integers. About 100 to 130 ns a decision natively; a middle
// stage in double-double (3 ns) was dropped for its 0.4 KB of the download.
inline int signOf(double v) { return (v > 0) - (v < 0); }

template <class Q>
QT_COLD int exactSign(const Q& q) {
  return signOf(exactValue(q).m);
}

template <class Q>
inline int signOf(const Q& q) {
  const Estimate e = estimate(q);
  if (certain(e)) return e.value > 0 ? 1 : -1;
  return exactSign(q);
}

// The side of the line from a to b that c is on: > 0 on the left (x right, y up).
inline int orient(double ax, double ay, double bx, double by, double cx, double cy) {
  return signOf(Products{bx, ax, cy, ay, by, ay, cx, ax});
}

// ---------------------------------------------------------------------------------------------
// Overlap, pair by pair.

inline Box rectBox(const Shape& s) {  // a rect as the closed box between its corners
  const double x1 = s.a + s.c, y1 = s.b + s.d;
  return {std::min(s.a, x1), std::min(s.b, y1), std::max(s.a, x1), std::max(s.b, y1)};
}

// A point against a rect: the rect rule with a zero-size rect.
inline bool pointInRect(const Shape& rect, double x, double y) {
  return overlaps(Rect{rect.a, rect.b, rect.c, rect.d}, Rect{x, y, 0, 0});
}

inline bool circlesOverlap(const Shape& p, const Shape& q) {
  return signOf(Excess{q.a, p.a, q.b, p.b, p.c, q.c}) < 0;
}

inline bool rectCircleOverlap(const Shape& rect, const Shape& circle) {
  const double cx = circle.a, cy = circle.b, r = circle.c;
  if (!(r > 0)) return r == 0 && pointInRect(rect, cx, cy);
  const Box b = rectBox(rect);
  // The rect's point nearest the centre: a corner, a point of an edge, or the centre itself.
  const double qx = std::min(std::max(cx, b.minX), b.maxX), qy = std::min(std::max(cy, b.minY), b.maxY);
  return signOf(Excess{cx, qx, cy, qy, r, 0}) < 0;
}

QT_SMALL inline bool lineCircleOverlap(const Shape& line, const Shape& circle) {
  const double ax = line.a, ay = line.b, bx = line.c, by = line.d, cx = circle.a, cy = circle.b, r = circle.c;
  if (!(r > 0)) return false;
  // Further than r from the segment's box along an axis. Exact: a difference that rounds above r
  // is above it (r is a double and rounding is monotone).
  if (std::min(ax, bx) - cx > r || cx - std::max(ax, bx) > r || std::min(ay, by) - cy > r || cy - std::max(ay, by) > r)
    return false;
  // The segment's point nearest the centre is an end when the centre projects beyond it.
  if (signOf(Products{cx, ax, bx, ax, cy, ay, ay, by}) <= 0) return signOf(Excess{cx, ax, cy, ay, r, 0}) < 0;
  if (signOf(Products{cx, bx, ax, bx, cy, by, by, ay}) <= 0) return signOf(Excess{cx, bx, cy, by, r, 0}) < 0;
  return signOf(LineExcess{bx, ax, by, ay, cx, ax, cy, ay, r}) < 0;
}

// A proper crossing of the segment from a to b with a rect of zero width or height, taken as the
// segment between its corners (which may reach infinity: x + w can overflow).
QT_SMALL inline bool crossesFlatRect(double ax, double ay, double bx, double by, const Box& b) {
  if (b.minX == b.maxX) {
    if (b.minY == b.maxY) return false;  // a point
    const double x = b.minX;
    if (!(std::min(ax, bx) < x && x < std::max(ax, bx))) return false;  // ends strictly on either side
    // Whether the rect's ends lie strictly on either side of the line; one at infinity lies on
    // the side it heads to.
    const int up = bx > ax ? 1 : -1;
    const int low = std::isinf(b.minY) ? -up : orient(ax, ay, bx, by, x, b.minY);
    const int high = std::isinf(b.maxY) ? up : orient(ax, ay, bx, by, x, b.maxY);
    return low * high < 0;
  }
  const double y = b.minY;
  if (!(std::min(ay, by) < y && y < std::max(ay, by))) return false;
  const int left = by > ay ? 1 : -1;
  const int low = std::isinf(b.minX) ? left : orient(ax, ay, bx, by, b.minX, y);
  const int high = std::isinf(b.maxX) ? -left : orient(ax, ay, bx, by, b.maxX, y);
  return low * high < 0;
}

QT_SMALL inline bool lineRectOverlap(const Shape& line, const Shape& rect) {
  const double ax = line.a, ay = line.b, bx = line.c, by = line.d;
  if (ax == bx && ay == by) return pointInRect(rect, ax, ay);
  const Box b = rectBox(rect);
  if (b.minX == b.maxX || b.minY == b.maxY) return crossesFlatRect(ax, ay, bx, by, b);
  // The closed segment meets the open rect unless a line separates them: along x, along y, or
  // along the segment's normal n = (ay - by, bx - ax) (the separating axes of the two).
  if (std::max(ax, bx) <= b.minX || std::min(ax, bx) >= b.maxX || std::max(ay, by) <= b.minY ||
      std::min(ay, by) >= b.maxY)
    return false;
  if (ax == bx || ay == by) return true;  // along an axis: n is one of the two
  // The corners furthest along n and against it must lie strictly on either side of the
  // segment's line; a corner at infinity (x + w overflowed) lies as far as can be.
  const bool nx = ay > by, ny = bx > ax;
  const double hiX = nx ? b.maxX : b.minX, hiY = ny ? b.maxY : b.minY;
  const double loX = nx ? b.minX : b.maxX, loY = ny ? b.minY : b.maxY;
  return (std::isinf(hiX) || std::isinf(hiY) || orient(ax, ay, bx, by, hiX, hiY) > 0) &&
         (std::isinf(loX) || std::isinf(loY) || orient(ax, ay, bx, by, loX, loY) < 0);
}

QT_SMALL inline bool linesCross(const Shape& p, const Shape& q) {
  const double ax = p.a, ay = p.b, bx = p.c, by = p.d, cx = q.a, cy = q.b, dx = q.c, dy = q.d;
  if (std::max(ax, bx) < std::min(cx, dx) || std::max(cx, dx) < std::min(ax, bx) ||
      std::max(ay, by) < std::min(cy, dy) || std::max(cy, dy) < std::min(ay, by))
    return false;
  if (orient(ax, ay, bx, by, cx, cy) * orient(ax, ay, bx, by, dx, dy) >= 0) return false;
  return orient(cx, cy, dx, dy, ax, ay) * orient(cx, cy, dx, dy, bx, by) < 0;
}

// ---------------------------------------------------------------------------------------------
// Distances and ray entries. The fast paths return only what their estimates certify; the rest
// (points on the shape, near-tangent rays, extreme magnitudes) goes to the exact slow paths.

inline double length(double dx, double dy) {  // sqrt(dx^2 + dy^2) for dx, dy >= 0
  const double s = dx * dx + dy * dy;
  if (s >= 0x1p-960 && s <= 0x1p960) return std::sqrt(s);
  return dx == 0 ? dy : dy == 0 ? dx : std::hypot(dx, dy);  // squares out of range
}

inline double boxDistanceOf(const Box& b, double px, double py) {
  const double dx = std::max(std::max(b.minX - px, px - b.maxX), 0.0);
  const double dy = std::max(std::max(b.minY - py, py - b.maxY), 0.0);
  return std::min(length(dx, dy), kMax);
}

// When the ray reaches a side of the first axis no later than it reaches one of the second:
// (a - oa) / ua <= (b - ob) / ub, compared exactly (ua, ub != 0).
inline bool notLater(double a, double oa, double ua, double b, double ob, double ub) {
  const int s = signOf(Products{a, oa, ub, 0, b, ob, ua, 0});  // (a - oa) ub - (b - ob) ua
  return ((ua > 0) == (ub > 0) ? s : -s) <= 0;
}

// The ray across one axis of the box: the side it enters by, when the origin is outside the slab
// (false when it never does), and the side it leaves by (none when it moves along the axis or
// that side is at infinity).
struct Slab {
  bool enters, leaves;
  double in, out;
};
inline bool slabOf(double lo, double hi, double o, double u, Slab& s) {
  s.enters = !(lo <= o && o <= hi);
  s.in = 0;
  if (s.enters) {
    if (u == 0 || (o < lo) != (u > 0)) return false;  // outside, moving along or away
    s.in = o < lo ? lo : hi;
    if (std::isinf(s.in)) return false;  // the box lies at infinity
  }
  s.out = u > 0 ? hi : lo;
  s.leaves = u != 0 && !std::isinf(s.out);
  return true;
}

inline double boxEntryOf(const Box& b, double ox, double oy, double ux, double uy) {
  if (!(b.minX <= b.maxX && b.minY <= b.maxY)) return kInf;  // empty
  Slab x, y;
  if (!slabOf(b.minX, b.maxX, ox, ux, x) || !slabOf(b.minY, b.maxY, oy, uy, y)) return kInf;
  if (!x.enters && !y.enters) return 0;  // the origin is in the box
  // It hits when it enters each slab before it leaves the other.
  if (x.enters && y.leaves && !notLater(x.in, ox, ux, y.out, oy, uy)) return kInf;
  if (y.enters && x.leaves && !notLater(y.in, oy, uy, x.out, ox, ux)) return kInf;
  const double tx = x.enters ? (x.in - ox) / ux : 0, ty = y.enters ? (y.in - oy) / uy : 0;
  return positive(std::max(tx, ty));
}

QT_COLD inline double pointDistanceSlow(double px, double py, double qx, double qy) {
  const Scaled d2 = exactValue(Excess{px, qx, py, qy, 0, 0});
  return d2.m == 0 ? 0 : positive(root(d2));
}

QT_COLD inline double circleDistanceSlow(double cx, double cy, double r, double px, double py) {
  const Scaled excess = exactValue(Excess{px, cx, py, cy, r, 0});
  if (excess.m <= 0) return 0;
  // |p - c| - r as (|p - c|^2 - r^2) / (|p - c| + r): no cancellation.
  const Scaled d2 = exactValue(Excess{px, cx, py, cy, 0, 0});
  return positive(quotient(excess, sum(root(d2), scaled(r, 0))));
}

QT_SMALL inline double circleDistance(double cx, double cy, double r, double px, double py) {
  const Estimate e = estimate(Excess{px, cx, py, cy, r, 0});
  if (!accurate(e)) return circleDistanceSlow(cx, cy, r, px, py);
  if (e.value < 0) return 0;
  const double dx = px - cx, dy = py - cy;
  return e.value / (std::sqrt(dx * dx + dy * dy) + r);
}

QT_COLD inline double segmentDistanceSlow(double ax, double ay, double bx, double by, double px, double py) {
  if (exactValue(Products{px, ax, bx, ax, py, ay, ay, by}).m <= 0) return pointDistanceSlow(px, py, ax, ay);
  if (exactValue(Products{px, bx, ax, bx, py, by, by, ay}).m <= 0) return pointDistanceSlow(px, py, bx, by);
  const Scaled h = exactValue(Products{bx, ax, py, ay, by, ay, px, ax});  // |b - a| times the distance
  if (h.m == 0) return 0;
  return positive(quotient(magnitude(h), root(exactValue(Excess{bx, ax, by, ay, 0, 0}))));
}

QT_SMALL inline double segmentDistance(double ax, double ay, double bx, double by, double px, double py) {
  const double ux = bx - ax, uy = by - ay, wx = px - ax, wy = py - ay, vx = px - bx, vy = py - by;
  // Nearest an end when p projects beyond it. Near the boundary either answer is as good: the two
  // distances differ by far less than their rounding there.
  double d2 = -1;
  if (ux * wx + uy * wy <= 0) {
    d2 = wx * wx + wy * wy;
  } else if (ux * vx + uy * vy >= 0) {
    d2 = vx * vx + vy * vy;
  } else {
    const Estimate h = estimate(Products{bx, ax, py, ay, by, ay, px, ax});
    const double len2 = ux * ux + uy * uy;
    if (accurate(h) && len2 >= 0x1p-960 && len2 <= kMax) return std::fabs(h.value) / std::sqrt(len2);
  }
  if (d2 >= 0x1p-960 && d2 <= kMax) return std::sqrt(d2);
  return segmentDistanceSlow(ax, ay, bx, by, px, py);
}

// A ray o + t u (t >= 0) enters a disc where |o + t u - c| = r first: the smaller root of
// |u|^2 t^2 - 2 (u.(c - o)) t + |c - o|^2 - r^2, with discriminant r^2 |u|^2 - cross(u, c - o)^2,
// taken as (|c - o|^2 - r^2) / (u.(c - o) + sqrt(discriminant)) so that nothing cancels.
QT_COLD inline double circleEntrySlow(double cx, double cy, double r, double ox, double oy, double ux, double uy) {
  const Scaled outside = exactValue(Excess{cx, ox, cy, oy, r, 0});
  if (outside.m <= 0) return 0;
  const Scaled ahead = exactValue(Products{ux, 0, cx, ox, uy, 0, oy, cy});  // u.(c - o)
  if (ahead.m <= 0) return kInf;
  const Scaled missBy = exactValue(LineExcess{ux, 0, uy, 0, cx, ox, cy, oy, r});  // -discriminant
  if (missBy.m > 0) return kInf;
  return positive(quotient(outside, sum(ahead, root(magnitude(missBy)))));
}

QT_SMALL inline double circleEntry(double cx, double cy, double r, double ox, double oy, double ux, double uy) {
  const Estimate outside = estimate(Excess{cx, ox, cy, oy, r, 0});
  const Estimate ahead = estimate(Products{ux, 0, cx, ox, uy, 0, oy, cy});
  const Estimate missBy = estimate(LineExcess{ux, 0, uy, 0, cx, ox, cy, oy, r});
  if (certain(outside)) {
    if (outside.value < 0) return 0;
    if ((certain(ahead) && ahead.value < 0) || (certain(missBy) && missBy.value > 0)) return kInf;
    if (accurate(outside) && accurate(ahead) && accurate(missBy) && ahead.value > 0 && missBy.value < 0)
      return outside.value / (ahead.value + std::sqrt(-missBy.value));
  }
  return circleEntrySlow(cx, cy, r, ox, oy, ux, uy);
}

QT_COLD inline double segmentEntrySlow(double ax, double ay, double bx, double by, double ox, double oy, double ux, double uy) {
  if (std::min(ax, bx) <= ox && ox <= std::max(ax, bx) && std::min(ay, by) <= oy && oy <= std::max(ay, by) &&
      exactValue(Products{bx, ax, oy, ay, by, ay, ox, ax}).m == 0)
    return 0;  // the origin is on the segment
  if (ux == 0 && uy == 0) return kInf;
  const double sa = exactValue(Products{ux, 0, ay, oy, uy, 0, ax, ox}).m;  // cross(u, a - o)
  const double sb = exactValue(Products{ux, 0, by, oy, uy, 0, bx, ox}).m;  // cross(u, b - o)
  if (sa == 0 && sb == 0) {
    // Along the ray's line, both ends on one side of the origin: the nearer end if ahead.
    const Scaled da = exactValue(Products{ux, 0, ax, ox, uy, 0, oy, ay});  // u.(a - o)
    if (da.m < 0) return kInf;
    const Scaled db = exactValue(Products{ux, 0, bx, ox, uy, 0, oy, by});
    const bool aNearer = exactValue(Products{ux, 0, bx, ax, uy, 0, ay, by}).m > 0;  // u.(b - a) > 0
    return positive(quotient(aNearer ? da : db, exactValue(Excess{ux, 0, uy, 0, 0, 0})));
  }
  if ((sa > 0 && sb > 0) || (sa < 0 && sb < 0)) return kInf;  // both ends on one side of its line
  // The lines cross at t = cross(a - o, b - a) / cross(u, b - a), on the segment: ahead or behind.
  const Scaled num = exactValue(Products{ax, ox, by, ay, ay, oy, bx, ax});
  const Scaled den = exactValue(Products{ux, 0, by, ay, uy, 0, bx, ax});
  if ((num.m > 0) != (den.m > 0)) return kInf;
  return positive(quotient(num, den));
}

QT_SMALL inline double segmentEntry(double ax, double ay, double bx, double by, double ox, double oy, double ux, double uy) {
  const Estimate sa = estimate(Products{ux, 0, ay, oy, uy, 0, ax, ox});
  const Estimate sb = estimate(Products{ux, 0, by, oy, uy, 0, bx, ox});
  if (certain(sa) && certain(sb)) {
    if ((sa.value > 0) == (sb.value > 0)) return kInf;
    // The ends lie strictly on either side: the crossing is inside the segment, and the
    // denominator has the sign of sb.
    const Estimate num = estimate(Products{ax, ox, by, ay, ay, oy, bx, ax});
    const Estimate den = estimate(Products{ux, 0, by, ay, uy, 0, bx, ax});
    if (certain(num) && (num.value > 0) != (sb.value > 0)) return kInf;
    if (accurate(num) && accurate(den)) return positive(num.value / den.value);
  }
  return segmentEntrySlow(ax, ay, bx, by, ox, oy, ux, uy);
}

// a + b rounded outward: TwoSum's error term says which way the sum was rounded.
inline double sumDown(double a, double b) {
  const double s = a + b, bv = s - a, error = (a - (s - bv)) + (b - bv);
  return error < 0 ? std::nextafter(s, -kInf) : s;
}
inline double sumUp(double a, double b) {
  const double s = a + b, bv = s - a, error = (a - (s - bv)) + (b - bv);
  return error > 0 ? std::nextafter(s, kInf) : s;
}

}  // namespace shape_detail

// The shape's bounding box, closed: a rect's from x + w to x when w < 0; a circle's rounded
// outward, so that it holds every point of the disc. Whatever overlaps a shape overlaps its box
// under the strict rule (compared as edges: boxRect()'s x + w may round). An unknown kind's box
// is empty (+inf, +inf, -inf, -inf).
inline Box shapeBox(const Shape& s) {
  using namespace shape_detail;
  switch (s.kind) {
    case kShapeRect: return rectBox(s);
    case kShapeCircle: return {sumDown(s.a, -s.c), sumDown(s.b, -s.c), sumUp(s.a, s.c), sumUp(s.b, s.c)};
    case kShapeLine: return {std::min(s.a, s.c), std::min(s.b, s.d), std::max(s.a, s.c), std::max(s.b, s.d)};
    default: return {kInf, kInf, -kInf, -kInf};
  }
}

inline Rect boxRect(const Box& b) { return {b.minX, b.minY, b.maxX - b.minX, b.maxY - b.minY}; }

// A rect holding the shape that boundingRect() gave `r` (or the box between the corners of the
// rect `r`): that box moved out on each side by 2^-43 of r's magnitudes, more than the roundings
// of boundingRect() and of this take back (sums of subnormals are exact: no floor is needed, and
// none makes subnormal arithmetic of points at 0, which is slow); the whole plane beyond 2^999.
// No exact rounding: a frame loop places every moving circle by it. What pairsOf() sweeps a
// compat tree's shapes by, straight from the tree's rects; coverRect() below.
inline Rect widenedBound(const Rect& r) {
  using namespace shape_detail;
  const double m = (std::fabs(r.x) + std::fabs(r.y) + std::fabs(r.w) + std::fabs(r.h)) * 0x1p-43;
  if (!(m < 0x1p956)) return {-kMax, -kMax, kInf, kInf};
  const double x1 = r.x + r.w, y1 = r.y + r.h;
  const double x = std::min(r.x, x1) - m, y = std::min(r.y, y1) - m;
  return {x, y, (std::max(r.x, x1) - x) + m, (std::max(r.y, y1) - y) + m};
}

// The rect a compat tree (quadtree-js's, the tutorial's) places and retrieves a shape by: a
// circle's x - r, y - r, 2r, 2r; a line's corners, smaller first. The facade computes the same
// (js/src/common/validate.js, boundingRect()) for the queries it answers from its own caches.
inline Rect boundingRect(const Shape& s) {
  switch (s.kind) {
    case kShapeCircle: return {s.a - s.c, s.b - s.c, s.c + s.c, s.c + s.c};
    case kShapeLine: return {jsMin(s.a, s.c), jsMin(s.b, s.d), std::fabs(s.c - s.a), std::fabs(s.d - s.b)};
    default: return {s.a, s.b, s.c, s.d};
  }
}

// What an exact index places a shape by and prunes with: a rect whose edges hold the shape.
inline Rect coverRect(const Shape& s) { return widenedBound(boundingRect(s)); }

// Whether the exact geometry decides the shape: its numbers finite, a circle's radius not
// negative (what the facade's readRect() lets into a tree). A quadtree-ts tree holds whatever its
// objects say; one that fails this is found by no exact query (session.h).
inline bool placeable(const Shape& s) {
  return std::isfinite(s.a) && std::isfinite(s.b) && std::isfinite(s.c) && std::isfinite(s.d) &&
         !(s.kind == kShapeCircle && s.c < 0);
}

// Whether two shapes overlap by the rules above. Symmetric; an unknown kind overlaps nothing.
inline bool shapesOverlap(const Shape& a, const Shape& b) {
  using namespace shape_detail;
  if (a.kind == kShapeCircle && b.kind == kShapeCircle) return circlesOverlap(a, b);  // the hot pair: no jump table
  if (uint32_t(a.kind) > uint32_t(kShapeLine) || uint32_t(b.kind) > uint32_t(kShapeLine)) return false;
  switch (a.kind * 3 + b.kind) {
    case kShapeRect * 3 + kShapeRect: return overlaps(Rect{a.a, a.b, a.c, a.d}, Rect{b.a, b.b, b.c, b.d});
    case kShapeRect * 3 + kShapeCircle: return rectCircleOverlap(a, b);
    case kShapeRect * 3 + kShapeLine: return lineRectOverlap(b, a);
    case kShapeCircle * 3 + kShapeRect: return rectCircleOverlap(b, a);
    case kShapeCircle * 3 + kShapeCircle: return circlesOverlap(a, b);
    case kShapeCircle * 3 + kShapeLine: return lineCircleOverlap(b, a);
    case kShapeLine * 3 + kShapeRect: return lineRectOverlap(a, b);
    case kShapeLine * 3 + kShapeCircle: return lineCircleOverlap(a, b);
    default: return linesCross(a, b);
  }
}

// The distance from the point to the closed shape: 0 in or on it. An unknown kind is infinitely
// far.
QT_SMALL inline double shapeDistance(const Shape& s, double px, double py) {
  using namespace shape_detail;
  switch (s.kind) {
    case kShapeRect: return boxDistanceOf(rectBox(s), px, py);
    case kShapeCircle: return circleDistance(s.a, s.b, s.c, px, py);
    case kShapeLine: return segmentDistance(s.a, s.b, s.c, s.d, px, py);
    default: return kInf;
  }
}

// The smallest t >= 0 with (ox + t ux, oy + t uy) in the closed shape, +infinity if none. (ux, uy)
// is a unit vector; t counts steps of it as given (so a hit a rect and a circle share has one t).
// A hit beyond the largest double is reported as the largest double.
QT_SMALL inline double rayEntry(const Shape& s, double ox, double oy, double ux, double uy) {
  using namespace shape_detail;
  switch (s.kind) {
    case kShapeRect: return boxEntryOf(rectBox(s), ox, oy, ux, uy);
    case kShapeCircle: return circleEntry(s.a, s.b, s.c, ox, oy, ux, uy);
    case kShapeLine: return segmentEntry(s.a, s.b, s.c, s.d, ox, oy, ux, uy);
    default: return kInf;
  }
}

// shapeDistance() and rayEntry() of a rect, for trees that hold rects only (the circle's and the
// line's code stays out of their build).
inline double rectDistance(const Rect& r, double px, double py) {
  return shape_detail::boxDistanceOf(shape_detail::rectBox({r.x, r.y, r.w, r.h, kShapeRect}), px, py);
}
inline double rectRayEntry(const Rect& r, double ox, double oy, double ux, double uy) {
  return shape_detail::boxEntryOf(shape_detail::rectBox({r.x, r.y, r.w, r.h, kShapeRect}), ox, oy, ux, uy);
}

// The same for a box (sides may be infinite; ux or uy may be 0), shaded down by 2^-32: a lower
// bound on shapeDistance() and rayEntry() of every shape inside the box, to prune tree nodes with.
// 0 and +infinity are kept exactly.
inline double boxDistance(const Box& b, double px, double py) {
  return shape_detail::boxDistanceOf(b, px, py) * (1 - 0x1p-32);
}
inline double boxRayEntry(const Box& b, double ox, double oy, double ux, double uy) {
  return shape_detail::boxEntryOf(b, ox, oy, ux, uy) * (1 - 0x1p-32);
}

}  // namespace qt
