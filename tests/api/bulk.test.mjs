// BulkRects, the bulk path, as a game uses it: numbers written into `rects`, pairs() once a frame,
// every frame's pairs exactly brute force's over the same float32 numbers; its views across
// memory growth; its errors; its entries; and running out of memory (the capped build).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import DefaultBulkRects, { BulkRects, ready } from '../../dist/quadtree-bulk.mjs';
import { LinearQuadtree } from '../../dist/quadtree.mjs';
import { mulberry32 } from '../support/prng.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DISPOSE = Symbol.dispose || Symbol.for('Symbol.dispose');

const { bruteForce, listed } = createRequire(import.meta.url)(join(root, 'tests', 'fixtures', 'bulk-pairs.js'));

/** The scene: 2 to 20 px, 1,600 px² a rect, 16:9. Writes into `r`; returns the world and velocities. */
function fill(r, n, seed) {
  const random = mulberry32(seed);
  const width = Math.sqrt(1600 * n * 16 / 9), height = width * 9 / 16;
  const v = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    r[4 * i + 2] = 2 + 18 * random(), r[4 * i + 3] = 2 + 18 * random();
    r[4 * i] = random() * width, r[4 * i + 1] = random() * height;
    v[2 * i] = 6 * random() - 3, v[2 * i + 1] = 6 * random() - 3;
  }
  return { width, height, v };
}

