// Every colliding pair of N moving rects, a frame at a time, natively: which layout to build the
// bulk path's core on (issue 46). The scene is the issue's: rects 2 to 20 px, a 16:9 world of
// 1,600 px² per object, every object moving every frame. Each layout is timed on the same frames
// and must find the same pairs (checked against brute force at small N).
//   linear   LinearQuadtree (depth fitted), update() of every object, then pairs(): today's core
//   grid     one cell per object (its top-left corner's; a cell at least the largest object),
//            counting sort over every cell, then each cell against itself and its four neighbours
//            that come after it, over float copies of the rects in cell order
//   sort     the same cells, the occupied ones only: their keys sorted by an LSD radix sort, the
//            rects gathered in that order
//   bands    each rect scattered once into its row band (by its top); then band by band, in
//            cache, a counting sort by column and each column against its neighbours
//   sweep    the same bands, each sorted by x (a radix sort in cache) and swept
//   bulk     BulkRects (cpp/bulk/), the core of the bulk path, as shipped: bands, with the grid
//            planned from the rects, the rects in its own array (the scene moves them there)
// Build: cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release && cmake --build build-bench --target qt_bench_scale
// Run:   build-bench/qt_bench_scale [N,...=10000,100000,250000,1000000] [frames=20] [layout]
// As WebAssembly: em++ -O3 -DNDEBUG -std=c++17 -flto -fno-exceptions -mnontrapping-fptoint -mbulk-memory
//   -Icpp bench/native/scale.cpp cpp/linear/*.cpp cpp/base/memory_guard.cpp -sMALLOC=emmalloc
//   -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sENVIRONMENT=node -sWASM_ASYNC_COMPILATION=0 -o scale.js
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <string>
#include <type_traits>
#include <vector>

#include "bulk/bulk_rects.h"
#include "linear/linear_quadtree.h"

namespace {

// The game's side: each object's rect as the bulk path would take it, x, y, w, h as float32 in
// one array by id (what a game writes into the tree's memory each frame), and its velocity.
struct Scene {
  double width, height;
  std::vector<float> rects, v;
  float* at;  // where the rects are: `rects`, or the bulk core's array (moveInto())

