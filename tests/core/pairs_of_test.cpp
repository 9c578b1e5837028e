// LinearQuadtree::pairsOf() frame after frame, as a session's index left behind by refresh() calls
// it: every object moving, some leaving, some jumping far, crowds gathering in one band (more than
// the rooms laid out from the last frame hold: spills, then too many spills), the tree's own
// objects never moved. Each frame's pairs are the brute-force answer, each pair once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "linear/linear_quadtree.h"

namespace {

using qt::LinearQuadtree;
using qt::Rect;
using Pairs = std::vector<std::pair<int32_t, int32_t>>;

Pairs bruteForce(const std::vector<Rect>& rects, const std::vector<int32_t>& first) {
  Pairs out;
  for (int32_t a = 0; a < int32_t(rects.size()); ++a)
    for (int32_t b = a + 1; b < int32_t(rects.size()); ++b)
      if (first[a] >= 0 && first[b] >= 0 && qt::overlaps(rects[a], rects[b])) out.push_back({a, b});
  return out;
}

Pairs pairsOf(LinearQuadtree& tree, const std::vector<Rect>& rects, const std::vector<int32_t>& first) {
  std::vector<int32_t> flat;
  tree.pairsOf(rects.data(), first.data(), int32_t(rects.size()), flat);
  Pairs out;
  for (size_t i = 0; i + 1 < flat.size(); i += 2) out.push_back({flat[i], flat[i + 1]});
  if (flat.size() % 2) out.push_back({-1, -1});
  std::sort(out.begin(), out.end());
  return out;
}

// frame % 7: 0..3 everyone drifts a little; 4: a tenth jumps anywhere; 5: a third gathers in a
// strip one band tall (more than the rooms' spare: too many spills); 6: a few leave or come back.
TEST(PairsOf, FramesOfMovingRectsThroughRoomsAndSpillsMatchBruteForce) {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    std::mt19937 rng(seed * 9973);
    auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    const Rect bounds{real(-500, 500), real(-500, 500), real(400, 2000), real(400, 2000)};
    const int32_t n = 800 + int32_t(seed) * 200;
    const double size = std::sqrt(bounds.w * bounds.h / n);  // about one object a size²
    auto anywhere = [&]() -> Rect {
      const double w = size * real(0.1, 1.2), h = size * real(0.1, 1.2);
      return {bounds.x + real(-0.05, 1.05) * bounds.w, bounds.y + real(-0.05, 1.05) * bounds.h, w, h};
    };
    LinearQuadtree tree(bounds, qt::kAutoDepth);
    std::vector<Rect> rects(static_cast<size_t>(n));
    std::vector<int32_t> first(static_cast<size_t>(n), 0);
    for (int32_t id = 0; id < n; ++id) tree.insert(id, rects[id] = anywhere());
    tree.fitDepth();
    for (int frame = 0; frame < 21; ++frame) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", frame " + std::to_string(frame));
      const int kind = frame % 7;
      const double strip = bounds.y + real(0, 1) * bounds.h;
      for (int32_t id = 0; id < n; ++id) {
        Rect& r = rects[id];
        if (kind == 4 && real(0, 1) < 0.1) r = anywhere();
        else if (kind == 5 && real(0, 1) < 0.33) r.y = strip + real(0, size / 4);
        else if (kind == 6 && real(0, 1) < 0.05) first[id] = first[id] < 0 ? 0 : -1;
        else r.x += real(-0.2, 0.2) * size, r.y += real(-0.2, 0.2) * size;
      }
      ASSERT_EQ(pairsOf(tree, rects, first), bruteForce(rects, first));
      ASSERT_FALSE(tree.outOfMemory());
    }
  }
}

}  // namespace
