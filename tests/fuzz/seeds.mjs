// Writes the hand-made seed inputs of tests/fuzz/corpus/ (seed-*): readable scenarios encoded the
// way fuzz_trees.cpp decodes its input. Run it again after changing how the target reads its
// bytes: `node tests/fuzz/seeds.mjs`. Inputs the fuzzer found itself sit beside these.
//
// The target reads everything with FuzzedDataProvider's ConsumeIntegral*, which takes bytes from
// the END of the input: as many bytes as the range (max - min) needs, high byte first, and
// value = min + bytes % (range + 1). So a scenario is written as the values in the order the
// target reads them, and the file is those bytes reversed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../../bench/scene.mjs';

const corpus = join(dirname(fileURLToPath(import.meta.url)), 'corpus');

// The target's opcode table (kOps in fuzz_trees.cpp): index & 31 -> operation.
const OPS = [0, 0, 0, 0, 1, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25];
const OP = {
  insert: 0, insertAgain: 1, insertAt: 2, remove: 3, update: 4, clear: 5, clearNode: 6, retrieve: 7,
  retrieveAt: 8, allObjects: 9, search: 10, collides: 11, pairs: 12, nodeObjects: 13, nodeWalk: 14,
  lInsert: 15, lUpdate: 16, lRemove: 17, lClear: 18, lSearch: 19, lCollides: 20, lPairs: 21, lNearest: 22,
  lRaycast: 23, lGeometry: 24, lNodes: 25,
};

class Input {
  constructor() { this.values = []; }
  int(min, max, v) {
    if (v < min || v > max) throw new RangeError(`${v} not in ${min}..${max}`);
    const range = max - min, bytes = [];
    for (let shift = 0; range >= 2 ** shift; shift += 8) bytes.unshift(((v - min) >> shift) & 255);
    this.values.push(...bytes); // the high byte is read first
    return this;
  }
  bool(v) { return this.int(0, 1, v ? 1 : 0); }
  u16(v) { this.values.push(v >> 8, v & 255); return this; }
  op(name) { return this.int(0, 31, OPS.indexOf(OP[name])); }
  bytes() { return Uint8Array.from(this.values.slice().reverse()); }
}

// Set-up: indexes into the target's tables (kBounds, kMaxObjects, kLevels, kLinearBounds).
function setup(s, { bounds = 0, maxObjects = 1, level = 0, depth = 4, half = false, lbounds = 0, ldepth = 4, lids = 16 }) {
  s.int(0, 7, bounds).int(0, 7, maxObjects).int(0, 7, level).int(0, 8, depth);
  if (depth > 0) s.int(0, 7, half ? 7 : 0);
  s.int(0, 7, lbounds).int(0, 6, ldepth);
  s.int(1, 64, lids);
  return s;
}

// Rects, by the target's kinds (makeRect): grid units are 1/16 of the bounds.
const grid = (x, y, w, h) => (s, linear) => s.int(0, linear ? 9 : 8, 0).int(-2, 17, x).int(-2, 17, y).int(0, 8, w).int(0, 8, h);
const zero = (x, y, which = 0) => (s, linear) => s.int(0, linear ? 9 : 8, 3).int(0, 16, x).int(0, 16, y).int(0, 2, which);
const midline = (d, j, vertical, len) => (s, linear) => s.int(0, linear ? 9 : 8, 4).int(1, 8, d).int(0, 1 << d, j).bool(vertical).int(0, 4, len);
const outside = (side, d) => (s, linear) => s.int(0, linear ? 9 : 8, 5).int(0, 3, side).int(0, 8, d);
const huge = (x, y, w, h) => (s, linear) => s.int(0, linear ? 9 : 8, 6).int(0, 4, x).int(0, 4, y).int(0, 3, w).int(0, 3, h);
const negative = (x, y, w, h) => (s, linear) => s.int(0, linear ? 9 : 8, 7).int(0, 16, x).int(0, 16, y).int(0, 4, w).int(-4, 4, h);
const whole = (bigger) => (s, linear) => s.int(0, linear ? 9 : 8, 8).bool(bigger);
const nonFinite = (x, y, w, h) => (s) => s.int(0, 9, 9).int(0, 4, x).int(0, 4, y).int(0, 4, w).int(0, 4, h); // NaN, inf, -inf, 0, 1

