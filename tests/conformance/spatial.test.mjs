// nearest() and raycast() on every tree class and every dist file, against brute force on seeded
// scenes: objects inside and outside the bounds, points, rects on a grid (equal distances), after
// moves (update, refresh) and removes; the id forms (setRects); bad arguments.
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';
import { distanceTo, entryOf } from '../../bench/spatial-reference.mjs';

const LIBS = await loadEntries();
let lib;

const close = (a, b) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function checkNearest(tree, objects, px, py, k, maxDistance) {
  const want = objects.map((o) => distanceTo(o, px, py)).filter((d) => d <= maxDistance).sort((a, b) => a - b);
  const got = tree.nearest(px, py, k, maxDistance);
  expect(got.length).toBe(Math.min(k, want.length));
  got.forEach((o, i) => {
    expect(objects.includes(o)).toBe(true);
    expect(close(distanceTo(o, px, py), want[i]), `result ${i}: ${distanceTo(o, px, py)} want ${want[i]}`).toBe(true);
  });
  expect(new Set(got).size).toBe(got.length);
}

function checkRay(tree, objects, ox, oy, dx, dy, maxDistance) {
  const len = Math.hypot(dx, dy), ux = dx / len, uy = dy / len;
  const best = Math.min(Infinity, ...objects.map((o) => entryOf(o, ox, oy, ux, uy)));
  const hit = tree.raycast(ox, oy, dx, dy, maxDistance);
  if (best === Infinity || best > maxDistance * (1 + 1e-9)) return expect(hit).toBe(null);
  if (best < maxDistance * (1 - 1e-9)) expect(hit).not.toBe(null);
  if (hit === null) return;
  expect(objects.includes(hit.object)).toBe(true);
  expect(close(hit.distance, best), `${hit.distance} want ${best}`).toBe(true);
  expect(close(entryOf(hit.object, ox, oy, ux, uy), best)).toBe(true);
}

function scene(r, n, grid) {
  const objects = [];
  for (let id = 0; id < n; id++) {
    const o = grid
      ? { id, x: 50 * r.int(0, 20), y: 50 * r.int(0, 20), width: 25 * r.int(0, 3), height: 25 * r.int(0, 3) }
      : { id, x: r.float(-200, 1100), y: r.float(-200, 1100), width: r.chance(0.1) ? 0 : r.float(0, 40), height: r.float(0, 40) };
    objects.push(o);
  }
  return objects;
}

const TREES = {
  Quadtree: (b) => new lib.Quadtree(b),
  'Quadtree (4, 6)': (b) => new lib.Quadtree(b, 4, 6),
  'tutorial QuadTree': (b) => new lib.exports.QuadTree(b),
  'LinearQuadtree (depth 6)': (b) => new lib.LinearQuadtree(b, { depth: 6 }),
  'LinearQuadtree (depth auto)': (b) => new lib.LinearQuadtree(b, { depth: 'auto' }),
};

