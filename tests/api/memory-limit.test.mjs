// When WebAssembly memory cannot grow any more, calls fail with a RangeError that says so, and the
// module lives on: the tree holds every object it accepted (none lost, none half-stored), stays
// valid, answers queries, and accepts objects again once memory is freed. Runs the library built
// around a wasm with a 32 MB ceiling (build-wasm/quadtree.capped.js, the test build of CMakeLists).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../support/prng.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const Quadtree = createRequire(import.meta.url)(join(root, 'build-wasm', 'quadtree.capped.js'));
const { LinearQuadtree } = Quadtree;

const WORLD = { x: 0, y: 0, width: 1000, height: 1000 };
const EVERYWHERE = { x: -100, y: -100, width: 1200, height: 1200 };
const OUT_OF_MEMORY = /out of memory \(WebAssembly memory cannot grow any further\)/;

function scene(seed) {
  const random = mulberry32(seed);
  return () => ({ x: random() * 1000, y: random() * 1000, width: 1 + random() * 20, height: 1 + random() * 20 });
}

// Inserts objects (querying now and then, which applies the staged inserts) until memory runs
// out. Returns the objects offered and the error.
function fill(tree, next) {
  const offered = [];
  for (let i = 0; i < 3_000_000; i++) {
    const o = next();
    offered.push(o);
    try {
      tree.insert(o);
      if (i % 500 === 499) tree.search({ x: 0, y: 0, width: 1, height: 1 });
    } catch (error) {
      return { offered, error };
    }
  }
  throw new Error('memory never ran out');
}

function expectIntact(tree, stored) {
  expect(tree.validate()).toBe(true);
  const found = tree.search(EVERYWHERE);
  expect(found.length).toBe(stored.length);
  expect(new Set(found)).toEqual(new Set(stored));
}

describe('when WebAssembly memory cannot grow', () => {
  it('Quadtree: the query that applies the inserts throws, names what was not stored, and the tree works on', () => {
    const tree = new Quadtree(WORLD, 10, 6);
    const { offered, error } = fill(tree, scene(1));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toMatch(/^Quadtree\.search: /);
    expect(error.message).toMatch(OUT_OF_MEMORY);
    expect(error.notInserted.length).toBeGreaterThan(0);
    const lost = new Set(error.notInserted);
    const stored = offered.filter((o) => !lost.has(o));
    expect(stored.length + lost.size).toBe(offered.length);
    expectIntact(tree, stored);
    expect(tree.stats().objects).toBe(stored.length);

    // Exact queries agree with brute force over what is stored.
    const q = { x: 300, y: 300, width: 150, height: 90 };
    const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(new Set(tree.search(q))).toEqual(new Set(stored.filter((o) => overlap(o, q))));
    expect(tree.retrieve(q).length).toBeGreaterThan(0);

    // Room freed by removal is used again: the same objects go back in.
    const half = stored.filter((_, i) => i % 2 === 0);
    for (const o of half) expect(tree.remove(o)).toBe(true);
    tree.insert(half);
    expectIntact(tree, stored);

    // Moving everything far may not fit; if it does not, nothing is lost either.
    for (const o of stored) { o.x = 1000 - o.x; o.width *= 8; }
    try { tree.refresh(); } catch (e) { expect(e.message).toMatch(/^Quadtree\.refresh: .*out of memory/); }
    expectIntact(tree, stored);
    try { tree.pairs(); } catch (e) { expect(e.message).toMatch(/^Quadtree\.pairs: .*out of memory/); }
    expectIntact(tree, stored);
    tree.dispose();
  });

  it('an array insert names every object it did not store', () => {
    const tree = new Quadtree(WORLD, 10, 6);
    const next = scene(2);
    const batch = Array.from({ length: 400_000 }, next);
    let error;
    try {
      tree.insert(batch);
      tree.getAllObjects();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toMatch(OUT_OF_MEMORY);
    const lost = new Set(error.notInserted);
    expect(lost.size).toBeGreaterThan(0);
    expectIntact(tree, batch.filter((o) => !lost.has(o)));
    tree.dispose();
  });

  it('LinearQuadtree and setRects: refused calls change nothing, and freed room is reused', () => {
    const tree = new LinearQuadtree(WORLD, { depth: 7 });
    const { offered, error } = fill(tree, scene(3));
    expect(error.message).toMatch(OUT_OF_MEMORY);
    const lost = new Set(error.notInserted);
    const stored = offered.filter((o) => !lost.has(o));
    expectIntact(tree, stored);
    tree.dispose();

    // Disposing gave the memory back: the same number of objects fits again.
    const again = new LinearQuadtree(WORLD, { depth: 7 });
    again.insert(stored);
    expectIntact(again, stored);
    again.dispose();

    const ids = new Quadtree(WORLD);
    ids.setRects(new Float64Array([1, 1, 5, 5, 3, 3, 5, 5]));
    expect(() => ids.setRects(new Float64Array(4 * 2_000_000))).toThrow(OUT_OF_MEMORY);
    expect(ids.search(EVERYWHERE).sort()).toEqual([0, 1]);
    expect(ids.validate()).toBe(true);
    ids.dispose();
  });

  // The staging buffer is the module's: when tree b stages, tree a's staged inserts are applied
  // first. If some of them do not fit, b's insert goes on, and a's next call throws a's error.
  it.each([
    ['search', (a) => a.search(EVERYWHERE), false],
    ['insert', (a, pending) => a.insert(pending), true],
  ])('inserts applied for another tree that do not fit are named by their own tree\'s next call (%s)', (method, call, named) => {
    const a = new Quadtree(WORLD, 1, 8), b = new Quadtree(WORLD, 10, 6), filler = new Quadtree(WORLD, 10, 6);
    fill(filler, scene(4)); // the memory is full
    const next = scene(5);
    const batch = Array.from({ length: 1000 }, () => {
      const o = next(); // large rects in a deep tree: many leaves each
      o.width *= 15;
      o.height *= 15;
      return o;
    });
    const first = { x: 5, y: 5, width: 3, height: 3 };
    a.insert(batch); // staged: nothing native yet
    a.getIndex(first); // a call beyond insert and retrieve: a's native tree stays a's (js/src/main/seed.js)
    b.insert(first); // applies a's inserts first: some do not fit, and that is not b's error
    filler.dispose(); // room again
    expect(b.search(EVERYWHERE)).toEqual([first]);
    const pending = { x: 1, y: 1, width: 1, height: 1 };
    let error;
    try {
      call(a, pending);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toMatch(new RegExp(`^Quadtree\\.${method}: `));
    expect(error.message).toMatch(OUT_OF_MEMORY);
    const lost = named ? error.notInserted.slice(0, -1) : error.notInserted;
    if (named) expect(error.notInserted[error.notInserted.length - 1]).toBe(pending);
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.length).toBeLessThan(batch.length);
    expect(lost).toEqual(batch.slice(batch.length - lost.length)); // the tail of a's batch, in order
    const stored = batch.slice(0, batch.length - lost.length);
    expectIntact(a, stored); // once thrown, the error is gone: a works on
    expect(b.search(EVERYWHERE)).toEqual([first]);
    a.dispose();
    b.dispose();
  });

  it('a tree too big for the memory left is refused at construction', () => {
    expect(() => new LinearQuadtree(WORLD, { depth: 12 })).toThrow(/^LinearQuadtree constructor: out of memory/);
    const small = new Quadtree(WORLD);
    small.insert({ x: 1, y: 1, width: 2, height: 2 });
    expect(small.retrieve({ x: 0, y: 0, width: 4, height: 4 }).length).toBe(1);
    small.dispose();
  });
});
