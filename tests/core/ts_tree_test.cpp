// TsTree (cpp/ts/ts_tree.h), quadtree-ts 2.3.0's tree, on the package's known cases and against the
// literal reference of the package (ts_oracle.h) over seeded random sequences of every call
// (objects moved in place between calls included): every node's bounds, level, list and children
// after every call, retrieve's answers, remove's return, join's list; the resumable insert's
// questions (only the objects of the leaf about to split whose shapes were not read in the call);
// running out of memory; and the join's incremental bookkeeping (validate()'s settled check).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "base/memory_guard.h"
#include "ts_oracle.h"
#include "ts/ts_tree.h"

namespace {

using qt::Rect;
using qt::Shape;
using qt::TsTree;
using Step = TsTree::Step;
using Oracle = ts_oracle::Quadtree;
using Ids = std::vector<int32_t>;
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

Shape rect(double x, double y, double w, double h) { return {x, y, w, h, qt::kShapeRect}; }
Shape circle(double x, double y, double r) { return {x, y, r, 0, qt::kShapeCircle}; }
Shape line(double x1, double y1, double x2, double y2) { return {x1, y1, x2, y2, qt::kShapeLine}; }

bool sameBits(double a, double b) {
  uint64_t x, y;
  std::memcpy(&x, &a, 8);
  std::memcpy(&y, &b, 8);
  return x == y || (a != a && b != b);
}
bool sameRect(const Rect& a, const Rect& b) {
  return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.w, b.w) && sameBits(a.h, b.h);
}

// (Room made here, not through memory_guard.h: so that a test's heap budget is the tree's alone.)
Ids list(const TsTree& t, int32_t node) {
  Ids ids;
  ids.reserve(size_t(t.listLength(node)) + 1);
  EXPECT_TRUE(t.nodeObjects(node, ids));
  return ids;
}
Ids retrieve(const TsTree& t, const Shape& q) {
  Ids ids;
  ids.reserve(size_t(t.size()) + 1);
  EXPECT_TRUE(t.retrieve(q, ids));
  return ids;
}

// The leaf about to split while the tree asks for shapes: the one non-empty leaf over maxObjects
// below maxLevels (any other would have split already).
int32_t overflowingLeaf(const TsTree& t, double maxObjects, double maxLevels) {
  int32_t found = -1, count = 0;
  std::vector<int32_t> stack{t.root()};
  while (!stack.empty()) {
    const int32_t n = stack.back();
    stack.pop_back();
    if (t.children(n) >= 0) {
      for (int q = 0; q < 4; ++q) stack.push_back(t.children(n) + q);
      continue;
    }
    const double size = double(list(t, n).size());
    if (size > 0 && size > maxObjects && t.nodeLevel(n) < maxLevels) found = n, ++count;
  }
  EXPECT_EQ(count, 1) << "leaves waiting to split";
  return found;
}

// The facade's side of an insert: each kNeedShapes answered with the objects' current shapes,
// after checking that the tree asks for exactly the objects of the leaf about to split whose
// shapes were not read during this call, each once, in the leaf's order.
struct Facade {
  const std::vector<Shape>& fields;
  double maxObjects, maxLevels;
  bool checks = true;  // false: answer without looking (a walk of the tree per question)
  int asked = 0;       // questions answered

  Step insert(TsTree& t, int32_t id) {
    std::set<int32_t> read{id};
    Step s = t.insert(id, fields[size_t(id)]);
    while (s == Step::kNeedShapes) {
      ++asked;
      if (!checks) {
        for (int32_t o : t.wanted()) t.supply(o, fields[size_t(o)]);
        s = t.resume();
        continue;
      }
      const int32_t leaf = overflowingLeaf(t, maxObjects, maxLevels);
      Ids want;
      if (leaf >= 0)
        for (int32_t o : list(t, leaf))
          if (!read.count(o) && std::find(want.begin(), want.end(), o) == want.end()) want.push_back(o);
      EXPECT_FALSE(want.empty());
      EXPECT_EQ(t.wanted(), want);
      for (int32_t o : t.wanted()) {
        t.supply(o, fields[size_t(o)]);
        read.insert(o);
      }
      s = t.resume();
    }
    return s;
  }
};

// Every node: the same bounds (bit for bit), level, list (duplicates and order) and children.
void expectSameTree(const TsTree& t, int32_t n, const Oracle& o, const std::string& where = "root") {
  ASSERT_TRUE(sameRect(t.nodeRect(n), o.bounds)) << where;
  ASSERT_TRUE(sameBits(t.nodeLevel(n), o.level)) << where;
  ASSERT_EQ(list(t, n), o.objects) << where;
  ASSERT_EQ(t.children(n) >= 0, !o.nodes.empty()) << where;
  for (int q = 0; q < 4 && t.children(n) >= 0; ++q)
    expectSameTree(t, t.children(n) + q, *o.nodes[size_t(q)], where + "/" + std::to_string(q));
}

void preorderLists(const Oracle& o, Ids& out) {
  out.push_back(int32_t(o.objects.size()));
  out.insert(out.end(), o.objects.begin(), o.objects.end());
  for (const auto& n : o.nodes) preorderLists(*n, out);
}

// What a call that changed nothing leaves as it was.
struct Dump {
  Ids lists;
  std::vector<double> walk, shapes;
  bool operator==(const Dump& d) const {
    if (lists != d.lists || walk.size() != d.walk.size() || shapes.size() != d.shapes.size()) return false;
    for (size_t i = 0; i < walk.size(); ++i)
      if (!sameBits(walk[i], d.walk[i])) return false;
    for (size_t i = 0; i < shapes.size(); ++i)
      if (!sameBits(shapes[i], d.shapes[i])) return false;
    return true;
  }
};
Dump dump(const TsTree& t) {
  Dump d;
  d.lists.reserve(t.nodeCount() + t.linkCount());
  d.walk.reserve(7 * t.nodeCount());
  EXPECT_TRUE(t.preorderLists(d.lists));
  EXPECT_TRUE(t.nodeWalk(d.walk));
  for (int32_t id = 0; id < int32_t(t.idSpan()); ++id)
    if (t.contains(id)) {
      const Shape s = t.shape(id);
      d.shapes.insert(d.shapes.end(), {double(id), s.a, s.b, s.c, s.d, double(s.kind)});
    }
  return d;
}

