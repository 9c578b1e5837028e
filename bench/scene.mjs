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

/** A world dimension for `area / SPACING²` rects' worth of one axis, never below twice the largest size. */
function dim(x) {
  return Math.max(2 * MAX_SIZE, Math.round(Math.sqrt(x) * SPACING));
}

/** Gaussian-ish in about (-3.5, 3.5), unit variance: four uniforms summed, centred and scaled. */
function gaussianish(rand) {
  return (rand() + rand() + rand() + rand() - 2) * Math.sqrt(3);
}

/** The fraction of a clustered scene's objects that live in its hot spots. */
export const CLUSTERED = 0.8;
/** The fraction of a mixed scene's objects that are large, and their sizes. */
export const BIG_SHARE = 0.05;
export const BIG_MIN = 100;
export const BIG_MAX = 400;
/** The fraction of a points scene's objects that are points (width = height = 0). */
export const POINT_SHARE = 0.5;

/**
 * The scene kinds, in report order. Each gives its world (`world(n, rand)`: width, height and
 * anything its other hooks need, drawn before the objects), optionally each object's size
 * (`size(rand, i, world)`: [width, height]; default two integers in MIN_SIZE..MAX_SIZE) and the
 * box it lives and bounces in (`home(rand, i, world)`: { x0, y0, x1, y1 }, or null for the whole
 * world). `salt` varies the seed per kind (0 for square: its scenes are the benchmark's original
 * ones, bit for bit). `about` is the one-line description the reports print.
 */
export const SCENE_KINDS = {
  square: {
    salt: 0,
    about: `square world of side √N × ${SPACING} px, ${MIN_SIZE}–${MAX_SIZE} px rects spread uniformly (the original scene)`,
    world: (n) => ({ width: worldSide(n), height: worldSide(n) }),
  },
  wide: {
    salt: 0x3c6ef372,
    about: `8:1 world (√(8N) × ${SPACING} by √(N/8) × ${SPACING} px, the square's density), ${MIN_SIZE}–${MAX_SIZE} px rects spread uniformly`,
    world: (n) => ({ width: dim(8 * n), height: dim(n / 8) }),
  },
  tall: {
    salt: 0x5be0cd19,
    about: `1:8 world (√(N/8) × ${SPACING} by √(8N) × ${SPACING} px, the square's density), ${MIN_SIZE}–${MAX_SIZE} px rects spread uniformly`,
    world: (n) => ({ width: dim(n / 8), height: dim(8 * n) }),
  },
  clustered: {
    salt: 0x1f83d9ab,
    about: `the square world, ${Math.round(CLUSTERED * 100)} % of the rects in 4–8 hot spots: each bounces in a box ` +
      'around its spot\'s centre whose half-sides are gaussian-ish (about side/16 × (0.25 + |g|)), the rest spread uniformly',
    world(n, rand) {
      const side = worldSide(n);
      const spots = [];
      const count = int(rand, 4, 8);
      for (let k = 0; k < count; k++) {
        spots.push({ x: int(rand, Math.round(side / 8), Math.round((side * 7) / 8)), y: int(rand, Math.round(side / 8), Math.round((side * 7) / 8)) });
      }
      return { width: side, height: side, spots, spread: side / 16 };
    },
    home(rand, i, world) {
      if (i % 5 === 0) return null; // ids 0, 5, 10, …: the uniform fifth
      const spot = world.spots[int(rand, 0, world.spots.length - 1)];
      const half = () => Math.max(MAX_SIZE, Math.round(world.spread * (0.25 + Math.abs(gaussianish(rand)))));
      const hx = half(), hy = half();
      return {
        x0: Math.max(0, spot.x - hx), x1: Math.min(world.width, spot.x + hx),
        y0: Math.max(0, spot.y - hy), y1: Math.min(world.height, spot.y + hy),
      };
    },
  },
  mixed: {
    salt: 0x6a09e667,
    about: `the square world, ${Math.round((1 - BIG_SHARE) * 100)} % of the rects ${MIN_SIZE}–${MAX_SIZE} px and ${Math.round(BIG_SHARE * 100)} % ` +
      `(ids 0, 20, 40, …) ${BIG_MIN}–${BIG_MAX} px per side (at most half the world's side), spread uniformly`,
    world: (n) => ({ width: worldSide(n), height: worldSide(n) }),
    size(rand, i, world) {
      if (i % 20 !== 0) return [int(rand, MIN_SIZE, MAX_SIZE), int(rand, MIN_SIZE, MAX_SIZE)];
      const hi = Math.min(BIG_MAX, Math.floor(Math.min(world.width, world.height) / 2));
      const lo = Math.min(BIG_MIN, hi);
      return [int(rand, lo, hi), int(rand, lo, hi)];
    },
  },
  points: {
    salt: 0x510e527f,
    about: `the square world with its side + 1/8 px, ${Math.round(POINT_SHARE * 100)} % of the objects (odd ids) points ` +
      `(width = height = 0) and the rest ${MIN_SIZE}–${MAX_SIZE} px rects, spread uniformly`,
    // Points and rect edges sit on quarter pixels; the side's extra 1/8 px puts every midline of
    // every tree off that grid, so no point ever lies exactly on one (quadtree-js loses a
    // zero-size rect lying on a midline once its node splits, which its counts would show).
    world: (n) => ({ width: worldSide(n) + 0.125, height: worldSide(n) + 0.125 }),
    size(rand, i) {
      return i % 2 === 1 ? [0, 0] : [int(rand, MIN_SIZE, MAX_SIZE), int(rand, MIN_SIZE, MAX_SIZE)];
    },
  },
};

/** The kinds' names, in report order; 'square' is the default. */
export const SCENE_NAMES = Object.keys(SCENE_KINDS);

