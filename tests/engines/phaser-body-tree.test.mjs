// quadtree-wasm/phaser's BodyTree against the RTree it stands in for (Phaser.Structs.RTree of
// Phaser 4.2.1 and of 3.90.0, loaded from the packages' sources): seeded runs of the calls Arcade
// Physics makes (a step's clear() + load(bodies), static bodies' remove + insert around a move,
// searches by rbush's rule, where touching boxes intersect), on boxes placed on a coarse grid so
// that edges touch often, with zero-size boxes and odd queries. Each
// search must find the same set of items as the RTree, in the order of our ids.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, ROOT } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';

const require = createRequire(import.meta.url);
const RTREES = [
  ['phaser 4', require(join(ROOT, 'node_modules', 'phaser', 'src', 'structs', 'RTree.js'))],
  ['phaser 3', require(join(ROOT, 'node_modules', 'phaser3', 'src', 'structs', 'RTree.js'))],
];
const ENTRIES = [
  ['quadtree-phaser.mjs', await import(join(DIST, 'quadtree-phaser.mjs'))],
  ['quadtree-phaser.cjs', require(join(DIST, 'quadtree-phaser.cjs'))],
  ['quadtree-phaser.csp.mjs', await import(join(DIST, 'quadtree-phaser.csp.mjs'))],
];

/** A body as the RTree reads it: left/top/right/bottom from a position and a size, as Arcade's. */
class Box {
  constructor(name, x, y, w, h) {
    this.name = name;
    this.set(x, y, w, h);
  }
  set(x, y, w, h) {
    this.x = x;
    this.y = y;
    this.w = w;
    this.h = h;
  }
  get left() { return this.x; }
  get top() { return this.y; }
  get right() { return this.x + this.w; }
  get bottom() { return this.y + this.h; }
}

// (Finite boxes only: the RTree's node boxes go NaN with an infinite or NaN item, and it then misses
// the node's other items. Those items have a test of their own below.)
function place(r, box) {
  box.set(r.int(-2, 60) * 4, r.int(-2, 40) * 4, r.pick([0, 4, 8, 12, 20]), r.pick([0, 4, 8, 16]));
}

function query(r) {
  const kind = r.int(0, 19);
  if (kind === 0) return { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };
  if (kind === 1) return { minX: NaN, minY: 0, maxX: 100, maxY: 100 };
  if (kind === 2) return { minX: 50, minY: 50, maxX: 20, maxY: 90 }; // inverted: the rule still reads it
  const x = r.int(-4, 62) * 4, y = r.int(-4, 42) * 4;
  return { minX: x, minY: y, maxX: x + r.pick([0, 4, 8, 24, 64, 400]), maxY: y + r.pick([0, 4, 8, 24, 64]) };
}

/** Plays one seeded run on an RTree and on a BodyTree; the first difference, or null. */
function play(seed, RTree, BodyTree) {
  const r = rng(seed);
  const stock = new RTree(16), ours = new BodyTree({ x: 0, y: 0, width: 240, height: 160 });
  const dynamic = [], statics = [];
  let made = 0;
  const fresh = () => {
    const b = new Box(made++, 0, 0, 0, 0);
    place(r, b);
    return b;
  };
  // (odd seeds: few items, which the tree scans; even seeds: enough that it asks its index)
  for (let i = r.int(seed % 2 ? 0 : 70, seed % 2 ? 50 : 300); i > 0; i--) dynamic.push(fresh());
  let searches = 0;
  for (let op = 0; op < 400; op++) {
    const what = r.weighted({ step: 3, addStatic: 2, moveStatic: 2, removeStatic: 1, search: 10, collides: 2, all: 1, clearOnly: 0.2 });
    if (what === 'step') {
      // bodies move, some come and go, then the world's clear() + load(bodies)
      for (const b of dynamic) if (r.chance(0.5)) place(r, b);
      for (let i = r.int(0, 6); i > 0 && dynamic.length > 0; i--) dynamic.splice(r.int(0, dynamic.length - 1), 1);
      for (let i = r.int(0, 8); i > 0; i--) dynamic.push(fresh());
      stock.clear();
      stock.load(dynamic.slice());
      ours.clear();
      ours.load(dynamic.slice());
    } else if (what === 'addStatic') {
      const b = fresh();
      statics.push(b);
      stock.insert(b);
      ours.insert(b);
    } else if (what === 'moveStatic' && statics.length > 0) {
      const b = r.pick(statics);
      stock.remove(b);
      ours.remove(b);
      place(r, b);
      stock.insert(b);
      ours.insert(b);
    } else if (what === 'removeStatic' && statics.length > 0) {
      const b = statics.splice(r.int(0, statics.length - 1), 1)[0];
      stock.remove(b);
      ours.remove(b);
    } else if (what === 'clearOnly') {
      stock.clear();
      ours.clear();
      dynamic.length = 0;
      statics.length = 0;
    } else if (what === 'search' || what === 'collides') {
      const q = query(r);
      const want = stock.search(q).map((b) => b.name).sort((a, b) => a - b);
      const got = ours.search(q).map((b) => b.name);
      searches++;
      if (what === 'collides' && ours.collides(q) !== (want.length > 0)) return { seed, op, q, collides: ours.collides(q), want };
      if (new Set(got).size !== got.length || [...got].sort((a, b) => a - b).join() !== want.join()) return { seed, op, q, got, want };
    } else if (what === 'all') {
      const want = stock.all().map((b) => b.name).sort((a, b) => a - b).join();
      const got = ours.all().map((b) => b.name).sort((a, b) => a - b).join();
      if (got !== want) return { seed, op, all: true, got, want };
    }
  }
  ours.dispose();
  return searches > 0 ? null : { seed, noSearches: true };
}

