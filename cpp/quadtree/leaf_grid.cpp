// Quadtree::leafGrid(): the root's leaves as a uniform grid of cells, each with the midlines a
// rect must clear to reach that leaf alone. A game's retrieve() mostly reaches one leaf; with the
// grid the facade finds it in a few comparisons, without crossing into WebAssembly. Built once per
// change of the tree, not per query: each QT_COLD, built for size (memory_guard.h).
#include "quadtree/quadtree.h"

#include "base/memory_guard.h"  // QT_COLD

#include <algorithm>
#include <cmath>

namespace qt {

namespace {
constexpr int32_t kGridLevels = 6;  // at most 64 x 64 cells: PackedLeaves::kGridCells

struct Frame {  // a node met by the walk: its grid level and cell there
  int32_t node, level, cx, cy;
};
}  // namespace

QT_COLD Quadtree::LeafGrid Quadtree::leafGrid() {
  packIfStale();
  if (!packed_.gridCurrent(version())) buildGrid();
  const Rect& b = rects_[root()];
  // A zero or overflowing scale only makes the hint useless (every point in cell 0): the bounds
  // still decide.
  auto scale = [&](double extent) {
    const double s = double(packed_.gridSide) / extent;
    return std::isfinite(s) ? s : 0.0;
  };
  const PackedLeaves& p = packed_;
  return {p.gridCells.data(), p.gridBounds.data(), p.gridSide, b.x, b.y, scale(b.w), scale(b.h)};
}

QT_COLD void Quadtree::buildGrid() {
  // As fine as the deepest leaf (up to kGridLevels), within the cells growNodes() made room for:
  // a cell then holds at most one leaf unless the tree is deeper there.
  int32_t deepest = 0;
  Frame stack[3 * kGridLevels + 1];
  int32_t top = 0;
  stack[top++] = {root(), 0, 0, 0};
  while (top > 0) {
    const Frame f = stack[--top];
    deepest = std::max(deepest, f.level);
    if (nodes_[f.node].children < 0 || f.level == kGridLevels) continue;
    for (int q = 0; q < 4; ++q) stack[top++] = {nodes_[f.node].children + q, f.level + 1, 0, 0};
  }
  int32_t levels = 0;
  while (levels < deepest && (size_t(4) << (2 * levels)) <= packed_.gridCells.capacity()) ++levels;
  packed_.gridSide = int32_t(1) << levels;
  packed_.gridCells.resize(size_t(packed_.gridSide) * size_t(packed_.gridSide));
  packed_.gridBounds.resize(4 * packed_.gridCells.size());

  // Each cell of the frame's block gets `value` and the bounds of the frame's node (reach_).
  auto fill = [&](const Frame& f, int32_t value) {
    const Reach& r = reach_[f.node];
    const int32_t shift = levels - f.level, x0 = f.cx << shift, y0 = f.cy << shift;
    for (int32_t y = y0; y < y0 + (1 << shift); ++y) {
      for (int32_t x = x0; x < x0 + (1 << shift); ++x) {
        const size_t c = size_t(y) * size_t(packed_.gridSide) + size_t(x);
        packed_.gridCells[c] = value;
        double* b = &packed_.gridBounds[4 * c];
        b[0] = r.lowX, b[1] = r.highX, b[2] = r.lowY, b[3] = r.highY;
      }
    }
  };
  stack[top++] = {root(), 0, 0, 0};
  while (top > 0) {
    const Frame f = stack[--top];
    const int32_t children = nodes_[f.node].children;
    if (children < 0) {
      fill(f, listAnswers(root(), f.node, true) ? f.node : kAskLocate);
      continue;
    }
    if (f.level == levels) {  // split below the grid's resolution: its cell spans several leaves
      fill(f, kAskLocate);
      continue;
    }
    for (int q = 0; q < 4; ++q) {
      stack[top++] = {children + q, f.level + 1, 2 * f.cx + eastChild(q), 2 * f.cy + southChild(q)};
    }
  }
  packed_.gridBuiltAt = version();
}

}  // namespace qt
