#include "linear_quadtree.h"

#include "memory_guard.h"
#include "sort.h"

#include <algorithm>
#include <cmath>

namespace qt {

namespace {

// The one overlap rule, strict on every side.
inline bool strictOverlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// Bit length of m (0 for 0): how many low bits two cell coordinates differ in.
inline int32_t bitLength(uint32_t m) { return m ? 32 - __builtin_clz(m) : 0; }

// validate()'s messages, built with std::string only: iostreams would triple the size of the wasm.
#ifndef QT_VALIDATE_QUIET
inline void put(std::string& s, const char* part) { s += part; }
inline void put(std::string& s, int32_t part) { s += std::to_string(part); }
#endif
template <class... Parts>
bool fail(std::string* why, const Parts&... parts) {
#ifndef QT_VALIDATE_QUIET  // the wasm build: JavaScript only reads true or false
  if (why) {
    why->clear();
    (put(*why, parts), ...);
  }
#else
  (void)why;
  ((void)parts, ...);
#endif
  return false;
}

}  // namespace

LinearQuadtree::LinearQuadtree(Rect bounds, int32_t depth)
    : bounds_(bounds), depth_(std::min(std::max(depth, int32_t(1)), kMaxDepth)) {
  static_assert(sizeof(Node) == 8 && sizeof(Cells) == 16 && sizeof(Link) == 12 &&
                    sizeof(Entry) == 40 && kMaxDepth <= 15,  // Entry::tag's fields
                "the sizes noted in linear_quadtree.h");
  side_ = int32_t(1) << depth_;
  // A zero scale sends every coordinate to cell 0: one node, but every query stays exact.
  auto scale = [&](double extent) {
    return std::isfinite(extent) && extent > 0 ? double(side_) / extent : 0.0;
  };
  scaleX_ = scale(bounds.w);
  scaleY_ = scale(bounds.h);
  offsets_[0] = 0;
  for (int32_t l = 0; l <= depth_; ++l) offsets_[l + 1] = offsets_[l] + (int32_t(1) << (2 * l));
  nodes_.assign(size_t(offsets_[depth_ + 1]), Node{-1, 0});
}

// floor((v - origin) * scale) clamped to [0, side - 1]. Monotone in v (IEEE subtraction and
// multiplication by a constant >= 0 round monotonically), which is what makes the integer ranges
// safe for pruning: a.x < b.x + b.w implies cell(a.x) <= cell(b.x + b.w). NaN goes to 0.
int32_t LinearQuadtree::cell(double v, double origin, double scale) const {
  const double c = (v - origin) * scale;
  if (!(c >= 0)) return 0;
  if (c >= double(side_)) return side_ - 1;
  return int32_t(c);  // c >= 0, so truncation is floor
}

// min/max of the corners' cells, so a negative w or h still gives an ordered range that covers
// every rect the real one can overlap.
LinearQuadtree::Cells LinearQuadtree::cellsOf(const Rect& r) const {
  const int32_t ax = cell(r.x, bounds_.x, scaleX_), bx = cell(r.x + r.w, bounds_.x, scaleX_);
  const int32_t ay = cell(r.y, bounds_.y, scaleY_), by = cell(r.y + r.h, bounds_.y, scaleY_);
  return {std::min(ax, bx), std::min(ay, by), std::max(ax, bx), std::max(ay, by)};
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

void LinearQuadtree::insert(int32_t id, const Rect& rect) {
  if (id < 0) return;
  if (contains(id)) {
    update(id, rect);
    return;
  }
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

bool LinearQuadtree::update(int32_t id, const Rect& rect) {
  if (id < 0) return false;
  if (!contains(id)) {
    insert(id, rect);
    return true;
  }
  const Cells c = cellsOf(rect);
  rects_[id] = rect;
  Cells& had = cells_[id];
  // Most moves in a frame stay in the same cells: then node and counts stand as they are.
  if (c.x0 == had.x0 && c.y0 == had.y0 && c.x1 == had.x1 && c.y1 == had.y1) return false;
  const int32_t node = nodeOf(c);
  const bool changed = node != links_[id].node;
  if (changed) {  // most moves in a frame stay in their node and skip this
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
  return changed;
}

bool LinearQuadtree::remove(int32_t id) {
  if (!contains(id)) return false;
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
void LinearQuadtree::relinked() const {
  relinks_ = 0;
  if (linked_) return;
  zeroNodes();
  for (int32_t id = 0; id < int32_t(links_.size()); ++id) {
    if (links_[id].node < 0) continue;
    link(id, links_[id].node);
    countPath(cells_[id], 1);
  }
  linked_ = true;
}

bool LinearQuadtree::query(const Rect& q, std::vector<int32_t>* out) const {
  if (size_ == 0) return false;
  relinked();
  const Cells r = cellsOf(q);
  struct Frame {  // 12 bytes
    int32_t level, cx, cy;
  };
  // The objects of node (l, cx, cy) and of its subtree lie in cells cx..cx + 1, cy..cy + 1 of
  // level l, so the node can hold a match only if those meet the query's range (closed ranges):
  // cx in [(r.x0 >> k) - 1, r.x1 >> k], same in y. Its parent then passes the same test.
  // The levels above the shallowest one holding objects are empty, so the walk starts there with
  // every such node, or higher up if there are more than 16 of them (the walk skips empty
  // subtrees; a scan of a level would not).
  int32_t level = 0, x0, x1, y0, y1;
  while (levels_[level] == 0) ++level;
  // A small query (the usual: an object's own rect) meets at most 16 such nodes even at the
  // deepest level holding objects: then each level's few are read directly, without the walk.
  int32_t deepest = depth_;
  while (levels_[deepest] == 0) --deepest;
  auto range = [&](int32_t l) {
    const int32_t k = depth_ - l;
    x0 = std::max((r.x0 >> k) - 1, int32_t(0)), x1 = r.x1 >> k;
    y0 = std::max((r.y0 >> k) - 1, int32_t(0)), y1 = r.y1 >> k;
    return (x1 - x0 + 1) * (y1 - y0 + 1);
  };
  bool hit = false;
  // A node's own objects that overlap q; true: stop (collides() has its answer).
  auto scan = [&](int32_t node) {
    for (int32_t id = nodes_[node].head; id >= 0; id = links_[id].next) {
      if (!strictOverlap(rects_[id], q)) continue;
      if (!out) return true;
      out->push_back(id);
      hit = true;
    }
    return false;
  };
  if (range(deepest) <= 16) {
    for (int32_t l = level; l <= deepest; ++l) {
      if (levels_[l] == 0) continue;
      range(l);
      for (int32_t cy = y0; cy <= y1; ++cy)
        for (int32_t cx = x0; cx <= x1; ++cx)
          if (scan(index(l, cx, cy))) return true;
    }
    return hit;
  }
  while (range(level) > 16) --level;  // level 0 has one node
  // Each step pops one node and pushes at most four children: at most 16 + 3D frames.
  Frame stack[16 + 3 * kMaxDepth];
  int32_t top = 0;
  for (int32_t cy = y1; cy >= y0; --cy)
    for (int32_t cx = x1; cx >= x0; --cx)
      if (nodes_[index(level, cx, cy)].count > 0) stack[top++] = {level, cx, cy};
  while (top > 0) {
    const Frame f = stack[--top];
    if (scan(index(f.level, f.cx, f.cy))) return true;
    if (f.level == depth_) continue;
    level = f.level + 1;
    const int32_t k = depth_ - level;
    x0 = std::max((r.x0 >> k) - 1, 2 * f.cx), x1 = std::min(r.x1 >> k, 2 * f.cx + 1);
    y0 = std::max((r.y0 >> k) - 1, 2 * f.cy), y1 = std::min(r.y1 >> k, 2 * f.cy + 1);
    for (int32_t cy = y1; cy >= y0; --cy)
      for (int32_t cx = x1; cx >= x0; --cx)
        if (nodes_[index(level, cx, cy)].count > 0) stack[top++] = {level, cx, cy};
  }
  return hit;
}

void LinearQuadtree::search(const Rect& q, std::vector<int32_t>& out) const { query(q, &out); }

bool LinearQuadtree::collides(const Rect& q) const { return query(q, nullptr); }

// Taller bands list fewer objects in two bands, but each object's sweep meets more of the band.
// Per object, pairs() costs about (1 + h / H) * (1 + 1.36 * d * w * (H + h)) for bands of height
// H, objects of mean height h and width w, and d objects per unit of area (fitted to the
// benchmark scene: 2-8, 2-20 and 10-40 px objects at 10,000 and 50,000; it picks the fastest level
// in each). Judged from a sample of up to 512 objects, among the levels around the one holding
// the most objects.
int32_t LinearQuadtree::bandLevel() const {
  int32_t mode = 0;
  for (int32_t l = 1; l <= depth_; ++l)
    if (levels_[l] >= levels_[mode]) mode = l;
  const int32_t ids = int32_t(links_.size()), step = std::max(ids / 512, int32_t(1));
  double heights = 0, widths = 0;
  int32_t counted = 0;
  for (int32_t id = 0; id < ids; id += step) {
    const Rect& r = rects_[id];
    if (links_[id].node < 0 || !(r.w >= 0 && r.h >= 0)) continue;
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
void LinearQuadtree::pairs(std::vector<int32_t>& out) {
  if (!pairsChecked(out)) noMemory_ = true;
}

bool LinearQuadtree::pairsChecked(std::vector<int32_t>& out) {
  if (size_ < 2) return true;
  // The bands are the rows of bandLevel(); or coarser, if that could list objects more than 4
  // times on average (an object of level l meets at most 2 rows of level l, so at most
  // 2^(L - l + 1) rows of a level L >= l and 2 of a level L < l).
  int32_t level = bandLevel();
  for (;; --level) {
    int64_t listed = 0;
    for (int32_t l = 0; l <= depth_; ++l)
      listed += int64_t(levels_[l]) * (l <= level ? int64_t(2) << (level - l) : 2);
    if (listed <= 4 * int64_t(size_) || level == 0) break;
  }
  const int32_t ids = int32_t(links_.size()), k = depth_ - level, bands = 1 << level;
  if (!growTo(rows_, size_t(bands) + 3) || !growTo(keys_, 2 * size_t(ids)) ||
      !growTo(columns_, size_t(bands) + 1))
    return false;
  rows_.assign(size_t(bands) + 3, 0);
  keys_.resize(2 * size_t(ids));
  int32_t* key = keys_.data();
  for (int32_t id = 0; id < ids; ++id) {
    key[2 * id] = -1;
    if (links_[id].node < 0) continue;
    const Cells& c = cells_[id];
    key[2 * id] = (c.y0 >> k) << 16 | c.y1 >> k;
    key[2 * id + 1] = c.x0 >> k;
    ++rows_[size_t(c.y0 >> k) + 2];  // as differences: every band from top to bottom
    --rows_[size_t(c.y1 >> k) + 3];
  }
  for (int32_t b = 0, length = 0, start = 0; b <= bands; start += length, ++b) {
    length += rows_[b + 2];  // rows_[b + 2] is read before it is overwritten
    rows_[b + 1] = start;
  }
  if (!growTo(entries_, size_t(rows_[bands + 1]))) return false;
  entries_.resize(size_t(rows_[bands + 1]));
  Entry* e = entries_.data();
  for (int32_t id = 0; id < ids; ++id) {
    if (key[2 * id] < 0) continue;
    const Rect& r = rects_[id];
    const int32_t top = key[2 * id] >> 16, bottom = key[2 * id] & 0xffff;
    // The column of its left edge (the smaller corner's), as a hint for the sort.
    Entry x{r.x, r.x + r.w, r.y, r.y + r.h, id, uint32_t(top) << 16 | uint32_t(key[2 * id + 1])};
    // Every comparison with NaN is false, so such an object overlaps nothing. Edges that say so
    // without NaN keep the sweeps sound: it ends before anything starts and sorts first.
    if (!(x.x0 == x.x0 && x.x1 == x.x1 && x.y0 == x.y0 && x.y1 == x.y1))
      x.x0 = x.x1 = x.y1 = -HUGE_VAL, x.y0 = HUGE_VAL;
    // Each scatter leaves a band's counter at the next band's start: rows_[b] ends as b's start.
    for (int32_t b = top; b <= bottom; ++b) e[rows_[b + 1]++] = x;
  }
  columns_.resize(size_t(bands) + 1);
  int32_t* count = columns_.data();
  bool room = true;
  auto test = [&out, &room](const Entry& a, const Entry& b) {
    if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) {
      if (out.size() + 2 > out.capacity() && !(room = room && growTo(out, out.size() + 2))) return;
      out.push_back(std::min(a.id, b.id));
      out.push_back(std::max(a.id, b.id));
    }
  };
  for (int32_t b = 0; b < bands; ++b) {
    const Entry* from = e + rows_[b];
    const int32_t n = rows_[b + 1] - rows_[b];
    if (n < 2) continue;
    if (!room) return false;
    if (band_.size() < size_t(n)) {
      if (!growTo(band_, size_t(n))) return false;
      band_.resize(size_t(n));
    }
    Entry* w = band_.data();
    // Into x order: a counting sort by column, in n to 2n buckets of whole columns, then an
    // insertion sort, which then only has to order each bucket's run (the column is the cell of
    // x, and cell() is monotone; with a negative w it is the cell of x + w, and the insertion
    // sort has more to do); crowded buckets are shell-sorted first.
    const int32_t shift = std::max(level - bitLength(uint32_t(n)), int32_t(0)), buckets = bands >> shift;
    std::fill(count, count + buckets + 1, 0);
    int32_t crowd = 0;
    for (int32_t i = 0; i < n; ++i) crowd = std::max(crowd, ++count[((from[i].tag & 0xffff) >> shift) + 1]);
    for (int32_t i = 1; i <= buckets; ++i) count[i] += count[i - 1];
    for (int32_t i = 0; i < n; ++i) w[count[(from[i].tag & 0xffff) >> shift]++] = from[i];
    auto byX = [](const Entry& p, const Entry& o) { return p.x0 < o.x0; };
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
      const bool first = int32_t(a.tag >> 16) == b;
      for (int32_t j = i + 1; j < n && w[j].x0 < a.x1; ++j)
        if (first || int32_t(w[j].tag >> 16) == b) test(a, w[j]);
    }
  }
  return room;
}

template <class Visit>
void LinearQuadtree::walkOccupied(Visit visit) const {
  if (nodes_[0].count == 0) return;
  struct Frame {
    int32_t level, cx, cy;
  };
  Frame stack[3 * kMaxDepth + 1];
  int32_t top = 0;
  stack[top++] = {0, 0, 0};
  while (top > 0) {
    const Frame f = stack[--top];
    int32_t below = 0;
    if (f.level < depth_) {
      for (int32_t q = 3; q >= 0; --q) {
        const Frame c{f.level + 1, 2 * f.cx + (q & 1), 2 * f.cy + (q >> 1)};
        const int32_t n = nodes_[index(c.level, c.cx, c.cy)].count;
        below += n;
        if (n > 0) stack[top++] = c;
      }
    }
    visit(f.level, f.cx, f.cy, nodes_[index(f.level, f.cx, f.cy)].count - below, below);
  }
}

Stats LinearQuadtree::stats() const {
  relinked();
  Stats s;
  s.links = s.entries = s.objects = size_;
  walkOccupied([&](int32_t level, int32_t, int32_t, int32_t own, int32_t below) {
    if (own == 0) return;
    ++s.nodes;
    s.depth = std::max(s.depth, level);
    if (below == 0) ++s.leaves;
  });
  return s;
}

void LinearQuadtree::nodes(std::vector<double>& out) const {
  relinked();
  walkOccupied([&](int32_t level, int32_t cx, int32_t cy, int32_t own, int32_t) {
    const double w = bounds_.w / double(int32_t(1) << level);
    const double h = bounds_.h / double(int32_t(1) << level);
    const double row[6] = {double(level), bounds_.x + cx * w, bounds_.y + cy * h, w, h, double(own)};
    out.insert(out.end(), row, row + 6);
  });
}

bool LinearQuadtree::validate(std::string* why) const {
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
  }
  return true;
}

}  // namespace qt
