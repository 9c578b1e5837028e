// LinearQuadtree's spatial queries, nearest() and raycast(): best-first walks. A min-heap holds the
// nodes still to look into, keyed by a lower bound of what any object below them can give (the
// distance to, or the ray's entry into, the box their objects lie in); the best answers so far
// (the k nearest, the first hit) bound which nodes are worth pushing, and the walk ends when the
// nearest node left cannot beat them.
#include <algorithm>
#include <cmath>
#include <limits>

#include "linear/linear_quadtree.h"
#include "base/memory_guard.h"

namespace qt {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A node's objects lie in its cell and the next one right and down (loose placement), cells
// cx << k .. ((cx + 2) << k) - 1 of level D, and so do its subtree's. Placement clamps a rect into
// the bounds, so a side on the bounds' edge is open: an object there may reach anywhere beyond.
// cell() rounds twice (a difference, a product) and so does an edge here (a product, a sum): a
// few units in the last place of the numbers involved cover both (and the cell size's own).
Box LinearQuadtree::nodeBox(int32_t level, int32_t cx, int32_t cy) const {
  const int32_t k = depth_ - level;
  auto span = [&](int32_t c, double origin, double cellSize, double& lo, double& hi) {
    lo = -kInfinity;
    hi = kInfinity;
    if (!(cellSize > 0) || !std::isfinite(origin)) return;  // unusable bounds: cell() gives one cell
    const int32_t first = c << k, end = (c + 2) << k;
    auto edge = [&](int32_t cell, double toward) {
      const double offset = double(cell) * cellSize, at = origin + offset;
      return at + toward * 1e-15 * (std::fabs(origin) + std::fabs(offset) + std::fabs(at));
    };
    if (first > 0) lo = edge(first, -1);
    if (end < side_) hi = edge(end, 1);
  };
  Box b;
  span(cx, bounds_.x, cellW_, b.minX, b.maxX);
  span(cy, bounds_.y, cellH_, b.minY, b.maxY);
  return b;
}

bool LinearQuadtree::push(const Reached& r) const {
  if (!growTo(heap_, heap_.size() + 1)) return false;
  heap_.push_back(r);
  std::push_heap(heap_.begin(), heap_.end(), later);
  return true;
}

// found_ holds the `most` nearest so far (room made), the furthest on top.
void LinearQuadtree::keepNearest(double d, int32_t id, size_t most) const {
  if (found_.size() == most) {
    if (!(d < found_.front().key)) return;
    std::pop_heap(found_.begin(), found_.end(), nearer);
    found_.pop_back();
  }
  found_.push_back({d, id, -1});
  std::push_heap(found_.begin(), found_.end(), nearer);
}

void LinearQuadtree::takeNearest(std::vector<int32_t>& out) const {  // the furthest popped first, placed last
  const size_t from = out.size();
  out.resize(from + found_.size());  // (room: the caller's, one per id)
  for (size_t n = found_.size(); n > 0; --n) {
    std::pop_heap(found_.begin(), found_.begin() + n, nearer);
    out[from + n - 1] = found_[n - 1].ref;
  }
}

bool LinearQuadtree::windowed() const {
  const double area = bounds_.w * bounds_.h;
  return area > 0 && area < kInfinity && growTo(window_, idSpan());
}

// The area each object has to itself around (px, py): of the nodes holding the point's cell, the
// deepest whose subtree holds at least `enough` objects tells (hot spots and sparse parts of a
// scene differ); the tree's average, else. (Bounds of a finite area > 0.)
double LinearQuadtree::shareAround(double px, double py, double enough) const {
  relinked();  // (the counts)
  const int32_t cx = cell(px, bounds_.x, scaleX_), cy = cell(py, bounds_.y, scaleY_);
  for (int32_t k = 0; k < depth_; ++k) {
    const int32_t held = nodes_[index(depth_ - k, cx >> k, cy >> k)].count;
    if (held >= enough) return cellW_ * cellH_ * double(int64_t(1) << (2 * k)) / double(held);
  }
  return bounds_.w * bounds_.h / double(size_);
}

// The rect around the points at a and b along the ray, a little wider than the stretch between
// them so that rounding its edges loses nothing on it.
Rect LinearQuadtree::stretch(double ox, double oy, double ux, double uy, double a, double b) {
  const double x0 = ox + a * ux, y0 = oy + a * uy, x1 = ox + b * ux, y1 = oy + b * uy;
  const double slack = (std::fabs(ox) + std::fabs(oy) + b) * 1e-12 + 1e-300;
  const double left = std::min(x0, x1) - slack, top = std::min(y0, y1) - slack;
  return {left, top, std::max(x0, x1) + slack - left, std::max(y0, y1) + slack - top};
}

// Where objects are dense, a window around the point answers: once `most` of the objects in it
// lie within its inscribed circle, nothing outside is nearer. The window starts at about the
// area that many objects have to themselves, then grows; false: it did not answer (or no room),
// and the walk does.
bool LinearQuadtree::nearestAround(double px, double py, size_t most, double maxDistance, std::vector<int32_t>& out) const {
  if (!windowed()) return false;
  const bool runs = readsRuns();
  // A circle that holds about most + 2 sqrt(most) + 2 objects where they are spread evenly: one
  // that holds fewer than `most` is rare (2 % at k = 10). The area each object has to itself is
  // the tree's on average, or, nearer the point, that of the deepest node holding the point's cell
  // whose objects are many enough to tell (hot spots and sparse parts of a scene).
  const double expected = double(most) + 2 * std::sqrt(double(most)) + 2;
  double r = std::max(std::sqrt(expected * shareAround(px, py, 4 * expected) / 3.141592653589793),
                      boxDistance(Box{bounds_.x, bounds_.y, bounds_.x + bounds_.w, bounds_.y + bounds_.h}, px, py));
  for (int tries = 0; tries < 3; ++tries, r *= 3) {
    const double reach = std::min(r, maxDistance);
    // A little wider than the circle, so that rounding the window's edges loses nothing in it.
    const double half = reach * (1 + 1e-12) + (std::fabs(px) + std::fabs(py)) * 1e-12 + 1e-300;
    const Rect window{px - half, py - half, 2 * half, 2 * half};
    found_.clear();
    auto keep = [&](int32_t id, const Rect& rect) {
      const double d = distanceTo(id, rect, px, py);
      if (d <= reach) keepNearest(d, id, most);
    };
    if (runs) {  // (no box test first: the distance is the test)
      eachRun(cellsOf(window), keep);
    } else {
      window_.clear();
      query(window, nullptr, &window_, false);
      for (const int32_t id : window_) keep(id, rects_[id]);
    }
    if (found_.size() < most && reach < maxDistance) continue;
    takeNearest(out);
    return true;
  }
  return false;
}

// The walk both share: from the root, the node with the smallest key first, while worth(key);
// each node's objects to visit(id), then its children that hold objects, keyed by key(box) and
// pushed if worth it. False: no room for the heap.
template <class Key, class Worth, class Visit>
bool LinearQuadtree::bestFirst(Key key, Worth worth, Visit visit) const {
  const Objects objects = objectsOf();
  heap_.clear();
  const double rootKey = key(nodeBox(0, 0, 0));
  bool room = !worth(rootKey) || push({rootKey, 0, 0});
  while (room && !heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Reached r = heap_.back();
    heap_.pop_back();
    if (!worth(r.key)) break;  // (nothing left can do better)
    objects.each(r.ref, visit);
    if (r.level == depth_) continue;
    const int32_t local = r.ref - offsets_[r.level], l = r.level + 1;
    const int32_t cx = 2 * (local & ((int32_t(1) << r.level) - 1)), cy = 2 * (local >> r.level);
    for (int32_t q = 0; q < 4 && room; ++q) {
      const int32_t x = cx + (q & 1), y = cy + (q >> 1), n = index(l, x, y);
      if (nodes_[n].count == 0) continue;
      const double k = key(nodeBox(l, x, y));
      room = !worth(k) || push({k, n, l});
    }
  }
  heap_.clear();
  return room;
}

bool LinearQuadtree::nearest(double px, double py, int32_t k, double maxDistance, std::vector<int32_t>& out) const {
  if (size_ == 0 || k <= 0) return true;
  const size_t most = std::min(size_t(k), size_t(size_));
  if (!growTo(found_, most)) return false;
  if (nearestAround(px, py, most, maxDistance, out)) return true;
  found_.clear();
  // The k nearest so far, the furthest of them on top: what a node must beat to be worth a look.
  auto worth = [&](double key) { return found_.size() < most ? key <= maxDistance : key < found_.front().key; };
  const bool room = bestFirst([&](const Box& b) { return boxDistance(b, px, py); }, worth, [&](int32_t id) {
    const double d = distanceTo(id, rects_[id], px, py);
    if (d <= maxDistance) keepNearest(d, id, most);
  });
  if (room) takeNearest(out);
  return room;
}

// The ray a stretch at a time, each stretch's rect a query of the nodes: the first stretch whose
// objects hold a hit within it answers (an object the ray reaches there meets the stretch, and
// none before it was missed). Stretches of about twice the distance between objects; after 16 of
// them, or with no room, false: the walk answers.
bool LinearQuadtree::raycastAlong(double ox, double oy, double ux, double uy, double maxDistance, int32_t& id,
                                  double& distance) const {
  if (!windowed()) return false;
  const double step = 2 * std::sqrt(shareAround(ox, oy, 16));
  for (int32_t i = 0; i < 16; ++i) {
    const double a = i * step, b = std::min((i + 1) * step, maxDistance);
    window_.clear();
    query(stretch(ox, oy, ux, uy, a, b), nullptr, &window_, false);
    double best = b;
    for (const int32_t o : window_) {
      const double t = entryOf(o, ox, oy, ux, uy);
      if (firstHit(t, o, best, id)) best = t, id = o;
    }
    if (id >= 0) distance = best;
    if (id >= 0 || b >= maxDistance) return true;
  }
  return false;
}

bool LinearQuadtree::raycast(double ox, double oy, double ux, double uy, double maxDistance, int32_t& id,
                             double& distance) const {
  id = -1;
  distance = kInfinity;
  if (size_ == 0 || raycastAlong(ox, oy, ux, uy, maxDistance, id, distance)) return true;
  double best = maxDistance;  // nothing further along counts
  // Whether a node entered at `key` may hold a hit that beats the best so far (or ties it with a
  // smaller id).
  auto worth = [&](double key) { return key <= best && key < kInfinity; };
  const bool room = bestFirst([&](const Box& b) { return boxRayEntry(b, ox, oy, ux, uy); }, worth, [&](int32_t o) {
    const double t = entryOf(o, ox, oy, ux, uy);
    if (firstHit(t, o, best, id)) best = t, id = o;
  });
  if (!room) id = -1;
  if (id >= 0) distance = best;
  return room;
}

}  // namespace qt
