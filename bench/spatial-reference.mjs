// The spatial queries by testing every rect, as the library answers them (a rect is the closed box
// between its corners x and x + width, in either order): the distance from a point to a rect, and
// where a ray enters one. The reference the benchmark checks its peers' answers with
// (engines/spatial.mjs) and the tests hold nearest() and raycast() to (tests/conformance/). Here,
// not in tests/, because the benchmark page loads it too.

/** The distance from (px, py) to rect `o` (0 inside or on it). */
export function distanceTo(o, px, py) {
  const x0 = Math.min(o.x, o.x + o.width), x1 = Math.max(o.x, o.x + o.width);
  const y0 = Math.min(o.y, o.y + o.height), y1 = Math.max(o.y, o.y + o.height);
  const dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0;
  const dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
  return Math.sqrt(dx * dx + dy * dy);
}

/** How far along the ray from (ox, oy) along the unit vector (ux, uy) it enters rect `o` (0 from
 * inside it), or Infinity: the slab method. */
export function entryOf(o, ox, oy, ux, uy) {
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