describe('BulkRects', () => {
  it('finds exactly brute force\'s pairs, frame after frame, with every rect moving', () => {
    for (const n of [0, 1, 2, 40, 1500]) {
      const bulk = new BulkRects(n);
      expect(bulk.count).toBe(n);
      const { v } = fill(bulk.rects, n, n + 1);
      for (let frame = 0; frame < 8; frame++) {
        const r = bulk.rects;
        expect(listed(bulk.pairs())).toEqual(bruteForce(bulk.rects, n));
        for (let i = 0; i < n; i++) r[4 * i] += v[2 * i], r[4 * i + 1] += v[2 * i + 1];
      }
    }
  });

  it('is the default export and the named one, and module.exports of the classic file', async () => {
    expect(DefaultBulkRects).toBe(BulkRects);
    expect(BulkRects.ready).toBe(ready);
    await ready;
    const cjs = createRequire(import.meta.url)(join(root, 'dist', 'quadtree-bulk.js'));
    expect(cjs.BulkRects).toBe(cjs);
    expect(cjs.default).toBe(cjs);
    const bulk = new cjs(2);
    bulk.rects.set([0, 0, 10, 10, 5, 5, 10, 10]);
    expect([...bulk.pairs()]).toEqual([0, 1]);
  });

  it('keeps the numbers of the rects that stay when count changes; rects added are zero', () => {
    const bulk = new BulkRects(3);
    bulk.rects.set([0, 0, 10, 10, 5, 5, 10, 10, 8, 8, 1, 1]);
    bulk.count = 2;
    expect(bulk.rects.length).toBe(8);
    expect([...bulk.pairs()]).toEqual([0, 1]);
    bulk.count = 5_000;
    const r = bulk.rects;
    expect([...r.subarray(0, 8)]).toEqual([0, 0, 10, 10, 5, 5, 10, 10]);
    expect(r.subarray(8).every((x) => x === 0)).toBe(true); // (the third rect too: it was dropped)
    expect([...bulk.pairs()]).toEqual([0, 1]); // (rects of size 0 have no area: no pairs)
  });

  it('renews its rects view after memory grew; the old view then reads and writes nothing', () => {
    const bulk = new BulkRects(1000);
    fill(bulk.rects, 1000, 3);
    const before = bulk.rects;
    const expected = bruteForce(before, 1000);
    // another BulkRects's call grows the heap
    const big = new BulkRects(1000);
    for (let n = 2000; before.length > 0; n *= 2) big.count = n;
    const after = bulk.rects;
    expect(after === before).toBe(false);
    before[0] = 5; // (writes nowhere)
    expect(before[0]).toBe(undefined);
    expect(listed(bulk.pairs())).toEqual(expected);
    expect(bulk.rects === after).toBe(true); // the same view while the heap stays
    big.dispose();
  });

  it('names a rect that is not finite or has a negative size, and finds pairs again once it is mended', () => {
    const bulk = new BulkRects(100);
    fill(bulk.rects, 100, 5);
    const expected = bruteForce(bulk.rects, 100);
    for (const [field, value] of [[0, NaN], [1, Infinity], [2, -1], [3, -Infinity]]) {
      const saved = bulk.rects[4 * 42 + field];
      bulk.rects[4 * 42 + field] = value;
      expect(() => bulk.pairs()).toThrow(RangeError);
      expect(() => bulk.pairs()).toThrow(/^BulkRects pairs: rect 42 has x .*each must be a finite number, and width and height 0 or more; no pairs were found$/);
      bulk.rects[4 * 42 + field] = saved;
      expect(listed(bulk.pairs())).toEqual(expected);
    }
  });

  it('refuses a count that is not a whole number from 0 to 2^27, and keeps its own', () => {
    const bulk = new BulkRects(5);
    for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 27 + 1, '3', null]) {
      expect(() => { bulk.count = bad; }).toThrow(/^BulkRects count: count must be an integer from 0 to 134217728, got /);
      expect(bulk.count).toBe(5);
    }
    expect(() => new BulkRects(-2)).toThrow(/^BulkRects constructor: count must be an integer/);
  });

  it('throws on every call once disposed; dispose() twice, and `using`, are fine', () => {
    const bulk = new BulkRects(10);
    bulk.dispose();
    bulk[DISPOSE]();
    expect(() => bulk.pairs()).toThrow(/^BulkRects pairs: this BulkRects was disposed; create a new one$/);
    expect(() => bulk.rects).toThrow(/^BulkRects rects: this BulkRects was disposed/);
    expect(() => { bulk.count = 3; }).toThrow(/^BulkRects count: this BulkRects was disposed/);
    expect(bulk.count).toBe(10);
  });

  it('agrees with the exact trees\' pairs() on the same rects', () => {
    const n = 3000;
    const bulk = new BulkRects(n);
    fill(bulk.rects, n, 11);
    const tree = new LinearQuadtree({ x: 0, y: 0, width: 2000, height: 1200 });
    tree.setRects(Float64Array.from(bulk.rects), Int32Array.from({ length: n }, (_, i) => i));
    const ids = tree.pairs().ids, fromTree = [];
    for (let k = 0; k < ids.length; k += 2) fromTree.push(Math.min(ids[k], ids[k + 1]), Math.max(ids[k], ids[k + 1]));
    expect(listed(bulk.pairs())).toEqual(listed(fromTree));
    tree.dispose();
  });
});

describe('BulkRects when memory runs out (a wasm with a 32 MB ceiling)', () => {
  const CappedBulkRects = createRequire(import.meta.url)(join(root, 'build-wasm', 'quadtree-bulk.capped.js'));
  it('says so, keeps its count and numbers, and works on', () => {
    const bulk = new CappedBulkRects(1000);
    fill(bulk.rects, 1000, 13);
    const expected = bruteForce(bulk.rects, 1000);
    expect(() => { bulk.count = 4_000_000; }).toThrow(/^BulkRects count: out of memory \(WebAssembly memory cannot grow any further\); the count is still 1000\./);
    expect(bulk.count).toBe(1000);
    expect(listed(bulk.pairs())).toEqual(expected);
    // so many pairs that their list cannot fit: every rect on every other
    const crowd = new CappedBulkRects(3000);
    const r = crowd.rects;
    for (let i = 0; i < 3000; i++) r.set([i * 1e-3, 0, 10, 10], 4 * i);
    expect(() => crowd.pairs()).toThrow(/^BulkRects pairs: out of memory .*no pairs were found/);
    crowd.dispose();
    expect(listed(bulk.pairs())).toEqual(expected);
  });
});
