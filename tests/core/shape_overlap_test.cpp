// shape_overlap.h: overlap, distance and ray entry of rects, circles and lines, and the box bounds,
// against an oracle of exact rationals over seeded random cases of every pair of kinds, and on
// named cases. The oracle is written apart from the header: arbitrary-size integers in
// std::vector (the header's are fixed arrays at one exponent per question), and other geometry
// (clipping and parameters of nearest points and crossings where the header takes separating
// axes and signs of polynomials). Its values go through long double, so distances and ray entries
// are compared within a relative 2^-36; zeros, misses and every overlap must match exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shapes/shape_overlap.h"

namespace {

using qt::Box;
using qt::boxDistance;
using qt::boxRayEntry;
using qt::boxRect;
using qt::kShapeCircle;
using qt::kShapeLine;
using qt::kShapeRect;
using qt::rayEntry;
using qt::Rect;
using qt::Shape;
using qt::shapeBox;
using qt::shapeDistance;
using qt::shapesOverlap;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();
constexpr double kTiny = std::numeric_limits<double>::denorm_min();

Shape rect(double x, double y, double w, double h) { return {x, y, w, h, kShapeRect}; }
Shape circle(double x, double y, double r) { return {x, y, r, 0, kShapeCircle}; }
Shape line(double x1, double y1, double x2, double y2) { return {x1, y1, x2, y2, kShapeLine}; }

std::string show(const Shape& s) {
  std::ostringstream o;
  o.precision(17);
  o << (s.kind == kShapeRect ? "rect" : s.kind == kShapeCircle ? "circle" : s.kind == kShapeLine ? "line" : "?")
    << "{" << s.a << ", " << s.b << ", " << s.c;
  if (s.kind != kShapeCircle) o << ", " << s.d;
  o << "}";
  return o.str();
}

std::string show(double x, double y) {
  std::ostringstream o;
  o.precision(17);
  o << "(" << x << ", " << y << ")";
  return o.str();
}

// ---------------------------------------------------------------------------------------------
// The oracle's numbers: integers of any size, and fractions of them.

struct Int {
  bool negative = false;
  std::vector<uint32_t> mag;  // base 2^32, least significant first, no zero on top
};

void normalize(Int& a) {
  while (!a.mag.empty() && a.mag.back() == 0) a.mag.pop_back();
  if (a.mag.empty()) a.negative = false;
}

Int fromU64(uint64_t v) {
  Int a;
  a.mag = {uint32_t(v), uint32_t(v >> 32)};
  normalize(a);
  return a;
}

int sign(const Int& a) { return a.mag.empty() ? 0 : a.negative ? -1 : 1; }

Int shiftedLeft(const Int& a, int bits) {
  Int r;
  r.negative = a.negative;
  r.mag.assign(size_t(bits / 32), 0);
  const int s = bits % 32;
  uint32_t carry = 0;
  for (uint32_t w : a.mag) {
    r.mag.push_back(s ? (w << s) | carry : w);
    carry = s ? w >> (32 - s) : 0;
  }
  if (carry) r.mag.push_back(carry);
  normalize(r);
  return r;
}

int trailingZeros(const Int& a) {  // of a nonzero integer
  int n = 0;
  size_t i = 0;
  while (a.mag[i] == 0) ++i, n += 32;
  uint32_t w = a.mag[i];
  while (!(w & 1)) w >>= 1, ++n;
  return n;
}

Int shiftedRight(const Int& a, int bits) {  // exact: the low bits are zero
  Int r;
  r.negative = a.negative;
  const size_t skip = size_t(bits / 32);
  const int s = bits % 32;
  for (size_t i = skip; i < a.mag.size(); ++i) {
    const uint64_t w = a.mag[i] | (i + 1 < a.mag.size() ? uint64_t(a.mag[i + 1]) << 32 : 0);
    r.mag.push_back(uint32_t(w >> s));
  }
  normalize(r);
  return r;
}

int compareMagnitude(const Int& a, const Int& b) {
  if (a.mag.size() != b.mag.size()) return a.mag.size() < b.mag.size() ? -1 : 1;
  for (size_t i = a.mag.size(); i-- > 0;)
    if (a.mag[i] != b.mag[i]) return a.mag[i] < b.mag[i] ? -1 : 1;
  return 0;
}

Int operator+(const Int& a, const Int& b) {
  Int r;
  if (a.negative == b.negative) {
    uint64_t carry = 0;
    for (size_t i = 0; i < std::max(a.mag.size(), b.mag.size()); ++i) {
      carry += uint64_t(i < a.mag.size() ? a.mag[i] : 0) + (i < b.mag.size() ? b.mag[i] : 0);
      r.mag.push_back(uint32_t(carry));
      carry >>= 32;
    }
    r.mag.push_back(uint32_t(carry));
    r.negative = a.negative;
  } else {
    const int c = compareMagnitude(a, b);
    if (c == 0) return r;
    const Int& big = c > 0 ? a : b;
    const Int& small = c > 0 ? b : a;
    int64_t borrow = 0;
    for (size_t i = 0; i < big.mag.size(); ++i) {
      int64_t d = int64_t(big.mag[i]) - (i < small.mag.size() ? small.mag[i] : 0) - borrow;
      borrow = d < 0;
      if (d < 0) d += int64_t(1) << 32;
      r.mag.push_back(uint32_t(d));
    }
    r.negative = big.negative;
  }
  normalize(r);
  return r;
}

Int operator-(Int a) {
  a.negative = !a.negative && !a.mag.empty();
  return a;
}
Int operator-(const Int& a, const Int& b) { return a + -b; }

Int operator*(const Int& a, const Int& b) {
  Int r;
  if (a.mag.empty() || b.mag.empty()) return r;
  std::vector<uint64_t> acc(a.mag.size() + b.mag.size() + 1, 0);
  for (size_t i = 0; i < a.mag.size(); ++i)
    for (size_t j = 0; j < b.mag.size(); ++j) {
      const uint64_t p = uint64_t(a.mag[i]) * b.mag[j];
      acc[i + j] += p & 0xffffffff;
      acc[i + j + 1] += p >> 32;
    }
  uint64_t carry = 0;
  for (uint64_t v : acc) {
    carry += v;
    r.mag.push_back(uint32_t(carry));
    carry >>= 32;
  }
  r.negative = a.negative != b.negative;
  normalize(r);
  return r;
}

// The integer as a long double and a power of two (it may exceed the long double range).
std::pair<long double, long> approximate(const Int& a) {
  if (a.mag.empty()) return {0.0L, 0};
  const size_t n = a.mag.size(), from = n > 3 ? n - 3 : 0;
  long double v = 0;
  for (size_t i = n; i-- > from;) v = v * 4294967296.0L + a.mag[i];
  return {a.negative ? -v : v, long(32 * from)};
}

// A fraction, denominator > 0, common powers of two taken out.
struct Q {
  Int n, d;
};

Q reduced(Q a) {
  if (a.n.mag.empty()) return {Int{}, fromU64(1)};
  const int z = std::min(trailingZeros(a.n), trailingZeros(a.d));
  if (z) a.n = shiftedRight(a.n, z), a.d = shiftedRight(a.d, z);
  return a;
}

Q integer(int64_t v) {
  Int n = fromU64(uint64_t(v < 0 ? -v : v));
  n.negative = v < 0;
  return {n, fromU64(1)};
}

// A double exactly: frexp's fraction times 2^53 is an integer.
Q exact(double v) {
  int e;
  const double f = std::frexp(v, &e);
  Int m = fromU64(uint64_t(std::ldexp(std::fabs(f), 53)));
  m.negative = f < 0;
  normalize(m);
  e -= 53;
  if (e >= 0) return reduced({shiftedLeft(m, e), fromU64(1)});
  return reduced({m, shiftedLeft(fromU64(1), -e)});
}

// Infinity, for the sides of boxes: a power of two beyond every double.
Q edge(double v) {
  if (!std::isinf(v)) return exact(v);
  Q far{shiftedLeft(fromU64(1), 1100), fromU64(1)};
  if (v < 0) far.n = -far.n;
  return far;
}

Q operator+(const Q& a, const Q& b) { return reduced({a.n * b.d + b.n * a.d, a.d * b.d}); }
Q operator-(const Q& a, const Q& b) { return reduced({a.n * b.d - b.n * a.d, a.d * b.d}); }
Q operator*(const Q& a, const Q& b) { return reduced({a.n * b.n, a.d * b.d}); }
Q operator/(const Q& a, const Q& b) {
  Q r{a.n * b.d, a.d * b.n};
  if (sign(r.d) < 0) r.n = -r.n, r.d = -r.d;
  return reduced(r);
}
int sign(const Q& a) { return sign(a.n); }
int compare(const Q& a, const Q& b) { return sign(a.n * b.d - b.n * a.d); }
bool operator<(const Q& a, const Q& b) { return compare(a, b) < 0; }
bool operator<=(const Q& a, const Q& b) { return compare(a, b) <= 0; }
bool operator==(const Q& a, const Q& b) { return compare(a, b) == 0; }
const Q& smaller(const Q& a, const Q& b) { return b < a ? b : a; }
const Q& larger(const Q& a, const Q& b) { return a < b ? b : a; }
Q square(const Q& a) { return a * a; }
Q cross(const Q& ax, const Q& ay, const Q& bx, const Q& by) { return ax * by - ay * bx; }

long double value(const Q& a) {
  const auto n = approximate(a.n), d = approximate(a.d);
  return std::ldexp(n.first / d.first, int(n.second - d.second));
}

// ---------------------------------------------------------------------------------------------
// The oracle's geometry.

struct QPoint {
  Q x, y;
};
QPoint point(double x, double y) { return {exact(x), exact(y)}; }

struct QBox {
  Q x0, y0, x1, y1;
};
QBox qbox(const Box& b) { return {edge(b.minX), edge(b.minY), edge(b.maxX), edge(b.maxY)}; }
// A rect as the closed box between x and x + w (rounded as the rect rule rounds it).
QBox rectQBox(const Shape& s) {
  const double x1 = s.a + s.c, y1 = s.b + s.d;
  return qbox({std::min(s.a, x1), std::min(s.b, y1), std::max(s.a, x1), std::max(s.b, y1)});
}

Q distance2(const QPoint& p, const QPoint& q) { return square(p.x - q.x) + square(p.y - q.y); }

Q clamped(const Q& v, const Q& lo, const Q& hi) { return v < lo ? lo : hi < v ? hi : v; }

Q distance2(const QPoint& p, const QBox& b) {
  return distance2(p, QPoint{clamped(p.x, b.x0, b.x1), clamped(p.y, b.y0, b.y1)});
}

// To the closed segment, through the nearest point's parameter along it, clamped to [0, 1].
Q distance2(const QPoint& p, const QPoint& a, const QPoint& b) {
  const Q ux = b.x - a.x, uy = b.y - a.y, len2 = square(ux) + square(uy);
  if (sign(len2) == 0) return distance2(p, a);
  const Q s = clamped(((p.x - a.x) * ux + (p.y - a.y) * uy) / len2, integer(0), integer(1));
  return distance2(p, QPoint{a.x + s * ux, a.y + s * uy});
}

// Proper crossing: the parameters of the crossing point strictly inside (0, 1) on both.
bool segmentsCross(const QPoint& a, const QPoint& b, const QPoint& c, const QPoint& d) {
  const Q ux = b.x - a.x, uy = b.y - a.y, vx = d.x - c.x, vy = d.y - c.y;
  const Q det = cross(ux, uy, vx, vy);
  if (sign(det) == 0) return false;
  const Q s = cross(c.x - a.x, c.y - a.y, vx, vy) / det, t = cross(c.x - a.x, c.y - a.y, ux, uy) / det;
  const Q zero = integer(0), one = integer(1);
  return zero < s && s < one && zero < t && t < one;
}

// Liang-Barsky: clip the closed segment to the closed box; it meets the open box when the middle
// of what is left is strictly inside (a chord of a convex set is interior but for its ends,
// unless it runs along the boundary).
bool segmentMeetsOpenBox(const QPoint& a, const QPoint& b, const QBox& box) {
  Q t0 = integer(0), t1 = integer(1);
  const Q from[2] = {a.x, a.y}, along[2] = {b.x - a.x, b.y - a.y}, lo[2] = {box.x0, box.y0}, hi[2] = {box.x1, box.y1};
  for (int i = 0; i < 2; ++i) {
    if (sign(along[i]) == 0) {
      if (from[i] < lo[i] || hi[i] < from[i]) return false;
      continue;
    }
    Q ta = (lo[i] - from[i]) / along[i], tb = (hi[i] - from[i]) / along[i];
    if (tb < ta) std::swap(ta, tb);
    t0 = larger(t0, ta);
    t1 = smaller(t1, tb);
  }
  if (t1 < t0) return false;
  const Q tm = (t0 + t1) / integer(2);
  const Q mx = a.x + tm * along[0], my = a.y + tm * along[1];
  return box.x0 < mx && mx < box.x1 && box.y0 < my && my < box.y1;
}

bool pointInRect(const Shape& r, double x, double y) { return qt::overlaps(Rect{r.a, r.b, r.c, r.d}, Rect{x, y, 0, 0}); }

bool oracleOverlap(Shape s, Shape t) {
  if (s.kind > t.kind) std::swap(s, t);
  if (s.kind < kShapeRect || t.kind > kShapeLine) return false;
  if (s.kind == kShapeRect && t.kind == kShapeRect)
    return qt::overlaps(Rect{s.a, s.b, s.c, s.d}, Rect{t.a, t.b, t.c, t.d});  // the rule itself
  if (s.kind == kShapeRect && t.kind == kShapeCircle) {
    if (t.c == 0) return pointInRect(s, t.a, t.b);
    return t.c > 0 && distance2(point(t.a, t.b), rectQBox(s)) < square(exact(t.c));
  }
  if (s.kind == kShapeRect && t.kind == kShapeLine) {
    if (t.a == t.c && t.b == t.d) return pointInRect(s, t.a, t.b);
    const QBox b = rectQBox(s);
    const QPoint a = point(t.a, t.b), e = point(t.c, t.d);
    if (b.x0 == b.x1 || b.y0 == b.y1) return segmentsCross(a, e, QPoint{b.x0, b.y0}, QPoint{b.x1, b.y1});
    return segmentMeetsOpenBox(a, e, b);
  }
  if (s.kind == kShapeCircle && t.kind == kShapeCircle)
    return distance2(point(s.a, s.b), point(t.a, t.b)) < square(exact(s.c) + exact(t.c));
  if (s.kind == kShapeCircle && t.kind == kShapeLine)
    return s.c > 0 && distance2(point(s.a, s.b), point(t.a, t.b), point(t.c, t.d)) < square(exact(s.c));
  return segmentsCross(point(s.a, s.b), point(s.c, s.d), point(t.a, t.b), point(t.c, t.d));
}

struct Want {
  bool hit;   // false: +infinity
  bool zero;  // exactly 0
  long double value;
};
Want miss() { return {false, false, 0}; }
Want zero() { return {true, true, 0}; }
Want at(const Q& v) { return sign(v) == 0 ? zero() : Want{true, false, value(v)}; }
Want root(const Q& v2) { return sign(v2) == 0 ? zero() : Want{true, false, std::sqrt(value(v2))}; }

Want oracleDistance(const Shape& s, double px, double py) {
  const QPoint p = point(px, py);
  if (s.kind == kShapeRect) return root(distance2(p, rectQBox(s)));
  if (s.kind == kShapeCircle) {
    const Q d2 = distance2(p, point(s.a, s.b)), excess = d2 - square(exact(s.c));
    if (sign(excess) <= 0) return zero();
    return {true, false, value(excess) / (std::sqrt(value(d2)) + s.c)};
  }
  return root(distance2(p, point(s.a, s.b), point(s.c, s.d)));
}

// Liang-Barsky on the ray t >= 0.
Want oracleRay(const QBox& box, double ox, double oy, double ux, double uy) {
  const Q from[2] = {exact(ox), exact(oy)}, along[2] = {exact(ux), exact(uy)}, lo[2] = {box.x0, box.y0}, hi[2] = {box.x1, box.y1};
  if (box.x1 < box.x0 || box.y1 < box.y0) return miss();
  Q tIn = integer(0), tOut = integer(0);
  bool bounded = false;
  for (int i = 0; i < 2; ++i) {
    if (sign(along[i]) == 0) {
      if (from[i] < lo[i] || hi[i] < from[i]) return miss();
      continue;
    }
    Q ta = (lo[i] - from[i]) / along[i], tb = (hi[i] - from[i]) / along[i];
    if (tb < ta) std::swap(ta, tb);
    tIn = larger(tIn, ta);
    tOut = bounded ? smaller(tOut, tb) : tb;
    bounded = true;
  }
  if (bounded && tOut < tIn) return miss();
  return at(tIn);
}

Want oracleRay(const Shape& s, double ox, double oy, double ux, double uy) {
  if (s.kind == kShapeRect) return oracleRay(rectQBox(s), ox, oy, ux, uy);
  const QPoint o = point(ox, oy), u = point(ux, uy);
  const Q uu = square(u.x) + square(u.y);
  if (s.kind == kShapeCircle) {
    const QPoint c = point(s.a, s.b);
    const Q r2 = square(exact(s.c)), w2 = distance2(c, o);
    if (w2 <= r2) return zero();
    if (sign(uu) == 0) return miss();
    // The ray's point nearest the centre: in the disc or not.
    const Q wx = c.x - o.x, wy = c.y - o.y, dot = u.x * wx + u.y * wy;
    const Q tc = larger(integer(0), dot / uu);
    if (r2 < distance2(QPoint{o.x + tc * u.x, o.y + tc * u.y}, c)) return miss();
    const Q discriminant = r2 * uu - square(cross(u.x, u.y, wx, wy));
    return {true, false, value(w2 - r2) / (value(dot) + std::sqrt(value(discriminant)))};
  }
  const QPoint a = point(s.a, s.b), b = point(s.c, s.d);
  if (sign(distance2(o, a, b)) == 0) return zero();
  if (sign(uu) == 0) return miss();
  // o + t u = a + s (b - a), by Cramer's rule.
  const Q vx = b.x - a.x, vy = b.y - a.y, det = cross(u.x, u.y, vx, vy);
  const Q ax = a.x - o.x, ay = a.y - o.y;
  if (sign(det) != 0) {
    const Q t = cross(ax, ay, vx, vy) / det, along = cross(ax, ay, u.x, u.y) / det;
    if (sign(t) < 0 || sign(along) < 0 || integer(1) < along) return miss();
    return at(t);
  }
  if (sign(cross(ax, ay, u.x, u.y)) != 0) return miss();  // parallel, apart
  const Q ta = (u.x * ax + u.y * ay) / uu, tb = (u.x * (b.x - o.x) + u.y * (b.y - o.y)) / uu;
  if (larger(ta, tb) < integer(0)) return miss();
  return at(larger(smaller(ta, tb), integer(0)));
}

// got against the oracle: misses and zeros exactly, other values within `relative`.
::testing::AssertionResult matches(double got, const Want& want, long double relative = 0x1p-36L) {
  if (!want.hit) {
    if (got == kInf) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << got << ", want +infinity";
  }
  if (want.zero) {
    if (got == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << got << ", want exactly 0";
  }
  if (!(got > 0) || got == kInf) return ::testing::AssertionFailure() << "got " << got << ", want " << double(want.value);
  if (want.value > kMax) {
    if (got == kMax) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got " << got << ", want the largest double";
  }
  const long double error = std::fabs(got - want.value);
  if (error <= relative * want.value + 4 * (long double)kTiny) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << std::setprecision(20) << "got " << got << ", want " << want.value
                                       << " (relative error " << double(error / want.value) << ")";
}

// A box bound: shaded down by 2^-32 from the exact value, never above it.
::testing::AssertionResult boundMatches(double got, const Want& want) {
  if (!want.hit || want.zero) return matches(got, want);
  if (want.value > kMax) return got <= kMax && got >= kMax * (1 - 0x1p-31) ? ::testing::AssertionSuccess()
                                                                            : ::testing::AssertionFailure() << "got " << got;
  if (got > 0 && got <= want.value && (got >= want.value * (1 - 0x1p-31L) || want.value < 0x1p-1000L))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << std::setprecision(20) << "got " << got << ", want just below " << want.value;
}

// ---------------------------------------------------------------------------------------------
// Seeded random cases.

struct Rng {  // splitmix64
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % uint64_t(n)); }
  bool coin() { return next() & 1; }
  int between(int lo, int hi) { return lo + below(hi - lo + 1); }
  double unit() { return double(next() >> 11) * 0x1p-53; }
  double real(double lo, double hi) { return lo + (hi - lo) * unit(); }
};

