// TsTree's storage and every change but the join: construction with its minLevels skeleton,
// the resumable insert with its splits, remove, clear, and the undo log that makes a call that
// runs out of room change nothing.
#include "ts/ts_tree.h"

#include <algorithm>

#include "base/memory_guard.h"

namespace qt {

TsTree::TsTree(Rect bounds, double maxObjects, double minLevels, double maxLevels)
    : minLevels_(minLevels) {
  plantRoot({orZero(bounds.x), orZero(bounds.y), bounds.w, bounds.h}, 0, maxObjects, maxLevels);
  coverNodes();
  growSkeleton();
}

bool TsTree::reset(Rect bounds, double maxObjects, double minLevels, double maxLevels) {
  forgetObjects();
  noMemory_ = false;
  maxObjects_ = maxObjects, minLevels_ = minLevels, maxLevels_ = maxLevels;
  clearNodes();
  rects_[0] = {orZero(bounds.x), orZero(bounds.y), bounds.w, bounds.h};
  levels_[0] = 0;
  coverNodes();
  growSkeleton();
  changed();
  return !outOfMemory();
}

// The package's constructor splits a node below minLevels, whose children's constructors split
// them in turn: the skeleton, made here level by level (nodes are added in that order, so an
// index walks them). Out of room: the root alone, and outOfMemory().
void TsTree::growSkeleton() {
  for (size_t n = 0; n < nodes_.size(); ++n) {
    if (!(levels_[n] < minLevels_)) continue;
    if (!roomForBlock()) {
      clearNodes();
      coverNodes();
      noMemory_ = true;
      return;
    }
    addBlock(int32_t(n));
  }
}

// Growth: the arrays sized by another grow first, the one the fast check reads last, so its
// capacity never runs ahead of theirs.
QT_COLD bool TsTree::growNodeScratch(size_t cap) {
  return growTo(parent_, cap) && growTo(marks_, cap) && growTo(marked_, cap) && growTo(pick_, cap) &&
         growTo(born_, cap) && growTo(stack_, cap + 4);
}

void TsTree::coverNodes() {
  parent_.resize(nodes_.size(), -1);
  marks_.resize(nodes_.size(), 0);
  pick_.resize(nodes_.size(), -1);
  born_.resize(nodes_.size(), 0);
}

int32_t TsTree::addBlock(int32_t node) {
  const int32_t c = addChildren(node, [](const Rect& r, int q) { return tsChildRect(r, q); });
  coverNodes();
  for (int q = 0; q < 4; ++q) parent_[size_t(c + q)] = node, born_[size_t(c + q)] = ++births_;
  return c;
}

bool TsTree::roomForId(int32_t id) {
  if (size_t(id) < objects_.span()) return true;
  if (!objects_.room(id, [this](size_t cap) {
        return growTo(readIn_, cap) && growTo(seen_, cap) && growTo(lost_, cap) &&
               growTo(reshaped_, cap);
      }))
    return false;
  objects_.cover(id);
  readIn_.resize(objects_.span(), 0);
  seen_.resize(objects_.span(), 0);
  return true;
}

// Stamps that wrap start again from a table of zeros (once in 2^32 uses).
uint32_t TsTree::newStamp() const {
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0u);
    stamp_ = 1;
  }
  return stamp_;
}

void TsTree::nextCall() {
  if (++call_ == 0) {
    std::fill(readIn_.begin(), readIn_.end(), 0u);
    call_ = 1;
  }
}

// Pre-order without a stack: down to the first child (if `descend`), else on to the next
// sibling of the nearest node that has one.
int32_t TsTree::nextInPreorder(int32_t node, bool descend) const {
  if (descend && nodes_[size_t(node)].children >= 0) return nodes_[size_t(node)].children;
  for (;;) {
    const int32_t p = parent_[size_t(node)];
    if (p < 0) return -1;
    if (node - nodes_[size_t(p)].children < 3) return node + 1;
    node = p;
  }
}

// The steps of a call, each logged so rollback() can undo them in reverse.

bool TsTree::setShape(int32_t id, const Shape& shape) {
  // (room()'s two common answers asked here first: it is not inlined, and every insert comes here)
  if (!roomForUndo() || !growTo(shapeLog_, shapeLog_.size() + 1) ||
      !(shape.kind == kShapeRect || shapes_.holds(id) || shapes_.room(id, shape.kind)))
    return false;
  log_.push_back({Undo::kShape, id, int32_t(shapeLog_.size()), 0, 0});
  shapeLog_.push_back(this->shape(id));
  keep(id, shape);
  readIn_[size_t(id)] = call_;
  return true;
}