// Operations (ids are indexes; a node is a path of quadrants from the root).
const q = {
  insert: (id, r) => (s) => r(s.op('insert').int(0, 255, id), false),
  insertAgain: (id, sameRect, r) => (s) => { s.op('insertAgain').int(0, 255, id).bool(sameRect); if (!sameRect) r(s, false); },
  insertAt: (steps, path, id, r) => (s) => r(s.op('insertAt').int(1, 8, steps).u16(path).int(0, 255, id), false),
  remove: (id) => (s) => s.op('remove').int(0, 255, id),
  update: (id, r) => (s) => r(s.op('update').int(0, 255, id), false),
  clear: () => (s) => s.op('clear'),
  clearNode: (steps, path) => (s) => s.op('clearNode').int(1, 8, steps).u16(path),
  retrieve: (r, dedup = true) => (s) => r(s.op('retrieve'), false).bool(dedup),
  retrieveAt: (steps, path, r, dedup = true) => (s) => r(s.op('retrieveAt').int(1, 8, steps).u16(path), false).bool(dedup),
  allObjects: (steps = 0, path = 0) => (s) => s.op('allObjects').int(0, 8, steps).u16(path),
  search: (r) => (s) => r(s.op('search'), false),
  collides: (r) => (s) => r(s.op('collides'), false),
  pairs: () => (s) => s.op('pairs'),
  nodeObjects: (steps, path) => (s) => s.op('nodeObjects').int(0, 8, steps).u16(path),
  nodeWalk: () => (s) => s.op('nodeWalk'),
};
const l = {
  insert: (id, r) => (s) => r(s.op('lInsert').int(-1, 254, id), true),
  // an update or a query makes a shape of kind 0 rect, 1 circle, 2 line from rect r
  update: (id, r, kind = 0) => (s) => r(s.op('lUpdate').int(-1, 254, id), true).int(0, 2, kind),
  remove: (id) => (s) => s.op('lRemove').int(-1, 254, id),
  clear: () => (s) => s.op('lClear'),
  search: (r, kind = 0) => (s) => r(s.op('lSearch'), true).int(0, 2, kind),
  collides: (r, kind = 0) => (s) => r(s.op('lCollides'), true).int(0, 2, kind),
  // pairs(), then pairsOf() with the odd ids moved by (dx, dy)
  pairs: (dx = 0, dy = 0) => (s) => s.op('lPairs').int(-300, 300, dx).int(-300, 300, dy),
  nodes: () => (s) => s.op('lNodes'),
  // from the corner of rect r (as a query reads it), within max / 32 of the bounds' width or
  // without a limit (max < 0); k nearest, or the ray at angle * pi / 8
  nearest: (r, max, k) => (s) => { r(s.op('lNearest'), false).bool(max < 0); if (max >= 0) s.int(0, 64, max); s.int(0, 70, k); },
  raycast: (r, max, angle) => (s) => { r(s.op('lRaycast'), false).bool(max < 0); if (max >= 0) s.int(0, 64, max); s.int(0, 15, angle); },
  // two shapes (kinds 0 rect, 1 circle, 2 line) from rects a and b, a point from rect p, a ray's angle
  geometry: (a, b, p, kindA, kindB, angle) => (s) => {
    b(a(s.op('lGeometry'), false), false);
    p(s, false).int(0, 2, kindA).int(0, 2, kindB).int(0, 15, angle);
  },
};

function scenario(options, steps) {
  const s = setup(new Input(), options);
  for (const step of steps) step(s);
  return s.bytes();
}

const queries = (r) => [q.search(r), q.collides(r), q.retrieve(r), q.retrieve(r, false), q.pairs(), q.allObjects(), q.nodeWalk()];

