// qt::LinearQuadtree against a brute-force oracle (a plain list of rects tested one by one) and an
// independent model of its loose placement (the deepest level at which the object's cell range
// spans at most two cells per axis, found by looping over the levels rather than by the tree's
// bit trick; the node is that level's cell of the range's top-left corner).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "linear/linear_quadtree.h"

namespace {

using qt::LinearQuadtree;
using qt::Rect;
using Pairs = std::vector<std::pair<int32_t, int32_t>>;

bool overlapRule(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

std::string show(const Rect& r) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "{%.17g, %.17g, %.17g, %.17g}", r.x, r.y, r.w, r.h);
  return buf;
}

// Every object by id, tested one by one.
struct Oracle {
  std::vector<char> present;
  std::vector<Rect> rects;

  void set(int32_t id, const Rect& r) {
    if (id >= int32_t(present.size())) {
      present.resize(size_t(id) + 1, 0);
      rects.resize(size_t(id) + 1);
    }
    present[id] = 1;
    rects[id] = r;
  }
  bool has(int32_t id) const { return id >= 0 && id < int32_t(present.size()) && present[id]; }
  bool erase(int32_t id) {
    if (!has(id)) return false;
    present[id] = 0;
    return true;
  }
  void clear() { std::fill(present.begin(), present.end(), 0); }
  int32_t size() const { return int32_t(std::count(present.begin(), present.end(), 1)); }

  std::vector<int32_t> search(const Rect& q) const {
    std::vector<int32_t> out;
    for (int32_t id = 0; id < int32_t(present.size()); ++id)
      if (present[id] && overlapRule(rects[id], q)) out.push_back(id);
    return out;
  }
  Pairs pairs() const {
    Pairs out;
    for (int32_t a = 0; a < int32_t(present.size()); ++a)
      for (int32_t b = a + 1; b < int32_t(present.size()); ++b)
        if (present[a] && present[b] && overlapRule(rects[a], rects[b])) out.push_back({a, b});
    return out;
  }
};

// Where an object belongs: the cell formula of the design, then the deepest level at which its
// corners fall in the same or adjacent cells (in x and in y), in the cell of the top-left corner.
struct Place {
  int32_t level, cx, cy;
  bool operator==(const Place& o) const { return level == o.level && cx == o.cx && cy == o.cy; }
  bool operator<(const Place& o) const {
    return std::tie(level, cx, cy) < std::tie(o.level, o.cx, o.cy);
  }
};

int32_t cellOf(double v, double origin, double extent, int32_t depth) {
  const int32_t side = 1 << depth;
  const double scale = std::isfinite(extent) && extent > 0 ? double(side) / extent : 0.0;
  const double c = std::floor((v - origin) * scale);
  if (std::isnan(c) || c < 0) return 0;
  if (c > side - 1) return side - 1;
  return int32_t(c);
}

Place placeOf(const Rect& b, int32_t depth, const Rect& r) {
  const int32_t ax = cellOf(r.x, b.x, b.w, depth), bx = cellOf(r.x + r.w, b.x, b.w, depth);
  const int32_t ay = cellOf(r.y, b.y, b.h, depth), by = cellOf(r.y + r.h, b.y, b.h, depth);
  const int32_t x0 = std::min(ax, bx), x1 = std::max(ax, bx);
  const int32_t y0 = std::min(ay, by), y1 = std::max(ay, by);
  for (int32_t level = depth; level >= 0; --level) {
    const int32_t s = depth - level;
    if ((x1 >> s) - (x0 >> s) <= 1 && (y1 >> s) - (y0 >> s) <= 1) return {level, x0 >> s, y0 >> s};
  }
  return {0, 0, 0};  // unreachable: level 0 has one cell
}

