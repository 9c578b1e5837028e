// Seeded random scenarios for the differential tests: tree parameters and rects drawn to hit the
// cases that break quadtrees (straddlers, zero-size rects lying exactly on a midline at some depth,
// rects outside the bounds, negative coordinates, fractional sizes). Same seed, same scenario.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "oracle.h"
#include "quadtree/quadtree.h"

namespace qttest {

struct Params {
  qt::Rect bounds;
  double maxObjects, maxLevels, level;
};

class Scenario {
 public:
  explicit Scenario(uint32_t seed) : rng_(seed) {}

  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(double p) { return real(0, 1) < p; }

  Params params() {
    Params p;
    const double x = chance(0.2) ? 0 : real(-1000, 1000), y = chance(0.2) ? 0 : real(-1000, 1000);
    double w, h;
    switch (integer(0, 3)) {
      case 0: w = h = std::ldexp(1.0, integer(3, 10)); break;  // powers of two, like most games
      case 1: w = real(0.001, 1); h = real(0.001, 1); break;   // tiny and fractional
      default: w = real(1, 2000); h = real(1, 2000); break;    // fractional, any aspect
    }
    p.bounds = {x, y, w, h};
    p.maxObjects = integer(1, 12) + (chance(0.1) ? 0.5 : 0.0);
    // quadtree-js keeps any truthy max_objects: below 1, every leaf that receives an object
    // splits, down to max_levels (and a leaf that receives none does not).
    if (chance(0.06)) p.maxObjects = chance(0.5) ? 0.5 : -1;
    p.maxLevels = integer(0, 8);
    // Mostly 0; sometimes a subtree's level, or a negative or fractional one (quadtree-js then
    // de-duplicates within each level-0 subtree, or nowhere).
    const double levels[] = {1, 2, 3, -1, -2, 0.5, -0.5};
    p.level = chance(0.7) ? 0 : levels[integer(0, 6)];
    // More big rects than a leaf holds would make deep trees split all the way down wherever they
    // overlap (millions of links at 8 levels): allow only a few big ones in deep trees.
    bigLeft_ = p.maxLevels >= 5 ? std::max(2, int(p.maxObjects)) : 1 << 30;
    return p;
  }

  // A rect relative to `b`, from a mix of kinds.
  qt::Rect rect(const qt::Rect& b, double maxLevels) {
    int kind = integer(0, 99);
    if (kind >= 35 && kind < 47 && bigLeft_-- <= 0) kind = 0;
    if (kind < 35) {  // small, inside
      const double w = b.w * real(0, 0.08), h = b.h * real(0, 0.08);
      return {b.x + real(0, 1) * (b.w - w), b.y + real(0, 1) * (b.h - h), w, h};
    }
    if (kind < 45) {  // medium, may stick out
      const double w = b.w * real(0, 0.4), h = b.h * real(0, 0.4);
      return {b.x + real(-0.1, 1) * b.w, b.y + real(-0.1, 1) * b.h, w, h};
    }
    if (kind < 47) {  // huge, covering the bounds
      return {b.x - real(0, 1) * b.w, b.y - real(0, 1) * b.h, b.w * real(2, 3), b.h * real(2, 3)};
    }
    if (kind < 60) {  // a point anywhere near
      return {b.x + real(-0.2, 1.2) * b.w, b.y + real(-0.2, 1.2) * b.h, 0, 0};
    }
    if (kind < 82) return onMidline(b, maxLevels);
    if (kind < 92) {  // wholly outside, on some side
      const double w = b.w * real(0, 0.2), h = b.h * real(0, 0.2);
      double x = b.x + real(0, 1) * b.w, y = b.y + real(0, 1) * b.h;
      switch (integer(0, 3)) {
        case 0: x = b.x - w - real(0, 1) * b.w; break;
        case 1: x = b.x + b.w + real(0, 1) * b.w; break;
        case 2: y = b.y - h - real(0, 1) * b.h; break;
        default: y = b.y + b.h + real(0, 1) * b.h; break;
      }
      return {x, y, w, h};
    }
    // snapped to a grid of sixteenths, so edges often coincide
    const double gx = b.w / 16, gy = b.h / 16;
    return {b.x + gx * integer(-2, 17), b.y + gy * integer(-2, 17), gx * integer(0, 4),
            gy * integer(0, 4)};
  }

  // A rect touching exactly the midlines of a random node at some depth, computed the way the tree
  // computes them, so the comparisons meet equal numbers.
  qt::Rect onMidline(qt::Rect node, double maxLevels) {
    const int depth = integer(0, int(std::min(maxLevels, 6.0)));
    for (int d = 0; d < depth; ++d) node = oracle::subBounds(node, integer(0, 3));
    const double mx = node.x + node.w / 2, my = node.y + node.h / 2;
    const double w = node.w * real(0, 0.4), h = node.h * real(0, 0.4);
    const double x = node.x + real(0, 1) * (node.w - w), y = node.y + real(0, 1) * (node.h - h);
    switch (integer(0, 6)) {
      case 0: return {mx, y, 0, h};   // zero width on the vertical midline
      case 1: return {x, my, w, 0};   // zero height on the horizontal midline
      case 2: return {mx, my, 0, 0};  // the centre point
      case 3: return {mx, y, w, h};   // starting on the vertical midline
      case 4: return {mx - w, my - h, w, h};  // ending on (or next to) both midlines
      case 5: return {x, my, w, h};   // starting on the horizontal midline
      default: return {mx - w / 2, my - h / 2, w, h};  // centred on the node's centre
    }
  }

  // The objects of `n` inserts: fresh ids (dense, or sparse and large), and now and then an object
  // inserted again (same id, same rect, as when a game inserts the same object twice).
  std::vector<oracle::Object> objects(const Params& p, int n) {
    const bool sparse = chance(0.3);
    std::vector<oracle::Object> out;
    for (int i = 0; i < n; ++i) {
      if (!out.empty() && chance(0.05)) {
        out.push_back(out[size_t(integer(0, int(out.size()) - 1))]);
      } else {
        const int32_t id = sparse ? i * 977 + integer(0, 900) : i;
        out.push_back({id, rect(p.bounds, p.maxLevels)});
      }
    }
    return out;
  }

 private:
  std::mt19937 rng_;
  int bigLeft_ = 1 << 30;
};

}  // namespace qttest