void expectValid(const TsTree& t) {
  std::string why;
  EXPECT_TRUE(t.validate(&why)) << why;
}

// A tree with its reference and the facade's shapes.
struct Pair {
  std::vector<Shape> fields;
  ts_oracle::ShapeOf shapeOf;
  Oracle oracle;
  TsTree tree;
  Facade facade;

  Pair(Rect bounds, double maxObjects, double minLevels, double maxLevels, int ids = 16)
      : fields(size_t(ids), rect(0, 0, 0, 0)),
        shapeOf([this](int32_t id) { return fields[size_t(id)]; }),
        oracle(bounds, maxObjects, minLevels, maxLevels, &shapeOf),
        tree(bounds, maxObjects, minLevels, maxLevels),
        facade{fields, maxObjects, maxLevels} {}

  Step insert(int32_t id, const Shape& s) {
    fields[size_t(id)] = s;
    oracle.insert(id);
    return facade.insert(tree, id);
  }
  bool remove(int32_t id, bool fast = false) {
    const bool want = oracle.remove(id, fast);
    const bool got = tree.remove(id, fast);
    EXPECT_EQ(got, want) << "remove " << id;
    return got;
  }
  void same(const std::string& where = "") {
    expectValid(tree);
    expectSameTree(tree, tree.root(), oracle, where.empty() ? "root" : where);
  }
};

const Rect kSquare{0, 0, 100, 100};

// The known cases.

TEST(TsTree, SplitsOnTheInsertPastMaxObjects) {
  Pair p(kSquare, 4, 0, 4);
  const Shape corners[] = {rect(10, 10, 5, 5), rect(80, 10, 5, 5), rect(10, 80, 5, 5), rect(80, 80, 5, 5), rect(20, 20, 5, 5)};
  for (int32_t id = 0; id < 4; ++id) {
    EXPECT_EQ(p.insert(id, corners[id]), Step::kDone);
    EXPECT_LT(p.tree.children(0), 0) << id;
  }
  EXPECT_EQ(list(p.tree, 0), (Ids{0, 1, 2, 3}));
  EXPECT_EQ(p.insert(4, corners[4]), Step::kDone);  // the fifth: over 4
  const int32_t c = p.tree.children(0);
  ASSERT_GE(c, 0);
  EXPECT_EQ(list(p.tree, 0), Ids{});
  EXPECT_EQ(list(p.tree, c + 0), Ids{1});
  EXPECT_EQ(list(p.tree, c + 1), (Ids{0, 4}));
  EXPECT_EQ(list(p.tree, c + 2), Ids{2});
  EXPECT_EQ(list(p.tree, c + 3), Ids{3});
  EXPECT_EQ(p.facade.asked, 1);  // the split needed the four others' shapes
  p.same();
}

TEST(TsTree, SplitsCascadeDownToMaxLevels) {
  Pair p(kSquare, 1, 0, 3);
  p.insert(0, rect(1, 1, 1, 1));
  p.insert(1, rect(2, 2, 1, 1));  // both in child 1 of child 1 of child 1: a split per level
  EXPECT_EQ(p.tree.stats().depth, 3);
  int32_t n = 0;
  for (int level = 0; level < 3; ++level) n = p.tree.children(n) + 1;
  EXPECT_EQ(list(p.tree, n), (Ids{0, 1}));  // level 3 = maxLevels: 2 > 1 but no split
  EXPECT_EQ(p.tree.nodeLevel(n), 3);
  p.same();
}

TEST(TsTree, AnObjectGoesToEveryQuadrantItsShapeMeets) {
  Pair p(kSquare, 10, 1, 4);  // the root split from the start
  const int32_t c = p.tree.children(0);
  p.insert(0, rect(40, 10, 20, 5));  // across the vertical midline, top: 0 and 1
  p.insert(1, rect(40, 40, 20, 20));  // across the centre: all four
  p.insert(2, circle(50, 80, 5));     // bottom, across the vertical midline: 2 and 3
  p.insert(3, line(10, 10, 90, 90));  // the diagonal: 1 and 3 (and 0 and 2 only at the centre point)
  EXPECT_EQ(list(p.tree, c + 0), (Ids{0, 1}));
  EXPECT_EQ(list(p.tree, c + 1), (Ids{0, 1, 3}));
  EXPECT_EQ(list(p.tree, c + 2), (Ids{1, 2}));
  EXPECT_EQ(list(p.tree, c + 3), (Ids{1, 2, 3}));
  EXPECT_EQ(p.tree.size(), 4);
  EXPECT_EQ(p.tree.linkCount(), 10u);
  p.same();
}

TEST(TsTree, ObjectsThatMeetNoChildAreLostAtInsertAndAtASplit) {
  {
    Pair p(kSquare, 10, 1, 4);
    const Shape lost[] = {circle(30, 30, 0), line(50, 10, 50, 40), circle(500, 500, 10), rect(50, 50, 0, 0)};
    for (int32_t id = 0; id < 4; ++id) {
      EXPECT_EQ(p.insert(id, lost[id]), Step::kDone);
      EXPECT_FALSE(p.tree.contains(id)) << id;
      EXPECT_EQ(p.tree.lostIds(), Ids{id});
    }
    EXPECT_EQ(p.tree.size(), 0);
    p.same();
  }
  {
    Pair p(kSquare, 1, 0, 4);
    p.insert(0, circle(30, 30, 0));  // the root is a leaf: kept whatever its shape
    EXPECT_TRUE(p.tree.contains(0));
    EXPECT_EQ(retrieve(p.tree, rect(90, 90, 1, 1)), Ids{0});  // a root leaf answers everything
    p.insert(1, line(50, 10, 50, 40));  // 2 > 1: the root splits, and neither meets a child
    EXPECT_EQ(p.tree.lostIds(), (Ids{0, 1}));
    EXPECT_EQ(p.tree.size(), 0);
    EXPECT_GE(p.tree.children(0), 0);
    p.insert(2, rect(10, 10, 5, 5));
    EXPECT_TRUE(p.tree.contains(2));
    p.same();
  }
  {
    Pair p(kSquare, 1, 0, 4);
    p.insert(0, circle(500, 500, 10));  // outside the bounds, in the root leaf
    EXPECT_EQ(p.insert(1, rect(10, 10, 5, 5)), Step::kDone);
    EXPECT_EQ(p.tree.lostIds(), Ids{0});  // dropped by the split
    EXPECT_FALSE(p.tree.contains(0));
    p.same();
  }
}