::testing::AssertionResult Valid(const LinearQuadtree& tree) {
  std::string why;
  if (tree.validate(&why)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "validate() failed: " << why;
}

std::vector<int32_t> sorted(std::vector<int32_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<int32_t> searchOf(const LinearQuadtree& tree, const Rect& q) {
  std::vector<int32_t> out;
  tree.search(q, out);
  return sorted(out);
}

// pairs() as a sorted list of (min, max); a pair reported twice stays twice, so it shows.
Pairs pairsOf(LinearQuadtree& tree) {
  std::vector<int32_t> flat;
  tree.pairs(flat);
  Pairs out;
  for (size_t i = 0; i + 1 < flat.size(); i += 2)
    out.push_back({std::min(flat[i], flat[i + 1]), std::max(flat[i], flat[i + 1])});
  if (flat.size() % 2) out.push_back({-1, -1});  // an odd length is an error too
  std::sort(out.begin(), out.end());
  return out;
}

::testing::AssertionResult SamePairs(const Pairs& got, const Pairs& want) {
  if (got == want) return ::testing::AssertionSuccess();
  auto result = ::testing::AssertionFailure();
  result << "pairs() gave " << got.size() << " pairs, the oracle " << want.size() << ";";
  Pairs extra, missing;
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  for (size_t i = 0; i < std::min<size_t>(extra.size(), 5); ++i)
    result << " extra (" << extra[i].first << ", " << extra[i].second << ")";
  for (size_t i = 0; i < std::min<size_t>(missing.size(), 5); ++i)
    result << " missing (" << missing[i].first << ", " << missing[i].second << ")";
  if (extra.empty() && missing.empty()) result << " (a pair is reported twice)";
  return result;
}

::testing::AssertionResult SameSearch(const LinearQuadtree& tree, const Oracle& oracle,
                                      const Rect& q) {
  const std::vector<int32_t> got = searchOf(tree, q), want = oracle.search(q);
  if (got != want) {
    auto result = ::testing::AssertionFailure();
    result << "search(" << show(q) << ") gave " << got.size() << " ids, the oracle " << want.size();
    for (int32_t id : want)
      if (!std::binary_search(got.begin(), got.end(), id))
        result << "; missing " << id << " " << show(oracle.rects[id]);
    return result;
  }
  if (tree.collides(q) != !want.empty())
    return ::testing::AssertionFailure() << "collides(" << show(q) << ") is " << !want.empty();
  // The still tree's own path (the session's search() and collides() of a rect take it).
  if (tree.readsRectRuns()) {
    std::vector<int32_t> runs(tree.idSpan());
    runs.resize(size_t(tree.searchRuns(q, runs.data())));
    if (sorted(runs) != want) {
      return ::testing::AssertionFailure() << "searchRuns(" << show(q) << ") gave " << runs.size() << " ids, the oracle "
                                           << want.size();
    }
    if (tree.searchRuns(q, nullptr) != int32_t(!want.empty()))
      return ::testing::AssertionFailure() << "searchRuns(" << show(q) << ", null) is not " << !want.empty();
  }
  return ::testing::AssertionSuccess();
}

// nodes() and stats() against the placement model: the listed nodes are exactly the occupied
// nodes and their ancestors, each with its rect and its own object count.
::testing::AssertionResult SameLayout(const LinearQuadtree& tree, const Oracle& oracle) {
  const Rect b = tree.bounds();
  const int32_t depth = tree.depth();
  std::map<Place, int32_t> want;
  for (int32_t id = 0; id < int32_t(oracle.present.size()); ++id) {
    if (!oracle.present[id]) continue;
    const Place p = placeOf(b, depth, oracle.rects[id]);
    ++want[p];
    for (Place a = p; a.level > 0;) {
      a = {a.level - 1, a.cx >> 1, a.cy >> 1};
      want.emplace(a, 0);
    }
  }
  std::vector<double> rows;
  tree.nodes(rows);
  if (rows.size() != want.size() * 6)
    return ::testing::AssertionFailure() << "nodes() listed " << rows.size() / 6 << " nodes, expected "
                                         << want.size();
  std::set<Place> listed;
  for (size_t i = 0; i < rows.size(); i += 6) {
    const int32_t level = int32_t(rows[i]);
    const double w = b.w / double(1 << level), h = b.h / double(1 << level);
    const int32_t cx = int32_t(std::llround((rows[i + 1] - b.x) / w));
    const int32_t cy = int32_t(std::llround((rows[i + 2] - b.y) / h));
    const Place p{level, cx, cy};
    if (rows[i + 1] != b.x + cx * w || rows[i + 2] != b.y + cy * h || rows[i + 3] != w ||
        rows[i + 4] != h)
      return ::testing::AssertionFailure() << "node row " << i / 6 << " has a wrong rect";
    auto it = want.find(p);
    if (it == want.end())
      return ::testing::AssertionFailure() << "nodes() listed unexpected node (" << level << ", " << cx
                                           << ", " << cy << ")";
    if (rows[i + 5] != it->second)
      return ::testing::AssertionFailure() << "node (" << level << ", " << cx << ", " << cy << ") holds "
                                           << rows[i + 5] << ", expected " << it->second;
    if (!listed.insert(p).second) return ::testing::AssertionFailure() << "a node is listed twice";
  }
  // A parent is listed before its children (depth-first, pre-order).
  for (size_t i = 6; i < rows.size(); i += 6)
    if (rows[i] > rows[i - 6] + 1) return ::testing::AssertionFailure() << "nodes() skips a level";

  qt::Stats want_stats;
  want_stats.references = want_stats.entries = oracle.size();
  std::set<Place> parents;
  for (const auto& [p, n] : want)
    if (p.level > 0) parents.insert({p.level - 1, p.cx >> 1, p.cy >> 1});
  for (const auto& [p, n] : want) {
    if (n == 0) continue;
    ++want_stats.nodes;
    want_stats.depth = std::max(want_stats.depth, p.level);
    if (!parents.count(p)) ++want_stats.leaves;
  }
  const qt::Stats s = tree.stats();
  if (s.nodes != want_stats.nodes || s.leaves != want_stats.leaves || s.depth != want_stats.depth ||
      s.references != want_stats.references || s.entries != want_stats.entries)
    return ::testing::AssertionFailure()
           << "stats() nodes/leaves/depth/links/entries " << s.nodes << "/" << s.leaves << "/" << s.depth
           << "/" << s.references << "/" << s.entries << ", expected " << want_stats.nodes << "/"
           << want_stats.leaves << "/" << want_stats.depth << "/" << want_stats.references << "/"
           << want_stats.entries;
  return ::testing::AssertionSuccess();
}

// Seeded scenes: rects drawn to hit what breaks a fixed grid (edges exactly on cell lines of
// every level, zero sizes, objects outside the bounds, duplicates).
class Gen {
 public:
  explicit Gen(uint32_t seed) : rng_(seed) {}

  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }
  int32_t integer(int32_t lo, int32_t hi) {
    return std::uniform_int_distribution<int32_t>(lo, hi)(rng_);
  }
  bool chance(double p) { return real(0, 1) < p; }

  Rect bounds() {
    switch (integer(0, 3)) {
      case 0: return {0, 0, std::ldexp(1.0, integer(4, 11)), std::ldexp(1.0, integer(4, 11))};
      case 1: return {real(-1000, 1000), real(-1000, 1000), real(0.001, 1), real(0.001, 1)};
      default: return {real(-1000, 1000), real(-1000, 1000), real(1, 2000), real(1, 2000)};
    }
  }

  // A coordinate on a cell line of some level (computed as the tree scales, so it often lands
  // exactly on a cell boundary).
  double gridLine(double origin, double extent, int32_t depth) {
    const int32_t level = integer(0, depth), n = 1 << level;
    return origin + extent * integer(0, n) / n;
  }

  Rect rect(const Rect& b, int32_t depth) {
    const int32_t kind = integer(0, 99);
    const double cw = b.w / (1 << depth), ch = b.h / (1 << depth);  // a deepest cell
    if (kind < 25) {  // small, inside
      const double w = b.w * real(0, 0.05), h = b.h * real(0, 0.05);
      return remember({b.x + real(0, 1) * (b.w - w), b.y + real(0, 1) * (b.h - h), w, h});
    }
    if (kind < 35) {  // about a cell, anywhere inside
      return remember({b.x + real(0, 1) * b.w, b.y + real(0, 1) * b.h, cw * real(0, 1.5),
                       ch * real(0, 1.5)});
    }
    if (kind < 55) {  // starting, ending or centred on cell lines, or a zero size on one
      const double gx = gridLine(b.x, b.w, depth), gy = gridLine(b.y, b.h, depth);
      const double w = cw * real(0, 4), h = ch * real(0, 4);
      switch (integer(0, 5)) {
        case 0: return remember({gx, gy, w, h});
        case 1: return remember({gx - w, gy - h, w, h});
        case 2: return remember({gx, b.y + real(0, 1) * b.h, 0, h});
        case 3: return remember({gx, gy, 0, 0});
        case 4: return remember({gx - w / 2, gy - h / 2, w, h});
        default: return remember({gx - w, gy, w, 0});
      }
    }
    if (kind < 63) {  // medium, may stick out
      return remember({b.x + real(-0.1, 1) * b.w, b.y + real(-0.1, 1) * b.h, b.w * real(0, 0.4),
                       b.h * real(0, 0.4)});
    }
    if (kind < 73) {  // wholly outside, on some side or corner
      const double w = b.w * real(0, 0.2), h = b.h * real(0, 0.2);
      double x = b.x + real(0, 1) * b.w, y = b.y + real(0, 1) * b.h;
      if (chance(0.6)) x = chance(0.5) ? b.x - w - real(0, 1) * b.w : b.x + b.w + real(0, 1) * b.w;
      else y = chance(0.5) ? b.y - h - real(0, 1) * b.h : b.y + b.h + real(0, 1) * b.h;
      return remember({x, y, w, h});
    }
    if (kind < 78) {  // partly outside, across an edge
      const double w = b.w * real(0.01, 0.3), h = b.h * real(0.01, 0.3);
      return remember({b.x - w * real(0.1, 0.9), b.y + real(-0.2, 1.1) * b.h, w, h});
    }
    if (kind < 80) {  // huge, covering the bounds
      return remember({b.x - real(0, 1) * b.w, b.y - real(0, 1) * b.h, b.w * real(2, 3),
                       b.h * real(2, 3)});
    }
    if (kind < 87) {  // a point anywhere near
      return remember({b.x + real(-0.2, 1.2) * b.w, b.y + real(-0.2, 1.2) * b.h, 0, 0});
    }
    if (kind < 89) {  // a negative size: the overlap rule still decides
      return remember({b.x + real(0, 1) * b.w, b.y + real(0, 1) * b.h, -b.w * real(0, 0.2),
                       b.h * real(-0.2, 0.2)});
    }
    if (kind < 90) {  // not finite somewhere: NaN overlaps nothing, infinities still can
      const double nan = std::numeric_limits<double>::quiet_NaN();
      const double inf = std::numeric_limits<double>::infinity();
      Rect r{b.x + real(0, 1) * b.w, b.y + real(0, 1) * b.h, b.w * real(0, 0.1), b.h * real(0, 0.1)};
      switch (integer(0, 4)) {
        case 0: r.x = nan; break;
        case 1: r.h = nan; break;
        case 2: r.w = inf; break;
        case 3: r.x = -inf; break;
        default: r.x = -inf; r.w = inf; break;  // x + w is NaN
      }
      return r;
    }
    if (!seen_.empty()) return seen_[size_t(integer(0, int32_t(seen_.size()) - 1))];  // a duplicate
    return remember({b.x, b.y, cw, ch});
  }

  // A rect moved a little (inside its cell or just across a line) or a lot.
  Rect moved(const Rect& r, const Rect& b, int32_t depth) {
    const double cw = b.w / (1 << depth), ch = b.h / (1 << depth);
    switch (integer(0, 4)) {
      case 0: return {r.x + cw * real(-0.1, 0.1), r.y + ch * real(-0.1, 0.1), r.w, r.h};
      case 1: return {r.x + cw * real(-1.5, 1.5), r.y + ch * real(-1.5, 1.5), r.w, r.h};
      case 2: {  // snap an edge onto a cell line, or just past it
        const double gx = gridLine(b.x, b.w, depth);
        return {chance(0.5) ? gx : gx - r.w + (chance(0.5) ? 0 : cw * 1e-3), r.y, r.w, r.h};
      }
      case 3: return {r.x + b.w * (chance(0.5) ? 1.3 : -1.3), r.y, r.w, r.h};  // out or back
      default: return rect(b, depth);
    }
  }

 private:
  Rect remember(const Rect& r) {
    if (seen_.size() < 64) seen_.push_back(r);
    else seen_[size_t(integer(0, 63))] = r;
    return r;
  }
  std::mt19937 rng_;
  std::vector<Rect> seen_;
};

// --- literal fixtures -------------------------------------------------------------------------

const Rect kBounds{0, 0, 100, 100};  // depth 2: cells 25 wide, lines at 25, 50, 75

std::vector<double> nodeRows(const LinearQuadtree& tree) {
  std::vector<double> rows;
  tree.nodes(rows);
  return rows;
}

TEST(LinearQuadtree, InsertPlacesAnObjectByItsSizeInTheCellOfItsTopLeftCorner) {
  LinearQuadtree tree(kBounds, 2);
  tree.insert(7, {10, 10, 5, 5});
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0,  //
                                                 1, 0, 0, 50, 50, 0,    //
                                                 2, 0, 0, 25, 25, 1}));
  tree.clear();
  tree.insert(1, {20, 60, 10, 5});  // across x = 25: still level 2, the cell of its top-left corner
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 0, 50, 50, 50, 0,  //
                                                 2, 0, 50, 25, 25, 1}));
  tree.clear();
  tree.insert(2, {45, 10, 10, 10});  // across x = 50 too: a crossing does not lift an object
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 0, 0, 50, 50, 0,  //
                                                 2, 25, 0, 25, 25, 1}));
  tree.clear();
  tree.insert(3, {20, 10, 40, 5});  // three cells of level 2 wide: level 1
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 0, 0, 50, 50, 1}));
  tree.clear();
  tree.insert(4, {0, 0, 100, 100});  // the whole bounds: two cells of level 1, so level 1 too
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 0, 0, 50, 50, 1}));
  tree.clear();
  tree.insert(5, {75, 75, 0, 0});  // a point on a corner of four cells belongs to the one after
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 50, 50, 50, 50, 0,  //
                                                 2, 75, 75, 25, 25, 1}));
  EXPECT_TRUE(Valid(tree));
}

