// libFuzzer target for one shipped core's boundary (cpp/session/boundary.h), built once per core
// (CMakeLists.txt: qt_fuzz_boundary_<core>, with QT_CORE_<CORE>): boundary.cpp is the one file
// whose code differs between the cores, so each core's copy runs here under ASan and UBSan, with
// the calls its families make, the way the facade makes them.
//
// The input bytes become calls on up to four sessions of the kinds the core has: the core's calls
// only (abi.h's QT_CALLS letters; a core without a kind has no call that makes one), any of them
// on any session (a kind that lacks a call must say kUnsupported and change nothing), and now and
// then with a heap budget of a few kilobytes (memory_guard.h), so the calls meet a full heap.
// After every call each live session must validate() (its tree and its exact index), and the ids
// a query returns must be ids its tree holds. What the trees answer is fuzz_trees.cpp's to check
// against models; this target checks the calls' plumbing: handles, buffers, budgets, kinds.
//
// The facade's side of each call is kept: nodes are ones the tree named (the root, children),
// rect numbers are finite and a circle's radius is not negative for the rect trees (validate.js's
// readRect()), while a quadtree-ts tree takes any numbers; a quadtree-ts insert that asks for
// shapes is answered at once (or abandoned), before any other call.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "base/memory_guard.h"
#include "session/boundary.h"
#include "session/session.h"
#include "session/tree_kinds.h"  // QT_HAS_*: the calls this core has

namespace {

using namespace qt;

constexpr int32_t kIds = 48;       // object ids 0..47
constexpr size_t kMostLive = 4;    // sessions at once
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

enum class Kind { kQuadtree, kTutorial, kLinear, kTs };
struct Live {
  Handle h;
  Kind kind;
};

int g_op = 0;
const char* g_call = "set-up";

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s (operation %d, %s)\n", what, g_op, g_call);
  std::abort();
}

// QT_FUZZ_TRACE=1: each operation's session kind and call, as an input replays.
const bool g_trace = std::getenv("QT_FUZZ_TRACE") != nullptr;
void trace(const char* what, int32_t value) {
  if (g_trace) std::fprintf(stderr, "  #%d %s -> %d\n", g_op, what, value);
}

const Session& sessionAt(Handle h) { return *reinterpret_cast<const Session*>(h); }

struct Run {
  explicit Run(FuzzedDataProvider& bytes) : in(bytes) {}
  FuzzedDataProvider& in;
  std::vector<Live> live;

  int pick(int most) { return in.ConsumeIntegralInRange<int>(0, most); }
  int32_t id() { return in.ConsumeIntegralInRange<int32_t>(0, kIds - 1); }
  int32_t kind() { return in.ConsumeIntegralInRange<int32_t>(kShapeRect, kShapeLine); }

  // A coordinate near a tree of bounds (0, 0, 100, 100): on the midlines, inside, outside, huge.
  double number(bool anything) {
    static const double kNumbers[] = {0, 50, 25, 75, 12.5, 100, -10, 49.999, 150, 1e9, -1e9, 5e-324, -0.0, 1, 3};
    if (anything && pick(15) == 0) {
      static const double kOdd[] = {kNaN, kInf, -kInf, -5};
      return kOdd[pick(3)];
    }
    const int k = pick(15);
    return k < 15 ? kNumbers[k] : in.ConsumeFloatingPointInRange<double>(-200, 300);
  }
  // A shape's four numbers: a rect's x, y, width, height (any sign), a circle's x, y, r (not
  // negative, for the rect trees), 0, a line's ends. `anything`: quadtree-ts's, any numbers.
  void shape(int32_t k, bool anything, double* out) {
    for (int i = 0; i < 4; ++i) out[i] = number(anything);
    if (k == kShapeCircle) {
      out[3] = 0;
      if (!anything && !(out[2] >= 0)) out[2] = std::fabs(out[2]) < kInf ? std::fabs(out[2]) : 5;
    }
  }

