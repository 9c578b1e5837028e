// The numbers-only Session functions of boundary.h, used natively the way the JS facade uses them:
// write staged inserts through the stage buffers, flush, query, read results through the Reply.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>
#include <cstdint>
#include <vector>

#include "session/boundary.h"
#include "base/memory_guard.h"
#include "match.h"
#include "oracle.h"
#include "quadtree/quadtree.h"
#include "scenario.h"
#include "session/tree_kinds.h"  // QT_HAS_*: the session calls this core has

namespace {

using namespace qt;
using Ids = std::vector<int32_t>;

#if QT_HAS_RECTS  // (the quadtree-js and tutorial sessions: sessionCreate)

// A session and typed views of its buffers (the staging buffer is the module's, shared by every
// session), destroyed at the end of the test.
struct Native {
  Handle h;
  double* stageRects = stageBuffer.rects;
  int32_t* stageIds = stageBuffer.ids;
  const Reply& reply;

  Native(double x, double y, double w, double hgt, double maxObjects, double maxLevels, double level)
      : h(sessionCreate(x, y, w, hgt, maxObjects, maxLevels, level)),
        reply(*reinterpret_cast<const Reply*>(sessionReply(h))) {}
  ~Native() { sessionDestroy(h); }
  Native(const Native&) = delete;
  Native& operator=(const Native&) = delete;

  void stage(int32_t slot, int32_t id, const Rect& r) {
    stageIds[slot] = id;
    stageRects[4 * slot + 0] = r.x;
    stageRects[4 * slot + 1] = r.y;
    stageRects[4 * slot + 2] = r.w;
    stageRects[4 * slot + 3] = r.h;
  }

  // The ids the last query published: resultCount of them at address results, a full address
  // only where pointers are 32 bits (wasm32); on a 64-bit host it holds the low 32 bits of it.
  Ids results() const {
    const auto& s = *reinterpret_cast<const Session*>(h);
    const int32_t* at;
    if constexpr (sizeof(uintptr_t) == 4) {
      at = reinterpret_cast<const int32_t*>(uintptr_t(uint32_t(reply.results)));
    } else {
      EXPECT_EQ(uint32_t(reply.results), uint32_t(reinterpret_cast<uintptr_t>(s.results.data())));
      at = s.results.data();
    }
    return Ids(at, at + reply.resultCount);
  }

  // As the facade does (js/src/main/quadtree.js): keeps the answers a root query is told to keep
  // (answerFresh) for as long as the tree's version holds, and hands one out when told it is
  // kept (answerSlot alone) (boundary.h).
  std::vector<Ids> kept;
  uint32_t keptAt = 0;
  Ids retrieve(const Rect& r, bool dedup = true, int32_t node = 0) {
    auto current = [&] {
      if (*tree().versionAt() != keptAt) kept.clear(), keptAt = *tree().versionAt();
    };
    current();
    const int32_t n = sessionRetrieve(h, node, r.x, r.y, r.w, r.h, dedup);
    EXPECT_GE(n, 0);
    EXPECT_EQ(n, reply.resultCount);
    const int32_t k = reply.answerSlot;
    if (k < 0) return results();
    if (reply.answerFresh) {
      current();
      EXPECT_LE(size_t(k), kept.size());
      if (kept.size() <= size_t(k)) kept.resize(size_t(k) + 1);
      return kept[size_t(k)] = results();
    }
    EXPECT_EQ(n, 0);
    EXPECT_LT(size_t(k), kept.size());
    return size_t(k) < kept.size() ? kept[size_t(k)] : Ids{};
  }

  qt::Stats stats() {
    sessionStats(h);
    qt::Stats s;
    s.nodes = reply.nodes;
    s.leaves = reply.leaves;
    s.depth = reply.depth;
    s.references = reply.references;
    s.entries = tree().stats().entries;  // (not in the reply: only these tests read it)
    s.objects = reply.objects;
    return s;
  }