TEST(LinearQuadtree, NodesListsChildrenTopLeftTopRightBottomLeftBottomRight) {
  LinearQuadtree tree(kBounds, 1);
  tree.insert(0, {60, 60, 1, 1});
  tree.insert(1, {10, 60, 1, 1});
  tree.insert(2, {60, 10, 1, 1});
  tree.insert(3, {10, 10, 1, 1});
  tree.insert(4, {40, 40, 20, 20});  // across both midlines: the top-left cell (loose placement)
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 0, 0, 50, 50, 2,  //
                                                 1, 50, 0, 50, 50, 1, 1, 0, 50, 50, 50, 1,  //
                                                 1, 50, 50, 50, 50, 1}));
  const qt::Stats s = tree.stats();
  EXPECT_EQ(s.nodes, 4);
  EXPECT_EQ(s.leaves, 4);
  EXPECT_EQ(s.depth, 1);
  EXPECT_EQ(s.references, 5);
  EXPECT_EQ(s.entries, 5);
  EXPECT_EQ(s.objects, 5);
}

TEST(LinearQuadtree, SearchFindsOverlapsButNotRectsThatOnlyTouch) {
  LinearQuadtree tree(kBounds, 3);
  tree.insert(0, {10, 10, 10, 10});
  tree.insert(1, {20, 10, 10, 10});  // touches 0 on x = 20
  tree.insert(2, {10, 20, 10, 10});  // touches 0 on y = 20
  tree.insert(3, {15, 15, 10, 10});  // overlaps all three
  EXPECT_EQ(searchOf(tree, {0, 0, 10, 10}), std::vector<int32_t>{});
  EXPECT_EQ(searchOf(tree, {0, 0, 10.5, 10.5}), std::vector<int32_t>{0});
  EXPECT_EQ(searchOf(tree, {19, 19, 2, 2}), (std::vector<int32_t>{0, 1, 2, 3}));
  EXPECT_FALSE(tree.collides({30, 0, 5, 100}));
  EXPECT_TRUE(tree.collides({29.5, 0, 5, 100}));
  EXPECT_TRUE(SamePairs(pairsOf(tree), {{0, 3}, {1, 3}, {2, 3}}));
}

