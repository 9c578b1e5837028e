// Circles and lines as objects: a LinearQuadtree's exact queries, pairs(), nearest() and raycast()
// over scenes of every shape mix against brute force (each pair by shapesOverlap(), whose rules
// shape_overlap_test.cpp holds to exact fractions), through moves that change an object's kind;
// then the same through the boundary for every kind of session (the compat trees keep the shapes
// in their session and hold each by its bounding rect).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "session/boundary.h"
#include "linear/linear_quadtree.h"
#include "session/session.h"

namespace {

using qt::LinearQuadtree;
using qt::Rect;
using qt::Shape;

// Integer coordinates, so that shapes often touch exactly (tangent circles, lines along edges,
// shared ends), with points of every kind among them.
Shape randomShape(std::mt19937& rng, double side) {
  std::uniform_int_distribution<int> at(0, int(side)), size(0, 12), kind(0, 2), odd(0, 9);
  const double x = at(rng), y = at(rng);
  switch (kind(rng)) {
    case qt::kShapeRect: return {x, y, double(odd(rng) == 0 ? -size(rng) : size(rng)), double(size(rng)), qt::kShapeRect};
    case qt::kShapeCircle: return {x, y, double(size(rng)) / 2, 0, qt::kShapeCircle};
    default: return {x, y, x + size(rng) - 6, y + size(rng) - 6, qt::kShapeLine};
  }
}

struct Scene {
  std::vector<Shape> shapes;  // by id
  std::vector<char> present;

  std::vector<int32_t> overlapping(const Shape& q) const {
    std::vector<int32_t> ids;
    for (size_t id = 0; id < shapes.size(); ++id)
      if (present[id] && qt::shapesOverlap(q, shapes[id])) ids.push_back(int32_t(id));
    return ids;
  }
  std::vector<std::pair<int32_t, int32_t>> pairs() const {
    std::vector<std::pair<int32_t, int32_t>> out;
    for (size_t a = 0; a < shapes.size(); ++a)
      for (size_t b = a + 1; b < shapes.size(); ++b)
        if (present[a] && present[b] && qt::shapesOverlap(shapes[a], shapes[b])) out.push_back({int32_t(a), int32_t(b)});
    return out;
  }
  // Every present shape's distance from (px, py), nearest first.
  std::vector<double> distances(double px, double py) const {
    std::vector<double> all;
    for (size_t id = 0; id < shapes.size(); ++id)
      if (present[id]) all.push_back(qt::shapeDistance(shapes[id], px, py));
    std::sort(all.begin(), all.end());
    return all;
  }
  // Where the ray first enters a present shape (kInf if none).
  double firstEntry(double px, double py, double ux, double uy) const {
    double first = qt::shape_detail::kInf;
    for (size_t id = 0; id < shapes.size(); ++id)
      if (present[id]) first = std::min(first, qt::rayEntry(shapes[id], px, py, ux, uy));
    return first;
  }
};

std::vector<std::pair<int32_t, int32_t>> sortedPairs(const std::vector<int32_t>& flat) {
  std::vector<std::pair<int32_t, int32_t>> out;
  for (size_t i = 0; i + 1 < flat.size(); i += 2) out.push_back({std::min(flat[i], flat[i + 1]), std::max(flat[i], flat[i + 1])});
  std::sort(out.begin(), out.end());
  return out;
}

bool near(double a, double b) { return a == b || std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); }

// Every query of the tree against the scene.
void expectAnswers(const LinearQuadtree& tree, LinearQuadtree& pairsTree, const Scene& scene, std::mt19937& rng, double side) {
  for (int q = 0; q < 60; ++q) {
    const Shape query = randomShape(rng, side);
    std::vector<int32_t> got;
    tree.searchShape(query, got);
    std::sort(got.begin(), got.end());
    const std::vector<int32_t> want = scene.overlapping(query);
    ASSERT_EQ(got, want) << "query kind " << query.kind << " at " << query.a << ", " << query.b;
    ASSERT_EQ(tree.collidesShape(query), !want.empty());
    if (query.kind == qt::kShapeRect) {
      got.clear();
      tree.search(Rect{query.a, query.b, query.c, query.d}, got);
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, want);
    }
  }
  std::vector<int32_t> flat;
  pairsTree.pairs(flat);
  ASSERT_EQ(sortedPairs(flat), scene.pairs());

  std::uniform_real_distribution<double> at(-10, side + 10);
  for (int q = 0; q < 40; ++q) {
    const double px = at(rng), py = at(rng);
    const std::vector<double> all = scene.distances(px, py);
    std::vector<int32_t> got;
    const int32_t k = q % 2 ? 1 : 7;
    ASSERT_TRUE(tree.nearest(px, py, k, qt::shape_detail::kInf, got));
    ASSERT_EQ(got.size(), std::min(size_t(k), all.size()));
    for (size_t i = 0; i < got.size(); ++i) ASSERT_TRUE(near(qt::shapeDistance(scene.shapes[got[i]], px, py), all[i]));

    const double angle = at(rng);
    const double ux = std::cos(angle), uy = std::sin(angle);
    const double first = scene.firstEntry(px, py, ux, uy);
    int32_t id = -2;
    double distance = -1;
    ASSERT_TRUE(tree.raycast(px, py, ux, uy, qt::shape_detail::kInf, id, distance));
    if (first == qt::shape_detail::kInf) {
      ASSERT_EQ(id, -1);
    } else {
      ASSERT_GE(id, 0);
      ASSERT_TRUE(near(distance, first)) << distance << " vs " << first;
      ASSERT_TRUE(near(qt::rayEntry(scene.shapes[id], px, py, ux, uy), first));
    }
  }
}