  const Quadtree& tree() const { return std::get<Quadtree>(reinterpret_cast<const Session*>(h)->tree); }
};

const Rect kBounds{10, -20, 200, 100};

TEST(Session, StartsAsOneEmptyValidLeafWithTheGivenBoundsAndLevel) {
  Native s(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 4, 4, 2);
  EXPECT_TRUE(sessionValidate(s.h));
  EXPECT_EQ(sessionChildren(s.h, 0), -1);
  sessionNodeGeom(s.h, 0);
  EXPECT_EQ(s.reply.nodeX, 10);
  EXPECT_EQ(s.reply.nodeY, -20);
  EXPECT_EQ(s.reply.nodeWidth, 200);
  EXPECT_EQ(s.reply.nodeHeight, 100);
  EXPECT_EQ(s.reply.nodeLevel, 2);
  const qt::Stats st = s.stats();
  EXPECT_EQ(st.nodes, 1);
  EXPECT_EQ(st.leaves, 1);
  EXPECT_EQ(st.depth, 0);
  EXPECT_EQ(st.references, 0);
  EXPECT_EQ(st.entries, 0);
  EXPECT_EQ(st.objects, 0);
}

TEST(Session, BufferAddressesStayTheSameForTheSessionsLifetime) {
  Native s(0, 0, 64, 64, 1, 8, 0);
  for (int i = 0; i < 500; ++i) s.stage(i, i, {i * 0.1, i * 0.1, 0.05, 0.05});
  sessionFlush(s.h, 500);  // grows the tree's arrays, not the session's buffers
  EXPECT_EQ(reinterpret_cast<const Reply*>(sessionReply(s.h)), &s.reply);
  EXPECT_EQ(uint32_t(s.reply.stageRects), uint32_t(reinterpret_cast<uintptr_t>(stageBuffer.rects)));
  EXPECT_EQ(uint32_t(s.reply.stageIds), uint32_t(reinterpret_cast<uintptr_t>(stageBuffer.ids)));
}

// One staging buffer for the module: every session's Reply names it, and a session is no bigger
// than its tree and a few vectors (it used to carry a 36 KB buffer of its own).
TEST(Session, EverySessionSharesTheModulesStagingBuffer) {
  Native a(0, 0, 64, 64, 1, 8, 0), b(0, 0, 32, 32, 4, 4, 0);
  const Handle tutorial = sessionCreate(0, 0, 64, 64, 10, 5, 0, 0, qt::kTutorialKind);
  const Handle linear = sessionCreateLinear(0, 0, 64, 64, 3);
  for (const Handle h : {a.h, b.h, tutorial, linear}) {
    const Reply& r = *reinterpret_cast<const Reply*>(sessionReply(h));
    EXPECT_EQ(uint32_t(r.stageRects), uint32_t(reinterpret_cast<uintptr_t>(stageBuffer.rects)));
    EXPECT_EQ(uint32_t(r.stageIds), uint32_t(reinterpret_cast<uintptr_t>(stageBuffer.ids)));
  }
  EXPECT_LT(sizeof(Session), size_t(kStageCapacity) * 4 * sizeof(double) / 8);
  // What one session staged goes into that session's tree alone, then the buffer is the other's.
  a.stage(0, 7, {1, 1, 2, 2});
  a.stage(1, 8, {40, 40, 2, 2});
  EXPECT_EQ(sessionFlush(a.h, 2), 2);
  b.stage(0, 9, {3, 3, 2, 2});
  EXPECT_EQ(sessionFlush(b.h, 1), 1);
  EXPECT_EQ(a.retrieve({0, 0, 64, 64}), (Ids{7, 8}));
  EXPECT_EQ(b.retrieve({0, 0, 32, 32}), (Ids{9}));
  sessionDestroy(tutorial);
  sessionDestroy(linear);
}

TEST(Session, StageCapacityIs1024AndAFullStageFlushesInOneCall) {
  EXPECT_EQ(kStageCapacity, 1024);
  Native s(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 10, 4, 0);
  for (int i = 0; i < kStageCapacity; ++i)
    s.stage(i, i, {kBounds.x + (i % 32) * 6.0, kBounds.y + (i / 32) * 3.0, 2, 2});
  sessionFlush(s.h, kStageCapacity);
  EXPECT_TRUE(sessionValidate(s.h));
  EXPECT_EQ(s.stats().entries, kStageCapacity);
  EXPECT_EQ(sessionAllObjects(s.h, 0), kStageCapacity);
}

TEST(Session, FlushInsertsTheFirstCountStagedEntriesInOrder) {
  Native s(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 2, 4, 0);
  Quadtree direct(kBounds, 2, 4, 0);
  for (int i = 0; i < 10; ++i) s.stage(i, 100 + i, {kBounds.x + i * 19.0, kBounds.y + i * 9.0, 4, 4});
  sessionFlush(s.h, 6);
  for (int i = 0; i < 6; ++i) direct.insert(0, 100 + i, {kBounds.x + i * 19.0, kBounds.y + i * 9.0, 4, 4});
  EXPECT_TRUE(sessionValidate(s.h));
  EXPECT_EQ(s.stats().entries, 6);
  Ids want;
  direct.retrieve(0, kBounds, true, want);
  EXPECT_EQ(s.retrieve(kBounds), want);
  EXPECT_EQ(sessionChildren(s.h, 0), direct.children(0));
}

TEST(Session, FlushOfZeroChangesNothing) {
  Native s(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 2, 4, 0);
  s.stage(0, 1, {20, -10, 1, 1});
  sessionFlush(s.h, 0);
  EXPECT_EQ(s.stats().entries, 0);
  EXPECT_TRUE(s.retrieve(kBounds).empty());
}

TEST(Session, StageIsReusedForTheNextBatchAfterAFlush) {
  Native s(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 1, 5, 0);
  Quadtree direct(kBounds, 1, 5, 0);
  int32_t id = 0;
  for (int batch = 0; batch < 3; ++batch) {
    for (int i = 0; i < 7; ++i, ++id) {
      const Rect r{kBounds.x + id * 9.0, kBounds.y + (id % 5) * 20.0, 3, 0};
      s.stage(i, id, r);
      direct.insert(0, id, r);
    }
    sessionFlush(s.h, 7);
    EXPECT_TRUE(sessionValidate(s.h)) << "batch " << batch;
  }
  EXPECT_TRUE(qttest::sameRect(s.tree().nodeRect(0), kBounds));
  for (const Rect& q : {kBounds, Rect{10, -20, 50, 50}, Rect{110, 30, 0, 0}}) {
    Ids want;
    direct.retrieve(0, q, true, want);
    EXPECT_EQ(s.retrieve(q), want) << qttest::show(q);
  }
}

TEST(Session, RetrieveReturnsTheCountAndPublishesTheIdsInIo) {
  Native s(0, 0, 64, 64, 1, 4, 0);
  s.stage(0, 5, {30, 30, 4, 4});  // in all four children once split
  s.stage(1, 6, {2, 2, 1, 1});
  sessionFlush(s.h, 2);
  EXPECT_EQ(sessionRetrieve(s.h, 0, 0, 0, 64, 64, true), 2);
  EXPECT_EQ(s.reply.resultCount, 2);
  EXPECT_EQ(s.results(), (Ids{5, 6}));
  EXPECT_EQ(sessionRetrieve(s.h, 0, 0, 0, 64, 64, false), 5);
  EXPECT_EQ(s.results(), (Ids{5, 6, 5, 5, 5}));
  EXPECT_EQ(sessionRetrieve(s.h, 0, 100, 100, 1, 1, true), 1);  // outside: bottom-right's 5
  EXPECT_EQ(s.results(), (Ids{5}));
}

TEST(Session, EachQueryReplacesThePreviousResults) {
  Native s(0, 0, 64, 64, 1, 4, 0);
  s.stage(0, 1, {2, 2, 1, 1});
  s.stage(1, 2, {40, 40, 1, 1});
  sessionFlush(s.h, 2);
  EXPECT_EQ(s.retrieve({0, 0, 64, 64}), (Ids{1, 2}));
  EXPECT_EQ(s.retrieve({40, 40, 2, 2}), (Ids{2}));
  EXPECT_EQ(sessionNodeObjects(s.h, 0), 0);  // the root is split
  EXPECT_TRUE(s.results().empty());
  EXPECT_EQ(sessionAllObjects(s.h, 0), 2);
  EXPECT_EQ(s.results(), (Ids{1, 2}));
}

TEST(Session, ChildrenAndNodeGeomDescribeTheTreeForDrawing) {
  Native s(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 1, 3, 0);
  for (int i = 0; i < 12; ++i) s.stage(i, i, {kBounds.x + i * 3.0, kBounds.y + i * 2.0, 1, 1});
  sessionFlush(s.h, 12);
  int32_t drawn = 0;
  std::vector<int32_t> stack{0};
  while (!stack.empty()) {
    const int32_t n = stack.back();
    stack.pop_back();
    ++drawn;
    sessionNodeGeom(s.h, n);
    const double x = s.reply.nodeX, y = s.reply.nodeY, w = s.reply.nodeWidth, h = s.reply.nodeHeight,
                 level = s.reply.nodeLevel;
    const int32_t c = sessionChildren(s.h, n);
    if (c < 0) continue;
    for (int q = 0; q < 4; ++q) {
      sessionNodeGeom(s.h, c + q);
      const Rect want = childRect({x, y, w, h}, q);
      EXPECT_TRUE(qttest::sameRect({s.reply.nodeX, s.reply.nodeY, s.reply.nodeWidth, s.reply.nodeHeight}, want));
      EXPECT_EQ(s.reply.nodeLevel, level + 1);
      stack.push_back(c + q);
    }
  }
  EXPECT_EQ(drawn, s.stats().nodes);
  EXPECT_EQ(s.stats().depth, 3);
}

TEST(Session, InsertAtASubnodeGoesOnlyIntoThatSubtree) {
  Native s(0, 0, 64, 64, 1, 4, 0);
  s.stage(0, 1, {2, 2, 1, 1});
  s.stage(1, 2, {40, 40, 1, 1});
  sessionFlush(s.h, 2);
  const int32_t bottomRight = sessionChildren(s.h, 0) + 3;
  sessionInsert(s.h, bottomRight, 3, 2, 2, 1, 1, qt::kShapeRect);  // lies in the top-left, stored bottom-right
  EXPECT_TRUE(sessionValidate(s.h));
  EXPECT_EQ(s.retrieve({0, 0, 4, 4}), (Ids{1}));
  EXPECT_EQ(s.retrieve({2, 2, 1, 1}, false, bottomRight), (Ids{3}));
  sessionInsert(s.h, 0, 4, 50, 50, 1, 1, qt::kShapeRect);  // node 0 is the root
  sessionInsert(s.h, 0, 4, 50, 50, 1, 1, qt::kShapeRect);
  EXPECT_EQ(s.stats().entries, 5);
  EXPECT_EQ(s.stats().objects, 4);
}

TEST(Session, ClearAndClearNodeEmptyTheTree) {
  Native s(0, 0, 64, 64, 1, 4, 0);
  for (int i = 0; i < 20; ++i) s.stage(i, i, {i * 3.0, i * 1.5, 1, 1});
  sessionFlush(s.h, 20);
  const int32_t topLeft = sessionChildren(s.h, 0) + 1;
  ASSERT_GE(sessionChildren(s.h, topLeft), 0);
  sessionClearNode(s.h, topLeft);
  EXPECT_TRUE(sessionValidate(s.h));
  EXPECT_EQ(sessionChildren(s.h, topLeft), -1);
  EXPECT_EQ(sessionNodeObjects(s.h, topLeft), 0);
  sessionClear(s.h);
  EXPECT_TRUE(sessionValidate(s.h));
  EXPECT_EQ(s.stats().nodes, 1);
  EXPECT_EQ(s.stats().entries, 0);
  EXPECT_EQ(sessionAllObjects(s.h, 0), 0);
  s.stage(0, 7, {1, 1, 1, 1});
  sessionFlush(s.h, 1);
  EXPECT_EQ(s.retrieve({0, 0, 64, 64}), (Ids{7}));
}

TEST(Session, SessionsAreIndependent) {
  Native a(0, 0, 64, 64, 1, 4, 0), b(0, 0, 64, 64, 1, 4, 0);
  a.stage(0, 1, {1, 1, 1, 1});  // (one staging buffer: a's inserts are applied before b stages)
  sessionFlush(a.h, 1);
  EXPECT_EQ(b.stats().entries, 0);
  b.stage(0, 2, {1, 1, 1, 1});
  sessionFlush(b.h, 1);
  EXPECT_EQ(a.retrieve({0, 0, 64, 64}), (Ids{1}));
  EXPECT_EQ(b.retrieve({0, 0, 64, 64}), (Ids{2}));
  EXPECT_EQ(a.results(), (Ids{1}));  // a's results are its own
}

// sessionDestroy keeps small Quadtree sessions for the next sessionCreate, which must then be as
// good as a new one: the same answers to the same calls.
// A session as good as new with kBounds at level 2: one empty valid leaf, a fresh reply, no pairs.
void expectEmptyAtLevel2(Native& n) {
  EXPECT_EQ(n.reply.results, 0);
  EXPECT_EQ(uint32_t(n.reply.version), uint32_t(reinterpret_cast<uintptr_t>(n.tree().versionAt())));
  EXPECT_EQ(sessionValidate(n.h), 1);
  EXPECT_EQ(sessionChildren(n.h, 0), -1);
  sessionNodeGeom(n.h, 0);
  EXPECT_EQ(n.reply.nodeX, kBounds.x);
  EXPECT_EQ(n.reply.nodeY, kBounds.y);
  EXPECT_EQ(n.reply.nodeWidth, kBounds.w);
  EXPECT_EQ(n.reply.nodeHeight, kBounds.h);
  EXPECT_EQ(n.reply.nodeLevel, 2);
  const qt::Stats st = n.stats();
  EXPECT_EQ(st.nodes, 1);
  EXPECT_EQ(st.references, 0);
  EXPECT_EQ(st.objects, 0);
  EXPECT_EQ(sessionPairs(n.h), 0);
  EXPECT_EQ(sessionContains(n.h, 3), 0);
}

TEST(Session, AKeptSessionServesTheNextCreateAsANewOne) {
  freeKeptSessions();
  Handle first;
  {
    Native a(0, 0, 64, 64, 1, 8, 0);
    for (int i = 0; i < 20; ++i) a.stage(i, i, {i * 3.0, i * 2.0, 2, 2});
    ASSERT_EQ(sessionFlush(a.h, 20), 20);
    EXPECT_GT(a.stats().nodes, 1);
    EXPECT_GE(sessionPairs(a.h), 0);  // fills the pair cache
    first = a.h;
  }
  Native b(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 4, 3, 2);
  EXPECT_EQ(b.h, first);
  expectEmptyAtLevel2(b);
  // The same inserts and queries as on a session allocated anew (its new numbers split it).
  freeKeptSessions();
  Native c(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 4, 3, 2);
  ASSERT_NE(c.h, b.h);
  qttest::Scenario sc(424242);
  const qttest::Params p{kBounds, 4, 3, 2};
  const auto objects = sc.objects(p, 120);
  for (size_t i = 0; i < objects.size(); ++i) {
    b.stage(int32_t(i), objects[i].id, objects[i].rect);
  }
  ASSERT_EQ(sessionFlush(b.h, int32_t(objects.size())), int32_t(objects.size()));
  for (size_t i = 0; i < objects.size(); ++i) c.stage(int32_t(i), objects[i].id, objects[i].rect);
  ASSERT_EQ(sessionFlush(c.h, int32_t(objects.size())), int32_t(objects.size()));
  EXPECT_EQ(sessionValidate(b.h), 1);
  for (int k = 0; k < 50; ++k) {
    const Rect q = sc.rect(p.bounds, p.maxLevels);
    EXPECT_EQ(b.retrieve(q), c.retrieve(q));
  }
  const qt::Stats sb = b.stats(), sc2 = c.stats();
  EXPECT_EQ(sb.nodes, sc2.nodes);
  EXPECT_EQ(sb.depth, sc2.depth);
  EXPECT_EQ(sb.references, sc2.references);
  EXPECT_EQ(sessionPairs(b.h), sessionPairs(c.h));
}

// The facade hands a young tree's session to the next tree (js/src/main/seed.js): sessionCreate with it
// as `reuse` makes it as good as new with the next tree's numbers, whatever it held (an exact
// index, kept pairs).
TEST(Session, CreateReusingASessionMakesItNewWithOtherNumbers) {
  Native a(0, 0, 64, 64, 1, 8, 0), fresh(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 4, 3, 2);
  for (int i = 0; i < 300; ++i) a.stage(i, i, {i * 0.2, i * 0.2, 2, 2});
  ASSERT_EQ(sessionFlush(a.h, 300), 300);
  EXPECT_GE(sessionPairs(a.h), 0);  // makes the exact index and fills the pair cache
  EXPECT_EQ(sessionCreate(kBounds.x, kBounds.y, kBounds.w, kBounds.h, 4, 3, 2, a.h), a.h);
  expectEmptyAtLevel2(a);
  qttest::Scenario sc(7070);
  const qttest::Params p{kBounds, 4, 3, 2};
  const auto objects = sc.objects(p, 150);
  for (Native* n : {&a, &fresh}) {
    for (size_t i = 0; i < objects.size(); ++i) n->stage(int32_t(i), objects[i].id, objects[i].rect);
    ASSERT_EQ(sessionFlush(n->h, int32_t(objects.size())), int32_t(objects.size()));
  }
  EXPECT_EQ(sessionValidate(a.h), 1);
  for (int k = 0; k < 50; ++k) {
    const Rect q = sc.rect(p.bounds, p.maxLevels);
    EXPECT_EQ(a.retrieve(q), fresh.retrieve(q));
  }
  EXPECT_EQ(a.stats().nodes, fresh.stats().nodes);
  EXPECT_EQ(sessionPairs(a.h), sessionPairs(fresh.h));
}

TEST(Session, OnlySmallSessionsOfKindsThatResetAreKeptEachForItsOwnKind) {
  freeKeptSessions();
  {
    Native big(0, 0, 1000, 1000, 10, 8, 0);
    for (int i = 0; i < 1000; ++i) big.stage(i, i, {(i % 40) * 25.0, (i / 40) * 40.0, 3, 3});
    ASSERT_EQ(sessionFlush(big.h, 1000), 1000);
  }
  EXPECT_EQ(freeKeptSessions(), 0u);  // its arrays are too big to keep
  { Native small(0, 0, 10, 10, 10, 4, 0); }
  EXPECT_EQ(freeKeptSessions(), 1u);
  sessionDestroy(sessionCreateLinear(0, 0, 10, 10, 2));
  EXPECT_EQ(freeKeptSessions(), 0u);  // a LinearQuadtree has no reset()
  // A kept tutorial session serves the next tutorial tree, not a Quadtree.
  const Handle tutorial = sessionCreate(0, 0, 10, 10, 10, 5, 0, 0, qt::kTutorialKind);
  sessionDestroy(tutorial);
  const Handle quadtree = sessionCreate(0, 0, 10, 10, 10, 4, 0);
  EXPECT_NE(quadtree, tutorial);
  EXPECT_EQ(sessionCreate(0, 0, 20, 20, 4, 4, 0, 0, qt::kTutorialKind), tutorial);
  EXPECT_TRUE(std::holds_alternative<TutorialTree>(reinterpret_cast<Session*>(tutorial)->tree));
  EXPECT_EQ(sessionValidate(tutorial), 1);
  sessionDestroy(quadtree);
  sessionDestroy(tutorial);
  EXPECT_EQ(freeKeptSessions(), 2u);
#if QT_HAS_TS
  // A kept quadtree-ts session serves the next quadtree-ts tree, reset to its numbers (a skeleton
  // of minLevels 1 here), and no tree of another kind.
  const Handle ts = sessionCreateTs(0, 0, 10, 10, 10, 0, 4);
  ASSERT_EQ(sessionTsInsert(ts, 0, 0, 1, 1, 2, 2), 0);
  sessionDestroy(ts);
  const Handle other = sessionCreate(0, 0, 10, 10, 10, 4, 0);
  EXPECT_NE(other, ts);
  sessionDestroy(other);
  const Handle again = sessionCreateTs(5, 5, 20, 20, 3, 1, 4);
  EXPECT_EQ(again, ts);
  EXPECT_EQ(sessionContains(again, 0), 0);
  EXPECT_EQ(sessionValidate(again), 1);
  sessionStats(again);
  EXPECT_EQ(reinterpret_cast<Session*>(again)->reply.nodes, 5);
  sessionDestroy(again);
  freeKeptSessions();
#endif
  // And only so many in all.
  std::vector<Handle> many;
  for (int i = 0; i < 2000; ++i) many.push_back(sessionCreate(0, 0, 10, 10, 10, 4, 0));
  for (Handle h : many) sessionDestroy(h);
  const size_t keptCount = freeKeptSessions();
  EXPECT_GT(keptCount, 0u);
  EXPECT_LT(keptCount, many.size());
}

// Each call reaches the tree through the one dispatch point (tree_kinds.h): on a kind without the
// feature it needs, it answers kUnsupported and changes nothing.
TEST(Session, ACallTheTreesKindLacksAnswersUnsupportedAndChangesNothing) {
  Native quadtree(0, 0, 64, 64, 1, 4, 0);
  const Handle tutorial = sessionCreate(0, 0, 64, 64, 1, 4, 0, 0, qt::kTutorialKind);
  const Handle linear = sessionCreateLinear(0, 0, 64, 64, 3);
  for (const Handle h : {quadtree.h, tutorial, linear}) {
    stageBuffer.ids[0] = 1, stageBuffer.ids[1] = 2;
    for (int k = 0; k < 4; ++k) stageBuffer.rects[k] = 1 + k % 2, stageBuffer.rects[4 + k] = 40 + k % 2;
    ASSERT_EQ(sessionFlush(h, 2), 2);
  }
  const int32_t node = sessionChildren(quadtree.h, 0);
  ASSERT_GT(node, 0);
  // No nodes to address in a LinearQuadtree.
  EXPECT_EQ(sessionInsert(linear, 0, 3, 1, 1, 1, 1, qt::kShapeRect), kUnsupported);
  EXPECT_EQ(sessionRetrieve(linear, 0, 0, 0, 64, 64, true), kUnsupported);
  EXPECT_EQ(sessionLocate(linear, 0, 0, 0, 1, 1, true), kUnsupported);
  EXPECT_EQ(sessionAllObjects(linear, 0), kUnsupported);
  EXPECT_EQ(sessionNodeObjects(linear, 0), kUnsupported);
  EXPECT_EQ(sessionChildren(linear, 0), kUnsupported);
  EXPECT_EQ(sessionNodeGeom(linear, 0), kUnsupported);
  EXPECT_EQ(sessionClearNode(linear, 0), kUnsupported);
  // The leaf grid is the quadtree-js tree's; paths, pre-order and refresh(isAlive) the tutorial's.
  EXPECT_EQ(sessionLeafGrid(tutorial), kUnsupported);
  EXPECT_EQ(sessionLeafGrid(linear), kUnsupported);
  for (const Handle h : {quadtree.h, linear}) {
    EXPECT_EQ(sessionPathObjects(h, 0), kUnsupported);
    EXPECT_EQ(sessionPreorder(h, 0), kUnsupported);
    EXPECT_EQ(sessionRefreshTutorial(h, 0, 0, false), kUnsupported);
  }
  for (const Handle h : {quadtree.h, tutorial, linear}) {
    EXPECT_EQ(sessionContains(h, 1), 1);
    EXPECT_EQ(sessionContains(h, 3), 0);
    EXPECT_EQ(sessionSearch(h, 0, 0, 64, 64, qt::kShapeRect), 2);
    EXPECT_EQ(sessionValidate(h), 1);
  }
  EXPECT_EQ(quadtree.retrieve({0, 0, 64, 64}), (Ids{1, 2}));
#if QT_HAS_TS
  // A quadtree-ts tree holds shapes: no rect calls, no nodes; and its calls are its own. Its
  // exact queries are its session's index (in the cores with QT_TS_EXACT, as this build).
  const Handle ts = sessionCreateTs(0, 0, 64, 64, 1, 0, 4);
  ASSERT_NE(ts, 0u);
  ASSERT_EQ(sessionTsInsert(ts, 1, kShapeRect, 1, 1, 1, 1), 0);
  EXPECT_EQ(sessionFlush(ts, 2), kUnsupported);
  EXPECT_EQ(sessionRemove(ts, 1), kUnsupported);
  EXPECT_EQ(sessionUpdate(ts, 1, 2, 2, 1, 1, qt::kShapeRect), kUnsupported);
  EXPECT_EQ(sessionRefresh(ts, 0, false), kUnsupported);
  EXPECT_EQ(sessionSetRects(ts, 0, qt::kShapeRect), kUnsupported);
  EXPECT_EQ(sessionSearch(ts, 0, 0, 64, 64, qt::kShapeRect), 1);
  EXPECT_EQ(sessionCollides(ts, 0, 0, 64, 64, qt::kShapeRect), 1);
  EXPECT_EQ(sessionPairs(ts), 0);
  EXPECT_EQ(sessionRetrieve(ts, 0, 0, 0, 64, 64, true), kUnsupported);
  for (const Handle h : {quadtree.h, tutorial, linear}) {
    EXPECT_EQ(sessionTsInsert(h, 5, kShapeRect, 1, 1, 1, 1), kUnsupported);
    EXPECT_EQ(sessionTsRetrieve(h, kShapeRect, 0, 0, 64, 64), kUnsupported);
    EXPECT_EQ(sessionTsRemove(h, 1, 0), kUnsupported);
    EXPECT_EQ(sessionTsJoin(h), kUnsupported);
    EXPECT_EQ(sessionTsLists(h), kUnsupported);
    EXPECT_EQ(sessionContains(h, 5), 0);
  }
  EXPECT_EQ(sessionContains(ts, 1), 1);
  EXPECT_EQ(sessionValidate(ts), 1);
  sessionDestroy(ts);
#endif
  sessionDestroy(tutorial);
  sessionDestroy(linear);
}

#endif  // QT_HAS_RECTS

#if QT_HAS_TS
// The quadtree-ts calls as the facade makes them: a split asks for the current shapes of the
// objects not read during the call (results), the facade writes them into scratch and resumes;
// what left the tree is in the reply.
TEST(Session, AQuadtreeTsInsertAsksForTheShapesASplitNeedsAndReportsWhatLeft) {
  const Handle h = sessionCreateTs(0, 0, 100, 100, 1, 0, 4);
  const Reply& reply = *reinterpret_cast<const Reply*>(sessionReply(h));
  const Session& s = *reinterpret_cast<const Session*>(h);
  ASSERT_EQ(sessionTsInsert(h, 7, kShapeRect, 10, 10, 5, 5), 0);
  EXPECT_EQ(reply.lostCount, 0);
  // The second insert overflows the root: it wants object 7's shape now (7 has moved right).
  ASSERT_EQ(sessionTsInsert(h, 8, kShapeCircle, 20, 20, 0, 0), 1);  // (a circle of radius 0)
  EXPECT_EQ(s.reply.resultCount, 1);
  EXPECT_EQ(std::get<TsTree>(s.tree).wanted(), Ids{7});
  const Handle scratch = sessionScratch(h, 1);
  ASSERT_NE(scratch, 0u);
  double* r = reinterpret_cast<double*>(scratch);
  r[0] = 70, r[1] = 10, r[2] = 5, r[3] = 5;
  reinterpret_cast<Session*>(h)->scratchIds[0] = kShapeRect;
  ASSERT_EQ(sessionTsResume(h, 1), 0);
  // The circle of radius 0 meets no quadrant: it left the tree at the split.
  EXPECT_EQ(reply.lostCount, 1);
  EXPECT_EQ(sessionContains(h, 8), 0);
  ASSERT_EQ(sessionTsRetrieve(h, kShapeRect, 60, 0, 40, 40), 1);
  EXPECT_EQ(s.results, Ids{7});  // placed by the shape it had at the split
  ASSERT_EQ(sessionTsRetrieve(h, kShapeRect, 0, 0, 40, 40), 0);
  EXPECT_EQ(sessionTsRemove(h, 7, 0), 0);  // the root had split: false, as quadtree-ts says
  EXPECT_EQ(reply.lostCount, 1);
  EXPECT_EQ(sessionContains(h, 7), 0);
  EXPECT_EQ(sessionValidate(h), 1);
  sessionDestroy(h);
}

// The facade hands a young quadtree-ts tree's session to the next one (js/src/common/young.js):
// sessionCreateTs with it as `reuse` makes it as good as new with the next tree's numbers, however
// big it grew; a session of another kind is refused.
TEST(Session, CreateTsReusingASessionMakesItNewWithOtherNumbers) {
  // Inserts rect i of `count`, each at its place, answering the shapes a split asks for.
  const auto fill = [](Handle h, int count, double side) {
    const Session& s = *reinterpret_cast<const Session*>(h);
    const auto place = [&](int32_t i, double* r) {
      r[0] = std::fmod(i * 7.3, side - 2), r[1] = std::fmod(i * 11.9, side - 2), r[2] = 2, r[3] = 2;
    };
    for (int32_t i = 0; i < count; ++i) {
      double r[4];
      place(i, r);
      int32_t step = sessionTsInsert(h, i, kShapeRect, r[0], r[1], r[2], r[3]);
      while (step > 0) {
        double* out = reinterpret_cast<double*>(sessionScratch(h, step));
        for (int32_t k = 0; k < step; ++k) {
          place(std::get<TsTree>(s.tree).wanted()[size_t(k)], out + 4 * k);
          reinterpret_cast<Session*>(h)->scratchIds[size_t(k)] = kShapeRect;
        }
        step = sessionTsResume(h, step);
      }
      ASSERT_EQ(step, 0);
    }
  };
  const Handle a = sessionCreateTs(0, 0, 64, 64, 1, 0, 6);
  fill(a, 300, 64);
  const Handle b = sessionCreateTs(5, 5, 40, 40, 3, 1, 4, a);
  ASSERT_EQ(b, a);
  EXPECT_EQ(sessionContains(b, 0), 0);
  const Handle fresh = sessionCreateTs(5, 5, 40, 40, 3, 1, 4);
  for (const Handle h : {b, fresh}) fill(h, 60, 40);
  EXPECT_EQ(sessionValidate(b), 1);
  const Session& sb = *reinterpret_cast<const Session*>(b);
  const Session& sf = *reinterpret_cast<const Session*>(fresh);
  for (int k = 0; k < 20; ++k) {
    const double x = 5 + k * 1.7, y = 40 - k * 1.3;
    ASSERT_EQ(sessionTsRetrieve(b, kShapeRect, x, y, 6, 6), sessionTsRetrieve(fresh, kShapeRect, x, y, 6, 6));
    EXPECT_EQ(sb.results, sf.results);
  }
  sessionStats(b);
  sessionStats(fresh);
  EXPECT_EQ(sb.reply.nodes, sf.reply.nodes);
  EXPECT_EQ(sb.reply.references, sf.reply.references);
#if QT_HAS_RECTS
  const Handle rects = sessionCreate(0, 0, 10, 10, 10, 4, 0);
  EXPECT_EQ(sessionCreateTs(0, 0, 10, 10, 10, 0, 4, rects), 0u);
  EXPECT_EQ(sessionValidate(rects), 1);
  sessionDestroy(rects);
#endif
  sessionDestroy(b);
  sessionDestroy(fresh);
  freeKeptSessions();
}

// Its exact queries: the session's index in the cores that answer them (QT_TS_EXACT: quadtree-ts-plus's
// and the all-kinds build), kUnsupported in quadtree-ts's own core, which changes nothing.
TEST(Session, AQuadtreeTsSessionAnswersExactQueriesOnlyInTheCoresWithTheIndex) {
  const Handle h = sessionCreateTs(0, 0, 64, 64, 10, 0, 4);
  ASSERT_EQ(sessionTsInsert(h, 1, kShapeRect, 1, 1, 1, 1), 0);
  ASSERT_EQ(sessionTsInsert(h, 2, kShapeCircle, 3, 3, 2, 0), 0);
  const bool exact = QT_TS_EXACT;
  EXPECT_EQ(sessionSearch(h, 0, 0, 64, 64, kShapeRect), exact ? 2 : kUnsupported);
  EXPECT_EQ(sessionCollides(h, 0, 0, 64, 64, kShapeRect), exact ? 1 : kUnsupported);
  EXPECT_EQ(sessionPairs(h), exact ? 1 : kUnsupported);
  EXPECT_EQ(sessionContains(h, 1), 1);
  EXPECT_EQ(sessionContains(h, 2), 1);
  EXPECT_EQ(sessionValidate(h), 1);
  sessionDestroy(h);
}
#endif  // QT_HAS_TS

#if QT_HAS_LINEAR
// createLinear with kAutoDepth: the exact queries find the depth fitted to the objects first.
TEST(Session, ALinearSessionOfAutoDepthFitsItToItsObjectsBeforeItsQueries) {
  const Handle h = sessionCreateLinear(0, 0, 4000, 4000, kAutoDepth);
  const LinearQuadtree& tree = std::get<LinearQuadtree>(reinterpret_cast<Session*>(h)->tree);
  EXPECT_EQ(tree.depth(), LinearQuadtree::unfittedDepth());
  for (int32_t i = 0; i < kStageCapacity; ++i) {  // a grid of 11 px squares, 2 px apart in x
    stageBuffer.ids[i] = i;
    double* r = stageBuffer.rects + 4 * i;
    r[0] = 13.0 * (i % 64), r[1] = 40.0 * (i / 64), r[2] = 11, r[3] = 11;
  }
  ASSERT_EQ(sessionFlush(h, kStageCapacity), kStageCapacity);
  EXPECT_EQ(sessionSearch(h, 0, 0, 20, 20, qt::kShapeRect), 2);  // (0, 0) and (13, 0)
  EXPECT_EQ(tree.depth(), 6);  // cells of 62 px (11 px: level 7, kept to 8 cells an object)
  EXPECT_EQ(sessionPairs(h), 0);
  EXPECT_EQ(sessionUpdate(h, 1, 5, 5, 11, 11, qt::kShapeRect), 1);
  EXPECT_EQ(sessionPairs(h), 1);  // 1 now overlaps 0
  EXPECT_EQ(sessionValidate(h), 1);
  sessionDestroy(h);
}

#endif  // QT_HAS_LINEAR

#if QT_HAS_RECTS
TEST(Session, StagedBatchesMatchTheModelOverSeededRandomScenarios) {
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    qttest::Scenario sc(seed + 70000);
    const qttest::Params p = sc.params();
    const auto objects = sc.objects(p, sc.integer(0, 300));
    Native s(p.bounds.x, p.bounds.y, p.bounds.w, p.bounds.h, p.maxObjects, p.maxLevels, p.level);
    oracle::Quadtree model(p.bounds, p.maxObjects, p.maxLevels, p.level);
    size_t i = 0;
    while (i < objects.size()) {  // batches of random size, as the facade flushes before queries
      const int32_t batch = std::min<int32_t>(sc.integer(1, 80), int32_t(objects.size() - i));
      for (int32_t k = 0; k < batch; ++k, ++i) {
        s.stage(k, objects[i].id, objects[i].rect);
        model.insert(objects[i]);
      }
      sessionFlush(s.h, batch);
      ASSERT_TRUE(sessionValidate(s.h)) << "seed " << seed;
      const Rect q = sc.rect(p.bounds, p.maxLevels);
      ASSERT_EQ(s.retrieve(q), model.retrieve(q)) << "seed " << seed << " " << qttest::show(q);
    }
    ASSERT_TRUE(qttest::SameTree(s.tree(), model)) << "seed " << seed;
  }
}

