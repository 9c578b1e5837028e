// Two Quadtrees compared node by node from their roots: the same splits, node rects and levels,
// and every leaf's list in the same order. For tests that build one tree two ways
// (batch_test.cpp, the fuzz target's batches).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "quadtree/quadtree.h"

namespace qttest {

// Empty when they match, else what differs first.
inline std::string treeDifference(const qt::Quadtree& a, const qt::Quadtree& b) {
  std::vector<std::pair<int32_t, int32_t>> walk{{a.root(), b.root()}};
  while (!walk.empty()) {
    const auto [na, nb] = walk.back();
    walk.pop_back();
    const qt::Rect ra = a.nodeRect(na), rb = b.nodeRect(nb);
    if (ra.x != rb.x || ra.y != rb.y || ra.w != rb.w || ra.h != rb.h || a.nodeLevel(na) != b.nodeLevel(nb))
      return "node " + std::to_string(na) + " / " + std::to_string(nb) + " differ in rect or level";
    if ((a.children(na) >= 0) != (b.children(nb) >= 0))
      return "node " + std::to_string(na) + " / " + std::to_string(nb) + ": one is split, the other not";
    if (a.children(na) >= 0) {
      for (int q = 0; q < 4; ++q) walk.push_back({a.children(na) + q, b.children(nb) + q});
      continue;
    }
    std::vector<int32_t> la, lb;
    a.nodeObjects(na, la);
    b.nodeObjects(nb, lb);
    if (la != lb) return "leaf " + std::to_string(na) + " / " + std::to_string(nb) + " lists other objects";
  }
  if (a.size() != b.size()) return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
  return "";
}

}  // namespace qttest
