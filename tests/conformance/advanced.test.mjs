// Beyond quadtree-js, through the public API, against brute force on seeded random scenes: moving
// objects (update, refresh, remove of objects mutated first, moves across node borders and out of
// the bounds and back), exact queries, pairs, typed-array ids, and the node walk; for both trees.
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';

// Every dist file in turn (tests/support/dist.mjs): the suite below runs once per file, with
// Quadtree, LinearQuadtree set to that file's classes by its beforeAll.
const LIBS = await loadEntries();
let Quadtree, LinearQuadtree;

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function brutePairs(objects) {
  const out = new Set();
  for (let i = 0; i < objects.length; i++)
    for (let j = i + 1; j < objects.length; j++)
      if (overlaps(objects[i], objects[j])) out.add(key(objects[i], objects[j]));
  return out;
}
const key = (a, b) => (a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`);

function pairSet(tree) {
  const list = tree.pairs();
  const out = new Set();
  for (let i = 0; i < list.count; i++) {
    const k = key(list.first(i), list.second(i));
    expect(out.has(k), `pair ${k} reported twice`).toBe(false);
    expect(list.first(i)).not.toBe(list.second(i));
    out.add(k);
  }
  return out;
}

const sorted = (objects) => objects.map((o) => o.id).sort((a, b) => a - b);

// A rect near the world, often on a grid (edges and midlines coincide), sometimes outside it.
function place(r, o, world) {
  const grid = r.chance(0.4);
  o.x = r.float(-0.1, 1.05) * world;
  o.y = r.float(-0.1, 1.05) * world;
  o.width = r.chance(0.1) ? 0 : r.float(0, world * 0.06);
  o.height = r.chance(0.1) ? 0 : r.float(0, world * 0.06);
  if (grid) for (const f of ['x', 'y', 'width', 'height']) o[f] = Math.round(o[f]);
}

const TREES = {
  'Quadtree (4, 6)': (b) => new Quadtree(b, 4, 6),
  'Quadtree (10, 4)': (b) => new Quadtree(b, 10, 4),
  'LinearQuadtree (depth 5)': (b) => new LinearQuadtree(b, { depth: 5 }),
  'LinearQuadtree (depth 8)': (b) => new LinearQuadtree(b, { depth: 8 }),
  'LinearQuadtree (depth auto)': (b) => new LinearQuadtree(b, { depth: 'auto' }),
};

describe.each(byName(LIBS))('dist/%s', (file, lib) => {
  beforeAll(() => {
    Quadtree = lib.Quadtree;
    LinearQuadtree = lib.LinearQuadtree;
  });

  describe.each(Object.entries(TREES))('%s', (name, make) => {
    it('random operation sequences match brute force and keep the tree valid', () => {
      for (let seed = 1; seed <= 25; seed++) {
        const r = rng(seed * 7919);
        const world = r.pick([64, 256, 1000]);
        const bounds = { x: 0, y: 0, width: world, height: world };
        const tree = make(bounds);
        const all = [];
        const inTree = new Set();
        for (let i = 0; i < r.int(10, 120); i++) {
          const o = { id: i, tag: `object ${i}` };
          place(r, o, world);
          all.push(o);
        }
        tree.insert(all);
        all.forEach((o) => inTree.add(o));
        for (let step = 0; step < 120; step++) {
          const o = r.pick(all);
          switch (r.int(0, 5)) {
            case 0: // a small move, then update
              o.x += r.float(-3, 3);
              o.y += r.float(-3, 3);
              expect(tree.update(o)).toBe(inTree.has(o));
              break;
            case 1: // a jump (across borders, out of the bounds and back), then update
              place(r, o, world);
              expect(tree.update(o)).toBe(inTree.has(o));
              break;
            case 2: // mutated first, then removed: found by identity, not by coordinates
              o.x += world * r.float(-2, 2);
              expect(tree.remove(o)).toBe(inTree.has(o));
              inTree.delete(o);
              break;
            case 3:
              if (!inTree.has(o)) {
                tree.insert(o);
                inTree.add(o);
              }
              break;
            case 4: // many move, one refresh
              for (const p of all) if (r.chance(0.3)) p.x += r.float(-5, 5);
              tree.refresh();
              break;
            default: {
              const q = { x: 0, y: 0, width: 0, height: 0 };
              place(r, q, world);
              q.width *= 4;
              q.height *= 4;
              const want = [...inTree].filter((p) => overlaps(p, q));
              expect(sorted(tree.search(q))).toEqual(sorted(want));
              expect(tree.collides(q)).toBe(want.length > 0);
            }
          }
          expect(tree.validate(), `${name} seed ${seed} step ${step}`).toBe(true);
          if (step % 20 === 0) expect(pairSet(tree)).toEqual(brutePairs([...inTree]));
        }
        tree.refresh(); // objects mutated before removal and not re-inserted stay out
        expect(pairSet(tree)).toEqual(brutePairs([...inTree]));
        expect(tree.stats().objects).toBe(inTree.size);
        tree.dispose();
      }
    }, 120_000);

    it('#refresh moves only objects that changed, and later pairs stay exact', () => {
      const r = rng(5);
      const tree = make({ x: 0, y: 0, width: 500, height: 500 });
      const all = Array.from({ length: 400 }, (_, id) => {
        const o = { id };
        place(r, o, 500);
        return o;
      });
      tree.insert(all);
      expect(pairSet(tree)).toEqual(brutePairs(all));
      expect(tree.refresh()).toBe(0); // nothing changed
      for (let frame = 0; frame < 20; frame++) {
        for (const o of all) if (r.chance(0.1)) { o.x += r.float(-8, 8); o.y += r.float(-8, 8); }
        tree.refresh();
        expect(pairSet(tree)).toEqual(brutePairs(all));
      }
      tree.dispose();
    });

    it('#refresh notices a change of any one field', () => {
      // refresh() compares each object with the tree's own copy of its rect: each field must count.
      const tree = make({ x: 0, y: 0, width: 100, height: 100 });
      const a = { id: 1, x: 10, y: 10, width: 10, height: 10 };
      const b = { id: 2, x: 40, y: 10, width: 10, height: 10 }; // right of a
      const c = { id: 3, x: 10, y: 40, width: 10, height: 10 }; // below a
      tree.insert([a, b, c]);
      // Each change makes a reach one neighbour; the point searched is only in its new extent.
      for (const [field, far, other] of [['x', 35, b], ['y', 35, c], ['width', 31, b], ['height', 31, c]]) {
        a[field] = far;
        tree.refresh();
        expect(pairSet(tree), `${field} changed`).toEqual(new Set([key(a, other)]));
        const corner = field === 'x' || field === 'width' ? { x: 40, y: 11 } : { x: 11, y: 40 };
        expect(tree.search({ ...corner, width: 1, height: 1 }), `${field} changed`).toContain(a);
        a[field] = 10;
        tree.refresh();
        expect(pairSet(tree), `${field} back`).toEqual(new Set());
      }
      tree.dispose();
    });

    it('#forEachPair lets the callback change the tree', () => {
      const tree = make({ x: 0, y: 0, width: 100, height: 100 });
      const a = { id: 1, x: 10, y: 10, width: 10, height: 10 };
      const b = { id: 2, x: 15, y: 15, width: 10, height: 10 };
      const c = { id: 3, x: 18, y: 18, width: 10, height: 10 };
      tree.insert([a, b, c]);
      const seen = [];
      tree.forEachPair((p, q) => {
        seen.push(key(p, q));
        tree.remove(p); // re-entrant use
        tree.insert({ id: 9, x: 0, y: 0, width: 1, height: 1 });
      });
      expect(seen.sort()).toEqual(['1:2', '1:3', '2:3']);
      expect(tree.validate()).toBe(true);
      tree.dispose();
    });

    it('#setRects takes typed arrays with ids, and queries answer with the ids', () => {
      const tree = make({ x: 0, y: 0, width: 100, height: 100 });
      tree.setRects(new Float32Array([10, 10, 10, 10, 15, 15, 10, 10, 80, 80, 5, 5]), [7, 3, 11]);
      expect(tree.search({ x: 0, y: 0, width: 30, height: 30 }).sort()).toEqual([3, 7]);
      expect(Array.from(tree.pairs().ids).sort()).toEqual([3, 7]);
      tree.setRects(new Float64Array([75, 75, 10, 10]), [3]); // moves id 3
      expect(tree.pairs().count).toBe(1); // now 3 meets 11
      expect(tree.remove(11)).toBe(true);
      expect(tree.pairs().count).toBe(0);
      expect(() => tree.insert({ x: 0, y: 0, width: 1, height: 1 })).toThrow(/holds numeric ids/);
      tree.clear();
      tree.insert({ x: 0, y: 0, width: 1, height: 1 }); // an empty tree takes either
      tree.dispose();
    });

    it('#search and #collides on a still tree match brute force for windows of every size, ids and objects alike', () => {
      // Thousands of queries with no change between them: the index groups its ids by node, then
      // copies their rects, and answers windows that cover whole nodes without testing them.
      const r = rng(43), world = 1000, objects = [];
      for (let id = 0; id < 800; id++) {
        const o = { id };
        place(r, o, world);
        objects.push(o);
      }
      const tree = make({ x: 0, y: 0, width: world, height: world });
      tree.insert(objects);
      const ids = make({ x: 0, y: 0, width: world, height: world });
      ids.setRects(new Float64Array(objects.flatMap((o) => [o.x, o.y, o.width, o.height])));
      for (let k = 0; k < 3000; k++) {
        const q = { id: -1 };
        place(r, q, world);
        if (k % 3 === 1) Object.assign(q, { width: r.float(0, world * 0.8), height: r.float(0, world * 0.8) }); // viewports
        if (k % 50 === 7) Object.assign(q, { width: -q.width }); // a negative size
        const want = sorted(objects.filter((o) => overlaps(o, q)));
        if (k % 10 === 0 || k > 2950) {
          expect(sorted(tree.search(q)), `query ${k}`).toEqual(want);
          expect(ids.search(q).sort((a, b) => a - b), `query ${k} (ids)`).toEqual(want);
          expect(tree.collides(q), `query ${k}`).toBe(want.length > 0);
        } else {
          tree.search(q);
          ids.collides(q);
        }
      }
      const all = { x: -world, y: -world, width: 3 * world, height: 3 * world };
      expect(sorted(tree.search(all))).toEqual(sorted(objects.filter((o) => overlaps(o, all))));
      tree.validate();
      tree.dispose();
      ids.dispose();
    });

    it('#forEachNode walks the nodes and #stats counts them', () => {
      const tree = make({ x: 0, y: 0, width: 256, height: 256 });
      const r = rng(11);
      tree.insert(Array.from({ length: 200 }, (_, id) => ({ id, x: r.float(0, 250), y: r.float(0, 250), width: 4, height: 4 })));
      let nodes = 0, leaves = 0, deepest = 0, holding = 0;
      tree.forEachNode((bounds, level, isLeaf, count) => {
        nodes++;
        if (count > 0) holding++;
        if (isLeaf) leaves++;
        deepest = Math.max(deepest, level);
        expect(bounds.width).toBeGreaterThan(0);
        expect(count).toBeGreaterThanOrEqual(0);
      });
      const stats = tree.stats();
      // Quadtree counts every node; LinearQuadtree, whose nodes all exist, those holding objects.
      if (tree instanceof Quadtree) expect(stats.nodes).toBe(nodes);
      else expect(stats.nodes).toBe(holding);
      expect(stats.leaves).toBe(leaves);
      expect(stats.objects).toBe(200);
      expect(nodes).toBeGreaterThan(1);
      tree.dispose();
    });
  });

  describe('Quadtree and LinearQuadtree', () => {
    it('give the same search, collides and pairs answers on the same scene', () => {
      const r = rng(2024);
      const all = Array.from({ length: 2000 }, (_, id) => {
        const o = { id };
        place(r, o, 2000);
        return o;
      });
      const a = new Quadtree({ x: 0, y: 0, width: 2000, height: 2000 }, 8, 8);
      const b = new LinearQuadtree({ x: 0, y: 0, width: 2000, height: 2000 }, { depth: 7 });
      const c = new LinearQuadtree({ x: 0, y: 0, width: 2000, height: 2000 }, { depth: 'auto' });
      a.insert(all);
      b.insert(all);
      c.insert(all);
      expect(pairSet(a)).toEqual(pairSet(b));
      expect(pairSet(c)).toEqual(pairSet(b));
      for (let k = 0; k < 50; k++) {
        const q = { x: r.float(-100, 2000), y: r.float(-100, 2000), width: r.float(0, 300), height: r.float(0, 300) };
        expect(sorted(a.search(q))).toEqual(sorted(b.search(q)));
        expect(sorted(c.search(q))).toEqual(sorted(b.search(q)));
        expect(a.collides(q)).toBe(b.collides(q));
      }
      a.dispose();
      b.dispose();
      c.dispose();
    });
  });
});
