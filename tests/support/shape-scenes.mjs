// The scenes of tests/conformance/shapes.test.mjs and tests/conformance/quadtree-ts-plus.test.mjs:
// seeded scripts of circles, lines and rects (on an integer grid, in floats, at extreme values)
// with their brute-force answers by the exact oracle (shape-oracle.mjs), computed once per state
// and shared by every dist file and tree that replays the script; the objects a dist file makes
// of them; and the checks of every exact call against those answers.
import { rng } from './prng.mjs';
import { distanceApprox, overlapExact, rayEntryApprox } from './shape-oracle.mjs';

export const RECT = 0, CIRCLE = 1, LINE = 2;

export const close = (a, b) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

export function check(ok, message) {
  if (!ok) throw new Error(typeof message === 'function' ? message() : message);
}

// ---------------------------------------------------------------------------------------------
// Descriptions: the oracle's plain shapes ({kind: 0, x, y, w, h}, {kind: 1, x, y, r},
// {kind: 2, x1, y1, x2, y2}).

export const show = (d) => (d.kind === RECT ? `rect(${d.x}, ${d.y}, ${d.w}, ${d.h})`
  : d.kind === CIRCLE ? `circle(${d.x}, ${d.y}, r ${d.r})` : `line(${d.x1}, ${d.y1}, ${d.x2}, ${d.y2})`);

/** The closed box of a description [minX, minY, maxX, maxY]. */
function boxOf(d) {
  if (d.kind === RECT) {
    const x1 = d.x + d.w, y1 = d.y + d.h;
    return [Math.min(d.x, x1), Math.min(d.y, y1), Math.max(d.x, x1), Math.max(d.y, y1)];
  }
  if (d.kind === CIRCLE) return [d.x - d.r, d.y - d.r, d.x + d.r, d.y + d.r];
  return [Math.min(d.x1, d.x2), Math.min(d.y1, d.y2), Math.max(d.x1, d.x2), Math.max(d.y1, d.y2)];
}

// Boxes apart by more than the boxes' rounding cannot hold overlapping shapes: a prefilter for the
// oracle.
const gap = (lo, hi) => hi + 1e-6 + 1e-9 * (Math.abs(lo) + Math.abs(hi)) < lo;
const apart = (a, b) => gap(b[0], a[2]) || gap(a[0], b[2]) || gap(b[1], a[3]) || gap(a[1], b[3]);

/** The rect a compat tree places and queries a shape by (the brief's formulas), as an object. */
export function boundingRect(d) {
  if (d.kind === RECT) return { x: d.x, y: d.y, width: d.w, height: d.h };
  if (d.kind === CIRCLE) return { x: d.x - d.r, y: d.y - d.r, width: d.r + d.r, height: d.r + d.r };
  return { x: Math.min(d.x1, d.x2), y: Math.min(d.y1, d.y2), width: Math.abs(d.x2 - d.x1), height: Math.abs(d.y2 - d.y1) };
}

/** An object's description, told as the library tells it: by its qtIndex. */
export function describeObject(l, o) {
  if (o.qtIndex === l.exports.Circle.prototype.qtIndex) return { kind: CIRCLE, x: o.x, y: o.y, r: o.r };
  if (o.qtIndex === l.exports.Line.prototype.qtIndex) return { kind: LINE, x1: o.x1, y1: o.y1, x2: o.x2, y2: o.y2 };
  return { kind: RECT, x: o.x, y: o.y, w: o.width, h: o.height };
}

export const sameDesc = (a, b) => a.kind === b.kind && (a.kind === RECT ? a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h
  : a.kind === CIRCLE ? a.x === b.x && a.y === b.y && a.r === b.r
    : a.x1 === b.x1 && a.y1 === b.y1 && a.x2 === b.x2 && a.y2 === b.y2);

// An object's own fields, from a description (what insert reads, what a move assigns).
export const fieldsOf = (d) => (d.kind === RECT ? { x: d.x, y: d.y, width: d.w, height: d.h }
  : d.kind === CIRCLE ? { x: d.x, y: d.y, r: d.r } : { x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 });

