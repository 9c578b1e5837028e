// remove / update / search / collides / pairs on the quadtree-js-compatible tree, checked against
// brute force over seeded random operation sequences, with validate() after every step.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "exact.h"
#include "session/boundary.h"
#include "match.h"
#include "quadtree/quadtree.h"
#include "session/tree_kinds.h"  // QT_HAS_*: the session calls this core has

namespace {

using qt::Quadtree;
using qt::Rect;
using PairSet = std::set<std::pair<int32_t, int32_t>>;

struct World {
  explicit World(uint32_t seed) : rng(seed) {}
  std::mt19937 rng;
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

  // Rects on an integer grid half the time, so edges and midlines coincide often.
  Rect rect(const Rect& b) {
    const bool grid = integer(0, 1) == 0;
    double x = real(b.x - b.w * 0.1, b.x + b.w * 1.05), y = real(b.y - b.h * 0.1, b.y + b.h * 1.05);
    double w = integer(0, 9) == 0 ? 0 : real(0, b.w * 0.08), h = integer(0, 9) == 0 ? 0 : real(0, b.h * 0.08);
    if (grid) x = std::floor(x), y = std::floor(y), w = std::floor(w), h = std::floor(h);
    return {x, y, w, h};
  }
};

struct Model {  // what should be in the tree: id -> rect, or absent
  std::vector<Rect> rect;
  std::vector<bool> present;

  PairSet pairs() const {
    PairSet out;
    for (size_t a = 0; a < rect.size(); ++a)
      for (size_t b = a + 1; b < rect.size(); ++b)
        if (present[a] && present[b] && qt::overlaps(rect[a], rect[b])) out.insert({int32_t(a), int32_t(b)});
    return out;
  }
  std::set<int32_t> search(const Rect& q) const {
    std::set<int32_t> out;
    for (size_t a = 0; a < rect.size(); ++a)
      if (present[a] && qt::overlaps(rect[a], q)) out.insert(int32_t(a));
    return out;
  }
};

PairSet pairsOf(Quadtree& tree) {
  std::vector<int32_t> flat;
  qttest::pairs(tree, flat);
  PairSet out;
  for (size_t i = 0; i < flat.size(); i += 2) {
    auto p = std::make_pair(std::min(flat[i], flat[i + 1]), std::max(flat[i], flat[i + 1]));
    EXPECT_NE(p.first, p.second) << "a self-pair";
    EXPECT_TRUE(out.insert(p).second) << "pair (" << p.first << ", " << p.second << ") reported twice";
  }
  return out;
}

std::set<int32_t> searchOf(Quadtree& tree, const Rect& q) {
  std::vector<int32_t> ids;
  qttest::search(tree, q, ids);
  std::set<int32_t> out(ids.begin(), ids.end());
  EXPECT_EQ(out.size(), ids.size()) << "search returned an id twice";
  return out;
}

void expectSameAnswers(Quadtree& tree, const Model& model, World& w, const Rect& b) {
  EXPECT_EQ(pairsOf(tree), model.pairs());
  for (int k = 0; k < 10; ++k) {
    const Rect q = w.rect(b);
    const auto want = model.search(q);
    EXPECT_EQ(searchOf(tree, q), want) << "search " << qttest::show(q);
    EXPECT_EQ(qttest::collides(tree, q), !want.empty()) << "collides " << qttest::show(q);
  }
}

}  // namespace

