// tests/support/shape-oracle.mjs on hand-made cases: touching pairs (which do not overlap), the
// rules for points and flat rects, magnitudes where doubles round or overflow, and a dozen of
// tests/core/shape_overlap_test.cpp's named cases mirrored. Plus one seeded check that overlap
// and distance agree: a circle overlaps a shape exactly when the shape is nearer its centre than r.
import { describe, expect, it } from 'vitest';
import { distanceApprox, overlapExact, rayEntryApprox } from '../support/shape-oracle.mjs';
import { rng } from '../support/prng.mjs';

const rect = (x, y, w, h) => ({ kind: 0, x, y, w, h });
const circle = (x, y, r) => ({ kind: 1, x, y, r });
const line = (x1, y1, x2, y2) => ({ kind: 2, x1, y1, x2, y2 });

/** overlapExact both ways round (the rule is symmetric). */
function overlap(a, b) {
  const ab = overlapExact(a, b);
  expect(overlapExact(b, a), JSON.stringify([a, b])).toBe(ab);
  return ab;
}

/** got within `relative` of want (a finite want: Infinity would pass anything). */
function expectClose(got, want, relative = 2 ** -50) {
  expect(Number.isFinite(want)).toBe(true);
  expect(Math.abs(got - want)).toBeLessThanOrEqual(relative * Math.abs(want));
}

/** What plain doubles say of two circles (wrong where squares round, overflow or underflow). */
const naiveCircles = (a, b) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 < (a.r + b.r) ** 2;

const MAX = Number.MAX_VALUE;