// Subclasses of each entry's shape classes (instances of a subclass are shapes too).
const subclasses = new Map();
function subclass(l, kind) {
  const key = l.entry.name + kind;
  if (!subclasses.has(key)) {
    const Base = kind === CIRCLE ? l.exports.Circle : l.exports.Line;
    subclasses.set(key, class extends Base {});
  }
  return subclasses.get(key);
}

/** Our object for a description, in one of three styles: class instance, subclass or plain object
 * borrowing the qtIndex (rects: plain, Rectangle, plain with Rectangle's qtIndex). */
export function makeObject(l, d, style) {
  const f = fieldsOf(d);
  if (d.kind === RECT) {
    if (style === 1) return new l.exports.Rectangle(f);
    return style === 2 ? { ...f, qtIndex: l.exports.Rectangle.prototype.qtIndex } : f;
  }
  const Class = d.kind === CIRCLE ? l.exports.Circle : l.exports.Line;
  if (style === 0) return new Class(f);
  if (style === 1) return new (subclass(l, d.kind))(f);
  return { ...f, qtIndex: Class.prototype.qtIndex };
}

/** Turns object `o` into the shape `d` in place: its fields, and its qtIndex when the kind changes. */
export function reshape(l, o, from, d, flavour) {
  Object.assign(o, fieldsOf(d));
  if (from.kind === d.kind) return;
  if (d.kind === CIRCLE) o.qtIndex = l.exports.Circle.prototype.qtIndex;
  else if (d.kind === LINE) o.qtIndex = l.exports.Line.prototype.qtIndex;
  else o.qtIndex = flavour ? l.exports.Rectangle.prototype.qtIndex : undefined; // (own: hides a class's)
}

// ---------------------------------------------------------------------------------------------
// Scenes: a script of states (descriptions by index, null where not in the tree) and the steps
// between them, the same for every dist file and tree.

const GRID_BOUNDS = { x: 0, y: 0, width: 64, height: 64 };
const FLOAT_BOUNDS = { x: 0, y: 0, width: 1000, height: 1000 };

const pickOf = (r, list, kind) => {
  const of = list.filter((d) => d.kind === kind);
  return of.length ? r.pick(of) : null;
};

