// What BulkRects (bulk/bulk_rects.h) must answer: every overlapping pair of the first `n` rects
// (x, y, width, height by id, float32), by the one overlap rule (geometry.h) in doubles, lower id
// first, in id order. For the GoogleTest suite and the bulk core's fuzzer.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

inline std::vector<std::pair<int32_t, int32_t>> bulkBruteForce(const float* r, int32_t n) {
  std::vector<std::pair<int32_t, int32_t>> out;
  for (int32_t a = 0; a < n; ++a)
    for (int32_t b = a + 1; b < n; ++b) {
      const float* p = r + 4 * a;
      const float* q = r + 4 * b;
      if (double(p[0]) < double(q[0]) + q[2] && double(q[0]) < double(p[0]) + p[2] && double(p[1]) < double(q[1]) + q[3] &&
          double(q[1]) < double(p[1]) + p[3])
        out.emplace_back(a, b);
    }
  return out;
}
