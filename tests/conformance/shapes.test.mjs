// Circles and line segments beside rects (the main entry's Rectangle, Circle and Line, and plain
// objects that borrow their qtIndex) on every tree class and every dist file, against brute force
// with the exact oracle of tests/support/shape-oracle.mjs: seeded scenes of every mix of kinds,
// on an integer grid (tangent circles, lines along rect edges and along each other, zero radii,
// zero-length lines, zero-size rects) and in floats; search/collides with every kind of query,
// pairs/forEachPair, nearest, raycast; after moves (refresh, update, remove, objects that change
// kind); the id forms (setRects/setCircles/setLines); the compat calls (retrieve, findObjects,
// getIndex) by bounding rects, against the same trees of bounding rects and against quadtree-js and
// the tutorial reference; bad shapes.
//
// The oracle is slow (BigInt): each scene state's answers are computed once, on descriptions, and
// shared by every dist file and tree, which all replay the same seeded script.
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';
import { distanceApprox, overlapExact, rayEntryApprox } from '../support/shape-oracle.mjs';
import { PatchedQuadtree, RealQuadtree, walk } from '../support/reference.mjs';
import { ReferenceQuadTree } from '../support/tutorial-reference.mjs';

const LIBS = await loadEntries();
let lib;

const RECT = 0, CIRCLE = 1, LINE = 2;

const close = (a, b) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function check(ok, message) {
  if (!ok) throw new Error(typeof message === 'function' ? message() : message);
}

// ---------------------------------------------------------------------------------------------
// Descriptions: the oracle's plain shapes ({kind: 0, x, y, w, h}, {kind: 1, x, y, r},
// {kind: 2, x1, y1, x2, y2}).

