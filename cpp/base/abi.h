// The contract between the wasm and the JavaScript facade, written once.
//
// - QT_CORES: the cores built for the dist files, the one table of them. QT_CALLS: every function
//   the wasm exports, with the cores that have it. bindings.cpp registers them with embind, the
//   strict-CSP build exports their C names (CMakeLists.txt reads both lists), and the facade gets
//   them under their JavaScript names from either build (js/src/wasm/abi.js, generated from here).
// - Reply: what a call hands back besides its return value, one field one meaning. Each session
//   owns one; the facade reads it through heap views at the offsets js/src/wasm/abi.js gives.
// - QT_CONSTANTS: numbers both sides must agree on.
// - The records JavaScript reads from the heap besides the Reply: QT_WALK_ROW (nodeWalk()'s rows),
//   QT_LIST_HEADER (tsLists()'s answer) and the shape record (kShapeBytes, kShapeKindAt, pinned
//   where Shape is defined).
//
// js/scripts/abi.mjs generates js/src/wasm/abi.js from this file; keep each list one entry a line in
// the form below (a test checks that the generated file is current).
#pragma once

#include <cstddef>
#include <cstdint>

// X(core, letter): the cores the dist files carry, each with the kinds of tree one family of
// entries needs (tree_kinds.h picks them by QT_CORE_<CORE>): `rects` the rect trees'
// (dist/quadtree.*), `ts` quadtree-ts's (dist/quadtree-ts.*), `ts_plus` quadtree-ts's with the
// exact queries (dist/quadtree-ts-plus.*: its calls, the exact queries, and the LinearQuadtree
// that answers them for a tree in JavaScript), `bulk` the bulk path's (dist/quadtree-bulk.*:
// BulkRects alone, no tree), `bulk_threads` the same on shared memory, with the calls its workers
// make (dist/quadtree-bulk.threads.mjs). CMakeLists.txt builds each from this table, and
// js/scripts/bundle.mjs tells each file's binding its letter. The tests' build has every kind and
// every call.
#define QT_CORES(X) \
  X(rects, R)       \
  X(ts, T)          \
  X(ts_plus, P)     \
  X(bulk, B)        \
  X(bulk_threads, H)

// X(javascript name, C function, cores): the C function is `session` + the name capitalized (the
// CSP build's facade finds it so); they are declared in boundary.h. `cores`: the letters of the
// cores that have it (QT_CORES).
#define QT_CALLS(X)                        \
  X(create, sessionCreate, R)              \
  X(createLinear, sessionCreateLinear, RP) \
  X(destroy, sessionDestroy, RTP)          \
  X(reply, sessionReply, RTP)              \
  X(flush, sessionFlush, R)                \
  X(insert, sessionInsert, R)              \
  X(contains, sessionContains, RTP)        \
  X(retrieve, sessionRetrieve, R)          \
  X(locate, sessionLocate, R)              \
  X(leafGrid, sessionLeafGrid, R)          \
  X(allObjects, sessionAllObjects, R)      \
  X(nodeObjects, sessionNodeObjects, R)    \
  X(pathObjects, sessionPathObjects, R)    \
  X(children, sessionChildren, R)          \
  X(nodeGeom, sessionNodeGeom, R)          \
  X(childMask, sessionChildMask, R)        \
  X(tutorialIndex, sessionTutorialIndex, R)\
  X(preorder, sessionPreorder, R)          \
  X(clear, sessionClear, RTP)              \
  X(clearNode, sessionClearNode, R)        \
  X(stats, sessionStats, RTP)              \
  X(validate, sessionValidate, RTP)        \
  X(remove, sessionRemove, R)              \
  X(update, sessionUpdate, R)              \
  X(scratch, sessionScratch, RTP)          \
  X(refresh, sessionRefresh, R)            \
  X(refreshTutorial, sessionRefreshTutorial, R)\
  X(setRects, sessionSetRects, RP)         \
  X(search, sessionSearch, RP)             \
  X(collides, sessionCollides, RP)         \
  X(pairs, sessionPairs, RP)               \
  X(nearest, sessionNearest, RP)           \
  X(raycast, sessionRaycast, RP)           \
  X(nodeWalk, sessionNodeWalk, RTP)        \
  X(createTs, sessionCreateTs, TP)         \
  X(tsInsert, sessionTsInsert, TP)         \
  X(tsResume, sessionTsResume, TP)         \
  X(tsAbandon, sessionTsAbandon, TP)       \
  X(tsRetrieve, sessionTsRetrieve, TP)     \
  X(tsLocate, sessionTsLocate, TP)         \
  X(tsAnswer, sessionTsAnswer, TP)         \
  X(tsRemove, sessionTsRemove, TP)         \
  X(tsJoin, sessionTsJoin, TP)             \
  X(tsLists, sessionTsLists, TP)         \
  X(bulkCreate, sessionBulkCreate, BH)      \
  X(bulkDestroy, sessionBulkDestroy, BH)    \
  X(bulkReserve, sessionBulkReserve, BH)    \
  X(bulkRects, sessionBulkRects, BH)        \
  X(bulkPairs, sessionBulkPairs, BH)        \
  X(bulkPairList, sessionBulkPairList, BH)  \
  X(bulkBadRect, sessionBulkBadRect, BH)    \
  X(bulkBeginScatter, sessionBulkBeginScatter, H) \
  X(bulkScatterPart, sessionBulkScatterPart, H) \
  X(bulkSettle, sessionBulkSettle, H)       \
  X(bulkSplitBands, sessionBulkSplitBands, H) \
  X(bulkReadyLanes, sessionBulkReadyLanes, H) \
  X(bulkPairBands, sessionBulkPairBands, H) \
  X(bulkGrow, sessionBulkGrow, H)           \
  X(bulkFinish, sessionBulkFinish, H)       \
  X(bulkStack, sessionBulkStack, H)         \
  X(bulkFree, sessionBulkFree, H)

