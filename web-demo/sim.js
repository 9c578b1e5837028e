// The simulation: asteroids, the ship, bullets and shockwaves, advanced one fixed frame at a time.
//
// The bodies are circles (Body: centre x, y, radius r). Determinism: the same seed, count and
// inputs give the same frames with every engine. An engine only finds the overlapping pairs of
// circles and answers rect and circle queries, raycast and nearest, all by the same exact rules
// (engines.js); how bodies react is decided here, and every reaction is independent of the order
// in which an engine reports pairs or query results: a pair only bumps integer counters on its two
// bodies, and velocities change once per frame from those counters, in body order.

export const WORLD = { x: 0, y: 0, width: 1200, height: 750 };

export const MIN_BODIES = 100;
export const MAX_BODIES = 50000;
const COVER = 0.12; // fraction of the world the bodies' bounding squares cover: sizes shrink as the count grows
const FLASH = 9; // frames a body glows after a hit
const MAX_SPEED = 1.6; // bodies faster than this (after a kick) slow down gently
const MIN_BOUNCE = 0.25; // a bounce leaves a body at least this fast along the bounce axis
const SHAPES = 8; // asteroid outlines (see draw.js)
const LASER_RANGE = 420; // how far the ship's laser reaches

/** mulberry32: a small seeded PRNG, the same numbers in every browser. */
export function rng(seed) {
  let s = seed >>> 0;
  return function random() {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The diameter of an average body for a count, in world units. */
export function baseSize(count) {
  return Math.sqrt((COVER * WORLD.width * WORLD.height) / count);
}

/**
 * An asteroid: a circle of centre (x, y) and radius r, moving by (vx, vy) a frame. engines.js gives
 * Body.prototype quadtree-wasm's circle tag (qtIndex = Circle.prototype.qtIndex), so the trees take
 * a Body as that circle.
 */
export class Body {
  constructor(id, x, y, r, vx, vy, scale, shape, rot, spin) {
    this.id = id;
    this.x = x;
    this.y = y;
    this.r = r;
    this.vx = vx;
    this.vy = vy;
    this.scale = scale; // r = scale * baseSize(count) / 2
    this.shape = shape; // which outline draw.js draws around the circle
    this.rot = rot;
    this.spin = spin;
    this.flash = 0; // frames left of the glow after a hit
    this.pushX = 0; // this frame's pushes from its pairs (see step)
    this.pushY = 0;
  }
}

export class Sim {
  constructor(seed, count) {
    this.reset(seed, count);
  }

  /** A new field from a seed: the same seed and count always give the same field. */
  reset(seed, count) {
    this.seed = seed >>> 0;
    this.random = rng(this.seed);
    this.frame = 0;
    this.version = 0; // bumped whenever bodies are added, removed or resized (trees rebuild)
    this.bodies = [];
    this.bullets = [];
    this.shots = 0; // bullets fired since the reset
    this.lasered = 0; // bodies the laser pushed since the reset
    this.shock = null; // { x, y, r, t }: the ring being drawn
    // The laser's beam this frame, { x, y, dx, dy, length, firing }, and the body nearest the
    // ship (the HUD marks it); both from the engine's spatial queries.
    this.laser = null;
    this.target = null;
    this.ship = {
      x: WORLD.width / 2, y: WORLD.height / 2, vx: 0, vy: 0, angle: -Math.PI / 2,
      size: 14, cooldown: 0, shockCooldown: 0, thrust: false, lasing: false,
    };
    this.last = { pairs: 0, candidates: 0, hits: 0, ms: 0 };
    // When recordContacts is set, step() keeps the frame's pairs here, as [id, id] (tests).
    this.recordContacts = false;
    this.contacts = null;
    this.setCount(count);
  }

  /** Adds or removes bodies (from the end) and rescales every body, keeping the rest of the scene. */
  setCount(count) {
    count = Math.max(MIN_BODIES, Math.min(MAX_BODIES, Math.round(count)));
    const bodies = this.bodies;
    const base = baseSize(count);
    if (bodies.length > count) bodies.length = count;
    const r = this.random;
    while (bodies.length < count) {
      const scale = 0.6 + r() * 0.8;
      const radius = (base * scale) / 2;
      // never on top of the ship
      let x, y;
      do {
        x = radius + r() * (WORLD.width - 2 * radius);
        y = radius + r() * (WORLD.height - 2 * radius);
      } while (Math.abs(x - this.ship.x) < 90 && Math.abs(y - this.ship.y) < 90);
      const speed = 0.15 + r() * 0.75;
      const dir = r() * Math.PI * 2;
      bodies.push(new Body(
        bodies.length, x, y, radius, Math.cos(dir) * speed, Math.sin(dir) * speed,
        scale, Math.floor(r() * SHAPES), r() * Math.PI * 2, (r() - 0.5) * 0.04,
      ));
    }
    for (const b of bodies) {
      const radius = (base * b.scale) / 2;
      b.r = radius;
      if (b.x > WORLD.width - radius) b.x = WORLD.width - radius;
      if (b.x < radius) b.x = radius;
      if (b.y > WORLD.height - radius) b.y = WORLD.height - radius;
      if (b.y < radius) b.y = radius;
    }
    this.version++;
    return count;
  }

  /**
   * One frame. `engine.collide(bodies, visit)` reports each pair of overlapping circles once
   * through visit and returns { candidates }; `engine.query(rect)` and `engine.queryCircle({x, y,
   * r})` return the bodies overlapping the shape. `input` is a snapshot: { left, right, up, down,
   * fire, shock, laser, aim: {x, y} | null }.
   */
  step(engine, input, now = () => 0) {
    this.frame++;
    this.moveShip(input);
    this.moveBodies();
    this.moveBullets();

    // the collision step: what the instruments time, and the only part that differs by engine
    let pairs = 0;
    const contacts = this.recordContacts ? [] : null;
    const visit = (a, b) => {
      pairs++;
      if (contacts !== null) contacts.push(a.id < b.id ? [a.id, b.id] : [b.id, a.id]);
      a.flash = FLASH;
      b.flash = FLASH;
      // push apart along the axis on which the centres lie further apart (symmetric in a and b)
      const dx = b.x - a.x, dy = b.y - a.y;
      if (Math.abs(dx) >= Math.abs(dy)) {
        if (dx > 0) { a.pushX--; b.pushX++; } else if (dx < 0) { a.pushX++; b.pushX--; }
      } else {
        if (dy > 0) { a.pushY--; b.pushY++; } else if (dy < 0) { a.pushY++; b.pushY--; }
      }
    };
    const t0 = now();
    const result = engine.collide(this.bodies, visit);
    const ms = now() - t0;
    this.contacts = contacts;

    const hits = this.interact(engine);
    this.resolve();
    this.last = { pairs, candidates: result.candidates, hits, ms };
    return this.last;
  }

  moveShip(input) {
    const s = this.ship;
    if (input.aim) {
      // turn toward the pointer, at most 0.12 rad a frame
      let d = Math.atan2(input.aim.y - s.y, input.aim.x - s.x) - s.angle;
      d = Math.atan2(Math.sin(d), Math.cos(d));
      s.angle += Math.max(-0.12, Math.min(0.12, d));
    }
    if (input.left) s.angle -= 0.08;
    if (input.right) s.angle += 0.08;
    s.thrust = !!input.up;
    s.lasing = !!input.laser;
    if (input.up) {
      s.vx += Math.cos(s.angle) * 0.18;
      s.vy += Math.sin(s.angle) * 0.18;
    }
    const drag = input.down ? 0.9 : 0.99;
    s.vx *= drag;
    s.vy *= drag;
    const speed = Math.hypot(s.vx, s.vy);
    if (speed > 6) { s.vx *= 6 / speed; s.vy *= 6 / speed; }
    s.x += s.vx;
    s.y += s.vy;
    // the ship wraps around the edges
    if (s.x < 0) s.x += WORLD.width; else if (s.x >= WORLD.width) s.x -= WORLD.width;
    if (s.y < 0) s.y += WORLD.height; else if (s.y >= WORLD.height) s.y -= WORLD.height;
    if (s.cooldown > 0) s.cooldown--;
    if (s.shockCooldown > 0) s.shockCooldown--;
    if (input.fire && s.cooldown === 0) {
      const c = Math.cos(s.angle), n = Math.sin(s.angle);
      this.bullets.push({ x: s.x + c * s.size, y: s.y + n * s.size, px: s.x, py: s.y, vx: c * 9 + s.vx, vy: n * 9 + s.vy, life: 80 });
      s.cooldown = 5;
      this.shots++;
    }
    if (input.shock && s.shockCooldown === 0) {
      this.shock = { x: s.x, y: s.y, r: 150, t: 0, fresh: true };
      s.shockCooldown = 90;
    } else if (this.shock) {
      this.shock.fresh = false;
      if (++this.shock.t > 20) this.shock = null;
    }
  }

  moveBodies() {
    const W = WORLD.width, H = WORLD.height;
    for (const b of this.bodies) {
      const speed = Math.abs(b.vx) + Math.abs(b.vy);
      if (speed > MAX_SPEED) { b.vx *= 0.985; b.vy *= 0.985; }
      b.x += b.vx;
      b.y += b.vy;
      if (b.x < b.r) { b.x = b.r; b.vx = Math.abs(b.vx); }
      else if (b.x > W - b.r) { b.x = W - b.r; b.vx = -Math.abs(b.vx); }
      if (b.y < b.r) { b.y = b.r; b.vy = Math.abs(b.vy); }
      else if (b.y > H - b.r) { b.y = H - b.r; b.vy = -Math.abs(b.vy); }
      b.rot += b.spin;
      if (b.flash > 0) b.flash--;
      b.pushX = 0;
      b.pushY = 0;
    }
  }

  moveBullets() {
    const W = WORLD.width, H = WORLD.height;
    const kept = [];
    for (const u of this.bullets) {
      u.px = u.x;
      u.py = u.y;
      u.x += u.vx;
      u.y += u.vy;
      if (--u.life > 0 && u.x >= 0 && u.x <= W && u.y >= 0 && u.y <= H) kept.push(u);
    }
    this.bullets = kept;
  }

  // The ship's shield, its bullets, its laser and its shockwave, through the engine's queries.
  // Each query changes each body it returns once, so the order of its results does not matter.
  interact(engine) {
    const s = this.ship;
    let hits = 0;
    // shield: bodies touching the ship's circle are shoved away from it
    for (const b of engine.queryCircle({ x: s.x, y: s.y, r: s.size * 1.2 })) {
      const dx = b.x - s.x, dy = b.y - s.y;
      const d = Math.hypot(dx, dy) || 1;
      b.vx = (dx / d) * 2.2 + s.vx * 0.5;
      b.vy = (dy / d) * 2.2 + s.vy * 0.5;
      b.flash = FLASH;
      hits++;
    }
    // bullets: the rect a bullet swept this frame; whatever it touches is kicked, and it is spent
    const alive = [];
    for (const u of this.bullets) {
      const x0 = Math.min(u.px, u.x) - 1.5, y0 = Math.min(u.py, u.y) - 1.5;
      const found = engine.query({ x: x0, y: y0, width: Math.abs(u.x - u.px) + 3, height: Math.abs(u.y - u.py) + 3 });
      if (found.length === 0) { alive.push(u); continue; }
      const sp = Math.hypot(u.vx, u.vy) || 1;
      for (const b of found) {
        b.vx += (u.vx / sp) * 1.8;
        b.vy += (u.vy / sp) * 1.8;
        b.flash = FLASH;
        hits++;
      }
    }
    this.bullets = alive;
    // laser: a ray from the ship's nose along its heading (the engine's raycast, to where the ray
    // enters a circle); fired, it pushes the first body it reaches. From inside a body it does
    // nothing: bodies overlap, and which of two holding the nose an engine names would then be its
    // own choice.
    const c = Math.cos(s.angle), n = Math.sin(s.angle), nx = s.x + c * s.size, ny = s.y + n * s.size;
    const ray = engine.raycast(nx, ny, c, n, LASER_RANGE);
    this.laser = { x: nx, y: ny, dx: c, dy: n, length: ray ? ray.distance : LASER_RANGE, firing: s.lasing };
    if (ray && s.lasing && ray.distance > 0) {
      ray.body.vx += c * 0.9;
      ray.body.vy += n * 0.9;
      ray.body.flash = FLASH;
      this.lasered++;
      hits++;
    }
    // the HUD's target: the body nearest the ship, by the distance to its circle (the engine's
    // nearest)
    this.target = engine.nearest(s.x, s.y);
    // shockwave: bodies whose centre lies in its circle are thrown outward
    const w = this.shock;
    if (w && w.fresh) {
      for (const b of engine.queryCircle(w)) {
        const dx = b.x - w.x, dy = b.y - w.y;
        const d = Math.hypot(dx, dy);
        if (d >= w.r || d === 0) continue;
        const k = 4 * (1 - d / w.r);
        b.vx += (dx / d) * k;
        b.vy += (dy / d) * k;
        b.flash = FLASH;
        hits++;
      }
    }
    return hits;
  }

  // Bounces from this frame's pairs: a body pushed left moves left, and so on.
  resolve() {
    for (const b of this.bodies) {
      if (b.pushX < 0) b.vx = -Math.max(Math.abs(b.vx), MIN_BOUNCE);
      else if (b.pushX > 0) b.vx = Math.max(Math.abs(b.vx), MIN_BOUNCE);
      if (b.pushY < 0) b.vy = -Math.max(Math.abs(b.vy), MIN_BOUNCE);
      else if (b.pushY > 0) b.vy = Math.max(Math.abs(b.vy), MIN_BOUNCE);
    }
  }

  /** A 32-bit FNV-1a digest of every body's position and velocity (exact, for tests). */
  hash() {
    const f = new Float64Array(4);
    const bytes = new Uint8Array(f.buffer);
    let h = 0x811c9dc5;
    for (const b of this.bodies) {
      f[0] = b.x; f[1] = b.y; f[2] = b.vx; f[3] = b.vy;
      for (let i = 0; i < 32; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
    }
    return (h >>> 0).toString(16).padStart(8, '0');
  }
}

/** Scripted input for attract mode and tests: a function of the frame number only. */
export function autopilot(frame) {
  return {
    left: false,
    right: frame % 240 < 150,
    up: frame % 180 < 40,
    down: frame % 180 >= 120 && frame % 180 < 140,
    fire: frame % 3 === 0,
    shock: frame % 200 === 100,
    laser: frame % 90 < 25,
    aim: null,
  };
}
