#include "base/memory_guard.h"

#include <cstdlib>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

namespace qt {

namespace {
size_t budget = SIZE_MAX;  // tests only
}

void setHeapBudgetForTests(size_t bytes) { budget = bytes; }
size_t heapBudgetForTests() { return budget; }

bool heapHasRoom(size_t bytes) {
  if (budget != SIZE_MAX) {
    if (bytes > budget) return false;
    budget -= bytes;
    return true;
  }
#ifdef __EMSCRIPTEN__
  // Memory that is already there above the heap's top (sbrk): a malloc that finds no free block
  // takes the block from there (emmalloc claims the size and three region headers), so it cannot
  // fail. The usual case once memory has grown, and it costs no allocation.
  const size_t top = *emscripten_get_sbrk_ptr(), size = size_t(__builtin_wasm_memory_size(0)) << 16;
  if (size >= top + 256 && bytes <= size - top - 256) return true;
  // Otherwise with memory growth, emmalloc returns null instead of aborting when memory cannot
  // grow (the link sets ABORTING_MALLOC=0 to be sure). Headers and alignment: a little extra.
  // volatile: otherwise the compiler may drop an allocation nothing uses, and with it the test.
  void* volatile probe = std::malloc(bytes + 64);
  if (!probe) return false;
  std::free(probe);
#endif
  return true;
}

}  // namespace qt