enum Family { kGrid, kDyadic, kReal, kFamilies };

// A coordinate: small integers and halves on the grid (so ends, edges and tangents coincide
// often), short dyadic fractions, or doubles with every bit.
double coordinate(Rng& rng, Family f) {
  switch (f) {
    case kGrid: return rng.between(-12, 12) / 2.0;
    case kDyadic: return std::ldexp(double(rng.between(-(1 << 20), 1 << 20)), -rng.between(0, 24));
    default: return rng.real(-10, 10);
  }
}
double size(Rng& rng, Family f) {
  if (rng.below(6) == 0) return 0;
  if (f == kGrid) return rng.between(-6, 12) / 2.0;
  return coordinate(rng, f);
}
double radius(Rng& rng, Family f) {
  if (rng.below(8) == 0) return 0;
  return std::fabs(f == kGrid ? rng.between(1, 10) / 2.0 : coordinate(rng, f));
}

Shape randomShape(Rng& rng, int kind, Family f) {
  switch (kind) {
    case kShapeRect: return rect(coordinate(rng, f), coordinate(rng, f), size(rng, f), size(rng, f));
    case kShapeCircle: return circle(coordinate(rng, f), coordinate(rng, f), radius(rng, f));
    default: {
      const double x = coordinate(rng, f), y = coordinate(rng, f);
      if (rng.below(8) == 0) return line(x, y, x, y);
      if (rng.below(4) == 0) return line(x, y, rng.coin() ? x : coordinate(rng, f), rng.coin() ? y : coordinate(rng, f));
      return line(x, y, coordinate(rng, f), coordinate(rng, f));
    }
  }
}