describe('overlapExact', () => {
  it('rect pairs are the rect rule, negative sizes as it has them', () => {
    expect(overlap(rect(0, 0, 10, 10), rect(10, 0, 5, 5))).toBe(false); // touching edges
    expect(overlap(rect(0, 0, 10, 10), rect(9, 9, 5, 5))).toBe(true);
    expect(overlap(rect(10, 10, -10, -10), rect(2, 2, 2, 2))).toBe(false);
    expect(overlap(rect(4, 4, -2, -2), rect(0, 0, 10, 10))).toBe(true);
  });

  it('tangent circles touch and do not overlap (3-4-5)', () => {
    expect(overlap(circle(0, 0, 4), circle(6, 8, 6))).toBe(false);
    expect(overlap(circle(0, 0, 4), circle(6, 8, 6.0000001))).toBe(true);
    expect(overlap(circle(0, 0, 4), circle(6, 8, 5.9999999))).toBe(false);
    expect(overlap(circle(0, 0, 3), circle(3, 4, 2))).toBe(false);
    expect(overlap(circle(0, 0, 10), circle(3, 4, 5))).toBe(true); // internally tangent: inside
    // 0.1 + 0.2 is 0.3000000000000000166 exactly: above the double 0.3, below 0.30000000000000004.
    expect(overlap(circle(0, 0, 0.1), circle(0.3, 0, 0.2))).toBe(true);
    expect(overlap(circle(0, 0, 0.1), circle(0.30000000000000004, 0, 0.2))).toBe(false);
    expect(overlap(circle(0, 0, 0.1), circle(0, 0.30000000000000004, 0.2))).toBe(false);
  });

  it('a circle touching a rect edge or corner does not overlap it', () => {
    for (const r of [rect(0, 0, 10, 10), rect(10, 10, -10, -10), rect(10, 0, -10, 10)]) {
      expect(overlap(r, circle(13, 5, 3))).toBe(false); // on the right edge
      expect(overlap(r, circle(13, 5, 3.0000000001))).toBe(true);
      expect(overlap(r, circle(5, -2, 2))).toBe(false);
      expect(overlap(r, circle(13, 14, 5))).toBe(false); // on the corner (10, 10): 3-4-5
      expect(overlap(r, circle(13, 14, 5.000000001))).toBe(true);
      expect(overlap(r, circle(13, 14, 4.999999999))).toBe(false);
      expect(overlap(r, circle(12, 12, 3))).toBe(true); // near the corner: 2.83 < 3
      expect(overlap(r, circle(5, 5, 100))).toBe(true);
    }
    expect(overlap(rect(0, 0, 10, 0), circle(5, 2, 2))).toBe(false); // a flat rect is its segment
    expect(overlap(rect(0, 0, 10, 0), circle(5, 2, 2.0000001))).toBe(true);
    expect(overlap(rect(0, 0, 0, 0), circle(3, 4, 5))).toBe(false);
  });

  it('zero radii and points follow the rect rule whichever shape they are', () => {
    expect(overlap(circle(1, 1, 0), rect(0, 0, 2, 2))).toBe(true);
    expect(overlap(circle(2, 1, 0), rect(0, 0, 2, 2))).toBe(false); // on the edge
    expect(overlap(circle(1, 1, 0), circle(0, 0, 1.5))).toBe(true);
    expect(overlap(circle(1, 0, 0), circle(0, 0, 1))).toBe(false);
    expect(overlap(circle(1, 1, 0), line(0, 0, 2, 2))).toBe(false);
    const points = (x, y) => [rect(x, y, 0, 0), circle(x, y, 0), line(x, y, x, y)];
    for (const p of points(5, 5)) {
      expect(overlap(p, rect(0, 0, 10, 10))).toBe(true);
      expect(overlap(p, rect(10, 10, -10, -10))).toBe(false); // the rule: never
      expect(overlap(p, circle(6, 6, 2))).toBe(true);
      expect(overlap(p, circle(8, 9, 5))).toBe(false); // on the circle
      expect(overlap(p, line(0, 0, 10, 10))).toBe(false); // on the line
      expect(overlap(p, rect(5, 0, 0, 10))).toBe(false); // on a flat rect
      for (const q of points(5, 5)) expect(overlap(p, q)).toBe(false);
    }
    for (const p of points(10, 5)) expect(overlap(p, rect(0, 0, 10, 10))).toBe(false);
    for (const p of points(5e-324, 5e-324)) expect(overlap(p, rect(0, 0, 1e-323, 1e-323))).toBe(true);
  });

  it('a line overlaps a rect only through its open inside', () => {
    const r = rect(0, 0, 10, 10);
    expect(overlap(line(-1, 5, 11, 5), r)).toBe(true); // across
    expect(overlap(line(-1, 5, 11, 5), rect(10, 10, -10, -10))).toBe(true);
    expect(overlap(line(1, 1, 2, 3), r)).toBe(true); // inside
    expect(overlap(line(-5, 0, 15, 0), r)).toBe(false); // along an edge
    expect(overlap(line(2, 10, 8, 10), r)).toBe(false);
    expect(overlap(line(-5, 5, 0, 5), r)).toBe(false); // ends on an edge
    expect(overlap(line(-5, 5, 0.5, 5), r)).toBe(true);
    expect(overlap(line(5, 5, 10, 5), r)).toBe(true); // ends on an edge from inside
    expect(overlap(line(-5, 5, 5, -5), r)).toBe(false); // through the corner (0, 0) only
    expect(overlap(line(5, 15, 15, 5), r)).toBe(false);
    expect(overlap(line(-5, -5, 0, 0), r)).toBe(false); // ends on a corner
    expect(overlap(line(-5, 15, 15, -5), r)).toBe(true); // through two corners and the middle
    expect(overlap(line(-5, 5.000000000000001, 5, -5), r)).toBe(true); // a hair inside the corner
    expect(overlap(line(-5, 4.999999999999999, 5, -5), r)).toBe(false);
  });

  it('a rect of zero width or height is its segment', () => {
    const upright = rect(5, 0, 0, 10);
    expect(overlap(upright, line(0, 5, 10, 5))).toBe(true);
    expect(overlap(rect(5, 10, 0, -10), line(0, 5, 10, 5))).toBe(true);
    expect(overlap(upright, line(5, 5, 10, 5))).toBe(false); // T-junction
    expect(overlap(upright, line(0, 10, 10, 10))).toBe(false); // across its end
    expect(overlap(upright, line(5, -5, 5, 15))).toBe(false); // collinear
    expect(overlap(rect(3, 3, 0, 0), line(0, 0, 10, 10))).toBe(false); // a point
    expect(overlap(rect(1e20, 0, 1, 10), line(0, 5, 2e20, 5))).toBe(true); // x + w rounds to x
  });

  it('lines overlap only when they cross properly', () => {
    expect(overlap(line(0, 0, 10, 10), line(0, 10, 10, 0))).toBe(true); // X
    expect(overlap(line(0, 0, 10, 10), line(5, 5, 15, 15))).toBe(false); // collinear, overlapping
    expect(overlap(line(0, 0, 10, 10), line(0, 0, 10, 10))).toBe(false);
    expect(overlap(line(0, 0, 10, 10), line(5, 5, 10, 0))).toBe(false); // T-junction
    expect(overlap(line(0, 0, 10, 10), line(10, 10, 20, 0))).toBe(false); // shared end
    expect(overlap(line(0, 0, 10, 10), line(0, 1, 10, 11))).toBe(false); // parallel
    expect(overlap(line(0, 0, 10, 0), line(5, -1, 5, 0))).toBe(false);
    expect(overlap(line(0, 0, 10, 0), line(5, -1, 5, 0.0000000000001))).toBe(true);
    expect(overlap(line(0, 0, 3, 1), line(1.5, 0.5000000000000001, 1.5, 0.4))).toBe(true);
  });

  it('lines against circles: nearer the centre than r', () => {
    const c = circle(0, 0, 5);
    expect(overlap(line(-10, 5, 10, 5), c)).toBe(false); // tangent
    expect(overlap(line(-10, 4.999999, 10, 4.999999), c)).toBe(true);
    expect(overlap(line(3, 4, 10, 10), c)).toBe(false); // ends on it, heading out
    expect(overlap(line(3, 4, 0, 0), c)).toBe(true);
    expect(overlap(line(5, 0, 5, 10), c)).toBe(false); // tangent at its end
    expect(overlap(line(2.9, 3.9, 2.9, 3.9), c)).toBe(true);
    expect(overlap(line(-1, -1, 1, 1), circle(0, 0, 0))).toBe(false);
  });

  it('keeps its answers where doubles round, overflow and underflow', () => {
    // Tangent at 2^990 (about 1e298), then one centre moved by 1e-300 (lost in doubles) either way.
    const u = 2 ** 990, far = circle(3 * u, 4 * u, 3 * u);
    expect(overlap(circle(0, 0, 2 * u), far)).toBe(false);
    expect(overlap(circle(1e-300, 1e-300, 2 * u), far)).toBe(true);
    expect(overlap(circle(-1e-300, -1e-300, 2 * u), far)).toBe(false);
    expect(naiveCircles(circle(1e-300, 1e-300, 2 * u), far)).toBe(false); // what doubles say
    expect(overlap(circle(0, 0, 6e299), circle(1e300, 0, 6e299))).toBe(true); // squares overflow
    expect(overlap(circle(0, 0, 4e299), circle(1e300, 0, 6e299))).toBe(false);
    expect(overlap(circle(-1e308, 0, 1e308), circle(1e308, 0, 1e308))).toBe(false);
    expect(overlap(circle(-1e308, 0, 1e308), circle(1e308, 0, 1.0000000000000002e308))).toBe(true);
    // Tangent at 2^-1000 (about 1e-301): the squares underflow, a radius one ulp larger overlaps.
    const k = 2 ** -1000, big = 3 * k * (1 + 2 ** -52);
    expect(overlap(circle(0, 0, 2 * k), circle(3 * k, 4 * k, 3 * k))).toBe(false);
    expect(overlap(circle(0, 0, 2 * k), circle(3 * k, 4 * k, big))).toBe(true);
    expect(naiveCircles(circle(0, 0, 2 * k), circle(3 * k, 4 * k, big))).toBe(false);
    expect(overlap(circle(0, 0, 1e-200), circle(5e-201, 0, 0))).toBe(true);
    expect(overlap(circle(0, 0, 5e-324), circle(5e-324, 0, 5e-324))).toBe(true);
    expect(overlap(circle(0, 0, 5e-324), circle(1e-323, 0, 5e-324))).toBe(false);
    expect(overlap(rect(0, 0, 1e-320, 1e-320), circle(2e-320, 5e-321, 1e-320))).toBe(false);
    expect(overlap(rect(0, 0, 1e-320, 1e-320), circle(2e-320, 5e-321, 1.5e-320))).toBe(true);
    expect(overlap(line(-1e300, -1e300, 1e300, 1e300), line(-1e300, 1e300, 1e300, -1e300))).toBe(true);
    expect(overlap(line(-1e300, -1e300, 1e300, 1e300), line(-1e300, 1e300, 0, 0))).toBe(false);
    expect(overlap(line(-1e300, 0, 1e300, 0), circle(0, 1e300, 1e300))).toBe(false);
    expect(overlap(line(-1e300, 0, 1e300, 0), circle(0, 1e300, 1.0000000000000002e300))).toBe(true);
    expect(overlap(line(0, 0, 1e-300, 0), circle(5e-301, 1e-300, 1e-300))).toBe(false);
    expect(overlap(line(0, 0, 1e-300, 0), circle(5e-301, 1e-300, 1.0000000000000002e-300))).toBe(true);
  });

  it('a rect whose x + w overflows reaches infinity', () => {
    const wide = rect(1e308, 0, 1e308, 10);
    expect(overlap(wide, rect(1.7e308, 1, 1, 1))).toBe(true);
    expect(overlap(wide, circle(MAX, 5, 1))).toBe(true);
    expect(overlap(wide, line(MAX, 5, MAX, 6))).toBe(true);
    expect(overlap(wide, line(0, 0, MAX, 10))).toBe(true);
    expect(overlap(wide, line(0, 0, MAX, 0))).toBe(false);
    expect(overlap(rect(5, 1e308, 0, 1e308), line(0, 1.7e308, 10, 1.7e308))).toBe(true); // flat
    expect(overlap(rect(5, 1e308, 0, 1e308), line(0, 1e308, 10, 1e308))).toBe(false);
    expect(overlap(rect(-1e308, 5, -1e308, 0), line(-1e308, 0, -1.5e308, 10))).toBe(true);
    expect(overlap(rect(-1e308, 5, -1e308, 0), line(-1e308, 0, -1e308, 10))).toBe(false);
  });
});

