// Native benchmark of the pair cache's choice (cpp/pair_cache.h, kSearchCost): for a default
// Quadtree session (10, 4) of N rects of 2..20 px in a square world of side sqrt(N) * 40, moves a
// seeded share of the objects per frame, then times refresh, pairs() as the cache chooses (below
// its switch, by re-searching the changed objects), and pairs() computed afresh (the cache
// forgotten), per share. The share at which the two pairs() times cross gives kSearchCost (it
// switches at changed * kSearchCost > N). Scene kinds, like bench/scene.mjs's (its own seeded
// generator, not the same rects): square; mixed (every 20th rect 100..400 px a side); clustered
// (80 % of the rects around 6 hot spots, spread about side / 16 * (0.25 + |gaussian|)). Not a test.
//
// Build and run, from the repository root:
//   g++ -O2 -std=c++17 -Icpp bench/native/pairs_crossover.cpp $(ls cpp/*.cpp | grep -v -e bindings -e exports) -o /tmp/pairs_crossover && /tmp/pairs_crossover [N] [square|mixed|clustered]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "boundary.h"
using namespace qt;
using clk = std::chrono::steady_clock;
int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 50000; const double side = std::sqrt(n) * 40;
  const std::string kind = argc > 2 ? argv[2] : "square";
  if (kind != "square" && kind != "mixed" && kind != "clustered") return std::fprintf(stderr, "kind: square, mixed or clustered\n"), 1;
  std::mt19937 rng(1); std::uniform_real_distribution<double> U(0, 1); std::normal_distribution<double> G(0, 1);
  std::vector<double> r(4 * n), v(2 * n);
  double cx[6], cy[6]; for (int k = 0; k < 6; ++k) cx[k] = side * (0.1 + 0.8 * U(rng)), cy[k] = side * (0.1 + 0.8 * U(rng));
  for (int i = 0; i < n; ++i) { r[4*i+2] = 2 + int(U(rng)*19); r[4*i+3] = 2 + int(U(rng)*19); r[4*i] = U(rng)*(side-20); r[4*i+1] = U(rng)*(side-20); v[2*i]=(U(rng)-.5)*4; v[2*i+1]=(U(rng)-.5)*4;
    if (kind == "mixed" && i % 20 == 0) { r[4*i+2] = 100 + int(U(rng)*301); r[4*i+3] = 100 + int(U(rng)*301); r[4*i] = U(rng)*(side-r[4*i+2]); r[4*i+1] = U(rng)*(side-r[4*i+3]); }
    if (kind == "clustered" && U(rng) < 0.8) { const int k = int(U(rng) * 6); const double hw = side / 16 * (0.25 + std::fabs(G(rng))); r[4*i] = std::min(std::max(cx[k] + (U(rng)*2-1)*hw, 0.0), side-20); r[4*i+1] = std::min(std::max(cy[k] + (U(rng)*2-1)*hw, 0.0), side-20); }
  }
  Handle h = sessionCreate(0,0,side,side,10,4,0);
  Session& s = *reinterpret_cast<Session*>(h);
  sessionScratch(h, n);
  for (int i = 0; i < n; ++i) { s.scratchIds[i] = i; for (int k=0;k<4;++k) s.scratch[4*i+k] = r[4*i+k]; }
  sessionSetRects(h, n, qt::kShapeRect);
  sessionPairs(h);
  for (double frac : {0.01, 0.02, 0.05, 0.07, 0.085, 0.1, 0.12, 0.14, 0.16, 0.2, 0.3}) {
    double ti = 0, tf = 0, tr = 0; const int frames = 20; int m = int(frac * n);
    for (int f = 0; f < frames; ++f) {
      for (int j = 0; j < m; ++j) { int i = rng() % n; double& x = r[4*i]; double& y = r[4*i+1]; x += v[2*i]; y += v[2*i+1]; if (x < 0 || x > side-20) v[2*i] = -v[2*i]; if (y < 0 || y > side-20) v[2*i+1] = -v[2*i+1];
        s.scratchIds[j] = i; for (int k=0;k<4;++k) s.scratch[4*j+k] = r[4*i+k]; }
      auto t0 = clk::now(); sessionRefresh(h, m, false); auto t1 = clk::now();
      sessionPairs(h); auto t2 = clk::now();
      s.pairCache.forget();  // the same frame's pairs, computed afresh
      sessionPairs(h); auto t3 = clk::now();
      tr += std::chrono::duration<double, std::milli>(t1 - t0).count();
      ti += std::chrono::duration<double, std::milli>(t2 - t1).count(); tf += std::chrono::duration<double, std::milli>(t3 - t2).count();
    }
    std::printf("%s n=%d pairs %zu moved %5.1f%% (%d): refresh %.3f pairs() as chosen %.3f afresh %.3f  (per changed: %.0f ns, afresh per object %.0f ns)\n", kind.c_str(), n, s.results.size() / 2, frac*100, m, tr/frames, ti/frames, tf/frames, ti/frames*1e6/m, tf/frames*1e6/n);
  }
}
