#include "bulk/bulk_rects.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "base/abi.h"

namespace qt {

namespace {

// A band is this much taller than the tallest rect, a column this much wider than the widest: the
// slack that lets a band's index, computed in doubles, never put two overlapping rects two bands
// apart.
constexpr double kMargin = 1 + 1.0 / 32;
// The most bands, and the most columns: a band's index is computed in floats, whose rounding stays
// under 1/128 of a band below this many (the margin above allows 1/65).
constexpr double kMostCells = 1 << 16;
// About one rect in four cells: bench/native/scale.cpp's fastest grid (bands twice a column).
constexpr double kCellsPerRect = 4;

// The pair (p, q) as ids, lower first, written at o[k]; kept (k moves on) only if they overlap.
// No branch on the test, which is a coin toss. The caller made room.
inline size_t keepIfOverlapping(const BulkRects::Rec& p, const BulkRects::Rec& q, int32_t* o, size_t k) {
  o[k] = std::min(p.id, q.id), o[k + 1] = std::max(p.id, q.id);
  const bool hit = (double(p.x) < double(q.x) + q.w) & (double(q.x) < double(p.x) + p.w) &
                   (double(p.y) < double(q.y) + q.h) & (double(q.y) < double(p.y) + p.h);
  return k + 2 * size_t(hit);
}

}  // namespace

bool BulkRects::reserve(int32_t capacity) {
  if (capacity < 0 || !growTo(rects_, 4 * size_t(capacity))) return false;
  if (rects_.size() < 4 * size_t(capacity)) rects_.resize(4 * size_t(capacity));
  return true;
}

size_t BulkRects::heldBytes() const {
  return rects_.capacity() * sizeof(float) + (recs_.capacity() + here_.capacity() + next_.capacity()) * sizeof(Rec) +
         (bandStart_.capacity() + fill_.capacity() + hereStart_.capacity() + nextStart_.capacity() + pairs_.capacity()) *
             sizeof(int32_t);
}

int32_t BulkRects::Plan::band(float y) const {
  return int32_t(std::min(lastBand, std::max(0.0f, (y - top) * perBand)));
}
int32_t BulkRects::Plan::column(float x) const {
  return int32_t(std::min(lastColumn, std::max(0.0f, (x - left) * perColumn)));
}

BulkRects::Plan BulkRects::Plan::fit(const Extent& e, int32_t count) {
  // The world the rects lie in, widened a sixteenth each side so that rects moving out a little
  // keep the plan.
  const double spanX = e.maxX - e.minX + e.maxW, spanY = e.maxY - e.minY + e.maxH;
  const double cell = spanX * spanY / (kCellsPerRect * std::max(count, 1));
  // At most about 2 bands and 2 columns a rect (a band's columns are arrays): a world much wider
  // than it is tall, or the reverse, gets wider cells. (A sum that overflowed, and rects all of
  // size 0 at one point, leave the sizes to the other terms, or to any size at all.)
  const double most = std::min(2.0 * count + 64, kMostCells);
  const double square = std::sqrt(cell / 2);
  Plan p;
  p.columnWidth = std::max({e.maxW * kMargin, square < HUGE_VAL ? square : 0, spanX * 9 / 8 / most});
  if (!(p.columnWidth > 0)) p.columnWidth = 1;
  const double tall = cell / p.columnWidth;
  p.bandHeight = std::max({e.maxH * kMargin, tall < HUGE_VAL ? tall : 0, spanY * 9 / 8 / most});
  if (!(p.bandHeight > 0)) p.bandHeight = 1;
  p.x0 = e.minX - spanX / 16, p.y0 = e.minY - spanY / 16;
  p.columns = int32_t(std::min(most, std::floor(spanX * 9 / 8 / p.columnWidth) + 1));
  p.bands = int32_t(std::min(most, std::floor(spanY * 9 / 8 / p.bandHeight) + 1));
  p.left = float(std::max(p.x0, -double(FLT_MAX))), p.top = float(std::max(p.y0, -double(FLT_MAX)));
  p.perColumn = float(1 / p.columnWidth), p.perBand = float(1 / p.bandHeight);
  p.lastColumn = float(p.columns - 1), p.lastBand = float(p.bands - 1);
  p.valid = true;
  return p;
}

bool BulkRects::Plan::serves(const Extent& e, const Plan& fitted) const {
  if (!valid) return false;
  // Correct: no rect wider than a column or taller than a band. Rects outside the grid are in its
  // edge bands and columns, correct too, but crowded there: a new plan when they lie a cell out.
  const bool sized = e.maxW * kMargin <= columnWidth && e.maxH * kMargin <= bandHeight;
  const bool inside = e.minX >= x0 - columnWidth && e.minY >= y0 - bandHeight &&
                      e.maxX <= x0 + (columns + 1) * columnWidth && e.maxY <= y0 + (bands + 1) * bandHeight;
  // Fast: cells not more than twice the fitted ones' size, nor a grid twice as many cells.
  const bool close = columnWidth <= 2 * fitted.columnWidth && bandHeight <= 2 * fitted.bandHeight &&
                     double(columns) * bands <= 2 * double(fitted.columns) * fitted.bands + 64;
  return sized && inside && close;
}

// The extent of the first `count` rects into `e`, and with `countBands`, each band's rects counted
// into bandStart_ by the plan as it stands. False: a rect is bad (badRect_ names it).
bool BulkRects::measure(int32_t count, Extent& e, bool countBands) {
  const float* r = rects_.data();
  // lane by lane over x, y, w, h (a vector's worth): the least and greatest of each, and their
  // sum of v - v, 0 while every number is finite (NaN from the first that is not)
  float lo[4] = {HUGE_VALF, HUGE_VALF, HUGE_VALF, HUGE_VALF}, hi[4] = {-HUGE_VALF, -HUGE_VALF, 0, 0}, nan[4] = {};
  int32_t* start = bandStart_.data();
  for (int32_t i = 0; i < count; ++i, r += 4) {
    for (int k = 0; k < 4; ++k) lo[k] = std::min(lo[k], r[k]), hi[k] = std::max(hi[k], r[k]), nan[k] += r[k] - r[k];
    if (countBands) ++start[plan_.band(r[1]) + 1];
  }
  const float finite = nan[0] + nan[1] + nan[2] + nan[3], smallest = std::min(lo[2], lo[3]);
  const float minX = lo[0], minY = lo[1], maxX = hi[0], maxY = hi[1], maxW = hi[2], maxH = hi[3];
  if (!(finite == 0 && smallest >= 0)) {
    r = rects_.data();
    for (badRect_ = 0; badRect_ < count; ++badRect_, r += 4) {
      if (!(std::isfinite(r[0]) && std::isfinite(r[1]) && std::isfinite(r[2]) && std::isfinite(r[3]) && r[2] >= 0 && r[3] >= 0)) break;
    }
    return false;
  }
  e = Extent{minX, minY, maxX, maxY, maxW, maxH};
  return true;
}

void BulkRects::countBands(int32_t count) {
  const float* r = rects_.data();
  int32_t* start = bandStart_.data();
  for (int32_t i = 0; i < count; ++i) ++start[plan_.band(r[4 * size_t(i) + 1]) + 1];
}

// Each rect with its id into its band, in id order: recs_ by band, from bandStart_'s counts.
bool BulkRects::scatter(int32_t count) {
  if (!sizedTo(recs_, size_t(count)) || !sizedTo(fill_, size_t(plan_.bands))) return false;
  int32_t* start = bandStart_.data();
  for (int32_t b = 0; b < plan_.bands; ++b) start[b + 1] += start[b];
  std::copy(start, start + plan_.bands, fill_.begin());
  const float* r = rects_.data();
  Rec* recs = recs_.data();
  int32_t* fill = fill_.data();
  for (int32_t i = 0; i < count; ++i, r += 4) recs[fill[plan_.band(r[1])]++] = Rec{r[0], r[1], r[2], r[3], i};
  return true;
}

// Band `b`'s rects into `to`, by column (a counting sort); `start`: each column's first, with an
// empty column each side (column c at c + 1).
bool BulkRects::sortBand(int32_t b, std::vector<Rec>& to, std::vector<int32_t>& start) {
  const int32_t r0 = b < plan_.bands ? bandStart_[size_t(b)] : 0, r1 = b < plan_.bands ? bandStart_[size_t(b) + 1] : 0;
  if (!sizedTo(to, size_t(r1 - r0))) return false;
  std::fill(start.begin(), start.begin() + plan_.columns + 3, 0);
  const Rec* recs = recs_.data();
  int32_t* s = start.data();
  for (int32_t r = r0; r < r1; ++r) ++s[plan_.column(recs[r].x) + 2];
  for (int32_t c = 1; c < plan_.columns + 3; ++c) s[c] += s[c - 1];
  // s[c + 1] is column c's cursor while it fills, and then the first of column c + 1
  Rec* out = to.data();
  for (int32_t r = r0; r < r1; ++r) out[s[plan_.column(recs[r].x) + 1]++] = recs[r];
  // shift back: s[c + 1] the first of column c
  for (int32_t c = plan_.columns + 2; c > 0; --c) s[c] = s[c - 1];
  s[0] = 0;
  return true;
}

// The pairs of here_'s rects with here_'s and next_'s, written to pairs_ from `k` on.
bool BulkRects::pairBand(size_t& k) {
  const int32_t m = hereStart_[size_t(plan_.columns) + 2];
  const Rec* here = here_.data();
  const Rec* next = next_.data();
  const int32_t* hs = hereStart_.data();
  const int32_t* ns = nextStart_.data();
  int32_t* o = pairs_.data();
  for (int32_t a = 0; a < m; ++a) {
    const Rec& p = here[a];
    const int32_t c = plan_.column(p.x) + 1;
    // its column's later rects and the next column's; the three columns below it
    const int32_t r1 = hs[c + 2], b0 = ns[c - 1], b1 = ns[c + 2];
    const size_t most = 2 * size_t(r1 - a - 1 + b1 - b0);  // (room first: each candidate is written)
    if (pairs_.size() < k + most) {
      if (!sizedTo(pairs_, k + most + pairs_.size() / 2)) return false;
      o = pairs_.data();
    }
    for (int32_t b = a + 1; b < r1; ++b) k = keepIfOverlapping(p, here[b], o, k);
    for (int32_t b = b0; b < b1; ++b) k = keepIfOverlapping(p, next[b], o, k);
  }
  return true;
}

int32_t BulkRects::findPairs(int32_t count) {
  count = std::clamp(count, 0, capacity());
  badRect_ = -1;
  if (count == 0) return 0;
  Extent e;
  const bool counted = plan_.valid;
  if (counted) std::fill(bandStart_.begin(), bandStart_.begin() + plan_.bands + 1, 0);
  if (!measure(count, e, counted)) return kBadRect;
  const Plan fitted = Plan::fit(e, count);
  if (!plan_.serves(e, fitted)) {
    const size_t columns = size_t(fitted.columns) + 3;
    if (!sizedTo(bandStart_, size_t(fitted.bands) + 1) || !sizedTo(hereStart_, columns) || !sizedTo(nextStart_, columns))
      return kNoMemory;
    plan_ = fitted;
    std::fill(bandStart_.begin(), bandStart_.begin() + plan_.bands + 1, 0);
    countBands(count);
  }
  if (!scatter(count)) return kNoMemory;
  size_t k = 0;
  if (!sortBand(0, here_, hereStart_)) return kNoMemory;
  for (int32_t b = 0; b < plan_.bands; ++b) {
    if (!sortBand(b + 1, next_, nextStart_) || !pairBand(k)) return kNoMemory;
    std::swap(here_, next_);
    std::swap(hereStart_, nextStart_);
  }
  return int32_t(k / 2);
}

}  // namespace qt
