// LinearQuadtree::pairs(): bands of one level, each sorted by x and swept (linear_quadtree.h).
#include "linear/linear_quadtree.h"

#include "base/memory_guard.h"
#include "base/sort.h"

#include <algorithm>
#include <cmath>

namespace qt {

// Taller bands list fewer objects in two bands, but each object's sweep meets more of the band.
// Per object, pairs() costs about (1 + h / H) * (1 + 1.36 * d * w * (H + h)) for bands of height
// H, objects of mean height h and width w, and d objects per unit of area (fitted to the
// benchmark scene: 2-8, 2-20 and 10-40 px objects at 10,000 and 50,000; it picks the fastest level
// in each). Judged from a sample of up to 512 objects, among the levels around the one holding
// the most objects.
int32_t LinearQuadtree::bandLevel(const Rect* rects, int32_t ids, const int32_t* first) const {
  int32_t mode = 0;
  for (int32_t l = 1; l <= depth_; ++l)
    if (levels_[l] >= levels_[mode]) mode = l;
  const int32_t step = std::max(ids / 512, int32_t(1));
  double heights = 0, widths = 0;
  int32_t counted = 0;
  for (int32_t id = 0; id < ids; id += step) {
    const Rect& r = rects[id];
    if ((first ? first[id] < 0 : links_[id].node < 0) || !(r.w >= 0 && r.h >= 0)) continue;
    heights += r.h;
    widths += r.w;
    ++counted;
  }
  const double area = bounds_.w * bounds_.h;
  if (counted == 0 || !(scaleY_ > 0) || !(area > 0 && area < HUGE_VAL) || !(heights + widths < HUGE_VAL))
    return mode;
  const double h = heights / counted, w = widths / counted, d = size_ / area;
  auto cost = [&](int32_t l) {
    const double band = bounds_.h / double(int32_t(1) << l);
    return (1 + h / band) * (1 + 1.36 * d * w * (band + h));
  };
  int32_t best = mode;
  for (int32_t l = std::max(mode - 2, int32_t(0)); l <= std::min(mode + 1, depth_); ++l)
    if (cost(l) < cost(best)) best = l;
  return best;
}

// Bands: the rows of one level. Every object is listed in each band its cell range meets, and
// each band is put in order of x (the left edge as given), so two objects that overlap are both
// listed in some band, near each other. A sweep along each band tests each object against the
// ones after it that start before it ends (b.x < a.x + a.w is part of the overlap rule) and
// reports a pair only in the first band both are listed in, so once.
//
// pairs() and pairsOf() list the objects in one pass over their rects, each into its bands'
// rooms, laid out from the last call's counts with some to spare (list()); pairBands() does the
// rest.
void LinearQuadtree::pairs(std::vector<int32_t>& out) {
  const int32_t ids = int32_t(links_.size());
  if (size_ < 2) return;
  const size_t from = out.size();
  const Swept swept = shapes_.active() ? kBoxes : kAsGiven;
  if (!list(rects_.data(), nullptr, ids, swept, sweepLevel(rects_.data(), ids, nullptr)) || !pairBands(out))
    return void(noMemory_ = true);
  if (shapes_.active()) keepShapePairs(out, from, shapes_, rects_.data());
}

// The sweep of a tree with shapes met every box between corners; each pair's own rule decides.
void LinearQuadtree::keepShapePairs(std::vector<int32_t>& out, size_t from, const ShapeTable& shapes, const Rect* rects) {
  size_t kept = from;
  for (size_t i = from; i < out.size(); i += 2) {
    const int32_t a = out[i], b = out[i + 1];
    if (!shapesOverlap(shapes.shapeOf(a, rects[a]), shapes.shapeOf(b, rects[b]))) continue;
    out[kept++] = a;
    out[kept++] = b;
  }
  out.resize(kept);
}

void LinearQuadtree::pairsOf(const Rect* rects, const int32_t* first, int32_t span, std::vector<int32_t>& out,
                             const ShapeTable* shapes) {
  const Swept swept = shapes ? kWidened : kAsGiven;
  const size_t from = out.size();
  if (!list(rects, first, span, swept, sweepLevel(rects, span, first)) || !pairBands(out)) return void(noMemory_ = true);
  if (shapes) keepShapePairs(out, from, *shapes, rects);
}

int32_t LinearQuadtree::sweepLevel(const Rect* rects, int32_t ids, const int32_t* first) const {
  // The bands are the rows of bandLevel(); or coarser, if that could list objects more than 4
  // times on average (an object of level l meets at most 2 rows of level l, so at most
  // 2^(L - l + 1) rows of a level L >= l and 2 of a level L < l).
  int32_t level = bandLevel(rects, ids, first);
  for (;; --level) {
    int64_t listed = 0;
    for (int32_t l = 0; l <= depth_; ++l)
      listed += int64_t(levels_[l]) * (l <= level ? int64_t(2) << (level - l) : 2);
    if (listed <= 4 * int64_t(size_) || level == 0) break;
  }
  return level;
}

// An object's entry: its edges as the sweep reads them, with `top`, its first band.
LinearQuadtree::Entry LinearQuadtree::entryOf(const Rect& r, int32_t id, int32_t top, Swept swept) {
  Entry x{edgesOf(swept == kWidened ? widenedBound(r) : r), id, uint32_t(top)};
  // Every comparison with NaN is false, so such an object overlaps nothing. Edges that say so
  // without NaN keep the sweeps sound: it ends before anything starts and sorts first.
  Edges& g = x.edges;
  if (swept == kBoxes) {  // the box between the corners (a NaN stays, for the test below)
    if (g.x1 < g.x0) std::swap(g.x0, g.x1);
    if (g.y1 < g.y0) std::swap(g.y0, g.y1);
  }
  if (!(g.x0 == g.x0 && g.x1 == g.x1 && g.y0 == g.y0 && g.y1 == g.y1))
    g.x0 = g.x1 = g.y1 = -HUGE_VAL, g.y0 = HUGE_VAL;
  return x;
}

// Lists every present id (first[id] >= 0, or with no `first`, held by this tree) with its rect
// read as `swept` says, in each band of `level` its cell range meets: in one pass, into the rooms
// the last call laid out (rows_[b] up to roomEnd_[b] in entries_) when they are for the same
// bands; else, or once a room is full, after a pass that counts them.
bool LinearQuadtree::list(const Rect* rects, const int32_t* first, int32_t span, Swept swept, int32_t level) {
  const int32_t k = depth_ - level, bands = 1 << level;
  if (!sizedTo(rowEnd_, size_t(bands))) return false;
  auto rows = [&](int32_t id, int32_t& top, int32_t& bottom) {  // false: absent
    if (!first) {  // (this tree's own: its cells)
      top = cells_[id].y0 >> k, bottom = cells_[id].y1 >> k;
      return links_[id].node >= 0;
    }
    if (first[id] < 0) return false;  // (an absent id's rect is left over: never read)
    const Rect& placed = swept == kWidened ? widenedBound(rects[id]) : rects[id];
    const int32_t a = cell(placed.y, bounds_.y, scaleY_), z = cell(placed.y + placed.h, bounds_.y, scaleY_);
    top = std::min(a, z) >> k, bottom = std::max(a, z) >> k;
    return true;
  };
  for (;;) {
    if (!rooms_.serve(level, depth_, bounds_, swept)) {  // each band's count into rowEnd_, then rooms
      std::fill(rowEnd_.begin(), rowEnd_.begin() + bands, 0);
      for (int32_t id = 0, top, bottom; id < span; ++id)
        if (rows(id, top, bottom))
          for (int32_t b = top; b <= bottom; ++b) ++rowEnd_[b];
      if (!layOutRooms(level, swept)) return false;
    }
    std::copy(rows_.begin(), rows_.begin() + bands, rowEnd_.begin());
    Entry* e = entries_.data();
    int32_t* fill = rowEnd_.data();
    const int32_t* end = roomEnd_.data();
    bool fits = true;
    for (int32_t id = 0, top, bottom; id < span && fits; ++id) {
      if (!rows(id, top, bottom)) continue;
      const Entry x = entryOf(rects[id], id, top, swept);
      for (int32_t b = top; b <= bottom && (fits = fill[b] < end[b]); ++b) e[fill[b]++] = x;
    }
    if (fits) return true;
    rooms_.level = -1;  // (counted anew: then every room fits)
  }
}

// Each band's pairs, band by band; then the next call's rooms.
bool LinearQuadtree::pairBands(std::vector<int32_t>& out) {
  const Rooms listed = rooms_;  // (list() listed into these)
  const int32_t bands = 1 << listed.level;
  // Pairs are written past `used` before their test is known and kept by advancing it: about
  // half the candidates of crowded or large objects overlap, a branch no predictor learns.
  size_t used = out.size();
  int32_t* key = nullptr;
  for (int32_t b = 0; b < bands; ++b) {
    const Entry* from = entries_.data() + rows_[b];
    const int32_t n = rowEnd_[b] - rows_[b];
    if (n < 2) continue;
    if (band_.size() < size_t(n) || keys_.size() < size_t(n)) {
      if (!sizedTo(band_, std::max(band_.size(), size_t(n))) || !sizedTo(keys_, std::max(keys_.size(), size_t(n))))
        return out.resize(used), false;
    }
    key = keys_.data();
    Entry* w = band_.data();
    // Into x order: a counting sort into 2n buckets of equal width across the bounds (the
    // bucket of x is monotone in x), then an insertion sort, which then only has to order the
    // few entries that share a bucket; crowded buckets (objects outside the bounds, or packed
    // close) are shell-sorted first. keys_ is free again once the bands are listed.
    const int32_t buckets = 2 * n;
    if (!growTo(columns_, size_t(buckets) + 1)) return out.resize(used), false;
    columns_.resize(std::max(columns_.size(), size_t(buckets) + 1));
    int32_t* count = columns_.data();
    double scale = buckets / bounds_.w;
    if (!(scale > 0 && scale < HUGE_VAL)) scale = 0;
    const double last = buckets - 1;
    std::fill(count, count + buckets + 1, 0);
    int32_t crowd = 0;
    for (int32_t i = 0; i < n; ++i) {
      const double v = (from[i].edges.x0 - bounds_.x) * scale;  // NaN (inf - inf, 0 * inf): bucket 0
      key[i] = v > 0 ? int32_t(std::min(v, last)) : 0;
      crowd = std::max(crowd, ++count[key[i] + 1]);
    }
    for (int32_t i = 1; i <= buckets; ++i) count[i] += count[i - 1];
    for (int32_t i = 0; i < n; ++i) w[count[key[i]]++] = from[i];
    auto byX = [](const Entry& p, const Entry& o) { return p.edges.x0 < o.edges.x0; };
    for (int32_t q = 0, j = 0; crowd > 16 && q < buckets; j = count[q++])  // bucket q: [j, count[q])
      if (count[q] - j > 16) shellSort(w + j, w + count[q], byX);
    for (int32_t i = 1; i < n; ++i) {
      if (!byX(w[i], w[i - 1])) continue;
      const Entry v = w[i];
      int32_t j = i;
      for (; j > 0 && byX(v, w[j - 1]); --j) w[j] = w[j - 1];
      w[j] = v;
    }
    for (int32_t i = 0; i < n; ++i) {
      const Entry& a = w[i];
      const uint32_t band = uint32_t(b);
      const bool first = a.top == band;
      const size_t most = used + 2 * size_t(n - 1 - i);  // every later object a candidate
      if (out.size() < most) {
        if (!growTo(out, most)) return out.resize(used), false;
        out.resize(out.capacity());
      }
      int32_t* o = out.data();
      for (int32_t j = i + 1; j < n && w[j].edges.x0 < a.edges.x1; ++j) {
        const Entry& c = w[j];
        const bool hit = (first | (c.top == band)) & overlaps(a.edges, c.edges);
        o[used] = std::min(a.id, c.id);
        o[used + 1] = std::max(a.id, c.id);
        used += 2 * size_t(hit);
      }
    }
  }
  out.resize(used);
  // the next call's rooms: each band's count now
  for (int32_t b = 0; b < bands; ++b) rowEnd_[b] -= rows_[b];
  layOutRooms(listed.level, listed.swept);
  return true;
}

// Rooms for bands of `level` (rows_[b] up to roomEnd_[b] in entries_) from each band's count in
// rowEnd_: that count, an eighth more and 16 (2 for an empty band: a deep tree's bands are many),
// enough for what objects moving every frame bring (10,000 in a clustered scene filled them all;
// with a sixteenth and 2, one frame in nine counted anew). False: no room for them (and no rooms).
bool LinearQuadtree::layOutRooms(int32_t level, Swept swept) {
  const int32_t bands = 1 << level;
  rooms_.level = -1;
  if (!sizedTo(rows_, size_t(bands)) || !sizedTo(roomEnd_, size_t(bands))) return false;
  int32_t at = 0;
  for (int32_t b = 0; b < bands; ++b) {
    const int32_t n = rowEnd_[b];
    rows_[b] = at;
    at += n + n / 8 + std::min(n, 14) + 2;
    roomEnd_[b] = at;
  }
  const size_t total = size_t(at);
  // (grown with room for the layouts of the calls after, which vary a little)
  if (entries_.capacity() < total && !growTo(entries_, total + total / 16)) return false;
  if (!sizedTo(entries_, total)) return false;
  rooms_ = Rooms{level, depth_, bounds_, swept};
  return true;
}

}  // namespace qt
