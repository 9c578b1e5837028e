// TutorialTree (cpp/tutorial/tutorial_tree.h) against the literal reference of the rules
// (tutorial_oracle.h): every list, the shape, findObjects/getAllObjects in order, remove, update
// and refresh with moving and dead objects, over seeded scenarios with odd, fractional and huge
// bounds, rects on the midlines of every node, outside the bounds and negative; the exact queries
// against brute force; versions; and running out of memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "exact.h"
#include "base/memory_guard.h"
#include "tutorial_oracle.h"
#include "tutorial/tutorial_tree.h"

namespace {

using qt::Rect;
using qt::TutorialTree;
using Oracle = tutorial_oracle::QuadTree;
using Ids = std::vector<int32_t>;
const double kInf = std::numeric_limits<double>::infinity();

struct Config {
  Rect bounds;
  double maxObjects, maxLevels, level;
};

const Config kConfigs[] = {
    {{0, 0, 800, 600}, 10, 5, 0},        {{3, 7, 5, 11}, 1, 4, 0},
    {{0.5, 0.25, 99.7, 33.3}, 2, 6, 0},  {{-100, -50, 201, 103}, 0.5, 3, 0},
    {{0, 0, 1e10, 3e9}, 3, 8, 0},        {{0, 0, 800, 600}, 0, 3, 1.5},
    {{0, 0, 640, 480}, 4, kInf, 0},      {{0, 0, 800, 600}, kInf, 5, 0},
    {{0, 0, 0, 0}, 1, 3, 0},             {{0, 0, 800, 600}, 3, 2.5, 0},
    {{0, 0, 800, 600}, -1, 2, 0},        {{-7, -3, 13, 9}, 1.5, 5, -1},
};

bool same(const Rect& a, const Rect& b) { return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h; }

// The flat tree's node at the path of child indexes `path`.
int32_t nodeAt(const TutorialTree& t, const std::vector<int>& path) {
  int32_t n = t.root();
  for (int q : path) n = t.children(n) + q;
  return n;
}

// Every node: the same rect, level, list and children, recursively.
void expectSameShape(const TutorialTree& t, int32_t n, const Oracle& o, std::string where = "root") {
  ASSERT_TRUE(same(t.nodeRect(n), o.bounds)) << where;
  ASSERT_EQ(t.nodeLevel(n), o.level) << where;
  Ids own;
  t.nodeObjects(n, own);
  ASSERT_EQ(own, o.objects) << where;
  ASSERT_EQ(t.children(n) >= 0, !o.nodes.empty()) << where;
  for (int q = 0; q < 4 && t.children(n) >= 0; ++q)
    expectSameShape(t, t.children(n) + q, *o.nodes[size_t(q)], where + "/" + std::to_string(q));
}

struct Scenario {
  Config c;
  std::mt19937 rng;
  std::vector<Rect> fields;
  Oracle oracle;
  TutorialTree tree;
  const int kIds;  // objects 0 .. kIds - 1