// A unit direction: along an axis, 3-4-5, 5-12-13, a diagonal, or any angle.
std::pair<double, double> direction(Rng& rng) {
  const double sx = rng.coin() ? 1 : -1, sy = rng.coin() ? 1 : -1;
  switch (rng.below(6)) {
    case 0: return rng.coin() ? std::make_pair(sx, 0.0) : std::make_pair(0.0, sy);
    case 1: return rng.coin() ? std::make_pair(0.6 * sx, 0.8 * sy) : std::make_pair(0.8 * sx, 0.6 * sy);
    case 2: return {5.0 / 13 * sx, 12.0 / 13 * sy};
    case 3: return {std::sqrt(0.5) * sx, std::sqrt(0.5) * sy};
    default: {
      const double a = rng.real(0, 6.283185307179586);
      return {std::cos(a), std::sin(a)};
    }
  }
}

Shape scaledShape(const Shape& s, int k) {
  Shape r = s;
  r.a = std::ldexp(s.a, k), r.b = std::ldexp(s.b, k), r.c = std::ldexp(s.c, k), r.d = std::ldexp(s.d, k);
  return r;
}

// Pairs built to touch, or nearly: tangent circles, a circle on a rect's edge or corner, a line
// through a corner, along an edge or tangent to a circle, a line ending on another. Computed in
// doubles, so most touch only up to a rounding, either way; the oracle says which.
std::pair<Shape, Shape> nearPair(Rng& rng, int kindA, int kindB) {
  const Family f = rng.coin() ? kReal : kGrid;
  const double angle = rng.real(0, 6.283185307179586), ux = std::cos(angle), uy = std::sin(angle);
  Shape a = randomShape(rng, kindA, f), b = randomShape(rng, kindB, f);
  const double s = rng.real(-0.25, 1.25), along = rng.real(0.25, 4);
  if (kindA == kShapeRect) {
    const Box box = shapeBox(a);
    const double qx = rng.coin() ? (rng.coin() ? box.minX : box.maxX) : box.minX + s * (box.maxX - box.minX);
    const double qy = rng.coin() ? (rng.coin() ? box.minY : box.maxY) : box.minY + s * (box.maxY - box.minY);
    if (kindB == kShapeCircle) b = circle(qx + b.c * ux, qy + b.c * uy, b.c);
    if (kindB == kShapeLine) {
      if (rng.coin()) b = line(qx + along * ux, qy + along * uy, qx - along * rng.unit() * ux, qy - along * rng.unit() * uy);
      else b = line(qx, qy, qx + along * ux, qy + along * uy);
      if (rng.below(4) == 0) b = line(box.minX - 1, qy, box.maxX + 1, qy);  // along an edge or across
    }
  } else if (kindA == kShapeCircle && kindB == kShapeCircle) {
    const double d = rng.coin() ? a.c + b.c : std::fabs(a.c - b.c);
    b = circle(a.a + d * ux, a.b + d * uy, b.c);
  } else if (kindA == kShapeCircle) {
    const double fx = b.a + s * (b.c - b.a), fy = b.b + s * (b.d - b.b), len = std::hypot(b.c - b.a, b.d - b.b);
    if (len > 0) a = circle(fx - a.c * (b.d - b.b) / len, fy + a.c * (b.c - b.a) / len, a.c);
  } else {
    const double px = a.a + s * (a.c - a.a), py = a.b + s * (a.d - a.b);
    const double ex = rng.below(3) == 0 ? a.a : px, ey = rng.below(3) == 0 ? a.b : py;
    if (rng.coin()) b = line(ex, ey, ex + along * ux, ey + along * uy);
    else b = line(ex - along * ux, ey - along * uy, ex + along * ux, ey + along * uy);
  }
  return {a, b};
}

std::string pairText(const Shape& a, const Shape& b) { return show(a) + " and " + show(b); }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Overlap: named cases.

TEST(ShapeOverlap, RectPairsAreTheRectRuleBitForBit) {
  Rng rng{1};
  const double edges[] = {0, 1, -1, 0.5, 1e300, -1e300, 1.7976931348623157e308, 5e-324, 0.1, 0.2, 0.3};
  for (int i = 0; i < 20000; ++i) {
    const Shape a = rect(edges[rng.below(11)], edges[rng.below(11)], edges[rng.below(11)], edges[rng.below(11)]);
    const Shape b = i % 2 ? randomShape(rng, kShapeRect, kGrid)
                          : rect(edges[rng.below(11)], edges[rng.below(11)], edges[rng.below(11)], edges[rng.below(11)]);
    ASSERT_EQ(shapesOverlap(a, b), qt::overlaps(Rect{a.a, a.b, a.c, a.d}, Rect{b.a, b.b, b.c, b.d})) << pairText(a, b);
  }
  EXPECT_FALSE(shapesOverlap(rect(0, 0, 10, 10), rect(10, 0, 5, 5)));  // touching edges
  EXPECT_FALSE(shapesOverlap(rect(10, 10, -10, -10), rect(2, 2, 2, 2)));  // negative size, as overlaps() has it
  EXPECT_TRUE(shapesOverlap(rect(4, 4, -2, -2), rect(0, 0, 10, 10)));
}

TEST(ShapeOverlap, TangentCirclesDoNotOverlap) {
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 3), circle(3, 4, 2)));     // externally tangent
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 3), circle(3, 4, 2.000001)));
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 3), circle(3, 4, 1.999999)));
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 10), circle(3, 4, 5)));     // internally tangent: inside
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 10), circle(1, 1, 1)));     // one inside the other
  // The doubles 0.1 + 0.2 are 0.30000000000000001665: above the double 0.3, below the double
  // 0.30000000000000004, which is also what 0.1 + 0.2 rounds to (a tie in doubles, not exactly).
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 0.1), circle(0.3, 0, 0.2)));
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 0.1), circle(0.30000000000000004, 0, 0.2)));
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 0.1), circle(0, 0.30000000000000004, 0.2)));
}

TEST(ShapeOverlap, CircleTouchingARectEdgeOrCornerDoesNotOverlap) {
  for (const Shape& r : {rect(0, 0, 10, 10), rect(10, 10, -10, -10), rect(10, 0, -10, 10)}) {
    EXPECT_FALSE(shapesOverlap(r, circle(13, 5, 3))) << show(r);  // on the right edge
    EXPECT_TRUE(shapesOverlap(r, circle(13, 5, 3.0000000001))) << show(r);
    EXPECT_FALSE(shapesOverlap(r, circle(5, -2, 2))) << show(r);  // on the top edge
    EXPECT_FALSE(shapesOverlap(r, circle(13, 14, 5))) << show(r);  // on the corner (10, 10): 3-4-5
    EXPECT_TRUE(shapesOverlap(r, circle(13, 14, 5.000000001))) << show(r);
    EXPECT_FALSE(shapesOverlap(r, circle(13, 14, 4.999999999))) << show(r);
    EXPECT_TRUE(shapesOverlap(r, circle(5, 5, 1))) << show(r);   // inside
    EXPECT_TRUE(shapesOverlap(r, circle(5, 5, 100))) << show(r);  // around it
  }
  // A flat rect is its segment: the circle must reach past it.
  EXPECT_FALSE(shapesOverlap(rect(0, 0, 10, 0), circle(5, 2, 2)));
  EXPECT_TRUE(shapesOverlap(rect(0, 0, 10, 0), circle(5, 2, 2.0000001)));
  EXPECT_FALSE(shapesOverlap(rect(0, 0, 0, 0), circle(3, 4, 5)));
  EXPECT_TRUE(shapesOverlap(rect(0, 0, 0, 0), circle(3, 4, 5.0000001)));
}