TEST(LinearQuadtree, ZeroSizeRectsOverlapWhatTheyLieStrictlyInside) {
  LinearQuadtree tree(kBounds, 4);
  tree.insert(0, {50, 50, 0, 0});
  tree.insert(1, {40, 40, 20, 20});
  tree.insert(2, {50, 50, 0, 0});  // the same point: points never overlap each other
  tree.insert(3, {60, 40, 10, 10});  // touches 1 only
  EXPECT_EQ(searchOf(tree, {49, 49, 2, 2}), (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(searchOf(tree, {50, 50, 0, 0}), (std::vector<int32_t>{1}));
  EXPECT_TRUE(SamePairs(pairsOf(tree), {{0, 1}, {1, 2}}));
}

TEST(LinearQuadtree, ObjectsOutsideTheBoundsStayIndexedAndQueryable) {
  LinearQuadtree tree(kBounds, 2);
  tree.insert(0, {200, 200, 10, 10});      // wholly outside: clamped into the last cell
  tree.insert(1, {-50, -50, 300, 300});    // covering everything: the root
  tree.insert(2, {-30, 10, 20, 5});        // left of the bounds
  tree.insert(3, {-25, 12, 10, 1});        // overlaps 2, outside too
  tree.insert(4, {95, 95, 10, 10});        // partly outside, overlaps nothing but 1
  EXPECT_TRUE(Valid(tree));
  EXPECT_EQ(searchOf(tree, {205, 205, 1, 1}), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(searchOf(tree, {255, 255, 1, 1}), std::vector<int32_t>{});
  EXPECT_EQ(searchOf(tree, {-1000, 0, 990, 100}), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(searchOf(tree, {101, 101, 1, 1}), (std::vector<int32_t>{1, 4}));
  EXPECT_TRUE(SamePairs(pairsOf(tree), {{0, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 3}}));
  // 1 in level 1's top-left cell (two cells of level 1 cover the bounds); 2 and 3 clamped into
  // the first cell, 0 and 4 into the last.
  EXPECT_EQ(nodeRows(tree), (std::vector<double>{0, 0, 0, 100, 100, 0, 1, 0, 0, 50, 50, 1,  //
                                                 2, 0, 0, 25, 25, 2, 1, 50, 50, 50, 50, 0,  //
                                                 2, 75, 75, 25, 25, 2}));
}

TEST(LinearQuadtree, UpdateReturnsTrueOnlyWhenTheObjectChangesNode) {
  LinearQuadtree tree(kBounds, 2);
  tree.insert(0, {10, 10, 5, 5});
  EXPECT_FALSE(tree.update(0, {12, 12, 5, 5}));  // same cell
  EXPECT_EQ(searchOf(tree, {16, 16, 1, 1}), (std::vector<int32_t>{0}));  // but the rect is stored
  EXPECT_FALSE(tree.update(0, {22, 12, 5, 5}));  // across x = 25: its top-left corner stays
  EXPECT_FALSE(tree.update(0, {21, 21, 6, 6}));  // across y = 25 too
  EXPECT_TRUE(tree.update(0, {10, 10, 40, 5}));  // three cells wide: up to level 1
  EXPECT_FALSE(tree.update(0, {5, 5, 60, 30}));  // still over two cells of level 2, same cell
  EXPECT_TRUE(tree.update(0, {30, 10, 5, 5}));   // small again, in the next cell
  EXPECT_TRUE(tree.update(0, {300, 10, 5, 5}));  // out of the bounds
  EXPECT_FALSE(tree.update(0, {400, 10, 5, 5}));  // still clamped to the same cell
  EXPECT_TRUE(tree.update(0, {10, 10, 5, 5}));   // back in
  EXPECT_EQ(tree.size(), 1);
  EXPECT_TRUE(Valid(tree));
  EXPECT_TRUE(tree.update(9, {1, 1, 1, 1}));  // an absent id is inserted
  EXPECT_TRUE(tree.contains(9));
  EXPECT_EQ(tree.size(), 2);
  tree.insert(9, {80, 80, 1, 1});  // inserting a present id moves it
  EXPECT_EQ(tree.size(), 2);
  EXPECT_EQ(searchOf(tree, {0, 0, 5, 5}), std::vector<int32_t>{});
  EXPECT_EQ(searchOf(tree, {79, 79, 5, 5}), std::vector<int32_t>{9});
  EXPECT_TRUE(Valid(tree));
}

TEST(LinearQuadtree, RemoveContainsSizeAndReinsert) {
  LinearQuadtree tree(kBounds, 3);
  for (int32_t id = 0; id < 10; ++id) tree.insert(id, {id * 10.0, 5, 5, 5});
  EXPECT_EQ(tree.size(), 10);
  EXPECT_TRUE(tree.remove(4));
  EXPECT_FALSE(tree.remove(4));
  EXPECT_FALSE(tree.remove(99));
  EXPECT_FALSE(tree.remove(-1));
  EXPECT_FALSE(tree.contains(4));
  EXPECT_TRUE(tree.contains(5));
  EXPECT_FALSE(tree.contains(-1));
  EXPECT_FALSE(tree.contains(1000));
  EXPECT_EQ(tree.size(), 9);
  EXPECT_EQ(searchOf(tree, {40, 5, 5, 5}), std::vector<int32_t>{});
  tree.insert(4, {41, 6, 1, 1});
  EXPECT_EQ(searchOf(tree, {40, 5, 5, 5}), std::vector<int32_t>{4});
  tree.insert(-3, {0, 0, 100, 100});  // ignored
  EXPECT_EQ(tree.size(), 10);
  EXPECT_FALSE(tree.update(-3, {0, 0, 1, 1}));
  tree.insert(5000, {1, 1, 1, 1});  // ids only need to be >= 0; the arrays grow
  EXPECT_TRUE(tree.contains(5000));
  EXPECT_FALSE(tree.contains(4999));
  EXPECT_TRUE(Valid(tree));
}

TEST(LinearQuadtree, ClearEmptiesTheTreeAndItCanBeRefilled) {
  for (int32_t n : {3, 2000}) {  // few objects (path reset) and many (full reset)
    LinearQuadtree tree(kBounds, 4);
    Gen gen{uint32_t(n)};
    for (int32_t id = 0; id < n; ++id) tree.insert(id, gen.rect(kBounds, 4));
    tree.clear();
    EXPECT_EQ(tree.size(), 0);
    EXPECT_FALSE(tree.contains(0));
    EXPECT_EQ(searchOf(tree, {-1e9, -1e9, 2e9, 2e9}), std::vector<int32_t>{});
    EXPECT_TRUE(pairsOf(tree).empty());
    EXPECT_TRUE(nodeRows(tree).empty());
    EXPECT_EQ(tree.stats().nodes, 0);
    EXPECT_TRUE(Valid(tree));
    tree.insert(1, {10, 10, 10, 10});
    tree.insert(0, {15, 15, 10, 10});
    EXPECT_TRUE(SamePairs(pairsOf(tree), {{0, 1}}));
    EXPECT_TRUE(Valid(tree));
  }
}

TEST(LinearQuadtree, PairsReportsEveryPairOfIdenticalRectsOnce) {
  LinearQuadtree tree(kBounds, 5);
  Pairs want;
  for (int32_t a = 0; a < 40; ++a) {
    tree.insert(a, {33.3, 66.6, 0.5, 0.5});
    for (int32_t b = 0; b < a; ++b) want.push_back({b, a});
  }
  std::sort(want.begin(), want.end());
  EXPECT_TRUE(SamePairs(pairsOf(tree), want));
  EXPECT_TRUE(SamePairs(pairsOf(tree), want));  // again, from reused scratch
}

TEST(LinearQuadtree, NanRectsAreStoredButOverlapNothing) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  LinearQuadtree tree(kBounds, 3);
  tree.insert(0, {nan, 10, 5, 5});
  tree.insert(1, {10, 10, nan, 5});
  tree.insert(2, {-inf, 0, inf, 100});  // x + w is NaN
  tree.insert(3, {10, 10, 5, 5});
  tree.insert(4, {-1e300, 9, 2e300, 2});  // enormous: overlaps 3
  EXPECT_TRUE(Valid(tree));
  EXPECT_EQ(searchOf(tree, {-1e308, -1e308, inf, inf}), (std::vector<int32_t>{3, 4}));
  EXPECT_EQ(searchOf(tree, {0, 0, 100, 100}), (std::vector<int32_t>{3, 4}));
  EXPECT_FALSE(tree.collides({nan, 0, 100, 100}));
  EXPECT_TRUE(SamePairs(pairsOf(tree), {{3, 4}}));
  EXPECT_TRUE(tree.remove(0));
  EXPECT_TRUE(tree.remove(2));
  EXPECT_TRUE(Valid(tree));
}

TEST(LinearQuadtree, DepthIsClampedAndDegenerateBoundsStillAnswerExactly) {
  EXPECT_EQ(LinearQuadtree(kBounds, 0).depth(), 1);
  EXPECT_EQ(LinearQuadtree(kBounds, -5).depth(), 1);
  EXPECT_EQ(LinearQuadtree(kBounds, 7).depth(), 7);
  for (const Rect b : {Rect{0, 0, 0, 100}, Rect{5, 5, -10, 10},
                       Rect{0, 0, std::numeric_limits<double>::infinity(), 1}}) {
    LinearQuadtree tree(b, 3);
    Oracle oracle;
    Gen gen(11);
    for (int32_t id = 0; id < 60; ++id) {
      const Rect r = gen.rect({0, 0, 100, 100}, 3);
      tree.insert(id, r);
      oracle.set(id, r);
    }
    EXPECT_TRUE(Valid(tree));
    EXPECT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
    for (int i = 0; i < 20; ++i) EXPECT_TRUE(SameSearch(tree, oracle, gen.rect({0, 0, 100, 100}, 3)));
  }
}

TEST(LinearQuadtree, AFittedDepthFollowsTheObjectsAsTheExactIndexsRuleDoesAndAnswersTheSame) {
  const Rect world{0, 0, 4000, 4000};
  LinearQuadtree tree(world, 8);
  tree.fitDepth();
  EXPECT_TRUE(tree.autoDepth());
  EXPECT_EQ(tree.depth(), LinearQuadtree::unfittedDepth());
  Oracle oracle;
  Gen gen(5);
  auto add = [&](int32_t from, int32_t to, double size) {
    for (int32_t id = from; id < to; ++id) {
      const Rect r{gen.real(0, 4000), gen.real(0, 4000), size, size};
      tree.insert(id, r);
      oracle.set(id, r);
    }
  };
  auto fitted = [&] {  // what the rule gives these objects
    qt::DepthPlan plan(world);
    for (int32_t id = 0; id < int32_t(oracle.present.size()); ++id)
      if (oracle.present[id]) plan.fit(oracle.rects[id]);
    return plan.depth(oracle.size());
  };
  add(0, 2000, 11);
  tree.fit();
  EXPECT_EQ(tree.depth(), fitted());
  // 11 px fits cells of 4000 / 2^7 = 31 px (at least twice its size), but 2,000 objects get
  // about 8 cells each at most: 4^6.
  EXPECT_EQ(tree.depth(), 6);
  EXPECT_TRUE(Valid(tree));
  EXPECT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
  for (int i = 0; i < 40; ++i) EXPECT_TRUE(SameSearch(tree, oracle, gen.rect(world, 7)));
  // Twice as many, four times smaller: not yet outgrown, so the depth stays.
  add(2000, 4000, 2.75);
  tree.fit();
  EXPECT_EQ(tree.depth(), 6);
  // Four times as many again: fitted anew, and every answer the same.
  add(4000, 20000, 2.75);
  const uint32_t version = tree.version();
  tree.fit();
  EXPECT_EQ(tree.depth(), fitted());
  EXPECT_EQ(tree.depth(), 8);  // most are 2.75 px (level 9), kept to 8 cells an object
  EXPECT_EQ(tree.version(), version);  // nothing a query answers changed
  EXPECT_TRUE(Valid(tree));
  for (int i = 0; i < 40; ++i) EXPECT_TRUE(SameSearch(tree, oracle, gen.rect(world, 9)));
  EXPECT_TRUE(SameLayout(tree, oracle));
  // A tree of a fixed depth keeps it.
  LinearQuadtree fixed(world, 4);
  fixed.insert(0, {1, 1, 1, 1});
  fixed.fit();
  EXPECT_FALSE(fixed.autoDepth());
  EXPECT_EQ(fixed.depth(), 4);
}

// --- random scenes against the oracle ----------------------------------------------------------

TEST(LinearQuadtreeRandom, SearchCollidesPairsAndLayoutMatchTheOracle) {
  for (uint32_t seed = 1; seed <= 80; ++seed) {
    Gen gen(seed);
    const int32_t depth = 1 + int32_t(seed % 10);
    const Rect b = gen.bounds();
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    const int32_t n = gen.integer(0, 400);
    for (int32_t i = 0; i < n; ++i) {
      const int32_t id = gen.chance(0.1) ? gen.integer(0, i) : i;  // now and then a re-insert
      const Rect r = gen.rect(b, depth);
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth) + ", bounds " +
                 show(b));
    ASSERT_TRUE(Valid(tree));
    EXPECT_EQ(tree.size(), oracle.size());
    EXPECT_TRUE(SameLayout(tree, oracle));
    for (int q = 0; q < 60; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
    ASSERT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
  }
}

TEST(LinearQuadtreeRandom, DenseScenesWithManyObjectsPerNode) {
  for (uint32_t seed = 100; seed < 106; ++seed) {
    Gen gen(seed);
    const int32_t depth = 1 + int32_t(seed % 4);
    const Rect b = gen.bounds();
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    for (int32_t id = 0; id < 1500; ++id) {
      const Rect r = gen.rect(b, 8);  // small against the shallow grid: crowded leaves
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed));
    ASSERT_TRUE(Valid(tree));
    ASSERT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
    for (int q = 0; q < 30; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
  }
}

TEST(LinearQuadtreeRandom, OperationSequencesKeepEveryInvariant) {
  for (uint32_t seed = 1; seed <= 24; ++seed) {
    Gen gen(seed * 7919);
    const int32_t depth = 1 + int32_t(seed % 8);
    const Rect b = gen.bounds();
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    const int32_t ids = gen.integer(5, 80);
    const int steps = 500;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth));
    for (int step = 0; step < steps; ++step) {
      SCOPED_TRACE("step " + std::to_string(step));
      const int32_t id = gen.integer(0, ids - 1);
      const int32_t op = gen.integer(0, 199);
      if (op < 60) {  // insert: a new object, or a present one moved
        const Rect r = gen.rect(b, depth);
        tree.insert(id, r);
        oracle.set(id, r);
      } else if (op < 160) {  // update with a small, a border-crossing, an in/out or a big move
        const bool had = oracle.has(id);
        const Rect before = had ? oracle.rects[id] : Rect{};
        const Rect r = had ? gen.moved(before, b, depth) : gen.rect(b, depth);
        const bool changed = !had || !(placeOf(b, depth, before) == placeOf(b, depth, r));
        ASSERT_EQ(tree.update(id, r), changed) << show(before) << " -> " << show(r);
        oracle.set(id, r);
      } else if (op < 195) {
        ASSERT_EQ(tree.remove(id), oracle.erase(id));
      } else if (op < 197) {
        tree.clear();
        oracle.clear();
      } else {  // remove then re-insert at once, elsewhere
        tree.remove(id);
        const Rect r = gen.rect(b, depth);
        tree.insert(id, r);
        oracle.set(id, r);
      }
      ASSERT_TRUE(Valid(tree));
      ASSERT_EQ(tree.size(), oracle.size());
      ASSERT_EQ(tree.contains(id), oracle.has(id));
      if (step % 10 == 9) {
        ASSERT_TRUE(SameLayout(tree, oracle));
        ASSERT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
        for (int q = 0; q < 8; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
      }
    }
  }
}

// pairs() lists objects in bands of the level holding the most objects (coarser when huge
// objects would be listed in too many bands); search() starts at the shallowest level holding
// objects. Scenes of one size, of many sizes and of two very different sizes, moving.
TEST(LinearQuadtreeRandom, ScenesOfOneManyAndTwoSizesUnderMovement) {
  for (uint32_t seed = 1; seed <= 12; ++seed) {
    Gen gen(seed * 7717);
    const int32_t depth = 5 + int32_t(seed % 6);  // 5..10
    const Rect b{gen.real(-500, 500), gen.real(-500, 500), gen.real(200, 3000), gen.real(200, 3000)};
    const double cell = b.w / (1 << depth);
    const int32_t kind = int32_t(seed % 3);  // 0: one size, 1: many sizes, 2: tiny and huge
    auto make = [&]() -> Rect {
      double s;
      if (kind == 0) s = cell * gen.real(0.1, 0.6);
      else if (kind == 1) s = cell * std::ldexp(1.0, gen.integer(-2, depth)) * gen.real(0.3, 1);
      else s = gen.chance(0.6) ? cell * gen.real(0, 0.5) : b.w * gen.real(0.5, 1.5);
      const double w = s * gen.real(0.5, 1.5), h = s * gen.real(0.5, 1.5);
      return {b.x + gen.real(-0.1, 1.1) * b.w - w / 2, b.y + gen.real(-0.1, 1.1) * b.h - h / 2, w, h};
    };
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    const int32_t n = kind == 2 ? 250 : 700;
    for (int32_t id = 0; id < n; ++id) {
      const Rect r = make();
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth) + ", kind " +
                 std::to_string(kind));
    for (int frame = 0; frame < 4; ++frame) {
      for (int32_t id = 0; id < n; ++id) {
        const Rect& o = oracle.rects[id];
        const Rect r = gen.chance(0.05) ? make()
                                        : Rect{o.x + cell * gen.real(-0.3, 0.3), o.y + cell * gen.real(-0.3, 0.3), o.w, o.h};
        tree.update(id, r);
        oracle.set(id, r);
      }
      ASSERT_TRUE(Valid(tree));
      ASSERT_TRUE(SameLayout(tree, oracle));
      ASSERT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
      for (int q = 0; q < 30; ++q) {  // windows from a fraction of a cell to more than the bounds
        const double s = cell * std::ldexp(1.0, gen.integer(-3, depth + 1)) * gen.real(0.5, 1);
        ASSERT_TRUE(SameSearch(tree, oracle, {b.x + gen.real(-0.2, 1.2) * b.w - s / 2,
                                              b.y + gen.real(-0.2, 1.2) * b.h - s / 2, s, s * gen.real(0.3, 3)}));
      }
    }
  }
}

// A frame loop of moves and pairs() with no query: past half the objects changing node, moves
// stop keeping the lists and counts, and the next call that reads them rebuilds them. Inserts,
// removes, updates, pairs() and clear() in between must all still be exact; a sparse deep tree
// and a dense shallow one take the two ways of emptying the nodes.
TEST(LinearQuadtreeRandom, MovesWithoutQueriesLeaveTheListsToTheNextQuery) {
  for (uint32_t seed = 1; seed <= 8; ++seed) {
    Gen gen(seed * 6011);
    const int32_t depth = seed % 2 ? 10 : 3;
    const Rect b{gen.real(-500, 500), gen.real(-500, 500), gen.real(200, 3000), gen.real(200, 3000)};
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    const int32_t n = 300;
    auto anywhere = [&]() -> Rect {
      const double w = b.w * gen.real(0, 0.05), h = b.h * gen.real(0, 0.05);
      return {b.x + gen.real(-0.1, 1.1) * b.w, b.y + gen.real(-0.1, 1.1) * b.h, w, h};
    };
    for (int32_t id = 0; id < n; ++id) {
      const Rect r = anywhere();
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth));
    ASSERT_TRUE(SameSearch(tree, oracle, anywhere()));
    for (int round = 0; round < 3; ++round) {
      for (int frame = 0; frame < 3; ++frame) {
        for (int32_t id = 0; id < n; ++id) {
          const int32_t op = gen.integer(0, 99);
          if (op < 80) {
            const Rect r = anywhere();
            tree.update(id, r);
            oracle.set(id, r);
          } else if (op < 90) {
            ASSERT_EQ(tree.remove(id), oracle.erase(id));
          } else {
            const Rect r = anywhere();
            tree.insert(id, r);
            oracle.set(id, r);
          }
        }
        ASSERT_EQ(tree.size(), oracle.size());
        ASSERT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
      }
      ASSERT_FALSE(tree.listsMaintained()) << "round " << round;
      if (round == 1) {  // clear() from there, and fill again
        tree.clear();
        oracle.clear();
        for (int32_t id = 0; id < n; id += 2) {
          const Rect r = anywhere();
          tree.insert(id, r);
          oracle.set(id, r);
        }
      }
      for (int q = 0; q < 20; ++q) ASSERT_TRUE(SameSearch(tree, oracle, anywhere())) << "round " << round;
      ASSERT_TRUE(tree.listsMaintained());
      ASSERT_TRUE(Valid(tree));
      ASSERT_TRUE(SameLayout(tree, oracle));
    }
  }
}

