// Many trees at once. The module has one staging buffer for inserts, which the trees take in turn
// (js/src/main/stage.js): a tree's staged inserts are applied to it before another tree stages. Here
// trees of every class are filled alternately, one insert or a batch at a time (some batches over
// the buffer's capacity), queried, cleared, dropped and replaced at random; after every step each
// tree answers exactly as its own reference does: quadtree-js 1.2.6 for Quadtree (the very objects
// in order), the tutorial reference for QuadTree, brute force for LinearQuadtree.
import { describe, expect, it } from 'vitest';
import { STAGE_CAPACITY } from '../../js/src/wasm/abi.js';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';
import { RealQuadtree } from '../support/reference.mjs';
import { ReferenceQuadTree } from '../support/tutorial-reference.mjs';

const LIBS = await loadEntries();
const SEEDS = 6; // per dist file, each 2,500 steps over 9 trees

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const ids = (list) => list.map((o) => o.id);
const sorted = (list) => ids(list).sort((a, b) => a - b);

// Rects of positive size (quadtree-js loses only zero-size rects on a midline), some large.
function object(r, b, id) {
  const big = r.chance(0.1);
  const w = big ? r.float(1, b.width / 6) : r.float(0.5, 12), h = big ? r.float(1, b.height / 6) : r.float(0.5, 12);
  return { id, x: b.x + r.float(-10, b.width), y: b.y + r.float(-10, b.height), width: w, height: h };
}

function run(lib, seed) {
  const { Quadtree, LinearQuadtree, QuadTree } = lib.exports;
  const r = rng(seed * 7919 + 3);
  let next = 0;
  // One slot per kind and setting: a tree, what it should hold, and how to check it.
  const kinds = [
    () => ({ b: { x: 0, y: 0, width: 640, height: 480 }, args: [] }),
    () => ({ b: { x: -50, y: 20, width: 300, height: 300 }, args: [2, 6] }),
    () => ({ b: { x: 0, y: 0, width: 1000, height: 1000 }, args: [4, 3] }),
    () => ({ b: { x: 10, y: 10, width: 200, height: 100 }, args: [1, 5] }),
    () => ({ b: { x: 0, y: 0, width: 500, height: 500 }, args: [10, 4, 1] }),
  ].map((settings) => () => {
    const { b, args } = settings();
    return { kind: 'Quadtree', b, tree: new Quadtree({ ...b }, ...args), ref: new RealQuadtree({ ...b }, ...args), held: [] };
  });
  kinds.push(
    ...[[undefined, undefined], [0, { maxObjects: 2, maxLevels: 6 }]].map(([lvl, options]) => () => {
      const b = { x: 0, y: 0, width: 400, height: 400 };
      return { kind: 'QuadTree', b, tree: new QuadTree({ ...b }, lvl, options), ref: new ReferenceQuadTree({ ...b }, lvl, options), held: [] };
    }),
    ...[3, 6].map((depth) => () => {
      const b = { x: 0, y: 0, width: 800, height: 600 };
      return { kind: 'LinearQuadtree', b, tree: new LinearQuadtree({ ...b }, { depth }), ref: null, held: [] };
    }),
  );
  const slots = kinds.map((make) => make());

  const check = (slot, q, what) => {
    if (slot.kind === 'Quadtree') {
      expect(ids(slot.tree.retrieve(q)), what).toEqual(ids(slot.ref.retrieve(q)));
    } else if (slot.kind === 'QuadTree') {
      expect(ids(slot.tree.findObjects([], q)), what).toEqual(ids(slot.ref.findObjects([], q)));
    } else {
      expect(sorted(slot.tree.search(q)), what).toEqual(sorted(slot.held.filter((o) => overlaps(o, q))));
    }
  };
  const insert = (slot, items) => {
    slot.tree.insert(items.length === 1 ? items[0] : items);
    for (const o of items) {
      if (slot.ref) slot.ref.insert(o);
      slot.held.push(o);
    }
  };

  for (let step = 0; step < 2500; step++) {
    const i = r.int(0, slots.length - 1), slot = slots[i];
    const what = `seed ${seed} step ${step}: ${slot.kind} #${i}`;
    const op = r.weighted({ one: 60, few: 12, many: 1, query: 20, clear: 3, replace: 3 });
    if (op === 'one' || op === 'few' || op === 'many') {
      const n = op === 'one' ? 1 : op === 'few' ? r.int(2, 40) : r.int(STAGE_CAPACITY - 20, STAGE_CAPACITY + 300);
      insert(slot, Array.from({ length: n }, () => object(r, slot.b, next++)));
    } else if (op === 'query') {
      const q = r.chance(0.5) && slot.held.length ? r.pick(slot.held) : object(r, slot.b, -1);
      check(slot, q, what);
    } else if (op === 'clear') {
      slot.tree.clear();
      if (slot.ref) slot.ref.clear();
      slot.held = [];
    } else {
      // The old tree is dropped with inserts maybe still staged (never queried), or disposed.
      if (r.chance(0.5)) slot.tree.dispose();
      slots[i] = kinds[i]();
    }
  }
  // Every tree, whole: a query over everything, and its distinct objects.
  slots.forEach((slot, i) => {
    const all = { x: -1e4, y: -1e4, width: 2e4, height: 2e4 };
    check(slot, all, `seed ${seed} end: ${slot.kind} #${i}`);
    expect(sorted(slot.tree.search(all))).toEqual(sorted([...new Set(slot.held)]));
    expect(slot.tree.validate()).toBe(true);
    slot.tree.dispose();
  });
}

describe.each(byName(LIBS))('dist/%s', (file, lib) => {
  it(`trees staging inserts in turn answer like their references (${SEEDS} seeds)`, { timeout: 120_000 }, () => {
    for (let seed = 1; seed <= SEEDS; seed++) run(lib, seed);
  });
});
