// Every error names the class and method it comes from, so a message read in a console points at
// the right call (a LinearQuadtree's errors say LinearQuadtree, not Quadtree).
import { describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';

const LIBS = await loadEntries();
const bounds = () => ({ x: 0, y: 0, width: 100, height: 100 });

describe.each(byName(LIBS))('dist/%s', (name, { Quadtree, LinearQuadtree }) => {
  describe.each([
    ['Quadtree', () => new Quadtree(bounds())],
    ['LinearQuadtree', () => new LinearQuadtree(bounds())],
    ['QuadTree', () => new Quadtree.QuadTree(bounds())],
  ])('%s', (className, make) => {
    it('names the class and method in argument errors', () => {
      const t = make();
      expect(() => t.insert({ x: 1, y: 'a', width: 1, height: 1 })).toThrow(new RegExp(`^${className}\\.insert: rect\\.y must be a number`));
      expect(() => t.search(null)).toThrow(new RegExp(`^${className}\\.search: rect must be an object`));
      expect(() => t.refresh()).not.toThrow();
      const o = { x: 1, y: 1, width: 1, height: 1 };
      t.insert(o);
      o.width = NaN;
      expect(() => t.refresh()).toThrow(new RegExp(`^${className}\\.refresh: object\\.width must be a finite number`));
      expect(() => t.forEachPair(1)).toThrow(new RegExp(`^${className}\\.forEachPair: callback must be a function`));
      expect(() => t.setRects(new Float64Array([0, 0, 1, 1]), [-1])).toThrow(new RegExp(`^${className}\\.setRects: ids must be integers`));
    });

    it('names the class in constructor errors and after dispose()', () => {
      const C = { Quadtree, LinearQuadtree, QuadTree: Quadtree.QuadTree }[className];
      expect(() => new C({ x: 0, y: 0, width: -1, height: 1 })).toThrow(new RegExp(`^${className} constructor: bounds\\.width`));
      const t = make();
      t.dispose();
      expect(() => t.collides(bounds())).toThrow(new RegExp(`^${className}\\.collides: this quadtree was disposed`));
    });
  });

  it('a subnode of a Quadtree names Quadtree', () => {
    const t = new Quadtree(bounds(), 1);
    t.insert([{ x: 1, y: 1, width: 1, height: 1 }, { x: 60, y: 60, width: 1, height: 1 }]);
    expect(() => t.nodes[0].retrieve(7)).toThrow(/^Quadtree\.retrieve: rect must be an object/);
  });
});

describe.each(byName(LIBS))('dist/%s', (name, { Quadtree, LinearQuadtree }) => {
  it.each([['Quadtree', Quadtree], ['LinearQuadtree', LinearQuadtree], ['QuadTree', Quadtree.QuadTree]])('%s: refresh() and setRects() with nothing to do are no errors', (n, C) => {
    const t = new C(bounds());
    expect(() => t.insert({ x: 1, y: 'bad', width: 1, height: 1 })).toThrow(TypeError);
    expect(t.refresh()).toBe(0);
    const u = new C(bounds());
    expect(() => u.setRects(new Float64Array(0))).not.toThrow();
    expect(u.search(bounds())).toEqual([]);
  });
});
