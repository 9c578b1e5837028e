// libFuzzer target for the bulk core (CMakeLists.txt: qt_fuzz_boundary_bulk, which tests/fuzz/run.sh
// runs as that core's): its calls (cpp/session/boundary.h's sessionBulk*), as the facade makes
// them, on up to two BulkRects, and every answer checked against brute force.
//
// The input bytes become calls: a count (0 to 160 rects, growing keeps the numbers), rects written
// from a palette of numbers (small and huge, negative, the same again, zero sizes; now and then NaN,
// an infinity or a negative size), moves of some rects, and pairs(), now and then under a heap budget
// of a few kilobytes (memory_guard.h). pairs() must return exactly the overlapping pairs, lower id
// first, each once; or kBadRect naming the first bad rect when there is one; or kNoMemory, only
// under a budget, after which the next call with room answers in full.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>
#include <vector>

#include "../core/bulk_oracle.h"
#include "base/memory_guard.h"
#include "bulk/bulk_rects.h"
#include "session/boundary.h"

namespace {

using namespace qt;

constexpr int32_t kMost = 160;

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s\n", what);
  std::abort();
}

float number(FuzzedDataProvider& in, bool size) {
  static const float kNumbers[] = {0, 1, 2.5f, 10, 20, 19.999f, 40, 100, -3, -100, 1e6f, -1e6f, 3e37f, -3e37f, 1e-30f, 0.5f};
  static const float kOdd[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                               -std::numeric_limits<float>::infinity(), -1};
  const int k = in.ConsumeIntegralInRange<int>(0, 63);
  if (k == 63) return kOdd[in.ConsumeIntegralInRange<int>(0, 3)];
  if (k < 16) return size ? std::fabs(kNumbers[k]) : kNumbers[k];
  const float v = float(in.ConsumeIntegralInRange<int>(0, 400)) / 8;  // a dense world, many overlaps
  return size ? v / 4 : v;
}

bool bad(const float* r) {
  return !(std::isfinite(r[0]) && std::isfinite(r[1]) && std::isfinite(r[2]) && std::isfinite(r[3]) && r[2] >= 0 && r[3] >= 0);
}

struct Bulk {
  Handle h = 0;
  int32_t count = 0;
  float* rects() const { return reinterpret_cast<BulkRects*>(h)->rects(); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Bulk bulks[2];
  for (Bulk& b : bulks) check((b.h = sessionBulkCreate()) != 0, "created");
  for (int op = 0; op < 60 && in.remaining_bytes() > 0; ++op) {
    Bulk& b = bulks[in.ConsumeIntegralInRange<int>(0, 1)];
    const bool tight = in.ConsumeIntegralInRange<int>(0, 15) == 0;
    if (tight) setHeapBudgetForTests(in.ConsumeIntegralInRange<size_t>(0, 4096));
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
      case 0: {  // count = n (the facade zeroes the rects added)
        const int32_t n = in.ConsumeIntegralInRange<int32_t>(0, kMost);
        if (sessionBulkReserve(b.h, n) == 1) {
          std::fill(b.rects() + 4 * std::min(b.count, n), b.rects() + 4 * n, 0.0f);
          b.count = n;
        } else {
          check(tight, "reserve fails only under a budget");
        }
        break;
      }
      case 1:  // rects written
        for (int32_t i = 0; i < b.count && in.remaining_bytes() > 0; i += 1 + in.ConsumeIntegralInRange<int32_t>(0, 3)) {
          float* r = b.rects() + 4 * i;
          r[0] = number(in, false), r[1] = number(in, false), r[2] = number(in, true), r[3] = number(in, true);
        }
        break;
      case 2: {  // every rect moved a little, as a frame does
        const float dx = float(in.ConsumeIntegralInRange<int>(-8, 8)), dy = float(in.ConsumeIntegralInRange<int>(-8, 8));
        for (int32_t i = 0; i < b.count; ++i) b.rects()[4 * i] += dx * float(i % 3), b.rects()[4 * i + 1] += dy * float(i % 2);
        break;
      }
      default: {
        const int32_t n = sessionBulkPairs(b.h, b.count);
        int32_t firstBad = -1;
        for (int32_t i = 0; i < b.count && firstBad < 0; ++i)
          if (bad(b.rects() + 4 * i)) firstBad = i;
        if (n == kNoMemory) {
          check(tight, "out of memory only under a budget");
        } else if (firstBad >= 0) {
          check(n == kBadRect && sessionBulkBadRect(b.h) == firstBad, "the first bad rect named");
        } else {
          check(n >= 0, "a count of pairs");
          const int32_t* p = reinterpret_cast<BulkRects*>(b.h)->pairs();  // (sessionBulkPairList(): its wasm32 address)
          std::vector<std::pair<int32_t, int32_t>> got;
          for (int32_t k = 0; k < n; ++k) {
            check(p[2 * k] < p[2 * k + 1], "lower id first");
            got.emplace_back(p[2 * k], p[2 * k + 1]);
          }
          std::sort(got.begin(), got.end());
          check(got == bulkBruteForce(b.rects(), b.count), "exactly brute force's pairs");
        }
      }
    }
    if (tight) setHeapBudgetForTests(SIZE_MAX);
  }
  for (Bulk& b : bulks) sessionBulkDestroy(b.h);
  return 0;
}
