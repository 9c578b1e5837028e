// A brute-force oracle for the shapes' geometry (cpp/shapes/shape_overlap.h's rules), written apart from
// the core: every double becomes an exact BigInt count of 2^-1074 (the lowest bit a double has),
// so each question is one of integers, and fractions are compared by cross-multiplying. Nothing
// is fast and nothing is estimated: the signs are exact for any finite doubles.
//   {kind: 0, x, y, w, h}        a rect (w, h may be 0 or negative)
//   {kind: 1, x, y, r}           a circle (r >= 0)
//   {kind: 2, x1, y1, x2, y2}    a line segment
// overlapExact() is strict (touching shapes do not overlap). distanceApprox() and rayEntryApprox()
// are the exact values rounded once to doubles (to about an ulp), 0 exactly when the point is in
// the closed shape, Infinity exactly when the ray misses it, and a nonzero value is kept in the
// positive doubles (at least Number.MIN_VALUE, at most Number.MAX_VALUE), as the core reports it.

const RECT = 0, CIRCLE = 1, LINE = 2;

// A rect's x + w may overflow; its box then reaches infinity, which stands here as 2^4096: beyond
// every finite coordinate, and far enough that no ray's entry into a finite slab (below
// 2^1025 / 2^-1074) comes after it.
const FAR = 1n << (4096n + 1074n);

const f64 = new Float64Array(1), u64 = new BigUint64Array(f64.buffer);

/** A double as an exact multiple of 2^-1074. @param {number} v */
function big(v) {
  if (Number.isNaN(v) || typeof v !== 'number') throw new RangeError(`not a number: ${v}`);
  if (v === Infinity || v === -Infinity) return v > 0 ? FAR : -FAR;
  f64[0] = v;
  const bits = u64[0], field = (bits >> 52n) & 0x7ffn, fraction = bits & ((1n << 52n) - 1n);
  const m = field ? (fraction | (1n << 52n)) << (field - 1n) : fraction;
  return bits >> 63n ? -m : m;
}

const cross = (ax, ay, bx, by) => ax * by - ay * bx;
const dot = (ax, ay, bx, by) => ax * bx + ay * by;
const bitLength = (n) => n.toString(2).length; // of n > 0

/** Fractions n / d (d > 0): a < b, or a <= b when `closed`. */
const below = (a, b, closed) => {
  const c = a.n * b.d - b.n * a.d;
  return c < 0n || (closed && c === 0n);
};

/** x 2^e, one rounding at the end (the steps keep the intermediate in range). */
function ldexp(x, e) {
  for (; e > 1000; e -= 1000) x *= 2 ** 1000;
  for (; e < -1000; e += 1000) x *= 2 ** -1000;
  return x * 2 ** e;
}

/** A value known to be > 0 as a double > 0 (neither 0 by underflow nor Infinity). */
const positive = (v) => Math.min(Math.max(v, Number.MIN_VALUE), Number.MAX_VALUE);

/** n / d (n >= 0, d > 0) to about an ulp: the quotient taken to 65 bits or more. */
function ratio(n, d) {
  if (n === 0n) return 0;
  const s = bitLength(d) - bitLength(n) + 66;
  const q = s >= 0 ? (n << BigInt(s)) / d : n / (d << BigInt(-s));
  return positive(ldexp(Number(q), -s));
}