describe.each(ENTRIES)('%s BodyTree', (_, { BodyTree }) => {
  it.each(RTREES)('#search finds what the RTree of %s finds, touching boxes included, over 300 seeded runs', (_, RTree) => {
    for (let seed = 1; seed <= 300; seed++) expect(play(seed, RTree, BodyTree)).toBeNull();
  });

  it('#search lists items in the order they first came in, the same for the same calls', () => {
    const boxes = Array.from({ length: 50 }, (_, i) => new Box(i, (i * 7) % 40, (i * 3) % 30, 10, 10));
    const tree = new BodyTree();
    tree.load(boxes.slice().reverse());
    const names = tree.search({ minX: 0, minY: 0, maxX: 100, maxY: 100 }).map((b) => b.name);
    expect(names).toEqual(boxes.map((b) => b.name).reverse());
    // a step that loads the same bodies again keeps them where they were
    for (const b of boxes) b.set(b.x + 1, b.y, b.w, b.h);
    tree.clear();
    tree.load(boxes);
    expect(tree.search({ minX: 0, minY: 0, maxX: 100, maxY: 100 }).map((b) => b.name)).toEqual(names);
    // a body that comes in the step another goes comes last; the place let go of goes to the next
    const late = new Box('late', 5, 5, 1, 1), later = new Box('later', 5, 5, 1, 1);
    tree.clear();
    tree.load([...boxes.filter((b) => b.name !== 10), late]);
    const after = tree.search({ minX: 0, minY: 0, maxX: 100, maxY: 100 }).map((b) => b.name);
    expect(after).toEqual([...names.filter((n) => n !== 10), 'late']);
    tree.insert(later);
    expect(tree.search({ minX: 0, minY: 0, maxX: 100, maxY: 100 }).map((b) => b.name)).toEqual([...names.map((n) => (n === 10 ? 'later' : n)), 'late']);
    tree.dispose();
  });

  it('#search tests the items its index finds as they are at the call, as the RTree does at its leaves', () => {
    const a = new Box('a', 0, 0, 10, 10), b = new Box('b', 5, 0, 10, 10);
    const tree = new BodyTree();
    tree.load([a, b]);
    b.set(10, 0, 10, 10); // moved after the load, still touching
    expect(tree.search({ minX: 0, minY: 0, maxX: 10, maxY: 10 }).map((x) => x.name)).toEqual(['a', 'b']);
    b.set(11, 0, 10, 10); // moved away
    expect(tree.search({ minX: 0, minY: 0, maxX: 10, maxY: 10 }).map((x) => x.name)).toEqual(['a']);
    tree.dispose();
  });

  it('#search finds an item whose box is not finite when its sides reach the query, and never a NaN one', () => {
    const wall = { name: 'wall', left: -Infinity, top: 0, right: Infinity, bottom: 10 }, lost = new Box('lost', NaN, 0, 10, 10);
    const a = new Box('a', 0, 0, 10, 10);
    const tree = new BodyTree();
    tree.load([wall, lost, a]);
    expect(tree.search({ minX: 5, minY: 5, maxX: 6, maxY: 6 }).map((x) => x.name)).toEqual(['wall', 'a']);
    expect(tree.search({ minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity }).map((x) => x.name)).toEqual(['wall', 'a']);
    expect(tree.collides({ minX: 5, minY: 50, maxX: 6, maxY: 60 })).toBe(false);
    lost.set(0, 0, 1, 1); // finite again, and indexed
    tree.clear();
    tree.load([wall, lost, a]);
    expect(tree.search({ minX: 0, minY: 0, maxX: 0, maxY: 0 }).map((x) => x.name)).toEqual(['wall', 'lost', 'a']);
    tree.dispose();
  });

  it('#search by an item of the tree (asker) answers as any search does, from the rows of one pairs()', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const plain = new BodyTree(), asked = new BodyTree();
      const boxes = [];
      for (let step = 0; step < 6; step++) {
        for (let i = r.int(0, 60); i > 0; i--) boxes.push(new Box(boxes.length, 0, 0, 0, 0));
        for (const b of boxes) if (r.chance(0.6)) place(r, b);
        if (boxes.length > 10) boxes.splice(r.int(0, boxes.length - 1), 3);
        for (const t of [plain, asked]) {
          t.clear();
          t.load(boxes);
        }
        for (const b of boxes) {
          const q = { minX: b.left, minY: b.top, maxX: b.right, maxY: b.bottom };
          asked.asker = b;
          const got = asked.search(q).map((x) => x.name);
          asked.asker = null;
          expect(got).toEqual(plain.search(q).map((x) => x.name));
        }
        // an asker that moved since the load is searched the usual way
        if (boxes.length === 0) continue;
        const b = boxes[0];
        b.set(b.x + 3, b.y, b.w, b.h);
        const q = { minX: b.left, minY: b.top, maxX: b.right, maxY: b.bottom };
        asked.asker = b;
        expect(asked.search(q).map((x) => x.name)).toEqual(plain.search(q).map((x) => x.name));
        asked.asker = null;
      }
      expect(asked._rowsAt).toBeGreaterThan(0); // (rows were made)
      plain.dispose();
      asked.dispose();
    }
  });

  it('#remove finds an item wherever it is, and with an equality function', () => {
    const a = new Box('a', 0, 0, 10, 10), b = new Box('b', 20, 0, 10, 10);
    const tree = new BodyTree();
    tree.insert(a).insert(b);
    a.set(1000, 1000, 10, 10); // moved without a remove first: still found by identity
    tree.remove(a);
    tree.remove({ name: 'b' }, (x, y) => x.name === y.name);
    expect(tree.all()).toEqual([]);
    expect(tree.search({ minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9 })).toEqual([]);
    tree.dispose();
  });
});