  Scene(int32_t n, uint32_t seed) : rects(4 * size_t(n)), v(2 * size_t(n)), at(rects.data()) {
    width = std::sqrt(1600.0 * n * 16 / 9);
    height = width * 9 / 16;
    uint32_t s = seed;
    auto next = [&s] {  // xorshift32, in [0, 1)
      s ^= s << 13, s ^= s >> 17, s ^= s << 5;
      return s / 4294967296.0;
    };
    for (int32_t i = 0; i < n; ++i) {
      float* r = &rects[4 * size_t(i)];
      r[2] = float(2 + 18 * next()), r[3] = float(2 + 18 * next());
      r[0] = float(next() * (width - r[2])), r[1] = float(next() * (height - r[3]));
      v[2 * size_t(i)] = float(4 * next() - 2), v[2 * size_t(i) + 1] = float(4 * next() - 2);
    }
  }
  int32_t size() const { return int32_t(v.size() / 2); }
  const float* rect(int32_t i) const { return &at[4 * size_t(i)]; }
  void moveInto(float* to) {
    std::copy(rects.begin(), rects.end(), to);
    at = to;
  }
  void step() {
    for (int32_t i = 0; i < size(); ++i) {
      float* r = &at[4 * size_t(i)];
      float* d = &v[2 * size_t(i)];
      r[0] += d[0], r[1] += d[1];
      if (r[0] < 0 || r[0] + r[2] > width) d[0] = -d[0], r[0] = std::clamp(r[0], 0.0f, float(width) - r[2]);
      if (r[1] < 0 || r[1] + r[3] > height) d[1] = -d[1], r[1] = std::clamp(r[1], 0.0f, float(height) - r[3]);
    }
  }
};

// Strict overlap, as pairs() counts it: touching edges do not collide.
inline bool overlaps(double ax, double ay, double aw, double ah, double bx, double by, double bw, double bh) {
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

uint64_t pairKey(int32_t a, int32_t b) {
  return a < b ? uint64_t(uint32_t(a)) << 32 | uint32_t(b) : uint64_t(uint32_t(b)) << 32 | uint32_t(a);
}

// Pair keys sorted, for comparing layouts.
std::vector<uint64_t> sortedKeys(const std::vector<int32_t>& pairs, size_t ints) {
  std::vector<uint64_t> keys(ints / 2);
  for (size_t k = 0; k < keys.size(); ++k) keys[k] = pairKey(pairs[2 * k], pairs[2 * k + 1]);
  std::sort(keys.begin(), keys.end());
  return keys;
}

std::vector<int32_t> bruteForce(const Scene& s) {
  std::vector<int32_t> out;
  for (int32_t i = 0; i < s.size(); ++i)
    for (int32_t j = i + 1; j < s.size(); ++j)
      if (overlaps(s.rect(i)[0], s.rect(i)[1], s.rect(i)[2], s.rect(i)[3], s.rect(j)[0], s.rect(j)[1], s.rect(j)[2], s.rect(j)[3]))
        out.push_back(i), out.push_back(j);
  return out;
}

class LinearLayout {
 public:
  explicit LinearLayout(const Scene& s) : tree_(qt::Rect{0, 0, s.width, s.height}, qt::kAutoDepth) { tree_.fitDepth(); }
  const char* name() const { return "linear"; }
  size_t frame(const Scene& s, std::vector<int32_t>& out) {
    for (int32_t i = 0; i < s.size(); ++i) {
      const float* r = s.rect(i);
      tree_.update(i, qt::Rect{r[0], r[1], r[2], r[3]});
    }
    tree_.fit();
    out.clear();
    tree_.pairs(out);
    return out.size();
  }

 private:
  qt::LinearQuadtree tree_;
};

class GridLayout {
 public:
  explicit GridLayout(const Scene& s, double cell) : cell_(cell) {
    cols_ = int32_t(std::ceil(s.width / cell)) + 1;
    rows_ = int32_t(std::ceil(s.height / cell)) + 1;
    start_.assign(size_t(cols_) * rows_ + 1, 0);
  }
  const char* name() const { return "grid"; }
  size_t frame(const Scene& s, std::vector<int32_t>& out) {
    const int32_t n = s.size();
    key_.resize(size_t(n));
    order_.resize(size_t(n));
    box_.resize(4 * size_t(n));
    const double inv = 1 / cell_;
    std::fill(start_.begin(), start_.end(), 0);
    for (int32_t i = 0; i < n; ++i) {
      const int32_t cx = int32_t(s.rect(i)[0] * inv), cy = int32_t(s.rect(i)[1] * inv);
      const int32_t k = cy * cols_ + cx;
      key_[size_t(i)] = k;
      ++start_[size_t(k) + 1];
    }
    for (size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
    fill_.assign(start_.begin(), start_.end() - 1);
    for (int32_t i = 0; i < n; ++i) {
      const int32_t at = fill_[size_t(key_[size_t(i)])]++;
      order_[size_t(at)] = i;
      float* b = &box_[4 * size_t(at)];
      std::copy(s.rect(i), s.rect(i) + 4, b);
    }
    out.clear();
    for (int32_t cy = 0; cy < rows_ - 1; ++cy) {
      for (int32_t cx = 0; cx < cols_ - 1; ++cx) {
        const int32_t c = cy * cols_ + cx;
        const int32_t a0 = start_[size_t(c)], a1 = start_[size_t(c) + 1];
        if (a0 == a1) continue;
        // Same row: this cell's later objects and the next cell's (contiguous). Next row: the
        // three cells below, contiguous too.
        const int32_t r1 = start_[size_t(c) + 2];
        const int32_t b0 = start_[size_t(c + cols_ - (cx > 0 ? 1 : 0))], b1 = start_[size_t(c + cols_ + 2)];
        for (int32_t a = a0; a < a1; ++a) {
          const float* p = &box_[4 * size_t(a)];
          for (int32_t b = a + 1; b < r1; ++b) test(p, b, a, out);
          for (int32_t b = b0; b < b1; ++b) test(p, b, a, out);
        }
      }
    }
    return out.size();
  }

 private:
  void test(const float* p, int32_t b, int32_t a, std::vector<int32_t>& out) const {
    const float* q = &box_[4 * size_t(b)];
    if (overlaps(p[0], p[1], p[2], p[3], q[0], q[1], q[2], q[3])) out.push_back(order_[size_t(a)]), out.push_back(order_[size_t(b)]);
  }
  double cell_;
  int32_t cols_, rows_;
  std::vector<int32_t> key_, order_, start_, fill_;
  std::vector<float> box_;
};

// Objects sorted by cell key with an LSD radix sort (two passes over the key's bits, the id
// carried in the low half of a 64-bit record), their rects gathered in that order, then each
// occupied cell against itself, the next cell of its row and the three below (a pointer that only
// moves forward finds them).
class SortLayout {
 public:
  explicit SortLayout(const Scene& s, double cell) : cell_(cell) {
    cols_ = uint32_t(std::ceil(s.width / cell)) + 2;
    const uint32_t rows = uint32_t(std::ceil(s.height / cell)) + 2;
    bits_ = 1;
    while ((uint64_t(1) << bits_) < uint64_t(cols_) * rows) ++bits_;
  }
  const char* name() const { return "sort"; }
  size_t frame(const Scene& s, std::vector<int32_t>& out) {
    const uint32_t n = uint32_t(s.size());
    rec_.resize(n);
    tmp_.resize(n);
    box_.resize(4 * size_t(n));
    const double inv = 1 / cell_;
    // (column 0 and row 0 stay empty, so the cell before and the row above always exist)
    for (uint32_t i = 0; i < n; ++i) {
      const uint64_t k = (uint32_t(s.rect(int32_t(i))[1] * inv) + 1) * cols_ + uint32_t(s.rect(int32_t(i))[0] * inv) + 1;
      rec_[i] = k << 32 | i;
    }
    const uint32_t lo = bits_ / 2, hi = bits_ - lo;
    radixPass(rec_, tmp_, 32, lo);
    radixPass(tmp_, rec_, 32 + lo, hi);
    for (uint32_t a = 0; a < n; ++a) {
      const uint32_t i = uint32_t(rec_[a]);
      float* b = &box_[4 * size_t(a)];
      std::copy(s.rect(int32_t(i)), s.rect(int32_t(i)) + 4, b);
    }
    out.clear();
    uint32_t below = 0;
    for (uint32_t a0 = 0; a0 < n;) {
      const uint32_t c = uint32_t(rec_[a0] >> 32);
      uint32_t a1 = a0 + 1;
      while (a1 < n && uint32_t(rec_[a1] >> 32) == c) ++a1;
      uint32_t r1 = a1;  // the next cell of the row, if occupied
      while (r1 < n && uint32_t(rec_[r1] >> 32) == c + 1) ++r1;
      while (below < n && uint32_t(rec_[below] >> 32) < c + cols_ - 1) ++below;
      uint32_t b1 = below;
      while (b1 < n && uint32_t(rec_[b1] >> 32) <= c + cols_ + 1) ++b1;
      for (uint32_t a = a0; a < a1; ++a) {
        const float* p = &box_[4 * size_t(a)];
        for (uint32_t b = a + 1; b < r1; ++b) test(p, a, b, out);
        for (uint32_t b = below; b < b1; ++b) test(p, a, b, out);
      }
      a0 = a1;
    }
    return out.size();
  }

 private:
  void radixPass(const std::vector<uint64_t>& from, std::vector<uint64_t>& to, uint32_t shift, uint32_t bits) {
    std::vector<uint32_t>& count = count_;
    count.assign(size_t(1) << bits, 0);
    const uint64_t mask = (uint64_t(1) << bits) - 1;
    for (uint64_t r : from) ++count[(r >> shift) & mask];
    uint32_t sum = 0;
    for (uint32_t& c : count) {
      const uint32_t k = c;
      c = sum;
      sum += k;
    }
    for (uint64_t r : from) to[count[(r >> shift) & mask]++] = r;
  }
  void test(const float* p, uint32_t a, uint32_t b, std::vector<int32_t>& out) const {
    const float* q = &box_[4 * size_t(b)];
    if (overlaps(p[0], p[1], p[2], p[3], q[0], q[1], q[2], q[3]))
      out.push_back(int32_t(uint32_t(rec_[a]))), out.push_back(int32_t(uint32_t(rec_[b])));
  }
  double cell_;
  uint32_t cols_, bits_;
  std::vector<uint32_t> count_;  // a radix pass's counts
  std::vector<uint64_t> rec_, tmp_;
  std::vector<float> box_;
};

// A rect with its id, as the band layouts keep them. 20 bytes.
struct Rec {
  float x, y, w, h;
  int32_t id;
};

// The pair (p, q) written at o[k], kept (k moves on) only if they overlap: no branch on the test,
// which is a coin toss. The caller made room.
inline size_t keepIfOverlapping(const Rec& p, const Rec& q, int32_t* o, size_t k) {
  o[k] = p.id, o[k + 1] = q.id;
  const bool hit = (double(p.x) < double(q.x) + q.w) & (double(q.x) < double(p.x) + p.w) &
                   (double(p.y) < double(q.y) + q.h) & (double(q.y) < double(p.y) + p.h);
  return k + 2 * size_t(hit);
}

// The world's rows of height `band`: each object's rect and id scattered into its row (by its top)
// in two passes over the game's rects, one to count and one to write. A row's records are
// rec[start[b]] up to rec[start[b + 1]].
struct BandRows {
  BandRows(const Scene& s, double band) : band(band), count(int32_t(std::ceil(s.height / band)) + 1) {}
  void scatter(const Scene& s) {
    const int32_t n = s.size();
    const float inv = float(1 / band);
    start.assign(size_t(count) + 1, 0);
    widest = 0;
    for (int32_t i = 0; i < n; ++i) {
      ++start[size_t(int32_t(s.rect(i)[1] * inv)) + 1];
      widest = std::max(widest, s.rect(i)[2]);
    }
    for (size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
    fill.assign(start.begin(), start.end() - 1);
    rec.resize(size_t(n));
    for (int32_t i = 0; i < n; ++i) {
      const float* r = s.rect(i);
      Rec& e = rec[size_t(fill[size_t(int32_t(r[1] * inv))]++)];
      e.x = r[0], e.y = r[1], e.w = r[2], e.h = r[3], e.id = i;
    }
  }
  double band;
  int32_t count;
  float widest = 0;  // the widest rect's width
  std::vector<int32_t> start, fill;
  std::vector<Rec> rec;
};

// Rows first: each object's rect and id scattered once into its band (a row of the world as tall
// as `band`, by its top), then band by band, in cache, a counting sort by column (as wide as
// `column`) and each column against itself, the next column and the three columns of the band
// below. One pass over the game's rects to count, one to scatter, and no gather.
class BandLayout {
 public:
  // scatterOnly: the count and scatter passes alone, which every frame needs (no pairs): the floor.
  BandLayout(const Scene& s, double band, double column, bool scatterOnly = false)
      : rows_(s, band), column_(column), scatterOnly_(scatterOnly) {
    cols_ = int32_t(std::ceil(s.width / column)) + 2;  // (an empty column each side)
  }
  const char* name() const { return scatterOnly_ ? "bands, scatter only" : "bands"; }
  size_t frame(const Scene& s, std::vector<int32_t>& out) {
    rows_.scatter(s);
    if (scatterOnly_) return 0;
    size_t k = 0;
    sortBand(0, here_, hereStart_);
    for (int32_t b = 0; b < rows_.count; ++b) {
      if (b + 1 < rows_.count) sortBand(b + 1, next_, nextStart_);
      else next_.clear(), nextStart_.assign(size_t(cols_) + 1, 0);
      k = pairBand(out, k);
      std::swap(here_, next_);
      std::swap(hereStart_, nextStart_);
    }
    return k;
  }

 private:
  // Band `b`'s records into `to`, by column; `start`: each column's first.
  void sortBand(int32_t b, std::vector<Rec>& to, std::vector<int32_t>& start) {
    const int32_t r0 = rows_.start[size_t(b)], r1 = rows_.start[size_t(b) + 1];
    const std::vector<Rec>& rec = rows_.rec;
    const float inv = float(1 / column_);
    start.assign(size_t(cols_) + 1, 0);
    for (int32_t r = r0; r < r1; ++r) ++start[size_t(int32_t(rec[size_t(r)].x * inv) + 1) + 1];
    for (size_t c = 1; c < start.size(); ++c) start[c] += start[c - 1];
    colFill_.assign(start.begin(), start.end() - 1);
    to.resize(size_t(r1 - r0));
    for (int32_t r = r0; r < r1; ++r) to[size_t(colFill_[size_t(int32_t(rec[size_t(r)].x * inv) + 1)]++)] = rec[size_t(r)];
  }
  // The band's pairs written to `out` from `k` on (it grows, never shrinks); returns the new end.
  size_t pairBand(std::vector<int32_t>& out, size_t k) const {
    // Object by object (most columns are empty): its column's later objects and the next
    // column's, then the three columns below it in the next band.
    const int32_t m = int32_t(here_.size());
    const float inv = float(1 / column_);
    int32_t* o = out.data();
    for (int32_t a = 0; a < m; ++a) {
      const Rec& p = here_[size_t(a)];
      const int32_t c = int32_t(p.x * inv) + 1;
      const int32_t r1 = hereStart_[size_t(c) + 2];
      const int32_t b0 = nextStart_[size_t(c) - 1], b1 = nextStart_[size_t(c) + 2];
      const size_t most = 2 * size_t(r1 - a - 1 + b1 - b0);  // (room first: keepIfOverlapping() writes each)
      if (out.size() < k + most) out.resize(2 * (k + most)), o = out.data();
      for (int32_t b = a + 1; b < r1; ++b) k = keepIfOverlapping(p, here_[size_t(b)], o, k);
      for (int32_t b = b0; b < b1; ++b) k = keepIfOverlapping(p, next_[size_t(b)], o, k);
    }
    return k;
  }
  BandRows rows_;
  double column_;
  bool scatterOnly_;
  int32_t cols_;
  std::vector<int32_t> hereStart_, nextStart_, colFill_;
  std::vector<Rec> here_, next_;
};

// Bands, then sweep: each object's rect and id scattered into its band (by its top) as in
// BandLayout; then band by band, in cache, the band sorted by x (an LSD radix sort of its left
// edges' bits, two passes of 8 bits over a 16-bit key, the band's x range scaled into it) and
// swept: each object against the later ones of its band and those of the band below whose left
// edge is within the widest object's width of its own, while their left edges are left of its right.
class SweepLayout {
 public:
  SweepLayout(const Scene& s, double band) : rows_(s, band), width_(s.width) {}
  const char* name() const { return "sweep"; }
  size_t frame(const Scene& s, std::vector<int32_t>& out) {
    rows_.scatter(s);
    size_t k = 0;
    sortBand(0, here_);
    for (int32_t b = 0; b < rows_.count; ++b) {
      if (b + 1 < rows_.count) sortBand(b + 1, next_);
      else next_.clear();
      k = sweepBand(out, k);
      std::swap(here_, next_);
    }
    return k;
  }

 private:
  void sortBand(int32_t b, std::vector<Rec>& to) {
    const int32_t r0 = rows_.start[size_t(b)], r1 = rows_.start[size_t(b) + 1], m = r1 - r0;
    const std::vector<Rec>& rec = rows_.rec;
    to.resize(size_t(m));
    tmp_.resize(size_t(m));
    keys_.resize(size_t(m));
    keyTmp_.resize(size_t(m));
    const float scale = float(65535.0 / width_);
    uint32_t lo[256] = {}, hi[256] = {};
    for (int32_t r = 0; r < m; ++r) {
      const uint32_t k = uint32_t(std::min(65535.0f, std::max(0.0f, rec[size_t(r0 + r)].x * scale)));
      keys_[size_t(r)] = k;
      ++lo[k & 255], ++hi[k >> 8];
    }
    for (uint32_t c = 0, a = 0, b2 = 0; c < 256; ++c) {
      const uint32_t x = lo[c], y = hi[c];
      lo[c] = a, hi[c] = b2;
      a += x, b2 += y;
    }
    for (int32_t r = 0; r < m; ++r) {  // by the low byte, into tmp_
      const uint32_t at = lo[keys_[size_t(r)] & 255]++;
      tmp_[at] = rec[size_t(r0 + r)];
      keyTmp_[at] = keys_[size_t(r)];
    }
    for (int32_t r = 0; r < m; ++r) to[hi[keyTmp_[size_t(r)] >> 8]++] = tmp_[size_t(r)];
  }
  size_t sweepBand(std::vector<int32_t>& out, size_t k) const {
    const int32_t m = int32_t(here_.size()), m2 = int32_t(next_.size());
    // (the scaled keys order the left edges up to rounding: a candidate's edge is compared exactly)
    const size_t most = k + 2 * size_t(m) * 64 + 2 * size_t(m2) * 64;
    if (out.size() < most) out.resize(2 * most);
    int32_t* o = out.data();
    int32_t j0 = 0;
    const double slack = double(rows_.widest) + 2 * width_ / 65535.0;
    for (int32_t a = 0; a < m; ++a) {
      const Rec& p = here_[size_t(a)];
      const double right = double(p.x) + p.w;
      const double reach = right + 2 * width_ / 65535.0;
      for (int32_t b = a + 1; b < m && here_[size_t(b)].x < reach; ++b) k = keepIfOverlapping(p, here_[size_t(b)], o, k);
      while (j0 < m2 && next_[size_t(j0)].x < p.x - slack) ++j0;
      for (int32_t b = j0; b < m2 && next_[size_t(b)].x < reach; ++b) k = keepIfOverlapping(p, next_[size_t(b)], o, k);
    }
    return k;
  }
  BandRows rows_;
  double width_;
  std::vector<uint32_t> keys_, keyTmp_;
  std::vector<Rec> here_, next_, tmp_;
};

class BulkLayout {
 public:
  explicit BulkLayout(const Scene& s) { tree_.reserve(s.size()); }
  const char* name() const { return "bulk"; }
  float* rects() { return tree_.rects(); }
  size_t frame(const Scene& s, std::vector<int32_t>& out) {
    const int32_t count = tree_.findPairs(s.size());
    if (count < 0) std::fprintf(stderr, "bulk: %d\n", count), std::exit(1);
    out.assign(tree_.pairs(), tree_.pairs() + 2 * size_t(count));  // (only for checking)
    return 2 * size_t(count);
  }

 private:
  qt::BulkRects tree_;
};

double nowMs() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Bytes the heap has given out (and not taken back): a layout's memory is the growth over its life.
#ifdef __EMSCRIPTEN__  // (the same program built with em++: WebAssembly against native)
size_t heapInUse() { return size_t(mallinfo().uordblks); }
#else
size_t heapInUse() { return mallinfo2().uordblks + mallinfo2().hblkhd; }
#endif

template <class Layout, class... Args>
void run(int32_t n, int32_t frames, Args... args) {
  Scene s(n, 1);
  std::vector<int32_t> out;
  out.reserve(size_t(n));
  const size_t before = heapInUse();
  Layout layout(s, args...);
  if constexpr (std::is_same_v<Layout, BulkLayout>) s.moveInto(layout.rects());
  std::vector<double> ms;
  size_t pairs = 0, bytes = 0;
  for (int32_t f = 0; f < frames + 3; ++f) {
    const double t0 = nowMs();
    const size_t ints = layout.frame(s, out);
    const double t = nowMs() - t0;
    bytes = std::max(bytes, heapInUse() - before);
    if (f >= 3) ms.push_back(t);
    pairs += ints / 2;
    s.step();
  }
  std::sort(ms.begin(), ms.end());
  std::printf("| %s | %d | %.3f | %.3f | %zu | %.1f |\n", layout.name(), n, ms[ms.size() / 2], ms.front(),
              pairs / size_t(frames + 3), double(bytes) / n);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int32_t> sizes = {10000, 100000, 250000, 1000000};
  if (argc > 1) {
    sizes.clear();
    for (const char* p = argv[1]; *p;) {
      sizes.push_back(int32_t(std::strtol(p, const_cast<char**>(&p), 10)));
      if (*p == ',') ++p;
    }
  }
  const int32_t frames = argc > 2 ? std::atoi(argv[2]) : 20;
  const std::string only = argc > 3 ? argv[3] : "";  // one layout's rows alone
  // Brute force at small N: each layout's first frame must find exactly its pairs.
  for (int32_t n : {500, 3000}) {
    Scene s(n, 1);
    const std::vector<uint64_t> expect = sortedKeys(bruteForce(s), bruteForce(s).size());
    LinearLayout linear(s);
    GridLayout grid(s, 20);
    BulkLayout bulk(s);
    s.moveInto(bulk.rects());
    std::vector<int32_t> out;
    if (sortedKeys(out, linear.frame(s, out)) != expect) return std::fprintf(stderr, "linear N=%d differs from brute force\n", n), 1;
    if (sortedKeys(out, grid.frame(s, out)) != expect) return std::fprintf(stderr, "grid N=%d differs from brute force\n", n), 1;
    if (sortedKeys(out, bulk.frame(s, out)) != expect) return std::fprintf(stderr, "bulk N=%d differs from brute force\n", n), 1;
    for (double band : {20.0, 64.0}) {
      BandLayout bands(s, band, 20);
      if (sortedKeys(out, bands.frame(s, out)) != expect) return std::fprintf(stderr, "bands N=%d differs from brute force\n", n), 1;
    }
    for (double band : {20.0, 64.0}) {
      SweepLayout sweep(s, band);
      if (sortedKeys(out, sweep.frame(s, out)) != expect) return std::fprintf(stderr, "sweep N=%d differs from brute force\n", n), 1;
    }
    for (double cell : {20.0, 40.0}) {
      SortLayout sorted(s, cell);
      if (sortedKeys(out, sorted.frame(s, out)) != expect) return std::fprintf(stderr, "sort N=%d differs from brute force\n", n), 1;
    }
  }
  std::printf("| layout | N | median ms | best ms | pairs | bytes/object |\n|---|---:|---:|---:|---:|---:|\n");
  for (int32_t n : sizes) {
    if (only.empty() || only == "linear") run<LinearLayout>(n, frames);
    for (double cell : {20.0, 32.0}) {
      if (!only.empty() && only != "grid") break;
      std::printf("(cell %.0f) ", cell);
      run<GridLayout>(n, frames, cell);
    }
    for (double cell : {20.0, 28.0}) {
      if (!only.empty() && only != "sort") break;
      std::printf("(cell %.0f) ", cell);
      run<SortLayout>(n, frames, cell);
    }
    for (double band : {20.0, 40.0, 80.0}) {
      if (!only.empty() && only != "sweep") break;
      std::printf("(band %.0f) ", band);
      run<SweepLayout>(n, frames, band);
    }
    if (only.empty() || only == "bulk") run<BulkLayout>(n, frames);
    if (!only.empty() && only != "bands") continue;
    std::printf("(band 40) ");
    run<BandLayout>(n, frames, 40.0, 20.0, true);
    for (double band : {20.0, 40.0}) {
      for (double column : {20.0, 32.0}) {
        std::printf("(band %.0f, column %.0f) ", band, column);
        run<BandLayout>(n, frames, band, column);
      }
    }
  }
}
