// Every overlapping pair, kept from one pairs() call to the next: when few objects changed since
// (the usual frame: most bodies rest or stay put), only the changed ones are searched again and
// the rest of the list is reused. Works with any tree that has searchNear(id, out): the objects
// overlapping a present object's rect.
#pragma once

#include <cstdint>
#include <vector>

#include "base/memory_guard.h"

namespace qt {

class PairCache {
 public:
  // `id` was inserted, moved or removed since the last pairs(), leaving the tree at `version`.
  // Allocates nothing (a remove must work on a full heap): past what pairs() made room for,
  // everything is recomputed next time.
  void touch(int32_t id, uint32_t version) {
    seen_ = version;
    if (!valid_) return;
    if (size_t(id) >= dirty_.size() || changed_.size() == changed_.capacity()) return forget();
    if (!dirty_[id]) {
      dirty_[id] = 1;
      changed_.push_back(id);
    }
  }
  // The next pairs() recomputes everything (after a clear, or a change we cannot name by id).
  void forget() {
    valid_ = false;
    for (int32_t id : changed_) dirty_[id] = 0;
    changed_.clear();
  }

  // Every pair, into `out` as a, b, a, b, ... `count` objects are in the tree, with ids below
  // `span`; `contains(id)` says which are; `full(out)` computes every pair from scratch, false
  // if it ran out of memory. False: out of memory (`out` is then incomplete, and the next call
  // starts afresh).
  template <class Tree, class Contains, class Full>
  bool pairs(Tree& tree, int32_t count, size_t span, Contains contains, Full full,
             std::vector<int32_t>& out) {
    if (!agrees(tree.version())) forget();  // a change not reported: start afresh
    seen_ = tree.version();
    if (!update(tree, count, span, contains, full) || !growTo(out, cache_.size())) {
      forget();
      cache_.clear();
      return false;
    }
    out.assign(cache_.begin(), cache_.end());
    // Room for touch() until the next call: ids up to twice the span, and up to the number of
    // changes past which this recomputes everything anyway. Without it, the next call does that.
    const size_t ids = 2 * span + 64;
    if (growTo(dirty_, ids) && growTo(changed_, size_t(count / kSearchCost) + 64)) dirty_.resize(ids, 0);
    else forget();
    return true;
  }

  // Whether the next pairs() for `count` objects computes every pair afresh (rather than
  // re-searching the changed objects): the cheaper of the two, by estimate. Re-searching a changed
  // object costs about kSearchCost times what a full pass costs per object; filtering the kept
  // pairs costs little beside either (bench/README.md, W4, "Re-search or recompute").
  bool recomputes(int32_t count) const { return !valid_ || int64_t(changed_.size()) * kSearchCost > count; }

  // For validate(): whether every change of the tree since the kept pairs were computed was
  // reported by touch(), as far as the tree's version (version.h) tells: a change that reached the
  // tree without touch() after the last one reported makes it false (and pairs() recompute all).
  bool agrees(uint32_t version) const { return !valid_ || version == seen_; }

 private:
  template <class Tree, class Contains, class Full>
  bool update(Tree& tree, int32_t count, size_t span, Contains contains, Full full) {
    if (recomputes(count)) {
      forget();
      cache_.clear();
      if (!full(cache_)) return false;
      valid_ = true;
    } else {
      if (!growTo(hits_, span)) return false;
      size_t kept = 0;  // drop the pairs of changed objects...
      for (size_t i = 0; i < cache_.size(); i += 2) {
        if (isDirty(cache_[i]) || isDirty(cache_[i + 1])) continue;
        cache_[kept++] = cache_[i];
        cache_[kept++] = cache_[i + 1];
      }
      cache_.resize(kept);
      for (int32_t id : changed_) {  // ...and find theirs anew
        if (!contains(id)) continue;
        hits_.clear();
        tree.searchNear(id, hits_);  // reads the tree as it is: a repack costs more
        for (int32_t other : hits_) {
          // A pair of two changed objects is found from both sides: keep it once.
          if (other == id || (isDirty(other) && other < id)) continue;
          if (cache_.size() + 2 > cache_.capacity() && !growTo(cache_, cache_.size() + 2)) return false;
          cache_.push_back(id);
          cache_.push_back(other);
        }
      }
      for (int32_t id : changed_) dirty_[id] = 0;
      changed_.clear();
    }
    return true;
  }

  static constexpr int64_t kSearchCost = 6;

  bool isDirty(int32_t id) const { return size_t(id) < dirty_.size() && dirty_[id]; }

  bool valid_ = false;
  uint32_t seen_ = 0;  // the tree's version after the last change reported or pairs() call
  std::vector<int32_t> cache_;
  std::vector<char> dirty_;  // per id
  std::vector<int32_t> changed_;
  std::vector<int32_t> hits_;
};

}  // namespace qt
