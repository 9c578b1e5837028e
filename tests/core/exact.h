// The exact queries (search, collides, pairs) of a Quadtree or TutorialTree as a session answers
// them: from an ExactIndex (exact_index.h) made from the tree's objects and latest rects. For the
// tests that check a tree's objects and rects through those answers.
#pragma once

#include <cstdint>
#include <vector>

#include "session/exact_index.h"
#include "base/memory_guard.h"

namespace qttest {

// What ExactIndex::ensure() takes: every object of `t` with its latest rect (as a shape).
template <class Tree>
auto objectsOf(Tree& t) {
  return [&t](auto visit) {
    for (int32_t id = 0; id < int32_t(t.idSpan()); ++id) {
      if (!t.contains(id)) continue;
      const qt::Rect& r = t.rectTable()[id];
      visit(id, qt::Shape{r.x, r.y, r.w, r.h, qt::kShapeRect});
    }
  };
}

// The index is the test's, not the tree's: made and read outside any heap budget a test set.
struct NoBudget {
  const size_t was = qt::heapBudgetForTests();
  NoBudget() { qt::setHeapBudgetForTests(SIZE_MAX); }
  ~NoBudget() { qt::setHeapBudgetForTests(was); }
};

template <class Tree>
qt::LinearQuadtree& exactIndexOf(Tree& t, qt::ExactIndex& index) {
  index.drop();
  index.ensure(t.size(), t.nodeRect(t.root()), objectsOf(t));
  return *index.tree();
}

template <class Tree>
void search(Tree& t, const qt::Rect& q, std::vector<int32_t>& out) {
  NoBudget free;
  qt::ExactIndex index;
  exactIndexOf(t, index).search(q, out);
}

template <class Tree>
bool collides(Tree& t, const qt::Rect& q) {
  NoBudget free;
  qt::ExactIndex index;
  return exactIndexOf(t, index).collides(q);
}

template <class Tree>
void pairs(Tree& t, std::vector<int32_t>& out) {
  NoBudget free;
  qt::ExactIndex index;
  exactIndexOf(t, index).pairs(out);
}

// A LinearQuadtree is its own index.
inline void search(qt::LinearQuadtree& t, const qt::Rect& q, std::vector<int32_t>& out) { t.search(q, out); }
inline bool collides(qt::LinearQuadtree& t, const qt::Rect& q) { return t.collides(q); }
inline void pairs(qt::LinearQuadtree& t, std::vector<int32_t>& out) { t.pairs(out); }

}  // namespace qttest