  Scenario(const Config& config, uint32_t seed, int ids = 40)
      : c(config), rng(seed), fields(size_t(ids)), oracle(c.bounds, c.maxObjects, c.maxLevels, c.level, &fields),
        tree(c.bounds, c.maxObjects, c.maxLevels, c.level), kIds(ids) {}

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
  double real(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

  // A random node, as its path and the oracle's node.
  std::pair<std::vector<int>, Oracle*> anyNode() {
    std::vector<int> path;
    Oracle* o = &oracle;
    while (!o->nodes.empty() && pick(3) != 0) {
      const int q = pick(4);
      path.push_back(q);
      o = o->nodes[size_t(q)].get();
    }
    return {path, o};
  }

  Rect rect() {
    const Rect b = anyNode().second->bounds;
    const double vm = b.x + b.w / 2, hm = b.y + b.h / 2;
    const double W = std::max(std::abs(c.bounds.w), 8.0), H = std::max(std::abs(c.bounds.h), 8.0);
    const double w = real(0, std::max(std::abs(b.w), 1.0) / 3), h = real(0, std::max(std::abs(b.h), 1.0) / 3);
    switch (pick(10)) {
      case 0: return {real(b.x, b.x + b.w), real(b.y, b.y + b.h), w, h};
      case 1: return {vm, real(b.y, b.y + b.h), w, h};      // starts on the vertical midline
      case 2: return {vm - w, real(b.y, b.y + b.h), w, h};  // ends on it
      case 3: return {vm, hm, 0, 0};                        // zero size on the centre
      case 4: return {real(b.x, b.x + b.w), hm - (pick(2) ? h : 0), w, h};  // starts or ends on hm
      case 5: return {c.bounds.x + W * (pick(2) ? 3 : -3), c.bounds.y + real(-H, 2 * H), w, h};  // outside
      case 6: return {real(-2 * W, 3 * W), real(-2 * H, 3 * H), real(0, W / 4), real(0, H / 4)};
      case 7: return {double(pick(16)) * W / 16, double(pick(16)) * H / 16, double(pick(4)) * W / 16, 0};
      case 8: return fields[size_t(pick(kIds))];  // another object's rect
      default: return {vm - w / 2, hm + real(-1, 1), w, h};
    }
  }

  Ids present() const {
    Ids all;
    oracle.preorder(all);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }

  void check(const std::string& step) {
    std::string why;
    ASSERT_TRUE(tree.validate(&why)) << step << ": " << why;
    expectSameShape(tree, tree.root(), oracle, step);
    const Ids in = present();
    ASSERT_EQ(tree.size(), int32_t(in.size())) << step;
    for (int32_t id = 0; id < kIds; ++id)
      ASSERT_EQ(tree.contains(id), std::binary_search(in.begin(), in.end(), id)) << step << " id " << id;
    Ids a, b;
    tree.preorder(tree.root(), a);
    oracle.preorder(b);
    ASSERT_EQ(a, b) << step;
  }

  void checkQueries(const std::string& step) {
    const Ids in = present();
    for (int i = 0; i < 4; ++i) {
      const Rect q = rect();
      Ids got, want;
      tree.findObjects(tree.root(), q, got);
      oracle.findObjects(want, q);
      ASSERT_EQ(got, want) << step << " findObjects";
      const auto [path, node] = anyNode();
      got.clear(), want.clear();
      tree.findObjects(nodeAt(tree, path), q, got);
      node->findObjects(want, q);
      ASSERT_EQ(got, want) << step << " findObjects from a subnode";
      got.clear(), want.clear();
      tree.allObjects(nodeAt(tree, path), got);
      node->getAllObjects(want);
      ASSERT_EQ(got, want) << step << " getAllObjects";
      got.clear(), want.clear();
      qttest::search(tree, q, got);
      for (int32_t id : in)
        if (qt::overlaps(fields[size_t(id)], q)) want.push_back(id);
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, want) << step << " search";
      ASSERT_EQ(qttest::collides(tree, q), !want.empty()) << step << " collides";
    }
    Ids pairs;
    qttest::pairs(tree, pairs);
    std::set<std::pair<int32_t, int32_t>> got, want;
    for (size_t i = 0; i < pairs.size(); i += 2) {
      ASSERT_LT(pairs[i], pairs[i + 1]);
      ASSERT_TRUE(got.insert({pairs[i], pairs[i + 1]}).second) << step << " a pair twice";
    }
    for (size_t i = 0; i < in.size(); ++i)
      for (size_t j = i + 1; j < in.size(); ++j)
        if (qt::overlaps(fields[size_t(in[i])], fields[size_t(in[j])])) want.insert({in[i], in[j]});
    ASSERT_EQ(got, want) << step << " pairs";
  }

