// A reference model of @timohausmann/quadtree-js 1.2.6, written independently of cpp/ for the
// tests to compare against. It is deliberately naive and mirrors the package's algorithm step by
// step: a node object per node, recursive insert / split / retrieve, objects kept in plain vectors,
// duplicates removed with a set at level 0. Only one rule differs from the package, the one the core
// makes on purpose (see qt::childMask): on an axis where a rect picks neither side of the midline
// (a zero-size extent lying exactly on it), it reaches both sides instead of being lost.
//
// It shares nothing with the core but the qt::Rect struct, so a mistake in the core's flat layout,
// its non-recursive walks or its pools shows up as a difference.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

#include "quadtree/quadtree.h"  // qt::Rect only

namespace oracle {

using qt::Rect;

// One call to insert(): an id standing for the user's object, and the object's rect.
struct Object {
  int32_t id;
  Rect rect;
};

// The child indexes quadtree-js's getIndex() returns, in its order (0 top-right, 1 top-left,
// 2 bottom-left, 3 bottom-right). With `fixMidline` false this is the package exactly; with it
// true, our one deliberate difference is applied.
inline std::vector<int> getIndex(const Rect& bounds, const Rect& r, bool fixMidline = true) {
  const double verticalMidpoint = bounds.x + (bounds.w / 2);
  const double horizontalMidpoint = bounds.y + (bounds.h / 2);
  bool startIsNorth = r.y < horizontalMidpoint;
  bool startIsWest = r.x < verticalMidpoint;
  bool endIsEast = r.x + r.w > verticalMidpoint;
  bool endIsSouth = r.y + r.h > horizontalMidpoint;
  if (fixMidline) {
    if (!startIsWest && !endIsEast) startIsWest = endIsEast = true;
    if (!startIsNorth && !endIsSouth) startIsNorth = endIsSouth = true;
  }
  std::vector<int> indexes;
  if (startIsNorth && endIsEast) indexes.push_back(0);
  if (startIsWest && startIsNorth) indexes.push_back(1);
  if (startIsWest && endIsSouth) indexes.push_back(2);
  if (endIsEast && endIsSouth) indexes.push_back(3);
  return indexes;
}

// The same indexes as a bit mask (bit i = child i), to compare with qt::childMask.
inline unsigned indexMask(const std::vector<int>& indexes) {
  unsigned m = 0;
  for (int i : indexes) m |= 1u << i;
  return m;
}

// Child `i` of a node's bounds, as quadtree-js's split() builds it.
inline Rect subBounds(const Rect& b, int i) {
  const double subWidth = b.w / 2, subHeight = b.h / 2;
  switch (i) {
    case 0: return {b.x + subWidth, b.y, subWidth, subHeight};   // top right
    case 1: return {b.x, b.y, subWidth, subHeight};              // top left
    case 2: return {b.x, b.y + subHeight, subWidth, subHeight};  // bottom left
    default: return {b.x + subWidth, b.y + subHeight, subWidth, subHeight};  // bottom right
  }
}

// Keeps the first occurrence of each id, like Array.from(new Set(list)).
inline std::vector<int32_t> firstOccurrences(const std::vector<int32_t>& list) {
  std::unordered_set<int32_t> seen;
  std::vector<int32_t> out;
  for (int32_t id : list)
    if (seen.insert(id).second) out.push_back(id);
  return out;
}

class Quadtree {
 public:
  Quadtree(Rect bounds, double maxObjects, double maxLevels, double level)
      : bounds(bounds), max_objects(maxObjects), max_levels(maxLevels), level(level) {}

  Rect bounds;
  double max_objects, max_levels, level;
  std::vector<Object> objects;
  std::vector<std::unique_ptr<Quadtree>> nodes;  // none, or four

  void split() {
    for (int i = 0; i < 4; ++i)
      nodes.push_back(
          std::make_unique<Quadtree>(subBounds(bounds, i), max_objects, max_levels, level + 1));
  }

  void insert(const Object& o) {
    if (!nodes.empty()) {
      for (int i : getIndex(bounds, o.rect)) nodes[i]->insert(o);
      return;
    }
    objects.push_back(o);
    if (double(objects.size()) > max_objects && level < max_levels) {
      if (nodes.empty()) split();
      for (const Object& each : objects)
        for (int k : getIndex(bounds, each.rect)) nodes[k]->insert(each);
      objects.clear();
    }
  }

  // quadtree-js's retrieve(): this node's own objects, then each reached child's result in index
  // order; duplicates removed wherever level is 0. `dedupAtLevelZero` false turns that off, to model
  // the core's retrieve(..., dedup = false).
  std::vector<int32_t> retrieve(const Rect& r, bool dedupAtLevelZero = true) const {
    std::vector<int32_t> out = ids();
    if (!nodes.empty())
      for (int i : getIndex(bounds, r)) {
        std::vector<int32_t> sub = nodes[i]->retrieve(r, dedupAtLevelZero);
        out.insert(out.end(), sub.begin(), sub.end());
      }
    if (dedupAtLevelZero && level == 0) return firstOccurrences(out);
    return out;
  }

  // Every object of every leaf below, depth-first in child order, each id once.
  std::vector<int32_t> allObjects() const {
    std::vector<int32_t> out;
    collect(out);
    return firstOccurrences(out);
  }

  // The ids in this node's own list, in order.
  std::vector<int32_t> ids() const {
    std::vector<int32_t> out;
    for (const Object& o : objects) out.push_back(o.id);
    return out;
  }

  void clear() {
    objects.clear();
    for (auto& n : nodes) n->clear();
    nodes.clear();
  }

 private:
  void collect(std::vector<int32_t>& out) const {
    for (const Object& o : objects) out.push_back(o.id);
    for (const auto& n : nodes) n->collect(out);
  }
};

// Positive-area style overlap with strict comparisons: some point lies strictly inside both
// extents on each axis (a zero-size extent counts as inside when it lies strictly within the other).
// Whenever this holds, the query must retrieve the object: both reach a common child at every node.
inline bool overlapsStrictly(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// Brute force: the ids (each once, insertion order) of the objects that strictly overlap `q`.
inline std::vector<int32_t> strictOverlaps(const std::vector<Object>& inserted, const Rect& q) {
  std::vector<int32_t> out;
  for (const Object& o : inserted)
    if (overlapsStrictly(o.rect, q)) out.push_back(o.id);
  return firstOccurrences(out);
}

}  // namespace oracle