/** A shape of `kind` on the integer grid, often touching one of `others`. */
function gridShape(r, kind, others) {
  const sign = () => (r.chance(0.5) ? 1 : -1);
  if (kind === RECT) {
    const near = others.length && r.chance(0.3) ? r.pick(others) : null;
    // (some sizes 0, a few negative: the box between x and x + width, as the rect rule reads it)
    const size = () => (r.chance(0.15) ? 0 : r.chance(0.06) ? -r.int(1, 4) : r.int(1, 6)), w = size(), h = size();
    if (near) { // sharing a side or a corner with another shape's box
      const [x0, y0, x1, y1] = boxOf(near);
      return { kind: RECT, x: r.pick([x1, x0 - w, x0, x1 - w]), y: r.pick([y1, y0 - h, y0, y1 - h]), w, h };
    }
    return { kind: RECT, x: r.int(-2, 62), y: r.int(-2, 62), w, h };
  }
  if (kind === CIRCLE) {
    const rad = r.chance(0.15) ? 0 : r.int(1, 5);
    const mode = r.pick(['free', 'free', 'circle', 'rect', 'corner', 'line']);
    const c = pickOf(r, others, CIRCLE), b = pickOf(r, others, RECT), l = pickOf(r, others, LINE);
    if (mode === 'circle' && c) { // tangent: centres 5k apart on a 3-4-5 triangle, radii summing to 5k
      const k = r.int(1, 2), r2 = 5 * k - c.r, swap = r.chance(0.5);
      if (r2 >= 0) return { kind: CIRCLE, x: c.x + sign() * (swap ? 4 : 3) * k, y: c.y + sign() * (swap ? 3 : 4) * k, r: r2 };
    }
    if (mode === 'rect' && b) { // touching a side from outside (or centred on it when r is 0)
      const [x0, y0, x1, y1] = boxOf(b), y = r.int(y0, y1);
      return r.chance(0.5) ? { kind: CIRCLE, x: x1 + rad, y, r: rad } : { kind: CIRCLE, x: r.int(x0, x1), y: y0 - rad, r: rad };
    }
    if (mode === 'corner' && b) { // a corner on the circle: centre 3, 4 away, r 5
      const [x0, y0, x1, y1] = boxOf(b);
      return { kind: CIRCLE, x: r.pick([x0 - 3, x1 + 3]), y: r.pick([y0 - 4, y1 + 4]), r: 5 };
    }
    if (mode === 'line' && l) { // an endpoint on the circle, or the centre on the line's end
      return { kind: CIRCLE, x: l.x1 + sign() * rad, y: l.y1, r: rad };
    }
    return { kind: CIRCLE, x: r.int(-2, 66), y: r.int(-2, 66), r: rad };
  }
  const x = r.int(-2, 66), y = r.int(-2, 66);
  const mode = r.pick(['free', 'axis', 'diag', 'point', 'edge', 'edge', 'along', 'tangent']);
  const b = others.length ? r.pick(others) : null, l = pickOf(r, others, LINE), c = pickOf(r, others, CIRCLE);
  if (mode === 'edge' && b) { // along a side of a shape's box (a rect's edge), whole or part of it
    const [x0, y0, x1, y1] = boxOf(b), side = r.int(0, 3);
    const ends = (lo, hi) => (r.chance(0.5) ? [lo, hi] : [r.pick([lo, lo - 1, lo + 1]), r.pick([hi, hi + 2, hi - 1])]);
    if (side < 2) {
      const [a, e] = ends(x0, x1), yy = side ? y1 : y0;
      return { kind: LINE, x1: a, y1: yy, x2: e, y2: yy };
    }
    const [a, e] = ends(y0, y1), xx = side === 2 ? x0 : x1;
    return { kind: LINE, x1: xx, y1: a, x2: xx, y2: e };
  }
  if (mode === 'along' && l) { // collinear with another line: a part of it, or it extended
    const t0 = r.pick([-1, 0, 0.5, 1]), t1 = r.pick([0, 0.5, 1, 2]), dx = l.x2 - l.x1, dy = l.y2 - l.y1;
    return { kind: LINE, x1: l.x1 + t0 * dx, y1: l.y1 + t0 * dy, x2: l.x1 + t1 * dx, y2: l.y1 + t1 * dy };
  }
  if (mode === 'tangent' && c) { // touching a circle's top or bottom
    const yy = c.y + sign() * c.r;
    return { kind: LINE, x1: c.x - r.int(0, 4), y1: yy, x2: c.x + r.int(0, 4), y2: yy };
  }
  if (mode === 'axis') return r.chance(0.5) ? { kind: LINE, x1: x, y1: y, x2: x + r.int(-8, 8), y2: y } : { kind: LINE, x1: x, y1: y, x2: x, y2: y + r.int(-8, 8) };
  if (mode === 'diag') {
    const a = r.int(1, 8);
    return { kind: LINE, x1: x, y1: y, x2: x + sign() * a, y2: y + sign() * a };
  }
  if (mode === 'point') return { kind: LINE, x1: x, y1: y, x2: x, y2: y };
  return { kind: LINE, x1: x, y1: y, x2: x + r.int(-8, 8), y2: y + r.int(-8, 8) };
}

/** A shape of `kind` in floats, some beyond the bounds (0..1000), some of zero size. */
function floatShape(r, kind) {
  const x = r.float(-150, 1150), y = r.float(-150, 1150);
  const size = () => (r.chance(0.1) ? 0 : r.chance(0.05) ? -r.float(0, 30) : r.float(0, 60));
  if (kind === RECT) return { kind: RECT, x, y, w: size(), h: size() };
  if (kind === CIRCLE) return { kind: CIRCLE, x, y, r: r.chance(0.1) ? 0 : r.float(0, 40) };
  if (r.chance(0.06)) return { kind: LINE, x1: x, y1: y, x2: x, y2: y };
  const reach = r.chance(0.1) ? 400 : 80;
  return { kind: LINE, x1: x, y1: y, x2: x + r.float(-reach, reach), y2: y + r.float(-reach, reach) };
}

