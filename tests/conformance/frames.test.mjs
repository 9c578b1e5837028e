// Many frames of mixed use, the way a game mixes the drop-in loop with the advanced API: clear()
// and re-insert (the id table keeps ids across clears), remove, update, refresh, numeric ids after
// a clear. Every frame the tree must hold exactly the objects the game put in since its last
// clear, and answer like brute force.
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';

// Every dist file in turn (tests/support/dist.mjs): the suite below runs once per file, with
// Quadtree, LinearQuadtree set to that file's classes by its beforeAll.
const LIBS = await loadEntries();
let Quadtree, LinearQuadtree;

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const ids = (list) => list.map((o) => o.id).sort((a, b) => a - b);

describe.each(byName(LIBS))('dist/%s', (file, lib) => {
  beforeAll(() => {
    Quadtree = lib.Quadtree;
    LinearQuadtree = lib.LinearQuadtree;
  });

  describe.each([
    ['Quadtree', () => new Quadtree({ x: 0, y: 0, width: 500, height: 500 }, 6, 6)],
    ['LinearQuadtree', () => new LinearQuadtree({ x: 0, y: 0, width: 500, height: 500 }, { depth: 6 })],
  ])('%s across frames', (name, make) => {
    it('holds exactly what was put in since the last clear, frame after frame', () => {
      const r = rng(77);
      const pool = Array.from({ length: 300 }, (_, id) => ({ id, x: r.float(0, 490), y: r.float(0, 490), width: r.float(1, 12), height: r.float(1, 12) }));
      const tree = make();
      let inTree = new Set();
      for (let frame = 0; frame < 150; frame++) {
        if (r.chance(0.5)) { // a drop-in frame: clear and re-insert a changing subset
          tree.clear();
          inTree = new Set(pool.filter(() => r.chance(0.8)));
          tree.insert([...inTree]);
        }
        for (let k = 0; k < 20; k++) {
          const o = r.pick(pool);
          const op = r.int(0, 3);
          if (op === 0) {
            expect(tree.remove(o)).toBe(inTree.has(o));
            inTree.delete(o);
          } else if (op === 1) {
            o.x = r.float(-20, 500);
            expect(tree.update(o)).toBe(inTree.has(o));
          } else if (op === 2 && !inTree.has(o)) {
            tree.insert(o);
            inTree.add(o);
          } else {
            o.y = r.float(-20, 500);
          }
        }
        tree.refresh();
        const q = { x: r.float(0, 400), y: r.float(0, 400), width: 100, height: 100 };
        expect(ids(tree.search(q)), `${name} frame ${frame}`).toEqual(ids([...inTree].filter((o) => overlaps(o, q))));
        if (tree instanceof Quadtree) expect(ids(tree.getAllObjects())).toEqual(ids([...inTree]));
        expect(tree.stats().objects).toBe(inTree.size);
        expect(tree.validate()).toBe(true);
      }
      // numeric ids once the tree is empty, objects again after a clear
      tree.clear();
      tree.setRects(new Float64Array([1, 1, 5, 5, 3, 3, 5, 5]));
      expect(tree.pairs().count).toBe(1);
      tree.clear();
      tree.insert(pool[0]);
      expect(tree.search({ x: -1000, y: -1000, width: 3000, height: 3000 })).toEqual([pool[0]]);
      tree.dispose();
    });

    // Each insert first tries the id given at the same position of the frame before: swaps,
    // repeats, objects that left or are new, and removes between frames must not mix ids up.
    it('finds each object whatever order a frame inserts it in', () => {
      const r = rng(78);
      const made = () => ({ x: r.float(0, 490), y: r.float(0, 490), width: r.float(1, 12), height: r.float(1, 12) });
      let order = Array.from({ length: 200 }, made);
      const tree = make();
      const all = { x: -1000, y: -1000, width: 3000, height: 3000 };
      for (let frame = 0; frame < 60; frame++) {
        order = order.filter(() => r.chance(0.95)).concat(Array.from({ length: r.int(0, 10) }, made));
        for (let k = 0; k < 10; k++) { // swaps
          const i = r.int(0, order.length - 1), j = r.int(0, order.length - 1);
          [order[i], order[j]] = [order[j], order[i]];
        }
        const frameOrder = order.slice();
        for (let k = 0; k < 5; k++) frameOrder.splice(r.int(0, frameOrder.length), 0, r.pick(order)); // repeats
        tree.clear();
        for (const o of frameOrder) tree.insert(o);
        const removed = r.pick(order);
        expect(tree.remove(removed)).toBe(true);
        const present = new Set(order);
        present.delete(removed);
        const found = tree.search(all);
        expect(new Set(found).size, `${name} frame ${frame}`).toBe(found.length);
        expect(new Set(found)).toEqual(present);
        expect(tree.stats().objects).toBe(present.size);
        expect(tree.validate()).toBe(true);
      }
      tree.dispose();
    });
  });
});
