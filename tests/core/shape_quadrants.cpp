// The quadrants the core decides a shape reaches, for inputs given on stdin, one case a line:
// a kind (r: rect x y w h, c: circle x y r, l: line x1 y1 x2 y2), then the node's x, y, w, h and
// the shape's numbers, each as the 16 hex digits of its IEEE bits (so that every double, NaN and
// -0 included, arrives exactly). Prints each case's 4-bit mask as a hex digit, one line in all.
// tests/api/shape-geometry.test.mjs compares them with quadtree-ts's qtIndex.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "shapes/shape_geometry.h"

namespace {
double bits(const std::string& hex) {
  const uint64_t u = std::stoull(hex, nullptr, 16);
  double d;
  std::memcpy(&d, &u, sizeof d);
  return d;
}
}  // namespace

int main() {
  std::string kind, out;
  while (std::cin >> kind) {
    std::string h[8];
    const int count = kind == "c" ? 7 : 8;
    for (int i = 0; i < count; ++i) std::cin >> h[i];
    double v[8] = {};
    for (int i = 0; i < count; ++i) v[i] = bits(h[i]);
    const qt::Rect node{v[0], v[1], v[2], v[3]};
    unsigned mask = 0;
    if (kind == "r") mask = qt::rectQuadrants(node, {v[4], v[5], v[6], v[7]});
    else if (kind == "c") mask = qt::circleQuadrants(node, v[4], v[5], v[6]);
    else mask = qt::lineQuadrants(node, v[4], v[5], v[6], v[7]);
    out += "0123456789abcdef"[mask];
  }
  std::cout << out << "\n";
  return 0;
}
