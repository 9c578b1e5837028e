// What BulkRects (bulk/bulk_rects.h) must answer: every overlapping pair of the first `n` rects
// (x, y, width, height by id, float32), by the one overlap rule (geometry.h's overlaps()), lower id
// first, in id order. For the GoogleTest suite and the bulk core's fuzzer.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "base/geometry.h"

inline std::vector<std::pair<int32_t, int32_t>> bulkBruteForce(const float* r, int32_t n) {
  std::vector<std::pair<int32_t, int32_t>> out;
  for (int32_t a = 0; a < n; ++a)
    for (int32_t b = a + 1; b < n; ++b)
      if (qt::overlaps(qt::Rect{r[4 * a], r[4 * a + 1], r[4 * a + 2], r[4 * a + 3]}, qt::Rect{r[4 * b], r[4 * b + 1], r[4 * b + 2], r[4 * b + 3]}))
        out.emplace_back(a, b);
  return out;
}