// X(name, value): value is a plain integer expression, valid in C++ and JavaScript.
#define QT_CONSTANTS(X)                                                                      \
  X(kStageCapacity, 1024)          /* inserts the facade may stage before a flush */         \
  X(kNoMemory, (-2147483647 - 1))  /* a call found no room on the heap; it changed nothing */ \
  X(kUnsupported, (-2147483647))   /* the session's kind of tree has no such call */         \
  X(kNoNode, -1)                   /* no node: locate() found no single leaf, children() */   \
                                   /* of a leaf */                                            \
  X(kAskLocate, -2)                /* a leaf grid cell that cannot tell: ask locate() */     \
  X(kBadRect, -3)                  /* bulk pairs(): a rect not finite, or of negative size */ \
  X(kMostBulkLanes, 16)            /* the threads a BulkRects' pairs() may run on */          \
  X(kMaxId, 4194303)               /* the largest object id (2^22 - 1): ids index arrays */   \
  X(kMaxLinearDepth, 12)           /* the deepest LinearQuadtree (8 bytes a node) */          \
  X(kAutoDepth, 0)                 /* a LinearQuadtree's depth fitted to its objects */       \
  X(kQuadtreeKind, 0)              /* sessionCreate()'s kinds of tree: quadtree-js's, */     \
  X(kTutorialKind, 1)              /* the tutorial QuadTree's */                             \
  X(kShapeRect, 0)                 /* the kinds of shape (shape_geometry.h): a rect, */      \
  X(kShapeCircle, 1)               /* a circle, */                                           \
  X(kShapeLine, 2)                 /* a line */                                              \
  X(kShapeBytes, 40)               /* a Shape (shape_geometry.h) in a shape table: its four */ \
                                   /* doubles, then */                                        \
  X(kShapeKindAt, 32)              /* its kind, an int32 at this byte */

// nodeWalk()'s row: the numbers (doubles) it writes for each node, in this order.
#define QT_WALK_ROW(X)                                                             \
  X(level)                                                                         \
  X(x)                                                                             \
  X(y)                                                                             \
  X(width)                                                                         \
  X(height)                                                                        \
  X(tag)   /* the node's own objects (a ts tree: the node's birth, its lasting name) */ \
  X(leaf)  /* 1: a leaf; 0: its four children follow */

// tsLists()'s answer, int32s at the reply's `results`: for each node in pre-order, this header,
// then the node's list of ids.
#define QT_LIST_HEADER(X) \
  X(length)  /* how many ids follow */

// The Reply's fields. Doubles first, then int32s (addresses are wasm32 addresses; natively only
// their low 32 bits, which tests do not read).
#define QT_REPLY_DOUBLES(X)                                                        \
  X(gridX)       /* leafGrid(): a point's cell is floor((px - gridX) * gridScaleX) */ \
  X(gridY)                                                                         \
  X(gridScaleX)                                                                    \
  X(gridScaleY)                                                                    \
  X(nodeX)       /* nodeGeom(): the node's rect and level */                        \
  X(nodeY)                                                                         \
  X(nodeWidth)                                                                     \
  X(nodeHeight)                                                                    \
  X(nodeLevel)                                                                     \
  X(hitDistance) /* raycast(): how far along the ray the object was reached */

