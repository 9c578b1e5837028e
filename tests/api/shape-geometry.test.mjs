// The core's quadrant decisions for rects, circles and lines (cpp/base/geometry.h rectQuadrants,
// cpp/shapes/shape_geometry.h) against quadtree-ts 2.3.0's own qtIndex, case by case, bit for bit:
// seeded cases of every kind the package's rules have edges for (midlines, tangents, corners,
// outer edges, zero sizes, subnormals, overflow, NaN and infinities, both line directions, floats
// that are not dyadic). The core answers through tests/core/shape_quadrants.cpp, which the
// native build (npm test's first step) makes.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Circle, Line, Rectangle } from '@timohausmann/quadtree-ts';
import { ROOT } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';

// The native build that has it: npm test's (sanitized), or the one QT_NATIVE_BUILD names (test:quick's).
const BIN = join(ROOT, process.env.QT_NATIVE_BUILD ?? 'build-native-asan', 'shape_quadrants');

const f64 = new Float64Array(1), u64 = new BigUint64Array(f64.buffer);
/** A double as the 16 hex digits of its bits. @param {number} v */
function hex(v) {
  f64[0] = v;
  return u64[0].toString(16).padStart(16, '0');
}

/** qtIndex's list as a 4-bit mask. @param {number[]} list */
const maskOf = (list) => list.reduce((m, i) => m | (1 << i), 0);

const INF = Infinity;

/** The nodes the cases run on: the plain square, odd and fractional sizes, offsets, extremes. */
function nodes(r) {
  const list = [
    { x: 0, y: 0, width: 100, height: 100 },
    { x: 0, y: 0, width: 4, height: 4 },
    { x: 0, y: 0, width: 4, height: 2 },
    { x: 0, y: 0, width: 99, height: 99 },
    { x: -100, y: -100, width: 200, height: 200 },
    { x: 4.841534449678413, y: 0, width: 8.166486279439562, height: 8 }, // far edge one ulp off
    { x: 0, y: 0, width: 1e300, height: 1e300 },
    { x: 0, y: 0, width: 5e-324, height: 5e-324 },
    { x: 0, y: 0, width: 0, height: 100 },
    { x: 0, y: 0, width: -100, height: 100 },
    { x: 0, y: 0, width: NaN, height: 100 },
  ];
  for (let i = 0; i < 20; i++) {
    list.push({ x: r.float(-1000, 1000), y: r.float(-1000, 1000), width: r.float(0.001, 2000), height: r.float(0.001, 2000) });
  }
  return list;
}

/** A coordinate near the node's lines: on an edge or midline, an ulp off, or anywhere. */
function near(r, origin, size) {
  const lines = [origin, origin + size / 2, origin + size, (origin + size / 2) + size / 2];
  const v = r.pick(lines);
  switch (r.int(0, 5)) {
    case 0: return v;
    case 1: return v + Math.abs(v) * Number.EPSILON * r.pick([-1, 1]) + r.pick([-1, 1]) * 5e-324;
    case 2: return origin + r.int(-2, 6) * size / 4;
    case 3: return r.pick([-1e308, 1e308, INF, -INF, NaN, 0, -0]);
    default: return origin + r.float(-0.5, 1.5) * size;
  }
}

/** The cases: [kind, node, numbers, the package's mask]. */
function cases(seed) {
  const r = rng(seed);
  const out = [];
  for (const node of nodes(r)) {
    const { x, y, width: w, height: h } = node;
    const X = () => near(r, x, w), Y = () => near(r, y, h);
    for (let i = 0; i < 400; i++) {
      const rect = new Rectangle({ x: X(), y: Y(), width: r.pick([0, -1, w / 4, r.float(0, w), INF]), height: r.pick([0, h / 4, r.float(0, h), NaN]) });
      out.push(['r', node, [rect.x, rect.y, rect.width, rect.height], maskOf(rect.qtIndex(node))]);
      // A circle tangent to a line, the radius an exact distance, or anything.
      const cx = X(), cy = Y();
      const radius = r.pick([0, -5, 5e-324, 1e-160, INF, NaN, Math.abs(cx - (x + w / 2)), Math.abs(cy - y), r.float(0, w)]);
      const circle = new Circle({ x: cx, y: cy, r: radius });
      out.push(['c', node, [circle.x, circle.y, circle.r], maskOf(circle.qtIndex(node))]);
      // A line, and the same line the other way round (the endpoints' order changes roundings).
      const line = r.chance(0.2)
        ? (() => { const k = r.float(-0.5, 0.5); return new Line({ x1: x - k * w, y1: y - k * h, x2: x + (1 + k) * w, y2: y + (1 + k) * h }); })()
        : new Line({ x1: X(), y1: Y(), x2: X(), y2: Y() });
      out.push(['l', node, [line.x1, line.y1, line.x2, line.y2], maskOf(line.qtIndex(node))]);
      const back = new Line({ x1: line.x2, y1: line.y2, x2: line.x1, y2: line.y1 });
      out.push(['l', node, [back.x1, back.y1, back.x2, back.y2], maskOf(back.qtIndex(node))]);
    }
  }
  // Every segment with integer endpoints in [-2, 6] against the node [0, 4]^2: where the package
  // misses corner diagonals and touches.
  const grid = { x: 0, y: 0, width: 4, height: 4 };
  for (let x1 = -2; x1 <= 6; x1++) for (let y1 = -2; y1 <= 6; y1++) for (let x2 = -2; x2 <= 6; x2++) for (let y2 = -2; y2 <= 6; y2++) {
    const line = new Line({ x1, y1, x2, y2 });
    out.push(['l', grid, [x1, y1, x2, y2], maskOf(line.qtIndex(grid))]);
  }
  return out;
}

/** The core's masks for the cases, in order. */
function coreMasks(list) {
  const input = list.map(([kind, n, v]) => [kind, n.x, n.y, n.width, n.height, ...v].map((p, i) => (i === 0 ? p : hex(p))).join(' ')).join('\n');
  const run = spawnSync(BIN, { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${BIN} failed: ${run.stderr || run.error}`);
  return run.stdout.trim();
}

describe("the core's shape decisions", () => {
  it('exist as a native program (npm test and npm run test:quick build it)', () => {
    expect(existsSync(BIN), BIN).toBe(true);
  });

  it("are quadtree-ts's qtIndex for every rect, circle and line case, bit for bit", () => {
    for (const seed of [1, 2, 3]) {
      const list = cases(seed);
      const got = coreMasks(list);
      expect(got.length).toBe(list.length);
      const wrong = [];
      for (let i = 0; i < list.length && wrong.length < 5; i++) {
        const want = list[i][3].toString(16);
        if (got[i] !== want) wrong.push(`${list[i][0]} node ${JSON.stringify(list[i][1])} ${list[i][2].join(', ')}: core ${got[i]}, package ${want}`);
      }
      expect(wrong, `seed ${seed}, ${list.length} cases`).toEqual([]);
    }
  });
});