TEST(TsTree, DuplicatesAreStoredTwiceAndRemovedOneReferencePerCall) {
  Pair p(kSquare, 4, 0, 4);
  p.insert(0, rect(10, 10, 5, 5));
  p.insert(0, rect(10, 10, 5, 5));
  p.insert(1, rect(80, 80, 5, 5));
  EXPECT_EQ(list(p.tree, 0), (Ids{0, 0, 1}));
  EXPECT_EQ(p.tree.size(), 2);
  EXPECT_EQ(retrieve(p.tree, rect(0, 0, 100, 100)), (Ids{0, 1}));
  EXPECT_TRUE(p.remove(0, true));
  EXPECT_EQ(list(p.tree, 0), (Ids{0, 1}));
  EXPECT_TRUE(p.tree.contains(0));
  EXPECT_TRUE(p.tree.lostIds().empty());
  EXPECT_TRUE(p.remove(0, false));
  EXPECT_FALSE(p.tree.contains(0));
  EXPECT_EQ(p.tree.lostIds(), Ids{0});
  EXPECT_FALSE(p.remove(0, false));
  p.same();
  // Both references count towards maxObjects.
  Pair q(kSquare, 2, 0, 4);
  q.insert(0, rect(10, 10, 5, 5));
  q.insert(0, rect(10, 10, 5, 5));
  q.insert(1, rect(80, 80, 5, 5));
  EXPECT_GE(q.tree.children(0), 0);
  q.same();
}

TEST(TsTree, RemoveSaysWhetherTheRootHeldItAndTakesItFromEveryLeaf) {
  Pair p(kSquare, 1, 0, 4);
  p.insert(0, rect(40, 40, 20, 20));  // in all four once the root splits
  p.insert(1, rect(80, 80, 5, 5));
  ASSERT_GE(p.tree.children(0), 0);
  EXPECT_FALSE(p.remove(0, true));  // a split root's own list is empty
  EXPECT_FALSE(p.tree.contains(0));
  EXPECT_EQ(p.tree.lostIds(), Ids{0});
  EXPECT_GE(p.tree.children(0), 0);  // fast: no join
  p.same();
  p.tree.join();
  p.oracle.join();
  EXPECT_LT(p.tree.children(0), 0);  // one object left: the root joins
  EXPECT_EQ(list(p.tree, 0), Ids{1});
  EXPECT_TRUE(p.remove(1, false));
  p.same();
  // Not by the shape: an object moved in place is still found.
  Pair q(kSquare, 1, 0, 4);
  q.insert(0, rect(10, 10, 5, 5));
  q.insert(1, rect(80, 80, 5, 5));
  q.fields[0] = rect(80, 10, 5, 5);
  EXPECT_FALSE(q.remove(0, false));
  EXPECT_FALSE(q.tree.contains(0));
  q.same();
}

TEST(TsTree, RemovingAnAbsentObjectJoinsThreeCopiesBackIntoTheRoot) {
  Pair p(kSquare, 2, 0, 4);
  for (int i = 0; i < 3; ++i) p.insert(0, rect(1, 1, 1, 1));
  EXPECT_EQ(p.tree.stats().depth, 4);  // three references overflow every level
  p.same();
  EXPECT_FALSE(p.remove(7, false));
  EXPECT_LT(p.tree.children(0), 0);
  EXPECT_EQ(list(p.tree, 0), Ids{0});
  p.same();
}

TEST(TsTree, JoinListsEveryReferenceWithDuplicatesThenJoins) {
  Pair p(kSquare, 2, 0, 4);
  for (int i = 0; i < 3; ++i) p.insert(0, rect(1, 1, 1, 1));
  Ids got;
  ASSERT_TRUE(p.tree.joinList(got));
  EXPECT_EQ(got, (Ids{0, 0, 0}));
  EXPECT_EQ(p.oracle.join(), got);
  EXPECT_EQ(list(p.tree, 0), Ids{0});
  p.same();
  // The order of a joined node's list: first occurrences in pre-order.
  Pair q(kSquare, 3, 0, 4);
  q.insert(0, rect(80, 80, 5, 5));
  q.insert(1, rect(40, 40, 20, 20));
  q.insert(2, rect(10, 10, 5, 5));
  q.insert(3, rect(80, 10, 5, 5));
  ASSERT_GE(q.tree.children(0), 0);
  EXPECT_FALSE(q.remove(3, true));
  got.clear();
  ASSERT_TRUE(q.tree.joinList(got));
  EXPECT_EQ(got, q.oracle.join());
  EXPECT_EQ(got, (Ids{1, 1, 2, 1, 0, 1}));
  EXPECT_EQ(list(q.tree, 0), (Ids{1, 2, 0}));
  q.same();
}