/**
 * A scene of `n` rects: { n, seed, kind, width, height, maxSize, moving, objects, frame, step() }.
 * Objects are plain game objects { x, y, width, height, vx, vy, id } with id = index.
 *
 * `options.kind` (default 'square') names the scene's shape and distribution (SCENE_KINDS).
 * Every kind keeps the square's properties: seeded and deterministic, integer sizes and start
 * positions, speeds in quarter pixels, bouncing (off the world's walls, or off the box an object
 * of a clustered scene lives in), so every coordinate is exact in binary floating point.
 *
 * `options.moving` (default 1) is the fraction of objects that move per frame. Below 1, each
 * step() moves a fresh seeded subset of round(moving × n) objects (a partial Fisher–Yates shuffle
 * with its own PRNG, so the initial scene is the same as with moving = 1) and leaves the others
 * where they are: W4's "10 % of objects move per frame".
 */
export function makeScene(n, seed = 1, { kind = 'square', moving = 1 } = {}) {
  if (!(moving >= 0 && moving <= 1)) throw new RangeError(`makeScene: moving must be in [0, 1], got ${moving}`);
  const shape = SCENE_KINDS[kind];
  if (!shape) throw new RangeError(`makeScene: unknown kind ${kind}; known: ${SCENE_NAMES.join(', ')}`);
  const rand = mulberry32(((seed * 0x9e3779b1) ^ n ^ shape.salt) >>> 0);
  const world = shape.world(n, rand);
  const w = world.width, h = world.height;
  const objects = new Array(n);
  // The box each object bounces in, when some object has one of its own (clustered scenes).
  const homes = shape.home ? { x0: new Float64Array(n), y0: new Float64Array(n), x1: new Float64Array(n), y1: new Float64Array(n) } : null;
  let maxSize = 0;
  for (let i = 0; i < n; i++) {
    const [width, height] = shape.size ? shape.size(rand, i, world) : [int(rand, MIN_SIZE, MAX_SIZE), int(rand, MIN_SIZE, MAX_SIZE)];
    const box = (shape.home && shape.home(rand, i, world)) || { x0: 0, y0: 0, x1: w, y1: h };
    if (homes) {
      homes.x0[i] = box.x0; homes.y0[i] = box.y0; homes.x1[i] = box.x1; homes.y1[i] = box.y1;
    }
    objects[i] = {
      x: int(rand, box.x0, Math.floor(box.x1 - width)),
      y: int(rand, box.y0, Math.floor(box.y1 - height)),
      width,
      height,
      vx: speed(rand),
      vy: speed(rand),
      id: i,
    };
    maxSize = Math.max(maxSize, width, height);
  }
  const movers = moving < 1 ? Math.round(moving * n) : n;
  const pick = movers < n ? mulberry32((seed * 0x85ebca77) ^ n ^ 0x2545f491) : null;
  const order = movers < n ? Int32Array.from({ length: n }, (_, i) => i) : null;
  const move = homes === null
    ? (o) => {
      let x = o.x + o.vx, y = o.y + o.vy;
      if (x < 0) { x = -x; o.vx = -o.vx; } else if (x + o.width > w) { x = 2 * (w - o.width) - x; o.vx = -o.vx; }
      if (y < 0) { y = -y; o.vy = -o.vy; } else if (y + o.height > h) { y = 2 * (h - o.height) - y; o.vy = -o.vy; }
      o.x = x;
      o.y = y;
    }
    : (o) => {
      const i = o.id, x0 = homes.x0[i], y0 = homes.y0[i], x1 = homes.x1[i], y1 = homes.y1[i];
      let x = o.x + o.vx, y = o.y + o.vy;
      if (x < x0) { x = 2 * x0 - x; o.vx = -o.vx; } else if (x + o.width > x1) { x = 2 * (x1 - o.width) - x; o.vx = -o.vx; }
      if (y < y0) { y = 2 * y0 - y; o.vy = -o.vy; } else if (y + o.height > y1) { y = 2 * (y1 - o.height) - y; o.vy = -o.vy; }
      o.x = x;
      o.y = y;
    };
  return {
    n,
    seed,
    kind,
    width: w,
    height: h,
    // The largest side of any rect (d3-quadtree pads its queries by half of it): MAX_SIZE unless
    // the kind sizes its rects itself.
    maxSize: shape.size && n > 0 ? maxSize : MAX_SIZE,
    moving: movers / Math.max(n, 1),
    objects,
    frame: 0,
    /**
     * Moves every rect (or this frame's seeded subset, see `moving`) by its velocity, reflecting
     * it off the world's edges (or its own box's).
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

/**
 * The rect scene `scene` as circles (W2c): { ...the scene's fields, objects: circles, rects:
 * scene.objects, step() }, each circle { x, y, r, id } centred on its rect's centre with r half
 * the rect's smaller side (as engines/ts-programs.mjs makes its Circles), so it lies inside its
 * rect, moves with it and bounces where it bounces. step() steps the rects, then sets every
 * circle's centre from its rect (the frames time neither). Centres are multiples of 1/4 px and
 * radii of 1/2, so the strict test dx² + dy² < (r1 + r2)² is exact, and circles touch now and then.
 * A point of the points scene (width = height = 0) is a circle of r = 0.
 */
export function circleScene(scene) {
  const rects = scene.objects;
  const objects = rects.map((o) => ({ x: o.x + o.width / 2, y: o.y + o.height / 2, r: Math.min(o.width, o.height) / 2, id: o.id }));
  return {
    ...scene,
    objects,
    rects,
    step() {
      scene.step();
      for (let i = 0; i < objects.length; i++) {
        const o = rects[i], c = objects[i];
        c.x = o.x + o.width / 2;
        c.y = o.y + o.height / 2;
      }
      this.frame = scene.frame;
    },
  };
}