  Live* session() { return live.empty() ? nullptr : &live[size_t(pick(int(live.size()) - 1))]; }
  void add(Handle h, Kind k) {
    trace("  made a session of kind", h ? int32_t(k) : -1);
    if (h != 0) live.push_back({h, k});
  }
  void drop(Handle h) {
    for (size_t i = 0; i < live.size(); ++i)
      if (live[i].h == h) live.erase(live.begin() + std::ptrdiff_t(i)), i = live.size();
  }

#if QT_HAS_RECTS
  // A node the tree named: the root, or a child (of a child) that sessionChildren() gave.
  int32_t node(Handle h) {
    int32_t n = 0;
    for (int depth = pick(2); depth > 0; --depth) {
      const int32_t first = sessionChildren(h, n);
      if (first < 0) break;  // a leaf, kNoNode; or kUnsupported
      n = first + pick(3);
    }
    return n;
  }
#endif

  // The ids the last query published (`count` of them): each one its tree holds.
  void results(Handle h, int32_t count) {
    if (count == kNoMemory || count == kUnsupported) return;
    check(count >= 0, "a count below 0");
    const Session& s = sessionAt(h);
    check(s.reply.resultCount == count, "the reply's resultCount is the count returned");
    for (int32_t i = 0; i < count; ++i) {
      const int32_t id = s.answer[i];
      check(id >= 0 && id < kIds, "a query returned an id never inserted");
      check(sessionContains(h, id) == 1, "a query returned an id its tree does not hold");
    }
  }

  void valid() {
    for (const Live& s : live) check(sessionValidate(s.h) == 1, "validate() after the call");
  }

  // A reuse of another kind was refused: the session is as it was, and live again (valid()
  // checks it after the call).
  void refused(const Live& s) { live.push_back(s); }

  void create();
  void call(Live& s);
#if QT_HAS_TS
  void tsInsert(Handle h);
#endif
};

// A new session of a kind this core has (or a young tree's, handed on: `reuse`).
void Run::create() {
  static const double kBounds[][4] = {{0, 0, 100, 100}, {-50, -50, 100, 100}, {0, 0, 1, 1}, {0, 0, 100, 0}};
  const double* b = kBounds[pick(3)];
  const double maxObjects = 1 + pick(5), maxLevels = pick(4);
  // A session given up (when four are live, or now and then): reused, or destroyed.
  Live old{0, Kind::kQuadtree};
  if (!live.empty() && (live.size() == kMostLive || pick(3) == 0)) old = *session(), drop(old.h);
  const Handle reuse = old.h;
  switch (pick(3)) {
#if QT_HAS_RECTS
    case 0:
    case 1: {
      g_call = "sessionCreate";
      const Kind k = pick(1) ? Kind::kQuadtree : Kind::kTutorial;
      const Handle h = sessionCreate(b[0], b[1], b[2], b[3], maxObjects, maxLevels, 0, reuse,
                                     k == Kind::kQuadtree ? kQuadtreeKind : kTutorialKind);
      if (reuse && h == 0) refused(old);
      check(!reuse || h == 0 || h == reuse, "a reused session keeps its address");
      add(h, k);
      return;
    }
#endif
#if QT_HAS_LINEAR
    case 2:
      g_call = "sessionCreateLinear";
      if (reuse) sessionDestroy(reuse);
      add(sessionCreateLinear(b[0], b[1], b[2], b[3], pick(6)), Kind::kLinear);
      return;
#endif
#if QT_HAS_TS
    case 3: {
      g_call = "sessionCreateTs";
      const double minLevels = pick(int(maxLevels));
      // (a `reuse` of its kind without room for the tree is freed; one of another kind is refused)
      const Handle h = sessionCreateTs(b[0], b[1], b[2], b[3], maxObjects, minLevels, maxLevels, reuse);
      if (reuse && h == 0 && old.kind != Kind::kTs) refused(old);
      check(!reuse || h == 0 || h == reuse, "a reused session keeps its address");
      add(h, Kind::kTs);
      return;
    }
#endif
    default:
      if (reuse) sessionDestroy(reuse);
      return;
  }
}