TEST(ShapeOverlap, PointsFollowTheRectRuleWhicheverShapeTheyAre) {
  const auto points = [](double x, double y) {
    return std::vector<Shape>{rect(x, y, 0, 0), circle(x, y, 0), line(x, y, x, y)};
  };
  for (const Shape& p : points(5, 5)) {
    EXPECT_TRUE(shapesOverlap(p, rect(0, 0, 10, 10))) << show(p);
    EXPECT_FALSE(shapesOverlap(p, rect(10, 10, -10, -10))) << show(p);  // overlaps(): never
    EXPECT_TRUE(shapesOverlap(p, circle(6, 6, 2))) << show(p);
    EXPECT_FALSE(shapesOverlap(p, circle(8, 9, 5))) << show(p);  // on the circle
    EXPECT_FALSE(shapesOverlap(p, line(0, 0, 10, 10))) << show(p);   // on the line
    EXPECT_FALSE(shapesOverlap(p, line(0, 5, 10, 5))) << show(p);
    EXPECT_FALSE(shapesOverlap(p, rect(5, 0, 0, 10))) << show(p);  // on a flat rect
    for (const Shape& q : points(5, 5)) EXPECT_FALSE(shapesOverlap(p, q)) << pairText(p, q);
  }
  for (const Shape& p : points(10, 5)) EXPECT_FALSE(shapesOverlap(p, rect(0, 0, 10, 10))) << show(p);  // on an edge
  for (const Shape& p : points(0, 0)) EXPECT_FALSE(shapesOverlap(p, rect(0, 0, 10, 10))) << show(p);   // on a corner
  for (const Shape& p : points(5e-324, 5e-324)) EXPECT_TRUE(shapesOverlap(p, rect(0, 0, 1e-323, 1e-323))) << show(p);
}

TEST(ShapeOverlap, ZeroRadiusCircles) {
  EXPECT_TRUE(shapesOverlap(circle(1, 1, 0), rect(0, 0, 2, 2)));
  EXPECT_FALSE(shapesOverlap(circle(2, 1, 0), rect(0, 0, 2, 2)));
  EXPECT_TRUE(shapesOverlap(circle(1, 1, 0), circle(0, 0, 1.5)));
  EXPECT_FALSE(shapesOverlap(circle(1, 0, 0), circle(0, 0, 1)));
  EXPECT_FALSE(shapesOverlap(circle(1, 1, 0), line(0, 0, 2, 2)));
  EXPECT_FALSE(shapesOverlap(circle(1, 1, 0), line(0, 0, 2, 3)));
  EXPECT_FALSE(shapesOverlap(circle(1, 1, 0), circle(1, 1, 0)));
}

TEST(ShapeOverlap, LinesAgainstRectsNeedAPointStrictlyInside) {
  const Shape r = rect(0, 0, 10, 10);
  EXPECT_FALSE(shapesOverlap(line(-5, 0, 15, 0), r));   // along an edge
  EXPECT_FALSE(shapesOverlap(line(2, 10, 8, 10), r));   // along an edge, within it
  EXPECT_FALSE(shapesOverlap(line(10, -5, 10, 15), r));
  EXPECT_FALSE(shapesOverlap(line(-5, 5, 0, 5), r));    // ends on an edge from outside
  EXPECT_TRUE(shapesOverlap(line(-5, 5, 0.5, 5), r));
  EXPECT_TRUE(shapesOverlap(line(5, 5, 10, 5), r));     // ends on an edge from inside
  EXPECT_FALSE(shapesOverlap(line(-5, 5, 5, -5), r));   // through the corner (0, 0) only
  EXPECT_FALSE(shapesOverlap(line(5, 15, 15, 5), r));   // through (10, 10) only
  EXPECT_FALSE(shapesOverlap(line(-5, -5, 0, 0), r));   // ends on a corner
  EXPECT_TRUE(shapesOverlap(line(-5, -5, 1, 1), r));
  EXPECT_TRUE(shapesOverlap(line(-5, 15, 15, -5), r));  // through two corners and the middle
  EXPECT_TRUE(shapesOverlap(line(1, 1, 2, 3), r));      // inside
  EXPECT_TRUE(shapesOverlap(line(-1, 5, 11, 5), r));    // across
  EXPECT_TRUE(shapesOverlap(line(-1, 5, 11, 5), rect(10, 10, -10, -10)));  // negative size: its box
  EXPECT_FALSE(shapesOverlap(line(-1, 12, 11, 11), r));
  // Near the corner (0, 0): just inside, just outside.
  EXPECT_TRUE(shapesOverlap(line(-5, 5.000000000000001, 5, -5), r));
  EXPECT_FALSE(shapesOverlap(line(-5, 4.999999999999999, 5, -5), r));
}

TEST(ShapeOverlap, FlatRectsAreTheirSegments) {
  const Shape upright = rect(5, 0, 0, 10);
  EXPECT_TRUE(shapesOverlap(upright, line(0, 5, 10, 5)));
  EXPECT_FALSE(shapesOverlap(upright, line(5, 5, 10, 5)));   // T-junction
  EXPECT_FALSE(shapesOverlap(upright, line(0, 10, 10, 10)));  // across its end
  EXPECT_FALSE(shapesOverlap(upright, line(5, -5, 5, 15)));  // collinear
  EXPECT_TRUE(shapesOverlap(rect(5, 10, 0, -10), line(0, 5, 10, 5)));  // negative height
  EXPECT_TRUE(shapesOverlap(rect(0, 5, 10, 0), line(5, 0, 5, 10)));
  EXPECT_FALSE(shapesOverlap(rect(0, 5, 10, 0), line(0, 0, 0, 10)));
  EXPECT_FALSE(shapesOverlap(rect(3, 3, 0, 0), line(0, 0, 10, 10)));  // a point
  // Lines, flat rects and rects agree (sizes >= 0; negative sizes are overlaps()'s own).
  Rng rng{2};
  for (int i = 0; i < 20000; ++i) {
    const auto flat = [&]() {
      const double x = rng.between(-6, 6), y = rng.between(-6, 6), l = rng.between(0, 8);
      return rng.coin() ? rect(x, y, l, 0) : rect(x, y, 0, l);
    };
    const Shape p = flat(), q = flat(), r = rect(rng.between(-6, 6), rng.between(-6, 6), rng.between(0, 6), rng.between(0, 6));
    const Shape pl = line(p.a, p.b, p.a + p.c, p.b + p.d), ql = line(q.a, q.b, q.a + q.c, q.b + q.d);
    ASSERT_EQ(shapesOverlap(p, q), shapesOverlap(pl, ql)) << pairText(p, q);
    ASSERT_EQ(shapesOverlap(p, q), shapesOverlap(pl, q)) << pairText(p, q);
    ASSERT_EQ(shapesOverlap(p, r), shapesOverlap(pl, r)) << pairText(p, r);
  }
}

TEST(ShapeOverlap, LinesOverlapOnlyWhenTheyCrossProperly) {
  EXPECT_TRUE(shapesOverlap(line(0, 0, 10, 10), line(0, 10, 10, 0)));
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 10), line(5, 5, 15, 15)));  // collinear, overlapping
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 10), line(0, 0, 10, 10)));  // the same
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 10), line(5, 5, 10, 0)));   // T-junction
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 10), line(10, 10, 20, 0)));  // shared end
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 10), line(0, 1, 10, 11)));  // parallel
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 10), line(5, 5, 5, 5)));    // a point on it
  EXPECT_FALSE(shapesOverlap(line(0, 0, 10, 0), line(5, -1, 5, 0)));    // ends on it
  EXPECT_TRUE(shapesOverlap(line(0, 0, 10, 0), line(5, -1, 5, 0.0000000000001)));
  EXPECT_TRUE(shapesOverlap(line(0, 0, 1, 1e-300), line(0.5, -1, 0.5, 1)));
  // Nearly collinear: exact.
  EXPECT_TRUE(shapesOverlap(line(0, 0, 3, 1), line(1.5, 0.5000000000000001, 1.5, 0.4)));
  EXPECT_FALSE(shapesOverlap(line(0, 0, 0.3, 0.1), line(0.1, 0.1 / 3, 0.2, 0.2 / 3)) !=
               oracleOverlap(line(0, 0, 0.3, 0.1), line(0.1, 0.1 / 3, 0.2, 0.2 / 3)));
}

TEST(ShapeOverlap, LinesAgainstCircles) {
  const Shape c = circle(0, 0, 5);
  EXPECT_FALSE(shapesOverlap(line(-10, 5, 10, 5), c));  // tangent
  EXPECT_TRUE(shapesOverlap(line(-10, 4.999999, 10, 4.999999), c));
  EXPECT_FALSE(shapesOverlap(line(3, 4, 10, 10), c));   // ends on it, heading out
  EXPECT_TRUE(shapesOverlap(line(3, 4, 0, 0), c));
  EXPECT_FALSE(shapesOverlap(line(5, 0, 5, 10), c));    // tangent at its end
  EXPECT_TRUE(shapesOverlap(line(1, 1, 2, 2), c));      // inside
  EXPECT_FALSE(shapesOverlap(line(3, 4, 3, 4), c));     // a point on it
  EXPECT_TRUE(shapesOverlap(line(2.9, 3.9, 2.9, 3.9), c));
  EXPECT_FALSE(shapesOverlap(line(-1, -1, 1, 1), circle(0, 0, 0)));
  EXPECT_FALSE(shapesOverlap(line(6, -10, 6, 10), c));
  EXPECT_FALSE(shapesOverlap(line(-10, -10, -6, 10), c));
}

