// LinearQuadtree's queries: search() and collides(), through the nodes' lists or, once queries
// have walked the tree, through the ids grouped by node.
#include "linear/linear_quadtree.h"

#include <algorithm>

#include "base/memory_guard.h"

namespace qt {

namespace {

// Whether the box between r's corners meets the closed rect q (q's size >= 0).
bool meetsClosed(const Rect& r, const Rect& q) {
  return std::min(r.x, r.x + r.w) <= q.x + q.w && q.x <= std::max(r.x, r.x + r.w) &&
         std::min(r.y, r.y + r.h) <= q.y + q.h && q.y <= std::max(r.y, r.y + r.h);
}

}  // namespace

bool LinearQuadtree::query(const Rect& q, const Shape* exact, std::vector<int32_t>* out, bool overlapping) const {
  if (size_ == 0) return false;
  const Cells r = cellsOf(q);
  // Grouping costs about a pass over the objects and a fill of the nodes' starts.
  const bool runs = readsRuns();
  int64_t steps = 0;  // objects and nodes the lists' walk stepped over, toward group()
  bool hit = false;
  // Whether id is a match that ends the query (collides() has its answer).
  auto match = [&](int32_t id) {
    if (overlapping ? !overlaps(rects_[id], q) : !meetsClosed(rects_[id], q)) return false;
    if (exact && !shapesOverlap(*exact, shapeOf(id))) return false;
    if (!out) return true;
    out->push_back(id);
    hit = true;
    return false;
  };
  auto scan = [&](int32_t node) {  // a node's list
    ++steps;
    for (int32_t id = nodes_[node].head; id >= 0; id = links_[id].next, ++steps)
      if (match(id)) return true;
    return false;
  };
  auto done = [&](bool answer) {
    walked_ += steps;
    return answer;
  };
  // The objects of node (l, cx, cy) and of its subtree lie in cells cx..cx + 1, cy..cy + 1 of
  // level l, so the node can hold a match only if those meet the query's range (closed ranges):
  // cx in [(r.x0 >> k) - 1, r.x1 >> k], same in y. Its parent then passes the same test.
  int32_t level = 0, x0, x1, y0, y1;
  while (levels_[level] == 0) ++level;
  int32_t deepest = depth_;
  while (levels_[deepest] == 0) --deepest;
  auto range = [&](int32_t l) {
    const int32_t k = depth_ - l;
    x0 = std::max((r.x0 >> k) - 1, int32_t(0)), x1 = r.x1 >> k;
    y0 = std::max((r.y0 >> k) - 1, int32_t(0)), y1 = r.y1 >> k;
    return (x1 - x0 + 1) * (y1 - y0 + 1);
  };
  // Level by level, row by row, when the ids are grouped (a row's nodes are consecutive, so their
  // ids are one run) or the query is small (at most 16 such nodes even at the deepest level
  // holding objects: the usual, an object's own rect).
  if (runs || range(deepest) <= 16) {
    for (int32_t l = level; l <= deepest; ++l) {
      if (levels_[l] == 0) continue;
      range(l);
      for (int32_t cy = y0; cy <= y1; ++cy) {
        if (runs) {  // (the steps count toward copyRects())
          const int32_t* row = runStart_.data() + index(l, 0, cy);
          steps += row[x1 + 1] - row[x0];
          for (int32_t i = row[x0], end = row[x1 + 1]; i < end; ++i)
            if (match(runIds_[i])) return done(true);
          continue;
        }
        for (int32_t cx = x0; cx <= x1; ++cx)
          if (scan(index(l, cx, cy))) return done(true);
      }
    }
    return done(hit);
  }
  // A larger query on the lists walks their tree, skipping empty subtrees (a scan of a level would
  // not). It starts at the shallowest level holding objects with every such node, or higher up
  // if there are more than 16 of them.
  struct Frame {  // 12 bytes
    int32_t level, cx, cy;
  };
  while (range(level) > 16) --level;  // level 0 has one node
  // Each step pops one node and pushes at most four children: at most 16 + 3D frames.
  Frame stack[16 + 3 * kMaxDepth];
  int32_t top = 0;
  for (int32_t cy = y1; cy >= y0; --cy)
    for (int32_t cx = x1; cx >= x0; --cx)
      if (nodes_[index(level, cx, cy)].count > 0) stack[top++] = {level, cx, cy};
  while (top > 0) {
    const Frame f = stack[--top];
    if (scan(index(f.level, f.cx, f.cy))) return done(true);
    if (f.level == depth_) continue;
    level = f.level + 1;
    const int32_t k = depth_ - level;
    x0 = std::max((r.x0 >> k) - 1, 2 * f.cx), x1 = std::min(r.x1 >> k, 2 * f.cx + 1);
    y0 = std::max((r.y0 >> k) - 1, 2 * f.cy), y1 = std::min(r.y1 >> k, 2 * f.cy + 1);
    for (int32_t cy = y1; cy >= y0; --cy)
      for (int32_t cx = x1; cx >= x0; --cx)
        if (nodes_[index(level, cx, cy)].count > 0) stack[top++] = {level, cx, cy};
  }
  return done(hit);
}

// The rect rule on the grouped ids: each occupied level's rows as runs of ids. A node's objects
// lie in cells cx << k .. ((cx + 2) << k) - 1 of level D (k = D - its level); when those lie
// strictly inside q's cell range, every object there overlaps q (cell() is monotone: a cell past
// q's first is right of q.x, and one before its last is left of q.x + q.w, at either end of the
// object), so such nodes' ids are copied without a test (a query of non-negative size). The
// others are tested on their rects' copy (copyRects()), in memory order.
constexpr int32_t kCopiedRun = 8;  // (fewer ids are tested with the rest of their row)

__attribute__((noinline)) int32_t LinearQuadtree::searchRuns(const Rect& q, int32_t* out) const {  // (one copy: search and collides)
  const Cells r = cellsOf(q);
  const Edges e = edgesOf(q);
  const bool whole = q.w >= 0 && q.h >= 0;
  const int32_t* ids = runIds_.data();
  const Rect* rects = runRects_.data();
  int32_t n = 0;  // ids written
  // Tests ids i..end-1 of the runs; true: collides() has its answer.
  auto test = [&](int32_t i, int32_t end) {
    if (!out) {
      for (; i < end; ++i)
        if (overlaps(edgesOf(rects[i]), e)) return true;
      return false;
    }
    for (; i < end; ++i)
      if (overlaps(edgesOf(rects[i]), e)) out[n++] = ids[i];
    return false;
  };
  for (int32_t l = 0; l <= depth_; ++l) {
    if (levels_[l] == 0) continue;
    const int32_t k = depth_ - l;
    const int32_t x0 = std::max((r.x0 >> k) - 1, int32_t(0)), x1 = r.x1 >> k;
    const int32_t y0 = std::max((r.y0 >> k) - 1, int32_t(0)), y1 = r.y1 >> k;
    // The nodes inside: columns ix0..ix1 of rows iy0..iy1 (none when q's size is negative).
    const int32_t ix0 = (r.x0 >> k) + 1, ix1 = whole ? (r.x1 >> k) - 2 : ix0 - 1;
    const int32_t iy0 = (r.y0 >> k) + 1, iy1 = (r.y1 >> k) - 2;
    const int32_t* row = runStart_.data() + index(l, 0, y0);
    const int32_t stride = int32_t(1) << l;
    if (ix0 > ix1 || iy0 > iy1) {  // no node inside: a small query, each row one run
      for (int32_t cy = y0; cy <= y1; ++cy, row += stride)
        if (test(row[x0], row[x1 + 1])) return 1;
      continue;
    }
    for (int32_t cy = y0; cy <= y1; ++cy, row += stride) {
      // A row's inside is copied when it holds enough ids to be worth a run of its own.
      const int32_t a = row[ix0], b = row[ix1 + 1];
      if (cy < iy0 || cy > iy1 || b - a < kCopiedRun) {
        if (test(row[x0], row[x1 + 1])) return 1;
        continue;
      }
      if (!out) return 1;
      if (test(row[x0], a)) return 1;
      std::copy(ids + a, ids + b, out + n), n += b - a;
      if (test(b, row[x1 + 1])) return 1;
    }
  }
  return n;
}

bool LinearQuadtree::readsRuns() const {
  const int64_t enough = size_ + int64_t(nodes_.size() / 8);
  const bool runs = grouped_ || (walked_ >= enough && group());
  if (!runs) relinked();
  else if (!groupedRects_ && walked_ >= 2 * enough) copyRects();
  return runs;
}

// A counting sort of the ids by node: count, starts, place (which moves each start to the next
// node's), then the starts shifted back by one node.
QT_COLD bool LinearQuadtree::group() const {
  const size_t nodes = nodes_.size();
  if (!growTo(runStart_, nodes + 1) || !growTo(runIds_, size_t(size_))) {
    walked_ = 0;  // try again after as many steps
    return false;
  }
  runStart_.assign(nodes + 1, 0);
  const int32_t ids = int32_t(links_.size());
  for (int32_t id = 0; id < ids; ++id)
    if (links_[id].node >= 0) ++runStart_[links_[id].node];
  int32_t sum = 0;
  for (int32_t& s : runStart_) {
    const int32_t n = s;
    s = sum;
    sum += n;
  }
  runIds_.resize(size_t(size_));
  for (int32_t id = 0; id < ids; ++id)
    if (links_[id].node >= 0) runIds_[runStart_[links_[id].node]++] = id;
  std::copy_backward(runStart_.begin(), runStart_.end() - 1, runStart_.end());
  runStart_[0] = 0;
  grouped_ = true;
  return true;
}

QT_COLD bool LinearQuadtree::copyRects() const {
  if (!growTo(runRects_, size_t(size_))) {
    walked_ = 0;  // try again after as many steps
    return false;
  }
  runRects_.resize(size_t(size_));
  for (int32_t i = 0; i < size_; ++i) runRects_[i] = rects_[runIds_[i]];
  return groupedRects_ = true;
}

// Rects among rects: the overlap rule is the rect test. With shapes on either side: the box
// between the query's corners (the only box shapesOverlap() grants a rect beyond rect-rect) is
// walked and met closed, and each pair of kinds has its own rule.
bool LinearQuadtree::queryShape(const Shape& q, std::vector<int32_t>* out) const {
  if (q.kind == kShapeRect && !shapes_.active()) return query(Rect{q.a, q.b, q.c, q.d}, nullptr, out);
  return query(coverRect(q), &q, out, false);
}

void LinearQuadtree::search(const Rect& q, std::vector<int32_t>& out) const {
  queryShape(Shape{q.x, q.y, q.w, q.h, kShapeRect}, &out);
}
void LinearQuadtree::searchShape(const Shape& q, std::vector<int32_t>& out) const { queryShape(q, &out); }
void LinearQuadtree::searchNear(int32_t id, std::vector<int32_t>& out) const { queryShape(shapeOf(id), &out); }
bool LinearQuadtree::collides(const Rect& q) const { return queryShape(Shape{q.x, q.y, q.w, q.h, kShapeRect}, nullptr); }
bool LinearQuadtree::collidesShape(const Shape& q) const { return queryShape(q, nullptr); }

}  // namespace qt
