// A reference model of quadtree-ts 2.3.0's Quadtree (@timohausmann/quadtree-ts,
// dist/quadtree.esm.js), written from its source as literally as possible and independently of
// cpp/ts_tree*: a node object per node, recursion, plain vectors, each method as the package
// writes it. Objects are ids; their shapes are read through a callback wherever the package calls
// obj.qtIndex(), so a test can move objects in place between calls. Only the quadrant rules of
// the three shapes come from cpp/ (geometry.h's rectQuadrants, shape_geometry.h's circle and
// line rules, which tests/api/shape-geometry.test.mjs holds to the package bit for bit).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "shapes/shape_geometry.h"  // qt::Rect, qt::Shape and the three qtIndex rules

namespace ts_oracle {

using qt::Rect;
using qt::Shape;
using ShapeOf = std::function<Shape(int32_t)>;

// obj.qtIndex(node): the indexes of the quadrants the shape meets, ascending.
inline std::vector<int> qtIndex(const Shape& s, const Rect& node) {
  unsigned mask = 0;
  if (s.kind == qt::kShapeRect) mask = qt::rectQuadrants(node, {s.a, s.b, s.c, s.d});
  if (s.kind == qt::kShapeCircle) mask = qt::circleQuadrants(node, s.a, s.b, s.c);
  if (s.kind == qt::kShapeLine) mask = qt::lineQuadrants(node, s.a, s.b, s.c, s.d);
  std::vector<int> indexes;
  for (int i = 0; i < 4; ++i)
    if (mask >> i & 1u) indexes.push_back(i);
  return indexes;
}

// `v || 0` for a number.
inline double orZero(double v) { return (v != v || v == 0) ? 0.0 : v; }

// Array.from(new Set(list)).
inline std::vector<int32_t> unique(const std::vector<int32_t>& list) {
  std::vector<int32_t> out;
  for (int32_t id : list)
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  return out;
}

struct Quadtree {
  Rect bounds;
  double maxObjects, minLevels, maxLevels, level;
  std::vector<int32_t> objects;
  std::vector<std::unique_ptr<Quadtree>> nodes;
  const ShapeOf* shapeOf;

  Quadtree(Rect props, double maxObj, double minLvl, double maxLvl, const ShapeOf* shapes, double lvl = 0)
      : bounds{orZero(props.x), orZero(props.y), props.w, props.h},
        maxObjects(maxObj), minLevels(minLvl), maxLevels(maxLvl), level(lvl), shapeOf(shapes) {
    if (level < minLevels) split();
  }

  std::vector<int> getIndex(int32_t obj) const { return qtIndex((*shapeOf)(obj), bounds); }

  void split() {
    const double lvl = level + 1, width = bounds.w / 2, height = bounds.h / 2, x = bounds.x, y = bounds.y;
    const double coords[4][2] = {{x + width, y}, {x, y}, {x, y + height}, {x + width, y + height}};
    nodes.resize(4);
    for (int i = 0; i < 4; ++i)
      nodes[size_t(i)] = std::make_unique<Quadtree>(Rect{coords[i][0], coords[i][1], width, height}, maxObjects,
                                                    minLevels, maxLevels, shapeOf, lvl);
  }

  void insert(int32_t obj) {
    if (!nodes.empty()) {
      const std::vector<int> indexes = getIndex(obj);
      for (int i : indexes) nodes[size_t(i)]->insert(obj);
      return;
    }
    objects.push_back(obj);
    if (double(objects.size()) > maxObjects && level < maxLevels) {
      split();
      for (size_t i = 0; i < objects.size(); ++i) {
        const std::vector<int> indexes = getIndex(objects[i]);
        for (int k : indexes) nodes[size_t(k)]->insert(objects[i]);
      }
      objects.clear();
    }
  }

  std::vector<int32_t> retrieve(const Shape& obj) const {
    const std::vector<int> indexes = qtIndex(obj, bounds);
    std::vector<int32_t> returnObjects = objects;
    if (!nodes.empty())
      for (int i : indexes) {
        const std::vector<int32_t> more = nodes[size_t(i)]->retrieve(obj);
        returnObjects.insert(returnObjects.end(), more.begin(), more.end());
      }
    if (level == 0) return unique(returnObjects);
    return returnObjects;
  }

  bool remove(int32_t obj, bool fast = false) {
    const auto at = std::find(objects.begin(), objects.end(), obj);
    const bool found = at != objects.end();
    if (found) objects.erase(at);
    for (auto& n : nodes) n->remove(obj);
    if (level == 0 && !fast) join();
    return found;
  }

  void update(int32_t obj, bool fast = false) {
    remove(obj, fast);
    insert(obj);
  }

  std::vector<int32_t> join() {
    std::vector<int32_t> allObjects = objects;
    for (auto& n : nodes) {
      const std::vector<int32_t> tmp = n->join();
      allObjects.insert(allObjects.end(), tmp.begin(), tmp.end());
    }
    const std::vector<int32_t> uniqueObjects = unique(allObjects);
    if (double(uniqueObjects.size()) <= maxObjects && level >= minLevels) {
      objects = uniqueObjects;
      for (auto& n : nodes) n->objects.clear();
      nodes.clear();
    }
    return allObjects;
  }

  void clear() {
    objects.clear();
    for (auto& n : nodes) n->clear();
    if (level >= minLevels) nodes.clear();
  }

  // For the tests: every reference in pre-order, and the distinct ids held.
  void preorder(std::vector<int32_t>& out) const {
    out.insert(out.end(), objects.begin(), objects.end());
    for (const auto& n : nodes) n->preorder(out);
  }
  std::vector<int32_t> held() const {
    std::vector<int32_t> all;
    preorder(all);
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }
};

}  // namespace ts_oracle