TEST(MovingObjects, RandomSequencesMatchBruteForceAndKeepInvariants) {
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    World w(seed);
    const Rect b{w.real(-500, 500), w.real(-500, 500), w.real(50, 1000), w.real(50, 1000)};
    Quadtree tree(b, w.integer(1, 8), w.integer(1, 7), 0);
    Model model;
    const int n = w.integer(20, 150);
    for (int i = 0; i < n; ++i) {
      model.rect.push_back(w.rect(b));
      model.present.push_back(true);
      tree.insert(tree.root(), i, model.rect[i]);
    }
    for (int step = 0; step < 300; ++step) {
      const int i = w.integer(0, n - 1);
      switch (w.integer(0, 4)) {
        case 0: {  // a small move, usually within the leaf
          Rect r = model.rect[i];
          r.x += w.real(-3, 3);
          r.y += w.real(-3, 3);
          if (model.present[i]) tree.update(i, r), model.rect[i] = r;
          break;
        }
        case 1: {  // a jump anywhere, possibly out of the bounds and back
          const Rect r = w.rect(b);
          tree.update(i, r);  // inserts an absent object
          model.rect[i] = r;
          model.present[i] = true;
          break;
        }
        case 2:
          EXPECT_EQ(tree.remove(i), bool(model.present[i]));
          model.present[i] = false;
          break;
        case 3:
          if (!model.present[i]) {
            model.rect[i] = w.rect(b);
            tree.insert(tree.root(), i, model.rect[i]);
            model.present[i] = true;
          }
          break;
        default:
          EXPECT_EQ(tree.contains(i), bool(model.present[i]));
      }
      ASSERT_TRUE(qttest::Valid(tree)) << "seed " << seed << " step " << step;
      if (step % 50 == 0) expectSameAnswers(tree, model, w, b);
    }
    expectSameAnswers(tree, model, w, b);
  }
}

TEST(MovingObjects, RemoveDoesNotDependOnWhereTheObjectIsNow) {
  Quadtree tree({0, 0, 100, 100}, 1, 4, 0);
  tree.insert(0, 0, {10, 10, 5, 5});
  tree.insert(0, 1, {60, 60, 5, 5});
  tree.insert(0, 2, {45, 45, 10, 10});  // straddles both midlines
  // The tree is asked to remove ids only; rects the caller may have changed play no part.
  EXPECT_TRUE(tree.remove(2));
  EXPECT_FALSE(tree.remove(2));
  EXPECT_FALSE(tree.contains(2));
  std::vector<int32_t> all;
  tree.allObjects(tree.root(), all);
  EXPECT_EQ(all, (std::vector<int32_t>{0, 1}));  // top-left leaf, then bottom-right
  EXPECT_TRUE(qttest::Valid(tree));
}

TEST(MovingObjects, UpdateReportsWhetherTheObjectChangedLeaves) {
  Quadtree tree({0, 0, 100, 100}, 1, 4, 0);
  tree.insert(0, 0, {10, 10, 2, 2});
  tree.insert(0, 1, {80, 80, 2, 2});  // split: 0 and 1 are in different leaves
  EXPECT_FALSE(tree.update(0, {11, 11, 2, 2}));  // same leaf
  EXPECT_TRUE(tree.update(0, {70, 10, 2, 2}));   // another leaf
  EXPECT_TRUE(tree.update(7, {5, 5, 1, 1}));     // absent: inserted
  EXPECT_TRUE(tree.contains(7));
  EXPECT_TRUE(qttest::Valid(tree));
}

TEST(MovingObjects, PairsCountEachPairOnceEvenAcrossLeavesAndDuplicateInserts) {
  Quadtree tree({0, 0, 100, 100}, 1, 3, 0);
  tree.insert(0, 0, {40, 40, 20, 20});  // over the centre: in four leaves
  tree.insert(0, 1, {45, 45, 10, 10});  // also in four
  tree.insert(0, 2, {45, 45, 10, 10});
  tree.insert(0, 2, {45, 45, 10, 10});  // the same object twice
  std::vector<int32_t> flat;
  qttest::pairs(tree, flat);
  EXPECT_EQ(flat.size(), 6u);  // (0,1) (0,2) (1,2)
  EXPECT_TRUE(qttest::Valid(tree));
}

TEST(MovingObjects, TouchingEdgesDoNotOverlap) {
  Quadtree tree({0, 0, 100, 100}, 10, 4, 0);
  tree.insert(0, 0, {0, 0, 10, 10});
  tree.insert(0, 1, {10, 0, 10, 10});
  std::vector<int32_t> flat;
  qttest::pairs(tree, flat);
  EXPECT_TRUE(flat.empty());
  EXPECT_FALSE(qttest::collides(tree, {10, 10, 5, 5}));
  EXPECT_TRUE(qttest::collides(tree, {9.5, 9.5, 5, 5}));
}