#if QT_HAS_TS
// quadtree-ts's insert: the shapes a split asks for answered (any numbers, as moved objects
// have), or the insert abandoned, as the facade does when reading a shape throws.
void Run::tsInsert(Handle h) {
  double n[4];
  const int32_t k = kind();
  shape(k, true, n);
  g_call = "sessionTsInsert";
  int32_t wanted = sessionTsInsert(h, id(), k, n[0], n[1], n[2], n[3]);
  for (int rounds = 0; wanted > 0 && rounds < 64; ++rounds) {
    if (pick(15) == 0) {
      g_call = "sessionTsAbandon";
      sessionTsAbandon(h);
      return;
    }
    g_call = "sessionScratch";
    auto* scratch = reinterpret_cast<double*>(sessionScratch(h, wanted));
    if (!scratch) {
      sessionTsAbandon(h);
      return;
    }
    const Session& s = sessionAt(h);
    for (int32_t i = 0; i < wanted; ++i) {
      const int32_t ki = kind();
      shape(ki, true, scratch + 4 * i);
      const_cast<int32_t*>(s.scratchIds.data())[i] = ki;  // (the kinds go in scratchIds)
    }
    g_call = "sessionTsResume";
    wanted = sessionTsResume(h, pick(31) == 0 ? wanted + 1 : wanted);  // (a wrong count: abandoned)
  }
  if (wanted > 0) sessionTsAbandon(h);
}
#endif