TEST(TsTree, ClearKeepsTheNodesBelowMinLevels) {
  Pair p(kSquare, 1, 0, 4);
  for (int32_t id = 0; id < 8; ++id) p.insert(id, rect(id * 12.0, id * 11.0, 3, 3));
  ASSERT_GE(p.tree.children(0), 0);
  p.tree.clear();
  p.oracle.clear();
  EXPECT_EQ(p.tree.stats().nodes, 1);
  EXPECT_EQ(p.tree.size(), 0);
  EXPECT_TRUE(p.tree.lostIds().empty());
  p.same();
  Pair q(kSquare, 1, 2, 5);
  EXPECT_EQ(q.tree.stats().nodes, 21);
  for (int32_t id = 0; id < 12; ++id) q.insert(id, rect(id * 8.0, id * 7.5, 2, 2));
  EXPECT_GT(q.tree.stats().nodes, 21);
  q.tree.clear();
  q.oracle.clear();
  EXPECT_EQ(q.tree.stats().nodes, 21);
  EXPECT_EQ(q.tree.stats().depth, 2);
  q.same();
  // With minLevels NaN, `level >= minLevels` is false everywhere: clear keeps every node.
  Pair r(kSquare, 1, kNaN, 5);
  for (int32_t id = 0; id < 6; ++id) r.insert(id, rect(id * 15.0, id * 15.0, 2, 2));
  const int32_t nodes = r.tree.stats().nodes;
  r.tree.clear();
  r.oracle.clear();
  EXPECT_EQ(r.tree.stats().nodes, nodes);
  r.same();
}

// A kept session's tree serves the next one (boundary.cpp): reset() to other numbers, it is the
// tree a new one would be, for whatever comes next.
TEST(TsTree, ResetIsANewTreeWithTheArraysKept) {
  for (const double minLevels : {0.0, 2.0}) {
    TsTree used({-50, 20, 300, 200}, 1, 1, 6);
    std::vector<Shape> shapes;
    for (int32_t id = 0; id < 40; ++id) shapes.push_back(rect(id * 7.0 - 40, id * 4.0 + 20, 5, 3));
    for (int32_t id = 0; id < 40; ++id) {
      TsTree::Step s = used.insert(id, shapes[size_t(id)]);
      while (s == TsTree::Step::kNeedShapes) {
        for (int32_t o : used.wanted()) used.supply(o, shapes[size_t(o)]);
        s = used.resume();
      }
    }
    const size_t capacity = used.capacity();
    Pair p(kSquare, 3, minLevels, 4);
    ASSERT_TRUE(used.reset(kSquare, 3, minLevels, 4));
    EXPECT_EQ(used.capacity(), capacity);
    EXPECT_EQ(used.size(), 0);
    p.tree = std::move(used);
    p.same("after reset");
    expectValid(p.tree);
    for (int32_t id = 0; id < 12; ++id) p.insert(id, rect(id * 8.0, id * 7.5, 2, 2));
    p.same("filled after reset");
    expectValid(p.tree);
  }
}

TEST(TsTree, MinLevelsSplitsFromTheStartAndThoseNodesNeverJoin) {
  Pair p(kSquare, 10, 1.5, 4);
  EXPECT_EQ(p.tree.stats().nodes, 21);  // levels 0 and 1 are below 1.5
  EXPECT_EQ(p.tree.stats().depth, 2);
  p.insert(0, rect(10, 10, 5, 5));
  EXPECT_FALSE(p.remove(0, false));
  EXPECT_EQ(p.tree.stats().nodes, 21);
  p.same();
  Pair q(kSquare, 10, -1, 4);  // negative: nothing below it, the root joins
  EXPECT_EQ(q.tree.stats().nodes, 1);
}

TEST(TsTree, MaxObjectsIsAJavaScriptNumber) {
  {
    Pair p(kSquare, 0, 0, 2);  // every insert splits down to maxLevels
    p.insert(0, rect(1, 1, 1, 1));
    EXPECT_EQ(p.tree.stats().depth, 2);
    p.same();
    EXPECT_FALSE(p.remove(5, false));  // joins only an empty subtree
    p.same();
  }
  {
    Pair p(kSquare, -1, 0, 2);  // an empty leaf is over it too, but only an insert splits
    p.insert(0, rect(1, 1, 1, 1));
    EXPECT_EQ(p.tree.stats().depth, 2);
    EXPECT_FALSE(p.remove(0, false));
    EXPECT_EQ(p.tree.stats().depth, 2);  // nothing ever joins
    p.same();
  }
  {
    Pair p(kSquare, 2.5, 0, 4);
    p.insert(0, rect(1, 1, 1, 1));
    p.insert(1, rect(90, 1, 1, 1));
    EXPECT_LT(p.tree.children(0), 0);
    p.insert(2, rect(1, 90, 1, 1));  // 3 > 2.5
    EXPECT_GE(p.tree.children(0), 0);
    p.same();
  }
  {
    Pair p(kSquare, kNaN, 1, 4);  // count > NaN is false: no split; <= NaN too: no join
    for (int32_t id = 0; id < 12; ++id) p.insert(id, rect(1, 1, 1, 1));
    EXPECT_EQ(p.tree.stats().nodes, 5);
    Ids got;
    ASSERT_TRUE(p.tree.joinList(got));
    p.oracle.join();
    EXPECT_EQ(p.tree.stats().nodes, 5);
    EXPECT_EQ(list(p.tree, p.tree.children(0) + 1).size(), 12u);  // duplicates kept
    p.same();
  }
}

TEST(TsTree, MaxLevelsZeroOrNaNNeverSplits) {
  for (double maxLevels : {0.0, kNaN}) {
    Pair p(kSquare, 1, 0, maxLevels);
    for (int32_t id = 0; id < 10; ++id) p.insert(id, rect(id * 9.0, id * 9.0, 2, 2));
    EXPECT_EQ(p.tree.stats().nodes, 1);
    EXPECT_EQ(list(p.tree, 0).size(), 10u);
    p.same();
  }
}

