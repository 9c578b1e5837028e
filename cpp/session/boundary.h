// The numbers-only surface that crosses into JavaScript: the calls of abi.h's QT_CALLS, each on a
// Session (session.h) passed as its address. No Emscripten in here: it builds natively for the
// tests, and bindings.cpp only registers these functions.
#pragma once

#include <climits>
#include <cstdint>

#include "base/abi.h"
#include "session/session.h"

namespace qt {

// kNoMemory (abi.h) is what a call returns when the heap could not supply what it needed
// (WebAssembly memory cannot grow any further): it changed nothing, the tree is intact and every
// call that needs no new memory (queries, remove, clear) still works. See memory_guard.h.
// kUnsupported is what a call returns on a session whose kind of tree lacks it (tree_kinds.h).

// The room a new session needs: the session and a small tree, or a linear tree of that depth.
size_t bytesForSession(int32_t linearDepth);

// Frees the sessions kept for reuse (sessionDestroy keeps sessions whose arrays are small for
// the next sessionCreate of their kind) and returns how many; for tests.
size_t freeKeptSessions();

// Sessions are passed to JavaScript as their address.
using Handle = uintptr_t;

// C names, so the build for pages with a strict Content-Security-Policy can export these
// directly, without embind (whose glue compiles code at run time).
extern "C" {

// Creating returns 0 when the heap has no room for the tree (or `kind` is none of abi.h's). A
// Quadtree session (kQuadtreeKind), or a TutorialTree one (kTutorialKind: the tutorial QuadTree;
// TutorialTree's constructor numbers). `reuse`, when not 0, is a session of the facade's of the
// same kind, made as good as new for it (its arrays keep their capacity): a young tree's, handed
// to the next tree (js/src/main/seed.js).
Handle sessionCreate(double x, double y, double w, double h, double maxObjects, double maxLevels,
                     double level, Handle reuse = 0, int32_t kind = kQuadtreeKind);
// A LinearQuadtree session of `depth` levels, or with kAutoDepth, levels fitted to its objects.
Handle sessionCreateLinear(double x, double y, double w, double h, int32_t depth);
// Frees the session, or keeps it for the next sessionCreate of its kind when its arrays are
// small (it is then as good as new, its arrays' capacity kept).
void sessionDestroy(Handle s);
Handle sessionReply(Handle s);  // the session's Reply, whose address never changes

// Every call below that takes an object's numbers takes a shape: a kind (abi.h's kShapeRect,
// kShapeCircle, kShapeLine) and four numbers (x, y, width, height; x, y, r, unused; x1, y1, x2,
// y2). A compat tree holds a circle or a line by its boundingRect() (shape_overlap.h); the exact
// queries test the shape itself.
// Inserts the first `count` entries of the staging buffer at the root, in order; returns how many
// it inserted, fewer when the heap ran out (the rest are not in the tree).
int32_t sessionFlush(Handle s, int32_t count);
int32_t sessionInsert(Handle s, int32_t node, int32_t id, double x, double y, double w, double h, int32_t kind);
int32_t sessionContains(Handle s, int32_t id);  // 1 or 0, as every yes/no call
// The calls below that take a node need a kind with nodes (tree_kinds.h: kNodes).
// Each of these fills `results` and returns its count (also in the reply), or kNoMemory.
// retrieve() says in the reply which answer the facade keeps by number (answer_cache.h) this one
// is: answerSlot -1 (none), or k with answerFresh 1 (the results, to be kept as k) or 0 (no
// results: the answer is the one kept as k).
int32_t sessionRetrieve(Handle s, int32_t node, double x, double y, double w, double h, bool dedup);
// The node whose own list answers retrieve() (Quadtree::locate, or -1); for a tutorial tree, the
// node where the rect stops, whose path up is findObjects' answer.
int32_t sessionLocate(Handle s, int32_t node, double x, double y, double w, double h, bool dedup);
// The root's leaf grid (Quadtree::leafGrid: kLeafGrid) into the reply's grid fields; returns the side.
int32_t sessionLeafGrid(Handle s);
int32_t sessionAllObjects(Handle s, int32_t node);
int32_t sessionNodeObjects(Handle s, int32_t node);
int32_t sessionPathObjects(Handle s, int32_t node);  // kPaths: a node's list, then its ancestors'
int32_t sessionChildren(Handle s, int32_t node);    // the first child, or kNoNode for a leaf
int32_t sessionNodeGeom(Handle s, int32_t node);    // into the reply's node fields
// The children of a node with rect (nx, ny, nw, nh) that a rect reaches, as a 4-bit mask
// (geometry's childMask: the rule quadtree-js's getIndex compares by, in one place).
int32_t sessionChildMask(double nx, double ny, double nw, double nh, double x, double y, double w,
                         double h);
// The tutorial tree's getIndex of a rect for a node with rect (nx, ny, nw, nh): -1..3
// (tutorial_geometry.h's tutorialIndex, the one copy of the rule).
int32_t sessionTutorialIndex(double nx, double ny, double nw, double nh, double x, double y, double w,
                             double h);
// kPaths (tutorial sessions): every stored entry below `node` in pre-order (a node's list front to back,
// then children 0..3), one id per entry, into results; returns the count, or kNoMemory.
int32_t sessionPreorder(Handle s, int32_t node);
void sessionClear(Handle s);
int32_t sessionClearNode(Handle s, int32_t node);
void sessionStats(Handle s);  // into the reply: nodes, leaves, depth, references, objects
int32_t sessionValidate(Handle s);  // 1 valid, 0 not, or kNoMemory

// Beyond quadtree-js; these serve every kind of tree.
int32_t sessionRemove(Handle s, int32_t id);
// 1, or kNoMemory (then it stays where it was). A Quadtree re-places a present object when its
// leaves are next read (Quadtree::moveLater).
int32_t sessionUpdate(Handle s, int32_t id, double x, double y, double w, double h, int32_t kind);
// Room for `count` rects (and ids and kinds) in scratch; returns the rects' address (the ids':
// the reply's scratchIds; kinds: scratchKinds), or 0. Also gives the tree's own rect per id
// (rectTable, rectTableSize) and its shapes (shapeTable, shapeTableSize), which refresh() reads
// to send only the objects that changed.
Handle sessionScratch(Handle s, int32_t count);
// Sets the rect of each of `count` present objects: ids from scratchIds, rects from scratch;
// absent ids are skipped; `shapes`: their kinds from scratchKinds (else rects). Returns how many
// it set, or kNoMemory (then the objects before the one that did not fit have their new rects,
// the rest their old ones).
int32_t sessionRefresh(Handle s, int32_t count, bool shapes);
// kPaths (tutorial sessions): refresh(isAlive?). scratchIds[0..changed) with scratch rects [0..4 * changed)
// are the objects whose rect changed; scratchIds[changed..changed + dead) are ascending positions
// into the sequence preorder(root) gave before this call, whose entries are dead. Sets the rects,
// removes the dead entries, takes out every entry away from its home and inserts those at the root
// in pre-order of where they were. Returns how many were removed as dead, or kNoMemory (then
// nothing changed).
// (`shapes`: as refresh's.)
int32_t sessionRefreshTutorial(Handle s, int32_t changed, int32_t dead, bool shapes);
// Inserts or updates `count` objects of one kind: ids from scratchIds, shapes from scratch.
// Returns how many it placed, in order: fewer when the heap ran out.
int32_t sessionSetRects(Handle s, int32_t count, int32_t kind);
// search and collides read the exact index; without room to make it, they test every object.
int32_t sessionSearch(Handle s, double x, double y, double w, double h, int32_t kind);
int32_t sessionCollides(Handle s, double x, double y, double w, double h, int32_t kind);
int32_t sessionPairs(Handle s);     // results: a, b, a, b, ...; returns the number of pairs
// nearest and raycast walk the exact index (linear_quadtree.h); without room for it, kNoMemory.
// nearest: results, up to k ids nearest first; returns how many. raycast: the id the ray from
// (x, y) along (dx, dy) (not zero; made a unit vector here) reaches first, its distance in
// reply.hitDistance; kNoNode when none does.
int32_t sessionNearest(Handle s, double x, double y, int32_t k, double maxDistance);
int32_t sessionRaycast(Handle s, double x, double y, double dx, double dy, double maxDistance);
int32_t sessionNodeWalk(Handle s);  // walk, kWalkRow numbers a node (reply.walk); returns nodes

// quadtree-ts (kShapes: ts_tree.h). A shape is its kind (shape_geometry.h's kShapeRect,
// kShapeCircle, kShapeLine) and four numbers. The calls that may drop objects say which in the
// reply (lostIds, lostCount).
// A TsTree session (TsTree's constructor numbers): `reuse` (another TsTree session, given up)
// or a kept one made as good as new, else a new one; 0 without room for it and its skeleton
// (`reuse` is then freed: its tree was given up).
Handle sessionCreateTs(double x, double y, double w, double h, double maxObjects, double minLevels, double maxLevels,
                       Handle reuse = 0);
// insert(obj) for object `id` with its shape now. Returns 0 when done; n > 0 when a split needs
// the current shapes of the n ids in results: write them into scratch (four numbers each, the
// kinds in scratchIds) and call sessionTsResume(n), which returns the same way; kNoMemory: the
// call changed nothing.
int32_t sessionTsInsert(Handle s, int32_t id, int32_t kind, double a, double b, double c, double d);
int32_t sessionTsResume(Handle s, int32_t count);
int32_t sessionTsAbandon(Handle s);  // undoes the insert under way (an object not for the core)
// retrieve(query) at the root: results, each id once; returns the count, or kNoMemory.
int32_t sessionTsRetrieve(Handle s, int32_t kind, double a, double b, double c, double d);
// The node whose list alone answers that retrieve (TsTree::locate), or kNoNode; and that
// answer: the node's ids, each once (results; the count, or kNoMemory).
int32_t sessionTsLocate(Handle s, int32_t kind, double a, double b, double c, double d);
int32_t sessionTsAnswer(Handle s, int32_t node);
// remove(obj, fast) (id -1: an object never inserted; the join still runs): 1 if the root's own
// list held it.
int32_t sessionTsRemove(Handle s, int32_t id, int32_t fast);
int32_t sessionTsJoin(Handle s);   // join(): results, every reference depth first; or kNoMemory
int32_t sessionTsLists(Handle s);  // results: every list, pre-order, each behind its header (abi.h)

// The bulk path (bulk_calls.cpp): a BulkRects (bulk/bulk_rects.h) passed as its address, not a
// session. Created empty (0 without room); reserve() returns 1, or kNoMemory with nothing
// changed; rects() and pairList() are addresses, valid until the next call that may allocate;
// pairs(count) returns how many pairs pairList() holds, or kBadRect (badRect() is the rect's id),
// or kNoMemory.
Handle sessionBulkCreate();
void sessionBulkDestroy(Handle b);
int32_t sessionBulkReserve(Handle b, int32_t capacity);
int32_t sessionBulkRects(Handle b);
int32_t sessionBulkPairs(Handle b, int32_t count);
int32_t sessionBulkPairList(Handle b);
int32_t sessionBulkBadRect(Handle b);
// The same in steps, for the threaded build (BulkRects::beginScatter() ...): beginScatter, settle,
// readyLanes, grow and finish on the main thread, scatterPart and pairBands on any.
int32_t sessionBulkBeginScatter(Handle b, int32_t count, int32_t parts);
void sessionBulkScatterPart(Handle b, int32_t part);
int32_t sessionBulkSettle(Handle b);
int32_t sessionBulkSplitBands(Handle b, int32_t lane, int32_t lanes);
int32_t sessionBulkReadyLanes(Handle b, int32_t lanes);
int32_t sessionBulkPairBands(Handle b, int32_t lane, int32_t begin, int32_t end);
int32_t sessionBulkGrow(Handle b, int32_t lane);
int32_t sessionBulkFinish(Handle b);
int32_t sessionBulkStack(int32_t bytes);
void sessionBulkFree(int32_t address);

}  // extern "C"

}  // namespace qt