bool TsTree::append(int32_t node, int32_t id) {
  if (!entries_.room(1) || !roomForUndo()) return false;
  const int32_t e = entries_.make(id, objects_);
  entries_.linkTail(nodes_, node, e);
  log_.push_back({Undo::kAppend, e, 0, 0, 0});
  mark(node, kCheck);  // it may now hold `id` twice
  return true;
}

// The package's split and its loop over the leaf's objects: four empty children; the list set
// aside (its entries are freed when the call ends, so rollback() can put it back); and for each
// object in order, one insert() per child its shape meets, in ascending order, pushed so that they
// run in that order, each to the end (with the splits it causes) before the next.
bool TsTree::split(int32_t node) {
  const Node list = nodes_[size_t(node)];
  if (!roomForUndo() || !roomForBlock() || !growTo(work_, work_.size() + 4 * size_t(list.count))) return false;
  const int32_t c = addBlock(node);
  Node& n = nodes_[size_t(node)];
  n.head = n.tail = -1;
  n.count = 0;
  log_.push_back({Undo::kSplit, node, list.head, list.tail, list.count});
  mark(node, kClimb);  // objects that meet no child leave it; duplicates count once
  const Rect bounds = rects_[size_t(node)];
  for (int32_t e = list.tail; e >= 0; e = entries_[e].prev) {
    const int32_t id = entries_[e].id;
    const unsigned mask = shapeQuadrants(bounds, shape(id));
    for (int q = 3; q >= 0; --q)
      if (mask >> q & 1u) work_.push_back({c + q, id});
  }
  return true;
}

// The ids in `leaf` whose shapes were not read during this call, each once, in list order; room
// made in the log for their shapes.
bool TsTree::listWanted(int32_t leaf) {
  wanted_.clear();
  const Node& n = nodes_[size_t(leaf)];
  const size_t count = size_t(n.count);
  if (!growTo(wanted_, count) || !growTo(log_, log_.size() + count) || !growTo(shapeLog_, shapeLog_.size() + count))
    return false;
  const uint32_t stamp = newStamp();
  for (int32_t e = n.head; e >= 0; e = entries_[e].next) {
    const int32_t id = entries_[e].id;
    if (readIn_[size_t(id)] == call_ || seen_[size_t(id)] == stamp) continue;
    seen_[size_t(id)] = stamp;
    wanted_.push_back(id);
  }
  return true;
}

TsTree::Step TsTree::insert(int32_t id, const Shape& shape) {
  abandon();
  newChange();
  if (id < 0) return Step::kDone;
  if (!roomForId(id) || !growTo(work_, 1)) {
    noMemory_ = true;
    return Step::kNoRoom;
  }
  nextCall();
  busy_ = true;
  inserted_ = id;
  if (!setShape(id, shape)) return giveUp();
  work_.push_back({root(), id});
  return run();
}

void TsTree::supply(int32_t id, const Shape& shape) {
  if (!busy_ || !contains(id)) return;
  if (!setShape(id, shape)) starved_ = true;  // (listWanted() made room for the wanted ones)
}

TsTree::Step TsTree::resume() {
  if (!busy_) return Step::kDone;
  if (starved_) return giveUp();
  return run();
}

// The package's insert(), its recursion kept in work_: a node with children hands the object to
// each child its shape meets; a leaf appends it and, over maxObjects below maxLevels, splits,
// once it knows the shape of every object it holds.
TsTree::Step TsTree::run() {
  for (;;) {
    if (splitting_ >= 0) {
      if (!listWanted(splitting_)) return giveUp();
      if (!wanted_.empty()) return Step::kNeedShapes;
      if (!split(splitting_)) return giveUp();
      splitting_ = -1;
    }
    if (work_.empty()) return finish();
    const Work w = work_.back();
    work_.pop_back();
    const int32_t c = nodes_[size_t(w.node)].children;
    if (c >= 0) {
      if (!growTo(work_, work_.size() + 4)) return giveUp();
      const unsigned mask = shapeQuadrants(rects_[size_t(w.node)], shape(w.id));
      for (int q = 3; q >= 0; --q)
        if (mask >> q & 1u) work_.push_back({c + q, w.id});
      continue;
    }
    if (!append(w.node, w.id)) return giveUp();
    if (overflows(w.node)) splitting_ = w.node;
  }
}