TEST(TsTree, ChildBoundsAreThePackagesDoubles) {
  Pair p({0, 0, 99, 99}, 1, 2, 4);
  const int32_t c = p.tree.children(0);
  EXPECT_EQ(p.tree.nodeRect(c).x, 49.5);
  EXPECT_EQ(p.tree.nodeRect(c).w, 49.5);
  EXPECT_EQ(p.tree.nodeRect(p.tree.children(c + 3) + 3).x, 49.5 + 24.75);
  p.same();
  // The child's constructor takes `x || 0`: -Infinity + Infinity is NaN, which becomes 0.
  Pair q({-kInf, 0, kInf, 100}, 1, 1, 4);
  const int32_t d = q.tree.children(0);
  EXPECT_EQ(q.tree.nodeRect(d).x, 0.0);
  EXPECT_EQ(q.tree.nodeRect(d + 1).x, -kInf);
  q.same();
  EXPECT_EQ(qt::orZero(-0.0), 0.0);
  EXPECT_FALSE(std::signbit(qt::orZero(-0.0)));
}

TEST(TsTree, AnObjectMovedWithoutUpdateIsPlacedByItsNewShapeWhenItsLeafSplits) {
  Pair p(kSquare, 1, 0, 4);
  p.insert(0, rect(20, 20, 5, 5));  // top-left
  p.fields[0] = rect(75, 75, 5, 5);  // moved in place: the tree is not told
  Step s = p.tree.insert(1, p.fields[1] = rect(10, 10, 5, 5));
  p.oracle.insert(1);
  ASSERT_EQ(s, Step::kNeedShapes);
  EXPECT_EQ(p.tree.wanted(), Ids{0});
  p.tree.supply(0, p.fields[0]);
  EXPECT_EQ(p.tree.resume(), Step::kDone);
  const int32_t c = p.tree.children(0);
  EXPECT_EQ(list(p.tree, c + 3), Ids{0});
  EXPECT_EQ(list(p.tree, c + 1), Ids{1});
  EXPECT_EQ(p.tree.shape(0).a, 75);
  p.same();
}

TEST(TsTree, RetrieveGivesEachListThenTheChildrenDepthFirstEachObjectOnce) {
  Pair p(kSquare, 1, 0, 1);
  enum : int32_t { ALL, BL, BR, TL, TR };
  p.insert(ALL, rect(0, 0, 100, 100));
  p.insert(BL, rect(10, 60, 10, 10));
  p.insert(BR, rect(60, 60, 10, 10));
  p.insert(TL, rect(10, 10, 10, 10));
  p.insert(TR, rect(60, 10, 10, 10));
  EXPECT_EQ(retrieve(p.tree, rect(0, 0, 100, 100)), (Ids{ALL, TR, TL, BL, BR}));
  EXPECT_EQ(retrieve(p.tree, circle(20, 20, 5)), (Ids{ALL, TL}));
  EXPECT_EQ(retrieve(p.tree, line(10, 90, 90, 10)), p.oracle.retrieve(line(10, 90, 90, 10)));
  EXPECT_EQ(retrieve(p.tree, rect(500, 500, 1, 1)), (Ids{ALL, BR}));  // far off, but east and south
  EXPECT_EQ(retrieve(p.tree, rect(50, 50, 0, 0)), Ids{});  // on both midlines: no child
  p.same();
}

// locate(): the node whose list alone is retrieve()'s answer (what the facade keeps per leaf),
// and that answer, each id once.
TEST(TsTree, LocateFindsTheOneNodeWhoseListAnswersAQuery) {
  Pair p(kSquare, 3, 0, 4);
  p.insert(0, rect(10, 10, 5, 5));
  p.insert(0, rect(10, 10, 5, 5));  // twice
  const int32_t root = p.tree.root();
  EXPECT_EQ(p.tree.locate(rect(500, 500, 1, 1)), root);  // not split: the root, whatever the query
  p.insert(1, rect(60, 60, 5, 5));
  p.insert(2, rect(20, 20, 5, 5));  // four references: splits; 0 (twice) and 2 top-left, 1 bottom-right
  const int32_t c = p.tree.children(root);
  ASSERT_GE(c, 0);
  EXPECT_EQ(p.tree.locate(rect(5, 5, 30, 30)), c + 1);
  EXPECT_EQ(p.tree.locate(circle(70, 70, 3)), c + 3);
  EXPECT_EQ(p.tree.locate(rect(40, 40, 20, 20)), qt::kNoNode);  // four leaves
  EXPECT_EQ(p.tree.locate(rect(50, 50, 0, 0)), qt::kNoNode);    // none
  Ids out;
  ASSERT_TRUE(p.tree.distinctObjects(c + 1, out));
  EXPECT_EQ(out, (Ids{0, 2}));
  EXPECT_EQ(out, retrieve(p.tree, rect(5, 5, 30, 30)));
  p.same();
}

TEST(TsTree, ASplitAsksOnlyForShapesNotReadDuringTheCall) {
  Pair p(kSquare, 2, 1, 4);
  p.insert(0, rect(10, 10, 80, 5));  // across the top: children 0 and 1
  p.insert(1, rect(10, 20, 5, 5));   // top-left
  p.insert(2, rect(80, 20, 5, 5));   // top-right
  EXPECT_EQ(p.facade.asked, 0);
  p.fields[3] = rect(10, 30, 80, 5);  // across the top too
  p.oracle.insert(3);
  Step s = p.tree.insert(3, p.fields[3]);
  ASSERT_EQ(s, Step::kNeedShapes);  // child 0 first: 0, 2, 3
  EXPECT_EQ(p.tree.wanted(), (Ids{0, 2}));
  p.tree.supply(0, p.fields[0]);
  p.tree.supply(2, p.fields[2]);
  s = p.tree.resume();
  ASSERT_EQ(s, Step::kNeedShapes);  // then child 1: 0, 1, 3, and 0 was read already
  EXPECT_EQ(p.tree.wanted(), Ids{1});
  p.tree.supply(1, p.fields[1]);
  EXPECT_EQ(p.tree.resume(), Step::kDone);
  p.same();
  // Abandoned half way: as before the call.
  const Dump before = dump(p.tree);
  ASSERT_EQ(p.tree.insert(4, rect(10, 12, 80, 20)), Step::kNeedShapes);
  EXPECT_TRUE(p.tree.busy());
  p.tree.abandon();
  EXPECT_FALSE(p.tree.busy());
  EXPECT_FALSE(p.tree.outOfMemory());
  EXPECT_TRUE(dump(p.tree) == before);
  p.same();
  // Another change abandons it too.
  ASSERT_EQ(p.tree.insert(4, rect(10, 12, 80, 20)), Step::kNeedShapes);
  EXPECT_FALSE(p.remove(9, true));
  p.same();
}

