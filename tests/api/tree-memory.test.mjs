// What a small tree costs in WebAssembly memory: a tree's native storage starts small and grows
// with its objects (the staging buffer for inserts is the module's, not each tree's), and the
// storage of disposed trees serves the next ones. Measured as the growth of the module's memory
// over thousands of trees, each phase on a fresh instance of the module.
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { DIST_ENTRIES, TS_ENTRIES } from '../support/dist.mjs';

const entry = DIST_ENTRIES.find((e) => e.name === 'quadtree.mjs');
const tsEntry = TS_ENTRIES.find((e) => e.name === 'quadtree-ts.mjs');
const plusEntry = TS_ENTRIES.find((e) => e.name === 'quadtree-ts-plus.mjs');
const N = 3000;
const BOUNDS = { x: 0, y: 0, width: 100, height: 100 };

/** A fresh instance of the module and a function that tells its memory's size in bytes. */
async function fresh(tag, path = entry.path) {
  let memory = null;
  const RealInstance = WebAssembly.Instance;
  WebAssembly.Instance = function Instance(module, imports) {
    const instance = new RealInstance(module, imports); // only to find the memory
    for (const v of Object.values(instance.exports)) if (v instanceof WebAssembly.Memory) memory = v;
    return instance;
  };
  try {
    const lib = await import(`${pathToFileURL(path).href}?${tag}`);
    if (memory === null) throw new Error('the module exported no memory');
    return { lib, size: () => memory.buffer.byteLength };
  } finally {
    WebAssembly.Instance = RealInstance;
  }
}

/** Bytes of memory growth per tree over N trees made by `make`, kept alive. */
function perTree(size, make, trees = []) {
  const before = size();
  for (let i = 0; i < N; i++) trees.push(make(i));
  return (size() - before) / N;
}

/** The candidates for `rect`: a Quadtree's retrieve(rect), a QuadTree's findObjects([], rect). */
const query = (tree, rect) => (tree.findObjects ? tree.findObjects([], rect) : tree.retrieve(rect));

/** A tree of ten small objects, used once. */
function used(tree) {
  for (let k = 0; k < 10; k++) tree.insert({ x: k * 9, y: 50, width: 3, height: 3 });
  query(tree, { x: 1, y: 50, width: 1, height: 1 });
  return tree;
}

describe('memory of small trees', () => {
  it.each(['Quadtree', 'QuadTree'])('a %s that has not split takes no WebAssembly memory: filled with ten objects and queried, or empty', async (kind) => {
    const { lib, size } = await fresh('unsplit-' + kind);
    const trees = [];
    expect(perTree(size, (i) => (i % 2 ? used(new lib[kind]({ ...BOUNDS })) : new lib[kind]({ ...BOUNDS })), trees)).toBe(0);
    // The eleventh object splits the root: the tree grows a native tree. The tree that grew before
    // it had only inserted and retrieved (it was young, js/src/main/seed.js): its native tree is taken
    // back for this one. So the trees, all still alive, hold the memory of one.
    const grown = perTree(size, (i) => trees[i].insert({ x: 1, y: 1, width: 3, height: 3 }));
    expect(grown).toBeLessThan(64);
    for (const i of [0, 1, N - 2, N - 1]) expect(trees[i].getAllObjects([]).length).toBe(i % 2 ? 11 : 1);
    for (const t of trees) t.dispose();
  });

  it.each(['Quadtree', 'QuadTree'])('a %s per frame, filled, queried and never disposed, in a loop that never yields: the memory stays flat', async (kind) => {
    const { lib, size } = await fresh('per-frame-' + kind);
    const objects = Array.from({ length: 50 }, (_, k) => ({ x: (k * 37) % 97, y: (k * 53) % 97, width: 3, height: 3 }));
    const frame = () => {
      const t = new lib[kind]({ ...BOUNDS });
      for (const o of objects) t.insert(o);
      for (const o of objects) query(t, o);
      return t;
    };
    frame(); // the first native tree
    const kept = []; // (kept alive: taken back all the same)
    expect(perTree(size, frame, kept)).toBe(0);
    for (const t of [kept[0], kept[N >> 1], kept[N - 1]]) {
      expect(new Set(t.getAllObjects([]))).toEqual(new Set(objects));
      t.dispose();
    }
  });

  it('a quadtree-ts tree per frame, filled, queried and never read, in a loop that never yields: the memory stays flat', async () => {
    const { lib, size } = await fresh('per-frame-ts', tsEntry.path);
    const shapes = Array.from({ length: 50 }, (_, k) => new lib.Rectangle({ x: (k * 37) % 97, y: (k * 53) % 97, width: 3, height: 3 }));
    const frame = () => {
      const t = new lib.Quadtree({ width: 100, height: 100 });
      for (const s of shapes) t.insert(s);
      for (const s of shapes) t.retrieve(s);
      return t;
    };
    frame(); // the first native tree
    const kept = []; // (kept alive: taken back all the same, and grown again from its copy when used)
    expect(perTree(size, frame, kept)).toBe(0);
    for (const t of [kept[0], kept[N >> 1]]) expect(new Set(t.join())).toEqual(new Set(shapes));
  });

  it('quadtree-ts-plus trees per frame with the exact calls, native and in JavaScript (each call indexes its objects anew): the memory stays flat', async () => {
    const { lib, size } = await fresh('per-frame-ts-plus', plusEntry.path);
    const shapes = Array.from({ length: 50 }, (_, k) => new lib.Circle({ x: (k * 37) % 97, y: (k * 53) % 97, r: 3 }));
    const Js = class extends lib.Quadtree {};
    const frame = (i) => {
      const t = new (i % 2 ? Js : lib.Quadtree)({ width: 100, height: 100 });
      for (const s of shapes) t.insert(s);
      t.search(shapes[i % 50]);
      t.nearest(50, 50, 3);
      t.raycast(0, 50, 1, 0);
      return t.pairs().count;
    };
    const count = frame(0);
    frame(1); // (the first of each kind: the module's buffers grown)
    expect(perTree(size, frame)).toBe(0);
    expect(frame(1)).toBe(count);
  });

  it.each([
    ['an empty Quadtree', (lib) => new lib.Quadtree({ ...BOUNDS }), 4096],
    ['an empty QuadTree', (lib) => new lib.QuadTree({ ...BOUNDS }), 4096],
    ['a Quadtree of 10 objects', (lib) => used(new lib.Quadtree({ ...BOUNDS })), 8192],
    ['a QuadTree of 10 objects', (lib) => used(new lib.QuadTree({ ...BOUNDS })), 8192],
  ])('%s takes a few KB of memory', async (name, make, bound) => {
    const { lib, size } = await fresh(name.replace(/ /g, '-'));
    const trees = [];
    const bytes = perTree(size, () => make(lib), trees);
    expect(bytes, `${name}: ${bytes.toFixed(0)} bytes of memory per tree`).toBeLessThan(bound);
    // Disposed, their storage serves as many new trees: the memory does not grow.
    for (const t of trees) t.dispose();
    const again = [];
    expect(perTree(size, () => make(lib), again)).toBe(0);
    for (const t of again) t.dispose();
  });
});