// The call went through: the lists that splits set aside are freed now; an id with no entry
// left (dropped, or inserted where it met nothing) has left the tree.
TsTree::Step TsTree::finish() {
  const bool placedNowhere = objects_.first[size_t(inserted_)] < 0;
  for (const Undo& u : log_) {
    if (u.kind == Undo::kShape) reshaped_.push_back(u.at);  // (room: one per id, each read once a call)
    if (u.kind != Undo::kSplit) continue;
    for (int32_t e = u.head; e >= 0;) {
      const int32_t next = entries_[e].next, id = entries_[e].id;
      if (entries_.release(e, objects_)) lost_.push_back(id);  // (room: one per id)
      e = next;
    }
  }
  if (placedNowhere) lost_.push_back(inserted_);
  endCall();
  changed();
  return Step::kDone;
}

TsTree::Step TsTree::giveUp() {
  rollback();
  endCall();
  newChange();
  noMemory_ = true;
  return Step::kNoRoom;
}

void TsTree::abandon() {
  if (!busy_) return;
  rollback();
  endCall();
  newChange();
}

void TsTree::endCall() {
  busy_ = starved_ = false;
  inserted_ = splitting_ = -1;
  work_.clear();
  wanted_.clear();
  log_.clear();
  shapeLog_.clear();
}

// Every logged step undone, last first, so that each finds the tree as it left it: an appended
// entry is its node's tail again, a split node's children are empty leaves again. The marks made
// stay: a mark only makes the next join look. A freed block's are on the nodes for reuse, listed.
void TsTree::rollback() {
  for (size_t i = log_.size(); i-- > 0;) {
    const Undo& u = log_[i];
    switch (u.kind) {
      case Undo::kAppend:
        entries_.detach(nodes_, u.at);
        entries_.release(u.at, objects_);
        break;
      case Undo::kSplit: {
        Node& n = nodes_[size_t(u.at)];
        freeBlock(n.children);
        n.children = -1;
        n.head = u.head;  // the list set aside, as it was (its entries still name the node)
        n.tail = u.tail;
        n.count = u.count;
        break;
      }
      case Undo::kShape: {
        keep(u.at, shapeLog_[size_t(u.head)]);
        break;
      }
    }
  }
  log_.clear();
  shapeLog_.clear();
}

// The package's remove(): at every node the first occurrence in its list, found from the id's
// chain (by sequence number: a list is in increasing order of it), not by the shape.
bool TsTree::remove(int32_t id, bool fast) {
  abandon();
  newChange();
  bool inRoot = false;
  if (contains(id)) {
    const int32_t first = objects_.first[size_t(id)];
    for (int32_t e = first; e >= 0; e = entries_[e].idNext) pick_[size_t(entries_[e].node)] = -1;
    for (int32_t e = first; e >= 0; e = entries_[e].idNext) {
      int32_t& p = pick_[size_t(entries_[e].node)];
      if (p < 0 || entries_[e].seq < entries_[p].seq) p = e;
    }
    for (int32_t e = first; e >= 0;) {
      const int32_t next = entries_[e].idNext, node = entries_[e].node;
      if (pick_[size_t(node)] == e) {
        pick_[size_t(node)] = -1;
        inRoot |= node == root();
        entries_.detach(nodes_, e);
        mark(node, kClimb);
        if (entries_.release(e, objects_)) lost_.push_back(id);
      }
      e = next;
    }
    changed();
  }
  if (!fast && settle()) changed();
  return inRoot;
}

// Every entry and id gone, the arrays kept as long as they are: a tree cleared and filled again
// every frame finds them grown (the per-id stamps left are older than any new one).
void TsTree::forgetObjects() {
  abandon();
  newChange();
  clearMarks();
  entries_.clear();
  std::fill(objects_.first.begin(), objects_.first.end(), -1);
  objects_.count = 0;
}

// The package's clear(): every list emptied; a node at level >= minLevels drops its children,
// one below keeps them (emptied). Nothing is left unsettled.
void TsTree::clear() {
  forgetObjects();
  if (levels_[0] >= minLevels_) {
    clearNodes();
    coverNodes();
  } else {
    for (int32_t n = root(); n >= 0;) {
      Node& nd = nodes_[size_t(n)];
      nd.head = nd.tail = -1;
      nd.count = 0;
      const bool cut = nd.children >= 0 && levels_[size_t(n)] >= minLevels_;
      if (cut) freeSubtree(n, stack_, [](int32_t) {});
      n = nextInPreorder(n, !cut);
    }
  }
  changed();
}

}  // namespace qt