#endif  // QT_HAS_RECTS

}  // namespace

namespace {

#if QT_HAS_RECTS

TEST(Session, TheReplyPointsAtTheTreesVersionWhichEveryChangeMovesAndNoQuery) {
  Native s(0, 0, 100, 100, 4, 4, 0);
  const Quadtree& tree = s.tree();
  EXPECT_EQ(uint32_t(s.reply.version), uint32_t(reinterpret_cast<uintptr_t>(tree.versionAt())));
  uint32_t last = tree.version();
  auto moved = [&] {
    const bool yes = tree.version() != last;
    last = tree.version();
    return yes;
  };
  s.stage(0, 0, {10, 10, 5, 5});
  sessionFlush(s.h, 1);
  EXPECT_TRUE(moved());
  sessionRetrieve(s.h, 0, 0, 0, 100, 100, true);
  sessionSearch(s.h, 0, 0, 100, 100, qt::kShapeRect);
  sessionPairs(s.h);
  sessionStats(s.h);
  EXPECT_FALSE(moved());
  sessionUpdate(s.h, 0, 60, 60, 5, 5, qt::kShapeRect);  // waits to be re-placed: retrieve's answers may change
  EXPECT_TRUE(moved());
  EXPECT_FALSE(tree.settled());
  EXPECT_EQ(sessionSearch(s.h, 59, 59, 2, 2, qt::kShapeRect), 1);  // the exact index has its new rect at once
  EXPECT_EQ(sessionSearch(s.h, 9, 9, 2, 2, qt::kShapeRect), 0);
  EXPECT_FALSE(tree.settled());  // exact queries leave the leaves alone
  EXPECT_FALSE(moved());
  sessionRetrieve(s.h, 0, 0, 0, 100, 100, true);  // re-placed: in its one leaf, nothing changes
  EXPECT_TRUE(tree.settled());
  EXPECT_FALSE(moved());
  sessionInsert(s.h, 0, 1, 20, 20, 5, 5, qt::kShapeRect);
  EXPECT_TRUE(moved());
  sessionRemove(s.h, 1);
  EXPECT_TRUE(moved());
  sessionRemove(s.h, 1);  // absent: nothing changed
  EXPECT_FALSE(moved());
  sessionClear(s.h);
  EXPECT_TRUE(moved());
  const Handle linear = sessionCreateLinear(0, 0, 100, 100, 4);
  const auto& lr = *reinterpret_cast<const Reply*>(sessionReply(linear));
  EXPECT_EQ(uint32_t(lr.version),
            uint32_t(reinterpret_cast<uintptr_t>(std::get<LinearQuadtree>(reinterpret_cast<Session*>(linear)->tree).versionAt())));
  sessionDestroy(linear);
}

TEST(Session, ValidateCatchesAChangeThatBypassedTheSessionsFunnel) {
  Native s(0, 0, 100, 100, 4, 4, 0);
  for (int i = 0; i < 20; ++i) s.stage(i, i, {i * 4.0, i * 4.0, 6, 6});
  sessionFlush(s.h, 20);
  EXPECT_GT(sessionPairs(s.h), 0);
  EXPECT_EQ(sessionValidate(s.h), 1);
  // Straight into the tree: the pair cache was not told, so its kept pairs are now stale.
  std::get<Quadtree>(reinterpret_cast<Session*>(s.h)->tree).insert(0, 50, {1, 1, 90, 90});
  EXPECT_EQ(sessionValidate(s.h), 0);
  // Through the funnel, the same change leaves everything consistent.
  Native t(0, 0, 100, 100, 4, 4, 0);
  for (int i = 0; i < 20; ++i) t.stage(i, i, {i * 4.0, i * 4.0, 6, 6});
  sessionFlush(t.h, 20);
  sessionPairs(t.h);
  sessionInsert(t.h, 0, 50, 1, 1, 90, 90, qt::kShapeRect);
  EXPECT_EQ(sessionValidate(t.h), 1);
}

TEST(Session, ChildMaskIsTheGeometrysRule) {
  // A rect on the vertical midline of (0, 0, 100, 100), in the north: children 0 and 1.
  EXPECT_EQ(sessionChildMask(0, 0, 100, 100, 50, 10, 0, 5), 0b0011);
  EXPECT_EQ(sessionChildMask(0, 0, 100, 100, 60, 60, 5, 5), 0b1000);
  EXPECT_EQ(sessionChildMask(0, 0, 100, 100, 10, 10, 80, 80), 0b1111);
}

// A tutorial session (sessionCreate with `tutorial`): the shared calls serve it through the same names.
struct Tutorial {
  Handle h;
  Session& s;
  Tutorial(double x, double y, double w, double hgt, double maxObjects, double maxLevels, double level)
      : h(sessionCreate(x, y, w, hgt, maxObjects, maxLevels, level, 0, qt::kTutorialKind)), s(*reinterpret_cast<Session*>(h)) {}
  ~Tutorial() { sessionDestroy(h); }
  Tutorial(const Tutorial&) = delete;
  Tutorial& operator=(const Tutorial&) = delete;
  void flush(const std::vector<std::pair<int32_t, Rect>>& objects) {
    for (size_t i = 0; i < objects.size(); ++i) {
      stageBuffer.ids[i] = objects[i].first;
      const Rect& r = objects[i].second;
      double* at = stageBuffer.rects + 4 * i;
      at[0] = r.x, at[1] = r.y, at[2] = r.w, at[3] = r.h;
    }
    EXPECT_EQ(sessionFlush(h, int32_t(objects.size())), int32_t(objects.size()));
  }
  Ids results() const { return Ids(s.results.begin(), s.results.end()); }
  TutorialTree& tree() { return std::get<TutorialTree>(s.tree); }
};

TEST(Session, ATutorialSessionStoresEachInsertOnceAndRetrieveIsThePath) {
  Tutorial t(0, 0, 100, 100, 1, 5, 0);
  ASSERT_NE(t.h, 0u);
  EXPECT_TRUE(std::holds_alternative<TutorialTree>(t.s.tree));  // and no other tree
  t.flush({{7, {50, 10, 1, 1}}, {1, {10, 10, 1, 1}}, {2, {80, 80, 1, 1}}, {1, {10, 10, 1, 1}}});
  EXPECT_EQ(sessionRetrieve(t.h, 0, 10, 10, 1, 1, true), 3);
  EXPECT_EQ(t.results(), (Ids{1, 1, 7}));  // deepest first, no de-duplication
  EXPECT_EQ(sessionAllObjects(t.h, 0), 4);
  EXPECT_EQ(t.results(), (Ids{1, 1, 2, 7}));
  EXPECT_EQ(sessionPreorder(t.h, 0), 4);
  EXPECT_EQ(t.results(), (Ids{7, 1, 1, 2}));
  EXPECT_EQ(sessionNodeObjects(t.h, 0), 1);
  EXPECT_EQ(t.results(), (Ids{7}));
  const int32_t c = sessionChildren(t.h, 0);
  ASSERT_GT(c, 0);
  sessionNodeGeom(t.h, c + 3);
  EXPECT_EQ(t.s.reply.nodeX, 50);
  EXPECT_EQ(t.s.reply.nodeWidth, 50);
  EXPECT_EQ(t.s.reply.nodeLevel, 1);
  EXPECT_EQ(sessionContains(t.h, 2), 1);
  EXPECT_EQ(sessionRemove(t.h, 1), 1);
  EXPECT_EQ(sessionPreorder(t.h, 0), 3);
  EXPECT_EQ(sessionInsert(t.h, c + 1, 9, 60, 60, 1, 1, qt::kShapeRect), 0);  // from a subnode: stays in its subtree
  EXPECT_EQ(sessionAllObjects(t.h, c + 1), 2);
  sessionStats(t.h);
  EXPECT_EQ(t.s.reply.objects, 4);
  EXPECT_EQ(t.s.reply.references, 4);
  EXPECT_EQ(sessionNodeWalk(t.h), t.s.reply.nodes);  // the two 1s split child 1 down to level 5
  EXPECT_EQ(sessionValidate(t.h), 1);
  sessionClearNode(t.h, c + 1);
  EXPECT_EQ(sessionContains(t.h, 9), 0);
  sessionClear(t.h);
  EXPECT_EQ(sessionPreorder(t.h, 0), 0);
  EXPECT_EQ(sessionValidate(t.h), 1);
}

// A young tutorial tree's session handed to the next one (js/src/main/seed.js): sessionCreate with it as
// `reuse` makes it as good as new with the next tree's numbers, whatever it held.
TEST(Session, CreateReusingATutorialSessionMakesItNewWithOtherNumbers) {
  Tutorial a(0, 0, 64, 64, 1, 8, 0);
  std::vector<std::pair<int32_t, Rect>> first;
  for (int i = 0; i < 300; ++i) first.push_back({i, {i * 0.2, i * 0.2, 2, 2}});
  a.flush(first);
  EXPECT_GE(sessionPairs(a.h), 0);  // makes the exact index and fills the pair cache
  ASSERT_GT(sessionChildren(a.h, 0), 0);
  // Twice, with numbers that only shape the tree when they are the new ones: a depth that stops
  // splits, then a capacity that leaves the root whole.
  for (const auto& [maxObjects, maxLevels, count] : {std::tuple{10, 2, 300}, std::tuple{40, 8, 30}}) {
    EXPECT_EQ(sessionCreate(kBounds.x, kBounds.y, kBounds.w, kBounds.h, maxObjects, maxLevels, 1, a.h, qt::kTutorialKind), a.h);
    EXPECT_EQ(a.s.reply.results, 0);
    EXPECT_EQ(uint32_t(a.s.reply.version), uint32_t(reinterpret_cast<uintptr_t>(a.tree().versionAt())));
    EXPECT_EQ(sessionValidate(a.h), 1);
    EXPECT_EQ(sessionChildren(a.h, 0), -1);
    EXPECT_EQ(sessionAllObjects(a.h, 0), 0);
    sessionNodeGeom(a.h, 0);
    EXPECT_EQ(a.s.reply.nodeX, kBounds.x);
    EXPECT_EQ(a.s.reply.nodeWidth, kBounds.w);
    EXPECT_EQ(a.s.reply.nodeLevel, 1);
    // The same inserts and queries as on a session made anew.
    Tutorial fresh(kBounds.x, kBounds.y, kBounds.w, kBounds.h, maxObjects, maxLevels, 1);
    qttest::Scenario sc(7071);
    const qttest::Params p{kBounds, double(maxObjects), double(maxLevels), 1};
    std::vector<std::pair<int32_t, Rect>> objects;
    for (const auto& o : sc.objects(p, count)) objects.push_back({o.id, o.rect});
    a.flush(objects);
    fresh.flush(objects);
    EXPECT_EQ(sessionValidate(a.h), 1);
    EXPECT_EQ(sessionChildren(a.h, 0) > 0, sessionChildren(fresh.h, 0) > 0);
    EXPECT_EQ(sessionPreorder(a.h, 0), sessionPreorder(fresh.h, 0));
    EXPECT_EQ(a.results(), fresh.results());
    for (int k = 0; k < 50; ++k) {
      const Rect q = sc.rect(p.bounds, p.maxLevels);
      EXPECT_EQ(sessionRetrieve(a.h, 0, q.x, q.y, q.w, q.h, false), sessionRetrieve(fresh.h, 0, q.x, q.y, q.w, q.h, false));
      EXPECT_EQ(a.results(), fresh.results());
    }
    EXPECT_EQ(sessionPairs(a.h), sessionPairs(fresh.h));
  }
}

TEST(Session, TutorialIndexIsTheGeometrysRule) {
  EXPECT_EQ(sessionTutorialIndex(0, 0, 100, 100, 10, 10, 5, 5), 1);
  EXPECT_EQ(sessionTutorialIndex(0, 0, 100, 100, 45, 10, 5, 5), -1);  // ends on the midline
  EXPECT_EQ(sessionTutorialIndex(0, 0, 100, 100, 60, 60, 500, 500), 3);
  EXPECT_EQ(sessionTutorialIndex(0, 0, 100, 100, 60, 10, 5, 5), 0);
  EXPECT_EQ(sessionTutorialIndex(0, 0, 100, 100, 10, 60, 5, 5), 2);
}

TEST(Session, RefreshTutorialMovesChangedObjectsAndDropsDeadPositions) {
  Tutorial t(0, 0, 100, 100, 1, 5, 0);
  t.flush({{0, {10, 10, 1, 1}}, {1, {80, 10, 1, 1}}, {2, {10, 80, 1, 1}}, {3, {80, 80, 1, 1}}});
  EXPECT_EQ(sessionPreorder(t.h, 0), 4);
  EXPECT_EQ(t.results(), (Ids{1, 0, 2, 3}));
  EXPECT_EQ(sessionPairs(t.h), 0);
  // Object 0 moves onto object 3; position 2 (object 2) is dead.
  ASSERT_NE(sessionScratch(t.h, 2), 0u);
  t.s.scratchIds[0] = 0;
  t.s.scratchIds[1] = 2;
  const double r[] = {80.5, 80.5, 1, 1};
  std::copy(r, r + 4, t.s.scratch.begin());
  EXPECT_EQ(sessionRefreshTutorial(t.h, 1, 1, false), 1);
  EXPECT_EQ(sessionContains(t.h, 2), 0);
  EXPECT_EQ(sessionPreorder(t.h, 0), 3);
  EXPECT_EQ(t.results(), (Ids{1, 3, 0}));
  EXPECT_EQ(sessionPairs(t.h), 1);  // the pair cache heard of the move
  EXPECT_EQ(t.results(), (Ids{0, 3}));
  EXPECT_EQ(sessionSearch(t.h, 0, 0, 100, 100, qt::kShapeRect), 3);
  EXPECT_EQ(sessionCollides(t.h, 80.9, 80.9, 1, 1, qt::kShapeRect), 1);
  EXPECT_EQ(sessionUpdate(t.h, 3, 5, 5, 1, 1, qt::kShapeRect), 1);  // to another node
  EXPECT_EQ(sessionPairs(t.h), 0);
  EXPECT_EQ(sessionValidate(t.h), 1);
}

TEST(Session, TutorialSessionsKeepTheVersionInTheReplyAndRefuseWithoutRoom) {
  Tutorial t(0, 0, 100, 100, 2, 5, 0);
  const uint32_t* v = t.tree().versionAt();
  EXPECT_EQ(uint32_t(t.s.reply.version), uint32_t(reinterpret_cast<uintptr_t>(v)));
  const uint32_t before = *v;
  t.flush({{0, {1, 1, 1, 1}}});
  EXPECT_NE(*v, before);
  qt::setHeapBudgetForTests(0);
  EXPECT_EQ(sessionCreate(0, 0, 1, 1, 1, 1, 0, 0, qt::kTutorialKind), 0u);
  EXPECT_EQ(sessionInsert(t.h, 0, 1000, 1, 1, 1, 1, qt::kShapeRect), kNoMemory);
  qt::setHeapBudgetForTests(SIZE_MAX);
  EXPECT_EQ(sessionContains(t.h, 1000), 0);
  EXPECT_EQ(sessionValidate(t.h), 1);
}

#endif  // QT_HAS_RECTS

}  // namespace
