// Room on the heap before anything grows. WebAssembly memory has a ceiling (2 GB here), and a
// std::vector that cannot grow there aborts the whole module, taking every tree with it. So the
// trees grow their arrays only through growTo(), which first makes sure the heap can supply the
// new buffer and otherwise reports failure with nothing changed; the caller then stops cleanly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace qt {

// Whether `bytes` can be allocated now. In the wasm build: yes when the memory above the heap's
// top holds them (no call needed), else one malloc of that size, freed at once (the block stays
// free in the heap, so the allocation that follows reuses it). Natively, where memory does not
// run out this way, a budget that tests set.
bool heapHasRoom(size_t bytes);

// Tests only: let allocations through heapHasRoom() use at most `bytes` more (SIZE_MAX: no limit).
void setHeapBudgetForTests(size_t bytes);

// Growth is rare, so the code that does it is kept out of line and small, away from hot loops.
#if defined(__clang__)
#define QT_COLD __attribute__((noinline, minsize))
#else
#define QT_COLD __attribute__((noinline, cold))
#endif

template <class T>
QT_COLD bool growSlow(std::vector<T>& v, size_t n) {
  const size_t cap = n > 2 * v.capacity() ? n : 2 * v.capacity();
  if (cap > SIZE_MAX / 2 / sizeof(T) || !heapHasRoom(cap * sizeof(T))) return false;
  v.reserve(cap);
  return true;
}

// Makes `v` able to hold `n` elements without reallocating (capacity at least doubles, as
// push_back's would); false, with `v` unchanged, when the heap has no room for it.
template <class T>
inline bool growTo(std::vector<T>& v, size_t n) {
  return n <= v.capacity() || growSlow(v, n);
}

}  // namespace qt