void place(LinearQuadtree& tree, int32_t id, const Shape& s) {
  if (s.kind == qt::kShapeRect) tree.update(id, Rect{s.a, s.b, s.c, s.d});
  else tree.updateShape(id, s);
}

TEST(ShapeObjects, LinearQuadtreeAnswersAsBruteForceThroughMovesAndKindChanges) {
  for (const int32_t depth : {qt::kAutoDepth, 2, 5}) {
    std::mt19937 rng(uint32_t(41 + depth));
    const double side = 200;
    LinearQuadtree tree({0, 0, side, side}, depth);
    if (depth == qt::kAutoDepth) tree.fitDepth();
    Scene scene;
    for (int32_t id = 0; id < 300; ++id) {
      scene.shapes.push_back(randomShape(rng, side));
      scene.present.push_back(1);
      place(tree, id, scene.shapes.back());
    }
    std::string why;
    ASSERT_TRUE(tree.validate(&why)) << why;
    tree.fit();
    expectAnswers(tree, tree, scene, rng, side);
    for (int round = 0; round < 3; ++round) {
      std::uniform_int_distribution<int32_t> pick(0, 299);
      for (int m = 0; m < 120; ++m) {  // moves, many of them into another kind
        const int32_t id = pick(rng);
        scene.shapes[id] = randomShape(rng, side);
        scene.present[id] = 1;
        place(tree, id, scene.shapes[id]);
      }
      for (int m = 0; m < 20; ++m) {
        const int32_t id = pick(rng);
        scene.present[id] = 0;
        tree.remove(id);
      }
      ASSERT_TRUE(tree.validate(&why)) << why;
      tree.fit();
      expectAnswers(tree, tree, scene, rng, side);
    }
  }
}

TEST(ShapeObjects, ARectAmongShapesIsTheBoxBetweenItsCornersButRectsStillMeetByTheRectRule) {
  LinearQuadtree tree({0, 0, 100, 100}, 4);
  tree.update(0, Rect{20, 20, -10, -10});  // the box 10..20
  tree.update(1, Rect{15, 15, 2, 2});
  std::vector<int32_t> out;
  tree.pairs(out);
  EXPECT_TRUE(out.empty());  // overlaps(): a rect of negative size meets no rect
  tree.updateShape(2, Shape{15, 15, 1, 0, qt::kShapeCircle});
  out.clear();
  tree.pairs(out);
  EXPECT_EQ(sortedPairs(out), (std::vector<std::pair<int32_t, int32_t>>{{0, 2}, {1, 2}}));
  out.clear();
  tree.search(Rect{20, 20, -10, -10}, out);  // a rect query: the rect rule with rects, the box with the circle
  EXPECT_EQ(out, std::vector<int32_t>{2});
  // A circle that became a rect again is a rect: its entry no longer says circle.
  tree.update(2, Rect{15, 15, 1, 1});
  EXPECT_EQ(tree.shapeOf(2).kind, qt::kShapeRect);
  out.clear();
  tree.pairs(out);
  EXPECT_EQ(sortedPairs(out), (std::vector<std::pair<int32_t, int32_t>>{{1, 2}}));
}

// The sessions: inserts staged with their kinds, refresh() with kinds, setRects() of circles, and
// the exact queries of each kind of tree against the same brute force.
struct SessionOf {
  qt::Handle h;
  explicit SessionOf(qt::Handle handle) : h(handle) {}
  ~SessionOf() { qt::sessionDestroy(h); }
  qt::Session& session() const { return *reinterpret_cast<qt::Session*>(h); }
};

