// Assertions that compare the core with the reference model (oracle.h), and one for validate().
// Each returns a ::testing::AssertionResult that names the first difference, so a failing random
// scenario says where it went wrong and not just that it did.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "oracle.h"
#include "quadtree/quadtree.h"

namespace qttest {

inline std::string show(const qt::Rect& r) {
  std::ostringstream s;
  s.precision(17);
  s << "{" << r.x << ", " << r.y << ", " << r.w << ", " << r.h << "}";
  return s.str();
}

inline std::string show(const std::vector<int32_t>& ids) {
  std::ostringstream s;
  s << "[";
  for (size_t i = 0; i < ids.size(); ++i) s << (i ? ", " : "") << ids[i];
  s << "]";
  return s.str();
}

// tree.validate() with its reason on failure: EXPECT_TRUE(Valid(tree)).
inline ::testing::AssertionResult Valid(const qt::Quadtree& tree) {
  std::string why;
  if (tree.validate(&why)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "validate() failed: " << why;
}

inline bool sameRect(const qt::Rect& a, const qt::Rect& b) {
  return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

// A core node index paired with the model's node at the same place.
using Pair = std::pair<int32_t, const oracle::Quadtree*>;

// Every node below `node` (itself first), in depth-first child order, paired with the model's.
// Assumes the two trees have the same shape (check SameTree first).
inline std::vector<Pair> pairNodes(const qt::Quadtree& tree, int32_t node,
                                   const oracle::Quadtree& model) {
  std::vector<Pair> out, stack{{node, &model}};
  while (!stack.empty()) {
    Pair p = stack.back();
    stack.pop_back();
    out.push_back(p);
    const int32_t c = tree.children(p.first);
    if (c >= 0 && p.second->nodes.size() == 4)
      for (int q = 3; q >= 0; --q) stack.push_back({c + q, p.second->nodes[q].get()});
  }
  return out;
}

// A node's place below the root of a comparison, as "root/0/3/..." (2 bits a level).
struct Path {
  uint64_t bits = 0;
  int depth = 0;
  Path child(int q) const { return {bits << 2 | uint64_t(q), depth + 1}; }
  std::string text() const {
    std::string s = "root";
    for (int d = depth - 1; d >= 0; --d) s += "/" + std::to_string((bits >> (2 * d)) & 3);
    return s;
  }
};

// Same shape, same rects (bit for bit), same levels, same lists in the same order.
inline ::testing::AssertionResult SameTree(const qt::Quadtree& tree, const oracle::Quadtree& model,
                                           int32_t node = 0) {
  struct Item {
    int32_t n;
    const oracle::Quadtree* m;
    Path path;
  };
  std::vector<Item> stack{{node, &model, {}}};
  std::vector<int32_t> own;
  while (!stack.empty()) {
    const Item item = stack.back();
    stack.pop_back();
    const int32_t n = item.n;
    const oracle::Quadtree* m = item.m;
    auto differ = [&] { return ::testing::AssertionFailure() << item.path.text() << ": "; };
    if (!tree.isNode(n)) return differ() << n << " is not a live node";
    if (!sameRect(tree.nodeRect(n), m->bounds))
      return differ() << "rect " << show(tree.nodeRect(n)) << ", model " << show(m->bounds);
    if (tree.nodeLevel(n) != m->level)
      return differ() << "level " << tree.nodeLevel(n) << ", model " << m->level;
    own.clear();
    tree.nodeObjects(n, own);
    bool same = own.size() == m->objects.size();
    for (size_t i = 0; same && i < own.size(); ++i) same = own[i] == m->objects[i].id;
    if (!same) return differ() << "objects " << show(own) << ", model " << show(m->ids());
    const int32_t c = tree.children(n);
    if ((c >= 0) != !m->nodes.empty())
      return differ() << (c >= 0 ? "split" : "leaf") << ", model " << (m->nodes.empty() ? "leaf" : "split");
    if (c >= 0)
      for (int q = 3; q >= 0; --q) stack.push_back({c + q, m->nodes[q].get(), item.path.child(q)});
  }
  return ::testing::AssertionSuccess();
}

// retrieve() at `node` with quadtree-js's de-dup rule (within each subtree whose level is 0)
// against the model's retrieve().
inline ::testing::AssertionResult SameRetrieve(qt::Quadtree& tree, int32_t node,
                                               const oracle::Quadtree& model, const qt::Rect& q) {
  std::vector<int32_t> got;
  tree.retrieve(node, q, true, got);
  const std::vector<int32_t> want = model.retrieve(q);
  if (got == want) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "retrieve(" << show(q) << ") at node " << node << " gave "
                                       << show(got) << ", model " << show(want);
}

}  // namespace qttest
