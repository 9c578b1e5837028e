// The spatial queries by testing every object, as the library answers them: the distance from a
// point to an object, and where a ray enters one. An object is a rect (the closed box between its
// corners x and x + width, in either order) or a circle (the closed disc of centre x, y and radius
// r): a circle is an object with a number `r` (the library's Circle, or a plain { x, y, r } given
// its qtIndex), any other a rect. The reference the benchmark checks its peers' answers with
// (engines/spatial.mjs) and the tests hold nearest() and raycast() to (tests/conformance/). Here,
// not in tests/, because the benchmark page loads it too.

/** Whether the reference takes `o` for a circle ({ x, y, r }) rather than a rect. */
export const isCircle = (o) => typeof o.r === 'number';

/** The distance from (px, py) to object `o` (0 inside or on it). */
export function distanceTo(o, px, py) {
  if (isCircle(o)) return Math.max(0, Math.hypot(px - o.x, py - o.y) - o.r);
  const x0 = Math.min(o.x, o.x + o.width), x1 = Math.max(o.x, o.x + o.width);
  const y0 = Math.min(o.y, o.y + o.height), y1 = Math.max(o.y, o.y + o.height);
  const dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0;
  const dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
  return Math.sqrt(dx * dx + dy * dy);
}

/** How far along the ray from (ox, oy) along the unit vector (ux, uy) it enters object `o` (0 from
 * inside or on it), or Infinity: the slab method for a rect; for a circle the smaller root of
 * t² - 2 (u·w) t + |w|² - r² with w = centre - origin, as (|w|² - r²) / (u·w + √(r² - (u × w)²))
 * so that nothing cancels (a ray that grazes the circle enters it). */
export function entryOf(o, ox, oy, ux, uy) {
  if (isCircle(o)) return circleEntry(o, ox, oy, ux, uy);
  let enter = 0, leave = Infinity;
  for (const [org, u, a, b] of [[ox, ux, o.x, o.x + o.width], [oy, uy, o.y, o.y + o.height]]) {
    const lo = Math.min(a, b), hi = Math.max(a, b);
    if (u === 0) {
      if (org < lo || org > hi) return Infinity;
      continue;
    }
    const t0 = (lo - org) / u, t1 = (hi - org) / u;
    enter = Math.max(enter, Math.min(t0, t1));
    leave = Math.min(leave, Math.max(t0, t1));
  }
  return enter <= leave ? enter : Infinity;
}

function circleEntry({ x, y, r }, ox, oy, ux, uy) {
  const wx = x - ox, wy = y - oy;
  const outside = wx * wx + wy * wy - r * r;
  if (outside <= 0) return 0;
  const ahead = ux * wx + uy * wy, cross = ux * wy - uy * wx;
  const disc = r * r * (ux * ux + uy * uy) - cross * cross;
  if (ahead <= 0 || disc < 0) return Infinity;
  return outside / (ahead + Math.sqrt(disc));
}
