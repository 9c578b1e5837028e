#include "memory_guard.h"

#include <cstdlib>

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
  // With memory growth, emmalloc returns null instead of aborting when memory cannot grow (the
  // link sets ABORTING_MALLOC=0 to be sure). Headers and alignment: a little extra.
  // volatile: otherwise the compiler may drop an allocation nothing uses, and with it the test.
  void* volatile probe = std::malloc(bytes + 64);
  if (!probe) return false;
  std::free(probe);
#endif
  return true;
}

}  // namespace qt
