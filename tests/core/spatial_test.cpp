// LinearQuadtree's nearest() and raycast() against brute force: every object's distance (or ray
// entry) computed here on its own, with a formula of the test's, then sorted. Scenes of every kind
// the tree meets: objects outside its bounds (placed clamped), points, negative sizes, a grid of
// integer rects (ties), a cluster far from most queries (nearest()'s walk rather than its
// window), fixed and fitted depths, and a tree whose moves stopped maintaining the node lists.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "linear/linear_quadtree.h"

namespace {

using qt::LinearQuadtree;
using qt::Rect;

constexpr double kInf = std::numeric_limits<double>::infinity();

// The closed box between the rect's corners.
struct Span {
  double lo, hi;
};
Span spanOf(double at, double size) { return {std::min(at, at + size), std::max(at, at + size)}; }

double oracleDistance(const Rect& r, double px, double py) {
  const Span x = spanOf(r.x, r.w), y = spanOf(r.y, r.h);
  const double dx = px < x.lo ? x.lo - px : px > x.hi ? px - x.hi : 0.0;
  const double dy = py < y.lo ? y.lo - py : py > y.hi ? py - y.hi : 0.0;
  return std::sqrt(dx * dx + dy * dy);
}

// Where the ray (o + t u, t >= 0) enters the closed box: the largest entry over the axes, if it
// is before the smallest exit.
double oracleRay(const Rect& r, double ox, double oy, double ux, double uy) {
  double enter = 0, leave = kInf;
  auto axis = [&](double o, double u, Span s) {
    if (u == 0) {
      if (o < s.lo || o > s.hi) leave = -1;
      return;
    }
    double a = (s.lo - o) / u, b = (s.hi - o) / u;
    if (a > b) std::swap(a, b);
    enter = std::max(enter, a);
    leave = std::min(leave, b);
  };
  axis(ox, ux, spanOf(r.x, r.w));
  axis(oy, uy, spanOf(r.y, r.h));
  return enter <= leave ? enter : kInf;
}

bool near(double a, double b) { return a == b || std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); }

struct Scene {
  std::vector<Rect> rects;  // by id
  std::vector<char> present;
};

// A scene of `n` objects of the given kind, inserted into `t` (and some moved and removed).
Scene fill(LinearQuadtree& t, std::mt19937& rng, int32_t n, int kind) {
  std::uniform_real_distribution<double> pos(0, 1000), size(0, 40), wide(-600, 1600), unit(0, 1);
  Scene s;
  for (int32_t id = 0; id < n; ++id) {
    Rect r;
    if (kind == 0) {
      r = {pos(rng), pos(rng), size(rng), size(rng)};
      const double u = unit(rng);
      if (u < 0.1) r = {wide(rng), wide(rng), size(rng), size(rng)};  // outside the bounds, often
      else if (u < 0.15) r = {pos(rng), pos(rng), 0, 0};              // a point
      else if (u < 0.2) r = {pos(rng), pos(rng), -size(rng), -size(rng)};
      else if (u < 0.22) r = {wide(rng), wide(rng), 10 * size(rng), 10 * size(rng)};
    } else if (kind == 2) {  // a cluster in a corner: queries far from it take the walk
      r = {pos(rng) / 20, pos(rng) / 20, size(rng) / 4, size(rng) / 4};
    } else {  // integer rects on a grid: many equal distances
      std::uniform_int_distribution<int> cell(0, 20), side(0, 3);
      r = {50.0 * cell(rng), 50.0 * cell(rng), 25.0 * side(rng), 25.0 * side(rng)};
    }
    s.rects.push_back(r);
    s.present.push_back(1);
    t.insert(id, r);
  }
  // Some moves (enough, with a fixed depth, for the tree to stop maintaining its lists) and removes.
  std::uniform_int_distribution<int32_t> pick(0, n - 1);
  for (int32_t i = 0; i < n; ++i) {
    const int32_t id = pick(rng);
    if (unit(rng) < 0.1) {
      t.remove(id);
      s.present[id] = 0;
    } else if (s.present[id]) {
      Rect& r = s.rects[id];
      r.x += 30 * (unit(rng) - 0.5);
      r.y += 30 * (unit(rng) - 0.5);
      t.update(id, r);
    }
  }
  return s;
}