// One call on `s`, of those this core has.
void Run::call(Live& s) {
  const Handle h = s.h;
  double n[4];
  switch (pick(29)) {
    case 0:
      g_call = "sessionDestroy";
      drop(h);
      sessionDestroy(h);
      return;
    case 1:
      g_call = "sessionClear";
      sessionClear(h);
      return;
    case 2:
      g_call = "sessionStats";
      sessionStats(h);
      check(sessionAt(h).reply.objects >= 0 && sessionAt(h).reply.nodes >= 0, "stats() counts the objects and nodes");
      return;
    case 3: {
      g_call = "sessionNodeWalk";
      const int32_t nodes = sessionNodeWalk(h);
      check(nodes >= 0 || nodes == kNoMemory, "nodeWalk() counts the nodes");
      return;
    }
    case 4:
      g_call = "sessionContains";
      check((sessionContains(h, id()) | 1) == 1, "contains() is 0 or 1");
      return;
#if QT_HAS_RECTS
    case 5: {  // staged inserts (the facade's insert() of one or many objects)
      g_call = "sessionFlush";
      const int32_t count = 1 + pick(11);
      for (int32_t i = 0; i < count; ++i) {
        stageBuffer.ids[i] = id();
        stageBuffer.kinds[i] = pick(3) ? kShapeRect : kind();
        shape(stageBuffer.kinds[i], false, stageBuffer.rects + 4 * i);
      }
      const int32_t stored = sessionFlush(h, count);
      check(stored == kUnsupported || (stored >= 0 && stored <= count), "flush() stores at most what was staged");
      return;
    }
    case 6: {  // quadtree-js's insert() on a node (a tutorial tree's at its root)
      g_call = "sessionInsert";
      const int32_t k = pick(3) ? kShapeRect : kind();
      shape(k, false, n);
      sessionInsert(h, s.kind == Kind::kQuadtree ? node(h) : 0, id(), n[0], n[1], n[2], n[3], k);
      return;
    }
    case 7:
      g_call = "sessionRetrieve";
      shape(kShapeRect, false, n);
      results(h, sessionRetrieve(h, node(h), n[0], n[1], n[2], n[3], pick(1)));
      return;
    case 8: {
      g_call = "sessionLocate";
      shape(kShapeRect, false, n);
      const int32_t at = sessionLocate(h, node(h), n[0], n[1], n[2], n[3], pick(1));
      if (at >= 0 && s.kind == Kind::kQuadtree) results(h, sessionNodeObjects(h, at));
      return;
    }
    case 9:
      g_call = "sessionLeafGrid";
      sessionLeafGrid(h);
      return;
    case 10:
      g_call = "sessionAllObjects";
      results(h, sessionAllObjects(h, node(h)));
      return;
    case 11:
      g_call = "sessionNodeObjects / PathObjects / Preorder";
      results(h, sessionNodeObjects(h, node(h)));
      results(h, sessionPathObjects(h, node(h)));
      results(h, sessionPreorder(h, node(h)));
      return;
    case 12: {
      g_call = "sessionNodeGeom";
      const int32_t at = node(h);
      if (sessionNodeGeom(h, at) == 0) check(sessionAt(h).reply.nodeLevel >= 0, "nodeGeom() gives a level");
      return;
    }
    case 13:
      g_call = "sessionClearNode";
      if (s.kind == Kind::kQuadtree) sessionClearNode(h, node(h));
      return;
    case 14:
      g_call = "sessionRemove";
      {
        const int32_t was = sessionRemove(h, id());
        check(was == 0 || was == 1 || was == kUnsupported, "remove() is 0 or 1");
      }
      return;
    case 15: {
      g_call = "sessionUpdate";
      const int32_t which = id(), k = pick(3) ? kShapeRect : kind();
      shape(k, false, n);
      if (sessionContains(h, which) == 1) sessionUpdate(h, which, n[0], n[1], n[2], n[3], k);
      return;
    }
    case 16: {  // refresh(): the moved objects' ids and rects (or shapes) in scratch
      g_call = "sessionRefresh";
      const int32_t count = 1 + pick(15);
      auto* scratch = reinterpret_cast<double*>(sessionScratch(h, count));
      if (!scratch) return;
      const bool shapes = pick(1);
      const Session& ss = sessionAt(h);
      for (int32_t i = 0; i < count; ++i) {
        const int32_t k = shapes ? kind() : kShapeRect;
        const_cast<int32_t*>(ss.scratchIds.data())[i] = id();
        const_cast<int32_t*>(ss.scratchKinds.data())[i] = k;
        shape(k, false, scratch + 4 * i);
      }
      const int32_t moved = sessionRefresh(h, count, shapes);
      check(moved == kUnsupported || moved == kNoMemory || (moved >= 0 && moved <= count), "refresh() moves at most the count");
      return;
    }
#endif
#if QT_HAS_LINEAR
    case 17: {  // setRects(): many objects of one kind from scratch
      g_call = "sessionSetRects";
      const int32_t count = 1 + pick(15), k = pick(2) ? kShapeRect : kind();
      auto* scratch = reinterpret_cast<double*>(sessionScratch(h, count));
      if (!scratch) return;
      const Session& ss = sessionAt(h);
      for (int32_t i = 0; i < count; ++i) {
        const_cast<int32_t*>(ss.scratchIds.data())[i] = id();
        shape(k, false, scratch + 4 * i);
      }
      const int32_t placed = sessionSetRects(h, count, k);
      check(placed == kUnsupported || (placed >= 0 && placed <= count), "setRects() places at most the count");
      return;
    }
    case 18: {
      g_call = "sessionSearch / Collides";
      const int32_t k = kind();
      shape(k, false, n);
      results(h, sessionSearch(h, n[0], n[1], n[2], n[3], k));
      const int32_t hit = sessionCollides(h, n[0], n[1], n[2], n[3], k);
      check(hit == 0 || hit == 1 || hit == kUnsupported, "collides() is 0 or 1");
      return;
    }
    case 19: {
      g_call = "sessionPairs";
      const int32_t pairs = sessionPairs(h);
      if (pairs >= 0) {
        check(sessionAt(h).reply.resultCount == 2 * pairs, "pairs() gives two ids a pair");
        for (int32_t i = 0; i < 2 * pairs; ++i) check(sessionContains(h, sessionAt(h).answer[i]) == 1, "a pair of ids its tree holds");
      }
      return;
    }
    case 20: {
      g_call = "sessionNearest";
      const int32_t k = pick(8);
      static const double kReach[] = {kInf, 10, 60, 0};
      const int32_t found = sessionNearest(h, number(false), number(false), k, kReach[pick(3)]);
      results(h, found);
      check(found < 0 || found <= k, "nearest() gives at most k");
      return;
    }
    case 21: {
      g_call = "sessionRaycast";
      static const double kDirections[][2] = {{1, 0}, {0, -1}, {1, 1}, {-3, 2}};
      const double* d = kDirections[pick(3)];
      const int32_t hit = sessionRaycast(h, number(false), number(false), d[0], d[1], pick(1) ? kInf : 30);
      check(hit == kNoNode || hit == kUnsupported || hit == kNoMemory || sessionContains(h, hit) == 1,
            "raycast() reaches an id its tree holds");
      return;
    }
#endif
#if QT_HAS_TS
    case 22:
      tsInsert(h);
      return;
    case 23: {
      g_call = "sessionTsRetrieve";
      const int32_t k = kind();
      shape(k, true, n);
      results(h, sessionTsRetrieve(h, k, n[0], n[1], n[2], n[3]));
      return;
    }
    case 24: {
      g_call = "sessionTsLocate / TsAnswer";
      const int32_t k = kind();
      shape(k, true, n);
      const int32_t at = sessionTsLocate(h, k, n[0], n[1], n[2], n[3]);
      if (at >= 0) results(h, sessionTsAnswer(h, at));
      return;
    }
    case 25:
      g_call = "sessionTsRemove";
      sessionTsRemove(h, pick(7) ? id() : -1, pick(1));
      return;
    case 26:
      g_call = "sessionTsJoin";
      results(h, sessionTsJoin(h));
      return;
    case 27: {  // each node's list behind its header, in pre-order: the lengths add up
      g_call = "sessionTsLists";
      const int32_t count = sessionTsLists(h);
      if (count < 0) return;
      const int32_t* at = sessionAt(h).answer;
      int32_t i = 0;
      while (i < count) {
        const int32_t length = at[i + listHeader::length];
        check(length >= 0 && i + kListHeader + length <= count, "tsLists(): a list's length fits");
        for (int32_t k = 0; k < length; ++k) check(sessionContains(h, at[i + kListHeader + k]) == 1, "tsLists(): ids it holds");
        i += kListHeader + length;
      }
      return;
    }
#endif
    default:
      g_call = "sessionChildMask / TutorialIndex";
#if QT_HAS_RECTS
      check(sessionChildMask(0, 0, 100, 100, number(false), number(false), number(false), number(false)) < 16,
            "childMask() is 4 bits");
      check(std::abs(sessionTutorialIndex(0, 0, 100, 100, number(false), number(false), 10, 10) - 1) <= 2,
            "tutorialIndex() is -1..3");
#endif
      return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  Run run(in);
  g_op = 0;
  for (; g_op < 160 && in.remaining_bytes() > 0; ++g_op) {
    // Now and then the heap has only a few kilobytes left for this call.
    const bool tight = run.pick(15) == 0;
    if (tight) setHeapBudgetForTests(size_t(run.pick(64)) << 8);
    if (run.live.empty() || run.pick(9) == 0) {
      run.create();
    } else {
      run.call(*run.session());
    }
    if (tight) setHeapBudgetForTests(SIZE_MAX);
    trace(g_call, tight ? 1 : 0);
    run.valid();
  }
  g_call = "tear-down";
  for (const Live& s : run.live) sessionDestroy(s.h);
  freeKeptSessions();
  return 0;
}