  void step(int op) {
    const int32_t id = pick(kIds);
    const std::string name = "op " + std::to_string(op);
    switch (pick(12)) {
      case 0: case 1: case 2: case 3: {  // insert at the root (maybe again, maybe with another rect)
        fields[size_t(id)] = rect();
        oracle.insert(id);
        tree.insert(tree.root(), id, fields[size_t(id)]);
        break;
      }
      case 4: {  // insert from a subnode
        const auto [path, node] = anyNode();
        fields[size_t(id)] = rect();
        node->insert(id);
        tree.insert(nodeAt(tree, path), id, fields[size_t(id)]);
        break;
      }
      case 5:
        ASSERT_EQ(tree.remove(id), oracle.remove(id)) << name;
        break;
      case 6: {
        const Ids in = present();
        if (!std::binary_search(in.begin(), in.end(), id)) break;
        fields[size_t(id)] = rect();
        oracle.update(id);
        tree.update(id, fields[size_t(id)]);
        break;
      }
      case 7: case 8: case 9: {  // objects move, some die, then refresh
        const Ids in = present();
        Ids changed;
        std::vector<double> rects;
        for (int32_t o : in)
          if (pick(3) == 0) {
            fields[size_t(o)] = pick(4) ? Rect{fields[size_t(o)].x + real(-30, 30), fields[size_t(o)].y + real(-30, 30),
                                               fields[size_t(o)].w, fields[size_t(o)].h}
                                        : rect();
            changed.push_back(o);
            rects.insert(rects.end(), {fields[size_t(o)].x, fields[size_t(o)].y, fields[size_t(o)].w, fields[size_t(o)].h});
          }
        Ids order, dead;
        oracle.preorder(order);
        const bool withAlive = pick(2);
        for (int32_t p = 0; withAlive && p < int32_t(order.size()); ++p)
          if (pick(6) == 0) dead.push_back(p);
        const int want = oracle.refresh(withAlive ? std::function<bool(int32_t, int32_t)>([&](int32_t p, int32_t) {
                                          return !std::binary_search(dead.begin(), dead.end(), p);
                                        })
                                                  : nullptr);
        const int got = tree.refresh(changed.data(), rects.data(), int32_t(changed.size()), dead.data(),
                                     int32_t(dead.size()));
        ASSERT_EQ(got, want) << name << " refresh";
        break;
      }
      case 10: {
        if (pick(4)) break;
        const auto [path, node] = anyNode();
        node->clear();
        tree.clearNode(nodeAt(tree, path));
        break;
      }
      default:
        if (pick(6)) break;
        oracle.clear();
        tree.clear();
        break;
    }
    check(name);
  }
};

TEST(TutorialGeometry, GetIndexIsTheTutorialsRuleWithItsAsymmetry) {
  std::vector<Rect> fields;
  const Rect node{0, 0, 100, 60};  // midlines x = 50, y = 30
  Oracle o(node, 10, 5, 0, &fields);
  const double xs[] = {-10, 0, 20, 49, 50, 51, 80, 100, 120}, ws[] = {0, 1, 30, 50, 70};
  const double ys[] = {-5, 0, 10, 29, 30, 31, 50, 60}, hs[] = {0, 1, 20, 30};
  for (double x : xs)
    for (double w : ws)
      for (double y : ys)
        for (double h : hs) {
          const Rect r{x, y, w, h};
          ASSERT_EQ(qt::tutorialIndex(node, r), o.getIndex(r)) << x << " " << y << " " << w << " " << h;
        }
  EXPECT_EQ(qt::tutorialIndex(node, {40, 10, 10, 5}), -1);  // ends on the vertical midline: not west
  EXPECT_EQ(qt::tutorialIndex(node, {50, 10, 10, 5}), -1);  // starts on it
  EXPECT_EQ(qt::tutorialIndex(node, {51, 10, 200, 5}), 0);  // east needs only the start
  EXPECT_EQ(qt::tutorialIndex(node, {51, 31, 1, 500}), 3);
  EXPECT_EQ(qt::tutorialIndex(node, {50, 30, 0, 0}), -1);  // the centre
}

TEST(TutorialGeometry, ToInt32IsJavaScriptsOrZero) {
  const double v[] = {0, -0.0, 0.5, -0.5, 2.5, -2.5, 2147483647.5, 2147483648, -2147483649, 4294967296 + 7,
                      1e10, -1e10, 1e300, kInf, -kInf, std::nan(""), 5e299, 3e9 / 2};
  const double want[] = {0, 0, 0, 0, 2, -2, 2147483647, -2147483648, 2147483647, 7,
                         1410065408, -1410065408, 0, 0, 0, 0, 0, 1500000000};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; ++i) {
    EXPECT_EQ(qt::toInt32(v[i]), want[i]) << v[i];
    EXPECT_EQ(tutorial_oracle::orInt(v[i]), want[i]) << v[i];
  }
  EXPECT_FALSE(std::signbit(qt::toInt32(-0.5)));
}

TEST(TutorialTree, SplitTruncatesChildSizesButDividesAtTheExactMidline) {
  TutorialTree t({0, 0, 5, 5}, 1, 5, 0);
  t.insert(0, 1, {0, 0, 1, 1});
  t.insert(0, 2, {3, 3, 1, 1});
  const int32_t c = t.children(0);
  ASSERT_GE(c, 0);
  const Rect want[] = {{2, 0, 2, 2}, {0, 0, 2, 2}, {0, 2, 2, 2}, {2, 2, 2, 2}};
  for (int q = 0; q < 4; ++q) EXPECT_TRUE(same(t.nodeRect(c + q), want[q])) << q;
  Ids ids;
  t.nodeObjects(c + 1, ids);
  EXPECT_EQ(ids, Ids{1});
  ids.clear();
  t.nodeObjects(c + 3, ids);  // (3, 3) lies in child 3's gap-free part; x > 2.5
  EXPECT_EQ(ids, Ids{2});
  ids.clear();
  t.insert(0, 3, {2.2, 0, 0.2, 1});  // west of 2.5, inside child 0's rect: getIndex says 1
  t.nodeObjects(c + 1, ids);
  EXPECT_EQ(ids, (Ids{1, 3}));  // child 1 overflowed and split, but both touch its midlines
  EXPECT_GE(t.children(c + 1), 0);
}