std::vector<int32_t> results(const qt::Session& s, int32_t n) {
  std::vector<int32_t> out(s.answer, s.answer + std::max(n, 0));
  std::sort(out.begin(), out.end());
  return out;
}

void expectSession(const SessionOf& t, const Scene& scene, std::mt19937& rng, double side) {
  for (int q = 0; q < 40; ++q) {
    const Shape query = randomShape(rng, side);
    const int32_t n = qt::sessionSearch(t.h, query.a, query.b, query.c, query.d, query.kind);
    ASSERT_EQ(results(t.session(), n), scene.overlapping(query));
    ASSERT_EQ(qt::sessionCollides(t.h, query.a, query.b, query.c, query.d, query.kind), scene.overlapping(query).empty() ? 0 : 1);
  }
  const int32_t pairs = qt::sessionPairs(t.h);
  ASSERT_GE(pairs, 0);
  ASSERT_EQ(sortedPairs(t.session().results), scene.pairs());
  ASSERT_EQ(qt::sessionValidate(t.h), 1);
}

#if QT_HAS_RECTS
TEST(ShapeObjects, EverySessionKindAnswersAsBruteForceThroughRefreshAndSetRects) {
  const double side = 256;
  for (int kind = 0; kind < 3; ++kind) {
    std::mt19937 rng(uint32_t(7 + kind));
    SessionOf t(kind == 2 ? qt::sessionCreateLinear(0, 0, side, side, qt::kAutoDepth)
                          : qt::sessionCreate(0, 0, side, side, 8, 6, 0, 0, kind));
    Scene scene;
    qt::StageBuffer& b = qt::stageBuffer;
    for (int32_t id = 0; id < 400; ++id) {
      const Shape s = randomShape(rng, side);
      scene.shapes.push_back(s);
      scene.present.push_back(1);
      double* r = b.rects + 4 * id;
      r[0] = s.a, r[1] = s.b, r[2] = s.c, r[3] = s.d;
      b.ids[id] = id;
      b.kinds[id] = s.kind;
    }
    ASSERT_EQ(qt::sessionFlush(t.h, 400), 400);
    expectSession(t, scene, rng, side);
    for (int round = 0; round < 3; ++round) {  // refresh() of some objects, many into another kind
      std::uniform_int_distribution<int32_t> pick(0, 399);
      const int32_t moves = round == 1 ? 300 : 60;  // most of them: the exact index falls behind
      ASSERT_NE(qt::sessionScratch(t.h, moves), 0);
      qt::Session& s = t.session();
      for (int32_t i = 0; i < moves; ++i) {
        const int32_t id = pick(rng);
        scene.shapes[id] = randomShape(rng, side);
        const Shape& n = scene.shapes[id];
        double* r = s.scratch.data() + 4 * i;
        r[0] = n.a, r[1] = n.b, r[2] = n.c, r[3] = n.d;
        s.scratchIds[i] = id;
        s.scratchKinds[i] = n.kind;
      }
      ASSERT_GE(kind == 1 ? qt::sessionRefreshTutorial(t.h, moves, 0, true) : qt::sessionRefresh(t.h, moves, true), 0);
      expectSession(t, scene, rng, side);
    }
    ASSERT_NE(qt::sessionScratch(t.h, 2), 0);  // setRects() of circles: ids 0 and 1
    qt::Session& s = t.session();
    for (int32_t i = 0; i < 2; ++i) {
      scene.shapes[i] = Shape{double(10 * i), 5, 6, 0, qt::kShapeCircle};
      double* r = s.scratch.data() + 4 * i;
      r[0] = scene.shapes[i].a, r[1] = scene.shapes[i].b, r[2] = scene.shapes[i].c, r[3] = 0;
      s.scratchIds[i] = i;
    }
    ASSERT_EQ(qt::sessionSetRects(t.h, 2, qt::kShapeCircle), 2);
    expectSession(t, scene, rng, side);
    ASSERT_EQ(qt::sessionUpdate(t.h, 0, 1, 2, 3, 4, qt::kShapeLine), 1);
    scene.shapes[0] = Shape{1, 2, 3, 4, qt::kShapeLine};
    expectSession(t, scene, rng, side);
  }
}