#define QT_REPLY_INTS(X)                                                                \
  X(stageRects)     /* address of the module's one staging buffer, shared by every */  \
                    /* session: rects (x, y, width, height per insert; a circle's */   \
                    /* x, y, r, 0; a line's x1, y1, x2, y2) */                         \
  X(stageIds)       /* and its ids */                                                   \
  X(stageKinds)     /* and its shapes' kinds (kShapeRect, kShapeCircle, kShapeLine) */  \
  X(version)        /* address of the tree's version (version.h): caches compare it */  \
  X(results)        /* address of the ids the last query returned */                    \
  X(resultCount)    /* how many */                                                      \
  X(answerSlot)     /* retrieve(): the kept answer (answer_cache.h) this one is, or -1 */ \
  X(answerFresh)    /* 1: the results are that answer, to be kept as answerSlot; 0: */ \
                    /* no results, the answer is the one kept as answerSlot */         \
  X(scratchIds)     /* scratch(): address of the ids beside the scratch rects */        \
  X(scratchKinds)   /* scratch(): and of their shapes' kinds */                         \
  X(rectTable)      /* scratch(): address of the tree's own rect per id */              \
  X(rectTableSize)  /* scratch(): how many ids that table spans */                      \
  X(shapeTable)     /* scratch(): address of the tree's shapes (shape_table.h: 40 */     \
                    /* bytes an id, the kind at byte 32), 0 while all are rects */       \
  X(shapeTableSize) /* scratch(): how many ids that table spans */                      \
  X(gridCells)      /* leafGrid(): address of the cells (a leaf or kAskLocate each) */  \
  X(gridBounds)     /* leafGrid(): address of four bounds per cell */                   \
  X(walk)           /* nodeWalk(): address of the walk, kWalkRow numbers a node */      \
  X(nodes)          /* stats() */                                                       \
  X(leaves)                                                                             \
  X(depth)                                                                              \
  X(references)     /* objects stored in leaves, counted once per leaf */              \
  X(objects)                                                                            \
  X(lostIds)        /* quadtree-ts calls: address of the ids that left the tree (dropped */ \
                    /* at a split, removed) */                                          \
  X(lostCount)      /* and how many */

namespace qt {

#define QT_CONSTANT(name, value) constexpr int32_t name = value;
QT_CONSTANTS(QT_CONSTANT)
#undef QT_CONSTANT

// A record's fields as indexes, and its length: a walk row's (walk::x, kWalkRow), a tsLists()
// header's (listHeader::length, kListHeader).
#define QT_FIELD(name) name,
namespace walk {
enum Field : int32_t { QT_WALK_ROW(QT_FIELD) kFields };
}  // namespace walk
namespace listHeader {
enum Field : int32_t { QT_LIST_HEADER(QT_FIELD) kFields };
}  // namespace listHeader
#undef QT_FIELD
constexpr int32_t kWalkRow = walk::kFields;
constexpr int32_t kListHeader = listHeader::kFields;

struct Reply {
#define QT_REPLY_DOUBLE(name) double name = 0;
  QT_REPLY_DOUBLES(QT_REPLY_DOUBLE)
#undef QT_REPLY_DOUBLE
#define QT_REPLY_INT(name) int32_t name = 0;
  QT_REPLY_INTS(QT_REPLY_INT)
#undef QT_REPLY_INT
};

// The generated JavaScript offsets assume this packing: doubles, then int32s, no padding between.
#define QT_COUNT(name) +1
constexpr size_t kReplyDoubles = 0 QT_REPLY_DOUBLES(QT_COUNT);
constexpr size_t kReplyInts = 0 QT_REPLY_INTS(QT_COUNT);
#undef QT_COUNT
static_assert(offsetof(Reply, stageRects) == 8 * kReplyDoubles, "int32s follow the doubles");
static_assert(sizeof(Reply) >= 8 * kReplyDoubles + 4 * kReplyInts &&
                  sizeof(Reply) <= 8 * kReplyDoubles + 4 * kReplyInts + 4,
              "no padding inside the Reply");

}  // namespace qt
