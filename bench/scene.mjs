// Seeded, deterministic scenes: N axis-aligned rects moving with constant velocities and
// bouncing off the world's edges. The same (n, seed) gives the same scene, frame after frame, in
// Node and in a browser, so every engine sees exactly the same rects.
//
// Density is constant: the world is a square of side round(sqrt(N) * 40) px, i.e. 1600 px² per
// rect. With sizes 2..20 px (mean 11) a rect overlaps about 22² / 1600 ≈ 0.3 others, so a frame
// has about 0.15 * N colliding pairs (1k: ~150, 50k: ~7,500): a busy shooter or particle scene.
//
// Every coordinate is exact in binary floating point: sizes and start positions are integers,
// speeds are multiples of 1/4 px per frame, and the world side is an integer. So rects touch
// edge to edge (and touch the trees' midlines) now and then, which exercises the strict overlap
// test: touching is not colliding.

export const SPACING = 40; // world side = sqrt(N) * SPACING
export const MIN_SIZE = 2;
export const MAX_SIZE = 20;
export const MAX_SPEED = 2; // px per frame, per axis

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). The one copy: the tests (tests/support/prng.mjs)
 *  and the fuzz seeds import it from here. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [lo, hi]. */
function int(rand, lo, hi) {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

/** A non-zero speed in quarter pixels: ±0.25 .. ±MAX_SPEED. */
function speed(rand) {
  const q = int(rand, 1, MAX_SPEED * 4) / 4;
  return rand() < 0.5 ? -q : q;
}

export function worldSide(n) {
  return Math.round(Math.sqrt(n) * SPACING);
}

/**
 * A scene of `n` rects: { n, seed, width, height, maxSize, moving, objects, frame, step() }.
 * Objects are plain game objects { x, y, width, height, vx, vy, id } with id = index.
 *
 * `options.moving` (default 1) is the fraction of objects that move per frame. Below 1, each
 * step() moves a fresh seeded subset of round(moving × n) objects (a partial Fisher–Yates shuffle
 * with its own PRNG, so the initial scene is the same as with moving = 1) and leaves the others
 * where they are: W4's "10 % of objects move per frame".
 */
export function makeScene(n, seed = 1, { moving = 1 } = {}) {
  if (!(moving >= 0 && moving <= 1)) throw new RangeError(`makeScene: moving must be in [0, 1], got ${moving}`);
  const rand = mulberry32((seed * 0x9e3779b1) ^ n);
  const side = worldSide(n);
  const objects = new Array(n);
  for (let i = 0; i < n; i++) {
    const width = int(rand, MIN_SIZE, MAX_SIZE);
    const height = int(rand, MIN_SIZE, MAX_SIZE);
    objects[i] = {
      x: int(rand, 0, side - width),
      y: int(rand, 0, side - height),
      width,
      height,
      vx: speed(rand),
      vy: speed(rand),
      id: i,
    };
  }
  const movers = moving < 1 ? Math.round(moving * n) : n;
  const pick = movers < n ? mulberry32((seed * 0x85ebca77) ^ n ^ 0x2545f491) : null;
  const order = movers < n ? Int32Array.from({ length: n }, (_, i) => i) : null;
  const w = side, h = side;
  const move = (o) => {
    let x = o.x + o.vx, y = o.y + o.vy;
    if (x < 0) { x = -x; o.vx = -o.vx; } else if (x + o.width > w) { x = 2 * (w - o.width) - x; o.vx = -o.vx; }
    if (y < 0) { y = -y; o.vy = -o.vy; } else if (y + o.height > h) { y = 2 * (h - o.height) - y; o.vy = -o.vy; }
    o.x = x;
    o.y = y;
  };
  return {
    n,
    seed,
    width: side,
    height: side,
    maxSize: MAX_SIZE,
    moving: movers / Math.max(n, 1),
    objects,
    frame: 0,
    /**
     * Moves every rect (or this frame's seeded subset, see `moving`) by its velocity, reflecting
     * it off the world's edges.
     */
    step() {
      const objs = this.objects;
      if (order === null) {
        for (let i = 0; i < objs.length; i++) move(objs[i]);
      } else {
        for (let i = 0; i < movers; i++) { // the first `movers` slots of a partial shuffle
          const j = i + Math.floor(pick() * (n - i));
          const k = order[j];
          order[j] = order[i];
          order[i] = k;
          move(objs[k]);
        }
      }
      this.frame++;
    },
  };
}

/**
 * Seeded query windows for W3 over a scene's world: `count` windows of `w` x `h`. Small windows
 * may hang over the edge (a unit's sensor near a wall); viewports stay inside the world when
 * it is big enough, as a clamped camera does.
 */
export function makeWindows(scene, count, w, h, seed = 7) {
  const rand = mulberry32((seed * 0x85ebca6b) ^ scene.n ^ (w << 16) ^ h);
  const out = new Array(count);
  const clamp = w > 128;
  for (let i = 0; i < count; i++) {
    const x = clamp ? Math.max(0, scene.width - w) * rand() : rand() * scene.width - w / 2;
    const y = clamp ? Math.max(0, scene.height - h) * rand() : rand() * scene.height - h / 2;
    out[i] = { x, y, width: w, height: h };
  }
  return out;
}