/** A shape of extreme sizes and places: from the smallest subnormal to near the largest double. */
function extremeShape(r, kind) {
  const v = () => (r.chance(0.5) ? -1 : 1) * r.pick([0, 5e-324, 1e-300, 3e-10, 1, 7.5, 1e10, 1e150, 1e300, 1.7e308]);
  const size = () => Math.abs(v());
  if (kind === RECT) return { kind: RECT, x: v(), y: v(), w: size(), h: size() };
  if (kind === CIRCLE) return { kind: CIRCLE, x: v(), y: v(), r: size() };
  return { kind: LINE, x1: v(), y1: v(), x2: v(), y2: v() };
}

const genShape = (r, kind, mode, others) => (mode === 'grid' ? gridShape(r, kind, others)
  : mode === 'extreme' ? extremeShape(r, kind) : floatShape(r, kind));

/** A changed copy of `d` (same kind): moved, resized, a line's other diagonal or reversed. */
function mutate(r, d, mode) {
  const grid = mode === 'grid';
  const step = () => (grid ? r.int(-3, 3) : r.float(-30, 30));
  if (d.kind === RECT) {
    const how = r.int(0, 2);
    if (how === 0) return { ...d, x: d.x + step(), y: d.y + step() };
    if (how === 1) return { ...d, w: grid ? r.int(0, 6) : r.float(0, 60), h: grid ? r.int(0, 6) : r.float(0, 60) };
    return { ...d, w: 0, h: 0 };
  }
  if (d.kind === CIRCLE) {
    const how = r.int(0, 2), rad = r.chance(0.2) ? 0 : grid ? r.int(1, 6) : r.float(0, 40);
    if (how === 0) return { ...d, x: d.x + step(), y: d.y + step() };
    if (how === 1) return { ...d, r: rad };
    return { ...d, x: d.x + step(), y: d.y + step(), r: rad };
  }
  const how = r.int(0, 3);
  if (how === 0) return { ...d, y1: d.y2, y2: d.y1 }; // the other diagonal: same bounding box, another segment
  if (how === 1) return { ...d, x1: d.x2, y1: d.y2, x2: d.x1, y2: d.y1 }; // reversed: the same segment
  if (how === 2) {
    const dx = step(), dy = step();
    return { ...d, x1: d.x1 + dx, y1: d.y1 + dy, x2: d.x2 + dx, y2: d.y2 + dy };
  }
  return { ...d, x2: d.x2 + step(), y2: d.y2 + step() };
}

/**
 * A scene: states[0] the inserted shapes; then three steps, each a list of ops
 * { i, to (the new description), then: 'update' | 'remove' | 'add' | null (left to refresh) }
 * and whether it ends with refresh(): (1) many moves, refresh; (2) single updates and removes;
 * (3) changes of kind (a plain rect given Circle's qtIndex and an r, ...), adds, moves, refresh.
 * `refreshed[s]`: how many objects refresh() of step s finds changed.
 */
