// The bulk path's calls (boundary.h): a BulkRects by its address, no session around it (it keeps
// no objects, only numbers by id).
#include "bulk/bulk_rects.h"
#include "session/boundary.h"

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

}  // namespace qt
