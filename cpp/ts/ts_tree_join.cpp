// TsTree's join without a walk of the whole tree.
//
// The package's join() at the root, in post-order: a node whose subtree holds no more than
// maxObjects distinct objects (D <= maxObjects) and whose level >= minLevels becomes a leaf whose
// list is those objects, each once, in the order of their first occurrence in a depth-first
// pre-order walk of the subtree as it was. Joining a subtree does not change its distinct
// objects, so a node joins iff that holds for it as the tree was before the join; the outcome is
// that each highest such node is joined (a leaf among them just loses its duplicates). D only
// grows towards the root and levels only fall, so the nodes that join form chains up from the
// lowest ones.
//
// The tree is kept settled: after a join no node would change at the next. A change unsettles
// only the nodes it touches, and their ancestors: an append can give a leaf a duplicate (kCheck:
// the leaf alone, since D grows); a remove, or a split that drops objects or finds duplicates,
// can lower D (kClimb: the node and its ancestors). So the join looks at the marked nodes only:
// from each, up while the nodes join, counting D with one stamp for the whole climb (each step
// adds its siblings' subtrees) and stopping after maxObjects + 1 distinct ids; then it joins the
// highest. Cost: the marked nodes' subtrees up to maxObjects + 1 distinct ids each, the climb,
// and what it joins (nodes and entries freed, made by the inserts before).
#include <vector>

#include "base/memory_guard.h"
#include "ts/ts_tree.h"

namespace qt {

void TsTree::join() {
  abandon();
  newChange();
  if (settle()) changed();
}

bool TsTree::joinList(std::vector<int32_t>& out) {
  abandon();
  newChange();
  if (!growTo(out, out.size() + linkCount())) return false;
  entries_.appendPreorder(nodes_, root(), stack_, out, false);
  if (settle()) changed();
  return true;
}

void TsTree::clearMarks() {
  for (int32_t n : marked_) marks_[size_t(n)] = 0;
  marked_.clear();
}

bool TsTree::settle() {
  bool changed = false;
  // With maxObjects NaN or below 0 no subtree is ever small enough.
  if (0 <= maxObjects_)
    for (size_t i = 0; i < marked_.size(); ++i) {
      const int32_t n = marked_[i];
      if (nodes_[size_t(n)].count == kFreeNode) continue;  // joined into a node above it
      changed |= settleAt(n, (marks_[size_t(n)] & kClimb) != 0);
    }
  clearMarks();
  return changed;
}

// Adds to `distinct` the ids of the subtree at `node` that `stamp` has not seen (and stamps them),
// depth first; false as soon as there are more than maxObjects.
bool TsTree::countDistinct(int32_t node, uint32_t stamp, int32_t& distinct) const {
  return eachBelow(node, stack_, [&](int32_t n) {  // (any order: a count)
    return eachUnseen(n, stamp, [&](int32_t) { return double(++distinct) <= maxObjects_; });
  });
}

// From a marked node: the highest node up from it that joins (only itself without `climb`),
// joined. True if that changed the tree.
bool TsTree::settleAt(int32_t node, bool climb) {
  if (!(levels_[size_t(node)] >= minLevels_)) return false;
  const uint32_t stamp = newStamp();
  int32_t distinct = 0;
  if (!countDistinct(node, stamp, distinct)) return false;
  const int32_t own = distinct;
  int32_t top = node;
  while (climb) {
    const int32_t p = parent_[size_t(top)];
    if (p < 0 || !(levels_[size_t(p)] >= minLevels_)) break;
    const int32_t c = nodes_[size_t(p)].children;
    bool fits = true;
    for (int q = 0; q < 4 && fits; ++q)
      if (c + q != top) fits = countDistinct(c + q, stamp, distinct);
    if (!fits) break;
    top = p;
  }
  // A leaf whose objects are distinct is its own join.
  if (top == node && nodes_[size_t(node)].children < 0 && own == nodes_[size_t(node)].count) return false;
  collapse(top);
  return true;
}

// `top` becomes a leaf holding the first occurrence of each id of its subtree in pre-order: those
// entries relinked into its list (with new sequence numbers, in that order), the others freed,
// then the nodes below it. Allocates nothing.
void TsTree::collapse(int32_t top) {
  const uint32_t stamp = newStamp();
  Node gathered = kEmptyNode;  // (top's list is read as it is gathered)
  stack_.assign(1, top);
  while (!stack_.empty()) {
    const int32_t n = stack_.back();
    stack_.pop_back();
    for (int32_t e = nodes_[size_t(n)].head; e >= 0;) {
      ListEntry& en = entries_[e];
      const int32_t next = en.next;
      if (seen_[size_t(en.id)] == stamp) {
        entries_.release(e, objects_);  // (never the id's last: its first occurrence stays)
      } else {
        seen_[size_t(en.id)] = stamp;
        entries_.linkTail(gathered, top, e);
      }
      e = next;
    }
    const int32_t c = nodes_[size_t(n)].children;
    if (c >= 0)
      for (int q = 3; q >= 0; --q) stack_.push_back(c + q);
  }
  if (nodes_[size_t(top)].children >= 0) freeSubtree(top, stack_, [](int32_t) {});
  nodes_[size_t(top)] = gathered;
}

}  // namespace qt