TEST(ShapeOverlap, HugeAndTinyMagnitudesKeepTheirAnswers) {
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 1e-200), circle(5e-201, 0, 0)));  // squares underflow
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 1e-200), circle(1e-200, 0, 0)));
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 6e299), circle(1e300, 0, 6e299)));  // squares overflow
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 4e299), circle(1e300, 0, 6e299)));
  EXPECT_TRUE(shapesOverlap(circle(-1e308, 0, 1e308), circle(1e308, 0, std::nextafter(1e308, kInf))));
  EXPECT_FALSE(shapesOverlap(circle(-1e308, 0, 1e308), circle(1e308, 0, 1e308)));
  // Tangent at 2^990 but for the one circle's centre moved by 1e-300 towards the other.
  const double u = 0x1p990;
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 2 * u), circle(3 * u, 4 * u, 3 * u)));
  EXPECT_TRUE(shapesOverlap(circle(1e-300, 1e-300, 2 * u), circle(3 * u, 4 * u, 3 * u)));
  EXPECT_FALSE(shapesOverlap(circle(-1e-300, -1e-300, 2 * u), circle(3 * u, 4 * u, 3 * u)));
  EXPECT_TRUE(shapesOverlap(circle(0, 0, 5e-324), circle(5e-324, 0, 5e-324)));
  EXPECT_FALSE(shapesOverlap(circle(0, 0, 5e-324), circle(1e-323, 0, 5e-324)));
  EXPECT_FALSE(shapesOverlap(rect(0, 0, 1e-320, 1e-320), circle(2e-320, 5e-321, 1e-320)));
  EXPECT_TRUE(shapesOverlap(rect(0, 0, 1e-320, 1e-320), circle(2e-320, 5e-321, 1.5e-320)));
  EXPECT_TRUE(shapesOverlap(line(-1e300, -1e300, 1e300, 1e300), line(-1e300, 1e300, 1e300, -1e300)));
  EXPECT_FALSE(shapesOverlap(line(-1e300, -1e300, 1e300, 1e300), line(-1e300, 1e300, 0, 0)));
  EXPECT_FALSE(shapesOverlap(line(-1e300, 0, 1e300, 0), circle(0, 1e300, 1e300)));
  EXPECT_TRUE(shapesOverlap(line(-1e300, 0, 1e300, 0), circle(0, 1e300, 1.0000000000000002e300)));
  EXPECT_FALSE(shapesOverlap(line(0, 0, 1e-300, 0), circle(5e-301, 1e-300, 1e-300)));
  EXPECT_TRUE(shapesOverlap(line(0, 0, 1e-300, 0), circle(5e-301, 1e-300, 1.0000000000000002e-300)));
  // A rect whose x + w overflows reaches infinity (as overlaps() takes it).
  const Shape wide = rect(1e308, 0, 1e308, 10);
  EXPECT_TRUE(shapesOverlap(wide, rect(1.7e308, 1, 1, 1)));
  EXPECT_TRUE(shapesOverlap(wide, circle(1.7976931348623157e308, 5, 1)));
  EXPECT_TRUE(shapesOverlap(wide, line(1.7976931348623157e308, 5, 1.7976931348623157e308, 6)));
  EXPECT_TRUE(shapesOverlap(wide, line(0, 0, 1.7976931348623157e308, 10)));
  EXPECT_FALSE(shapesOverlap(wide, line(0, 0, 1.7976931348623157e308, 0)));
  EXPECT_TRUE(shapesOverlap(rect(5, 1e308, 0, 1e308), line(0, 1.7e308, 10, 1.7e308)));  // flat, to infinity
  EXPECT_FALSE(shapesOverlap(rect(5, 1e308, 0, 1e308), line(0, 1e308, 10, 1e308)));
  EXPECT_TRUE(shapesOverlap(rect(-1e308, 5, -1e308, 0), line(-1e308, 0, -1.5e308, 10)));
  EXPECT_FALSE(shapesOverlap(rect(-1e308, 5, -1e308, 0), line(-1e308, 0, -1e308, 10)));  // T-junction
  EXPECT_TRUE(shapesOverlap(rect(1e308, 5, 1e308, 0), line(1.7e308, 0, 1.5e308, 10)));
  EXPECT_TRUE(shapesOverlap(rect(5, -1e308, 0, -1e308), line(0, -1.7e308, 10, -1.6e308)));
  EXPECT_FALSE(shapesOverlap(rect(5, -1e308, 0, -1e308), line(0, -1e308, 10, -0.9e308)));
}

TEST(ShapeOverlap, IsSymmetricAndUnknownKindsOverlapNothing) {
  Rng rng{3};
  for (int i = 0; i < 30000; ++i) {
    const Family f = Family(rng.below(kFamilies));
    const Shape a = randomShape(rng, rng.below(3), f), b = randomShape(rng, rng.below(3), f);
    ASSERT_EQ(shapesOverlap(a, b), shapesOverlap(b, a)) << pairText(a, b);
  }
  const Shape odd{0, 0, 10, 10, 7}, negative{0, 0, 10, 10, -1};
  for (const Shape& s : {rect(0, 0, 10, 10), circle(5, 5, 5), line(0, 0, 10, 10), odd}) {
    EXPECT_FALSE(shapesOverlap(odd, s));
    EXPECT_FALSE(shapesOverlap(s, negative));
  }
  EXPECT_EQ(shapeDistance(odd, 5, 5), kInf);
  EXPECT_EQ(rayEntry(odd, 5, 5, 1, 0), kInf);
}

// ---------------------------------------------------------------------------------------------
// Overlap: random cases against the oracle.

TEST(ShapeOverlapRandom, OverlapMatchesTheOracleForEveryPairOfKinds) {
  Rng rng{4};
  int overlapping[3][3] = {}, cases = 0;
  for (int ka = 0; ka < 3; ++ka)
    for (int kb = ka; kb < 3; ++kb)
      for (int i = 0; i < 4000; ++i) {
        Shape a, b;
        if (i % 4 == 3) {
          std::tie(a, b) = nearPair(rng, ka, kb);
        } else {
          const Family f = Family(i % 4);
          a = randomShape(rng, ka, f), b = randomShape(rng, kb, f);
        }
        const bool want = oracleOverlap(a, b);
        ASSERT_EQ(shapesOverlap(a, b), want) << pairText(a, b);
        ASSERT_EQ(shapesOverlap(b, a), want) << pairText(b, a);
        overlapping[ka][kb] += want, ++cases;
      }
  // Both answers come up for every pair of kinds.
  for (int ka = 0; ka < 3; ++ka)
    for (int kb = ka; kb < 3; ++kb) {
      EXPECT_GT(overlapping[ka][kb], ka == kShapeRect && kb == kShapeRect ? 40 : 400) << ka << ", " << kb;
      EXPECT_LT(overlapping[ka][kb], 3600) << ka << ", " << kb;
    }
  EXPECT_EQ(cases, 6 * 4000);
}

TEST(ShapeOverlapRandom, ScaledByAPowerOfTwoTheAnswersStay) {
  Rng rng{5};
  const int scales[] = {-1060, -1000, -600, -300, 300, 600, 1000};
  for (int i = 0; i < 6000; ++i) {
    const int ka = rng.below(3), kb = rng.below(3);
    Shape a, b;
    if (i % 2) std::tie(a, b) = nearPair(rng, std::min(ka, kb), std::max(ka, kb));
    else a = randomShape(rng, ka, kGrid), b = randomShape(rng, kb, kGrid);
    const int k = scales[rng.below(7)];
    const Shape sa = scaledShape(a, k), sb = scaledShape(b, k);
    // Exact scaling needs every number to stay a normal double or an exact subnormal.
    if (std::ldexp(sa.a, -k) != a.a || std::ldexp(sa.b, -k) != a.b || std::ldexp(sa.c, -k) != a.c ||
        std::ldexp(sa.d, -k) != a.d || std::ldexp(sb.a, -k) != b.a || std::ldexp(sb.b, -k) != b.b ||
        std::ldexp(sb.c, -k) != b.c || std::ldexp(sb.d, -k) != b.d)
      continue;
    if (a.kind == kShapeRect && (std::ldexp(sa.a + sa.c, -k) != a.a + a.c || std::ldexp(sa.b + sa.d, -k) != a.b + a.d)) continue;
    if (b.kind == kShapeRect && (std::ldexp(sb.a + sb.c, -k) != b.a + b.c || std::ldexp(sb.b + sb.d, -k) != b.b + b.d)) continue;
    const bool want = oracleOverlap(a, b);
    ASSERT_EQ(shapesOverlap(sa, sb), want) << pairText(sa, sb) << " scaled from " << pairText(a, b);
    if (i % 8 == 0) {
      ASSERT_EQ(oracleOverlap(sa, sb), want) << pairText(sa, sb);
    }
  }
}

TEST(ShapeOverlapRandom, MixedMagnitudesMatchTheOracle) {
  Rng rng{6};
  const double magnitudes[] = {1e-300, 1e-160, 1e-20, 1, 1e20, 1e160, 1e300, 5e-324};
  for (int i = 0; i < 3000; ++i) {
    const auto any = [&]() { return magnitudes[rng.below(8)] * rng.real(-2, 2); };
    const auto shape = [&](int kind) {
      const double m = magnitudes[rng.below(8)];
      switch (kind) {
        case kShapeRect: return rect(any(), any(), m * rng.real(-1, 2), m * rng.real(-1, 2));
        case kShapeCircle: return circle(any(), any(), m * rng.real(0, 2));
        default: return line(any(), any(), any(), any());
      }
    };
    const Shape a = shape(rng.below(3)), b = shape(rng.below(3));
    ASSERT_EQ(shapesOverlap(a, b), oracleOverlap(a, b)) << pairText(a, b);
  }
}

TEST(ShapeOverlapRandom, WhatOverlapsAShapeOverlapsItsBoxStrictly) {
  Rng rng{7};
  int overlapping = 0;
  for (int i = 0; i < 30000; ++i) {
    Shape a, b;
    if (i % 3 == 2) std::tie(a, b) = nearPair(rng, rng.below(3), 2);
    else a = randomShape(rng, rng.below(3), Family(i % 3)), b = randomShape(rng, rng.below(3), Family(i % 3));
    if (!shapesOverlap(a, b)) continue;
    ++overlapping;
    const Box p = shapeBox(a), q = shapeBox(b);
    ASSERT_TRUE(qt::overlaps(qt::Edges{p.minX, p.maxX, p.minY, p.maxY}, qt::Edges{q.minX, q.maxX, q.minY, q.maxY}))
        << pairText(a, b);
  }
  EXPECT_GT(overlapping, 5000);
}