TEST(TsTree, EveryChangeBumpsTheVersionAndNoQueryDoes) {
  Pair p(kSquare, 2, 0, 4);
  uint32_t v = p.tree.version();
  auto bumped = [&] {
    const bool b = p.tree.version() != v;
    v = p.tree.version();
    return b;
  };
  for (int32_t id = 0; id < 6; ++id) {
    p.insert(id, rect(id * 15.0, id * 15.0, 3, 3));
    EXPECT_TRUE(bumped());
  }
  retrieve(p.tree, rect(0, 0, 50, 50));
  Ids out;
  p.tree.preorderLists(out);
  expectValid(p.tree);
  EXPECT_FALSE(bumped());
  p.tree.remove(3, true);
  EXPECT_TRUE(bumped());
  p.tree.remove(3, true);  // absent, fast: nothing
  EXPECT_FALSE(bumped());
  p.tree.clear();
  EXPECT_TRUE(bumped());
}

// The randomized differential.

struct Options {
  Rect bounds;
  double maxObjects, minLevels, maxLevels;
};

struct Scenario {
  std::mt19937 rng;
  Options c;
  Pair p;
  const int kIds;
  std::set<int32_t> known;  // the ids the facade holds: inserted, not reported lost

  Scenario(const Options& o, uint32_t seed, int ids)
      : rng(seed), c(o), p(o.bounds, o.maxObjects, o.minLevels, o.maxLevels, ids), kIds(ids) {}

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
  double real(double lo, double hi) { return lo + (hi - lo) * std::uniform_real_distribution<double>(0, 1)(rng); }
  static double finite(double v, double otherwise) { return std::isfinite(v) ? v : otherwise; }

  Rect anyBounds() {
    const Oracle* o = &p.oracle;
    while (!o->nodes.empty() && pick(3) != 0) o = o->nodes[size_t(pick(4))].get();
    const Rect b = o->bounds;
    return {finite(b.x, 0), finite(b.y, 0), finite(b.w, 64), finite(b.h, 64)};
  }

  Shape shape() {
    const Rect b = anyBounds();
    const double vm = b.x + b.w / 2, hm = b.y + b.h / 2;
    const double W = std::max(std::abs(finite(c.bounds.w, 64)), 8.0), H = std::max(std::abs(finite(c.bounds.h, 64)), 8.0);
    const double X = finite(c.bounds.x, 0), Y = finite(c.bounds.y, 0);
    const double w = real(0, std::max(std::abs(b.w), 1.0) / 3), h = real(0, std::max(std::abs(b.h), 1.0) / 3);
    const double x = real(b.x, b.x + b.w), y = real(b.y, b.y + b.h);
    switch (pick(3)) {
      case 0:
        switch (pick(9)) {
          case 0: return rect(x, y, w, h);
          case 1: return rect(vm, y, w, h);      // starts on the vertical midline
          case 2: return rect(vm - w, y, w, h);  // ends on it
          case 3: return rect(vm, hm, 0, 0);     // a point on the centre
          case 4: return rect(x, hm - (pick(2) ? h : 0), w, pick(3) ? h : 0);
          case 5: return rect(X + W * (pick(2) ? 3 : -3), Y + real(-H, 2 * H), w, h);  // outside
          case 6: return rect(real(X - W, X + 2 * W), real(Y - H, Y + 2 * H), real(0, W), real(0, H));
          case 7: return rect(x, y, -w, h);  // negative width: used as given
          default: return rect(double(pick(9)) * W / 8 + X, double(pick(9)) * H / 8 + Y, double(pick(3)) * W / 8, double(pick(3)) * H / 8);
        }
      case 1:
        switch (pick(7)) {
          case 0: return circle(x, y, real(0, std::abs(b.w) / 4));
          case 1: return circle(x, y, 0);                     // meets nothing
          case 2: return circle(vm - w, y, w);                // touches the vertical midline
          case 3: return circle(vm, hm, real(0, std::abs(b.w)));  // on the centre
          case 4: return circle(X + W * 4, Y + H * 4, real(0, W));  // outside
          case 5: return circle(x, y, pick(4) ? -w : kNaN);
          default: return circle(double(pick(9)) * W / 8 + X, double(pick(9)) * H / 8 + Y, double(pick(3)) * W / 16);
        }
      default:
        switch (pick(8)) {
          case 0: return line(x, y, real(b.x, b.x + b.w), real(b.y, b.y + b.h));
          case 1: return line(vm, y, vm, real(b.y, b.y + b.h));  // on the vertical midline
          case 2: return line(x, hm, real(b.x, b.x + b.w), hm);  // on the horizontal one
          case 3: return line(x, y, x, y);                       // a point
          case 4: return line(b.x, b.y, b.x + b.w, b.y + b.h);   // corner to corner
          case 5: return line(X - W, Y + real(0, H), X + 2 * W, Y + real(0, H));  // across everything
          case 6: return line(X + 3 * W, Y, X + 4 * W, Y + H);   // outside
          default: return line(double(pick(9)) * W / 8 + X, double(pick(9)) * H / 8 + Y, double(pick(9)) * W / 8 + X, double(pick(9)) * H / 8 + Y);
        }
    }
  }

