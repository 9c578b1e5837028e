// Room on the heap before anything grows. WebAssembly memory has a ceiling (2 GB here), and a
// std::vector that cannot grow there aborts the whole module, taking every tree with it. So the
// trees grow their arrays only through growTo(), which first makes sure the heap can supply the
// new buffer and otherwise reports failure with nothing changed; the caller then stops cleanly.
#pragma once

#include <cstddef>
#include <algorithm>
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
size_t heapBudgetForTests();  // what is left of it

// How code is built small, function by function (clang's minsize). QT_COLD, out of line too: for
// what no frame loop runs (growth, which is rare, and the checks, counts and walks for tests,
// debugging and drawing). QT_SMALL, still inlinable: for what frame loops run rarely (the lines'
// tests, the rays into circles and lines).
#if defined(__clang__)
#define QT_COLD __attribute__((noinline, minsize))
#define QT_SMALL __attribute__((minsize))
#else
#define QT_COLD __attribute__((noinline, cold))
#define QT_SMALL
#endif

// The capacity an array of `capacity` grows to when it needs `needed`: half again as much at
// least, so an array at rest holds at most a third more than it needs (doubling could hold
// twice as much), for a little more copying as it grows. The one growth rule of every array.
inline size_t nextCapacity(size_t capacity, size_t needed) {
  return std::max(needed, capacity + capacity / 2 + 4);
}

template <class T>
QT_COLD bool growSlow(std::vector<T>& v, size_t n) {
  const size_t cap = nextCapacity(v.capacity(), n);
  if (cap > SIZE_MAX / 2 / sizeof(T) || !heapHasRoom(cap * sizeof(T))) return false;
  v.reserve(cap);
  return true;
}

// Makes `v` able to hold `n` elements without reallocating (nextCapacity); false, with `v`
// unchanged, when the heap has no room for it.
template <class T>
inline bool growTo(std::vector<T>& v, size_t n) {
  return n <= v.capacity() || growSlow(v, n);
}

// Makes `v` hold at least `n` elements (new ones zero), to be written in place; false, with `v`
// unchanged, when the heap has no room for it.
template <class T>
inline bool sizedTo(std::vector<T>& v, size_t n) {
  if (v.size() >= n) return true;
  if (!growTo(v, n)) return false;
  v.resize(n);
  return true;
}

}  // namespace qt