const seeds = {
  // quadtree-js's usual tree: objects on the grid, on midlines, touching; every query.
  'seed-quadtree-basic': scenario({ maxObjects: 1 /* 4 */, depth: 4 }, [
    q.insert(0, grid(1, 1, 2, 2)), q.insert(1, grid(3, 1, 2, 2)), q.insert(2, grid(8, 0, 0, 8)),
    q.insert(3, zero(8, 8)), q.insert(4, midline(2, 1, true, 2)), q.insert(5, grid(10, 10, 4, 4)),
    q.insert(6, grid(12, 12, 1, 1)), q.insert(7, grid(7, 7, 2, 2)), q.insert(8, grid(4, 4, 8, 8)),
    ...queries(grid(2, 2, 8, 8)),
    q.retrieveAt(1, 1, grid(0, 0, 4, 4)), q.nodeObjects(2, 0b0101), q.allObjects(1, 2),
    q.update(3, grid(1, 14, 1, 1)), q.update(8, zero(4, 4, 1)), q.remove(2), q.remove(9),
    ...queries(whole(false)),
  ]),
  // Regression: an object inserted into a subnode, over two of its leaves, then removed. Its
  // links must all go (a removal that walked from the root left them behind, naming a freed
  // entry: validate() failed and ASan saw a heap-buffer-overflow).
  'seed-subnode-insert-remove': scenario({ maxObjects: 2 /* 1 */, depth: 4 }, [
    q.insert(0, grid(1, 1, 0, 0)), q.insert(1, grid(9, 1, 0, 0)),
    q.insertAt(1, 0 /* top-right */, 2, grid(2, 3, 1, 2)),
    q.remove(2), q.pairs(), q.allObjects(),
    q.insertAt(1, 0, 3, grid(2, 3, 1, 2)), q.update(3, grid(2, 3, 1, 2)), q.search(whole(false)),
  ]),
  // clear() on a subnode, then queries, removal and updates of what it held.
  'seed-clear-node': scenario({ maxObjects: 2 /* 1 */, depth: 3 }, [
    q.insert(0, grid(1, 1, 1, 1)), q.insert(1, grid(9, 1, 1, 1)), q.insert(2, grid(1, 9, 1, 1)),
    q.insert(3, grid(9, 9, 1, 1)), q.insert(4, grid(6, 6, 4, 4)), q.insert(5, grid(10, 2, 1, 1)),
    q.clearNode(1, 0), ...queries(whole(true)), q.remove(1), q.update(4, grid(2, 2, 1, 1)),
    q.insert(6, grid(11, 3, 1, 1)), q.insertAgain(0, true), ...queries(grid(0, 0, 8, 8)),
    q.clear(), q.insert(1, zero(8, 8)), ...queries(zero(8, 8, 1)),
  ]),
  // Every leaf splits (max_objects 0) down to 7 levels below a level -1 root; edge rects.
  'seed-deep-edges': scenario({ maxObjects: 3 /* 0 */, level: 4 /* -1 */, depth: 8, half: true }, [
    q.insert(0, midline(8, 37, true, 1)), q.insert(1, huge(4, 4, 2, 2)), q.insert(2, negative(5, 5, 2, 3)),
    q.insert(3, outside(1, 4)), q.insertAgain(0, false, zero(3, 5)),
    ...queries(huge(0, 0, 3, 3)), ...queries(negative(4, 4, 4, 4)), q.retrieveAt(3, 0b100111, zero(3, 5)),
    q.remove(0), q.update(1, midline(1, 1, false, 4)), ...queries(midline(1, 1, true, 4)),
  ]),
  // The linear tree with NaN, infinities, huge and negative rects, ids -1 and absent.
  'seed-linear': scenario({ ldepth: 5, lids: 12 }, [
    l.insert(0, grid(1, 1, 2, 2)), l.insert(1, grid(2, 2, 2, 2)), l.insert(2, nonFinite(0, 0, 3, 3)),
    l.insert(3, nonFinite(1, 2, 0, 4)), l.insert(4, huge(0, 4, 3, 3)), l.insert(5, negative(8, 8, 3, -2)),
    l.insert(-1, grid(0, 0, 1, 1)), l.insert(6, outside(2, 8)), l.insert(7, zero(8, 8, 2)),
    l.search(whole(true)), l.collides(grid(15, 15, 1, 1)), l.pairs(), l.nodes(),
    l.update(1, grid(14, 14, 1, 1)), l.update(9, grid(3, 3, 1, 1)), l.remove(0), l.remove(0), l.remove(-1),
    l.search(huge(0, 0, 3, 3)), l.pairs(), l.clear(), l.insert(3, grid(3, 3, 2, 2)), l.insert(1, grid(4, 4, 2, 2)), l.pairs(),
  ]),
  // nearest and raycast among rects on a grid (ties), outside the bounds and of negative size, and
  // the shapes' geometry: touching and crossing shapes of every pair of kinds.
  'seed-linear-spatial': scenario({ ldepth: 4, lids: 12 }, [
    l.insert(0, grid(1, 1, 2, 2)), l.insert(1, grid(5, 1, 2, 2)), l.insert(2, grid(3, 6, 1, 1)), l.insert(3, outside(0, 4)),
    l.insert(4, negative(10, 10, 3, -3)), l.insert(5, zero(12, 4)),
    l.nearest(grid(3, 2, 0, 0), -1, 1), l.nearest(grid(3, 2, 0, 0), -1, 70), l.nearest(grid(8, 8, 0, 0), 8, 3),
    l.raycast(grid(0, 2, 0, 0), -1, 0), l.raycast(grid(3, 0, 0, 0), -1, 4), l.raycast(grid(2, 2, 0, 0), 4, 2),
    l.remove(0), l.nearest(grid(1, 1, 0, 0), -1, 2), l.raycast(grid(1, 1, 0, 0), -1, 0),
    l.geometry(grid(1, 1, 2, 2), grid(3, 1, 2, 2), grid(3, 2, 0, 0), 0, 0, 0),
    l.geometry(grid(1, 1, 2, 2), grid(4, 2, 1, 0), grid(2, 2, 0, 0), 1, 1, 4),
    l.geometry(grid(1, 1, 4, 4), grid(2, 2, 0, 0), grid(0, 0, 0, 0), 2, 0, 2),
    l.geometry(grid(0, 0, 4, 4), negative(0, 4, 4, -4), grid(2, 2, 0, 0), 2, 2, 6),
    l.geometry(grid(2, 2, 2, 0), grid(2, 2, 3, 0), grid(9, 2, 0, 0), 2, 1, 8),
  ]),
  // Circles and lines as objects and queries: tangent circles, lines along and across rects, an
  // id that changes kind, beside NaN and negative rects.
  'seed-linear-shapes': scenario({ ldepth: 4, lids: 12 }, [
    l.insert(0, grid(2, 2, 2, 2)), l.update(1, grid(6, 2, 2, 0), 1), l.update(2, grid(10, 2, 2, 0), 1),
    l.update(3, grid(1, 4, 8, 0), 2), l.update(4, grid(4, 1, 0, 8), 2), l.insert(5, nonFinite(0, 0, 3, 3)),
    l.update(6, negative(8, 8, 3, -2), 1), l.pairs(), l.search(grid(2, 2, 4, 4), 1), l.collides(grid(0, 0, 3, 3), 2),
    l.search(whole(true), 0), l.nearest(grid(6, 6, 0, 0), -1, 4), l.raycast(grid(0, 2, 0, 0), -1, 0),
    l.update(1, grid(6, 2, 2, 2), 0), l.update(0, grid(2, 2, 2, 0), 2), l.pairs(), l.search(grid(1, 1, 6, 6), 2),
    l.remove(3), l.pairs(), l.clear(), l.update(2, grid(3, 3, 1, 0), 1), l.pairs(),
  ]),
  // Bounds a linear tree cannot grid (infinite width, NaN): everything in the root.
  'seed-linear-bad-bounds': scenario({ lbounds: 6, ldepth: 6, lids: 8 }, [
    l.insert(0, grid(1, 1, 2, 2)), l.insert(1, grid(2, 2, 2, 2)), l.insert(2, huge(4, 4, 1, 1)),
    l.pairs(), l.search(whole(true)), l.nodes(), l.update(0, nonFinite(1, 1, 4, 4)), l.pairs(),
  ]),
};

// And two longer inputs of random bytes (about 100 operations), so a short run starts from trees
// that split.
const rand = mulberry32(20240601);
for (const name of ['seed-random-1', 'seed-random-2']) {
  seeds[name] = Uint8Array.from({ length: 600 }, () => Math.floor(rand() * 256));
}

mkdirSync(corpus, { recursive: true });
for (const [name, bytes] of Object.entries(seeds)) {
  writeFileSync(join(corpus, name), bytes);
  console.log(`${name}: ${bytes.length} bytes`);
}