  void forgetLost() {
    for (int32_t id : p.tree.lostIds()) {
      ASSERT_FALSE(p.tree.contains(id)) << id;
      ASSERT_TRUE(known.erase(id)) << "lost twice or never held: " << id;
    }
  }

  void insert(int32_t id) {
    p.oracle.insert(id);
    ASSERT_EQ(p.facade.insert(p.tree, id), Step::kDone);
    known.insert(id);
    forgetLost();
  }

  void check(const std::string& step) {
    std::string why;
    ASSERT_TRUE(p.tree.validate(&why)) << step << ": " << why;
    expectSameTree(p.tree, p.tree.root(), p.oracle, step);
    const Ids held = p.oracle.held();
    ASSERT_EQ(p.tree.size(), int32_t(held.size())) << step;
    for (int32_t id = 0; id < kIds; ++id) {
      const bool in = std::binary_search(held.begin(), held.end(), id);
      ASSERT_EQ(p.tree.contains(id), in) << step << " id " << id;
      ASSERT_EQ(known.count(id) != 0, in) << step << " the facade's view of id " << id;
    }
    Ids got, want;
    p.tree.preorderLists(got);
    preorderLists(p.oracle, want);
    ASSERT_EQ(got, want) << step;
  }

  void step(int op) {
    const int32_t id = pick(kIds);
    const std::string name = "op " + std::to_string(op);
    switch (pick(16)) {
      case 0: case 1: case 2: case 3: case 4:  // insert: new, again, or again with another shape
        if (!known.count(id) || pick(2)) p.fields[size_t(id)] = shape();
        insert(id);
        break;
      case 5: case 6: {  // objects moved in place, nobody told
        for (int i = 1 + pick(3); i > 0; --i) p.fields[size_t(pick(kIds))] = shape();
        break;
      }
      case 7: case 8: {
        const bool fast = pick(2);
        ASSERT_EQ(p.tree.remove(id, fast), p.oracle.remove(id, fast)) << name << " remove " << id;
        forgetLost();
        break;
      }
      case 9: case 10: {  // update(obj, fast) = remove(obj, fast) + insert(obj)
        const bool fast = pick(2);
        if (pick(3)) p.fields[size_t(id)] = shape();
        ASSERT_EQ(p.tree.remove(id, fast), p.oracle.remove(id, fast)) << name << " update's remove";
        forgetLost();
        if (::testing::Test::HasFatalFailure()) return;
        insert(id);
        break;
      }
      case 11: {
        Ids got;
        ASSERT_TRUE(p.tree.joinList(got));
        ASSERT_EQ(got, p.oracle.join()) << name << " join";
        ASSERT_TRUE(p.tree.lostIds().empty());
        break;
      }
      case 12:
        if (pick(4)) break;
        p.tree.clear();
        p.oracle.clear();
        known.clear();
        break;
      default:
        for (int i = 0; i < 3; ++i) {
          const Shape q = shape();
          ASSERT_EQ(retrieve(p.tree, q), p.oracle.retrieve(q)) << name << " retrieve";
        }
    }
    if (::testing::Test::HasFatalFailure()) return;
    check(name);
  }
};

Options randomOptions(std::mt19937& rng) {
  auto any = [&](std::initializer_list<double> v) { return *(v.begin() + std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)); };
  const Rect bounds[] = {{0, 0, 800, 600}, {3, 7, 99, 11}, {0.5, 0.25, 99.7, 33.3}, {-100, -50, 201, 103},
                         {0, 0, 1e10, 3e9}, {0, 0, 0, 0}, {0, 0, 1, 1}, {-7, -3, 13, 9}, {-kInf, 0, kInf, 100}};
  Options o;
  o.bounds = bounds[std::uniform_int_distribution<int>(0, 8)(rng)];
  o.maxObjects = any({0, 1, 1, 2, 2, 3, 4, 5, 8, 12, 2.5, 0.5, -1, kNaN});
  for (;;) {
    o.minLevels = any({0, 0, 0, 1, 1.5, 2, 3, -1, kNaN});
    // Few objects a leaf: duplicates and spanning objects split leaves down to maxLevels, 4^levels
    // of them. Those trees are kept small enough to compare whole after every call.
    o.maxLevels = o.maxObjects < 1   ? any({0, 1, 2, 3, 4, kNaN})
                  : o.maxObjects < 4 ? any({0, 1, 2, 3, 4, 5, 6, 2.5, kNaN})
                                     : any({0, 1, 2, 3, 4, 5, 6, 8, 2.5, kNaN});
    if (!(o.minLevels > o.maxLevels)) return o;  // the facade refuses minLevels > maxLevels
  }
}

// Sequences `first` .. `last` (each its own options, seed and number of ids), every call checked.
void matchTheReference(int first, int last) {
  int asked = 0;
  for (int seed = first; seed <= last; ++seed) {
    std::mt19937 options(uint32_t(seed) * 7919u + 20240531u);
    const Options o = randomOptions(options);
    SCOPED_TRACE("seed " + std::to_string(seed) + ": maxObjects " + std::to_string(o.maxObjects) + " minLevels " +
                 std::to_string(o.minLevels) + " maxLevels " + std::to_string(o.maxLevels) + " bounds " +
                 std::to_string(o.bounds.x) + " " + std::to_string(o.bounds.w));
    Scenario s(o, uint32_t(seed), 12 + seed % 13);
    s.check("new");
    for (int op = 0; op < 100; ++op) {
      s.step(op);
      if (::testing::Test::HasFatalFailure()) return;
    }
    asked += s.p.facade.asked;
  }
  EXPECT_GT(asked, 3 * (last - first + 1));  // the questions were exercised
}

// Two halves, so that ctest runs them side by side.
TEST(TsTree, MatchesTheReferenceOverSeededRandomSequences) { matchTheReference(1, 3000); }
TEST(TsTree, MatchesTheReferenceOverMoreSeededRandomSequences) { matchTheReference(3001, 6000); }

// Running out of memory (memory_guard.h's budget): a refused call changes nothing.

