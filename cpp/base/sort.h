// A small in-place sort for the sweeps in pairs(): shell sort with Ciura's gaps. Plenty fast for
// the lists a node holds, and a fraction of std::sort's code size in the wasm.
#pragma once

#include <cstddef>

namespace qt {

template <class T, class Less>
void shellSort(T* first, T* last, Less less) {
  // Ciura's, extended by x2.25 for long lists.
  static const size_t kGaps[] = {100894, 44842, 19930, 8858, 3937, 1750, 701, 301, 132, 57, 23, 10, 4, 1};
  const size_t n = size_t(last - first);
  for (size_t gap : kGaps) {
    if (gap >= n) continue;
    for (size_t i = gap; i < n; ++i) {
      T v = first[i];
      size_t j = i;
      for (; j >= gap && less(v, first[j - gap]); j -= gap) first[j] = first[j - gap];
      first[j] = v;
    }
  }
}

}  // namespace qt