function isqrt(n) { // floor(sqrt(n)), Newton's method from above
  if (n < 2n) return n;
  let x = 1n << BigInt((bitLength(n) >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** sqrt(n / d) (n >= 0, d > 0) to about an ulp: the integer root of a quotient of 131 bits or more. */
function rootRatio(n, d) {
  if (n === 0n) return 0;
  let s = bitLength(d) - bitLength(n) + 132;
  if (s & 1) s++;
  const q = s >= 0 ? (n << BigInt(s)) / d : n / (d << BigInt(-s));
  return positive(ldexp(Number(isqrt(q)), -s / 2));
}

// ---------------------------------------------------------------------------------------------
// Overlap.

/** The rect rule itself, in doubles: x + w rounds, negative sizes as the formula has them. */
const rectRule = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const pointInRect = (rect, x, y) => rectRule(rect, { x, y, w: 0, h: 0 });

/** A rect as the closed box between its corners (x + w rounded as the rule rounds it). */
function box(s) {
  const x1 = s.x + s.w, y1 = s.y + s.h;
  return { x0: Math.min(s.x, x1), y0: Math.min(s.y, y1), x1: Math.max(s.x, x1), y1: Math.max(s.y, y1) };
}

const isPoint = (line) => line.x1 === line.x2 && line.y1 === line.y2;

/** The squared distance from p to the closed segment from a to b, as a fraction (BigInts). */
function segmentDistance2(ax, ay, bx, by, px, py) {
  const ux = bx - ax, uy = by - ay, wx = px - ax, wy = py - ay, along = dot(ux, uy, wx, wy), len2 = dot(ux, uy, ux, uy);
  if (along <= 0n) return { n: dot(wx, wy, wx, wy), d: 1n }; // (a point segment too)
  if (along >= len2) return { n: (px - bx) ** 2n + (py - by) ** 2n, d: 1n };
  return { n: cross(ux, uy, wx, wy) ** 2n, d: len2 };
}

/** A point strictly inside both segments, their lines not parallel (BigInts). */
function segmentsCross(ax, ay, bx, by, cx, cy, dx, dy) {
  const vx = bx - ax, vy = by - ay, wx = dx - cx, wy = dy - cy;
  let det = cross(vx, vy, wx, wy), s = cross(cx - ax, cy - ay, wx, wy), t = cross(cx - ax, cy - ay, vx, vy);
  if (det === 0n) return false;
  if (det < 0n) det = -det, s = -s, t = -t;
  return 0n < s && s < det && 0n < t && t < det;
}

/**
 * Whether some t in [0, 1] (or [0, Infinity) for a ray) puts p + t v inside the box: strictly
 * (the open box) or not (the closed one). The bounds on t, every lower one against every upper
 * one: the smallest t there is as a fraction, or null if none.
 */
function entry(px, py, vx, vy, b, open, ray) {
  const lows = [{ n: 0n, d: 1n, closed: true }], highs = ray ? [] : [{ n: 1n, d: 1n, closed: true }];
  for (const [p, v, lo, hi] of [[px, vx, b.x0, b.x1], [py, vy, b.y0, b.y1]]) {
    if (v === 0n) {
      if (open ? !(lo < p && p < hi) : !(lo <= p && p <= hi)) return null;
      continue;
    }
    const sign = v > 0n ? 1n : -1n, near = v > 0n ? lo : hi, far = v > 0n ? hi : lo;
    lows.push({ n: (near - p) * sign, d: v * sign, closed: !open });
    highs.push({ n: (far - p) * sign, d: v * sign, closed: !open });
  }
  for (const l of lows) for (const h of highs) if (!below(l, h, l.closed && h.closed)) return null;
  return lows.reduce((a, l) => (below(a, l, false) ? l : a));
}

function bigBox(s) {
  const b = box(s);
  return { x0: big(b.x0), y0: big(b.y0), x1: big(b.x1), y1: big(b.y1) };
}

function lineRect(line, rect) {
  if (isPoint(line)) return pointInRect(rect, line.x1, line.y1);
  const b = bigBox(rect), ax = big(line.x1), ay = big(line.y1), bx = big(line.x2), by = big(line.y2);
  // No inside: the rect is its segment (a point segment crosses nothing).
  if (b.x0 === b.x1 || b.y0 === b.y1) return segmentsCross(ax, ay, bx, by, b.x0, b.y0, b.x1, b.y1);
  return entry(ax, ay, bx - ax, by - ay, b, true, false) !== null;
}

function rectCircle(rect, c) {
  if (c.r === 0) return pointInRect(rect, c.x, c.y);
  // The box's point nearest the centre: clamping doubles is exact.
  const b = box(rect), qx = Math.min(Math.max(c.x, b.x0), b.x1), qy = Math.min(Math.max(c.y, b.y0), b.y1);
  return (big(c.x) - big(qx)) ** 2n + (big(c.y) - big(qy)) ** 2n < big(c.r) ** 2n;
}

function lineCircle(line, c) {
  const d2 = segmentDistance2(big(line.x1), big(line.y1), big(line.x2), big(line.y2), big(c.x), big(c.y));
  return d2.n < big(c.r) ** 2n * d2.d; // (r = 0: never)
}

/** Whether the two shapes overlap by cpp/shapes/shape_overlap.h's rules, exactly. Symmetric. */
export function overlapExact(a, b) {
  if (a.kind > b.kind) [a, b] = [b, a];
  if (![RECT, CIRCLE, LINE].includes(a.kind) || ![RECT, CIRCLE, LINE].includes(b.kind)) throw new TypeError('unknown kind');
  if (a.kind === RECT) {
    if (b.kind === RECT) return rectRule(a, b);
    return b.kind === CIRCLE ? rectCircle(a, b) : lineRect(b, a);
  }
  if (a.kind === CIRCLE) {
    if (b.kind === LINE) return lineCircle(b, a);
    return (big(a.x) - big(b.x)) ** 2n + (big(a.y) - big(b.y)) ** 2n < (big(a.r) + big(b.r)) ** 2n;
  }
  return segmentsCross(big(a.x1), big(a.y1), big(a.x2), big(a.y2), big(b.x1), big(b.y1), big(b.x2), big(b.y2));
}

// ---------------------------------------------------------------------------------------------
// Distance and ray entry: exact, then rounded once. Lengths count 2^-1074, squares 2^-2148.

/** The distance from (px, py) to the closed shape: 0 in or on it. */
export function distanceApprox(s, px, py) {
  const x = big(px), y = big(py);
  if (s.kind === RECT) {
    const b = box(s), qx = Math.min(Math.max(px, b.x0), b.x1), qy = Math.min(Math.max(py, b.y0), b.y1);
    return rootRatio((x - big(qx)) ** 2n + (y - big(qy)) ** 2n, 1n << 2148n);
  }
  if (s.kind === CIRCLE) {
    const w2 = (x - big(s.x)) ** 2n + (y - big(s.y)) ** 2n, r = big(s.r), excess = w2 - r * r;
    if (excess <= 0n) return 0;
    // |p - c| - r as (|p - c|^2 - r^2) / (|p - c| + r), nothing cancelling; the root to 2^-64.
    return ratio(excess << 64n, (isqrt(w2 << 128n) + (r << 64n)) << 1074n);
  }
  if (s.kind === LINE) {
    const d2 = segmentDistance2(big(s.x1), big(s.y1), big(s.x2), big(s.y2), x, y);
    return rootRatio(d2.n, d2.d << 2148n);
  }
  throw new TypeError('unknown kind');
}

/** The smallest t >= 0 with (ox + t ux, oy + t uy) in the closed shape; Infinity if none. */
export function rayEntryApprox(s, ox, oy, ux, uy) {
  const x = big(ox), y = big(oy), vx = big(ux), vy = big(uy), vv = dot(vx, vy, vx, vy);
  if (s.kind === RECT) {
    const t = entry(x, y, vx, vy, bigBox(s), false, true);
    return t ? ratio(t.n, t.d) : Infinity;
  }
  if (s.kind === CIRCLE) {
    const wx = big(s.x) - x, wy = big(s.y) - y, r = big(s.r), w2 = dot(wx, wy, wx, wy);
    if (w2 <= r * r) return 0;
    const ahead = dot(vx, vy, wx, wy), disc = r * r * vv - cross(vx, vy, wx, wy) ** 2n;
    if (vv === 0n || ahead <= 0n || disc < 0n) return Infinity;
    // The smaller root of vv t^2 - 2 ahead t + (w2 - r^2), as (w2 - r^2) / (ahead + sqrt(disc)).
    return ratio((w2 - r * r) << 64n, (ahead << 64n) + isqrt(disc << 128n));
  }
  if (s.kind === LINE) {
    const ax = big(s.x1), ay = big(s.y1), bx = big(s.x2), by = big(s.y2);
    if (segmentDistance2(ax, ay, bx, by, x, y).n === 0n) return 0;
    if (vv === 0n) return Infinity;
    // o + t v = a + s (b - a): t = cross(a - o, b - a) / det, s = cross(a - o, v) / det.
    const ex = bx - ax, ey = by - ay, det = cross(vx, vy, ex, ey), side = cross(ax - x, ay - y, vx, vy);
    if (det === 0n) {
      if (side !== 0n) return Infinity; // parallel, apart
      // Along the ray's line, the origin off the segment: its nearer end, if ahead.
      const ta = dot(vx, vy, ax - x, ay - y), tb = dot(vx, vy, bx - x, by - y), t = ta < tb ? ta : tb;
      return t < 0n ? Infinity : ratio(t, vv);
    }
    const sign = det > 0n ? 1n : -1n, t = cross(ax - x, ay - y, ex, ey) * sign, along = side * sign, d = det * sign;
    return t < 0n || along < 0n || along > d ? Infinity : ratio(t, d);
  }
  throw new TypeError('unknown kind');
}