// ---------------------------------------------------------------------------------------------
// Boxes.

TEST(ShapeOverlapBox, ShapeBoxHoldsTheShape) {
  Rng rng{8};
  EXPECT_EQ(shapeBox(rect(10, 20, -4, 5)).minX, 6);
  EXPECT_EQ(shapeBox(rect(10, 20, -4, 5)).maxX, 10);
  EXPECT_EQ(shapeBox(rect(10, 20, -4, 5)).maxY, 25);
  EXPECT_EQ(shapeBox(line(3, 1, -2, 7)).minX, -2);
  EXPECT_EQ(shapeBox(circle(1, 2, 3)).maxY, 5);  // exact sums stay
  EXPECT_EQ(shapeBox(circle(1, 2, 0)).minX, 1);
  EXPECT_LT(shapeBox(circle(1, 1, 1e-17)).minX, 1);  // 1 - 1e-17 rounds up to 1: stepped down
  EXPECT_GT(shapeBox(circle(1, 1, 1e-17)).maxX, 1);
  EXPECT_EQ(shapeBox(rect(1e308, 0, 1e308, 1)).maxX, kInf);
  EXPECT_EQ(shapeBox(Shape{0, 0, 1, 1, 9}).minX, kInf);  // unknown: empty
  for (int i = 0; i < 6000; ++i) {
    const Shape s = randomShape(rng, rng.below(3), Family(rng.below(kFamilies)));
    const Box b = shapeBox(s);
    const Q x0 = exact(b.minX), y0 = exact(b.minY), x1 = exact(b.maxX), y1 = exact(b.maxY);
    if (s.kind == kShapeCircle) {  // the whole disc, exactly
      const Q cx = exact(s.a), cy = exact(s.b), r = exact(s.c);
      ASSERT_TRUE(x0 <= cx - r && cx + r <= x1 && y0 <= cy - r && cy + r <= y1) << show(s);
    }
    // Sampled points of the shape (kept when exactly in it) are in the box.
    for (int k = 0; k < 8; ++k) {
      const double t = k < 2 ? k : rng.unit();
      double px, py;
      if (s.kind == kShapeRect) {
        px = s.a + (k % 2 ? t : rng.unit()) * s.c, py = s.b + (k % 3 ? rng.unit() : t) * s.d;
        if (k == 0) px = s.a + s.c, py = s.b + s.d;
        if (!(distance2(point(px, py), rectQBox(s)) == integer(0))) continue;
      } else if (s.kind == kShapeCircle) {
        const double angle = 6.283185307179586 * t;
        px = s.a + s.c * std::cos(angle), py = s.b + s.c * std::sin(angle);
        if (square(exact(s.c)) < distance2(point(px, py), point(s.a, s.b))) continue;
      } else {
        px = s.a + t * (s.c - s.a), py = s.b + t * (s.d - s.b);
        if (k < 2) px = k ? s.c : s.a, py = k ? s.d : s.b;
        if (!(sign(distance2(point(px, py), point(s.a, s.b), point(s.c, s.d))) == 0)) continue;
      }
      ASSERT_TRUE(b.minX <= px && px <= b.maxX && b.minY <= py && py <= b.maxY) << show(s) << " " << show(px, py);
    }
  }
}

// What pairsOf() sweeps a compat tree's shape by: the rect boundingRect() gave it, widened. Its
// edges, as the sweep computes them, hold the shape's box (which holds the shape), at every scale.
TEST(ShapeOverlapBox, WidenedBoundingRectHoldsTheShape) {
  Rng rng{9};
  int checked = 0;
  for (int i = 0; i < 30000; ++i) {
    Shape s = randomShape(rng, rng.below(3), Family(rng.below(kFamilies)));
    const int e = i % 4 == 0 ? 0 : rng.between(-1080, 1010);
    s.a = std::ldexp(s.a, e), s.b = std::ldexp(s.b, e), s.c = std::ldexp(s.c, e), s.d = std::ldexp(s.d, e);
    if (!(std::isfinite(s.a) && std::isfinite(s.b) && std::isfinite(s.c) && std::isfinite(s.d))) continue;
    const qt::Edges g = qt::edgesOf(qt::widenedBound(qt::boundingRect(s)));
    const Box b = shapeBox(s);
    ASSERT_TRUE(g.x0 <= b.minX && b.maxX <= g.x1 && g.y0 <= b.minY && b.maxY <= g.y1) << show(s) << " at 2^" << e;
    ++checked;
  }
  EXPECT_GT(checked, 25000);
  const Rect point = qt::widenedBound(qt::boundingRect(circle(0, 0, 0)));  // nothing rounded: no margin
  EXPECT_EQ(point.x, 0);
  EXPECT_EQ(point.w, 0);
  const qt::Edges corners = qt::edgesOf(qt::widenedBound(Rect{10, 20, -4, 5}));  // the box between the corners
  EXPECT_TRUE(corners.x0 < 6 && corners.x0 > 5.99 && corners.x1 > 10 && corners.x1 < 10.01);
  const qt::Edges huge = qt::edgesOf(qt::widenedBound(qt::boundingRect(circle(0, 0, 1e308))));  // 2r overflows
  EXPECT_EQ(huge.x0, -kMax);
  EXPECT_EQ(huge.x1, kInf);
  EXPECT_EQ(huge.y1, kInf);
}

TEST(ShapeOverlapBox, BoxRectIsTheBoxAsARect) {
  const Rect r = boxRect(Box{1, 2, 4, 8});
  EXPECT_EQ(r.x, 1);
  EXPECT_EQ(r.y, 2);
  EXPECT_EQ(r.w, 3);
  EXPECT_EQ(r.h, 6);
  const Rect s = boxRect(shapeBox(rect(10, 20, -4, -5)));
  EXPECT_EQ(s.x, 6);
  EXPECT_EQ(s.y, 15);
  EXPECT_EQ(s.w, 4);
  EXPECT_EQ(s.h, 5);
}

TEST(ShapeOverlapBox, BoxesWithInfiniteSides) {
  const Box right{0, -kInf, kInf, kInf}, quarter{0, 0, kInf, kInf}, all{-kInf, -kInf, kInf, kInf};
  EXPECT_EQ(boxDistance(right, 5, 1e300), 0);
  EXPECT_EQ(boxDistance(all, -1e308, 1e308), 0);
  EXPECT_TRUE(boundMatches(boxDistance(right, -3, 7), Want{true, false, 3}));
  EXPECT_TRUE(boundMatches(boxDistance(quarter, -3, -4), Want{true, false, 5}));
  EXPECT_TRUE(boundMatches(boxDistance(quarter, -1e308, 1), Want{true, false, 1e308}));
  EXPECT_EQ(boxRayEntry(right, 3, 3, 0, 1), 0);
  EXPECT_TRUE(boundMatches(boxRayEntry(right, -5, 3, 1, 0), Want{true, false, 5}));
  EXPECT_EQ(boxRayEntry(right, -5, 3, -1, 0), kInf);
  EXPECT_EQ(boxRayEntry(right, -5, 3, 0, 1), kInf);  // along the side, outside
  EXPECT_EQ(boxRayEntry(right, 0, 3, 0, 1), 0);      // on the side
  EXPECT_TRUE(boundMatches(boxRayEntry(quarter, -5, -5, 0.6, 0.8), oracleRay(qbox(quarter), -5, -5, 0.6, 0.8)));
  EXPECT_EQ(boxRayEntry(quarter, -5, -1, -0.6, 0.8), kInf);
  EXPECT_EQ(boxRayEntry(quarter, 5, -1, 0, -1), kInf);
  EXPECT_TRUE(boundMatches(boxRayEntry(quarter, 5, -1, 0, 1), Want{true, false, 1}));
  EXPECT_EQ(boxRayEntry(all, 1e308, -1e308, 0, 0), 0);
  EXPECT_EQ(boxRayEntry(Box{1, 1, 0, 0}, 0.5, 0.5, 1, 0), kInf);  // empty
  EXPECT_EQ(boxRayEntry(Box{kInf, 0, kInf, 1}, 0, 0.5, 1, 0), kInf);  // at infinity
  // Every combination of infinite and finite sides, rays along the axes and not.
  Rng rng{9};
  const double sides[] = {-kInf, -3, 0, 2, kInf};
  for (int i = 0; i < 20000; ++i) {
    double x0 = sides[rng.below(5)], x1 = sides[rng.below(5)], y0 = sides[rng.below(5)], y1 = sides[rng.below(5)];
    if (x1 < x0) std::swap(x0, x1);
    if (y1 < y0) std::swap(y0, y1);
    if (x0 == kInf || x1 == -kInf || y0 == kInf || y1 == -kInf) continue;
    const Box b{x0, y0, x1, y1};
    const double ox = rng.between(-6, 6) / 2.0, oy = rng.between(-6, 6) / 2.0;
    const auto u = direction(rng);
    ASSERT_TRUE(boundMatches(boxDistance(b, ox, oy), root(distance2(point(ox, oy), qbox(b)))))
        << show(ox, oy) << " " << x0 << " " << y0 << " " << x1 << " " << y1;
    const double got = boxRayEntry(b, ox, oy, u.first, u.second);
    ASSERT_FALSE(std::isnan(got));
    ASSERT_TRUE(boundMatches(got, oracleRay(qbox(b), ox, oy, u.first, u.second)))
        << show(ox, oy) << " along " << show(u.first, u.second) << " box " << x0 << " " << y0 << " " << x1 << " " << y1;
  }
}

