// The numbers-only surface that crosses into JavaScript. A Session is one JS Quadtree's native
// side: the tree plus the heap buffers the facade reads and writes directly (staged inserts in,
// query results out), so a frame needs few calls and no value objects. No Emscripten in here:
// it builds natively for the tests, and bindings.cpp only registers these functions.
#pragma once

#include <climits>
#include <cstdint>
#include <memory>
#include <vector>

#include "linear_quadtree.h"
#include "pair_cache.h"
#include "quadtree.h"

namespace qt {

constexpr int32_t kStageCapacity = 1024;  // inserts the facade may stage before it must flush

// What a call returns when the heap could not supply what it needed (WebAssembly memory cannot
// grow any further): it changed nothing, the tree is intact and every call that needs no new
// memory (queries, remove, clear) still works. See memory_guard.h.
constexpr int32_t kNoMemory = INT32_MIN;

struct Session {
  // The tree is built in place: moving one would cost a move of each of its arrays (and code).
  Session(Rect bounds, double maxObjects, double maxLevels, double level)
      : tree(bounds, maxObjects, maxLevels, level) {}
  Quadtree tree;
  // Set for a LinearQuadtree: then `tree` stays empty and the calls shared by both kinds go here.
  std::unique_ptr<LinearQuadtree> linear;
  std::vector<int32_t> results;         // ids of the last query
  double stageRects[kStageCapacity * 4];  // x, y, width, height per staged insert
  int32_t stageIds[kStageCapacity];
  // io[0]: address of the results (a wasm32 address; natively only its low 32 bits), io[1]:
  // their count; then stats
  int32_t io[8];
  double geom[5];  // x, y, width, height, level of the node last asked for
  std::vector<double> scratch;  // rects the facade hands over in bulk (refresh, typed arrays)
  std::vector<int32_t> scratchIds;
  std::vector<double> walk;     // the node walk
  PairCache pairCache;          // pairs() reuses the last answer for objects that did not change
};

// The room a new session needs: the session and a small tree, or a linear tree of that depth.
size_t bytesForSession(int32_t linearDepth);

// Sessions are passed to JavaScript as their address.
using Handle = uintptr_t;

// C names, so the build for pages with a strict Content-Security-Policy can export these
// directly, without embind (whose glue compiles code at run time).
extern "C" {

// Creating returns 0 when the heap has no room for the tree.
Handle sessionCreate(double x, double y, double w, double h, double maxObjects, double maxLevels,
                     double level);
Handle sessionCreateLinear(double x, double y, double w, double h, int32_t depth);
void sessionDestroy(Handle s);
Handle sessionStageRects(Handle s);
Handle sessionStageIds(Handle s);
Handle sessionIo(Handle s);
Handle sessionGeom(Handle s);
int32_t sessionStageCapacity();

// Inserts the first `count` staged entries at the root, in order; returns how many it inserted,
// fewer when the heap ran out (the rest are not in the tree).
int32_t sessionFlush(Handle s, int32_t count);
int32_t sessionInsert(Handle s, int32_t node, int32_t id, double x, double y, double w, double h);
bool sessionContains(Handle s, int32_t id);
// Each of these fills `results` and returns its count (also in io[0..1]), or kNoMemory.
int32_t sessionRetrieve(Handle s, int32_t node, double x, double y, double w, double h, bool dedup);
int32_t sessionLocate(Handle s, int32_t node, double x, double y, double w, double h, bool dedup);
// The root's leaf grid (Quadtree::leafGrid): io[2] the cells' address, io[3] the bounds', geom[0..3]
// x, y, scaleX, scaleY; returns the side.
int32_t sessionLeafGrid(Handle s);
int32_t sessionAllObjects(Handle s, int32_t node);
int32_t sessionNodeObjects(Handle s, int32_t node);
int32_t sessionChildren(Handle s, int32_t node);
void sessionNodeGeom(Handle s, int32_t node);  // into geom
void sessionClear(Handle s);
void sessionClearNode(Handle s, int32_t node);
void sessionStats(Handle s);  // io[2..7]: nodes, leaves, depth, links, entries, objects
int32_t sessionValidate(Handle s);  // 1 valid, 0 not, or kNoMemory

// Beyond quadtree-js; these serve both kinds of tree.
bool sessionRemove(Handle s, int32_t id);
// 1 if it moved to other leaves, 0 if not, or kNoMemory (then it stays where it was).
int32_t sessionUpdate(Handle s, int32_t id, double x, double y, double w, double h);
// Room for `count` rects (and ids) in scratch; returns the rects' address (ids: io[0]), or 0.
// Also gives the tree's own rect per id (io[1]: address, io[2]: how many ids it spans), which
// refresh() reads to send only the objects that changed.
Handle sessionScratch(Handle s, int32_t count);
// Sets the rect of each of `count` present objects: ids from scratchIds, rects from scratch;
// absent ids are skipped. Returns how many moved to other nodes, or kNoMemory (then the objects
// before the one that did not fit have their new rects, the rest their old ones).
int32_t sessionRefresh(Handle s, int32_t count);
// Inserts or updates `count` objects: ids from scratchIds, rects from scratch. Returns how many
// it placed, in order: fewer when the heap ran out.
int32_t sessionSetRects(Handle s, int32_t count);
int32_t sessionSearch(Handle s, double x, double y, double w, double h);
bool sessionCollides(Handle s, double x, double y, double w, double h);
int32_t sessionPairs(Handle s);     // results: a, b, a, b, ...; returns the number of pairs
int32_t sessionNodeWalk(Handle s);  // walk, 7 numbers a node; io[0] its address; returns nodes

}  // extern "C"

}  // namespace qt