describe.each(byName(LIBS))('dist/%s', (file, l) => {
  beforeAll(() => {
    lib = l;
  });

  describe.each(Object.keys(TREES))('%s', (name) => {
    it('nearest and raycast match brute force, after moves and removes too', () => {
      for (let seed = 1; seed <= 8; seed++) {
        const r = rng(seed * 7919 + name.length);
        const grid = seed % 3 === 0;
        const tree = TREES[name]({ x: 0, y: 0, width: 1000, height: 1000 });
        let objects = scene(r, r.pick([0, 1, 5, 60, 400]), grid);
        for (const o of objects) tree.insert(o);
        for (let round = 0; round < 3; round++) {
          for (let q = 0; q < 12; q++) {
            const px = grid ? 25 * r.int(-4, 44) : r.float(-300, 1300), py = grid ? 25 * r.int(-4, 44) : r.float(-300, 1300);
            for (const k of [1, 4, Infinity]) checkNearest(tree, objects, px, py, k, Infinity);
            checkNearest(tree, objects, px, py, 3, r.float(0, 80));
            const a = r.float(0, 2 * Math.PI), far = r.float(1, 3);
            checkRay(tree, objects, px, py, far * Math.cos(a), far * Math.sin(a), Infinity);
            checkRay(tree, objects, px, py, q % 2 ? 0 : 1, q % 2 ? -1 : 0, r.float(0, 300));
          }
          // Moves and removes, as a game makes them between frames.
          for (const o of objects) {
            o.x += r.float(-30, 30);
            o.y += r.float(-30, 30);
          }
          if (round === 0) objects.forEach((o) => tree.update(o));
          else tree.refresh();
          const gone = objects.filter(() => r.chance(0.1));
          for (const o of gone) tree.remove(o);
          objects = objects.filter((o) => !gone.includes(o));
        }
      }
    });
  });

  it('the id forms answer with ids', () => {
    const tree = new lib.LinearQuadtree({ x: 0, y: 0, width: 100, height: 100 });
    tree.setRects(new Float64Array([10, 10, 5, 5, 50, 50, 5, 5, 90, 10, 5, 5]), [7, 3, 11]);
    expect(tree.nearest(52, 40, 2)).toEqual([3, 7]);
    expect(tree.nearest(0, 0, 5, 16)).toEqual([7]);
    expect(tree.raycast(0, 12, 1, 0)).toEqual({ id: 7, distance: 10 });
    expect(tree.raycast(0, 12, -1, 0)).toBe(null);
    const q = new lib.Quadtree({ x: 0, y: 0, width: 100, height: 100 });
    q.setRects(new Float32Array([10, 10, 5, 5, 50, 50, 5, 5]));
    expect(q.nearest(100, 100)).toEqual([1]);
    expect(q.raycast(52, 0, 0, 3)).toEqual({ id: 1, distance: 50 });
  });

  it('an origin inside an object reaches it at 0; objects, not copies, are returned', () => {
    const tree = new lib.Quadtree({ x: 0, y: 0, width: 100, height: 100 });
    const a = { x: 10, y: 10, width: 20, height: 20 }, b = { x: 40, y: 10, width: 5, height: 5 };
    tree.insert(a);
    tree.insert(b);
    expect(tree.raycast(15, 15, 1, 0)).toEqual({ object: a, distance: 0 });
    expect(tree.raycast(15, 15, 1, 0).object).toBe(a);
    expect(tree.nearest(15, 15, 2)).toEqual([a, b]);
    expect(tree.nearest(15, 15, 0)).toEqual([]);
    expect(new lib.Quadtree({ x: 0, y: 0, width: 1, height: 1 }).nearest(0, 0)).toEqual([]);
  });

  it('bad arguments throw an error that names them, and change nothing', () => {
    const tree = new lib.LinearQuadtree({ x: 0, y: 0, width: 100, height: 100 });
    const a = { x: 10, y: 10, width: 5, height: 5 };
    tree.insert(a);
    expect(() => tree.nearest(NaN, 0)).toThrow(/LinearQuadtree\.nearest: x must be a finite number, got NaN/);
    expect(() => tree.nearest(0, '1')).toThrow(/y must be a number/);
    expect(() => tree.nearest(0, 0, 1.5)).toThrow(/k must be a whole number >= 0/);
    expect(() => tree.nearest(0, 0, -1)).toThrow(RangeError);
    expect(() => tree.nearest(0, 0, 1, -2)).toThrow(/maxDistance must be a number >= 0/);
    expect(() => tree.nearest(0, 0, 1, NaN)).toThrow(/maxDistance/);
    expect(() => tree.raycast(0, 0, 0, 0)).toThrow(/LinearQuadtree\.raycast: the direction \(dx, dy\) must not be \(0, 0\)/);
    expect(() => tree.raycast(0, 0, Infinity, 0)).toThrow(/dx must be a finite number/);
    expect(() => tree.raycast(0, 0, 1, 0, -1)).toThrow(/maxDistance/);
    expect(tree.nearest(0, 0, 5)).toEqual([a]);
  });
});
