#include "bulk/bulk_rects.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "base/abi.h"
#include "base/geometry.h"

namespace qt {

namespace {

// A band is this much taller than the tallest rect, a column this much wider than the widest: the
// slack that lets a band's index, computed in floats, never put two overlapping rects two bands
// apart.
constexpr double kMargin = 1 + 1.0 / 32;
// The most bands, and the most columns: a band's index is computed in floats, whose rounding stays
// under 1/128 of a band below this many (the margin above allows 1/65).
constexpr double kMostCells = 1 << 16;
// About one rect in four cells (bench/README.md: 2, 3 and 6 were no faster).
constexpr double kCellsPerRect = 4;

// The pair (p, q) as ids, lower first, written at o[k]; kept (k moves on) only if they overlap,
// by the one rule (geometry.h, in doubles: sums of floats are exact there), with no branch on the
// test, which is a coin toss. The caller made room.
inline size_t keepIfOverlapping(const BulkRects::Rec& p, const BulkRects::Rec& q, int32_t* o, size_t k) {
  o[k] = std::min(p.id, q.id), o[k + 1] = std::max(p.id, q.id);
  return k + 2 * size_t(overlaps(Rect{p.x, p.y, p.w, p.h}, Rect{q.x, q.y, q.w, q.h}));
}

}  // namespace

bool BulkRects::reserve(int32_t capacity) {
  if (capacity < 0 || !growTo(rects_, 4 * size_t(capacity))) return false;
  if (rects_.size() < 4 * size_t(capacity)) rects_.resize(4 * size_t(capacity));
  return true;
}

size_t BulkRects::heldBytes() const {
  size_t bytes = rects_.capacity() * sizeof(float);
  for (const std::vector<Rec>* v : {&recs_, &spillByBand_}) bytes += v->capacity() * sizeof(Rec);
  for (const std::vector<int32_t>* v : {&roomStart_, &roomEnd_, &fill_, &spillStart_, &rectsBefore_, &pairs_}) bytes += v->capacity() * sizeof(int32_t);
  for (const Part& p : parts_) bytes += p.spill.capacity() * sizeof(Rec);
  for (const Lane& l : lanes_) {
    bytes += (l.here.capacity() + l.next.capacity()) * sizeof(Rec);
    for (const std::vector<int32_t>* v : {&l.hereColumn, &l.nextColumn, &l.hereStart, &l.nextStart, &l.columnOf, &l.pairs})
      bytes += v->capacity() * sizeof(int32_t);
  }
  return bytes;
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

// The first bad rect, into badRect_ (the pass over them saw one).
QT_COLD bool BulkRects::findBad(int32_t count) {
  const float* r = rects_.data();
  for (badRect_ = 0; badRect_ < count; ++badRect_, r += 4) {
    if (!(std::isfinite(r[0]) && std::isfinite(r[1]) && std::isfinite(r[2]) && std::isfinite(r[3]) && r[2] >= 0 && r[3] >= 0)) break;
  }
  return true;
}

// A room for each part's rects in each band as they were counted in fill_, and some more for rects
// moving in: roomStart_ and roomEnd_, band by band in recs_, as long as they come to.
bool BulkRects::layOut() {
  const int32_t bands = plan_.bands, parts = partsLaidOut_;
  const int32_t* n = fill_.data();
  int32_t at = 0;
  for (int32_t b = 0; b < bands; ++b) {
    for (int32_t t = 0; t < parts; ++t) {
      const int32_t i = t * bands + b;
      roomStart_[size_t(i)] = at;
      at += n[i] + n[i] / 16 + 2;
      roomEnd_[size_t(i)] = at;
    }
  }
  // (grown with room for the layouts of the frames after, which vary a little: not by half again)
  const size_t total = size_t(at);
  if (recs_.capacity() < total && !growTo(recs_, total + total / 16)) return false;
  return sizedTo(recs_, total);
}

// How many rects of each part each band has by the plan (into fill_).
QT_COLD void BulkRects::countParts() {
  const int32_t bands = plan_.bands, parts = partsLaidOut_;
  std::fill(fill_.begin(), fill_.begin() + std::ptrdiff_t(parts) * bands, 0);
  const float* r = rects_.data();
  for (int32_t t = 0; t < parts; ++t) {
    int32_t* n = fill_.data() + std::ptrdiff_t(t) * bands;
    const int32_t end = int32_t(int64_t(count_) * (t + 1) / parts);
    for (int32_t i = int32_t(int64_t(count_) * t / parts); i < end; ++i) ++n[plan_.band(r[4 * size_t(i) + 1])];
  }
}

QT_COLD int32_t BulkRects::beginScatter(int32_t count, int32_t parts) {
  count_ = std::clamp(count, 0, capacity());
  partsWanted_ = std::clamp(parts, 1, kMostLanes);
  badRect_ = -1;
  if (!sizedTo(parts_, size_t(partsWanted_))) return kNoMemory;
  scattered_ = false;
  // Room for a sixteenth of the rects to move to a band whose room is full.
  for (int32_t t = 0; t < partsWanted_; ++t) {
    Part& p = parts_[t];
    p.spillRoom = (count_ / 16 + 64) / partsWanted_ + 16;
    if (!sizedTo(p.spill, size_t(p.spillRoom))) return kNoMemory;
    p.seen = Seen(), p.spilled = 0, p.roomy = true;
  }
  scattered_ = plan_.valid && partsLaidOut_ == partsWanted_ && count_ > 0;  // (then each part scatters)
  return scattered_ ? 1 : 0;
}

// Each rect of the part's ids with its id into its part's room of its band, in id order; a rect
// whose room is full goes to the part's spill. The part sees every rect.
__attribute__((noinline)) void BulkRects::scatterPart(int32_t part) {  // (one copy, for speed)
  Part& p = parts_[part];
  const int32_t bands = plan_.bands, parts = partsLaidOut_;
  const int32_t* end = roomEnd_.data() + std::ptrdiff_t(part) * bands;
  int32_t* fill = fill_.data() + std::ptrdiff_t(part) * bands;
  std::copy(roomStart_.data() + std::ptrdiff_t(part) * bands, roomStart_.data() + std::ptrdiff_t(part + 1) * bands, fill);
  const int32_t first = int32_t(int64_t(count_) * part / parts), last = int32_t(int64_t(count_) * (part + 1) / parts);
  const float* r = rects_.data() + 4 * size_t(first);
  Rec* recs = recs_.data();
  Rec* spill = p.spill.data();
  int32_t spilled = 0;
  const int32_t spillRoom = p.spillRoom;
  bool roomy = true;
  Seen seen;  // (a local: the stores to recs could alias a member)
  for (int32_t i = first; i < last; ++i, r += 4) {
    seen.add(r);
    const int32_t b = plan_.band(r[1]), at = fill[b];
    const Rec rec{r[0], r[1], r[2], r[3], i};
    if (at < end[b]) {
      recs[at] = rec, fill[b] = at + 1;
    } else if (spilled < spillRoom) {
      spill[spilled++] = rec;
    } else {
      roomy = false;
    }
  }
  p.seen = seen, p.spilled = spilled, p.roomy = roomy;
}

// A plan laid out anew for partsWanted_ parts: the rects counted by part and band, their rooms, and
// each part scattered (nothing spills: each room has room for its count).
QT_COLD bool BulkRects::relayOut(const Plan& plan) {
  const size_t rooms = size_t(plan.bands) * size_t(partsWanted_);
  if (!sizedTo(roomStart_, rooms) || !sizedTo(roomEnd_, rooms) || !sizedTo(fill_, rooms)) return false;
  plan_ = plan;
  partsLaidOut_ = partsWanted_;
  countParts();
  if (!layOut()) return (plan_.valid = false);
  for (int32_t t = 0; t < partsLaidOut_; ++t) scatterPart(t);
  return true;
}

int32_t BulkRects::settle() {
  Seen seen;
  bool roomy = scattered_;
  if (scattered_) {
    for (int32_t t = 0; t < partsWanted_; ++t) seen.add(parts_[t].seen), roomy &= parts_[t].roomy;
  } else {
    for (int32_t i = 0; i < count_; ++i) seen.add(&rects_[4 * size_t(i)]);
  }
  if (!seen.good() && findBad(count_)) return kBadRect;
  if (count_ == 0) {  // (nothing to plan: no band)
    plan_ = Plan();
    partsLaidOut_ = 0;
    spilled_ = 0;
    return 0;
  }
  const Extent e = seen.extent();
  const Plan fitted = Plan::fit(e, count_);
  const bool serves = plan_.serves(e, fitted);
  // (a plan that no longer serves, or no scatter yet, or rects that did not all fit: laid out anew)
  if (!serves || !roomy) {
    for (int32_t t = 0; t < partsWanted_; ++t) parts_[t].spilled = 0, parts_[t].roomy = true;
    if (!relayOut(serves ? plan_ : fitted)) return kNoMemory;
  }
  spilled_ = 0;
  for (int32_t t = 0; t < partsLaidOut_; ++t) spilled_ += parts_[t].spilled;
  if (spilled_ > 0 && !sortSpills()) return kNoMemory;
  const int32_t bands = plan_.bands;
  // each band's rects, and the rects before each band (splitBands())
  if (!sizedTo(rectsBefore_, size_t(bands) + 1)) return kNoMemory;
  mostInBand_ = 0;
  rectsBefore_[0] = 0;
  for (int32_t b = 0; b < bands; ++b) {
    int32_t m = spilled_ > 0 ? spillStart_[size_t(b) + 1] - spillStart_[size_t(b)] : 0;
    for (int32_t t = 0; t < partsLaidOut_; ++t) m += fill_[size_t(t * bands + b)] - roomStart_[size_t(t * bands + b)];
    mostInBand_ = std::max(mostInBand_, m);
    rectsBefore_[size_t(b) + 1] = rectsBefore_[size_t(b)] + m;
  }
  return bands;
}

int32_t BulkRects::prepare(int32_t count) {
  const int32_t go = beginScatter(count, 1);
  if (go < 0) return go;
  if (go == 1) scatterPart(0);
  return settle();
}

// The parts' spilled rects by band: spillStart_ (from spillStart_[b] up to spillStart_[b + 1], in
// spillByBand_).
QT_COLD bool BulkRects::sortSpills() {
  if (!sizedTo(spillStart_, size_t(plan_.bands) + 1) || !sizedTo(spillByBand_, size_t(spilled_))) return false;
  int32_t* s = spillStart_.data();
  std::fill(s, s + plan_.bands + 1, 0);
  for (int32_t t = 0; t < partsLaidOut_; ++t)
    for (int32_t i = 0; i < parts_[t].spilled; ++i) ++s[plan_.band(parts_[t].spill[size_t(i)].y) + 1];
  for (int32_t b = 0; b < plan_.bands; ++b) s[b + 1] += s[b];
  for (int32_t t = 0; t < partsLaidOut_; ++t)
    for (int32_t i = 0; i < parts_[t].spilled; ++i) spillByBand_[size_t(s[plan_.band(parts_[t].spill[size_t(i)].y)]++)] = parts_[t].spill[size_t(i)];
  for (int32_t b = plan_.bands; b > 0; --b) s[b] = s[b - 1];
  s[0] = 0;
  return true;
}

// Band `b`'s rects (its parts' rooms in recs_, and its spilled ones) into the lane's `here` (or
// `next`), by column (a counting sort), with their columns; and each column's first, with an empty
// column each side (column c at c + 1). The lane has room (readyLanes()).
void BulkRects::sortBand(int32_t b, Lane& lane, bool next) const {
  // the band's runs of rects: a room a part, then its spills
  const Rec* run[kMostLanes + 1];
  int32_t length[kMostLanes + 1], runs = 0;
  if (b < plan_.bands) {
    for (int32_t t = 0; t < partsLaidOut_; ++t) {
      const size_t i = size_t(t * plan_.bands + b);
      run[runs] = recs_.data() + roomStart_[i], length[runs++] = fill_[i] - roomStart_[i];
    }
    if (spilled_ > 0) run[runs] = spillByBand_.data() + spillStart_[size_t(b)], length[runs++] = spillStart_[size_t(b) + 1] - spillStart_[size_t(b)];
  }
  int32_t* s = (next ? lane.nextStart : lane.hereStart).data();
  std::fill(s, s + plan_.columns + 3, 0);
  int32_t* of = lane.columnOf.data();
  // Counted two places up, summed, then s[c + 1] is column c's cursor: filled, it is the first of
  // column c + 1, and so s[c] the first of column c, with no pass to shift them back.
  int32_t m = 0;
  for (int32_t k = 0; k < runs; ++k)
    for (int32_t r = 0; r < length[k]; ++r) ++s[(of[m++] = plan_.column(run[k][r].x) + 1) + 2];
  for (int32_t c = 1; c < plan_.columns + 3; ++c) s[c] += s[c - 1];
  Rec* out = (next ? lane.next : lane.here).data();
  int32_t* outColumn = (next ? lane.nextColumn : lane.hereColumn).data();
  m = 0;
  for (int32_t k = 0; k < runs; ++k) {
    for (int32_t r = 0; r < length[k]; ++r, ++m) {
      const int32_t at = s[of[m] + 1]++;
      out[at] = run[k][r];
      outColumn[at] = of[m];
    }
  }
}

// The pairs of the lane's `here` rects with `here`'s and `next`'s, written to its pairs; false,
// with `written` where it was, when they need more room than it has.
bool BulkRects::pairBand(Lane& lane) const {
  const int32_t m = lane.hereStart[size_t(plan_.columns) + 2];
  const Rec* here = lane.here.data();
  const Rec* next = lane.next.data();
  const int32_t* column = lane.hereColumn.data();
  const int32_t* hs = lane.hereStart.data();
  const int32_t* ns = lane.nextStart.data();
  int32_t* o = lane.pairs.data();
  const size_t room = lane.pairs.size();
  size_t k = lane.written;
  for (int32_t a = 0; a < m; ++a) {
    const Rec& p = here[a];
    const int32_t c = column[a];
    // its column's later rects and the next column's; the three columns below it
    const int32_t r1 = hs[c + 2], b0 = ns[c - 1], b1 = ns[c + 2];
    const int32_t n1 = r1 - a - 1, total = n1 + b1 - b0;
    if (room < k + 2 * size_t(total)) return false;  // (room first: each candidate is written)
    // One loop over both runs (a loop's exit is a branch that mispredicts: one, not two)
    const Rec* first = here + a + 1;
    for (int32_t t = 0; t < total; ++t) k = keepIfOverlapping(p, t < n1 ? first[t] : next[b0 + t - n1], o, k);
  }
  lane.written = k;
  return true;
}

int32_t BulkRects::splitBands(int32_t lane, int32_t lanes) const {
  const int32_t bands = plan_.bands;
  if (lane <= 0 || bands == 0) return 0;
  if (lane >= lanes) return bands;
  // the first band with at least lane / lanes of the rects before it
  const int64_t before = int64_t(rectsBefore_[size_t(bands)]) * lane / lanes;
  return int32_t(std::lower_bound(rectsBefore_.begin(), rectsBefore_.begin() + bands + 1, before) - rectsBefore_.begin());
}

QT_COLD bool BulkRects::readyLanes(int32_t lanes) {
  lanes = std::clamp(lanes, 1, kMostLanes);
  if (!sizedTo(lanes_, size_t(lanes))) return false;
  const size_t m = size_t(mostInBand_), columns = size_t(plan_.columns) + 3;
  for (int32_t i = 0; i < lanes; ++i) {
    Lane& l = lanes_[i];
    if (!sizedTo(l.here, m) || !sizedTo(l.next, m) || !sizedTo(l.hereColumn, m) || !sizedTo(l.nextColumn, m) ||
        !sizedTo(l.columnOf, m) || !sizedTo(l.hereStart, columns) || !sizedTo(l.nextStart, columns) ||
        !sizedTo(l.pairs, size_t(256)))
      return false;
    l.written = 0;
  }
  lanesReady_ = lanes;
  return true;
}

int32_t BulkRects::pairBands(int32_t lane, int32_t begin, int32_t end) {
  Lane& l = lanes_[lane];
  sortBand(begin, l, false);
  for (int32_t b = begin; b < end; ++b) {
    sortBand(b + 1, l, true);
    if (!pairBand(l)) return b;
    std::swap(l.here, l.next);
    std::swap(l.hereColumn, l.nextColumn);
    std::swap(l.hereStart, l.nextStart);
  }
  return end;
}

QT_COLD bool BulkRects::grow(int32_t lane) {
  Lane& l = lanes_[lane];
  // enough for any one band's pairs to go on (a rect's candidates are at most its band's and the next's)
  return sizedTo(l.pairs, l.pairs.size() + l.pairs.size() / 2 + 4 * size_t(mostInBand_) + 256);
}

// The lanes' pairs, `total` ints, one after the other in pairs_.
QT_COLD bool BulkRects::joinLanes(size_t total) {
  if (!sizedTo(pairs_, total)) return false;
  size_t at = 0;
  for (int32_t i = 0; i < lanesReady_; ++i) {
    std::copy(lanes_[i].pairs.begin(), lanes_[i].pairs.begin() + std::ptrdiff_t(lanes_[i].written), pairs_.begin() + std::ptrdiff_t(at));
    at += lanes_[i].written;
  }
  answer_ = pairs_.data();
  return true;
}

int32_t BulkRects::finish() {
  size_t total = 0;
  for (int32_t i = 0; i < lanesReady_; ++i) total += lanes_[i].written;
  if (lanesReady_ <= 1) answer_ = lanes_[0].pairs.data();
  else if (!joinLanes(total)) return kNoMemory;
  // The next frame's rooms: each part's count now in each band (in fill_), and some more.
  const size_t rooms = size_t(plan_.bands) * size_t(partsLaidOut_);
  for (size_t i = 0; i < rooms; ++i) fill_[i] -= roomStart_[i];
  for (int32_t t = 0; t < partsLaidOut_; ++t)
    for (int32_t i = 0; i < parts_[t].spilled; ++i) ++fill_[size_t(t * plan_.bands + plan_.band(parts_[t].spill[size_t(i)].y))];
  if (plan_.bands > 0 && !layOut()) plan_.valid = false;
  return int32_t(total / 2);
}

int32_t BulkRects::findPairs(int32_t count) {
  const int32_t bands = prepare(count);
  if (bands < 0) return bands;
  if (!readyLanes(1)) return kNoMemory;
  for (int32_t b = 0; b < bands;) {
    b = pairBands(0, b, bands);
    if (b < bands && !grow(0)) return kNoMemory;
  }
  return finish();
}

}  // namespace qt