TEST(ShapeOverlapBox, BoxBoundsStayBelowTheShapesInside) {
  Rng rng{10};
  for (int i = 0; i < 20000; ++i) {
    const Family f = Family(rng.below(kFamilies));
    const Shape s = randomShape(rng, rng.below(3), f);
    Box b = shapeBox(s);
    if (rng.coin()) b.minX -= rng.unit(), b.maxY += rng.unit();
    // Points and rays near the shape, where the box and the shape agree to a rounding.
    double px = coordinate(rng, f), py = coordinate(rng, f);
    if (rng.coin()) {
      const auto u = direction(rng);
      px = (b.minX + b.maxX) / 2 + u.first * ((b.maxX - b.minX) / 2 + rng.unit() * 1e-9);
      py = (b.minY + b.maxY) / 2 + u.second * ((b.maxY - b.minY) / 2 + rng.unit() * 1e-9);
    }
    const auto u = direction(rng);
    ASSERT_LE(boxDistance(b, px, py), shapeDistance(s, px, py)) << show(s) << " " << show(px, py);
    ASSERT_LE(boxRayEntry(b, px, py, u.first, u.second), rayEntry(s, px, py, u.first, u.second))
        << show(s) << " " << show(px, py) << " along " << show(u.first, u.second);
  }
}

// ---------------------------------------------------------------------------------------------
// Distance.

TEST(ShapeOverlapDistance, NamedCases) {
  EXPECT_EQ(shapeDistance(rect(0, 0, 10, 10), 5, 5), 0);
  EXPECT_EQ(shapeDistance(rect(0, 0, 10, 10), 10, 5), 0);  // on the edge: the closed rect
  EXPECT_EQ(shapeDistance(rect(0, 0, 10, 10), 13, 14), 5);
  EXPECT_EQ(shapeDistance(rect(10, 10, -10, -10), 13, 14), 5);
  EXPECT_EQ(shapeDistance(rect(0, 0, 0, 0), 3, 4), 5);
  EXPECT_EQ(shapeDistance(circle(0, 0, 5), 3, 4), 0);  // on it
  EXPECT_EQ(shapeDistance(circle(0, 0, 5), 1, 1), 0);
  EXPECT_EQ(shapeDistance(circle(0, 0, 5), 6, 8), 5);
  EXPECT_EQ(shapeDistance(circle(1, 1, 0), 4, 5), 5);
  EXPECT_EQ(shapeDistance(line(0, 0, 10, 0), 5, 0), 0);
  EXPECT_EQ(shapeDistance(line(0, 0, 10, 10), 7, 7), 0);
  EXPECT_EQ(shapeDistance(line(0, 0, 10, 0), 5, 3), 3);
  EXPECT_EQ(shapeDistance(line(0, 0, 10, 0), 13, 4), 5);
  EXPECT_EQ(shapeDistance(line(0, 0, 10, 0), -3, -4), 5);
  EXPECT_EQ(shapeDistance(line(2, 2, 2, 2), 5, 6), 5);
  EXPECT_GT(shapeDistance(line(0, 0, 0.3, 0.1), 0.1, 0.1 / 3), 0);  // (0.1 / 3 is not on it)
  EXPECT_TRUE(matches(shapeDistance(line(0, 0, 0.3, 0.1), 0.1, 0.1 / 3), oracleDistance(line(0, 0, 0.3, 0.1), 0.1, 0.1 / 3)));
  // Just outside a circle: no cancellation.
  EXPECT_TRUE(matches(shapeDistance(circle(0, 0, 1e6), 1e6 + 1e-9, 0), Want{true, false, (1e6 + 1e-9) - 1e6}));
  EXPECT_TRUE(matches(shapeDistance(circle(0, 0, 1e6), 0, std::nextafter(1e6, 2e6)), oracleDistance(circle(0, 0, 1e6), 0, std::nextafter(1e6, 2e6))));
  // Huge and tiny.
  EXPECT_TRUE(matches(shapeDistance(circle(-1e308, 0, 1e307), 1e308, 0), Want{true, false, 1.9e308L}));
  EXPECT_EQ(shapeDistance(rect(-1e308, 0, 1, 1), 1e308, 0), kMax);  // beyond the doubles
  EXPECT_TRUE(matches(shapeDistance(circle(0, 0, 1e-300), 3e-300, 4e-300), Want{true, false, 4e-300L}));
  EXPECT_TRUE(matches(shapeDistance(line(0, 0, 1e-310, 0), 3e-310, 4e-310), oracleDistance(line(0, 0, 1e-310, 0), 3e-310, 4e-310)));
  EXPECT_EQ(shapeDistance(circle(0, 0, 5e-324), 5e-324, 0), 0);
  EXPECT_EQ(shapeDistance(circle(0, 0, 5e-324), 1e-323, 0), 5e-324);
  EXPECT_TRUE(matches(shapeDistance(circle(0, 0, 0), 3e-310, 4e-310), Want{true, false, 5e-310L}, 0x1p-45));
  EXPECT_TRUE(matches(shapeDistance(circle(1e-300, 0, 0), 1e-300, 1.5e-320), Want{true, false, 1.5e-320L}));
  EXPECT_TRUE(matches(shapeDistance(line(-1e300, 1e300, 1e300, -1e300), 1e300, 1e300), Want{true, false, std::sqrt(2.0L) * 1e300L}));
}

TEST(ShapeOverlapDistance, RandomCasesMatchTheOracle) {
  Rng rng{11};
  int zeros = 0;
  for (int i = 0; i < 20000; ++i) {
    const Family f = Family(i % kFamilies);
    Shape s = randomShape(rng, i / 3 % 3, f);
    double px = coordinate(rng, f), py = coordinate(rng, f);
    if (i % 5 == 4) {  // scaled grid and dyadic cases
      const int k = rng.coin() ? rng.between(-1040, -900) : rng.between(800, 1000);
      s = scaledShape(s, k), px = std::ldexp(px, k), py = std::ldexp(py, k);
    }
    const Want want = oracleDistance(s, px, py);
    zeros += want.zero;
    ASSERT_TRUE(matches(shapeDistance(s, px, py), want)) << show(s) << " from " << show(px, py);
  }
  EXPECT_GT(zeros, 700);
}

// ---------------------------------------------------------------------------------------------
// Ray entry.

TEST(ShapeOverlapRay, NamedCases) {
  const Shape r = rect(0, 0, 10, 10), c = circle(0, 0, 5), l = line(2, 0, 5, 0);
  EXPECT_EQ(rayEntry(r, 5, 5, 1, 0), 0);  // from inside
  EXPECT_EQ(rayEntry(r, 10, 5, 1, 0), 0);  // from its edge, heading out
  EXPECT_EQ(rayEntry(r, -5, 5, 1, 0), 5);
  EXPECT_EQ(rayEntry(r, -5, 5, -1, 0), kInf);
  EXPECT_EQ(rayEntry(r, -5, 5, 0, 1), kInf);  // parallel, outside
  EXPECT_EQ(rayEntry(r, -5, 0, 1, 0), 5);     // along the edge
  EXPECT_EQ(rayEntry(r, 5, 20, 0, -1), 10);
  EXPECT_EQ(rayEntry(rect(10, 10, -10, -10), 5, 20, 0, -1), 10);
  EXPECT_EQ(rayEntry(r, -5, 5, 1, 1), 5);  // grazes the corner (0, 10) (u need not be unit: t counts u)
  EXPECT_EQ(rayEntry(r, -5, 5.000000000000001, 1, 1), kInf);
  EXPECT_TRUE(matches(rayEntry(r, -5, 4.999999999999999, 1, 1), Want{true, false, 5}, 0x1p-40));
  const double h = std::sqrt(0.5);
  EXPECT_TRUE(matches(rayEntry(r, -5, 5, h, h), oracleRay(r, -5, 5, h, h)));  // near the corner: exact
  EXPECT_EQ(rayEntry(c, 1, 1, 1, 0), 0);
  EXPECT_EQ(rayEntry(c, 3, 4, 0.6, 0.8), 0);  // on it, heading out
  EXPECT_EQ(rayEntry(c, -10, 0, 1, 0), 5);
  EXPECT_EQ(rayEntry(c, -10, 5, 1, 0), 10);  // tangent
  EXPECT_EQ(rayEntry(c, -10, 5.000000000000001, 1, 0), kInf);
  EXPECT_TRUE(matches(rayEntry(c, -10, 4.999999999999999, 1, 0), oracleRay(c, -10, 4.999999999999999, 1, 0)));
  EXPECT_EQ(rayEntry(c, -10, 0, -1, 0), kInf);
  EXPECT_EQ(rayEntry(c, 10, 10, 0.6, 0.8), kInf);
  EXPECT_TRUE(matches(rayEntry(c, -6, -8, 0.6, 0.8), Want{true, false, 5}, 0x1p-40));
  // Tangent along a 3-4-5 direction: 0.6 and 0.8 are not exact, so it misses or hits by a hair.
  EXPECT_TRUE(matches(rayEntry(c, -4 - 6, 3 - 8, 0.6, 0.8), oracleRay(c, -4 - 6, 3 - 8, 0.6, 0.8)));
  EXPECT_EQ(rayEntry(circle(3, 4, 0), 0, 0, 0.6, 0.8), oracleRay(circle(3, 4, 0), 0, 0, 0.6, 0.8).hit ? rayEntry(circle(3, 4, 0), 0, 0, 0.6, 0.8) : kInf);
  EXPECT_EQ(rayEntry(circle(3, 0, 0), 0, 0, 1, 0), 3);  // through a point circle
  EXPECT_EQ(rayEntry(l, 0, 0, 1, 0), 2);  // along the segment: its nearer end ahead
  EXPECT_EQ(rayEntry(l, 7, 0, -1, 0), 2);
  EXPECT_EQ(rayEntry(l, 3, 0, 1, 0), 0);  // from on it
  EXPECT_EQ(rayEntry(l, 0, 0, -1, 0), kInf);
  EXPECT_EQ(rayEntry(l, 3, -2, 0, 1), 2);
  EXPECT_EQ(rayEntry(l, 2, -2, 0, 1), 2);  // at its end
  EXPECT_EQ(rayEntry(l, 1, -2, 0, 1), kInf);
  EXPECT_EQ(rayEntry(l, 3, 2, 0, 1), kInf);
  EXPECT_EQ(rayEntry(line(3, 3, 3, 3), 0, 0, 1, 1), 3);  // a point segment
  EXPECT_EQ(rayEntry(line(3, 3, 3, 3), 0, 0, 1, 2), kInf);
  EXPECT_EQ(rayEntry(l, 3, 0, 0, 0), 0);  // no direction: the origin alone
  EXPECT_EQ(rayEntry(l, 3, 1, 0, 0), kInf);
  EXPECT_EQ(rayEntry(r, 3, 11, 0, 0), kInf);
  EXPECT_EQ(rayEntry(c, 3, 11, 0, 0), kInf);
  // Huge and tiny.
  EXPECT_EQ(rayEntry(rect(-1e308, 0, 1, 1), 1e308, 0.5, -1, 0), kMax);  // beyond the doubles
  EXPECT_TRUE(matches(rayEntry(circle(1e300, 0, 1e299), -1e300, 0, 1, 0), Want{true, false, 1.9e300L}));
  EXPECT_TRUE(matches(rayEntry(circle(0, 0, 1e-300), -1e-299, 1e-300, 1, 0), Want{true, false, 1e-299L}));
  EXPECT_EQ(rayEntry(circle(0, 0, 1e-300), -1e-299, 1.0000000000000002e-300, 1, 0), kInf);
  EXPECT_TRUE(matches(rayEntry(circle(0, 0, 0x1p-1000), -0x1p-1000, 0x1p-1000, 1, 0), Want{true, false, 0x1p-1000L}, 0x1p-45));  // tangent, tiny
  EXPECT_TRUE(matches(rayEntry(circle(0, 0, 0), -0x1p-1060, 0, 1, 0), Want{true, false, 0x1p-1060L}));  // a point, subnormal
  EXPECT_TRUE(matches(rayEntry(line(-1e300, 1e300, 1e300, -1e300), -1e300, -1e300, h, h), oracleRay(line(-1e300, 1e300, 1e300, -1e300), -1e300, -1e300, h, h)));
  EXPECT_TRUE(matches(rayEntry(line(0, 1e-310, 1e-310, 0), 0, 0, h, h), oracleRay(line(0, 1e-310, 1e-310, 0), 0, 0, h, h)));
  EXPECT_TRUE(matches(rayEntry(rect(1e308, 0, 1e308, 1), 0, 0.5, 1, 0), Want{true, false, 1e308L}));
}

