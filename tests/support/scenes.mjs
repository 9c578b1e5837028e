// Seeded scene generators shared by the JS tests: bounds, rects, game objects and queries drawn
// from an rng() of ./prng.mjs. Everything here is a pure function of the generator's seed, so a
// failing scenario is reproduced by its seed alone.

/** Root bounds: zero, negative and fractional origins, fractional and odd sizes. */
export function genBounds(r) {
  const kind = r.weighted({ square: 3, screen: 3, negative: 3, fractional: 3, random: 3, tiny: 1, huge: 1 });
  switch (kind) {
    case 'square': return { x: 0, y: 0, width: 100, height: 100 };
    case 'screen': return { x: 0, y: 0, width: 640, height: 480 };
    case 'negative': return { x: -r.int(1, 500), y: -r.int(1, 500), width: r.int(1, 1000), height: r.int(1, 1000) };
    case 'fractional': return { x: r.float(-10, 10), y: r.float(-10, 10), width: r.float(0.5, 300), height: r.float(0.5, 300) };
    case 'tiny': return { x: r.float(-1, 1), y: r.float(-1, 1), width: r.float(1e-6, 1e-3), height: r.float(1e-6, 1e-3) };
    case 'huge': return { x: -1e7, y: -3e6, width: 2e7 + 0.5, height: 7.25e6 };
    default: return { x: r.int(-300, 300), y: r.int(-300, 300), width: r.int(1, 2000) / 4, height: r.int(1, 2000) / 4 };
  }
}

/**
 * A coordinate on the dyadic grid of `bounds` (a multiple of size / 2^d), so that rects fall
 * exactly on the midlines of nodes at several depths.
 */
function dyadic(r, origin, size, maxDepth = 5) {
  const d = r.int(0, maxDepth);
  const steps = 2 ** d;
  return origin + (size * r.int(-1, steps + 1)) / steps;
}

function dyadicSize(r, size, maxDepth = 5) {
  if (r.chance(0.3)) return 0;
  const d = r.int(1, maxDepth);
  return (size * r.int(1, 3)) / 2 ** d;
}

/** Styles for deep trees (max_levels > 5): no rect reaches more than a few leaves. */
export const DEEP_STYLES = { tiny: 6, point: 2 };

/** Rect styles and their default weights. */
export const RECT_STYLES = {
  inside: 6, // small, wholly inside
  grid: 5, // on the dyadic grid: midlines, edges and corners hit exactly
  zero: 2, // width and/or height 0, often on a midline
  straddle: 2, // larger rects crossing midlines
  big: 1, // about the size of the bounds or larger
  partial: 1, // crossing an edge of the bounds
  outside: 1, // wholly outside the bounds
  point: 1, // zero-size point, anywhere inside
};

/** A rect {x, y, width, height} near `b` in one of RECT_STYLES. */
export function genRect(r, b, style = r.weighted(RECT_STYLES)) {
  const W = b.width, H = b.height;
  switch (style) {
    case 'inside': {
      const w = r.float(0, W / 8), h = r.float(0, H / 8);
      return { x: b.x + r.float(0, W - w), y: b.y + r.float(0, H - h), width: w, height: h };
    }
    case 'grid':
      return { x: dyadic(r, b.x, W), y: dyadic(r, b.y, H), width: dyadicSize(r, W), height: dyadicSize(r, H) };
    case 'zero': {
      const onMid = r.chance(0.7);
      const x = onMid ? dyadic(r, b.x, W, 4) : b.x + r.float(0, W);
      const y = onMid ? dyadic(r, b.y, H, 4) : b.y + r.float(0, H);
      const which = r.int(0, 2);
      return {
        x, y,
        width: which === 0 ? 0 : r.chance(0.5) ? dyadicSize(r, W, 4) : r.float(0, W / 3),
        height: which === 1 ? 0 : r.chance(0.5) ? dyadicSize(r, H, 4) : r.float(0, H / 3),
      };
    }
    case 'straddle': {
      const w = r.float(W / 8, W / 2), h = r.float(H / 8, H / 2);
      return { x: b.x + r.float(0, W - w), y: b.y + r.float(0, H - h), width: w, height: h };
    }
    case 'big':
      return { x: b.x - r.float(0, W / 4), y: b.y - r.float(0, H / 4), width: r.float(W / 2, W * 1.5), height: r.float(H / 2, H * 1.5) };
    case 'partial': {
      const w = r.float(W / 20, W / 4), h = r.float(H / 20, H / 4);
      const side = r.int(0, 3);
      return {
        x: side === 0 ? b.x - w / 2 : side === 1 ? b.x + W - w / 2 : b.x + r.float(0, W - w),
        y: side === 2 ? b.y - h / 2 : side === 3 ? b.y + H - h / 2 : b.y + r.float(0, H - h),
        width: w, height: h,
      };
    }
    case 'outside': {
      const w = r.float(0, W / 4), h = r.float(0, H / 4);
      const side = r.int(0, 3);
      const far = r.chance(0.3) ? 10 : 1;
      return {
        x: side === 0 ? b.x - w - r.float(0, W * far) : side === 1 ? b.x + W + r.float(0, W * far) : b.x + r.float(-W, 2 * W),
        y: side === 2 ? b.y - h - r.float(0, H * far) : side === 3 ? b.y + H + r.float(0, H * far) : b.y + r.float(-H, 2 * H),
        width: w, height: h,
      };
    }
    case 'point':
      return { x: b.x + r.float(0, W), y: b.y + r.float(0, H), width: 0, height: 0 };
    case 'tiny': {
      // small or zero-size rects, for deep trees: overlapping ones split only a small area
      const w = r.chance(0.3) ? 0 : W / 2 ** r.int(7, 11), h = r.chance(0.3) ? 0 : H / 2 ** r.int(7, 11);
      let cx = r.chance(0.5) ? dyadic(r, b.x, W, 8) : b.x + r.float(0, W);
      let cy = r.chance(0.5) ? dyadic(r, b.y, H, 8) : b.y + r.float(0, H);
      if (r.chance(0.1)) cx = r.chance(0.5) ? b.x - r.float(0, W) - w : b.x + W + r.float(0, W);
      if (r.chance(0.1)) cy = r.chance(0.5) ? b.y - r.float(0, H) - h : b.y + H + r.float(0, H);
      return { x: cx, y: cy, width: w, height: h };
    }
    case 'negative': {
      // negative sizes: accepted (as quadtree-js does), odd geometry
      const w = -r.float(0, W / 4), h = -r.float(0, H / 4);
      return { x: dyadic(r, b.x, W, 3) + r.float(0, W / 8), y: dyadic(r, b.y, H, 3) + r.float(0, H / 8), width: w, height: h };
    }
    default:
      throw new Error('unknown rect style ' + style);
  }
}

