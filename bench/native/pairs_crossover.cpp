// Native benchmark of the pair cache's choice (cpp/pair_cache.h, kSearchCost): for a default
// Quadtree session (10, 4) of N rects of 2..20 px in a square world of side sqrt(N) * 40, moves a
// seeded share of the objects per frame, then times refresh, pairs() by re-searching the changed
// objects, and pairs() computed afresh (the cache forgotten), per share. The share at which the
// two pairs() times cross gives kSearchCost (it switches at changed * kSearchCost > N). Not a test.
//
// Build and run, from the repository root:
//   g++ -O2 -std=c++17 -Icpp bench/native/pairs_crossover.cpp $(ls cpp/*.cpp | grep -v -e bindings -e exports) -o /tmp/pairs_crossover && /tmp/pairs_crossover [N]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "boundary.h"
using namespace qt;
using clk = std::chrono::steady_clock;
int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 50000; const double side = std::sqrt(n) * 40;
  std::mt19937 rng(1); std::uniform_real_distribution<double> U(0, 1);
  std::vector<double> r(4 * n), v(2 * n);
  for (int i = 0; i < n; ++i) { r[4*i+2] = 2 + int(U(rng)*19); r[4*i+3] = 2 + int(U(rng)*19); r[4*i] = U(rng)*(side-20); r[4*i+1] = U(rng)*(side-20); v[2*i]=(U(rng)-.5)*4; v[2*i+1]=(U(rng)-.5)*4; }
  Handle h = sessionCreate(0,0,side,side,10,4,0);
  Session& s = *reinterpret_cast<Session*>(h);
  sessionScratch(h, n);
  for (int i = 0; i < n; ++i) { s.scratchIds[i] = i; for (int k=0;k<4;++k) s.scratch[4*i+k] = r[4*i+k]; }
  sessionSetRects(h, n);
  sessionPairs(h);
  for (double frac : {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3}) {
    double ti = 0, tf = 0, tr = 0; const int frames = 20; int m = int(frac * n);
    for (int f = 0; f < frames; ++f) {
      for (int j = 0; j < m; ++j) { int i = rng() % n; double& x = r[4*i]; double& y = r[4*i+1]; x += v[2*i]; y += v[2*i+1]; if (x < 0 || x > side-20) v[2*i] = -v[2*i]; if (y < 0 || y > side-20) v[2*i+1] = -v[2*i+1];
        s.scratchIds[j] = i; for (int k=0;k<4;++k) s.scratch[4*j+k] = r[4*i+k]; }
      auto t0 = clk::now(); sessionRefresh(h, m); auto t1 = clk::now();
      sessionPairs(h); auto t2 = clk::now();
      s.pairCache.forget();  // the same frame's pairs, computed afresh
      sessionPairs(h); auto t3 = clk::now();
      tr += std::chrono::duration<double, std::milli>(t1 - t0).count();
      ti += std::chrono::duration<double, std::milli>(t2 - t1).count(); tf += std::chrono::duration<double, std::milli>(t3 - t2).count();
    }
    std::printf("n=%d moved %5.1f%% (%d): refresh %.3f incremental pairs %.3f full pairs %.3f  (per changed: %.0f ns, full per object %.0f ns)\n", n, frac*100, m, tr/frames, ti/frames, tf/frames, ti/frames*1e6/m, tf/frames*1e6/n);
  }
}
