// The entries of the trees that keep each node's objects as a list in arrival order (the tutorial
// tree and quadtree-ts's): an object stands in a node once per entry, and every entry of an id is
// in that id's chain, which ObjectTable::first heads. Freed entries are reused (a free list
// through `next`); `seq` numbers the appends, so a list's entries are in increasing order.
// The trees log their steps and undo them; these are the unlogged moves the steps are made of.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/abi.h"  // QT_LIST_HEADER
#include "base/debug.h"  // fail()
#include "base/memory_guard.h"
#include "storage/node_tree.h"  // Node, ObjectTable

namespace qt {

struct ListEntry {  // 32 bytes
  int32_t node;            // holding it; -1 in no list (or the node whose list was set aside); free: -2
  int32_t prev, next;      // in the node's list (free entries: the next free one)
  int32_t id;
  int32_t idPrev, idNext;  // in the id's chain
  uint64_t seq;            // append order: increasing along a list
};
static_assert(sizeof(ListEntry) == 32, "an entry is 32 bytes");

class EntryLists {
 public:
  ListEntry& operator[](int32_t e) { return entries_[size_t(e)]; }
  const ListEntry& operator[](int32_t e) const { return entries_[size_t(e)]; }
  size_t size() const { return entries_.size(); }  // records, free ones too
  size_t capacity() const { return entries_.capacity(); }
  int32_t live() const { return live_; }

  // Room for `extra` more entries (a free one serves one). False: no room, nothing changed.
  bool room(size_t extra) { return (extra == 1 && free_ >= 0) || growTo(entries_, entries_.size() + extra); }

  // A new entry of `id` (room made), first in the id's chain and in no list.
  int32_t make(int32_t id, ObjectTable& objects) {
    int32_t e = free_;
    if (e >= 0) {
      free_ = entries_[size_t(e)].next;
    } else {
      e = int32_t(entries_.size());
      entries_.push_back({});
    }
    int32_t& first = objects.first[size_t(id)];
    if (first < 0) ++objects.count;
    else entries_[size_t(first)].idPrev = e;
    entries_[size_t(e)] = {-1, -1, -1, id, -1, first, 0};
    first = e;
    ++live_;
    return e;
  }
  // Out of its id's chain and into the free list (out of its node's list already): true if it
  // was the id's last.
  bool release(int32_t e, ObjectTable& objects) {
    ListEntry& en = entries_[size_t(e)];
    if (en.idPrev >= 0) entries_[size_t(en.idPrev)].idNext = en.idNext;
    else objects.first[size_t(en.id)] = en.idNext;
    if (en.idNext >= 0) entries_[size_t(en.idNext)].idPrev = en.idPrev;
    const bool last = objects.first[size_t(en.id)] < 0;
    if (last) --objects.count;
    en = {-2, -1, free_, -1, -1, -1, 0};
    free_ = e;
    --live_;
    return last;
  }

  // At the tail of `node`'s list, with the next sequence number.
  void linkTail(std::vector<Node>& nodes, int32_t node, int32_t e) { linkTail(nodes[size_t(node)], node, e); }
  // At the tail of list `n`, which `node` will hold.
  void linkTail(Node& n, int32_t node, int32_t e) {
    ListEntry& en = entries_[size_t(e)];
    en.node = node;
    en.prev = n.tail;
    en.next = -1;
    en.seq = ++seq_;
    if (n.tail >= 0) entries_[size_t(n.tail)].next = e;
    else n.head = e;
    n.tail = e;
    ++n.count;
  }
  // Back where it was in `node`'s list: after `prev` (-1: first), with its old number.
  void relink(std::vector<Node>& nodes, int32_t node, int32_t e, int32_t prev, uint64_t seq) {
    ListEntry& en = entries_[size_t(e)];
    Node& n = nodes[size_t(node)];
    en.node = node;
    en.seq = seq;
    en.prev = prev;
    en.next = prev >= 0 ? entries_[size_t(prev)].next : n.head;
    if (prev >= 0) entries_[size_t(prev)].next = e;
    else n.head = e;
    if (en.next >= 0) entries_[size_t(en.next)].prev = e;
    else n.tail = e;
    ++n.count;
  }
  // Out of its node's list, into none.
  void detach(std::vector<Node>& nodes, int32_t e) {
    ListEntry& en = entries_[size_t(e)];
    Node& n = nodes[size_t(en.node)];
    if (en.prev >= 0) entries_[size_t(en.prev)].next = en.next;
    else n.head = en.next;
    if (en.next >= 0) entries_[size_t(en.next)].prev = en.prev;
    else n.tail = en.prev;
    --n.count;
    en.node = -1;
    en.prev = en.next = -1;
  }

