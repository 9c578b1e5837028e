// BulkRects: every overlapping pair of many moving rects, a frame at a time, with the rects in an
// array the game writes into directly (issue 46's bulk path). Nothing is kept from one frame to the
// next but the arrays, the grid's plan and each band's room: each frame re-indexes every rect,
// which is what a scene of moving bodies needs, in one pass over the rects and the rest in cache.
//
// The layout (bench/native/scale.cpp measured it against the linear tree, a grid and sorted cell
// keys): the world is cut into bands (rows) at least as tall as the tallest rect, and each band
// into columns at least as wide as the widest. One pass over the rects scatters each, with its id
// (20 bytes, a Rec), into the room of its band (by its top), laid out from the last frame's
// counts with some to spare, and sees their extent and whether each is good; a rect whose room is
// full goes aside (spills), and a frame whose rects outgrew the plan or the room is planned or
// laid out anew. Threads each take a part of the ids, with a room of their own in each band, and
// then a range of bands (beginScatter() ... finish()). Then band by band, in cache, the next band is counting-sorted by column, and each
// rect is tested against the later rects of its column and the next, and the three columns below
// it in the next band: no other rect can overlap it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "base/abi.h"  // kMostBulkLanes
#include "base/memory_guard.h"

namespace qt {

class BulkRects {
 public:
  // Room for `capacity` rects (x, y, width, height as floats, by id), their values kept; false:
  // no room on the heap, nothing changed.
  bool reserve(int32_t capacity);
  float* rects() { return rects_.data(); }
  int32_t capacity() const { return int32_t(rects_.size() / 4); }

  // Every pair of the first `count` rects that overlap (strictly: rects that only touch do not),
  // as ids (lower, higher) into pairs(), in no promised order. Returns how many pairs; kBadRect
  // when a rect has a number that is not finite or a negative width or height (badRect() is the
  // first such id), or kNoMemory; the pairs are then undefined.
  int32_t findPairs(int32_t count);
  const int32_t* pairs() const { return answer_; }
  int32_t badRect() const { return badRect_; }

  // findPairs() in steps, for threads sharing the heap. On the thread that owns the BulkRects:
  // beginScatter() for `parts` parts of the ids (1: the rooms are laid out for that many, and each
  // part may scatterPart() on any thread; 0: they are not, settle() will do it), then settle() (the
  // bands ready; returns how many, or kBadRect or kNoMemory); prepare() is those three on one
  // thread. Then room for `lanes` lanes (readyLanes(), the owner), then each band range's pairs by
  // one lane on any thread (pairBands(), which never allocates: it returns the band it reached,
  // short of `end` when its lane's pairs need more room: grow() it, then go on from there), then
  // finish() (the owner; the count, as findPairs()).
  int32_t beginScatter(int32_t count, int32_t parts);
  void scatterPart(int32_t part);
  int32_t settle();
  // Where lane `lane` of `lanes` begins, for ranges of about as many rects each (a crowd is not one
  // lane's alone): a band; 0 for the first, bands() for `lanes`.
  int32_t splitBands(int32_t lane, int32_t lanes) const;
  int32_t prepare(int32_t count);
  bool readyLanes(int32_t lanes);
  int32_t pairBands(int32_t lane, int32_t begin, int32_t end);
  bool grow(int32_t lane);
  int32_t finish();
  static constexpr int32_t kMostLanes = kMostBulkLanes;

  // Tests: the grid the last findPairs() used (its bands and columns), and memory held, in bytes.
  int32_t bands() const { return plan_.bands; }
  int32_t columns() const { return plan_.columns; }
  size_t heldBytes() const;

  // A rect and its id as the bands keep them.
  struct Rec {
    float x, y, w, h;
    int32_t id;
  };

