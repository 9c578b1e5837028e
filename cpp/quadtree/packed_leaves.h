// Quadtree's read-side copy of its leaves: each leaf's objects contiguous, so that retrieve()
// copies arrays instead of following links; and the leaf grid built from it. Both are
// rebuilt by the first read after a change: they remember the tree's version() they were built
// at (version.h), so mutations need not drop them by hand. The arrays grow with the tree's own
// (the grow* calls below), so a rebuild never allocates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "base/geometry.h"
#include "base/memory_guard.h"
#include "base/version.h"

namespace qt {

struct PackedLeaves {
  uint32_t builtAt = Version::kNever;
  // An object that may occur more than once (it spans several leaves, or was inserted twice) is
  // stored as ~id, so only those pay for de-duplication.
  std::vector<int32_t> ids;
  std::vector<int32_t> start;      // per node: a leaf's first index into ids
  std::vector<char> repeats;       // per node: a leaf that holds some object twice

  // The leaf grid (Quadtree::leafGrid()): as many cells as nodes, up to 64 x 64, four bounds a
  // cell; built from the packed copy, so current only while it is.
  static constexpr size_t kGridCells = size_t(1) << 12;
  uint32_t gridBuiltAt = Version::kNever;
  int32_t gridSide = 1;
  std::vector<int32_t> gridCells;
  std::vector<double> gridBounds;

  bool current(uint32_t version) const { return builtAt == version; }
  bool gridCurrent(uint32_t version) const { return gridBuiltAt == version; }

  // Room to follow the tree's arrays to `cap` nodes or links; false: no room.
  bool growNodes(size_t cap) {
    return growTo(start, cap) && growTo(repeats, cap) && growTo(gridCells, std::min(cap, kGridCells)) &&
           growTo(gridBounds, 4 * std::min(cap, kGridCells));
  }
  bool growLinks(size_t cap) { return growTo(ids, cap); }
};

}  // namespace qt
