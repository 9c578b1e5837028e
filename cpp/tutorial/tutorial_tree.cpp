// TutorialTree's storage and every change: insert with its splits and moves, remove, update,
// refresh, clear and clearNode, and the undo log that makes a call that runs out of room change
// nothing.
#include "tutorial/tutorial_tree.h"

#include <algorithm>
#include <limits>

#include "base/memory_guard.h"
#include "base/sort.h"

namespace qt {

namespace {
bool sameRect(const Rect& a, const Rect& b) { return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h; }
}  // namespace

TutorialTree::TutorialTree(Rect bounds, double maxObjects, double maxLevels, double level) {
  if (plantRoot(bounds, level, maxObjects, maxLevels)) ancestry_.push_back({-1, 0});
}

// Growth: the arrays sized by another grow first, the one the fast check reads last, so its
// capacity never runs ahead of theirs.
QT_COLD bool TutorialTree::growNodeScratch(size_t cap) {
  return growTo(ancestry_, cap) && growTo(rank_, cap) && growTo(stack_, cap + 4);
}

bool TutorialTree::roomForId(int32_t id) {
  if (size_t(id) < objects_.span()) return true;
  if (!objects_.room(id, [this](size_t cap) { return growTo(unsettled_, cap) && growTo(unsettledIds_, cap); }))
    return false;
  objects_.cover(id);
  unsettled_.resize(objects_.span(), 0);
  return true;
}

bool TutorialTree::growLog() { return growTo(log_, log_.size() + 1); }

void TutorialTree::markUnsettled(int32_t id) {
  if (unsettled_[id]) return;
  unsettled_[id] = 1;
  unsettledIds_.push_back(id);  // room: one per id (roomForId)
}

// The steps of a call, each logged so rollback() can undo them in reverse.

bool TutorialTree::append(int32_t node, int32_t e) {
  if (!roomForStep()) return false;
  entries_.linkTail(nodes_, node, e);
  log_.push_back({Step::kAppend, e, node, -1, 0});
  return true;
}

bool TutorialTree::unlink(int32_t e) {
  if (!roomForStep()) return false;
  const ListEntry& en = entries_[e];
  log_.push_back({Step::kUnlink, e, en.node, en.prev, en.seq});
  entries_.detach(nodes_, e);
  return true;
}

bool TutorialTree::split(int32_t node) {
  if (!roomForStep() || !roomForBlock()) return false;
  const int32_t c = addChildren(node, [](const Rect& parent, int q) { return tutorialChildRect(parent, q); });
  if (ancestry_.size() < nodes_.size()) ancestry_.resize(nodes_.size());
  const int32_t depth = ancestry_[node].depth + 1;
  for (int q = 0; q < 4; ++q) ancestry_[c + q] = {node, depth};
  log_.push_back({Step::kSplit, node, -1, -1, 0});
  return true;
}

bool TutorialTree::setRect(int32_t id, const Rect& r) {
  if (!roomForStep() || !growTo(rectLog_, rectLog_.size() + 1)) return false;
  log_.push_back({Step::kRect, id, -1, int32_t(rectLog_.size()), 0});
  rectLog_.push_back(objects_.rects[id]);
  objects_.rects[id] = r;
  return true;
}

void TutorialTree::rollback() {
  for (size_t i = log_.size(); i-- > 0;) {
    const Step& s = log_[i];
    switch (s.kind) {
      case Step::kAppend:  // it is the tail of its node: every later step is undone
        entries_.detach(nodes_, s.a);
        break;
      case Step::kUnlink:  // back after its old predecessor, with its old sequence number
        entries_.relink(nodes_, s.node, s.a, s.prev, s.seq);
        break;
      case Step::kSplit:  // its children are empty leaves again
        freeBlock(nodes_[s.a].children);
        nodes_[s.a].children = -1;
        break;
      case Step::kRect:
        objects_.rects[s.a] = rectLog_[size_t(s.prev)];
        break;
    }
  }
  log_.clear();
  rectLog_.clear();
  noMemory_ = true;
}

// The original's insert(), for an entry not in any list: descend while the node has children and
// the rect fits one; append; if the list then overflows, split (if a leaf) and move every entry
// that fits a child into it, front to back, each by this same rule. The recursion of the original
// is the explicit stack frames_: a frame walks one node's list while the moves it makes run to
// completion above it.
bool TutorialTree::place(int32_t node, int32_t e) {
  frames_.clear();
  int32_t at = node;
  for (;;) {
    const Rect& r = objects_.rects[entries_[e].id];
    const int32_t c = nodes_[at].children;
    const int q = c >= 0 ? tutorialIndex(rects_[at], r) : -1;
    if (q < 0) {
      if (!append(at, e)) return false;
      if (overflows(at)) {
        if ((nodes_[at].children < 0 && !split(at)) || !growTo(frames_, frames_.size() + 1)) return false;
        frames_.push_back({at, nodes_[at].head});
      }
      // The next entry to move: from the deepest frame that has one left.
      e = -1;
      while (!frames_.empty() && e < 0) {
        Frame& f = frames_.back();
        if (f.cursor < 0) {
          frames_.pop_back();
          continue;
        }
        const int32_t g = f.cursor;
        f.cursor = entries_[g].next;
        const int qq = tutorialIndex(rects_[f.node], objects_.rects[entries_[g].id]);
        if (qq < 0) continue;
        at = nodes_[f.node].children + qq;
        if (!unlink(g)) return false;
        e = g;
      }
      if (e < 0) return true;
      continue;
    }
    at = c + q;
  }
}

void TutorialTree::insert(int32_t node, int32_t id, const Rect& rect) {
  if (id < 0 || !isNode(node)) return;
  if (!roomForId(id) || !entries_.room(1)) {
    noMemory_ = true;
    return;
  }
  const bool had = objects_.first[id] >= 0;
  if (!setRect(id, rect)) return rollback();
  if (had && !sameRect(rectLog_.back(), rect)) markUnsettled(id);  // its other entries: refresh() checks them
  const int32_t e = entries_.make(id, objects_);
  if (node != root()) markUnsettled(id);  // placed from a subnode: maybe not where the root would put it
  if (!place(node, e)) {
    rollback();
    entries_.release(e, objects_);
    return;
  }
  commit();
  changed();
}

int32_t TutorialTree::insertAll(const int32_t* ids, const double* rects, int32_t count) {
  return insertEach(0, ids, rects, count);
}

// Pre-order: a node's list front to back, then children 0..3. Entries of one node compare by
// sequence number; otherwise by the node paths: an ancestor's list comes first, and siblings go in
// child order, which is the order of their indices in the block.
bool TutorialTree::before(int32_t a, int32_t b) const {
  int32_t x = entries_[a].node, y = entries_[b].node;
  if (x == y) return entries_[a].seq < entries_[b].seq;
  while (ancestry_[x].depth > ancestry_[y].depth) {
    const int32_t p = ancestry_[x].parent;
    if (p == y) return false;  // b's node is an ancestor of a's
    x = p;
  }
  while (ancestry_[y].depth > ancestry_[x].depth) {
    const int32_t p = ancestry_[y].parent;
    if (p == x) return true;
    y = p;
  }
  while (ancestry_[x].parent != ancestry_[y].parent) x = ancestry_[x].parent, y = ancestry_[y].parent;
  return x < y;
}

// refresh() found no room: its rects put back, its logged steps undone, its flags cleared.
QT_COLD int32_t TutorialTree::undoRefresh(const int32_t* changedIds, int32_t saved) {
  for (int32_t i = saved; i-- > 0;)
    if (contains(changedIds[i])) objects_.rects[changedIds[i]] = rectLog_[size_t(i)];
  rollback();
  for (int32_t e : dead_) refreshMarks_[size_t(e)] = 0;
  for (int32_t e : takeOut_) refreshMarks_[size_t(e)] = 0;
  dead_.clear();
  takeOut_.clear();
  return -1;
}

QT_COLD bool TutorialTree::walksHome(int32_t node, const Rect& rect) const { return home(root(), rect) == node; }

QT_COLD void TutorialTree::rankNodes() {
  rank_.resize(nodes_.size());  // (room: growNodeScratch())
  // Pre-order without a stack: down to the first child, else up to the nearest next sibling.
  for (int32_t n = root(), rank = 0;;) {
    rank_[size_t(n)] = rank++;
    if (nodes_[n].children >= 0) {
      n = nodes_[n].children;
      continue;
    }
    for (;;) {
      const int32_t p = ancestry_[n].parent;
      if (p < 0) return;
      if (n - nodes_[p].children < 3) {
        ++n;
        break;
      }
      n = p;
    }
  }
}

int32_t TutorialTree::firstInPreorder(int32_t id) const {
  int32_t best = objects_.first[id];
  for (int32_t e = entries_[best].idNext; e >= 0; e = entries_[e].idNext)
    if (before(e, best)) best = e;
  return best;
}

bool TutorialTree::remove(int32_t id) {
  if (!contains(id)) return false;
  const int32_t e = firstInPreorder(id);
  entries_.detach(nodes_, e);
  entries_.release(e, objects_);
  changed();
  return true;
}

bool TutorialTree::update(int32_t id, const Rect& rect) {
  if (id < 0) return false;
  if (!contains(id)) {
    insert(root(), id, rect);
    return contains(id);
  }
  const int32_t e = firstInPreorder(id), from = entries_[e].node;
  if (!setRect(id, rect)) {
    rollback();
    return false;
  }
  if (!sameRect(rectLog_.back(), rect) && (objects_.first[id] != e || entries_[e].idNext >= 0)) markUnsettled(id);
  if (!unlink(e) || !place(root(), e)) {
    rollback();
    return false;
  }
  commit();
  changed();
  return entries_[e].node != from;
}

int32_t TutorialTree::refresh(const int32_t* changedIds, const double* rects, int32_t changed,
                              const int32_t* deadPositions, int32_t dead) {
  dead_.clear();
  takeOut_.clear();
  removed_.clear();
  // The old rects of changedIds[0..saved), in rectLog_, for fail(): one block rather than a
  // logged step per id (the lists' steps are logged as in every call).
  int32_t saved = 0;
  auto fail = [&] { return undoRefresh(changedIds, saved); };
  if ((dead > 0 && (!growTo(dead_, size_t(dead)) || !growTo(removed_, size_t(dead)))) ||
      !growTo(refreshMarks_, entries_.size())) {
    noMemory_ = true;
    return -1;
  }
  refreshMarks_.resize(entries_.size(), 0);  // (the entries made since the last refresh)
  // The dead entries, by their positions in the pre-order sequence as it is now.
  if (dead > 0) {
    int32_t k = 0, position = 0;
    stack_.assign(1, root());
    while (!stack_.empty() && k < dead) {
      const int32_t n = stack_.back();
      stack_.pop_back();
      for (int32_t e = nodes_[n].head; e >= 0 && k < dead; e = entries_[e].next, ++position) {
        while (k < dead && deadPositions[k] < position) ++k;  // not ascending: ignored
        if (k < dead && deadPositions[k] == position) {
          refreshMarks_[size_t(e)] = 1;
          dead_.push_back(e);
          ++k;
        }
      }
      if (nodes_[n].children >= 0)
        for (int q = 3; q >= 0; --q) stack_.push_back(nodes_[n].children + q);
    }
  }
  // The new rects.
  if (!growTo(rectLog_, size_t(changed))) return fail();
  for (; saved < changed; ++saved) {
    const int32_t id = changedIds[saved];
    const bool present = contains(id);
    rectLog_.push_back(present ? objects_.rects[id] : Rect{});
    if (present) objects_.rects[id] = Rect{rects[4 * saved], rects[4 * saved + 1], rects[4 * saved + 2], rects[4 * saved + 3]};
  }
  // Only the changed and the unsettled ids can have entries away from home.
  auto check = [&](int32_t id) {
    if (!contains(id)) return true;
    const Rect& r = objects_.rects[id];
    for (int32_t o = objects_.first[id]; o >= 0; o = entries_[o].idNext) {
      if (refreshMarks_[size_t(o)] || atHome(entries_[o].node, r)) continue;
      if (!growTo(takeOut_, takeOut_.size() + 1)) return false;
      refreshMarks_[size_t(o)] = 2;
      takeOut_.push_back(o);
    }
    return true;
  };
  for (int32_t i = 0; i < changed; ++i)
    if (!check(changedIds[i])) return fail();
  for (int32_t id : unsettledIds_)
    if (!check(id)) return fail();
  // Pre-order of where they are (shellSort: a fraction of std::sort's code in the wasm). Many of
  // them: by each node's rank in a pre-order walk of the nodes, then sequence; a few: by before().
  const bool ranked = takeOut_.size() > 16;
  if (ranked) rankNodes();
  shellSort(takeOut_.data(), takeOut_.data() + takeOut_.size(), [&](int32_t a, int32_t b) {
    if (!ranked) return before(a, b);
    const int32_t ra = rank_[size_t(entries_[a].node)], rb = rank_[size_t(entries_[b].node)];
    return ra != rb ? ra < rb : entries_[a].seq < entries_[b].seq;
  });
  for (int32_t e : dead_)
    if (!unlink(e)) return fail();
  for (int32_t e : takeOut_)
    if (!unlink(e)) return fail();
  for (int32_t e : takeOut_)
    if (!place(root(), e)) return fail();
  commit();
  for (int32_t e : takeOut_) refreshMarks_[size_t(e)] = 0;
  for (int32_t e : dead_) {
    removed_.push_back(entries_[e].id);
    refreshMarks_[size_t(e)] = 0;
    entries_.release(e, objects_);
  }
  for (int32_t id : unsettledIds_) unsettled_[id] = 0;
  unsettledIds_.clear();
  if (changed > 0 || !dead_.empty() || !takeOut_.empty()) this->changed();
  return int32_t(dead_.size());
}

void TutorialTree::clear() {
  clearNodes();
  ancestry_.resize(1);
  entries_.clear();
  objects_.clear();
  unsettled_.clear();
  unsettledIds_.clear();
  changed();
}

void TutorialTree::reset(Rect bounds, double maxObjects, double maxLevels, double level) {
  resetTree(bounds, level, maxObjects, maxLevels);
}

void TutorialTree::clearNode(int32_t node) {
  if (!isNode(node)) return;
  if (node == root()) return clear();
  freeSubtree(node, stack_, [&](int32_t n) {
    for (int32_t e = nodes_[n].head; e >= 0;) {
      const int32_t next = entries_[e].next;
      entries_.release(e, objects_);
      e = next;
    }
  });
  changed();
}

}  // namespace qt