void checkNearest(const LinearQuadtree& t, const Scene& s, double px, double py, int32_t k, double maxDistance) {
  std::vector<std::pair<double, int32_t>> all;
  for (int32_t id = 0; id < int32_t(s.rects.size()); ++id) {
    if (!s.present[id]) continue;
    const double d = oracleDistance(s.rects[id], px, py);
    if (d <= maxDistance) all.push_back({d, id});
  }
  std::sort(all.begin(), all.end());
  std::vector<int32_t> got;
  ASSERT_TRUE(t.nearest(px, py, k, maxDistance, got));
  const size_t want = std::min(all.size(), size_t(std::max(k, 0)));
  ASSERT_EQ(got.size(), want) << "at " << px << ", " << py << " k " << k << " max " << maxDistance;
  std::vector<int32_t> seen;
  for (size_t i = 0; i < got.size(); ++i) {
    const int32_t id = got[i];
    ASSERT_TRUE(id >= 0 && id < int32_t(s.rects.size()) && s.present[id]);
    seen.push_back(id);
    // Nearest first: the i-th result is as near as the i-th of the sorted list (ties any order).
    EXPECT_TRUE(near(oracleDistance(s.rects[id], px, py), all[i].first))
        << i << ": id " << id << " at " << oracleDistance(s.rects[id], px, py) << ", want " << all[i].first;
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_TRUE(std::adjacent_find(seen.begin(), seen.end()) == seen.end()) << "an id twice";
}

void checkRay(const LinearQuadtree& t, const Scene& s, double ox, double oy, double dx, double dy, double maxDistance) {
  const double len = std::hypot(dx, dy), ux = dx / len, uy = dy / len;
  double best = kInf;
  for (int32_t id = 0; id < int32_t(s.rects.size()); ++id)
    if (s.present[id]) best = std::min(best, oracleRay(s.rects[id], ox, oy, ux, uy));
  int32_t id = 7;
  double distance = 0;
  ASSERT_TRUE(t.raycast(ox, oy, ux, uy, maxDistance, id, distance));
  if (best == kInf || best > maxDistance * (1 + 1e-9)) {
    EXPECT_EQ(id, -1) << "from " << ox << ", " << oy << " along " << dx << ", " << dy;
    return;
  }
  if (best < maxDistance * (1 - 1e-9)) ASSERT_GE(id, 0) << "from " << ox << ", " << oy << " along " << dx << ", " << dy;
  if (id < 0) return;  // (at maxDistance, within rounding)
  EXPECT_TRUE(near(distance, best)) << distance << " want " << best;
  EXPECT_TRUE(near(oracleRay(s.rects[id], ox, oy, ux, uy), best));
  // Of the objects reached first, the smallest id (when no other is within rounding of it).
  for (int32_t other = 0; other < id; ++other)
    if (s.present[other]) EXPECT_FALSE(oracleRay(s.rects[other], ox, oy, ux, uy) == distance) << other << " ties " << id;
}

TEST(Spatial, NearestAndRaycastMatchBruteForce) {
  std::mt19937 rng(20261128);
  std::uniform_real_distribution<double> at(-300, 1300), angle(0, 6.283185307179586), unit(0, 1);
  for (int kind = 0; kind < 3; ++kind) {
    for (int32_t depth : {0, 1, 3, 6, 9, qt::kAutoDepth}) {
      for (int32_t n : {0, 1, 7, 300}) {
        LinearQuadtree t(Rect{0, 0, 1000, 1000}, depth);
        if (depth == qt::kAutoDepth) t.fitDepth();
        const Scene s = fill(t, rng, n, kind);
        t.fit();
        for (int q = 0; q < 40; ++q) {
          double px = at(rng), py = at(rng);
          if (kind == 1) {  // on the grid's lines: ties at equal distances
            px = 25.0 * std::floor(px / 25);
            py = 25.0 * std::floor(py / 25);
          }
          for (int32_t k : {1, 3, 10, 1000}) checkNearest(t, s, px, py, k, kInf);
          checkNearest(t, s, px, py, 5, 60 * unit(rng));
          checkNearest(t, s, px, py, 0, kInf);
          const double a = angle(rng);
          checkRay(t, s, px, py, std::cos(a), std::sin(a), kInf);
          checkRay(t, s, px, py, std::cos(a), std::sin(a), 200 * unit(rng));
          checkRay(t, s, px, py, q % 2 ? 1.0 : 0.0, q % 2 ? 0.0 : -1.0, kInf);  // along an axis
        }
      }
    }
  }
}

// Once queries have grouped the ids and then the rects by node, they read the rects' copy: any
// move voids it, and queries read the tree's own rects until they have copied them again.
TEST(Spatial, NearestReadsTheGroupedRectsUntilAMove) {
  std::mt19937 rng(20261129);
  std::uniform_real_distribution<double> at(0, 1000), unit(0, 1);
  LinearQuadtree t(Rect{0, 0, 1000, 1000}, 6);
  Scene s = fill(t, rng, 300, 0);
  for (int round = 0; round < 3; ++round) {
    for (int q = 0; q < 4000 && !t.groupedRects(); ++q) checkNearest(t, s, at(rng), at(rng), 10, kInf);
    ASSERT_TRUE(t.groupedRects()) << "round " << round;
    std::string why;
    ASSERT_TRUE(t.validate(&why)) << why;
    for (int32_t id = 0; id < 300; ++id) {  // moves, most within their node
      if (!s.present[id] || unit(rng) < 0.5) continue;
      Rect& r = s.rects[id];
      r.x += 0.002 * (unit(rng) - 0.5);
      r.w *= 0.9999;
      t.update(id, r);
    }
    ASSERT_FALSE(t.groupedRects());
    for (int q = 0; q < 100; ++q) checkNearest(t, s, at(rng), at(rng), q % 2 ? 1 : 10, kInf);
    ASSERT_TRUE(t.validate(&why)) << why;
  }
}

TEST(Spatial, UnusableBoundsAndEdges) {
  // Bounds of zero size put every object in one node: the walks still answer exactly.
  LinearQuadtree t(Rect{0, 0, 0, 0}, 4);
  t.insert(0, Rect{10, 10, 5, 5});
  t.insert(1, Rect{-20, 3, 1, 1});
  std::vector<int32_t> out;
  ASSERT_TRUE(t.nearest(0, 0, 2, kInf, out));
  EXPECT_EQ(out, (std::vector<int32_t>{0, 1}));
  int32_t id = -1;
  double distance = 0;
  ASSERT_TRUE(t.raycast(-100, 3.5, 1, 0, kInf, id, distance));
  EXPECT_EQ(id, 1);
  EXPECT_DOUBLE_EQ(distance, 80);
  // An origin inside an object reaches it at 0; a ray that only grazes a corner reaches it.
  ASSERT_TRUE(t.raycast(12, 12, 0, 1, kInf, id, distance));
  EXPECT_EQ(id, 0);
  EXPECT_EQ(distance, 0);
  ASSERT_TRUE(t.raycast(5, 15, 1, 0, kInf, id, distance));
  EXPECT_EQ(id, 0);
  EXPECT_EQ(distance, 5);
  ASSERT_TRUE(t.raycast(5, 15, 1, 0, 4.5, id, distance));
  EXPECT_EQ(id, -1);
  // Bounds whose x origin is not finite, though their width is: cell() puts every object in one
  // column, and the node boxes reach everywhere along x (a height of 10 takes the windows, NaN the
  // walk).
  for (const double origin : {std::nan(""), -kInf, kInf})
  for (const double height : {10.0, std::nan("")}) {
    LinearQuadtree v(Rect{origin, 0, 10, height}, 3);
    v.insert(10, Rect{-10, -100, 30, 300});
    v.insert(11, Rect{40, 5, 2, 2});
    ASSERT_TRUE(v.raycast(-1.25, -12.5, std::sqrt(0.5), std::sqrt(0.5), 12.1875, id, distance));
    EXPECT_EQ(id, 10);
    EXPECT_EQ(distance, 0);
    ASSERT_TRUE(v.raycast(35, 6, 1, 0, kInf, id, distance));
    EXPECT_EQ(id, 11);
    out.clear();
    ASSERT_TRUE(v.nearest(45, 6, 1, kInf, out));
    EXPECT_EQ(out, (std::vector<int32_t>{11}));
  }
  // An object far outside the bounds of a deep tree is still found (placed clamped at the edge).
  LinearQuadtree u(Rect{0, 0, 100, 100}, 8);
  u.insert(3, Rect{50, 50, 1, 1});
  u.insert(4, Rect{-1e6, 50, 1, 1});
  out.clear();
  ASSERT_TRUE(u.nearest(-2e6, 50.5, 1, kInf, out));
  EXPECT_EQ(out, (std::vector<int32_t>{4}));
  ASSERT_TRUE(u.raycast(-2e6, 50.5, 1, 0, kInf, id, distance));
  EXPECT_EQ(id, 4);
}

}  // namespace
