// Which of the facade's kept answers a root retrieve() reaching several leaves can reuse.
// Such an answer depends on the leaves the rect reaches and on nothing else, so every rect that
// reaches the same leaves gets the same objects in the same order. The facade keeps answers it
// was given (as the caller's objects) by number; this table remembers which leaves each number's
// answer came from, so that the next rect reaching them is answered by copying what the facade
// kept instead of joining the leaves and mapping ids to objects again (bench/README.md, W1).
// A set of leaves gets a number the second time a rect reaches it: keeping an answer costs the
// facade a copy, which a set reached once (most of them in small scenes) would not repay.
// Direct-mapped: a slot holds the last set of leaves that hashed to it. An entry is valid for the
// tree's version it was written at (version.h), like every other cache of the answers.
#pragma once

#include <cstdint>
#include <memory>

#include "base/version.h"

namespace qt {

class AnswerCache {
 public:
  // Answers reaching more leaves (large rects, rare) are not kept: each call joins them.
  static constexpr int32_t kMaxLeaves = 4;
  // Nor answers joined from fewer links: copying a kept answer saves little over joining a short
  // one, and keeping it costs a copy (bench/README.md, W1).
  static constexpr size_t kMinLinks = 32;
  struct Entry {  // 24 bytes
    uint32_t builtAt = Version::kNever;
    int32_t leaves[kMaxLeaves];
    int32_t answer = -1;  // the number the facade keeps their answer under, -1: none yet
  };
  // What before() found, for after().
  struct Pending {
    Entry* entry = nullptr;   // the leaves' slot, if they have one
    bool held = false;        // it holds them
    int32_t key[kMaxLeaves];  // the leaves, then -1s
  };

  AnswerCache() = default;
  AnswerCache(AnswerCache&&) = default;
  AnswerCache& operator=(AnswerCache&&) = default;
  // A copy of a tree (tests take them) starts with nothing kept: no facade keeps its answers.
  AnswerCache(const AnswerCache&) {}
  AnswerCache& operator=(const AnswerCache&) { return *this = AnswerCache(); }

  // Before an answer is joined: `leaves` are the `count` the walk reached, in order (~n: a scope
  // mark, skipped), in a tree of `nodes` nodes. The number the facade keeps their answer under,
  // or -1: join it, then ask after().
  int32_t before(const int32_t* leaves, int32_t count, size_t nodes, uint32_t version, Pending& p);
  // After the answer was joined: the number to keep it under (the second time its leaves were
  // reached), or -1.
  int32_t after(Pending& p, uint32_t version);

 private:
  bool fit(size_t nodes);
  void grow(uint32_t want);

  // Plain arrays, not vectors: allocated whole, never grown an element at a time.
  std::unique_ptr<Entry[]> slots_;
  uint32_t size_ = 0;  // how many: a power of two, or 0
  // Answers are numbered anew at each version, from 0, reusing the numbers of entries written
  // over: the facade's array of them stays dense, and no longer than the slots.
  uint32_t numberedAt_ = Version::kNever;
  int32_t numbered_ = 0;
  std::unique_ptr<int32_t[]> freeNumbers_;  // room for size_
  int32_t freeCount_ = 0;
};

}  // namespace qt