TEST(ShapeOverlapRay, RandomCasesMatchTheOracle) {
  Rng rng{12};
  int zeros = 0, misses = 0;
  for (int i = 0; i < 20000; ++i) {
    const Family f = Family(i % kFamilies);
    Shape s = randomShape(rng, i / 3 % 3, f);
    double ox = coordinate(rng, f), oy = coordinate(rng, f);
    auto u = direction(rng);
    if (i % 7 == 6 && s.kind != kShapeRect) {  // aimed at an end, a corner or along the segment
      const double tx = rng.coin() ? s.a : s.c, ty = rng.coin() ? s.b : s.d;
      if (s.kind == kShapeLine && rng.coin()) ox = s.a - 2 * (s.c - s.a), oy = s.b - 2 * (s.d - s.b);
      const double len = std::hypot(tx - ox, ty - oy);
      if (len > 0) u = {(tx - ox) / len, (ty - oy) / len};
    }
    if (i % 5 == 4) {
      const int k = rng.coin() ? rng.between(-1040, -900) : rng.between(800, 1000);
      s = scaledShape(s, k), ox = std::ldexp(ox, k), oy = std::ldexp(oy, k);
    }
    const Want want = oracleRay(s, ox, oy, u.first, u.second);
    zeros += want.zero, misses += !want.hit;
    ASSERT_TRUE(matches(rayEntry(s, ox, oy, u.first, u.second), want))
        << show(s) << " from " << show(ox, oy) << " along " << show(u.first, u.second);
  }
  EXPECT_GT(zeros, 1000);
  EXPECT_GT(misses, 3000);
  EXPECT_LT(misses, 17000);
}

TEST(ShapeOverlapRay, TangentAndGrazingRaysMatchTheOracle) {
  Rng rng{13};
  for (int i = 0; i < 6000; ++i) {
    const auto u = direction(rng);
    const double along = rng.real(0.5, 20), t = rng.real(-0.1, 1.1);
    Shape s;
    double ox, oy;
    switch (i % 3) {
      case 0: {  // tangent to a circle, up to a rounding
        s = circle(coordinate(rng, kReal), coordinate(rng, kReal), radius(rng, kGrid));
        const double side = rng.coin() ? 1 : -1;
        ox = s.a - side * s.c * u.second - along * u.first, oy = s.b + side * s.c * u.first - along * u.second;
        break;
      }
      case 1: {  // through a corner of a rect
        s = randomShape(rng, kShapeRect, rng.coin() ? kGrid : kReal);
        const Box b = shapeBox(s);
        ox = (rng.coin() ? b.minX : b.maxX) - along * u.first, oy = (rng.coin() ? b.minY : b.maxY) - along * u.second;
        break;
      }
      default: {  // through a point of a segment
        s = randomShape(rng, kShapeLine, rng.coin() ? kGrid : kReal);
        ox = s.a + t * (s.c - s.a) - along * u.first, oy = s.b + t * (s.d - s.b) - along * u.second;
      }
    }
    ASSERT_TRUE(matches(rayEntry(s, ox, oy, u.first, u.second), oracleRay(s, ox, oy, u.first, u.second)))
        << show(s) << " from " << show(ox, oy) << " along " << show(u.first, u.second);
  }
}

// ---------------------------------------------------------------------------------------------
// The stages of every sign, one by one: the double estimate when it says it is certain, and the
// integers always, on values near 0 (near-collinear
// points, near-tangent circles, lines near a disc's edge) and on exact zeros.

namespace {

int oracleSign(const qt::shape_detail::Products& p) {
  return sign((exact(p.a1) - exact(p.a0)) * (exact(p.b1) - exact(p.b0)) - (exact(p.c1) - exact(p.c0)) * (exact(p.d1) - exact(p.d0)));
}
int oracleSign(const qt::shape_detail::Excess& e) {
  return sign(square(exact(e.x1) - exact(e.x0)) + square(exact(e.y1) - exact(e.y0)) - square(exact(e.r1) + exact(e.r2)));
}
int oracleSign(const qt::shape_detail::LineExcess& l) {
  const Q ux = exact(l.ux1) - exact(l.ux0), uy = exact(l.uy1) - exact(l.uy0), wx = exact(l.wx1) - exact(l.wx0), wy = exact(l.wy1) - exact(l.wy0);
  return sign(square(cross(ux, uy, wx, wy)) - square(exact(l.r)) * (square(ux) + square(uy)));
}

template <class P>
::testing::AssertionResult stagesAgree(const P& p, int* decidedByEstimate) {
  namespace d = qt::shape_detail;
  const int want = oracleSign(p);
  const d::Estimate e = d::estimate(p);
  if (d::certain(e)) {
    ++*decidedByEstimate;
    if ((e.value > 0 ? 1 : -1) != want) return ::testing::AssertionFailure() << "the estimate says " << e.value << ", want sign " << want;
  }
  const double m = d::exactValue(p).m;
  if ((m > 0) - (m < 0) != want) return ::testing::AssertionFailure() << "the integers say " << m << ", want " << want;
  if (d::signOf(p) != want) return ::testing::AssertionFailure() << "signOf says " << d::signOf(p) << ", want " << want;
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(ShapeOverlapRandom, EveryStageOfTheSignsAgreesWithTheOracle) {
  namespace d = qt::shape_detail;
  Rng rng{14};
  int estimate = 0, cases = 0;
  for (int i = 0; i < 12000; ++i) {
    const Family f = Family(i % kFamilies);
    const int scale = i % 10 == 9 ? rng.between(-1000, 900) : 0;
    const auto c = [&](double v) { return std::ldexp(v, scale); };
    // Three points, the third on the line through the first two up to a rounding (or exactly).
    const double ax = coordinate(rng, f), ay = coordinate(rng, f), bx = coordinate(rng, f), by = coordinate(rng, f);
    const double t = rng.real(-2, 3), px = ax + t * (bx - ax), py = ay + t * (by - ay);
    const d::Products orient{c(bx), c(ax), c(py), c(ay), c(by), c(ay), c(px), c(ax)};
    ASSERT_TRUE(stagesAgree(orient, &estimate)) << show(ax, ay) << show(bx, by) << show(px, py) << " at 2^" << scale;
    // Two circles tangent up to a rounding.
    const double r1 = radius(rng, f), r2 = radius(rng, f), angle = rng.real(0, 6.283185307179586);
    const double dist = rng.coin() ? r1 + r2 : std::fabs(r1 - r2);
    const d::Excess tangent{c(ax + dist * std::cos(angle)), c(ax), c(ay + dist * std::sin(angle)), c(ay), c(r1), c(r2)};
    ASSERT_TRUE(stagesAgree(tangent, &estimate)) << show(ax, ay) << " " << r1 << " " << r2 << " at 2^" << scale;
    // A line near tangent to a circle.
    const double len = std::hypot(bx - ax, by - ay);
    if (len > 0) {
      const double cx = px - r1 * (by - ay) / len, cy = py + r1 * (bx - ax) / len;
      const d::LineExcess near{c(bx), c(ax), c(by), c(ay), c(cx), c(ax), c(cy), c(ay), c(r1)};
      ASSERT_TRUE(stagesAgree(near, &estimate)) << show(ax, ay) << show(bx, by) << show(cx, cy) << " " << r1;
    }
    cases += 2 + (len > 0);
  }
  // The estimate decides a good share (the rest is the integers').
  EXPECT_GT(estimate, cases / 10);
}