describe('distanceApprox', () => {
  it('is 0 in or on the shape and the distance otherwise', () => {
    expect(distanceApprox(rect(0, 0, 10, 10), 5, 5)).toBe(0);
    expect(distanceApprox(rect(0, 0, 10, 10), 10, 5)).toBe(0);
    expect(distanceApprox(rect(0, 0, 10, 10), 13, 14)).toBe(5);
    expect(distanceApprox(rect(10, 10, -10, -10), 13, 14)).toBe(5);
    expect(distanceApprox(circle(0, 0, 5), 3, 4)).toBe(0);
    expect(distanceApprox(circle(0, 0, 5), 6, 8)).toBe(5);
    expect(distanceApprox(circle(1, 1, 0), 4, 5)).toBe(5);
    expect(distanceApprox(line(0, 0, 10, 10), 7, 7)).toBe(0);
    expect(distanceApprox(line(0, 0, 10, 0), 5, 3)).toBe(3);
    expect(distanceApprox(line(0, 0, 10, 0), 13, 4)).toBe(5);
    expect(distanceApprox(line(2, 2, 2, 2), 5, 6)).toBe(5);
    expect(distanceApprox(line(0, 0, 0.3, 0.1), 0.1, 0.1 / 3)).toBeGreaterThan(0); // not on it
  });

  it('stays accurate near the shape and at extreme magnitudes', () => {
    expectClose(distanceApprox(circle(0, 0, 1e6), 1e6 + 1e-9, 0), (1e6 + 1e-9) - 1e6);
    expect(distanceApprox(circle(-1e308, 0, 1e307), 1e308, 0)).toBe(MAX); // 1.9e308: beyond the doubles
    expect(distanceApprox(rect(-1e308, 0, 1, 1), 1e308, 0)).toBe(MAX); // beyond the doubles
    expectClose(distanceApprox(circle(0, 0, 1e-300), 3e-300, 4e-300), 4e-300);
    expect(distanceApprox(circle(0, 0, 5e-324), 1e-323, 0)).toBe(5e-324);
    expectClose(distanceApprox(circle(0, 0, 0), 3e-310, 4e-310), 5e-310, 2 ** -40); // subnormal
    expectClose(distanceApprox(line(-1e300, 1e300, 1e300, -1e300), 1e300, 1e300), Math.SQRT2 * 1e300, 2 ** -51);
  });
});