  // The ids of list `n`, in order (room made).
  void appendIds(const Node& n, std::vector<int32_t>& out) const {
    for (int32_t e = n.head; e >= 0; e = entries_[size_t(e)].next) out.push_back(entries_[size_t(e)].id);
  }
  // The ids of every list below `node` in pre-order (a node, then its children 0..3 the same way);
  // `counts`: each list's header (abi.h's QT_LIST_HEADER: its length) before its ids. Room made;
  // `stack` has room for every node.
  void appendPreorder(const std::vector<Node>& nodes, int32_t node, std::vector<int32_t>& stack,
                      std::vector<int32_t>& out, bool counts) const {
    static_assert(kListHeader == 1 && listHeader::length == 0, "a list's header is its length alone");
    stack.assign(1, node);
    while (!stack.empty()) {
      const Node& n = nodes[size_t(stack.back())];
      stack.pop_back();
      if (counts) out.push_back(n.count);
      appendIds(n, out);
      if (n.children >= 0)
        for (int q = 3; q >= 0; --q) stack.push_back(n.children + q);
    }
  }

  // Every entry gone, capacity kept.
  void clear() {
    entries_.clear();
    free_ = -1;
    live_ = 0;
    seq_ = 0;
  }

  // One node's list, in a walk of the tree's nodes: every entry in range, met once (`seen`: 1),
  // naming `n` and its predecessor, in sequence, with an id below `span`, and as `check(e)` (the
  // tree's own rules) requires; `nd`'s count and tail agree. Adds the count to `listed`.
  template <class Check>
  bool validateList(int32_t n, const Node& nd, size_t span, std::vector<char>& seen, int32_t& listed,
                    std::string* why, Check check) const {
    int32_t count = 0, prev = -1;
    for (int32_t e = nd.head; e >= 0; prev = e, e = entries_[size_t(e)].next) {
      if (size_t(e) >= entries_.size() || seen[size_t(e)]) return fail(why, "node ", n, " list broken at entry ", e);
      seen[size_t(e)] = 1;
      const ListEntry& en = entries_[size_t(e)];
      if (en.node != n || en.prev != prev) return fail(why, "entry ", e, " names the wrong node or predecessor");
      if (prev >= 0 && !(entries_[size_t(prev)].seq < en.seq)) return fail(why, "entry ", e, " is out of order in node ", n);
      if (en.id < 0 || size_t(en.id) >= span) return fail(why, "entry ", e, " has a bad id");
      if (!check(e)) return false;
      ++count;
    }
    if (count != nd.count || prev != nd.tail) return fail(why, "node ", n, " count or tail is wrong");
    listed += count;
    return true;
  }
  // After every list was walked (validateList()): the free list, every entry in a list or free,
  // `listed` of them live, and each present id's chain linked both ways through its own entries,
  // all of them in lists; the ids present are `objects.count`.
  bool validateRest(const ObjectTable& objects, std::vector<char>& seen, int32_t listed, std::string* why) const {
    for (int32_t e = free_; e >= 0; e = entries_[size_t(e)].next) {
      if (size_t(e) >= entries_.size() || seen[size_t(e)] || entries_[size_t(e)].node != -2)
        return fail(why, "free entry list broken at ", e);
      seen[size_t(e)] = 2;
    }
    if (listed != live_) return fail(why, "entry count ", live_, " but ", listed, " in lists");
    for (size_t e = 0; e < entries_.size(); ++e)
      if (!seen[e]) return fail(why, "entry ", int32_t(e), " is neither in a list nor free");
    int32_t present = 0, chained = 0;
    for (size_t id = 0; id < objects.span(); ++id) {
      if (objects.first[id] < 0) continue;
      ++present;
      for (int32_t e = objects.first[id], prev = -1; e >= 0; prev = e, e = entries_[size_t(e)].idNext, ++chained)
        if (size_t(e) >= entries_.size() || seen[size_t(e)] != 1 || entries_[size_t(e)].id != int32_t(id) ||
            entries_[size_t(e)].idPrev != prev)
          return fail(why, "id ", int32_t(id), " entry chain broken at ", e);
    }
    if (present != objects.count) return fail(why, "object count ", objects.count, " but ", present, " ids");
    if (chained != listed) return fail(why, "entries in id chains ", chained, " but ", listed, " in lists");
    return true;
  }

 private:
  std::vector<ListEntry> entries_;
  int32_t free_ = -1;
  int32_t live_ = 0;
  uint64_t seq_ = 0;
};

}  // namespace qt
