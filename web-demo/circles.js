// Circle geometry for the engines that index bounding boxes (quadtree-js, the drop-ins, quadtree-ts,
// brute force): the rules quadtree-wasm's trees decide circles by (cpp/shapes/shape_overlap.h), so that
// every engine finds the same pairs and the same hits as the trees that hold the circles:
//   circle-circle  the distance between the centres < r1 + r2 (touching circles do not overlap)
//   rect-circle    the distance from the centre to the closed rect < r (r > 0)
//   distance       from a point to the closed disc, 0 in or on it (nearest())
//   ray entry      the first point of the closed disc along a ray, 0 from inside (raycast())
// Every yes/no is exact, as the core's: the polynomial in doubles with the core's bound on its
// rounding error, and, when that bound cannot tell its sign (touching circles, grazing rays,
// rare), in integers (BigInt: every double is an exact multiple of 2^-1074). Distances and ray
// entries use the core's formulas in doubles, so they are its values bit for bit where it trusts
// them; elsewhere they are the exact value rounded, within a few ulps of the core's.

const SMALL = 2 ** -960; // below it a square may have underflowed: no bound, straight to integers
const ACCURATE = 2 ** 40; // an estimate this far above its error bound is good to 2^-40

// ---- estimates: a value in doubles and a bound on its rounding error (the core's bounds) -----

/** (x1 - x0)^2 + (y1 - y0)^2 - (r1 + r2)^2 into e: a squared distance against a squared radius. */
function excess(e, x1, x0, y1, y0, r1, r2) {
  const dx = x1 - x0, dy = y1 - y0, r = r1 + r2;
  const d2 = dx * dx + dy * dy, rr = r * r, size = d2 + rr;
  e.value = d2 - rr;
  e.error = size >= SMALL ? 2 ** -50 * size : Infinity;
  return e;
}

/** (a1 - a0)(b1 - b0) - (c1 - c0)(d1 - d0) into e. */
function products(e, a1, a0, b1, b0, c1, c0, d1, d0) {
  const t1 = (a1 - a0) * (b1 - b0), t2 = (c1 - c0) * (d1 - d0), size = Math.abs(t1) + Math.abs(t2);
  e.value = t1 - t2;
  e.error = size >= SMALL ? 2 ** -50 * size : Infinity;
  return e;
}

/** cross(u, w)^2 - r^2 |u|^2 into e: how far the line along u from w's start misses the disc of
 * radius r at w's end (squared, times |u|^2; < 0: it passes through). */
function lineExcess(e, ux, uy, wx, wy, r) {
  const t1 = ux * wy, t2 = uy * wx, h = t1 - t2, size = Math.abs(t1) + Math.abs(t2);
  const len2 = ux * ux + uy * uy, rr = r * r, far = rr * len2;
  const ranged = size >= 2 ** -480 && (r === 0 || (len2 >= SMALL && rr >= SMALL && far >= SMALL));
  e.value = h * h - far;
  e.error = ranged ? 2 ** -49 * ((Math.abs(h) + 2 ** -52 * size) * size + far) : Infinity;
  return e;
}

const certain = (e) => Math.abs(e.value) > e.error; // the sign is right
const accurate = (e) => Math.abs(e.value) > ACCURATE * e.error;
const signOf = (v) => (v > 0 ? 1 : v < 0 ? -1 : 0);
const E1 = { value: 0, error: 0 }, E2 = { value: 0, error: 0 }, E3 = { value: 0, error: 0 };

// ---- exact: integers counting 2^-1074 ---------------------------------------------------------

const f64 = new Float64Array(1), u64 = new BigUint64Array(f64.buffer);

/** A finite double as an exact count of 2^-1074. */
function big(v) {
  f64[0] = v;
  const bits = u64[0], field = (bits >> 52n) & 0x7ffn, fraction = bits & 0xfffffffffffffn;
  const m = field ? (fraction | 0x10000000000000n) << (field - 1n) : fraction;
  return bits >> 63n ? -m : m;
}

const exactExcess = (x1, x0, y1, y0, r1, r2) =>
  (big(x1) - big(x0)) ** 2n + (big(y1) - big(y0)) ** 2n - (big(r1) + big(r2)) ** 2n;
const exactProducts = (a1, a0, b1, b0, c1, c0, d1, d0) =>
  (big(a1) - big(a0)) * (big(b1) - big(b0)) - (big(c1) - big(c0)) * (big(d1) - big(d0));
function exactLineExcess(ux, uy, wx1, wx0, wy1, wy0, r) {
  const x = big(ux), y = big(uy), wx = big(wx1) - big(wx0), wy = big(wy1) - big(wy0), rr = big(r) ** 2n;
  return (x * wy - y * wx) ** 2n - rr * (x * x + y * y);
}

