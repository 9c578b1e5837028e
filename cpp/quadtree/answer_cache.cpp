// AnswerCache (answer_cache.h).
#include "quadtree/answer_cache.h"

#include <algorithm>

#include "base/memory_guard.h"

namespace qt {

int32_t AnswerCache::before(const int32_t* leaves, int32_t count, size_t nodes, uint32_t version, Pending& p) {
  p.entry = nullptr;
  p.held = false;
  std::fill(p.key, p.key + kMaxLeaves, -1);
  int32_t n = 0;
  for (int32_t i = 0; i < count; ++i) {
    const int32_t l = leaves[i];
    if (l < 0) continue;
    if (n == kMaxLeaves) return -1;  // too many to keep
    p.key[n++] = l;
  }
  if (n < 2 || !fit(nodes)) return -1;
  uint32_t h = 2166136261u;  // FNV-1a over the key
  for (const int32_t l : p.key) h = (h ^ uint32_t(l)) * 16777619u;
  Entry& e = slots_[(h ^ (h >> 16)) & (size_ - 1)];
  p.entry = &e;
  p.held = e.builtAt == version && std::equal(p.key, p.key + kMaxLeaves, e.leaves);
  return p.held ? e.answer : -1;
}

int32_t AnswerCache::after(Pending& p, uint32_t version) {
  Entry* e = p.entry;
  if (!e) return -1;
  if (p.held) {  // reached the second time: worth keeping
    if (numberedAt_ != version) numberedAt_ = version, numbered_ = 0, freeCount_ = 0;
    return e->answer = freeCount_ > 0 ? freeNumbers_[--freeCount_] : numbered_++;
  }
  // Reached once: recorded in place of what the slot held (its number, if any, is free again).
  if (e->builtAt == version && e->answer >= 0 && numberedAt_ == version) freeNumbers_[freeCount_++] = e->answer;
  e->builtAt = version;
  e->answer = -1;
  std::copy(p.key, p.key + kMaxLeaves, e->leaves);
  return -1;
}

// Two slots per node, up to 2^14, once a call needs them: the distinct sets of neighbouring
// leaves a game's rects reach are about as many as the nodes. False: no slot to use.
bool AnswerCache::fit(size_t nodes) {
  uint32_t want = 8;
  while (want < 2 * nodes && want < (uint32_t(1) << 14)) want *= 2;
  if (size_ < want) grow(want);
  return size_ > 0;
}

void AnswerCache::grow(uint32_t want) {
  if (!heapHasRoom(size_t(want) * (sizeof(Entry) + sizeof(int32_t)))) return;  // (keeps the old ones)
  slots_.reset(new Entry[want]);
  freeNumbers_.reset(new int32_t[want]);
  size_ = want;
  numberedAt_ = Version::kNever;  // every number is free again
}

}  // namespace qt