#endif  // QT_HAS_RECTS
#if QT_HAS_TS && QT_TS_EXACT
// A quadtree-ts tree's exact queries (the cores with QT_TS_EXACT): its session's index follows
// every change through the funnel: inserts (with the shapes a split re-reads, which the program
// may have moved in place), objects lost at a split or removed (a duplicate stays), clear(). The
// queries see each object the tree holds at the shape it last read, unless the exact geometry
// cannot place it (a NaN, an infinity, a negative radius: placeable()).
TEST(ShapeObjects, AQuadtreeTsSessionsExactQueriesFollowItsObjectsAsTheTreeLastReadThem) {
  const double side = 256;
  std::mt19937 rng(91);
  SessionOf t(qt::sessionCreateTs(0, 0, side, side, 4, 0, 5));
  ASSERT_NE(t.h, 0u);
  const qt::Reply& reply = *reinterpret_cast<const qt::Reply*>(qt::sessionReply(t.h));
  const qt::TsTree& tree = *std::get_if<qt::TsTree>(&t.session().tree);
  std::vector<Shape> now(300);  // each object as the program has it now (moved in place too)
  Scene scene;                  // as the tree last read it
  scene.shapes.resize(300);
  scene.present.assign(300, 0);
  auto seen = [&] {  // what the exact queries must see of the tree's objects
    for (int32_t id = 0; id < 300; ++id) scene.present[size_t(id)] = tree.contains(id) && qt::placeable(scene.shapes[size_t(id)]);
  };
  std::uniform_int_distribution<int32_t> pick(0, 299), odd(0, 19);
  auto shape = [&] {
    Shape s = randomShape(rng, side);
    if (odd(rng) == 0) s.a = std::nan("");
    if (odd(rng) == 0 && s.kind == qt::kShapeCircle) s.c = -1;
    return s;
  };
  auto insert = [&](int32_t id) {
    scene.shapes[size_t(id)] = now[size_t(id)];
    int32_t step = qt::sessionTsInsert(t.h, id, now[size_t(id)].kind, now[size_t(id)].a, now[size_t(id)].b, now[size_t(id)].c, now[size_t(id)].d);
    while (step > 0) {  // a split wants the current shapes of these
      ASSERT_NE(qt::sessionScratch(t.h, step), 0);
      qt::Session& s = t.session();
      for (int32_t k = 0; k < step; ++k) {
        const int32_t id = tree.wanted()[size_t(k)];
        const Shape& n = now[size_t(id)];
        scene.shapes[size_t(id)] = n;
        double* r = s.scratch.data() + 4 * k;
        r[0] = n.a, r[1] = n.b, r[2] = n.c, r[3] = n.d;
        s.scratchIds[size_t(k)] = n.kind;
      }
      step = qt::sessionTsResume(t.h, step);
    }
    ASSERT_EQ(step, 0);
  };
  auto expectAll = [&] {
    seen();
    expectSession(t, scene, rng, side);
    std::uniform_real_distribution<double> at(-10, side + 10);
    for (int q = 0; q < 20; ++q) {
      const double px = at(rng), py = at(rng);
      const std::vector<double> all = scene.distances(px, py);
      const int32_t n = qt::sessionNearest(t.h, px, py, 5, qt::shape_detail::kInf);
      ASSERT_EQ(size_t(n), std::min(size_t(5), all.size()));
      for (int32_t i = 0; i < n; ++i) ASSERT_TRUE(near(qt::shapeDistance(scene.shapes[size_t(t.session().results[size_t(i)])], px, py), all[size_t(i)]));
      const double first = scene.firstEntry(px, py, 1, 0);
      const int32_t hit = qt::sessionRaycast(t.h, px, py, 1, 0, qt::shape_detail::kInf);
      if (first == qt::shape_detail::kInf) ASSERT_EQ(hit, -1);
      else ASSERT_TRUE(hit >= 0 && near(reply.hitDistance, first));
    }
  };
  for (auto& n : now) n = shape();
  for (int32_t id = 0; id < 150; ++id) insert(id);
  expectAll();  // (the index is made here, from the tree's objects)
  for (int round = 0; round < 4; ++round) {
    for (int m = 0; m < 60; ++m) now[size_t(pick(rng))] = shape();  // moved in place, unannounced
    for (int m = 0; m < 80; ++m) insert(pick(rng));                 // new, again (a duplicate), or moved
    for (int m = 0; m < 30; ++m) {
      ASSERT_GE(qt::sessionTsRemove(t.h, pick(rng), m % 3 == 0), 0);
    }
    ASSERT_GE(qt::sessionTsJoin(t.h), 0);
    expectAll();
  }
  qt::sessionClear(t.h);
  expectAll();
  for (int32_t id = 0; id < 40; ++id) insert(id);
  expectAll();
}

#endif  // QT_HAS_TS && QT_TS_EXACT
}  // namespace
