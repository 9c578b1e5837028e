// Native benchmark of qt::LinearQuadtree's nearest() and raycast(): N rects of 2..20 px spread
// uniformly in a square world of side round(sqrt(N) * 40) (bench/scene.mjs's density), a tree of
// fitted depth, then 200,000 seeded queries at random points (raycast: random directions, a
// quarter of the side). Prints µs a query. Not a test.
//
// Build and run, from the repository root:
//   g++ -O2 -std=c++17 -Icpp bench/native/nearest.cpp cpp/linear_quadtree*.cpp cpp/depth_plan.cpp cpp/memory_guard.cpp -o /tmp/nearest && /tmp/nearest [N] [k]
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "linear_quadtree.h"

int main(int argc, char** argv) {
  const int32_t n = argc > 1 ? std::atoi(argv[1]) : 100000, k = argc > 2 ? std::atoi(argv[2]) : 1;
  const double side = std::round(std::sqrt(double(n)) * 40);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> at(0, side), size(2, 20), turn(0, 6.283185307179586);
  qt::LinearQuadtree tree(qt::Rect{0, 0, side, side}, qt::kAutoDepth);
  tree.fitDepth();
  for (int32_t id = 0; id < n; ++id) tree.insert(id, qt::Rect{at(rng), at(rng), size(rng), size(rng)});
  tree.fit();
  const int queries = 200000;
  std::vector<double> xs(queries), ys(queries), us(queries), vs(queries);
  for (int i = 0; i < queries; ++i) {
    xs[i] = at(rng), ys[i] = at(rng);
    const double a = turn(rng);
    us[i] = std::cos(a), vs[i] = std::sin(a);
  }
  std::vector<int32_t> out;
  out.reserve(size_t(n));
  int64_t sum = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < queries; ++i) {
    out.clear();
    tree.nearest(xs[i], ys[i], k, INFINITY, out);
    sum += out.empty() ? 0 : out[0];
  }
  auto t1 = std::chrono::steady_clock::now();
  for (int i = 0; i < queries; ++i) {
    int32_t id = -1;
    double distance = 0;
    tree.raycast(xs[i], ys[i], us[i], vs[i], side / 4, id, distance);
    sum += id;
  }
  auto t2 = std::chrono::steady_clock::now();
  const auto us_ = [&](auto a, auto b) { return std::chrono::duration<double, std::micro>(b - a).count() / queries; };
  std::printf("N %d, depth %d: nearest (k = %d) %.2f us, raycast %.2f us a query (checksum %lld)\n", n, tree.depth(), k,
              us_(t0, t1), us_(t1, t2), static_cast<long long>(sum));
}