describe('rayEntryApprox', () => {
  const r = rect(0, 0, 10, 10), c = circle(0, 0, 5), l = line(2, 0, 5, 0);

  it('rects: the closed box', () => {
    expect(rayEntryApprox(r, 5, 5, 1, 0)).toBe(0);
    expect(rayEntryApprox(r, 10, 5, 1, 0)).toBe(0); // on its edge, heading out
    expect(rayEntryApprox(r, -5, 5, 1, 0)).toBe(5);
    expect(rayEntryApprox(r, -5, 5, -1, 0)).toBe(Infinity);
    expect(rayEntryApprox(r, -5, 0, 1, 0)).toBe(5); // along the edge
    expect(rayEntryApprox(rect(10, 10, -10, -10), 5, 20, 0, -1)).toBe(10);
    expect(rayEntryApprox(r, -5, 5, 1, 1)).toBe(5); // grazes the corner (0, 10)
    expect(rayEntryApprox(r, -5, 5.000000000000001, 1, 1)).toBe(Infinity);
    expect(rayEntryApprox(rect(-1e308, 0, 1, 1), 1e308, 0.5, -1, 0)).toBe(MAX); // beyond the doubles
    expectClose(rayEntryApprox(rect(1e308, 0, 1e308, 1), 0, 0.5, 1, 0), 1e308);
  });

  it('circles: the smaller root, tangents hitting', () => {
    expect(rayEntryApprox(c, 3, 4, 0.6, 0.8)).toBe(0); // on it, heading out
    expect(rayEntryApprox(c, -10, 0, 1, 0)).toBe(5);
    expect(rayEntryApprox(c, -10, 5, 1, 0)).toBe(10); // tangent
    expect(rayEntryApprox(c, -10, 5.000000000000001, 1, 0)).toBe(Infinity);
    expect(rayEntryApprox(c, -10, 0, -1, 0)).toBe(Infinity);
    expectClose(rayEntryApprox(c, -6, -8, 0.6, 0.8), 5, 2 ** -48);
    expect(rayEntryApprox(circle(3, 0, 0), 0, 0, 1, 0)).toBe(3); // a point circle
    expect(rayEntryApprox(c, 3, 11, 0, 0)).toBe(Infinity); // no direction
    expectClose(rayEntryApprox(circle(1e300, 0, 1e299), -1e300, 0, 1, 0), 1.9e300);
    expectClose(rayEntryApprox(circle(0, 0, 1e-300), -1e-299, 1e-300, 1, 0), 1e-299);
    expect(rayEntryApprox(circle(0, 0, 1e-300), -1e-299, 1.0000000000000002e-300, 1, 0)).toBe(Infinity);
  });

  it('lines: the crossing, or the nearer end along it', () => {
    expect(rayEntryApprox(l, 0, 0, 1, 0)).toBe(2);
    expect(rayEntryApprox(l, 7, 0, -1, 0)).toBe(2);
    expect(rayEntryApprox(l, 3, 0, 1, 0)).toBe(0);
    expect(rayEntryApprox(l, 0, 0, -1, 0)).toBe(Infinity);
    expect(rayEntryApprox(l, 3, -2, 0, 1)).toBe(2);
    expect(rayEntryApprox(l, 2, -2, 0, 1)).toBe(2); // at its end
    expect(rayEntryApprox(l, 1, -2, 0, 1)).toBe(Infinity);
    expect(rayEntryApprox(line(3, 3, 3, 3), 0, 0, 1, 1)).toBe(3);
    expect(rayEntryApprox(line(3, 3, 3, 3), 0, 0, 1, 2)).toBe(Infinity);
    expect(rayEntryApprox(l, 3, 1, 0, 0)).toBe(Infinity);
  });
});

it('a circle overlaps a shape exactly when the shape is nearer its centre than r (seeded)', () => {
  const g = rng(20240611);
  const v = () => g.int(-12, 12) / 2;
  const shapes = [
    () => rect(v(), v(), g.int(-6, 12) / 2, g.int(-6, 12) / 2),
    () => circle(v(), v(), g.int(0, 10) / 2),
    () => line(v(), v(), v(), v()),
  ];
  const counts = [0, 0];
  for (let i = 0; i < 3000; i++) {
    const s = shapes[i % 3](), c = circle(v(), v(), g.int(1, 10) / 2);
    const want = distanceApprox(s, c.x, c.y) < c.r;
    expect(overlap(c, s), JSON.stringify([c, s])).toBe(want);
    counts[+want]++;
  }
  expect(Math.min(...counts)).toBeGreaterThan(500);
});