const bitLength = (n) => n.toString(2).length; // of n > 0

function isqrt(n) { // floor(sqrt(n)), Newton's method from above
  if (n < 2n) return n;
  let x = 1n << BigInt((bitLength(n) >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** (n / d) 2^e for n, d > 0, kept in the positive doubles (as the core keeps a nonzero answer). */
function quotient(n, d, e) {
  const s = bitLength(d) - bitLength(n) + 66;
  const q = s >= 0 ? (n << BigInt(s)) / d : n / (d << BigInt(-s));
  let v = Number(q);
  for (e -= s; e > 1000; e -= 1000) v *= 2 ** 1000;
  for (; e < -1000; e += 1000) v *= 2 ** -1000;
  return Math.min(Math.max(v * 2 ** e, Number.MIN_VALUE), Number.MAX_VALUE);
}

const EXTRA = 64n; // bits of the roots below the point

// ---- the questions ----------------------------------------------------------------------------

/** The sign of (x1 - x0)^2 + (y1 - y0)^2 - (r1 + r2)^2, exactly. */
function excessSign(x1, x0, y1, y0, r1, r2) {
  const e = excess(E1, x1, x0, y1, y0, r1, r2);
  if (certain(e)) return e.value > 0 ? 1 : -1;
  return signOf(exactExcess(x1, x0, y1, y0, r1, r2));
}

/** Whether two circles ({x, y, r}) overlap: the distance between the centres < r1 + r2. */
export function circlesOverlap(a, b) {
  return excessSign(b.x, a.x, b.y, a.y, a.r, b.r) < 0;
}

/** Whether rect ({x, y, width, height}) and the circle of centre (cx, cy), radius r > 0 overlap:
 * the distance from the centre to the closed rect < r. */
export function rectCircleOverlap(rect, cx, cy, r) {
  const x1 = rect.x + rect.width, y1 = rect.y + rect.height;
  // the rect's point nearest the centre (clamping is exact)
  const qx = Math.min(Math.max(cx, Math.min(rect.x, x1)), Math.max(rect.x, x1));
  const qy = Math.min(Math.max(cy, Math.min(rect.y, y1)), Math.max(rect.y, y1));
  return excessSign(cx, qx, cy, qy, r, 0) < 0;
}

/** The distance from (px, py) to the closed disc of circle c: 0 in or on it. */
export function circleDistance(c, px, py) {
  const e = excess(E1, px, c.x, py, c.y, c.r, 0);
  if (accurate(e)) {
    if (e.value < 0) return 0;
    const dx = px - c.x, dy = py - c.y;
    return e.value / (Math.sqrt(dx * dx + dy * dy) + c.r); // |p - c| - r, nothing cancelling
  }
  const over = exactExcess(px, c.x, py, c.y, c.r, 0);
  if (over <= 0n) return 0;
  const root = isqrt(exactExcess(px, c.x, py, c.y, 0, 0) << (2n * EXTRA));
  return quotient(over << EXTRA, root + (big(c.r) << EXTRA), -1074);
}

/**
 * How far along the ray from (ox, oy) along the unit vector (ux, uy) it enters the closed disc of
 * circle c (0 from inside it), or Infinity: the smaller root of |u|^2 t^2 - 2 u.(c - o) t +
 * |c - o|^2 - r^2, as (|c - o|^2 - r^2) / (u.(c - o) + sqrt(r^2 |u|^2 - cross(u, c - o)^2)).
 */
export function circleEntry(c, ox, oy, ux, uy) {
  const cx = c.x, cy = c.y, r = c.r;
  const outside = excess(E1, cx, ox, cy, oy, r, 0);
  const ahead = products(E2, ux, 0, cx, ox, uy, 0, oy, cy); // u.(c - o)
  const missBy = lineExcess(E3, ux, uy, cx - ox, cy - oy, r);
  if (certain(outside)) {
    if (outside.value < 0) return 0;
    if ((certain(ahead) && ahead.value < 0) || (certain(missBy) && missBy.value > 0)) return Infinity;
    if (accurate(outside) && accurate(ahead) && accurate(missBy) && ahead.value > 0 && missBy.value < 0) {
      return outside.value / (ahead.value + Math.sqrt(-missBy.value));
    }
  }
  const over = exactExcess(cx, ox, cy, oy, r, 0);
  if (over <= 0n) return 0;
  const along = exactProducts(ux, 0, cx, ox, uy, 0, oy, cy);
  if (along <= 0n) return Infinity;
  const miss = exactLineExcess(ux, uy, cx, ox, cy, oy, r);
  if (miss > 0n) return Infinity;
  return quotient(over << EXTRA, (along << EXTRA) + isqrt(-miss << (2n * EXTRA)), 0);
}
