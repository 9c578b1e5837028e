// The bulk path's calls (boundary.h): a BulkRects by its address, no session around it (it keeps
// no objects, only numbers by id).
#include "bulk/bulk_rects.h"
#include "session/boundary.h"

#include <cstdlib>

namespace qt {

namespace {
BulkRects& at(Handle b) { return *reinterpret_cast<BulkRects*>(b); }
}  // namespace

Handle sessionBulkCreate() {
  if (!heapHasRoom(sizeof(BulkRects))) return 0;
  return reinterpret_cast<Handle>(new BulkRects());
}
void sessionBulkDestroy(Handle b) { delete &at(b); }
int32_t sessionBulkReserve(Handle b, int32_t capacity) { return at(b).reserve(capacity) ? 1 : kNoMemory; }
int32_t sessionBulkRects(Handle b) { return Session::address(at(b).rects()); }
int32_t sessionBulkPairs(Handle b, int32_t count) { return at(b).findPairs(count); }
int32_t sessionBulkPairList(Handle b) { return Session::address(at(b).pairs()); }
int32_t sessionBulkBadRect(Handle b) { return at(b).badRect(); }
int32_t sessionBulkBeginScatter(Handle b, int32_t count, int32_t parts) { return at(b).beginScatter(count, parts); }
void sessionBulkScatterPart(Handle b, int32_t part) { at(b).scatterPart(part); }
int32_t sessionBulkSettle(Handle b) { return at(b).settle(); }
int32_t sessionBulkSplitBands(Handle b, int32_t lane, int32_t lanes) { return at(b).splitBands(lane, lanes); }
int32_t sessionBulkReadyLanes(Handle b, int32_t lanes) { return at(b).readyLanes(lanes) ? 1 : kNoMemory; }
int32_t sessionBulkPairBands(Handle b, int32_t lane, int32_t begin, int32_t end) { return at(b).pairBands(lane, begin, end); }
int32_t sessionBulkGrow(Handle b, int32_t lane) { return at(b).grow(lane) ? 1 : kNoMemory; }
int32_t sessionBulkFinish(Handle b) { return at(b).finish(); }
// A worker thread's stack: `bytes` of the heap, its address (0 without room); freed with
// sessionBulkFree. (A wasm instance's stack pointer starts where every instance's does: each
// worker's instance is moved onto its own.)
int32_t sessionBulkStack(int32_t bytes) { return heapHasRoom(size_t(bytes)) ? Session::address(std::malloc(size_t(bytes))) : 0; }
void sessionBulkFree(int32_t address) { std::free(reinterpret_cast<void*>(uintptr_t(uint32_t(address)))); }

}  // namespace qt