struct Budget {
  explicit Budget(size_t bytes) { qt::setHeapBudgetForTests(bytes); }
  ~Budget() { qt::setHeapBudgetForTests(SIZE_MAX); }
};

TEST(TsTree, ACallThatFindsNoRoomChangesNothing) {
  int refused = 0, refusedAfterAsking = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Scenario s({{0, 0, 800, 600}, 1 + double(seed % 3), double(seed % 2), 6}, seed, 30);
    for (int op = 0; op < 40; ++op) s.step(op);
    if (::testing::Test::HasFatalFailure()) return;
    const Dump before = dump(s.p.tree);
    const int32_t id = int32_t(seed % 30);
    Step got;
    int asked = 0;
    {
      Budget none(seed % 5 == 0 ? 0 : (seed * 53) % 900);
      s.p.fields[size_t(id)] = seed % 2 ? rect(1, 1, 798, 598) : line(0, 0, 800, 600);
      for (int32_t o = 0; o < 30; ++o)  // every other object moved: questions at every split
        if (o != id && o % 2) s.p.fields[size_t(o)] = rect(800.0 - o * 20, 600.0 - o * 15, 4, 4);
      const int before = s.p.facade.asked;
      got = s.p.facade.insert(s.p.tree, id);
      asked = s.p.facade.asked - before;
    }
    if (got == Step::kDone) {
      ASSERT_FALSE(s.p.tree.outOfMemory());
      continue;  // it fit
    }
    ASSERT_EQ(got, Step::kNoRoom);
    ++refused;
    refusedAfterAsking += asked > 0;
    EXPECT_TRUE(s.p.tree.outOfMemory());
    EXPECT_FALSE(s.p.tree.outOfMemory());  // reported once
    EXPECT_TRUE(dump(s.p.tree) == before);
    EXPECT_TRUE(s.p.tree.lostIds().empty());
    expectValid(s.p.tree);
    // Still the reference's tree (which never saw the insert), and usable: the moved objects'
    // new shapes are asked for when their leaves split.
    s.check("after no room");
    for (int op = 0; op < 40; ++op) s.step(1000 + op);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GE(refused, 15);
  EXPECT_GE(refusedAfterAsking, 3);
}

TEST(TsTree, RemoveJoinClearAndQueriesNeedNoNewMemory) {
  Scenario s({{0, 0, 800, 600}, 2, 1, 6}, 7, 30);
  for (int32_t id = 0; id < 30; ++id) {
    s.p.fields[size_t(id)] = s.shape();
    s.insert(id);
  }
  Ids joined, found;
  joined.reserve(1000);
  found.reserve(1000);
  std::vector<bool> removed;
  {
    Budget none(0);
    for (int32_t id = 0; id < 30; id += 3) removed.push_back(s.p.tree.remove(id, id % 2 == 0));
    EXPECT_TRUE(s.p.tree.joinList(joined));
    EXPECT_TRUE(s.p.tree.retrieve(rect(0, 0, 400, 300), found));
  }
  for (int32_t id = 0, i = 0; id < 30; id += 3, ++i) EXPECT_EQ(removed[size_t(i)], s.p.oracle.remove(id, id % 2 == 0));
  for (int32_t id = 0; id < 30; id += 3) s.known.erase(id);
  EXPECT_EQ(joined, s.p.oracle.join());
  EXPECT_EQ(found, s.p.oracle.retrieve(rect(0, 0, 400, 300)));
  EXPECT_FALSE(s.p.tree.outOfMemory());
  s.check("removed under no budget");
  {
    Budget none(0);
    s.p.tree.clear();
  }
  s.p.oracle.clear();
  s.known.clear();
  s.check("cleared under no budget");
}

TEST(TsTree, ASkeletonThatFindsNoRoomIsTheRootAlone) {
  Budget some(1024);  // room for the root's arrays, not for minLevels 3's 85 nodes
  TsTree t(kSquare, 4, 3, 5);
  EXPECT_TRUE(t.outOfMemory());
  EXPECT_EQ(t.stats().nodes, 1);
  std::string why;
  EXPECT_TRUE(t.validate(&why) || why.find("below minLevels") != std::string::npos) << why;
}

// Without room for the root's arrays there is no root: the tree says so, and is only to be
// dropped, as its session does (boundary.cpp; tests/core/memory_test.cpp).
TEST(TsTree, ARootThatFindsNoRoomIsNotPlanted) {
  Budget none(0);
  TsTree t(kSquare, 4, 3, 5);
  EXPECT_TRUE(t.outOfMemory());
}

// Updates every frame (remove, not fast, then insert) of many objects in a deep tree, the
// incremental join's everyday case: the tree stays valid and holds every object (the cost is
// bench/'s to measure: npm run bench, workload w7).
TEST(TsTree, ManyUpdatesInADeepTreeKeepItValid) {
  const int32_t kObjects = 20000;
  std::vector<Shape> fields(kObjects);
  std::mt19937 rng(11);
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  TsTree t({0, 0, 4096, 4096}, 8, 0, 8);
  Facade f{fields, 8, 8, false};
  for (int32_t id = 0; id < kObjects; ++id) {
    fields[size_t(id)] = id % 3 ? rect(real(0, 4090), real(0, 4090), real(1, 6), real(1, 6)) : circle(real(0, 4096), real(0, 4096), real(1, 5));
    ASSERT_EQ(f.insert(t, id), Step::kDone);
  }
  for (int frame = 0; frame < 2; ++frame)
    for (int32_t id = 0; id < kObjects; ++id) {
      Shape& s = fields[size_t(id)];
      s.a = std::min(4090.0, std::max(0.0, s.a + real(-4, 4)));
      s.b = std::min(4090.0, std::max(0.0, s.b + real(-4, 4)));
      t.remove(id, false);
      ASSERT_EQ(f.insert(t, id), Step::kDone);
    }
  EXPECT_EQ(t.size(), kObjects);
  expectValid(t);
}

}  // namespace