// Queries walk the lists until they have stepped over as many objects as the tree holds, then
// read the ids grouped by node until an object joins, leaves or changes node; a move within its
// node keeps the grouping. Both ways answer exactly as the oracle does, and validate() checks
// the grouped copy.
TEST(LinearQuadtreeRandom, QueriesGroupTheIdsByNodeOnceTheyHaveWalkedTheTree) {
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    Gen gen(seed * 7919);
    const int32_t depth = 2 + int32_t(seed % 5);
    const Rect b = gen.bounds();
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    const int32_t n = 200;
    for (int32_t id = 0; id < n; ++id) {
      const Rect r = gen.rect(b, depth);
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth));
    auto queryUntilGrouped = [&]() -> ::testing::AssertionResult {
      for (int q = 0; q < 1000 && !tree.grouped(); ++q) {
        const auto same = SameSearch(tree, oracle, gen.rect(b, depth));
        if (!same) return same;
      }
      if (!tree.grouped()) return ::testing::AssertionFailure() << "1,000 queries left the ids ungrouped";
      return ::testing::AssertionSuccess();
    };
    ASSERT_FALSE(tree.grouped());
    ASSERT_TRUE(queryUntilGrouped());
    ASSERT_TRUE(SameSearch(tree, oracle, {b.x - 1, b.y - 1, b.w + 2, b.h + 2}));  // every object
    for (int q = 0; q < 50; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
    ASSERT_TRUE(Valid(tree));
    // Moves that keep their node keep the grouping; the rects queries test are the new ones.
    for (int32_t id = 0; id < n; ++id) {
      const Rect& had = oracle.rects[id];
      const Rect r{had.x + had.w * 0.001, had.y, had.w, had.h};
      if (!(placeOf(b, depth, had) == placeOf(b, depth, r))) continue;
      ASSERT_FALSE(tree.update(id, r));
      oracle.set(id, r);
    }
    ASSERT_TRUE(tree.grouped());
    for (int q = 0; q < 50; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
    // Each kind of regrouping change: a move to another node, a remove, an insert, a clear.
    for (int change = 0; change < 4; ++change) {
      ASSERT_TRUE(queryUntilGrouped()) << "change " << change;
      const int32_t id = gen.integer(0, n - 1);
      if (change == 0) {
        Rect r = gen.rect(b, depth);
        while (placeOf(b, depth, r) == placeOf(b, depth, oracle.rects[id])) r = gen.rect(b, depth);
        ASSERT_TRUE(tree.update(id, r));
        oracle.set(id, r);
      } else if (change == 1) {
        ASSERT_EQ(tree.remove(id), oracle.erase(id));
      } else if (change == 2) {
        const Rect r = gen.rect(b, depth);
        tree.insert(n + change, r);
        oracle.set(n + change, r);
      } else {
        tree.clear();
        oracle.clear();
        for (int32_t k = 0; k < n; k += 3) {
          const Rect r = gen.rect(b, depth);
          tree.insert(k, r);
          oracle.set(k, r);
        }
      }
      ASSERT_FALSE(tree.grouped()) << "change " << change;
      for (int q = 0; q < 20; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth))) << "change " << change;
      ASSERT_TRUE(Valid(tree));
    }
  }
}

