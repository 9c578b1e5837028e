// Run by tests/api/finalization.test.mjs as `node --expose-gc`: a young quadtree-ts root
// (js/src/common/young.js) that the program drops is collected, and its finalizer frees its
// native tree; the next roots must not take that tree back. Each of three roots made afterwards
// answers with its own objects. Prints a JSON line with what they answered.
const { Quadtree, Rectangle } = await import('../../dist/quadtree-ts.mjs');

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10)); // finalizers run between tasks
  }
};
const fill = (tag, n) => {
  const tree = new Quadtree({ width: 100, height: 100, maxObjects: 2 });
  for (let i = 0; i < n; i++) tree.insert(new Rectangle({ x: (i * 37) % 95, y: (i * 53) % 95, width: 4, height: 4, data: tag }));
  return tree;
};
(() => fill('dropped', 30))(); // young, then unreachable
await settle();
// (each one aged at once by a remove(): the next one's native tree comes from the core's kept
// trees, where the dropped root's freed tree went)
const trees = ['b', 'c', 'd'].map((tag, k) => {
  const tree = fill(tag, 10 + k);
  tree.remove(new Rectangle({ x: 1, y: 1, width: 1, height: 1 }));
  return tree;
});
const all = new Rectangle({ x: 0, y: 0, width: 100, height: 100 });
console.log(JSON.stringify({ answers: trees.map((t) => t.retrieve(all).map((o) => o.data)) }));
