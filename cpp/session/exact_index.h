// The index behind the exact queries (search, collides, pairs and the pair cache's re-searches)
// of a Quadtree or TutorialTree session: a LinearQuadtree whose bounds and depth come from the
// objects themselves (their extent and typical size), never from the compat tree's maxObjects and
// maxLevels. Those only shape what retrieve() and findObjects() must reproduce; with quadtree-js's
// defaults (10, 4) a leaf of 50,000 objects holds about 200, and exact queries over such leaves
// cost many times what this index costs.
//
// Made when an exact query first needs it (a game that only calls retrieve() never pays for it),
// then kept in step with every change the session makes (set(), remove(), clear()), and rebuilt
// when the objects outgrow it: four times as many or a quarter as many as it was built for, or a
// quarter of them outside its bounds. Running out of memory while keeping it in step drops it
// (the next exact query rebuilds it, or reports the lack of memory).
//
// A call that changes most objects at once (a refresh() when everything moves) leaves it behind
// instead (defer()): moving each object in it costs a third of such a frame, and pairs(), the
// usual next call, does not need it: it reads the objects' own rects through the index's bounds
// and depth (LinearQuadtree::pairsOf). Removals still reach it. The next query that needs it
// catches up (ensure(): each object set again, which moves only those that changed cells).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>

#include "linear/depth_plan.h"
#include "linear/linear_quadtree.h"

namespace qt {

class ExactIndex {
 public:
  // The index, or null when it has not been made (or was dropped).
  LinearQuadtree* tree() const { return tree_.get(); }
  // Counts every index made and every drop: what was computed from an earlier index (the pair
  // cache) is stale once this moved on.
  uint32_t generation() const { return generation_; }

  // Mirrors of the session's changes; no-ops while there is no index. While it is stale the
  // session mirrors only removals.
  void set(int32_t id, const Rect& r);   // inserted or moved (a rect: the frame loop of rect games)
  void set(int32_t id, const Shape& s);  // the same, of any shape (a circle, a line)
  void remove(int32_t id);
  void clear();
  void drop();
  // The index stops following the objects' moves until ensure() catches up (no-op without an
  // index). After a catch-up, the next kKeepUp calls keep it up instead: a game that queries
  // every frame would pay for the catch-up and for pairs() from the rects every frame.
  void defer() {
    if (keepUp_ > 0) return void(--keepUp_);
    stale_ = tree_ != nullptr;
  }
  bool stale() const { return stale_; }

  // Makes the index current for the `count` objects that `each(visit)` lists as visit(id, shape),
  // unless the one kept already suits them; `bounds` are the compat tree's. False: no room (the
  // index is then dropped).
  template <class Each>
  bool ensure(int32_t count, const Rect& bounds, Each each) {
    if (stale_) {  // every object set again: only those that changed cells move
      stale_ = false;
      ++generation_;  // (the pair cache heard of changes the index never saw)
      keepUp_ = kKeepUp;
      each([&](int32_t id, const Shape& s) { set(id, s); });  // (no-ops once out of memory drops it)
    }
    return (tree_ && suits(count)) || build(count, bounds, each);
  }

  // The index made anew (once in many calls: built for size).
  template <class Each>
  QT_COLD bool build(int32_t count, const Rect& bounds, Each each) {
    Plan plan(bounds);
    each([&](int32_t, const Shape& s) { plan.reach(LinearQuadtree::placedBy(s)); });
    each([&](int32_t, const Shape& s) { plan.fit(LinearQuadtree::placedBy(s)); });
    if (!make(plan, count)) return false;
    bool fits = true;
    each([&](int32_t id, const Shape& s) { fits = fits && (set(id, s), tree_ != nullptr); });
    return fits;
  }

  // The rule that picks bounds and depth from the objects (depth_plan.h).
  using Plan = DepthPlan;

 private:
  bool suits(int32_t count) const {
    return !outgrows(count, builtFor_) && 4 * outside_ <= count + 64;
  }
  bool make(const Plan& plan, int32_t count);
  bool inside(const Rect& r) const {
    return r.x >= area_.x && r.y >= area_.y && r.x + r.w <= area_.x + area_.w && r.y + r.h <= area_.y + area_.h;
  }

  std::unique_ptr<LinearQuadtree> tree_;
  Rect area_{0, 0, 0, 0};  // the index's bounds
  int32_t builtFor_ = 0;   // objects when it was made
  int32_t outside_ = 0;    // objects now reaching outside area_ (clamped into its edge cells)
  bool stale_ = false;     // behind the objects' moves since defer()
  static constexpr int32_t kKeepUp = 8;
  int32_t keepUp_ = 0;     // defer() calls left that keep the index up
  uint32_t generation_ = 0;
};

}  // namespace qt