function makeScene(name, kinds, mode, n, seed) {
  const r = rng(seed), grid = mode === 'grid';
  const cur = [], styles = [];
  for (let i = 0; i < n; i++) {
    cur.push(genShape(r, r.pick(kinds), mode, cur));
    styles.push(r.int(0, 2));
  }
  const states = [cur.slice()], steps = [], refreshed = [];
  const alive = () => cur.map((d, i) => (d ? i : -1)).filter((i) => i >= 0);
  const take = (share) => r.shuffle(alive()).slice(0, Math.max(1, Math.round(share * alive().length)));
  const finish = (ops, refresh) => {
    let changed = 0;
    for (const op of ops) {
      if (op.then === 'remove') cur[op.i] = null;
      else {
        if (op.then === null && !sameDesc(cur[op.i], op.to)) changed++;
        cur[op.i] = op.to;
      }
    }
    steps.push({ ops, refresh });
    refreshed.push(refresh ? changed : 0);
    states.push(cur.slice());
  };
  // (1) moves, then refresh()
  finish(take(0.25).map((i) => ({ i, to: mutate(r, cur[i], mode), then: null })), true);
  // (2) changes each followed by update(obj); removes
  const picked = take(0.2);
  finish(picked.map((i, k) => (k % 3 === 2 ? { i, then: 'remove' } : { i, to: mutate(r, cur[i], mode), then: 'update' })), false);
  // (3) changes of kind (by update or by refresh), new objects, a few moves
  const ops = [];
  for (const i of take(0.15)) {
    const d = cur[i], to = ops.length % 2 ? mutate(r, d, mode) : d.kind === RECT
      ? { kind: CIRCLE, x: d.x, y: d.y, r: grid ? r.int(0, 4) : r.float(0, 30) }
      : d.kind === CIRCLE ? genShape(r, LINE, mode, cur.filter(Boolean)) : genShape(r, RECT, mode, cur.filter(Boolean));
    ops.push({ i, to, then: r.chance(0.5) ? 'update' : null });
  }
  for (let k = 0; k < 5; k++) {
    const i = cur.length + k;
    styles.push(r.int(0, 2));
    ops.push({ i, to: genShape(r, r.pick(kinds), mode, cur.filter(Boolean)), then: 'add' });
  }
  finish(ops, true);
  return { name, seed, mode, grid, bounds: grid ? GRID_BOUNDS : FLOAT_BOUNDS, states, steps, refreshed, styles };
}

export const SCENES = [];
{
  let seed = 1;
  for (const [mix, kinds] of Object.entries({ rects: [RECT], circles: [CIRCLE], lines: [LINE], mixed: [RECT, CIRCLE, LINE] })) {
    for (const grid of [true, false]) SCENES.push(makeScene(`${mix}, ${grid ? 'integer grid' : 'floats'}`, kinds, grid ? 'grid' : 'float', grid ? 150 : 180, 1009 * seed++));
  }
  // Few objects: the compat trees' roots have not split (their inserts wait in JS).
  SCENES.push(makeScene('mixed, few', [RECT, CIRCLE, LINE], 'grid', 7, 1009 * seed++));
  // Subnormal to huge coordinates and sizes (boxes that overflow to infinity).
  SCENES.push(makeScene('mixed, extreme values', [RECT, CIRCLE, LINE], 'extreme', 40, 1009 * seed));
}

// ---------------------------------------------------------------------------------------------
// The brute-force answers of a scene state, computed once.

const truths = new Map();

