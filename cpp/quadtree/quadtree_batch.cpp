// Quadtree::insertBatch(): a flush of staged inserts, placed in one pass down the tree.
//
// Inserting objects one by one, a leaf splits once more than maxObjects have reached it (below
// maxLevels) and each list keeps insertion order, so the leaves and their lists depend only on
// which objects reach each node, in order. The batch is therefore handed down the tree as a
// slice of entries per node, in batch order: a split node hands each child the entries that reach
// it; an empty leaf that the slice would overfill is split first and its slice handed on (no
// links made and re-made); any other leaf takes the slice at the end of its list and splits as
// insert() would (splitOverflowing()). Each level is one pass over its slices, without the
// branches and pointer chasing of a descent per object.
#include "quadtree/quadtree.h"

namespace qt {

int32_t Quadtree::insertAll(const int32_t* ids, const double* rects, int32_t count) {
  return insertEach(insertBatch(ids, rects, count), ids, rects, count);
}

int32_t Quadtree::insertBatch(const int32_t* ids, const double* rects, int32_t count) {
  if (count <= 0) return 0;
  int32_t maxId = -1;
  for (int32_t i = 0; i < count; ++i) maxId = std::max(maxId, ids[i]);
  reserve(count, maxId);  // for what insert() places one by one too
  // Room for the entries, a link each, and the root's slice (the slices below grow it).
  if (!waiting_.empty() || !roomForObject(maxId) || !roomForEntries(size_t(count)) ||
      !roomForLinks(size_t(count)) || !growTo(batch_, 2 * size_t(count)) ||
      !growTo(batchEntries_, size_t(count)) || !growTo(batchWork_, 48))
    return 0;
  objects_.cover(maxId);
  // The entries, up to the first id already stored (in the tree, or earlier in the batch): its
  // old entries would be re-placed by the rect they were placed for, which place() handles.
  // (Sized first and written by index: the capacity is there, and push_back() would bring in
  // the code that grows a vector, several times over.)
  batch_.resize(size_t(count));
  batchEntries_.resize(size_t(count));
  int32_t stored = 0;
  auto take = [&](int32_t i, int32_t entry) {  // batch position i gets `entry`, unplaced
    const double* r = rects + 4 * size_t(i);
    entryHome_[entry] = entrySplit_[entry] = root();
    entryLeaf_[entry] = kUnplaced;
    objects_.rects[ids[i]] = {r[0], r[1], r[2], r[3]};
    batch_[i] = i;
    batchEntries_[i] = entry;
  };
  if (freeEntry_ < 0) {
    // No freed entry to reuse (after clear(), always): the next slots, each array sized once
    // rather than grown an element at a time by allocEntry().
    const int32_t first = int32_t(entryObject_.size());
    for (; stored < count && objects_.first[ids[stored]] < 0; ++stored) objects_.first[ids[stored]] = first + stored;
    const size_t size = size_t(first) + size_t(stored);
    entryObject_.resize(size), entryNext_.resize(size), entryLeaf_.resize(size);
    entryHome_.resize(size), entrySplit_.resize(size);
    for (int32_t i = 0; i < stored; ++i) {
      entryObject_[size_t(first + i)] = ids[i];
      entryNext_[size_t(first + i)] = -1;  // the object's only entry
      take(i, first + i);
    }
  } else {
    for (; stored < count && objects_.first[ids[stored]] < 0; ++stored) take(stored, allocEntry(ids[stored]));
  }
  objects_.count += stored;
  batch_.resize(size_t(stored));
  if (stored == 0) return 0;
  changed();
  auto toPlace = [](int32_t node, int32_t start, int32_t length) {
    const size_t at = batchWork_.size();
    batchWork_.resize(at + 3);
    batchWork_[at] = node, batchWork_[at + 1] = start, batchWork_[at + 2] = length;
  };
  batchWork_.clear();
  toPlace(root(), 0, stored);
  bool room = true;
  while (room && !batchWork_.empty()) {
    const int32_t length = batchWork_.back(), start = batchWork_.end()[-2], n = batchWork_.end()[-3];
    batchWork_.resize(batchWork_.size() - 3);
    if (nodes_[n].children < 0) {
      // A leaf that holds objects, or that the slice does not overfill, takes the slice as one
      // insert() after another would; an empty one it overfills is split first.
      if (nodes_[n].count > 0 || !overflows(n, length)) {
        if (!(room = roomForLinks(size_t(length)))) break;
        for (int32_t k = start; k < start + length; ++k) {
          const int32_t entry = batchEntries_[batch_[k]];
          appendToLeaf(n, entry);
          entryLeaf_[entry] = entryLeaf_[entry] == kUnplaced ? n : -1;
        }
        room = !overflows(n) || splitOverflowing(n);
        continue;
      }
      if (!(room = splitNode(n))) break;
    }
    // Hand each child the entries that reach it, in order: count, then place without branches.
    const int32_t first = nodes_[n].children;
    const Rect rect = rects_[n];
    if (!(room = growTo(batchMasks_, size_t(length)))) break;
    batchMasks_.resize(size_t(length));
    int32_t reached[4] = {0, 0, 0, 0};
    for (int32_t k = 0; k < length; ++k) {
      const double* r = rects + 4 * size_t(batch_[start + k]);
      const unsigned mask = childMask(rect, {r[0], r[1], r[2], r[3]});
      batchMasks_[k] = int32_t(mask);
      reached[0] += mask & 1;
      reached[1] += (mask >> 1) & 1;
      reached[2] += (mask >> 2) & 1;
      reached[3] += mask >> 3;
    }
    // Each child's slice has one slot more: the branch-free writes below put every entry after
    // the end of the slices it does not reach, to be overwritten by the next.
    const size_t total = size_t(reached[0]) + reached[1] + reached[2] + reached[3] + 4;
    if (!(room = growTo(batch_, batch_.size() + total) && growTo(batchWork_, batchWork_.size() + 12))) break;
    const int32_t base = int32_t(batch_.size());
    batch_.resize(batch_.size() + total);
    int32_t* const out = batch_.data();
    const int32_t* const in = out + start;
    int32_t a0 = base, a1 = a0 + reached[0] + 1, a2 = a1 + reached[1] + 1, a3 = a2 + reached[2] + 1;
    const int32_t from[4] = {a0, a1, a2, a3};
    for (int32_t k = 0; k < length; ++k) {
      const int32_t at = in[k];
      const unsigned mask = unsigned(batchMasks_[k]);
      out[a0] = at, a0 += mask & 1;
      out[a1] = at, a1 += (mask >> 1) & 1;
      out[a2] = at, a2 += (mask >> 2) & 1;
      out[a3] = at, a3 += mask >> 3;
      // Still reaching one node alone: its deepest such node moves down with it.
      if (!(mask & (mask - 1))) {
        const int32_t entry = batchEntries_[at];
        if (entrySplit_[entry] == n) entrySplit_[entry] = first + __builtin_ctz(mask);
      }
    }
    for (int q = 3; q >= 0; --q)  // (a leaf no insert reaches is left as it is)
      if (reached[q] > 0) toPlace(first + q, from[q], reached[q]);
  }
  if (!room) {  // out of memory: none of the batch stays (the splits made do), insert() decides
    for (int32_t i = 0; i < stored; ++i) remove(ids[i]);
    return 0;
  }
  return stored;
}

}  // namespace qt
