// Run by tests/api/finalization.test.mjs as `node --expose-gc`: a young tree (js/src/common/young.js)
// that the program drops is held only until the next tree of its kind takes its native tree back;
// then it is collected. In each family: a young tree dropped, then three trees, each aged at once
// by a remove() (so the next one's native tree comes from the core's kept trees), which answer
// with their own objects. Prints a JSON line with what they answered and what was collected.
const main = await import('../../dist/quadtree.mjs');
const ts = await import('../../dist/quadtree-ts.mjs');

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10)); // finalizers run between tasks
  }
};
const place = (i, tag) => ({ x: (i * 37) % 95, y: (i * 53) % 95, width: 4, height: 4, data: tag });
const FAMILIES = {
  main: {
    fill(tag, n) {
      const tree = new main.Quadtree({ x: 0, y: 0, width: 100, height: 100 }, 2);
      for (let i = 0; i < n; i++) tree.insert(place(i, tag));
      return tree;
    },
    age: (tree) => tree.remove({}),
    all: (tree) => tree.retrieve({ x: 0, y: 0, width: 100, height: 100 }),
  },
  ts: {
    fill(tag, n) {
      const tree = new ts.Quadtree({ width: 100, height: 100, maxObjects: 2 });
      for (let i = 0; i < n; i++) tree.insert(new ts.Rectangle(place(i, tag)));
      return tree;
    },
    age: (tree) => tree.remove(new ts.Rectangle({ x: 1, y: 1, width: 1, height: 1 })),
    all: (tree) => tree.retrieve(new ts.Rectangle({ x: 0, y: 0, width: 100, height: 100 })),
  },
};
const answers = {}, collected = {};
const watch = new FinalizationRegistry((name) => { collected[name] = true; });
for (const [name, f] of Object.entries(FAMILIES)) {
  (() => {
    const tree = f.fill('dropped', 30);
    f.all(tree); // (read: still young)
    watch.register(tree, name);
  })(); // young, then unreachable
  await settle();
  const trees = ['b', 'c', 'd'].map((tag, k) => {
    const tree = f.fill(tag, 10 + k); // (the first takes the dropped tree's native tree back)
    f.age(tree);
    return tree;
  });
  await settle();
  answers[name] = trees.map((t) => f.all(t).map((o) => o.data));
}
console.log(JSON.stringify({ answers, collected }));