#if QT_HAS_RECTS
// sessionPairs() through the boundary, as a set; `repeats` counts pairs reported more than once.
static PairSet sessionPairSet(qt::Handle h, int* repeats) {
  const qt::Session& s = *reinterpret_cast<qt::Session*>(h);
  const int32_t count = qt::sessionPairs(h);
  PairSet got;
  *repeats = 0;
  for (int32_t k = 0; k < count; ++k) {
    const int32_t a = s.results[2 * k], c = s.results[2 * k + 1];
    *repeats += !got.insert({std::min(a, c), std::max(a, c)}).second;
  }
  return got;
}

TEST(MovingObjects, PairsAfterAFewMovesReuseTheLastAnswerAndStayExact) {
  // Through the boundary, where pairs() keeps its last answer and re-searches only what changed.
  World w(99);
  const Rect b{0, 0, 400, 400};
  const qt::Handle h = qt::sessionCreate(b.x, b.y, b.w, b.h, 6, 6, 0);
  Model model;
  for (int i = 0; i < 300; ++i) {
    model.rect.push_back(w.rect(b));
    model.present.push_back(true);
    qt::sessionInsert(h, 0, i, model.rect[i].x, model.rect[i].y, model.rect[i].w, model.rect[i].h, qt::kShapeRect);
  }
  for (int frame = 0; frame < 40; ++frame) {
    const int moves = frame % 5 == 0 ? 200 : 10;  // mostly few changes, sometimes many
    for (int k = 0; k < moves; ++k) {
      const int i = w.integer(0, 299);
      if (w.integer(0, 9) == 0) {
        qt::sessionRemove(h, i);
        model.present[i] = false;
      } else {
        Rect& r = model.rect[i];
        r.x += w.real(-6, 6);
        r.y += w.real(-6, 6);
        qt::sessionUpdate(h, i, r.x, r.y, r.w, r.h, qt::kShapeRect);  // inserts one that was removed
        model.present[i] = true;
      }
    }
    int repeats = 0;
    EXPECT_EQ(sessionPairSet(h, &repeats), model.pairs()) << "frame " << frame;
    EXPECT_EQ(repeats, 0) << "frame " << frame;
  }
  qt::sessionDestroy(h);
}

TEST(MovingObjects, PairsAfterFewChangesStayExactForSubnodeInsertsAndRepeats) {
  // The re-search after few changes may start below the root for an object placed once; objects
  // inserted through a subnode (inside its area) or inserted twice must come out the same.
  World w(7);
  const Rect b{0, 0, 400, 400};
  const qt::Handle h = qt::sessionCreate(b.x, b.y, b.w, b.h, 4, 6, 0);
  qt::Session& s = *reinterpret_cast<qt::Session*>(h);
  Model model;
  auto put = [&](int node, int i, const Rect& r) {
    if (size_t(i) >= model.rect.size()) model.rect.resize(size_t(i) + 1), model.present.resize(size_t(i) + 1);
    model.rect[i] = r;
    model.present[i] = true;
    qt::sessionInsert(h, node, i, r.x, r.y, r.w, r.h, qt::kShapeRect);
  };
  for (int i = 0; i < 200; ++i) put(0, i, w.rect(b));
  int next = 200;
  for (int frame = 0; frame < 30; ++frame) {
    const int32_t child = qt::sessionChildren(h, 0);
    ASSERT_GE(child, 0);
    for (int k = 0; k < 3; ++k) {
      const int32_t node = child + w.integer(0, 3);
      qt::sessionNodeGeom(h, node);
      const Rect in{s.reply.nodeX, s.reply.nodeY, s.reply.nodeWidth, s.reply.nodeHeight};
      const double rw = w.real(1, in.w / 3), rh = w.real(1, in.h / 3);
      put(node, next++, {w.real(in.x + 1, in.x + in.w - rw - 1), w.real(in.y + 1, in.y + in.h - rh - 1), rw, rh});
      const int again = w.integer(0, next - 1);
      if (model.present[again]) put(0, again, w.rect(b));  // a second entry, at a new place
    }
    int repeats = 0;
    EXPECT_EQ(sessionPairSet(h, &repeats), model.pairs()) << "frame " << frame;
    EXPECT_EQ(repeats, 0) << "frame " << frame;
  }
  EXPECT_EQ(qt::sessionValidate(h), 1);
  qt::sessionDestroy(h);
}
#endif  // QT_HAS_RECTS
