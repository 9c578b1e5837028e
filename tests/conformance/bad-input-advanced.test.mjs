// The bad-input matrix for the methods beyond quadtree-js, on both trees: every rejected call
// throws a TypeError or RangeError that names the method and what was wrong, and leaves the tree
// exactly as it was (same answers, validate() true).
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';

// Every dist file in turn (tests/support/dist.mjs): the suite below runs once per file, with
// Quadtree, LinearQuadtree set to that file's classes by its beforeAll.
const LIBS = await loadEntries();
let Quadtree, LinearQuadtree;

const BAD_RECTS = [
  [undefined, TypeError, /rect must be an object/],
  [null, TypeError, /rect must be an object/],
  [42, TypeError, /rect must be an object/],
  ['a string', TypeError, /rect must be an object/],
  [{ y: 0, width: 1, height: 1 }, TypeError, /\.x must be a number/],
  [{ x: '3', y: 0, width: 1, height: 1 }, TypeError, /\.x must be a number, got the string "3"/],
  [{ x: 0, y: NaN, width: 1, height: 1 }, RangeError, /\.y must be a finite number, got NaN/],
  [{ x: 0, y: 0, width: Infinity, height: 1 }, RangeError, /\.width must be a finite number/],
  [{ x: 0, y: 0, width: 1, height: -Infinity }, RangeError, /\.height must be a finite number/],
];

function scene(make) {
  const tree = make();
  const objects = Array.from({ length: 60 }, (_, i) => ({ id: i, x: (i * 37) % 180, y: (i * 53) % 180, width: 12, height: 9 }));
  tree.insert(objects);
  return { tree, objects };
}

// Everything a caller can observe, to compare before and after a rejected call.
function observe(tree) {
  const ids = (list) => list.map((o) => o.id).sort((a, b) => a - b);
  const pairs = tree.pairs();
  const p = [];
  for (let i = 0; i < pairs.count; i++) p.push([pairs.first(i).id, pairs.second(i).id].sort((a, b) => a - b).join(':'));
  return {
    pairs: p.sort(),
    search: [0, 50, 100, 150].map((x) => ids(tree.search({ x, y: x, width: 40, height: 40 }))),
    stats: tree.stats(),
    valid: tree.validate(),
  };
}

const TREES = {
  Quadtree: () => new Quadtree({ x: 0, y: 0, width: 200, height: 200 }, 4, 6),
  LinearQuadtree: () => new LinearQuadtree({ x: 0, y: 0, width: 200, height: 200 }, { depth: 6 }),
};

