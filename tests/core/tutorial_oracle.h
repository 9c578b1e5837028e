// A reference model of the tutorial QuadTree (docs/TUTORIAL-TREE.md), written from the rules
// as literally as possible and independently of cpp/: a node object per node, recursion, plain
// vectors. Objects are ids; their "fields" are a shared table of rects, read whenever a rule reads
// them (as the original re-reads an object's fields).
//
// One difference, the core's documented one (TutorialTree::kMaxDepth): a node that many levels
// below the root does not split (the original would overflow the JavaScript stack first).
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "base/geometry.h"  // qt::Rect only

namespace tutorial_oracle {

using qt::Rect;

// `v | 0` in JavaScript.
inline double orInt(double v) {
  if (std::isnan(v) || std::isinf(v)) return 0;
  double m = std::fmod(std::trunc(v), 4294967296.0);
  if (m < 0) m += 4294967296.0;
  return double(int32_t(uint32_t(m)));
}

struct QuadTree {
  Rect bounds;
  double level, maxObjects, maxLevels;
  int depth;  // below the root, for the cap only
  int maxDepth;
  std::vector<Rect>* fields;  // id -> the object's x, y, width, height
  std::vector<int32_t> objects;
  std::vector<std::unique_ptr<QuadTree>> nodes;

  QuadTree(Rect b, double maxObj, double maxLvl, double lvl, std::vector<Rect>* f, int d = 0, int cap = 1024)
      : bounds(b), level(lvl), maxObjects(maxObj), maxLevels(maxLvl), depth(d), maxDepth(cap), fields(f) {}

  int getIndex(const Rect& r) const {
    const double verticalMidpoint = bounds.x + bounds.w / 2;
    const double horizontalMidpoint = bounds.y + bounds.h / 2;
    const bool topQuadrant = r.y < horizontalMidpoint && r.y + r.h < horizontalMidpoint;
    const bool bottomQuadrant = r.y > horizontalMidpoint;
    if (r.x < verticalMidpoint && r.x + r.w < verticalMidpoint) {
      if (topQuadrant) return 1;
      if (bottomQuadrant) return 2;
    } else if (r.x > verticalMidpoint) {
      if (topQuadrant) return 0;
      if (bottomQuadrant) return 3;
    }
    return -1;
  }

  void split() {
    const double subWidth = orInt(bounds.w / 2), subHeight = orInt(bounds.h / 2);
    const double x = bounds.x, y = bounds.y;
    const Rect r[4] = {{x + subWidth, y, subWidth, subHeight}, {x, y, subWidth, subHeight},
                       {x, y + subHeight, subWidth, subHeight}, {x + subWidth, y + subHeight, subWidth, subHeight}};
    for (const Rect& b : r)
      nodes.push_back(std::make_unique<QuadTree>(b, maxObjects, maxLevels, level + 1, fields, depth + 1, maxDepth));
  }

  void insert(int32_t id) {
    if (!nodes.empty()) {
      const int index = getIndex((*fields)[id]);
      if (index != -1) {
        nodes[index]->insert(id);
        return;
      }
    }
    objects.push_back(id);
    if (double(objects.size()) > maxObjects && level < maxLevels && depth < maxDepth) {
      if (nodes.empty()) split();
      size_t i = 0;
      while (i < objects.size()) {
        const int index = getIndex((*fields)[objects[i]]);
        if (index != -1) {
          const int32_t moved = objects[i];
          objects.erase(objects.begin() + std::ptrdiff_t(i));
          nodes[index]->insert(moved);
        } else {
          ++i;
        }
      }
    }
  }

  void findObjects(std::vector<int32_t>& returnedObjects, const Rect& r) const {
    const int index = getIndex(r);
    if (index != -1 && !nodes.empty()) nodes[index]->findObjects(returnedObjects, r);
    returnedObjects.insert(returnedObjects.end(), objects.begin(), objects.end());
  }

  void getAllObjects(std::vector<int32_t>& returnedObjects) const {
    for (const auto& n : nodes) n->getAllObjects(returnedObjects);
    returnedObjects.insert(returnedObjects.end(), objects.begin(), objects.end());
  }

  void clear() {
    objects.clear();
    nodes.clear();
  }

  void preorder(std::vector<int32_t>& out) const {
    out.insert(out.end(), objects.begin(), objects.end());
    for (const auto& n : nodes) n->preorder(out);
  }

  // The first occurrence in pre-order.
  bool remove(int32_t id) {
    for (size_t i = 0; i < objects.size(); ++i)
      if (objects[i] == id) {
        objects.erase(objects.begin() + std::ptrdiff_t(i));
        return true;
      }
    for (auto& n : nodes)
      if (n->remove(id)) return true;
    return false;
  }

  bool update(int32_t id) {
    if (!remove(id)) return false;
    insert(id);
    return true;
  }

  const QuadTree* home(const Rect& r) const {
    const QuadTree* n = this;
    while (!n->nodes.empty()) {
      const int index = n->getIndex(r);
      if (index == -1) break;
      n = n->nodes[index].get();
    }
    return n;
  }

  // refresh(isAlive): isAlive(position in the pre-order walk, id).
  int refresh(const std::function<bool(int32_t, int32_t)>& isAlive) {
    std::vector<int32_t> takenOut;
    int removed = 0, position = 0;
    walkRefresh(this, isAlive, takenOut, removed, position);
    for (int32_t id : takenOut) insert(id);
    return removed;
  }
  void walkRefresh(const QuadTree* root, const std::function<bool(int32_t, int32_t)>& isAlive,
                   std::vector<int32_t>& takenOut, int& removed, int& position) {
    size_t i = 0;
    while (i < objects.size()) {
      const int32_t id = objects[i];
      const int p = position++;
      if (isAlive && !isAlive(p, id)) {
        objects.erase(objects.begin() + std::ptrdiff_t(i));
        ++removed;
      } else if (root->home((*fields)[id]) != this) {
        objects.erase(objects.begin() + std::ptrdiff_t(i));
        takenOut.push_back(id);
      } else {
        ++i;
      }
    }
    for (auto& n : nodes) n->walkRefresh(root, isAlive, takenOut, removed, position);
  }
};

}  // namespace tutorial_oracle