const show = (d) => (d.kind === RECT ? `rect(${d.x}, ${d.y}, ${d.w}, ${d.h})`
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
function boundingRect(d) {
  if (d.kind === RECT) return { x: d.x, y: d.y, width: d.w, height: d.h };
  if (d.kind === CIRCLE) return { x: d.x - d.r, y: d.y - d.r, width: d.r + d.r, height: d.r + d.r };
  return { x: Math.min(d.x1, d.x2), y: Math.min(d.y1, d.y2), width: Math.abs(d.x2 - d.x1), height: Math.abs(d.y2 - d.y1) };
}

/** An object's description, told as the library tells it: by its qtIndex. */
function describeObject(l, o) {
  if (o.qtIndex === l.exports.Circle.prototype.qtIndex) return { kind: CIRCLE, x: o.x, y: o.y, r: o.r };
  if (o.qtIndex === l.exports.Line.prototype.qtIndex) return { kind: LINE, x1: o.x1, y1: o.y1, x2: o.x2, y2: o.y2 };
  return { kind: RECT, x: o.x, y: o.y, w: o.width, h: o.height };
}

const sameDesc = (a, b) => a.kind === b.kind && (a.kind === RECT ? a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h
  : a.kind === CIRCLE ? a.x === b.x && a.y === b.y && a.r === b.r
    : a.x1 === b.x1 && a.y1 === b.y1 && a.x2 === b.x2 && a.y2 === b.y2);

// An object's own fields, from a description (what insert reads, what a move assigns).
const fieldsOf = (d) => (d.kind === RECT ? { x: d.x, y: d.y, width: d.w, height: d.h }
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
function makeObject(l, d, style) {
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
function reshape(l, o, from, d, flavour) {
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

const SCENES = [];
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
function truthOf(scene, s) {
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
function checkState(tree, t, index, query, label) {
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
function queryShape(l, d, n) {
  if (d.kind === RECT) return n % 2 ? new l.exports.Rectangle(fieldsOf(d)) : fieldsOf(d);
  return makeObject(l, d, n % 3 === 1 ? 0 : n % 3);
}

// ---------------------------------------------------------------------------------------------
// The trees.

const TREES = {
  Quadtree: (b) => new lib.Quadtree(b),
  'LinearQuadtree (depth 5)': (b) => new lib.LinearQuadtree(b, { depth: 5 }),
  'LinearQuadtree (depth auto)': (b) => new lib.LinearQuadtree(b, { depth: 'auto' }),
  'tutorial QuadTree': (b) => new lib.exports.QuadTree(b),
};
const counts = (name) => !name.startsWith('tutorial'); // refresh() returns how many changed (the tutorial's: how many removed)

/** Plays a scene on a tree of objects, checking every state. */
function playObjects(name, scene) {
  const tree = TREES[name](scene.bounds);
  const objects = [], index = new Map();
  const own = (i, d) => {
    const o = makeObject(lib, d, scene.styles[i]);
    objects[i] = o;
    index.set(o, i);
    return o;
  };
  const first = scene.states[0].map((d, i) => own(i, d));
  const half = first.length >> 1;
  for (const o of first.slice(0, half)) tree.insert(o);
  tree.insert(first.slice(half));
  let n = 0;
  const query = (q) => (q.self !== undefined ? objects[q.self] : queryShape(lib, q.desc, n++));
  const verify = (s) => {
    const t = truthOf(scene, s), label = `${scene.name}, state ${s}`;
    t.live.forEach((i) => check(sameDesc(describeObject(lib, objects[i]), t.descs[i]), `${label}: object ${i} is not as scripted`));
    checkState(tree, t, (o) => index.get(o), query, label);
  };
  verify(0);
  scene.steps.forEach((step, s) => {
    for (const op of step.ops) {
      if (op.then === 'add') {
        tree.insert(own(op.i, op.to));
        continue;
      }
      const o = objects[op.i];
      if (op.then === 'remove') {
        expect(tree.remove(o)).toBe(true);
        expect(tree.remove(o)).toBe(false);
        index.delete(o);
        continue;
      }
      reshape(lib, o, scene.states[s][op.i], op.to, op.i % 2);
      if (op.then === 'update') expect(tree.update(o)).toBe(true);
    }
    if (step.refresh) {
      const changed = tree.refresh();
      if (counts(name)) expect(changed, `${scene.name}: refresh() of step ${s + 1}`).toBe(scene.refreshed[s]);
      expect(tree.refresh()).toBe(0);
    }
    verify(s + 1);
  });
  expect(tree.validate()).toBe(true);
  tree.dispose();
}

/** Plays a scene on a tree of ids: setRects, setCircles and setLines with the scene's indexes as ids. */
function playIds(Tree, scene) {
  const tree = new Tree(scene.bounds);
  const r = rng(scene.seed + 7);
  const Numbers = scene.grid ? Float32Array : Float64Array; // (the grid's numbers are exact in floats)
  const place = (items) => { // [i, d] pairs: one call per kind, in shuffled order, some kinds in two calls
    for (const kind of [RECT, CIRCLE, LINE]) {
      const of = r.shuffle(items.filter(([, d]) => d.kind === kind));
      const cut = r.chance(0.5) ? of.length >> 1 : 0;
      for (const part of [of.slice(0, cut), of.slice(cut)]) {
        if (!part.length) continue;
        const numbers = new Numbers(part.flatMap(([, d]) => Object.values(fieldsOf(d))));
        const ids = part.map(([i]) => i);
        if (kind === RECT) tree.setRects(numbers, ids);
        else if (kind === CIRCLE) tree.setCircles(numbers, new Int32Array(ids));
        else tree.setLines(numbers, ids);
      }
    }
  };
  place(scene.states[0].map((d, i) => [i, d]));
  const index = (id) => (Number.isInteger(id) ? id : undefined);
  let n = 0;
  const query = (q) => queryShape(lib, q.desc, n++);
  checkState(tree, truthOf(scene, 0), index, query, `${scene.name}, ids, state 0`);
  scene.steps.forEach((step, s) => {
    for (const op of step.ops) if (op.then === 'remove') expect(tree.remove(op.i)).toBe(true);
    place(step.ops.filter((op) => op.then !== 'remove').map((op) => [op.i, op.to]));
    expect(tree.refresh()).toBe(0);
    checkState(tree, truthOf(scene, s + 1), index, query, `${scene.name}, ids, state ${s + 1}`);
  });
  expect(tree.validate()).toBe(true);
  tree.dispose();
}

// ---------------------------------------------------------------------------------------------

describe.each(byName(LIBS))('dist/%s', (file, l) => {
  beforeAll(() => {
    lib = l;
  });

  it('exports Rectangle, Circle and Line, also on the class', () => {
    const { Rectangle, Circle, Line } = l.exports;
    for (const C of [Rectangle, Circle, Line]) expect(typeof C).toBe('function');
    expect(l.Quadtree.Circle).toBe(Circle);
    expect(l.Quadtree.Line).toBe(Line);
    expect(l.Quadtree.Rectangle).toBe(Rectangle);
    expect(new Circle({ x: 1, y: 2, r: 3 })).toMatchObject({ x: 1, y: 2, r: 3 });
    expect(new Line({ x1: 1, y1: 2, x2: 3, y2: 4 })).toMatchObject({ x1: 1, y1: 2, x2: 3, y2: 4 });
    expect(new Rectangle({ x: 1, y: 2, width: 3, height: 4 })).toMatchObject({ x: 1, y: 2, width: 3, height: 4 });
  });

  describe.each(Object.keys(TREES))('%s', (name) => {
    it.each(SCENES.map((s) => [s.name, s]))('%s: exact queries match brute force, through moves, removes and changes of kind', (_, scene) => {
      playObjects(name, scene);
    });

    it('a plain rect object given Circle\'s qtIndex and an r is a circle from then on (update and refresh)', () => {
      const { Circle, Line } = l.exports;
      const tree = TREES[name]({ x: 0, y: 0, width: 100, height: 100 });
      const a = { x: 10, y: 10, width: 2, height: 2 }, b = { x: 20, y: 10, width: 2, height: 2 };
      const wall = { x: 0, y: 40, width: 100, height: 1 };
      tree.insert([a, b, wall]);
      expect(tree.search({ x: 5, y: 5, width: 2, height: 2 })).toEqual([]);
      // a: a circle of radius 6 around (10, 10), by update
      a.qtIndex = Circle.prototype.qtIndex;
      a.r = 6;
      expect(tree.update(a)).toBe(true);
      expect(tree.search({ x: 5, y: 5, width: 2, height: 2 })).toEqual([a]);  // the rect it was did not reach (5..7)
      expect(tree.search({ x: 14.5, y: 14.5, width: 1, height: 1 })).toEqual([]); // the circle's box's corner, outside it
      expect(tree.nearest(10, 17, 1, 1.5)).toEqual([a]);
      // b: a circle touching a (centres 12 apart, radii 6 + 6): no pair; then r 6.5: a pair; by refresh
      Object.assign(b, { x: 22, y: 10, r: 6, qtIndex: Circle.prototype.qtIndex });
      tree.refresh();
      expect(tree.pairs().count).toBe(0);
      expect(tree.collides(new Circle({ x: 16, y: 10, r: 0 }))).toBe(false); // the point where they touch
      expect(tree.search(new Circle({ x: 16, y: 10, r: 0.5 })).length).toBe(2);
      b.r = 6.5;
      tree.refresh();
      expect(tree.pairs().count).toBe(1);
      // b: then a line from (22, 30) to (22, 50), crossing the wall
      Object.assign(b, { x1: 22, y1: 30, x2: 22, y2: 50, qtIndex: Line.prototype.qtIndex });
      tree.refresh();
      const p = tree.pairs();
      expect(p.count).toBe(1);
      expect(new Set([p.first(0), p.second(0)])).toEqual(new Set([b, wall]));
      expect(tree.raycast(0, 35, 1, 0)).toEqual({ object: b, distance: expect.closeTo(22, 9) });
      // and a rect again (an own qtIndex of undefined), at its old numbers
      b.qtIndex = undefined;
      tree.refresh();
      expect(tree.search({ x: 21, y: 9, width: 2, height: 2 })).toEqual([b]);
      expect(tree.pairs().count).toBe(0);
      expect(tree.validate()).toBe(true);
    });

    it('a line\'s other diagonal (same bounding box) is another shape; a reversed line is the same', () => {
      const { Line } = l.exports;
      const tree = TREES[name]({ x: 0, y: 0, width: 100, height: 100 });
      const line = new Line({ x1: 10, y1: 10, x2: 30, y2: 30 }), dot = { x: 13, y: 25, width: 2, height: 2 };
      tree.insert([line, dot]);
      expect(tree.pairs().count).toBe(0);
      expect(tree.search(new Line({ x1: 30, y1: 10, x2: 18, y2: 22 }))).toEqual([line]); // crossing at (20, 20)
      Object.assign(line, { y1: 30, y2: 10 });
      const changed = tree.refresh();
      if (counts(name)) expect(changed).toBe(1);
      expect(tree.pairs().count).toBe(1);
      expect(tree.nearest(28, 28)).toEqual([line]);
      expect(tree.search({ x: 25, y: 25, width: 2, height: 2 })).toEqual([]);
      Object.assign(line, { x1: 30, y1: 10, x2: 10, y2: 30 }); // reversed: the same segment
      expect(tree.update(line)).toBe(true);
      expect(tree.pairs().count).toBe(1);
      expect(tree.search({ x: 19, y: 19, width: 2, height: 2 })).toEqual([line]);
    });
  });

  it('trees filled in turns (each insert applies the inserts another tree staged) keep their own shapes', () => {
    const plays = [
      ['mixed, integer grid', (b) => new lib.Quadtree(b)],
      ['lines, integer grid', (b) => new lib.exports.QuadTree(b)],
      ['circles, floats', (b) => new lib.LinearQuadtree(b, { depth: 'auto' })],
    ].map(([name, make]) => {
      const scene = SCENES.find((s) => s.name === name), tree = make(scene.bounds);
      const objects = scene.states[0].map((d, i) => makeObject(lib, d, scene.styles[i]));
      return { scene, tree, objects, index: new Map(objects.map((o, i) => [o, i])) };
    });
    for (let i = 0; i < Math.max(...plays.map((p) => p.objects.length)); i++) {
      for (const p of plays) if (i < p.objects.length) p.tree.insert(p.objects[i]);
    }
    let n = 0;
    for (const { scene, tree, objects, index } of plays) {
      checkState(tree, truthOf(scene, 0), (o) => index.get(o), (q) => (q.self !== undefined ? objects[q.self] : queryShape(lib, q.desc, n++)),
        `${scene.name}, filled in turns`);
      tree.dispose();
    }
  });

  describe.each([['Quadtree', () => lib.Quadtree], ['LinearQuadtree', () => lib.LinearQuadtree]])('%s of ids', (_, Tree) => {
    it.each(SCENES.filter((s) => /mixed|circles/.test(s.name)).map((s) => [s.name, s]))('%s: setRects, setCircles, setLines; queries return ids', (__, scene) => {
      playIds(Tree(), scene);
    });

    it('default ids, moving by setCircles again, a circle made a line', () => {
      const tree = new (Tree())({ x: 0, y: 0, width: 100, height: 100 });
      tree.setCircles(new Float64Array([10, 10, 5, 30, 10, 5, 50, 50, 0]));   // ids 0, 1, 2
      tree.setLines(new Float32Array([0, 20, 100, 20]), [3]);
      tree.setRects(new Float64Array([13, 6, 2, 2]), [4]);
      expect(tree.pairs().count).toBe(1); // 4 and 0 (the line misses the circles by 5)
      expect(tree.search({ x: 49, y: 49, width: 2, height: 2 })).toEqual([2]);
      expect(tree.nearest(20, 10, 2).sort()).toEqual([0, 1]);
      expect(tree.raycast(0, 10, 1, 0)).toEqual({ id: 0, distance: 5 });
      tree.setCircles(new Float64Array([22, 13, 7.5]), [0]); // moved: now crossing circle 1 and the line, off the rect
      const p = tree.pairs(), got = [];
      for (let i = 0; i < p.count; i++) got.push([p.first(i), p.second(i)].sort().join());
      expect(got.sort()).toEqual(['0,1', '0,3']);
      expect(tree.raycast(0, 13, 1, 0)).toEqual({ id: 0, distance: expect.closeTo(14.5, 9) });
      tree.setLines(new Float64Array([40, 0, 40, 100]), [0]); // id 0: now a vertical line, 5 beyond circle 1
      expect(tree.search(new lib.exports.Circle({ x: 30, y: 10, r: 10.5 })).sort()).toEqual([0, 1, 3]);
      expect(tree.pairs().count).toBe(1); // 0 x 3 (the two lines cross at (40, 20))
      expect(tree.remove(0)).toBe(true);
      expect(tree.pairs().count).toBe(0);
      expect(tree.validate()).toBe(true);
    });
  });

  describe('compat calls place and query shapes by their bounding rects', () => {
    const COMPAT = {
      Quadtree: { make: (b) => new lib.Quadtree(b), Ref: (b, grid) => new (grid ? PatchedQuadtree : RealQuadtree)(b) },
      'Quadtree (4, 6)': { make: (b) => new lib.Quadtree(b, 4, 6), Ref: (b, grid) => new (grid ? PatchedQuadtree : RealQuadtree)(b, 4, 6) },
      'tutorial QuadTree': { make: (b) => new lib.exports.QuadTree(b), Ref: (b) => new ReferenceQuadTree(b) },
      'tutorial QuadTree (4, 7)': {
        make: (b) => new lib.exports.QuadTree(b, 0, { maxObjects: 4, maxLevels: 7 }),
        Ref: (b) => new ReferenceQuadTree(b, 0, { maxObjects: 4, maxLevels: 7 }),
      },
    };
    const scenes = SCENES.filter((s) => /^(mixed|lines), (integer grid|floats|few)$/.test(s.name));

    describe.each(Object.keys(COMPAT))('%s', (name) => {
      it.each(scenes.map((s) => [s.name, s]))('%s: the same candidates as a tree of bounding rects, and as the reference', (_, scene) => {
        const { make, Ref } = COMPAT[name], tutorial = name.startsWith('tutorial');
        const shapes = make(scene.bounds), boxes = make(scene.bounds), ref = Ref(scene.bounds, scene.grid);
        const objects = [], proxies = [], index = new Map();
        const add = (i, d) => {
          objects[i] = makeObject(lib, d, scene.styles[i]);
          proxies[i] = { ...boundingRect(d), i };
          index.set(objects[i], i);
          index.set(proxies[i], i);
          shapes.insert(objects[i]);
          boxes.insert(proxies[i]);
          ref.insert(proxies[i]);
        };
        scene.states[0].forEach((d, i) => add(i, d));
        const ids = (list) => list.map((o) => index.get(o));
        const candidates = (tree, q) => ids(tutorial ? tree.findObjects([], q) : tree.retrieve(q));
        const compare = (s, withRef) => {
          const t = truthOf(scene, s), label = `${scene.name}, state ${s}`;
          t.queries.forEach((q, n) => {
            const what = `${label}: ${tutorial ? 'findObjects' : 'retrieve'}(${show(q.desc)})`;
            const shape = queryShape(lib, q.desc, n), box = boundingRect(q.desc);
            const got = candidates(shapes, shape);
            expect(got, `${what}, by the query's bounding rect`).toEqual(candidates(shapes, box));
            expect(got, `${what}, on the tree of bounding rects`).toEqual(candidates(boxes, box));
            if (withRef) expect(got, `${what}, on the reference`).toEqual(candidates(ref, box));
            expect(shapes.getIndex(shape), `${label}: getIndex(${show(q.desc)})`).toEqual(shapes.getIndex(box));
            if (tutorial) expect(ids(shapes.retrieve([], shape))).toEqual(got);
            else expect(ids(shapes.retrieve([-1], shape))).toEqual([undefined, ...got]);
          });
          expect(ids(shapes.getAllObjects([])), `${label}: getAllObjects`).toEqual(ids(boxes.getAllObjects([])));
          // The same tree: the same nodes, and (quadtree-js) the same leaf lists.
          const nodes = (tree) => {
            const out = [];
            walk(tree, (node, path) => out.push([path.join('.'), node.bounds.x, node.bounds.y, node.bounds.width, node.bounds.height,
              ...(tutorial ? [] : [ids(node.objects).join()])]));
            return out;
          };
          expect(nodes(shapes), `${label}: nodes`).toEqual(nodes(boxes));
          if (withRef) expect(nodes(shapes), `${label}: nodes, against the reference`).toEqual(nodes(ref));
        };
        compare(0, true);
        // Moves (refresh and update on both trees; the references have neither).
        scene.steps.forEach((step, s) => {
          for (const op of step.ops) {
            if (op.then === 'add') {
              objects[op.i] = makeObject(lib, op.to, scene.styles[op.i]);
              proxies[op.i] = { ...boundingRect(op.to), i: op.i };
              index.set(objects[op.i], op.i);
              index.set(proxies[op.i], op.i);
              shapes.insert(objects[op.i]);
              boxes.insert(proxies[op.i]);
            } else if (op.then === 'remove') {
              expect(shapes.remove(objects[op.i])).toBe(true);
              expect(boxes.remove(proxies[op.i])).toBe(true);
            } else {
              reshape(lib, objects[op.i], scene.states[s][op.i], op.to, op.i % 2);
              Object.assign(proxies[op.i], boundingRect(op.to));
              if (op.then === 'update') {
                expect(shapes.update(objects[op.i])).toBe(true);
                expect(boxes.update(proxies[op.i])).toBe(true);
              }
            }
          }
          if (step.refresh) {
            shapes.refresh();
            boxes.refresh();
          }
          compare(s + 1, false);
        });
      });
    });
  });

  describe('bad shapes throw, naming the field, and change nothing', () => {
    const BAD = () => {
      const { Circle, Line } = lib.exports, ci = Circle.prototype.qtIndex, li = Line.prototype.qtIndex;
      return [
        [new Circle({ x: 1, y: 1, r: -1 }), RangeError, /\.r must not be negative, got -1/],
        [{ x: 1, y: 1, r: -0.5, qtIndex: ci }, RangeError, /\.r must not be negative/],
        [new Circle({ x: 1, y: 1, r: NaN }), RangeError, /\.r must be a finite number, got NaN/],
        [new Circle({ x: 1, y: 1, r: Infinity }), RangeError, /\.r must be a finite number, got Infinity/],
        [new Circle({ x: NaN, y: 1, r: 1 }), RangeError, /\.x must be a finite number/],
        [new Circle({ x: 1, y: 1, r: '2' }), TypeError, /\.r must be a number/],
        [{ x: 1, y: 1, width: 2, height: 2, qtIndex: ci }, TypeError, /\.r must be a number, got undefined/],
        [new Line({ x1: 0, y1: 0, x2: Infinity, y2: 1 }), RangeError, /\.x2 must be a finite number, got Infinity/],
        [new Line({ x1: 0, y1: NaN, x2: 1, y2: 1 }), RangeError, /\.y1 must be a finite number/],
        [{ x1: 0, y1: 0, x2: 1, y2: -Infinity, qtIndex: li }, RangeError, /\.y2 must be a finite number/],
        [{ x: 0, y: 0, width: 1, height: 1, qtIndex: li }, TypeError, /\.x1 must be a number, got undefined/],
      ];
    };

    it.each(Object.keys(TREES))('%s', (name) => {
      const { Circle, Line } = lib.exports;
      const tree = TREES[name]({ x: 0, y: 0, width: 64, height: 64 });
      const scene = SCENES.find((s) => s.name === 'mixed, integer grid');
      const objects = scene.states[0].slice(0, 40).map((d, i) => makeObject(lib, d, scene.styles[i]));
      tree.insert(objects);
      const index = new Map(objects.map((o, i) => [o, i]));
      const snapshot = () => {
        const p = tree.pairs(), pairs = [];
        for (let i = 0; i < p.count; i++) pairs.push([index.get(p.first(i)), index.get(p.second(i))].sort((a, b) => a - b).join());
        return {
          pairs: pairs.sort(),
          window: tree.search({ x: 0, y: 0, width: 64, height: 64 }).map((o) => index.get(o)).sort((a, b) => a - b),
          // (as distances from the shapes inserted: ties come in any order, and fields may be bad now)
          near: tree.nearest(32, 32, 5).map((o) => distanceApprox(scene.states[0][index.get(o)], 32, 32)),
          ray: index.get(tree.raycast(0, 30, 1, 0)?.object),
        };
      };
      const before = snapshot();
      const throws = (f, Kind, pattern, what) => {
        let error = null;
        try {
          f();
        } catch (e) {
          error = e;
        }
        expect(error, `${what}: did not throw`).toBeInstanceOf(Kind);
        expect(error.message, what).toMatch(pattern);
        expect(snapshot(), `${what}: the tree changed`).toEqual(before);
      };
      const cls = name.startsWith('tutorial') ? 'QuadTree' : name.split(' ')[0];
      const good = new Circle({ x: 30, y: 30, r: 3 });
      for (const [bad, Kind, pattern] of BAD()) {
        const field = pattern.source;
        throws(() => tree.insert(bad), Kind, new RegExp(`^${cls}\\.insert: rect${field}`), `insert ${field}`);
        throws(() => tree.insert([good, bad]), Kind, new RegExp(`^${cls}\\.insert: rect\\[1\\]${field}`), `insert([good, bad]) ${field}`);
        throws(() => tree.search(bad), Kind, new RegExp(`^${cls}\\.search: rect${field}`), `search ${field}`);
        throws(() => tree.collides(bad), Kind, new RegExp(`^${cls}\\.collides: rect${field}`), `collides ${field}`);
        if (cls === 'Quadtree') {
          throws(() => tree.retrieve(bad), Kind, new RegExp(`^Quadtree\\.retrieve: rect${field}`), `retrieve ${field}`);
          throws(() => tree.getIndex(bad), Kind, new RegExp(`^Quadtree\\.getIndex: rect${field}`), `getIndex ${field}`);
        }
        if (cls === 'QuadTree') {
          throws(() => tree.findObjects([], bad), Kind, new RegExp(`^QuadTree\\.findObjects: obj${field}`), `findObjects ${field}`);
          throws(() => tree.getIndex(bad), Kind, new RegExp(`^QuadTree\\.getIndex: rect${field}`), `getIndex ${field}`);
        }
      }
      // update and refresh of an object made bad: it, and every other change, is left as it was.
      const circle = objects.find((o) => o.qtIndex === Circle.prototype.qtIndex);
      const line = objects.find((o) => o.qtIndex === Line.prototype.qtIndex);
      const rect = objects.find((o) => o.qtIndex !== Circle.prototype.qtIndex && o.qtIndex !== Line.prototype.qtIndex);
      const saved = [{ ...circle }, { ...line }, { ...rect }];
      for (const [o, field, v, Kind, pattern] of [[circle, 'r', -2, RangeError, /\.r must not be negative/], [circle, 'r', NaN, RangeError, /\.r must be a finite/],
        [circle, 'y', Infinity, RangeError, /\.y must be a finite/], [line, 'x1', NaN, RangeError, /\.x1 must be a finite/],
        [line, 'y2', -Infinity, RangeError, /\.y2 must be a finite/], [line, 'x2', undefined, TypeError, /\.x2 must be a number/]]) {
        const keep = o[field];
        o[field] = v;
        throws(() => tree.update(o), Kind, new RegExp(`^${cls}\\.update: rect${pattern.source}`), `update, ${field} = ${v}`);
        Object.assign(rect, { x: 60, y: 1, width: 3, height: 3 }); // a valid change beside it, not applied either
        throws(() => tree.refresh(), Kind, new RegExp(`^${cls}\\.refresh: object${pattern.source}`), `refresh, ${field} = ${v}`);
        o[field] = keep;
        Object.assign(rect, saved[2]);
      }
      Object.assign(circle, saved[0]);
      Object.assign(line, saved[1]);
      const changed = tree.refresh();
      if (counts(name)) expect(changed).toBe(0);
      expect(snapshot()).toEqual(before);
      expect(tree.validate()).toBe(true);
    });

    it.each([['Quadtree', () => lib.Quadtree], ['LinearQuadtree', () => lib.LinearQuadtree]])('%s of ids: setCircles, setLines', (_, Tree) => {
      const tree = new (Tree())({ x: 0, y: 0, width: 100, height: 100 });
      tree.setCircles(new Float64Array([10, 10, 5, 20, 10, 6]), [0, 1]);
      tree.setLines(new Float64Array([0, 12, 100, 12]), [2]);
      const snapshot = () => ({
        pairs: [...tree.pairs().ids].join(),
        hits: tree.search({ x: 0, y: 0, width: 100, height: 100 }).sort(),
        near: tree.nearest(50, 50, 3),
      });
      const before = snapshot();
      for (const [f, pattern] of [
        [() => tree.setCircles(new Float64Array([50, 50, 1, 60, 60, -1]), [0, 3]), /^\w+\.setCircles: circles\[5\] \(r of item 1\) must not be negative, got -1$/],
        [() => tree.setCircles(new Float32Array([50, 50, NaN])), /setCircles: circles\[2\] \(r of item 0\) must be finite, got NaN/],
        [() => tree.setCircles(new Float64Array([Infinity, 50, 1]), [1]), /setCircles: circles\[0\] \(x of item 0\) must be finite/],
        [() => tree.setLines(new Float64Array([1, 1, 2, 2, 0, 0, 1, Infinity]), [1, 2]), /setLines: lines\[7\] \(y2 of item 1\) must be finite, got Infinity/],
        [() => tree.setLines(new Float64Array([1, NaN, 2, 2]), [5]), /setLines: lines\[1\] \(y1 of item 0\) must be finite/],
      ]) {
        expect(f).toThrow(RangeError);
        expect(f).toThrow(pattern);
        expect(snapshot()).toEqual(before);
      }
      expect(() => tree.setCircles(new Float64Array([1, 2, 3, 4]))).toThrow(/circles must be a Float32Array or Float64Array of x, y, r per item, got length 4/);
      expect(() => tree.setLines(new Float64Array([1, 2, 3, 4]), [1, 2])).toThrow(/ids must have one id per line \(1\)/);
      expect(() => tree.search(new lib.exports.Circle({ x: 0, y: 0, r: -1 }))).toThrow(RangeError);
      expect(snapshot()).toEqual(before);
    });
  });
});