 private:
  // Where the rects of a frame lie: the range of their left and top edges, their widest and
  // tallest (doubles: float32 sums are exact in them).
  struct Extent {
    double minX, minY, maxX, maxY, maxW, maxH;
  };
  // The grid: origin, band height and column width, counts; and as the index math takes them, in
  // floats (the divisors as their inverses).
  struct Plan {
    double x0 = 0, y0 = 0, columnWidth = 0, bandHeight = 0;
    float left = 0, top = 0, perColumn = 0, perBand = 0, lastColumn = 0, lastBand = 0;
    int32_t columns = 0, bands = 0;
    bool valid = false;
    // Whether every rect of `e` lies where this plan finds its pairs, and the plan is not far
    // from the one fitted to `e` (`fitted`): else a new plan.
    bool serves(const Extent& e, const Plan& fitted) const;
    static Plan fit(const Extent& e, int32_t count);
    int32_t band(float y) const;
    int32_t column(float x) const;
  };

  // What a pass over rects saw, lane by lane over x, y, w, h (a vector's worth): the least and
  // greatest of each, and their sum of v - v, 0 while every number is finite (NaN from the first
  // that is not).
  struct Seen {
    float lo[4] = {HUGE_VALF, HUGE_VALF, HUGE_VALF, HUGE_VALF}, hi[4] = {-HUGE_VALF, -HUGE_VALF, 0, 0}, nan[4] = {};
    void add(const float* r) {
      for (int k = 0; k < 4; ++k) lo[k] = std::min(lo[k], r[k]), hi[k] = std::max(hi[k], r[k]), nan[k] += r[k] - r[k];
    }
    void add(const Seen& o) {
      for (int k = 0; k < 4; ++k) lo[k] = std::min(lo[k], o.lo[k]), hi[k] = std::max(hi[k], o.hi[k]), nan[k] += o.nan[k];
    }
    bool good() const { return nan[0] + nan[1] + nan[2] + nan[3] == 0 && std::min(lo[2], lo[3]) >= 0; }
    Extent extent() const { return Extent{lo[0], lo[1], hi[0], hi[1], hi[2], hi[3]}; }
  };
  // An id range scattered by one thread: what it saw, and its rects whose band's room was full
  // (room for spillRoom; `roomy` false if more did not fit).
  struct Part {
    Seen seen;
    std::vector<Rec> spill;
    int32_t spillRoom = 0, spilled = 0;
    bool roomy = true;
  };
  // One thread's workspace: a band and the next, by column, with each one's column (+ 1) and each
  // column's first; a band's columns in its order in recs_; and its pairs (`written` ints).
  struct Lane {
    std::vector<Rec> here, next;
    std::vector<int32_t> hereColumn, nextColumn, hereStart, nextStart, columnOf, pairs;
    size_t written = 0;
  };
  bool findBad(int32_t count);
  bool joinLanes(size_t total);
  bool layOut();
  void countParts();
  bool relayOut(const Plan& plan);
  bool sortSpills();
  void sortBand(int32_t b, Lane& lane, bool next) const;
  bool pairBand(Lane& lane) const;

  std::vector<float> rects_;
  Plan plan_;
  // recs_ holds each band's rects, in a room for each part of the ids: part t's in band b from
  // roomStart_[t * bands + b] up to roomEnd_[...] (laid out from the last frame's counts, and some
  // more; in recs_ band by band); fill_[...]: the end of those written (between frames: the count).
  // The rects whose room was full are in their parts' spill, then all in spillByBand_.
  std::vector<int32_t> roomStart_, roomEnd_, fill_;
  std::vector<Rec> recs_, spillByBand_;
  std::vector<int32_t> spillStart_;
  std::vector<Part> parts_;  // (arrays, not kMostLanes members: their code is a loop, not 16 copies)
  std::vector<int32_t> rectsBefore_;  // the rects before each band, after settle()
  int32_t count_ = 0, partsLaidOut_ = 0, partsWanted_ = 1, spilled_ = 0, mostInBand_ = 0;
  bool scattered_ = false;
  std::vector<Lane> lanes_;
  int32_t lanesReady_ = 0;
  std::vector<int32_t> pairs_;  // the lanes' pairs together, when there are more than one
  const int32_t* answer_ = nullptr;
  int32_t badRect_ = -1;
};

}  // namespace qt