// A tree that holds still: its rect queries read the grouped ids, then their rects' copy, and
// copy the ids of nodes wholly inside a query without testing them (searchRuns()).
TEST(LinearQuadtreeRandom, StillTreesAnswerFromTheGroupedIdsAndTheirCopiedRects) {
  for (uint32_t seed = 1; seed <= 8; ++seed) {
    Gen gen(seed * 104729);
    const int32_t depth = 2 + int32_t(seed % 6);
    const Rect b = gen.bounds();
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    const int32_t n = 300;
    for (int32_t id = 0; id < n; ++id) {
      const Rect r = gen.rect(b, depth);
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth));
    for (int q = 0; q < 3000 && !tree.groupedRects(); ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
    ASSERT_TRUE(tree.groupedRects());
    ASSERT_TRUE(tree.readsRectRuns());
    // Windows of every size, on and off the cell lines, negative sizes and points among them.
    for (int q = 0; q < 300; ++q) {
      ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
      const double w = b.w * gen.real(0, 1), h = b.h * gen.real(0, 1);
      ASSERT_TRUE(SameSearch(tree, oracle, {b.x + gen.real(-0.2, 1) * b.w, b.y + gen.real(-0.2, 1) * b.h, w, h}));
    }
    ASSERT_TRUE(SameSearch(tree, oracle, {b.x - 1, b.y - 1, b.w + 2, b.h + 2}));  // every object
    ASSERT_TRUE(SameSearch(tree, oracle, b));
    ASSERT_TRUE(Valid(tree));
  }
}

