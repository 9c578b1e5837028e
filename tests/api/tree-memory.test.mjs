// What a small tree costs in WebAssembly memory: a tree's native storage starts small and grows
// with its objects (the staging buffer for inserts is the module's, not each tree's), and the
// storage of disposed trees serves the next ones. Measured as the growth of the module's memory
// over thousands of trees, each phase on a fresh instance of the module.
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { DIST_ENTRIES } from '../support/dist.mjs';

const entry = DIST_ENTRIES.find((e) => e.name === 'quadtree.mjs');
const N = 3000;
const BOUNDS = { x: 0, y: 0, width: 100, height: 100 };

/** A fresh instance of the module and a function that tells its memory's size in bytes. */
async function fresh(tag) {
  let memory = null;
  const RealInstance = WebAssembly.Instance;
  WebAssembly.Instance = function Instance(module, imports) {
    const instance = new RealInstance(module, imports); // only to find the memory
    for (const v of Object.values(instance.exports)) if (v instanceof WebAssembly.Memory) memory = v;
    return instance;
  };
  try {
    const lib = await import(`${pathToFileURL(entry.path).href}?${tag}`);
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

/** A tree of ten small objects, used once. */
function used(tree) {
  for (let k = 0; k < 10; k++) tree.insert({ x: k * 9, y: 50, width: 3, height: 3 });
  tree.retrieve({ x: 1, y: 50, width: 1, height: 1 });
  return tree;
}

describe('memory of small trees', () => {
  it('a Quadtree that has not split takes no WebAssembly memory: filled with ten objects and retrieved, or empty', async () => {
    const { lib, size } = await fresh('unsplit');
    const trees = [];
    expect(perTree(size, (i) => (i % 2 ? used(new lib.Quadtree({ ...BOUNDS })) : new lib.Quadtree({ ...BOUNDS })), trees)).toBe(0);
    // The eleventh object splits the root: from then on the tree has a native tree.
    const grown = perTree(size, (i) => trees[i].insert({ x: 1, y: 1, width: 3, height: 3 }));
    expect(grown).toBeGreaterThan(0);
    for (const t of trees) t.dispose();
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
