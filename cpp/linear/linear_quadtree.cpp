// LinearQuadtree's placement (cells, levels, nodes) and every change to it: insert, update,
// remove, clear, and the lists and counts that moves may leave for the next query to rebuild.
#include "linear/linear_quadtree.h"

#include "base/memory_guard.h"

#include <algorithm>
#include <cmath>

namespace qt {

LinearQuadtree::LinearQuadtree(Rect bounds, int32_t depth) : bounds_(bounds), fittedFor_(-1) {
  static_assert(sizeof(Node) == 8 && sizeof(Cells) == 16 && sizeof(Link) == 12 &&
                    sizeof(Entry) == 40 && kMaxDepth <= 15,  // Entry::tag's fields
                "the sizes noted in linear_quadtree.h");
  shape(clampDepth(depth));
}

QT_COLD void LinearQuadtree::fitDepth() {
  if (fittedFor_ >= 0) return;
  fittedFor_ = 0;
  if (size_ == 0 && heapHasRoom(sizeof(Node) * nodeCount(unfittedDepth()))) shape(unfittedDepth());
}

void LinearQuadtree::shape(int32_t depth) {
  depth_ = depth;
  side_ = int32_t(1) << depth_;
  // A zero scale sends every coordinate to cell 0: one node, but every query stays exact.
  auto scale = [&](double extent) {
    return std::isfinite(extent) && extent > 0 ? double(side_) / extent : 0.0;
  };
  scaleX_ = scale(bounds_.w);
  scaleY_ = scale(bounds_.h);
  cellW_ = scaleX_ > 0 ? 1 / scaleX_ : 0.0;
  cellH_ = scaleY_ > 0 ? 1 / scaleY_ : 0.0;
  offsets_[0] = 0;
  for (int32_t l = 0; l <= depth_; ++l) offsets_[l + 1] = offsets_[l] + (int32_t(1) << (2 * l));
  std::fill(levels_, levels_ + kMaxDepth + 1, 0);
  nodes_ = std::vector<Node>(nodeCount(depth_), Node{-1, 0});  // (exactly that: a refit may shrink it)
}

QT_COLD void LinearQuadtree::refit() {
  DepthPlan plan(bounds_);
  for (size_t id = 0; id < links_.size(); ++id)
    if (links_[id].node >= 0) plan.fit(rects_[id]);
  fittedFor_ = size_;
  const int32_t depth = plan.depth(size_);
  if (depth == depth_ || !heapHasRoom(sizeof(Node) * nodeCount(depth))) return;
  shape(depth);
  // Each object in its node at the new depth; the lists and counts follow at the next read.
  for (size_t id = 0; id < links_.size(); ++id) {
    if (links_[id].node < 0) continue;
    const Cells c = cellsOf(rects_[id]);
    cells_[id] = c;
    links_[id] = {nodeOf(c), -1, -1};
    ++levels_[levelOf(c)];
  }
  linked_ = false;
  relinks_ = 0;
  regrouped();
}

// The deepest level at which the range spans at most two cells per axis, as a shift k = D - level:
// a span of w + 1 cells (w = x1 - x0) fits in two cells of 2^k once 2^k > w, and never while
// 2^k <= w / 2, so k is bitLength(w) - 1 or bitLength(w). Since the range lies in [0, 2^D), k = D - 1
// always fits: level 0 stays empty unless the bounds are unusable.
int32_t LinearQuadtree::shiftOf(const Cells& c) const {
  const int32_t k = std::max(bitLength(uint32_t(std::max(c.x1 - c.x0, c.y1 - c.y0))) - 1, int32_t(0));
  return k + ((c.x1 >> k) - (c.x0 >> k) > 1 || (c.y1 >> k) - (c.y0 >> k) > 1);
}

int32_t LinearQuadtree::nodeOf(const Cells& c) const {
  const int32_t k = shiftOf(c);
  return index(depth_ - k, c.x0 >> k, c.y0 >> k);
}

bool LinearQuadtree::contains(int32_t id) const {
  return id >= 0 && id < int32_t(links_.size()) && links_[id].node >= 0;
}

void LinearQuadtree::link(int32_t id, int32_t node) const {
  const int32_t head = nodes_[node].head;
  links_[id] = {node, head, -1};
  if (head >= 0) links_[head].prev = id;
  nodes_[node].head = id;
}

void LinearQuadtree::unlink(int32_t id) {
  const Link l = links_[id];
  if (l.prev >= 0) links_[l.prev].next = l.next; else nodes_[l.node].head = l.next;
  if (l.next >= 0) links_[l.next].prev = l.prev;
  links_[id] = {-1, -1, -1};
}

void LinearQuadtree::addPath(const Cells& c, int32_t delta) {
  levels_[levelOf(c)] += delta;
  countPath(c, delta);
}

void LinearQuadtree::countPath(const Cells& c, int32_t delta) const {
  for (int32_t k = shiftOf(c), l = depth_ - k; l >= 0; --l, ++k)
    nodes_[index(l, c.x0 >> k, c.y0 >> k)].count += delta;
}

// Above the deepest common ancestor both paths are the same nodes, so the walk stops there.
void LinearQuadtree::movePath(const Cells& from, const Cells& to) {
  const int32_t lf = depth_ - shiftOf(from), lt = depth_ - shiftOf(to);
  --levels_[lf];
  ++levels_[lt];
  for (int32_t l = std::max(lf, lt); l >= 0; --l) {
    const int32_t k = depth_ - l;
    const int32_t a = l <= lf ? index(l, from.x0 >> k, from.y0 >> k) : -1;
    const int32_t b = l <= lt ? index(l, to.x0 >> k, to.y0 >> k) : -1;
    if (a == b) break;
    if (a >= 0) --nodes_[a].count;
    if (b >= 0) ++nodes_[b].count;
  }
}

int32_t LinearQuadtree::insertAll(const int32_t* ids, const double* rects, const int32_t* kinds, int32_t count) {
  for (int32_t i = 0; i < count; ++i) {
    const double* r = rects + 4 * size_t(i);
    if (kinds && kinds[i] != kShapeRect) updateShape(ids[i], Shape{r[0], r[1], r[2], r[3], kinds[i]});
    else update(ids[i], Rect{r[0], r[1], r[2], r[3]});
    if (outOfMemory()) return i;
  }
  return count;
}

bool LinearQuadtree::updateShape(int32_t id, const Shape& shape) {
  if (shape.kind == kShapeRect) return update(id, Rect{shape.a, shape.b, shape.c, shape.d});
  if (id < 0) return false;
  if (!shapes_.room(id, shape.kind)) {
    noMemory_ = true;
    return false;
  }
  const Shape* had = shapes_.of(id);
  const Shape before = had ? *had : Shape{0, 0, 0, 0, kShapeRect};
  shapes_.set(id, shape);
  const bool wasOut = noMemory_;
  noMemory_ = false;
  const bool moved = place(id, placedBy(shape));
  if (noMemory_) shapes_.set(id, before);  // (an absent id that found no room: its entry means nothing)
  noMemory_ = noMemory_ || wasOut;
  return moved;
}

void LinearQuadtree::add(int32_t id, const Rect& rect) {
  if (id >= int32_t(links_.size())) {  // resize grows geometrically
    const size_t n = size_t(id) + 1;
    if (!growTo(rects_, n) || !growTo(cells_, n) || !growTo(links_, n)) {
      noMemory_ = true;  // nothing changed yet
      return;
    }
    rects_.resize(n);
    cells_.resize(n);
    links_.resize(n, Link{-1, -1, -1});
  }
  changed();
  regrouped();
  const Cells c = cellsOf(rect);
  rects_[id] = rect;
  cells_[id] = c;
  if (linked_) {
    link(id, nodeOf(c));
    addPath(c, 1);
  } else {
    links_[id] = {nodeOf(c), -1, -1};
    ++levels_[levelOf(c)];
  }
  ++size_;
}

bool LinearQuadtree::place(int32_t id, const Rect& rect) {
  if (id < 0) return false;
  if (!contains(id)) {
    add(id, rect);
    return true;
  }
  changed();
  const Cells c = cellsOf(rect);
  rects_[id] = rect;
  if (groupedRects_) groupedRects_ = false, walked_ = 0;  // (copied again after as many steps)
  Cells& had = cells_[id];
  // Most moves in a frame stay in the same cells: then node and counts stand as they are.
  if (c.x0 == had.x0 && c.y0 == had.y0 && c.x1 == had.x1 && c.y1 == had.y1) return false;
  const int32_t node = nodeOf(c);
  const bool moved = node != links_[id].node;
  if (moved) {  // most moves in a frame stay in their node and skip this
    regrouped();
    // Past half the objects since a query last read the lists, they wait for the next one.
    if (linked_ && ++relinks_ > size_ / 2 + 64) linked_ = false;
    if (linked_) {
      unlink(id);
      movePath(had, c);
      link(id, node);
    } else {
      --levels_[levelOf(had)];
      ++levels_[levelOf(c)];
      links_[id].node = node;
    }
  }
  had = c;  // the range can change inside the node, and pruning reads it
  return moved;
}

bool LinearQuadtree::remove(int32_t id) {
  if (!contains(id)) return false;
  changed();
  regrouped();
  if (linked_) {
    unlink(id);
    addPath(cells_[id], -1);
  } else {
    links_[id] = {-1, -1, -1};
    --levels_[levelOf(cells_[id])];
  }
  --size_;
  return true;
}

void LinearQuadtree::clear() {
  changed();
  regrouped();
  zeroNodes();
  for (Link& l : links_)
    if (l.node >= 0) l = {-1, -1, -1};
  std::fill(levels_, levels_ + kMaxDepth + 1, 0);
  size_ = 0;
  linked_ = true;
  relinks_ = 0;
}

void LinearQuadtree::zeroNodes() const {
  if (int64_t(size_) * (depth_ + 1) >= int64_t(nodes_.size())) {
    std::fill(nodes_.begin(), nodes_.end(), Node{-1, 0});
    return;
  }
  if (linked_) {  // resetting only the paths of stored objects is cheaper while they are few
    for (size_t id = 0; id < links_.size(); ++id) {
      if (links_[id].node < 0) continue;
      const Cells& c = cells_[id];
      for (int32_t k = shiftOf(c), l = depth_ - k; l >= 0; --l, ++k)
        nodes_[index(l, c.x0 >> k, c.y0 >> k)] = {-1, 0};
    }
    return;
  }
  // The counts still describe the tree as it was when moves stopped maintaining them (the walk
  // reads a node's children before it visits the node).
  walkOccupied([&](int32_t level, int32_t cx, int32_t cy, int32_t, int32_t) {
    nodes_[index(level, cx, cy)] = {-1, 0};
  });
}

// One pass over the objects: each into its node's list, and counted on its path.
void LinearQuadtree::relink() const {
  zeroNodes();
  for (int32_t id = 0; id < int32_t(links_.size()); ++id) {
    if (links_[id].node < 0) continue;
    link(id, links_[id].node);
    countPath(cells_[id], 1);
  }
  linked_ = true;
}

}  // namespace qt
