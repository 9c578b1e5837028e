// LinearQuadtree's read-only walks that no frame loop runs: stats(), the node listing for
// drawing, validate(). Each QT_COLD (memory_guard.h: out of line, built for size).
#include "linear/linear_quadtree.h"

#include "base/memory_guard.h"  // QT_COLD

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace qt {

QT_COLD Stats LinearQuadtree::stats() const {
  relinked();
  Stats s;
  s.references = s.entries = s.objects = size_;
  walkOccupied([&](int32_t level, int32_t, int32_t, int32_t own, int32_t below) {
    if (own == 0) return;
    ++s.nodes;
    s.depth = std::max(s.depth, level);
    if (below == 0) ++s.leaves;
  });
  return s;
}

QT_COLD void LinearQuadtree::nodes(std::vector<double>& out) const {
  relinked();
  walkOccupied([&](int32_t level, int32_t cx, int32_t cy, int32_t own, int32_t) {
    const double w = bounds_.w / double(int32_t(1) << level);
    const double h = bounds_.h / double(int32_t(1) << level);
    const double row[6] = {double(level), bounds_.x + cx * w, bounds_.y + cy * h, w, h, double(own)};
    out.insert(out.end(), row, row + 6);
  });
}

// nodes()' rows (a walk row's fields before `leaf`) widened in place to walk rows, last row first.
QT_COLD bool LinearQuadtree::nodeWalk(std::vector<double>& out) const {
  constexpr size_t kNodesRow = 6;
  static_assert(walk::leaf == kNodesRow && walk::level == 0, "nodes()' row is the walk row up to leaf");
  const size_t start = out.size();
  if (!growTo(out, start + kWalkRow * occupiedBound())) return false;
  nodes(out);
  const size_t rows = (out.size() - start) / kNodesRow;
  out.resize(start + rows * kWalkRow);
  double* w = out.data() + start;
  for (size_t i = rows; i-- > 0;) {
    const double level = w[kNodesRow * i];
    const bool leaf = i + 1 == rows || w[kWalkRow * (i + 1) + walk::level] != level + 1;
    for (size_t k = kNodesRow; k-- > 0;) w[kWalkRow * i + k] = w[kNodesRow * i + k];
    w[kWalkRow * i + walk::leaf] = leaf ? 1 : 0;
  }
  return true;
}

QT_COLD bool LinearQuadtree::validate(std::string* why) const {
  relinked();
  if (depth_ < 1 || depth_ > kMaxDepth || side_ != (int32_t(1) << depth_))
    return fail(why, "depth ", depth_, " or side ", side_, " out of range");
  if (offsets_[0] != 0) return fail(why, "level 0 does not start at node 0");
  for (int32_t l = 0; l <= depth_; ++l)
    if (offsets_[l + 1] - offsets_[l] != (int32_t(1) << (2 * l)))
      return fail(why, "level ", l, " has a wrong offset");
  if (int32_t(nodes_.size()) != offsets_[depth_ + 1]) return fail(why, "wrong node count");
  if (rects_.size() != links_.size() || cells_.size() != links_.size())
    return fail(why, "per-id arrays differ in length");

  const int32_t ids = int32_t(links_.size());
  std::vector<char> seen(links_.size(), 0);
  int32_t stored = 0;
  // Children have higher indices than their parent, so walking nodes from the last one up checks
  // each child's count before its parent's count relies on it.
  for (int32_t l = depth_; l >= 0; --l) {
    for (int32_t n = offsets_[l + 1] - 1; n >= offsets_[l]; --n) {
      int32_t own = 0, prev = -1;
      for (int32_t id = nodes_[n].head; id >= 0; prev = id, id = links_[id].next) {
        if (id >= ids) return fail(why, "node ", n, " lists id ", id, " beyond the id arrays");
        if (seen[id]) return fail(why, "id ", id, " is listed twice (or its node's list loops)");
        seen[id] = 1;
        if (links_[id].node != n) return fail(why, "id ", id, " is listed in node ", n, " but says node ", links_[id].node);
        if (links_[id].prev != prev) return fail(why, "id ", id, " has a wrong prev link");
        ++own;
      }
      stored += own;
      int32_t below = 0;
      if (l < depth_) {
        const int32_t cell = n - offsets_[l], cx = cell & ((int32_t(1) << l) - 1), cy = cell >> l;
        for (int32_t q = 0; q < 4; ++q)
          below += nodes_[index(l + 1, 2 * cx + (q & 1), 2 * cy + (q >> 1))].count;
      }
      if (nodes_[n].count != own + below)
        return fail(why, "node ", n, " counts ", nodes_[n].count, " but holds ", own, " + ", below, " below");
    }
  }
  if (stored != size_) return fail(why, "size is ", size_, " but the nodes hold ", stored);
  for (int32_t l = 0; l <= depth_; ++l) {
    int32_t own = 0;
    for (int32_t n = offsets_[l]; n < offsets_[l + 1]; ++n)
      for (int32_t id = nodes_[n].head; id >= 0; id = links_[id].next) ++own;
    if (levels_[l] != own) return fail(why, "level ", l, " counts ", levels_[l], " objects but holds ", own);
  }

  for (int32_t id = 0; id < ids; ++id) {
    const Link& k = links_[id];
    if (k.node < 0) {
      if (seen[id]) return fail(why, "absent id ", id, " is listed in a node");
      continue;
    }
    if (!seen[id]) return fail(why, "id ", id, " says node ", k.node, " but is in no list");
    const Cells& c = cells_[id];
    const Cells e = cellsOf(rects_[id]);
    if (c.x0 != e.x0 || c.y0 != e.y0 || c.x1 != e.x1 || c.y1 != e.y1)
      return fail(why, "id ", id, " has a cell range that does not match its rect");
    if (c.x0 < 0 || c.y0 < 0 || c.x0 > c.x1 || c.y0 > c.y1 || c.x1 >= side_ || c.y1 >= side_)
      return fail(why, "id ", id, " has a cell range outside the grid");
    if (nodeOf(c) != k.node) return fail(why, "id ", id, " is not in the node its cell range gives");
    if (const Shape* s = shapes_.of(id)) {
      const Rect r = placedBy(*s);
      const Rect& h = rects_[id];
      if (!(r.x == h.x && r.y == h.y && r.w == h.w && r.h == h.h) && r.x == r.x)
        return fail(why, "id ", id, "'s rect does not cover its shape as placed");
    }
  }

  // The grouped copy, while queries read it: each node's run holds its objects, each once.
  if (!grouped_) return true;
  if (runStart_.size() != nodes_.size() + 1 || runIds_.size() != size_t(size_) || runStart_[0] != 0 ||
      (groupedRects_ && runRects_.size() != size_t(size_)))
    return fail(why, "the grouped copy has the wrong size");
  int32_t grouped = 0;
  for (int32_t n = 0; n < int32_t(nodes_.size()); ++n) {
    for (int32_t i = std::max(runStart_[n], 0); i < std::min(runStart_[n + 1], size_); ++i, ++grouped) {
      const int32_t id = runIds_[i];
      if (id < 0 || id >= ids || seen[id] != 1 || links_[id].node != n)
        return fail(why, "node ", n, "'s run holds an id of another node, or one twice");
      if (groupedRects_ && std::memcmp(&runRects_[i], &rects_[id], sizeof(Rect)) != 0)  // (NaN too)
        return fail(why, "the grouped copy's rect of id ", id, " is not its rect");
      seen[id] = 2;
    }
  }
  if (grouped != size_) return fail(why, "the grouped copy's runs hold ", grouped, " ids, not ", size_);
  return true;
}

}  // namespace qt