class Sprite {
  constructor(id, rect) {
    this.id = id;
    this.pos = { x: rect.x, y: rect.y };
    this.size = { w: rect.width, h: rect.height };
    this.vx = 1;
  }
  get x() { return this.pos.x; }
  get y() { return this.pos.y; }
  get width() { return this.size.w; }
  get height() { return this.size.h; }
}

/**
 * A game object: the rect's four numbers plus user fields the tree must leave alone. Some are
 * class instances whose x/y/width/height are prototype getters, as game engines write them.
 */
export function genObject(r, b, id, style) {
  const rect = genRect(r, b, style);
  const kind = r.int(0, 9);
  if (kind === 0) return new Sprite(id, rect);
  if (kind === 1) return Object.freeze({ ...rect, id, frozen: true });
  if (kind <= 4) return { id, ...rect, name: 'o' + id, hp: r.int(0, 100), tags: ['a', id], meta: { born: id } };
  return { ...rect, id };
}

/**
 * A snapshot of an object's own keys, property descriptors, field values, prototype and
 * extensibility, as a string: equal strings mean nothing was added, removed or changed.
 */
export function snapshot(o) {
  const props = [];
  for (const k of Reflect.ownKeys(o)) {
    const d = Object.getOwnPropertyDescriptor(o, k);
    props.push([String(k), {
      value: typeof d.value === 'object' && d.value !== null ? JSON.stringify(d.value) : d.value,
      writable: d.writable, enumerable: d.enumerable, configurable: d.configurable,
      get: typeof d.get, set: typeof d.set,
    }]);
  }
  const proto = Object.getPrototypeOf(o);
  return JSON.stringify({
    props,
    proto: proto === null ? null : proto === Object.prototype ? 'Object' : proto.constructor && proto.constructor.name,
    extensible: Object.isExtensible(o),
    frozen: Object.isFrozen(o),
  });
}

/** Query rects for a tree with bounds `b`: scene rects plus the exact-edge and degenerate cases. */
export function genQuery(r, b, objects) {
  const kind = r.weighted({ rect: 6, object: 2, whole: 1, center: 1, leafish: 2, huge: 1 });
  switch (kind) {
    case 'object':
      if (objects.length) {
        const o = r.pick(objects);
        return { x: o.x, y: o.y, width: o.width, height: o.height };
      }
      return genRect(r, b);
    case 'whole': return { x: b.x, y: b.y, width: b.width, height: b.height };
    case 'center': return { x: b.x + b.width / 2, y: b.y + b.height / 2, width: 0, height: 0 };
    case 'leafish': {
      // exactly a node's area at some depth
      const d = r.int(1, 4), n = 2 ** d;
      const w = b.width / n, h = b.height / n;
      return { x: b.x + w * r.int(0, n - 1), y: b.y + h * r.int(0, n - 1), width: w, height: h };
    }
    case 'huge': return { x: -1e9, y: -1e9, width: 2e9, height: 2e9 };
    default: return genRect(r, b);
  }
}