describe.each(byName(LIBS))('dist/%s', (file, lib) => {
  beforeAll(() => {
    Quadtree = lib.Quadtree;
    LinearQuadtree = lib.LinearQuadtree;
  });

  describe.each(Object.entries(TREES))('%s bad input', (name, make) => {
    it('#update, #search and #collides reject bad rects and change nothing', () => {
      const { tree } = scene(make);
      const before = observe(tree);
      for (const method of ['update', 'search', 'collides']) {
        for (const [bad, type, message] of BAD_RECTS) {
          expect(() => tree[method](bad), `${method}(${JSON.stringify(bad)})`).toThrow(type);
          expect(() => tree[method](bad)).toThrow(new RegExp(`Quadtree\\.${method}: .*` + message.source));
        }
      }
      expect(observe(tree)).toEqual(before);
      tree.dispose();
    });

    it('#refresh rejects an object whose rect became invalid, and changes nothing', () => {
      const { tree, objects } = scene(make);
      const before = observe(tree);
      objects[0].x += 1; // a valid change that must not be applied either
      objects[5].y = NaN;
      expect(() => tree.refresh()).toThrow(/Quadtree\.refresh: object\.y must be a finite number, got NaN/);
      objects[0].x -= 1;
      objects[5].y = (5 * 53) % 180;
      expect(observe(tree)).toEqual(before);
      tree.dispose();
    });

    it('#remove of what was never inserted is false, and so is #update', () => {
      const { tree } = scene(make);
      const before = observe(tree);
      const stranger = { id: 999, x: 1, y: 1, width: 1, height: 1 };
      expect(tree.remove(stranger)).toBe(false);
      expect(tree.remove(undefined)).toBe(false);
      expect(tree.update(stranger)).toBe(false);
      expect(observe(tree)).toEqual(before);
      tree.dispose();
    });

    it('#setRects, #setCircles and #setLines reject what is not their numbers per item, and bad ids', () => {
      const tree = make();
      tree.setRects(new Float64Array([1, 1, 5, 5, 3, 3, 5, 5]));
      const before = observe2(tree);
      expect(() => tree.setRects([1, 1, 5, 5])).toThrow(/Quadtree\.setRects: rects must be a Float32Array or Float64Array/);
      expect(() => tree.setRects(new Float64Array(5))).toThrow(/length 5/);
      expect(() => tree.setRects(new Float64Array([1, 1, NaN, 5]))).toThrow(/rects\[2\] \(width of item 0\) must be finite/);
      expect(() => tree.setRects(new Float64Array([1, 1, 5, 5]), [1, 2])).toThrow(/one id per rect/);
      expect(() => tree.setRects(new Float64Array([1, 1, 5, 5]), [-1])).toThrow(RangeError);
      expect(() => tree.setRects(new Float64Array([1, 1, 5, 5]), [1.5])).toThrow(/integers/);
      expect(() => tree.setRects(new Float64Array([1, 1, 5, 5]), [2 ** 31 - 1])).toThrow(/keep them dense/);
      expect(() => tree.setCircles(new Float64Array([1, 1, 5, 5]))).toThrow(/setCircles: circles must be .* x, y, r per item, got length 4/);
      expect(() => tree.setCircles(new Float64Array([1, 1, -5]))).toThrow(/circles\[2\] \(r of item 0\) must not be negative, got -5/);
      expect(() => tree.setCircles(new Float32Array([1, NaN, 5]))).toThrow(/circles\[1\] \(y of item 0\) must be finite/);
      expect(() => tree.setCircles(new Float64Array([1, 1, 5]), [1, 2])).toThrow(/one id per circle/);
      expect(() => tree.setLines(new Float64Array([0, 0, 1]))).toThrow(/setLines: lines must be .* x1, y1, x2, y2 per item/);
      expect(() => tree.setLines(new Float64Array([0, 0, 1, Infinity]))).toThrow(/lines\[3\] \(y2 of item 0\) must be finite/);
      expect(observe2(tree)).toEqual(before);
      tree.dispose();
    });

    it('#forEachPair and #forEachNode want a function', () => {
      const { tree } = scene(make);
      expect(() => tree.forEachPair(null)).toThrow(/forEachPair: callback must be a function/);
      expect(() => tree.forEachNode('x')).toThrow(/forEachNode: callback must be a function/);
      tree.dispose();
    });

    it('coordinates of ±1e300, getters and frozen objects work', () => {
      const tree = make();
      const huge = Object.freeze({ id: 1, x: 1e300, y: -1e300, width: 1e299, height: 5 });
      let reads = 0;
      const lazy = { id: 2, get x() { reads++; return 10; }, y: 10, width: 5, height: 5 };
      const near = { id: 3, x: 12, y: 12, width: 5, height: 5 };
      tree.insert([huge, lazy, near]);
      expect(reads).toBe(1); // read once, at insert
      expect(tree.search({ x: 0.9e300, y: -1.1e300, width: 0.2e300, height: 0.2e300 })).toEqual([huge]);
      expect(tree.pairs().count).toBe(1);
      expect(tree.validate()).toBe(true);
      tree.dispose();
    });

    it('after dispose() every method throws, and dispose() twice is fine', () => {
      const { tree, objects } = scene(make);
      tree.dispose();
      tree.dispose();
      const calls = {
        insert: () => tree.insert(objects[0]), remove: () => tree.remove(objects[0]), update: () => tree.update(objects[0]),
        refresh: () => tree.refresh(), search: () => tree.search(objects[0]), collides: () => tree.collides(objects[0]),
        pairs: () => tree.pairs(), forEachPair: () => tree.forEachPair(() => {}), stats: () => tree.stats(),
        forEachNode: () => tree.forEachNode(() => {}), setRects: () => tree.setRects(new Float64Array(4)),
        clear: () => tree.clear(), validate: () => tree.validate(),
      };
      for (const [method, call] of Object.entries(calls)) expect(call, method).toThrow(new RegExp(`${method}: this (?:quad)?tree was disposed`));
    });
  });

  it("LinearQuadtree's depth is an integer from 1 to 12 or 'auto'", () => {
    const bounds = { x: 0, y: 0, width: 200, height: 200 };
    for (const depth of [0, 13, 2.5, -1, NaN, '8', 'deep', null]) {
      expect(() => new LinearQuadtree(bounds, { depth }), String(depth))
        .toThrow(/^LinearQuadtree constructor: options\.depth must be an integer from 1 to 12 or 'auto', got /);
    }
    for (const depth of [1, 12, 'auto']) {
      const tree = new LinearQuadtree(bounds, { depth });
      expect(tree.depth).toBe(depth);
      tree.dispose();
    }
  });

  function observe2(tree) {
    return { search: tree.search({ x: 0, y: 0, width: 200, height: 200 }).sort(), pairs: tree.pairs().count, valid: tree.validate() };
  }
});
