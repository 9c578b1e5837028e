// Native benchmark of refresh() with every object moving, for a default tutorial QuadTree
// session (10, 5) beside a default Quadtree session (10, 4): N rects of 2..20 px in a square world
// of side sqrt(N) * 40, moving by quarter pixels up to 2 px per axis and bouncing, as
// bench/scene.mjs's square scene does (its own seeded generator, not the same rects). Times the
// session's refresh call and pairs() per frame. Not a test.
//
// Build and run, from the repository root:
//   g++ -O2 -std=c++17 -Icpp bench/native/tutorial_refresh.cpp $(ls cpp/*.cpp | grep -v -e bindings -e exports) -o /tmp/tutorial_refresh && /tmp/tutorial_refresh [N] [frames]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "boundary.h"
using namespace qt;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 10000, frames = argc > 2 ? std::atoi(argv[2]) : 200;
  const double side = std::sqrt(n) * 40;
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> u(0, 1);
  std::vector<double> start(4 * size_t(n)), speed(2 * size_t(n));
  for (size_t i = 0; i < size_t(n); ++i) {
    start[4 * i + 2] = 2 + int(u(rng) * 19), start[4 * i + 3] = 2 + int(u(rng) * 19);
    start[4 * i] = int(u(rng) * (side - 20)), start[4 * i + 1] = int(u(rng) * (side - 20));
    speed[2 * i] = (int(u(rng) * 16) - 8) / 4.0, speed[2 * i + 1] = (int(u(rng) * 16) - 8) / 4.0;
  }
  for (const bool tutorial : {false, true}) {
    const Handle h = tutorial ? sessionCreate(0, 0, side, side, 10, 5, 0, 0, qt::kTutorialKind) : sessionCreate(0, 0, side, side, 10, 4, 0);
    Session& s = *reinterpret_cast<Session*>(h);
    for (int i = 0; i < n;) {  // inserted through the staging buffer, as the facade does
      const int m = std::min(n - i, int(kStageCapacity));
      for (int j = 0; j < m; ++j) {
        stageBuffer.ids[j] = i + j;
        std::copy_n(&start[4 * size_t(i + j)], 4, &stageBuffer.rects[4 * j]);
      }
      sessionFlush(h, m);
      i += m;
    }
    sessionPairs(h);
    sessionScratch(h, n);
    std::vector<double> r = start, v = speed;
    double refreshMs = 0, pairsMs = 0;
    const int warm = 20;
    for (int f = 0; f < warm + frames; ++f) {
      for (size_t i = 0; i < size_t(n); ++i) {
        double &x = r[4 * i], &y = r[4 * i + 1];
        x += v[2 * i], y += v[2 * i + 1];
        if (x < 0 || x > side - 20) v[2 * i] = -v[2 * i];
        if (y < 0 || y > side - 20) v[2 * i + 1] = -v[2 * i + 1];
        s.scratchIds[i] = int32_t(i);
        std::copy_n(&r[4 * i], 4, &s.scratch[4 * i]);
      }
      const auto t0 = Clock::now();
      if (tutorial) sessionRefreshTutorial(h, n, 0, false);
      else sessionRefresh(h, n, false);
      const auto t1 = Clock::now();
      sessionPairs(h);
      const auto t2 = Clock::now();
      if (f >= warm) {
        refreshMs += std::chrono::duration<double, std::milli>(t1 - t0).count();
        pairsMs += std::chrono::duration<double, std::milli>(t2 - t1).count();
      }
    }
    std::printf("%s n=%d: refresh %.3f ms, pairs %.3f ms a frame (%d frames)\n",
                tutorial ? "QuadTree (10,5)" : "Quadtree (10,4)", n, refreshMs / frames, pairsMs / frames, frames);
    sessionDestroy(h);
  }
}