TEST(TutorialTree, FindObjectsIsThePathDeepestFirstAndRemoveTakesTheFirstInPreorder) {
  TutorialTree t({0, 0, 100, 100}, 1, 5, 0);
  t.insert(0, 7, {50, 10, 1, 1});  // on the midline: stays at the root once split
  t.insert(0, 1, {10, 10, 1, 1});
  t.insert(0, 2, {80, 80, 1, 1});
  t.insert(0, 1, {10, 10, 1, 1});  // the same object twice
  Ids got;
  t.findObjects(0, {10, 10, 1, 1}, got);
  EXPECT_EQ(got, (Ids{1, 1, 7}));
  got.clear();
  t.allObjects(0, got);
  EXPECT_EQ(got, (Ids{1, 1, 2, 7}));
  EXPECT_TRUE(t.remove(1));
  got.clear();
  t.allObjects(0, got);
  EXPECT_EQ(got, (Ids{1, 2, 7}));
  EXPECT_TRUE(t.contains(1));
  EXPECT_TRUE(t.remove(1));
  EXPECT_FALSE(t.contains(1));
  EXPECT_FALSE(t.remove(1));
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
}

TEST(TutorialTree, MatchesTheReferenceOverSeededScenarios) {
  int config = 0;
  for (const Config& c : kConfigs) {
    for (uint32_t seed = 1; seed <= 12; ++seed) {
      SCOPED_TRACE("config " + std::to_string(config) + " seed " + std::to_string(seed));
      Scenario s(c, seed * 7919 + uint32_t(config));
      for (int op = 0; op < 160; ++op) {
        s.step(op);
        if (::testing::Test::HasFatalFailure()) return;
        if (op % 8 == 7) s.checkQueries("op " + std::to_string(op));
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
    ++config;
  }
}

TEST(TutorialTree, RefreshReinsertsManyTakenOutObjectsInPreorderOfWhereTheyWere) {
  // 300 objects, a third of them moving at each refresh: dozens leave their nodes at once, which
  // refresh() orders by the nodes' pre-order ranks (rankNodes) rather than pair by pair.
  for (const int config : {0, 2, 6}) {
    for (uint32_t seed = 1; seed <= 2; ++seed) {
      SCOPED_TRACE("config " + std::to_string(config) + " seed " + std::to_string(seed));
      Scenario s(kConfigs[config], seed, 300);
      for (int32_t id = 0; id < 300; ++id) {
        s.fields[size_t(id)] = s.rect();
        s.oracle.insert(id);
        s.tree.insert(s.tree.root(), id, s.fields[size_t(id)]);
      }
      s.check("filled");
      for (int op = 0; op < 12; ++op) {
        s.step(op);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
}

TEST(TutorialTree, EveryChangeBumpsTheVersionAndNoQueryDoes) {
  TutorialTree t({0, 0, 100, 100}, 2, 4, 0);
  uint32_t v = t.version();
  auto bumped = [&] {
    const bool b = t.version() != v;
    v = t.version();
    return b;
  };
  for (int32_t i = 0; i < 10; ++i) {
    t.insert(0, i, {double(i * 9), double(i * 7), 3, 3});
    EXPECT_TRUE(bumped());
  }
  Ids out;
  qttest::search(t, {0, 0, 50, 50}, out);
  t.findObjects(0, {1, 1, 1, 1}, out);
  t.allObjects(0, out);
  qttest::pairs(t, out);
  qttest::collides(t, {0, 0, 1, 1});
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
  EXPECT_FALSE(bumped());
  EXPECT_TRUE(t.update(3, {90, 90, 1, 1}));
  EXPECT_TRUE(bumped());
  EXPECT_TRUE(t.remove(3));
  EXPECT_TRUE(bumped());
  const int32_t ids[] = {4};
  const double r[] = {1, 1, 1, 1};
  EXPECT_EQ(t.refresh(ids, r, 1, nullptr, 0), 0);
  EXPECT_TRUE(bumped());
  EXPECT_EQ(t.refresh(nullptr, nullptr, 0, nullptr, 0), 0);
  EXPECT_FALSE(bumped());  // nothing to do
  t.clearNode(t.children(0));
  EXPECT_TRUE(bumped());
  t.clear();
  EXPECT_TRUE(bumped());
}

TEST(TutorialTree, ClearKeepsCapacityAndTheTreeIsReusable) {
  std::vector<Rect> fields(64);
  TutorialTree t({0, 0, 256, 256}, 2, 5, 0);
  Oracle o({0, 0, 256, 256}, 2, 5, 0, &fields);
  std::mt19937 rng(3);
  for (int frame = 0; frame < 5; ++frame) {
    t.clear();
    o.clear();
    for (int32_t id = 0; id < 64; ++id) {
      fields[size_t(id)] = {double(rng() % 256), double(rng() % 256), double(rng() % 20), double(rng() % 20)};
      t.insert(0, id, fields[size_t(id)]);
      o.insert(id);
    }
    expectSameShape(t, 0, o);
    std::string why;
    ASSERT_TRUE(t.validate(&why)) << why;
  }
  const size_t nodes = t.nodeCount(), links = t.linkCount();
  t.clear();
  EXPECT_EQ(t.stats().nodes, 1);
  EXPECT_EQ(t.size(), 0);
  for (int32_t id = 0; id < 64; ++id) t.insert(0, id, fields[size_t(id)]);
  EXPECT_EQ(t.nodeCount(), nodes);  // the same shape again: no new nodes
  EXPECT_EQ(t.linkCount(), links);
}

// Lifts the heap budget when a test ends.
struct Budget {
  explicit Budget(size_t bytes) { qt::setHeapBudgetForTests(bytes); }
  ~Budget() { qt::setHeapBudgetForTests(SIZE_MAX); }
};

TEST(TutorialTree, ACallThatFindsNoRoomChangesNothing) {
  int refused = 0;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    Scenario s({{0, 0, 800, 600}, 1, 6, 0}, seed);
    for (int op = 0; op < 40; ++op) s.step(op);
    Ids before, after;
    s.tree.preorder(0, before);
    std::vector<double> walkBefore, walkAfter;
    s.tree.nodeWalk(walkBefore);
    const std::vector<Rect> fields = s.fields;
    {
      Budget none(seed % 4 == 0 ? 0 : (seed * 37) % 400);
      const int32_t id = int32_t(seed % 40);
      switch (seed % 3) {
        case 0: s.tree.insert(0, 100 + int32_t(seed), {1, 1, 1, 1}); break;
        case 1: s.tree.update(id, {799.0 - seed, 1, 0.5, 0.5}); break;
        default: {
          Ids changed;
          std::vector<double> rects;
          for (int32_t o = 0; o < 40; ++o)
            if (s.tree.contains(o)) changed.push_back(o), rects.insert(rects.end(), {double(o * 19 % 800), 5, 1, 1});
          const int32_t dead[] = {0, 2};
          s.tree.refresh(changed.data(), rects.data(), int32_t(changed.size()), dead, 2);
        }
      }
    }
    if (!s.tree.outOfMemory()) continue;  // it fit
    ++refused;
    s.tree.preorder(0, after);
    s.tree.nodeWalk(walkAfter);
    EXPECT_EQ(before, after) << seed;
    EXPECT_EQ(walkBefore, walkAfter) << seed;
    for (int32_t id = 0; id < 40; ++id)
      if (s.tree.contains(id)) EXPECT_TRUE(same(s.tree.rectTable()[id], fields[size_t(id)])) << seed;
    std::string why;
    EXPECT_TRUE(s.tree.validate(&why)) << why;
    s.check("after no room");  // still the reference's tree, and usable
    s.step(1000);
  }
  EXPECT_GE(refused, 20);
}

TEST(TutorialTree, RefreshCostsWhatTheChangedObjectsCost) {
  // 2,000 objects, one moves: refresh() takes out and re-inserts it alone (the others are not
  // looked at: an object whose rect did not change is at home).
  TutorialTree t({0, 0, 1000, 1000}, 4, 6, 0);
  std::mt19937 rng(9);
  for (int32_t id = 0; id < 2000; ++id)
    t.insert(0, id, {double(rng() % 990), double(rng() % 990), double(rng() % 9), double(rng() % 9)});
  const uint32_t v = t.version();
  const int32_t ids[] = {5};
  const double r[] = {500.5, 500.5, 1, 1};
  EXPECT_EQ(t.refresh(ids, r, 1, nullptr, 0), 0);
  EXPECT_NE(t.version(), v);
  Ids got;
  qttest::search(t, {500, 500, 2, 2}, got);
  EXPECT_NE(std::find(got.begin(), got.end(), 5), got.end());
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
}

}  // namespace
