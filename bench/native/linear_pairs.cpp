// Native benchmark of qt::LinearQuadtree on the benchmark scene (bench/scene.mjs): N rects of
// 2..20 px in a square world of side round(sqrt(N) * 40), seeded, moving each frame and bouncing
// off the edges; bounds = the world, depth 8. Times update-all + pairs(), pairs() alone, and
// search() of 64 x 64 windows; checks the pair count against a plain sweep. Not a test.
//
// Build and run, from the repository root (the tree's files and memory_guard.cpp, which growTo()
// needs):
//   g++ -O2 -std=c++17 -Icpp bench/native/linear_pairs.cpp cpp/linear_quadtree*.cpp cpp/memory_guard.cpp -o /tmp/linear_pairs && /tmp/linear_pairs [frames] [N...]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "linear_quadtree.h"

namespace {

using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// mulberry32, as bench/scene.mjs has it.
struct Rand {
  uint32_t a;
  double operator()() {
    a += 0x6d2b79f5u;
    uint32_t t = a;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return double(t ^ (t >> 14)) / 4294967296.0;
  }
  int32_t integer(int32_t lo, int32_t hi) { return lo + int32_t(std::floor((*this)() * (hi - lo + 1))); }
};

struct Obj {
  double x, y, w, h, vx, vy;
};

struct Scene {
  double side;
  std::vector<Obj> objs;

  Scene(int32_t n, uint32_t seed) {
    Rand rand{(seed * 0x9e3779b1u) ^ uint32_t(n)};
    side = std::round(std::sqrt(double(n)) * 40);
    auto speed = [&] {
      const double q = rand.integer(1, 8) / 4.0;
      return rand() < 0.5 ? -q : q;
    };
    for (int32_t i = 0; i < n; ++i) {
      Obj o;
      o.w = rand.integer(2, 20);
      o.h = rand.integer(2, 20);
      o.x = rand.integer(0, int32_t(side - o.w));
      o.y = rand.integer(0, int32_t(side - o.h));
      o.vx = speed();
      o.vy = speed();
      objs.push_back(o);
    }
  }
  void step() {
    for (Obj& o : objs) {
      double x = o.x + o.vx, y = o.y + o.vy;
      if (x < 0) x = -x, o.vx = -o.vx;
      else if (x + o.w > side) x = 2 * (side - o.w) - x, o.vx = -o.vx;
      if (y < 0) y = -y, o.vy = -o.vy;
      else if (y + o.h > side) y = 2 * (side - o.h) - y, o.vy = -o.vy;
      o.x = x;
      o.y = y;
    }
  }
};

// Independent pair count: sort by x, sweep.
size_t sweepPairs(const std::vector<Obj>& objs) {
  std::vector<int32_t> order(objs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = int32_t(i);
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return objs[a].x < objs[b].x; });
  size_t n = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const Obj& a = objs[order[i]];
    for (size_t j = i + 1; j < order.size() && objs[order[j]].x < a.x + a.w; ++j) {
      const Obj& b = objs[order[j]];
      n += b.y < a.y + a.h && a.y < b.y + b.h;
    }
  }
  return n;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void run(int32_t n, int frames) {
  Scene scene(n, 1);
  qt::LinearQuadtree tree({0, 0, scene.side, scene.side}, 8);
  for (int32_t i = 0; i < n; ++i) {
    const Obj& o = scene.objs[size_t(i)];
    tree.insert(i, {o.x, o.y, o.w, o.h});
  }
  // 64 x 64 windows as makeWindows() draws them (may hang over the edge).
  Rand wr{(7u * 0x85ebca6bu) ^ uint32_t(n) ^ (64u << 16) ^ 64u};
  std::vector<qt::Rect> windows(1000);
  for (qt::Rect& q : windows) q = {wr() * scene.side - 32, wr() * scene.side - 32, 64, 64};

  std::vector<int32_t> out, found;
  out.reserve(size_t(n));
  found.reserve(1024);
  std::vector<double> frame, pairs, search;
  size_t lastPairs = 0, hits = 0;
  for (int f = 0; f < frames; ++f) {
    scene.step();
    const auto t0 = Clock::now();
    for (int32_t i = 0; i < n; ++i) {
      const Obj& o = scene.objs[size_t(i)];
      tree.update(i, {o.x, o.y, o.w, o.h});
    }
    const auto t1 = Clock::now();
    out.clear();
    tree.pairs(out);
    const double p = msSince(t1);
    frame.push_back(msSince(t0));
    pairs.push_back(p);
    lastPairs = out.size() / 2;
    if (f == 0 || f == frames - 1) {
      const size_t want = sweepPairs(scene.objs);
      if (want != lastPairs) {
        std::printf("N=%d frame %d: pairs() found %zu, the sweep %zu\n", n, f, lastPairs, want);
        std::exit(1);
      }
    }
    const auto t2 = Clock::now();
    for (const qt::Rect& q : windows) {
      found.clear();
      tree.search(q, found);
      hits += found.size();
    }
    search.push_back(msSince(t2) * 1000 / double(windows.size()));  // us per search
  }
  std::printf("N=%6d  update+pairs %.3f ms  pairs %.3f ms (min %.3f)  search64 %.3f us  "
              "(%zu pairs, %.2f hits/search, %d frames)\n",
              n, median(frame), median(pairs), *std::min_element(pairs.begin(), pairs.end()),
              median(search), lastPairs, double(hits) / double(frames) / double(windows.size()),
              frames);
}

}  // namespace

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::atoi(argv[1]) : 200;
  std::vector<int32_t> ns;
  for (int i = 2; i < argc; ++i) ns.push_back(std::atoi(argv[i]));
  if (ns.empty()) ns = {10000, 50000};
  for (int32_t n : ns) run(n, frames);
}
