// Quadtree's storage and every change to it: insert and split as quadtree-js does them, remove,
// update, clear. Each change goes through changed() (version.h), which is all the packed copy and
// the leaf grid need to know.
#include "quadtree/quadtree.h"

#include "base/memory_guard.h"

#include <algorithm>
#include <cmath>

namespace qt {

std::vector<uint32_t> Quadtree::stamps_;
uint32_t Quadtree::query_ = 0;
std::vector<int32_t> Quadtree::stack_, Quadtree::pending_, Quadtree::leaves_, Quadtree::walk_, Quadtree::batch_,
    Quadtree::batchWork_, Quadtree::batchEntries_, Quadtree::batchMasks_;
int32_t Quadtree::ScratchUse::users = 0;

QT_COLD Quadtree::ScratchUse::~ScratchUse() {
  if (--users > 0) return;
  std::vector<uint32_t>().swap(stamps_);
  for (std::vector<int32_t>* v : {&stack_, &pending_, &leaves_, &walk_, &batch_, &batchWork_, &batchEntries_, &batchMasks_})
    std::vector<int32_t>().swap(*v);
}

Quadtree::Quadtree(Rect bounds, double maxObjects, double maxLevels, double level) {
  // Links, entries and objects get their arrays with the first insert: a tree that is made and
  // dropped allocates little.
  plantRoot(bounds, level, maxObjects, maxLevels);
}

namespace {
// growTo(), and at least that size.
bool sizeTo(std::vector<int32_t>& v, size_t n) {
  if (!growTo(v, n)) return false;
  if (v.size() < n) v.resize(n);
  return true;
}
}  // namespace

// Grows the arrays sized by a primary array first and the primary last, so that a failure half
// way leaves the primary's capacity (what later calls check) within every other's.
QT_COLD bool Quadtree::growNodeScratch(size_t cap) {
  // Walks push at most three more nodes than they pop; retrieve() lists a leaf and maybe a scope
  // start per node. leaves_ and walk_ are sized, not only reserved: they are written by index.
  return packed_.growNodes(cap) && growTo(stack_, cap + 4) && growTo(pending_, cap) && sizeTo(leaves_, 2 * cap) &&
         sizeTo(walk_, cap + 4);
}

QT_COLD bool Quadtree::growLinks(size_t extra) {
  const size_t cap = grown(links_.size() + extra - freeLinks_, links_.capacity());
  return packed_.growLinks(cap) && growTo(links_, cap);
}

QT_COLD bool Quadtree::growEntries(size_t extra) {
  const size_t cap = grown(entryObject_.size() + extra, entryObject_.capacity());
  return growTo(entryNext_, cap) && growTo(entryLeaf_, cap) &&
         growTo(entryHome_, cap) && growTo(entrySplit_, cap) &&
         growTo(entryObject_, cap);
}

int32_t Quadtree::allocLink(int32_t entry) {
  int32_t l;
  if (freeLink_ >= 0) {
    l = freeLink_;
    freeLink_ = links_[l].next;
    --freeLinks_;
  } else {
    l = int32_t(links_.size());
    links_.push_back({});
  }
  links_[l] = {entry, -1};
  return l;
}

void Quadtree::appendToLeaf(int32_t leaf, int32_t entry) {
  const int32_t l = allocLink(entry);
  Node& n = nodes_[leaf];
  if (n.tail >= 0) links_[n.tail].next = l; else n.head = l;
  n.tail = l;
  ++n.count;
}

// quadtree-js checks a leaf right after it stores an object, so a leaf that never receives
// one never splits, even when max_objects is negative.
bool Quadtree::overflows(int32_t leaf, int32_t count) const {
  return count > 0 && double(count) > maxObjects_ && levels_[leaf] < maxLevels_;
}

// quadtree-js splits a leaf the moment it holds more than max_objects and re-inserts its objects
// one by one, so a child may split in turn. Handing a child all its objects first and splitting
// it afterwards gives the same leaves with the same lists, without recursion.
bool Quadtree::splitOverflowing(int32_t leaf) {
  for (Walk walk(leaf); walk.more();) {
    const int32_t n = walk.next();
    if (!overflows(n)) continue;
    // Each split checks its own room: four nodes, and a link per child an object goes to.
    if (!roomForBlock() || !roomForLinks(4 * size_t(nodes_[n].count)))
      return false;
    int32_t l = nodes_[n].head;  // its list, re-placed below
    splitNode(n);  // (room checked above)
    const int32_t first = nodes_[n].children;
    const Rect parent = rects_[n];
    while (l >= 0) {
      const int32_t next = links_[l].next, entry = links_[l].entry;
      links_[l].next = freeLink_;  // free it first so the first child reuses it
      freeLink_ = l;
      ++freeLinks_;
      const unsigned mask = childMask(parent, splitRect(entryObject_[entry], entry));
      for (int q = 0; q < 4; ++q)
        if (mask & (1u << q)) appendToLeaf(first + q, entry);
      // Still in exactly one leaf only if it was and goes to one child.
      if (!(mask & (mask - 1))) {  // one child: alone there if it was alone here
        const int32_t child = first + __builtin_ctz(mask);
        if (entryLeaf_[entry] == n) entryLeaf_[entry] = child;
        if (entrySplit_[entry] == n) entrySplit_[entry] = child;
      } else if (entryLeaf_[entry] == n) {
        entryLeaf_[entry] = -1;
      }
      l = next;
    }
    for (int q = 3; q >= 0; --q) walk.push(first + q);
  }
  return true;
}

bool Quadtree::splitNode(int32_t leaf) {
  if (!roomForBlock()) return false;
  const int32_t first = addChildren(leaf, [](const Rect& parent, int q) { return childRect(parent, q); });
  nodes_[leaf] = {first, -1, -1, 0};
  return true;
}

int32_t Quadtree::allocEntry(int32_t object) {
  int32_t e = freeEntry_;
  if (e >= 0) {
    freeEntry_ = entryNext_[e];
  } else {
    e = int32_t(entryObject_.size());
    entryObject_.push_back(0);
    entryNext_.push_back(-1);
    entryLeaf_.push_back(-1);
    entryHome_.push_back(0);
    entrySplit_.push_back(0);
  }
  entryObject_[e] = object;
  entryNext_[e] = objects_.first[object];
  entryLeaf_[e] = -1;
  objects_.first[object] = e;
  return e;
}

QT_COLD void Quadtree::reserve(int32_t inserts, int32_t maxId) {
  if (inserts <= 0) return;
  // Links: one an entry, a quarter more for rects that reach several leaves.
  const size_t entries = entryObject_.size() + size_t(inserts), links = links_.size() + size_t(inserts) * 5 / 4;
  if (entries > entryObject_.capacity()) growEntries(size_t(inserts));
  if (links > links_.capacity() + freeLinks_) growLinks(size_t(inserts) * 5 / 4);
  if (maxId >= 0) roomForObject(maxId);
}

void Quadtree::insert(int32_t node, int32_t object, const Rect& rect) {
  if (!place(node, object, rect)) noMemory_ = true;
}

bool Quadtree::place(int32_t node, int32_t object, const Rect& rect) {
  // Room first, so that running out changes nothing: the per-object arrays, an entry, and a link
  // for each leaf the rect reaches (counted only when the links are nearly full).
  if (size_t(object) >= objects_.span() && !roomForObject(object)) return false;
  if (freeEntry_ < 0 && !roomForEntries(1)) return false;
  if (links_.size() + nodes_.size() > links_.capacity() + freeLinks_ &&
      !roomForLinks(countReached(node, rect)))
    return false;
  objects_.cover(object);
  if (objects_.first[object] < 0) ++objects_.count;
  changed();
  const Rect before = objects_.rects[object];
  // While it is placed, splits re-place the new entry by `rect` and the object's other entries
  // (inside update(): the old ones it is about to drop) by the rect they were placed for.
  moving_ = object;
  movingFrom_ = placedRect(object);
  movingTo_ = rect;
  const int32_t entry = movingEntry_ = allocEntry(object);
  entryHome_[entry] = node;
  objects_.rects[object] = rect;
  // Descend to every reached leaf; leaves that overflow are split after the walk, since a split
  // uses the scratch stack too. Most rects reach one child at each level: that path first, with
  // no stack, then the walk from where the rect reaches several children.
  pending_.clear();
  const int32_t split = deepestAlone(node, rect);
  entrySplit_[entry] = split;
  int reached = 0;
  for (Walk walk(split); walk.more();) {
    const int32_t n = walk.next();
    if (nodes_[n].children >= 0) {
      const unsigned mask = childMask(rects_[n], rect);
      for (int q = 3; q >= 0; --q)
        if (mask & (1u << q)) walk.push(nodes_[n].children + q);
    } else {
      appendToLeaf(n, entry);
      entryLeaf_[entry] = reached++ == 0 ? n : -1;
      if (overflows(n)) pending_.push_back(n);
    }
  }
  for (size_t i = 0; i < pending_.size(); ++i) {  // by index: a split may grow pending_'s capacity
    if (splitOverflowing(pending_[i])) continue;
    // Out of room in a split: take the object out again (the splits done stay; any leaf still
    // over its limit splits when a later insert reaches it).
    moving_ = -1;
    dropEntry(object, entry, rect);
    objects_.rects[object] = before;
    return false;
  }
  moving_ = -1;
  // Its other entries were placed for another rect: from now on splits re-place them by this one.
  for (int32_t e = entryNext_[entry]; e >= 0; e = entryNext_[e]) entryLeaf_[e] = kScattered;
  if (size_t(object) < waitingAt_.size()) waitingAt_[object] = 0;  // placed for its latest rect
  return true;
}

QT_COLD size_t Quadtree::countReached(int32_t node, const Rect& rect) {
  size_t reached = 0;
  forLeaves(node, rect, [&](int32_t) { return ++reached, true; });
  return reached;
}

QT_COLD void Quadtree::dropEntry(int32_t object, int32_t entry, const Rect& placed) {
  unlinkEntry(entry, placed);
  int32_t* at = &objects_.first[object];
  while (*at != entry) at = &entryNext_[*at];
  *at = entryNext_[entry];
  if (objects_.first[object] < 0) --objects_.count;
  entryObject_[entry] = -1;
  entryNext_[entry] = freeEntry_;
  freeEntry_ = entry;
}

bool Quadtree::unlinkFrom(int32_t leaf, int32_t entry) {
  Node& n = nodes_[leaf];
  for (int32_t prev = -1, l = n.head; l >= 0; prev = l, l = links_[l].next) {
    if (links_[l].entry != entry) continue;
    const int32_t next = links_[l].next;
    if (prev >= 0) links_[prev].next = next; else n.head = next;
    if (n.tail == l) n.tail = prev;
    --n.count;
    links_[l].next = freeLink_;
    freeLink_ = l;
    ++freeLinks_;
    return true;
  }
  return false;
}

void Quadtree::unlinkEntry(int32_t entry, const Rect& placed) {
  const int32_t leaf = entryLeaf_[entry];
  if (leaf >= 0 && unlinkFrom(leaf, entry)) return;
  // In several leaves: the ones its rect reaches from where it was inserted (its coordinates now
  // do not matter), or any leaf below there if it is scattered.
  const bool everywhere = leaf == kScattered;
  for (Walk walk(entryHome_[entry]); walk.more();) {
    const int32_t n = walk.next();
    if (nodes_[n].children < 0) {
      unlinkFrom(n, entry);
      continue;
    }
    const unsigned mask = everywhere ? 15u : childMask(rects_[n], placed);
    for (int q = 0; q < 4; ++q)
      if (mask & (1u << q)) walk.push(nodes_[n].children + q);
  }
}

bool Quadtree::remove(int32_t object) {
  if (!contains(object)) return false;
  changed();
  for (int32_t e = objects_.first[object]; e >= 0;) {
    const int32_t next = entryNext_[e];
    unlinkEntry(e, placedRect(object));
    entryObject_[e] = -1;
    entryNext_[e] = freeEntry_;
    freeEntry_ = e;
    e = next;
  }
  objects_.first[object] = -1;
  --objects_.count;
  return true;
}

// A rect (of non-negative size) strictly inside a leaf is on the leaf's side of every ancestor's
// midlines, so it reaches that leaf alone: the common small move, decided without walking down.
bool Quadtree::strictlyInside(const Rect& r, const Rect& leaf) {
  return r.w >= 0 && r.h >= 0 && r.x > leaf.x && r.y > leaf.y && r.x + r.w < leaf.x + leaf.w &&
         r.y + r.h < leaf.y + leaf.h;
}

// Above the entry's split node both rects must take the one path to it, which its reach bounds
// tell without walking; below it, the same children at every node.
bool Quadtree::sameLeaves(int32_t entry, const Rect& a, const Rect& b) {
  const int32_t split = entrySplit_[entry];
  if (!reach_[split].alone(b)) return false;
  for (Walk walk(split); walk.more();) {
    const int32_t n = walk.next();
    if (nodes_[n].children < 0) continue;
    const unsigned mask = childMask(rects_[n], a);
    if (childMask(rects_[n], b) != mask) return false;
    for (int q = 0; q < 4; ++q)
      if (mask & (1u << q)) walk.push(nodes_[n].children + q);
  }
  return true;
}

bool Quadtree::update(int32_t object, const Rect& rect) {
  if (contains(object)) {
    const int32_t e = objects_.first[object], leaf = entryLeaf_[e];
    // Its leaves are those the rect it is placed for reaches.
    const Rect placed = placedRect(object);
    // (One inserted through a subnode is re-inserted at the root: placed where queries look.)
    if (entryNext_[e] < 0 && entryHome_[e] == root() && leaf != kScattered &&
        ((leaf >= 0 && strictlyInside(rect, rects_[leaf])) || sameLeaves(e, placed, rect))) {
      objects_.rects[object] = rect;  // stays in its leaves: nothing to relink
      // No query of this tree reads rects (the exact ones are the session's index's), so what
      // they answer, and the caches of it, stand: the version stays.
      return false;
    }
    // Placed anew before the old entries go, so that running out of room leaves it where it was.
    const int32_t old = objects_.first[object];
    const Rect before = objects_.rects[object];
    objects_.first[object] = -1;
    --objects_.count;
    if (!place(root(), object, rect)) {
      objects_.first[object] = old;
      objects_.rects[object] = before;
      ++objects_.count;
      noMemory_ = true;
      return false;
    }
    const int32_t entry = objects_.first[object];
    entryNext_[entry] = old;  // chain the old ones behind it, then drop them
    for (int32_t e = old; e >= 0;) {
      const int32_t next = entryNext_[e];
      dropEntry(object, e, placed);
      e = next;
    }
    return true;
  }
  if (!place(root(), object, rect)) {
    noMemory_ = true;
    return false;
  }
  return true;
}

bool Quadtree::moveLater(int32_t object, const Rect& rect) {
  if (size_t(object) >= waitingAt_.size()) {
    if (!growTo(waitingAt_, objects_.span())) return false;
    waitingAt_.resize(objects_.span(), 0);
  }
  if (!waitingAt_[object]) {
    if (!growTo(waiting_, waiting_.size() + 1) || !growTo(waitingFrom_, waiting_.size() + 1)) return false;
    if (waiting_.empty()) changed();
    waiting_.push_back(object);
    waitingFrom_.push_back(objects_.rects[object]);
    waitingAt_[object] = int32_t(waiting_.size());
  }
  objects_.rects[object] = rect;
  return true;
}

bool Quadtree::settle() {
  size_t done = 0;
  bool room = true;
  for (; done < waiting_.size(); ++done) {
    const int32_t object = waiting_[done];
    if (contains(object)) {
      update(object, Rect(objects_.rects[object]));  // (reads where it waits from)
      if (noMemory_) {
        room = false;
        break;
      }
    }
    waitingAt_[object] = 0;
  }
  // Out of room: the rest keep waiting, moved up front.
  waiting_.erase(waiting_.begin(), waiting_.begin() + std::ptrdiff_t(done));
  waitingFrom_.erase(waitingFrom_.begin(), waitingFrom_.begin() + std::ptrdiff_t(done));
  for (size_t k = 0; k < waiting_.size(); ++k) waitingAt_[waiting_[k]] = int32_t(k + 1);
  return room;
}

void Quadtree::clear() {
  changed();
  for (int32_t object : waiting_) waitingAt_[object] = 0;
  waiting_.clear();
  waitingFrom_.clear();
  clearNodes();
  links_.clear();
  freeLink_ = -1;
  freeLinks_ = 0;
  entryObject_.clear();
  entryNext_.clear();
  entryLeaf_.clear();
  entryHome_.clear();
  entrySplit_.clear();
  freeEntry_ = -1;
  objects_.clear();
}

void Quadtree::reset(Rect bounds, double maxObjects, double maxLevels, double level) {
  resetTree(bounds, level, maxObjects, maxLevels);
}

void Quadtree::clearNode(int32_t node) {
  if (node == root()) return clear();
  changed();
  freeSubtree(node, stack_, [&](int32_t n) {
    const Node& nd = nodes_[n];
    if (nd.children >= 0 || nd.head < 0) return;
    // Its entries may live on in other leaves, or nowhere: removal must search for them, and an
    // update re-inserts them.
    for (int32_t l = nd.head; l >= 0; l = links_[l].next) entryLeaf_[links_[l].entry] = kScattered;
    links_[nd.tail].next = freeLink_;
    freeLink_ = nd.head;
    freeLinks_ += size_t(nd.count);
  });
}

}  // namespace qt