TEST(LinearQuadtreeRandom, DeepTreesUnderMovement) {
  for (uint32_t seed = 1; seed <= 4; ++seed) {
    Gen gen(seed * 31337);
    const int32_t depth = 8 + int32_t(seed % 3);  // 8..10
    const Rect b = gen.bounds();
    LinearQuadtree tree(b, depth);
    Oracle oracle;
    for (int32_t id = 0; id < 300; ++id) {
      const Rect r = gen.rect(b, depth);
      tree.insert(id, r);
      oracle.set(id, r);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + ", depth " + std::to_string(depth));
    for (int frame = 0; frame < 6; ++frame) {
      for (int32_t id = 0; id < 300; ++id) {
        const Rect r = gen.moved(oracle.rects[id], b, depth);
        const bool changed = !(placeOf(b, depth, oracle.rects[id]) == placeOf(b, depth, r));
        ASSERT_EQ(tree.update(id, r), changed);
        oracle.set(id, r);
      }
      ASSERT_TRUE(Valid(tree));
      ASSERT_TRUE(SameLayout(tree, oracle));
      ASSERT_TRUE(SamePairs(pairsOf(tree), oracle.pairs()));
      for (int q = 0; q < 20; ++q) ASSERT_TRUE(SameSearch(tree, oracle, gen.rect(b, depth)));
    }
  }
}

}  // namespace
