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
int32_t LinearQuadtree::bandLevel(const Rect* rects, int32_t ids) const {
  int32_t mode = 0;
  for (int32_t l = 1; l <= depth_; ++l)
    if (levels_[l] >= levels_[mode]) mode = l;
  const int32_t step = std::max(ids / 512, int32_t(1));
  double heights = 0, widths = 0;
  int32_t counted = 0;
  for (int32_t id = 0; id < ids; id += step) {
    const Rect& r = rects[id];
    if (keys_[id] < 0 || !(r.w >= 0 && r.h >= 0)) continue;
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
// pairs() and pairsOf() differ only in where the objects come from: each writes keys_, per id the
// top and bottom rows of its cell range at the deepest level (cellsOf()'s y0 and y1) as
// y0 << 16 | y1, or -1 for an absent id; sweep() does the rest from keys_ and the rects.
void LinearQuadtree::pairs(std::vector<int32_t>& out) {
  const int32_t ids = int32_t(links_.size());
  if (size_ < 2) return;
  if (!growTo(keys_, size_t(ids))) return void(noMemory_ = true);
  keys_.resize(size_t(ids));
  for (int32_t id = 0; id < ids; ++id)
    keys_[id] = links_[id].node < 0 ? -1 : cells_[id].y0 << 16 | cells_[id].y1;
  const size_t from = out.size();
  if (!sweep(rects_.data(), ids, shapes_.active() ? kBoxes : kAsGiven, out)) return void(noMemory_ = true);
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
  if (!growTo(keys_, size_t(span))) return void(noMemory_ = true);
  keys_.resize(size_t(span));
  for (int32_t id = 0; id < span; ++id) {
    if (first[id] < 0) {  // (an absent id's rect is left over: never read)
      keys_[id] = -1;
      continue;
    }
    const Cells c = cellsOf(shapes ? widenedBound(rects[id]) : rects[id]);  // (inline: only its y0 and y1)
    keys_[id] = c.y0 << 16 | c.y1;
  }
  const size_t from = out.size();
  if (!sweep(rects, span, shapes ? kWidened : kAsGiven, out)) return void(noMemory_ = true);
  if (shapes) keepShapePairs(out, from, *shapes, rects);
}

bool LinearQuadtree::sweep(const Rect* rects, int32_t ids, Swept swept, std::vector<int32_t>& out) {
  // The bands are the rows of bandLevel(); or coarser, if that could list objects more than 4
  // times on average (an object of level l meets at most 2 rows of level l, so at most
  // 2^(L - l + 1) rows of a level L >= l and 2 of a level L < l).
  int32_t level = bandLevel(rects, ids);
  for (;; --level) {
    int64_t listed = 0;
    for (int32_t l = 0; l <= depth_; ++l)
      listed += int64_t(levels_[l]) * (l <= level ? int64_t(2) << (level - l) : 2);
    if (listed <= 4 * int64_t(size_) || level == 0) break;
  }
  const int32_t k = depth_ - level, bands = 1 << level;
  if (!growTo(rows_, size_t(bands) + 3)) return false;
  rows_.assign(size_t(bands) + 3, 0);
  int32_t* key = keys_.data();
  for (int32_t id = 0; id < ids; ++id) {  // now in bands: top << 16 | bottom
    if (key[id] < 0) continue;
    const int32_t top = (key[id] >> 16) >> k, bottom = (key[id] & 0xffff) >> k;
    key[id] = top << 16 | bottom;
    ++rows_[size_t(top) + 2];  // as differences: every band from top to bottom
    --rows_[size_t(bottom) + 3];
  }
  for (int32_t b = 0, length = 0, start = 0; b <= bands; start += length, ++b) {
    length += rows_[b + 2];  // rows_[b + 2] is read before it is overwritten
    rows_[b + 1] = start;
  }
  if (!growTo(entries_, size_t(rows_[bands + 1]))) return false;
  entries_.resize(size_t(rows_[bands + 1]));
  Entry* e = entries_.data();
  for (int32_t id = 0; id < ids; ++id) {
    if (key[id] < 0) continue;
    const int32_t top = key[id] >> 16, bottom = key[id] & 0xffff;
    Entry x{edgesOf(swept == kWidened ? widenedBound(rects[id]) : rects[id]), id, uint32_t(top)};
    // Every comparison with NaN is false, so such an object overlaps nothing. Edges that say so
    // without NaN keep the sweeps sound: it ends before anything starts and sorts first.
    Edges& g = x.edges;
    if (swept == kBoxes) {  // the box between the corners (a NaN stays, for the test below)
      if (g.x1 < g.x0) std::swap(g.x0, g.x1);
      if (g.y1 < g.y0) std::swap(g.y0, g.y1);
    }
    if (!(g.x0 == g.x0 && g.x1 == g.x1 && g.y0 == g.y0 && g.y1 == g.y1))
      g.x0 = g.x1 = g.y1 = -HUGE_VAL, g.y0 = HUGE_VAL;
    // Each scatter leaves a band's counter at the next band's start: rows_[b] ends as b's start.
    for (int32_t b = top; b <= bottom; ++b) e[rows_[b + 1]++] = x;
  }
  // Pairs are written past `used` before their test is known and kept by advancing it: about
  // half the candidates of crowded or large objects overlap, a branch no predictor learns.
  size_t used = out.size();
  for (int32_t b = 0; b < bands; ++b) {
    const Entry* from = e + rows_[b];
    const int32_t n = rows_[b + 1] - rows_[b];
    if (n < 2) continue;
    if (band_.size() < size_t(n)) {
      if (!growTo(band_, size_t(n))) return out.resize(used), false;
      band_.resize(size_t(n));
    }
    Entry* w = band_.data();
    // Into x order: a counting sort into 2n buckets of equal width across the bounds (the
    // bucket of x is monotone in x), then an insertion sort, which then only has to order the
    // few entries that share a bucket; crowded buckets (objects outside the bounds, or packed
    // close) are shell-sorted first. keys_ is free again once the bands are scattered: n <= ids.
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
  return true;
}

}  // namespace qt
