// A tree's mutation counter. Every mutation of a tree goes through one private funnel that bumps
// it; a cache built from the tree remembers the value it was built at and is current while the
// two are equal, so no mutation has to remember which caches to drop. Readable from outside
// (version()), so that layers above can key their own caches to it the same way.
#pragma once

#include <cstdint>

namespace qt {

class Version {
 public:
  // What a cache holds before it is first built: the counter starts past it. (A wrapped counter
  // meets an old value again only after 2^32 mutations with no read of the cache in between.)
  static constexpr uint32_t kNever = 0;
  uint32_t now() const { return v_; }
  const uint32_t* at() const { return &v_; }  // for readers across the wasm boundary
  uint32_t bump() { return v_++; }  // returns the version before the bump

 private:
  uint32_t v_ = kNever + 1;
};

}  // namespace qt
