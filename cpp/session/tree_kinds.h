// The kinds of tree a session can hold, the interface each provides, and the one dispatch point.
//
// A kind is a class with the calls below, checked here at compile time for every alternative of
// Tree, and a kFeatures constant (node_tree.h's TreeFeature) that says which optional groups of
// calls it has. The session reaches its tree only through visitTree(): a call that needs a
// feature the tree's kind lacks answers kUnsupported (abi.h) there, and runs no code of any
// other kind. A new kind: implement the interface, add it to Tree (and a way to create it to
// boundary.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "base/abi.h"
#include "linear/linear_quadtree.h"
#include "quadtree/quadtree.h"
#include "ts/ts_tree.h"
#include "tutorial/tutorial_tree.h"

namespace qt {

// A core holds the kinds one family of entries needs (CMakeLists.txt): QT_CORE_RECTS the rect
// trees (dist/quadtree.*), QT_CORE_TS quadtree-ts's (dist/quadtree-ts.*), QT_CORE_TS_PLUS
// quadtree-ts's with the exact queries (dist/quadtree-ts-plus.*: a TsTree's through its session's
// exact index, and a LinearQuadtree for those of a tree the facade runs in JavaScript); without
// any, every kind (the native tests, the fuzzer, the capped test build). Each has the calls of
// abi.h's QT_CALLS marked for it. QT_TS_EXACT: whether a TsTree session keeps its exact index in
// step with its changes (the cores that answer its exact queries).
#if defined(QT_CORE_RECTS)
using Tree = std::variant<Quadtree, TutorialTree, LinearQuadtree>;
#define QT_HAS_RECTS 1
#define QT_HAS_LINEAR 1
#define QT_HAS_TS 0
#define QT_TS_EXACT 0
#elif defined(QT_CORE_TS)
using Tree = std::variant<TsTree>;
#define QT_HAS_RECTS 0
#define QT_HAS_LINEAR 0
#define QT_HAS_TS 1
#define QT_TS_EXACT 0
#elif defined(QT_CORE_TS_PLUS)
using Tree = std::variant<TsTree, LinearQuadtree>;
#define QT_HAS_RECTS 0
#define QT_HAS_LINEAR 1
#define QT_HAS_TS 1
#define QT_TS_EXACT 1
#else
using Tree = std::variant<Quadtree, TutorialTree, LinearQuadtree, TsTree>;
#define QT_HAS_RECTS 1
#define QT_HAS_LINEAR 1
#define QT_HAS_TS 1
#define QT_TS_EXACT 1
#endif

namespace kinds {
template <class T>
T& a();  // (declared only: for the checks below)
using Ids = std::vector<int32_t>;

template <class T, class R, class Call>
constexpr bool returns(Call) {
  return std::is_same_v<std::invoke_result_t<Call, T&>, R>;
}

// Every kind: membership by id, clear, a version the facade's caches compare, the out-of-memory
// report, the counts, the node rows and the checks.
template <class T>
constexpr bool providesTree() {
  static_assert(std::is_same_v<decltype(T::kFeatures), const unsigned>, "kFeatures: which optional calls it has");
  static_assert(returns<T, bool>([](T& t) { return t.contains(0); }), "contains(id)");
  static_assert(returns<T, void>([](T& t) { return t.clear(); }), "clear()");
  static_assert(returns<T, int32_t>([](T& t) { return t.size(); }), "size(): objects held");
  static_assert(returns<T, const uint32_t*>([](T& t) { return t.versionAt(); }), "versionAt(): the version's address");
  static_assert(returns<T, uint32_t>([](T& t) { return t.version(); }), "version()");
  static_assert(returns<T, bool>([](T& t) { return t.outOfMemory(); }), "outOfMemory(): reported once");
  static_assert(returns<T, Stats>([](T& t) { return t.stats(); }), "stats()");
  static_assert(returns<T, bool>([](T& t) { return t.validate(nullptr); }), "validate(why)");
  static_assert(returns<T, size_t>([](T& t) { return t.validateBytes(); }), "validateBytes(): what validate() allocates");
  static_assert(returns<T, bool>([](T& t) { return t.nodeWalk(a<std::vector<double>>()); }),
                "nodeWalk(out): kWalkRow numbers a node; false: no room");
  return true;
}

// kRects: objects are rects, inserted in batches, moved and removed by id; the exact queries read
// their latest rects.
template <class T>
constexpr bool providesRects() {
  static_assert(returns<T, int32_t>([](T& t) { return t.insertAll((const int32_t*)0, (const double*)0, 0); }),
                "insertAll(ids, rects, count): how many it stored, in order, before memory ran out");
  static_assert(returns<T, bool>([](T& t) { return t.update(0, Rect{}); }), "update(id, rect): re-placed (or inserted)");
  static_assert(returns<T, bool>([](T& t) { return t.remove(0); }), "remove(id)");
  static_assert(returns<T, const Rect*>([](T& t) { return t.rectTable(); }), "rectTable(): each id's latest rect");
  static_assert(returns<T, size_t>([](T& t) { return t.rectTableSize(); }), "rectTableSize()");
  // The session's exact index reads a kind's objects unless the kind answers exact queries itself.
  static_assert((T::kFeatures & (kNodes | kExactSelf)) != 0, "objects() for the exact index, or its own");
  return true;
}

// kShapes: quadtree-ts's calls (ts_tree.h).
template <class T>
constexpr bool providesShapes() {
  static_assert(returns<T, TsTree::Step>([](T& t) { return t.insert(0, Shape{}); }), "insert(id, shape)");
  static_assert(returns<T, TsTree::Step>([](T& t) { return t.resume(); }), "resume()");
  static_assert(returns<T, void>([](T& t) { return t.supply(0, Shape{}); }), "supply(id, shape)");
  static_assert(returns<T, void>([](T& t) { return t.abandon(); }), "abandon()");
  static_assert(returns<T, const std::vector<int32_t>&>([](T& t) -> const std::vector<int32_t>& { return t.wanted(); }), "wanted()");
  static_assert(returns<T, bool>([](T& t) { return t.retrieve(Shape{}, a<Ids>()); }), "retrieve(query, out)");
  static_assert(returns<T, int32_t>([](T& t) { return t.locate(Shape{}); }), "locate(query): the node that answers, or kNoNode");
  static_assert(returns<T, bool>([](T& t) { return t.distinctObjects(0, a<Ids>()); }), "distinctObjects(node, out)");
  static_assert(returns<T, bool>([](T& t) { return t.remove(0, false); }), "remove(id, fast)");
  static_assert(returns<T, bool>([](T& t) { return t.joinList(a<Ids>()); }), "joinList(out)");
  static_assert(returns<T, bool>([](T& t) { return t.preorderLists(a<Ids>()); }), "preorderLists(out)");
  static_assert(returns<T, const std::vector<int32_t>&>([](T& t) -> const std::vector<int32_t>& { return t.lostIds(); }), "lostIds()");
  return true;
}

// kNodes: nodes the facade addresses by index; the kind can be reset for another tree.
template <class T>
constexpr bool providesNodes() {
  static_assert(returns<T, int32_t>([](T& t) { return t.root(); }), "root()");
  static_assert(returns<T, void>([](T& t) { return t.insert(0, 0, Rect{}); }), "insert(node, id, rect)");
  static_assert(returns<T, Answer>([](T& t) { return t.retrieve(0, Rect{}, true, a<Ids>(), (int32_t*)0); }),
                "retrieve(node, rect, dedup, out, kept)");
  static_assert(returns<T, int32_t>([](T& t) { return t.locate(0, Rect{}, true); }),
                "locate(node, rect, dedup): the node whose list answers, or kNoNode");
  static_assert(returns<T, bool>([](T& t) { return t.allObjects(0, a<Ids>()); }), "allObjects(node, out)");
  static_assert(returns<T, bool>([](T& t) { return t.nodeObjects(0, a<Ids>()); }), "nodeObjects(node, out)");
  static_assert(returns<T, int32_t>([](T& t) { return t.children(0); }), "children(node): the first, or kNoNode");
  static_assert(returns<T, const Rect&>([](T& t) -> const Rect& { return t.nodeRect(0); }), "nodeRect(node)");
  static_assert(returns<T, double>([](T& t) { return t.nodeLevel(0); }), "nodeLevel(node)");
  static_assert(returns<T, void>([](T& t) { return t.clearNode(0); }), "clearNode(node)");
  static_assert(returns<T, void>([](T& t) { return t.reset(Rect{}, 0.0, 0.0, 0.0); }),
                "reset(bounds, maxObjects, maxLevels, level): as new, capacity kept");
  static_assert(returns<T, const ObjectTable&>([](T& t) -> const ObjectTable& { return t.objects(); }),
                "objects(): what the session's exact index reads");
  return true;
}

template <class T>
constexpr bool providesLeafGrid() {
  static_assert(returns<T, Quadtree::LeafGrid>([](T& t) { return t.leafGrid(); }), "leafGrid()");
  return true;
}

template <class T>
constexpr bool providesPaths() {
  static_assert(returns<T, bool>([](T& t) { return t.pathObjects(0, a<Ids>()); }), "pathObjects(node, out)");
  static_assert(returns<T, bool>([](T& t) { return t.preorder(0, a<Ids>()); }), "preorder(node, out)");
  static_assert(returns<T, int32_t>([](T& t) { return t.refresh((const int32_t*)0, (const double*)0, 0, (const int32_t*)0, 0); }),
                "refresh(changedIds, rects, changed, deadPositions, dead)");
  static_assert(returns<T, const std::vector<int32_t>&>([](T& t) -> const std::vector<int32_t>& { return t.removedIds(); }),
                "removedIds()");
  return true;
}

template <class T>
constexpr bool providesMovesLater() {
  static_assert(returns<T, bool>([](T& t) { return t.moveLater(0, Rect{}); }), "moveLater(id, rect)");
  static_assert(returns<T, bool>([](T& t) { return t.settled(); }), "settled()");
  static_assert(returns<T, bool>([](T& t) { return t.settle(); }), "settle()");
  return true;
}

template <class T>
constexpr bool providesKept() {
  static_assert(returns<T, size_t>([](T& t) { return t.capacity(); }), "capacity(): what a kept session holds");
  return true;
}

template <class T>
constexpr bool providesExactSelf() {
  static_assert(std::is_same_v<T, LinearQuadtree>, "the exact queries are LinearQuadtree's (exact_index.h)");
  return true;
}

template <class T>
constexpr bool checked() {
  providesTree<T>();
  if constexpr ((T::kFeatures & kRects) != 0) providesRects<T>();
  if constexpr ((T::kFeatures & kShapes) != 0) providesShapes<T>();
  if constexpr ((T::kFeatures & kNodes) != 0) providesNodes<T>();
  if constexpr ((T::kFeatures & kLeafGrid) != 0) providesLeafGrid<T>();
  if constexpr ((T::kFeatures & kPaths) != 0) providesPaths<T>();
  if constexpr ((T::kFeatures & kMovesLater) != 0) providesMovesLater<T>();
  if constexpr ((T::kFeatures & kExactSelf) != 0) providesExactSelf<T>();
  if constexpr ((T::kFeatures & kKept) != 0) providesKept<T>();
  return true;
}

template <class... T>
constexpr bool allChecked(std::variant<T...>*) {
  return (checked<T>() && ...);
}
static_assert(allChecked(static_cast<Tree*>(nullptr)), "every kind provides the interface");
}  // namespace kinds

template <class T>
constexpr bool has(unsigned features) {
  return (T::kFeatures & features) == features;
}

// The one dispatch point: f(t) with the tree as its own kind. A kind without every feature in
// `Needs` answers kUnsupported instead. f returns int32_t.
template <unsigned Needs = 0, size_t I = 0, class F>
int32_t visitTree(Tree& tree, F&& f) {
  using T = std::variant_alternative_t<I, Tree>;
  if constexpr (I + 1 < std::variant_size_v<Tree>) {
    if (tree.index() != I) return visitTree<Needs, I + 1>(tree, std::forward<F>(f));
  }
  if constexpr (has<T>(Needs)) return f(*std::get_if<I>(&tree));
  else return kUnsupported;
}

}  // namespace qt