/** The answers for state `s` of `scene`: the pairs, and queries, points and rays with their answers. */
export function truthOf(scene, s) {
  const key = `${scene.name}#${s}`;
  if (truths.has(key)) return truths.get(key);
  const descs = scene.states[s], grid = scene.grid;
  const live = descs.map((d, i) => (d ? i : -1)).filter((i) => i >= 0);
  const boxes = descs.map((d) => d && boxOf(d));
  const r = rng(scene.seed * 31 + s);
  const others = live.map((i) => descs[i]);

  const pairs = new Set();
  for (let a = 0; a < live.length; a++) {
    for (let b = a + 1; b < live.length; b++) {
      const i = live[a], j = live[b];
      if (!apart(boxes[i], boxes[j]) && overlapExact(descs[i], descs[j])) pairs.add(`${i},${j}`);
    }
  }

  const queryDescs = [];
  for (const kind of [RECT, CIRCLE, LINE]) for (let q = 0; q < 4; q++) queryDescs.push({ d: genShape(r, kind, scene.mode, others) });
  const anchor = () => { // a point of some shape: a corner, a centre, an endpoint
    if (!others.length) return [r.int(0, 10), r.int(0, 10)];
    const [x0, y0, x1, y1] = boxOf(r.pick(others)), finite = (v) => (Number.isFinite(v) ? v : 0);
    return [finite(r.pick([x0, x1, x0 / 2 + x1 / 2])), finite(r.pick([y0, y1, y0 / 2 + y1 / 2]))];
  };
  const [ax, ay] = anchor();
  queryDescs.push({ d: { kind: RECT, x: ax, y: ay, w: 0, h: 0 } }, { d: { kind: CIRCLE, x: ax, y: ay, r: 0 } },
    { d: { kind: LINE, x1: ax, y1: ay, x2: ax, y2: ay } });
  queryDescs.push({ d: grid ? { kind: RECT, x: 10, y: 12, w: 40, h: 30 } : { kind: RECT, x: 200, y: 100, w: 500, h: 600 } });
  if (live.length) for (let q = 0; q < 2; q++) queryDescs.push({ self: r.pick(live) });
  const queries = queryDescs.map((q) => {
    const d = q.self !== undefined ? descs[q.self] : q.d, box = boxOf(d);
    return { ...q, desc: d, hits: new Set(live.filter((i) => !apart(box, boxes[i]) && overlapExact(d, descs[i]))) };
  });

  const points = [];
  for (let p = 0; p < 5; p++) {
    const [x, y] = p === 0 ? anchor() : grid ? [r.int(-6, 70), r.int(-6, 70)] : [r.float(-200, 1200), r.float(-200, 1200)];
    const dists = live.map((i) => [i, distanceApprox(descs[i], x, y)]).sort((a, b) => a[1] - b[1]);
    points.push({ x, y, dists, distance: new Map(dists), maxDistance: r.float(0, grid ? 8 : 90), within: r.float(0, grid ? 4 : 40) });
  }

  const rays = [];
  for (let p = 0; p < 5; p++) {
    const [ox, oy] = p === 0 ? anchor() : grid ? [r.int(-6, 70), r.int(-6, 70)] : [r.float(-200, 1200), r.float(-200, 1200)];
    const a = r.float(0, 2 * Math.PI), [dx, dy] = r.pick([[1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [-2, 1], [3 * Math.cos(a), 3 * Math.sin(a)]]);
    const len = Math.hypot(dx, dy), ux = dx / len, uy = dy / len;
    const entries = new Map();
    for (const i of live) {
      const t = rayEntryApprox(descs[i], ox, oy, ux, uy);
      if (t !== Infinity) entries.set(i, t);
    }
    rays.push({ ox, oy, dx, dy, entries, maxDistance: r.chance(0.5) ? Infinity : r.float(0, grid ? 30 : 400) });
  }
  const t = { descs, live, pairs, queries, points, rays };
  truths.set(key, t);
  return t;
}

// ---------------------------------------------------------------------------------------------
// The checks, for a tree of objects (index: object -> scene index) or of ids (the ids are the
// scene's indexes).

const listed = (t, idx) => [...idx].slice(0, 8).map((i) => `#${i} ${show(t.descs[i])}`).join('; ');

function checkSet(t, got, want, what) {
  const dup = got.length !== new Set(got).size;
  const extra = got.filter((i) => !want.has(i)), missing = [...want].filter((i) => !got.includes(i));
  check(!dup && extra.length === 0 && missing.length === 0, () =>
    `${what}: ${dup ? 'duplicates; ' : ''}extra [${listed(t, extra)}] missing [${listed(t, missing)}] (got ${got.length}, want ${want.size})`);
}

/**
 * Every query of the state against its answer. `index(item)` maps what a query returns to a scene
 * index (undefined when unknown); `query(q)` is the query shape to pass.
 */
export function checkState(tree, t, index, query, label) {
  for (const q of t.queries) {
    const what = `${label}: search(${show(q.desc)}${q.self !== undefined ? ` = #${q.self}` : ''})`;
    const shape = query(q);
    const got = tree.search(shape).map(index);
    checkSet(t, got, q.hits, what);
    check(tree.collides(shape) === q.hits.size > 0, `${what}: collides() is ${!q.hits.size}`);
  }

  const list = tree.pairs(), pairs = [];
  check(list.ids.length === 2 * list.count, `${label}: pairs().ids has ${list.ids.length} ids for ${list.count} pairs`);
  for (let i = 0; i < list.count; i++) {
    const a = index(list.first(i)), b = index(list.second(i));
    check(a !== undefined && b !== undefined && a !== b, `${label}: pair ${i} is (${a}, ${b})`);
    check(list.object(list.ids[2 * i]) === list.first(i), `${label}: pairs().object(ids[${2 * i}]) is not first(${i})`);
    pairs.push(a < b ? `${a},${b}` : `${b},${a}`);
  }
  const each = [];
  tree.forEachPair((a, b) => {
    const i = index(a), j = index(b);
    each.push(i < j ? `${i},${j}` : `${j},${i}`);
  });
  for (const [got, what] of [[pairs, 'pairs()'], [each, 'forEachPair']]) {
    const dup = got.length !== new Set(got).size;
    const extra = got.filter((p) => !t.pairs.has(p)), missing = [...t.pairs].filter((p) => !got.includes(p));
    const name = (p) => p.split(',').map((i) => `#${i} ${show(t.descs[i])}`).join(' x ');
    check(!dup && !extra.length && !missing.length, () => `${label}: ${what}: ${dup ? 'duplicates; ' : ''}` +
      `extra [${extra.slice(0, 4).map(name).join('; ')}] missing [${missing.slice(0, 4).map(name).join('; ')}] (want ${t.pairs.size})`);
  }

  for (const p of t.points) {
    for (const [k, maxDistance] of [[1, Infinity], [5, Infinity], [3, p.maxDistance], [Infinity, p.within]]) {
      const what = `${label}: nearest(${p.x}, ${p.y}, ${k}, ${maxDistance})`;
      const lower = p.dists.filter(([, d]) => d <= maxDistance * (1 - 1e-9)).length;
      const upper = p.dists.filter(([, d]) => d <= maxDistance * (1 + 1e-9)).length;
      const got = tree.nearest(p.x, p.y, k, maxDistance).map(index);
      check(got.length >= Math.min(k, lower) && got.length <= Math.min(k, upper), () =>
        `${what}: ${got.length} results, want ${Math.min(k, lower)}${upper > lower ? `..${Math.min(k, upper)}` : ''}`);
      check(new Set(got).size === got.length, `${what}: duplicates`);
      got.forEach((i, n) => {
        check(t.descs[i], `${what}: result ${n} (${i}) is not in the tree`);
        const d = p.distance.get(i);
        check(close(d, p.dists[n][1]), () => `${what}: result ${n} #${i} ${show(t.descs[i])} at ${d}, want ${p.dists[n][1]} ` +
          `(#${p.dists[n][0]} ${show(t.descs[p.dists[n][0]])})`);
      });
    }
  }

  for (const ray of t.rays) {
    const what = `${label}: raycast(${ray.ox}, ${ray.oy}, ${ray.dx}, ${ray.dy}, ${ray.maxDistance})`;
    let best = Infinity, at = -1;
    for (const [i, d] of ray.entries) if (d < best) [best, at] = [d, i];
    const hit = tree.raycast(ray.ox, ray.oy, ray.dx, ray.dy, ray.maxDistance);
    if (best === Infinity || best > ray.maxDistance * (1 + 1e-9)) {
      check(hit === null, () => `${what}: ${hit && show(t.descs[index(hit.object ?? hit.id)])} at ${hit && hit.distance}, want null`);
      continue;
    }
    if (best < ray.maxDistance * (1 - 1e-9)) check(hit !== null, () => `${what}: null, want #${at} ${show(t.descs[at])} at ${best}`);
    if (hit === null) continue;
    const i = index('id' in hit ? hit.id : hit.object);
    check(i !== undefined && t.descs[i], `${what}: the hit is not in the tree`);
    check(close(hit.distance, best), () => `${what}: distance ${hit.distance} (#${i} ${show(t.descs[i])}), want ${best} (#${at} ${show(t.descs[at])})`);
    check(ray.entries.has(i) && close(ray.entries.get(i), best), () =>
      `${what}: #${i} ${show(t.descs[i])} is reached at ${ray.entries.get(i)}, not ${best}`);
  }
}

/** A query shape for this dist file: rects as plain objects, circles and lines as class instances
 * or as plain objects borrowing the qtIndex. */
export function queryShape(l, d, n) {
  if (d.kind === RECT) return n % 2 ? new l.exports.Rectangle(fieldsOf(d)) : fieldsOf(d);
  return makeObject(l, d, n % 3 === 1 ? 0 : n % 3);
}
