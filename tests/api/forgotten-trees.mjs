// Run by tests/api/finalization.test.mjs as `node --expose-gc`: builds many trees that are never
// disposed and drops them. The garbage collector's FinalizationRegistry must free their native
// memory, so the WebAssembly memory stops growing. Prints a JSON line with what it saw.
let memory = null;
const RealInstance = WebAssembly.Instance;
WebAssembly.Instance = function Instance(module, imports) {
  const instance = new RealInstance(module, imports); // only to read the memory's size
  for (const v of Object.values(instance.exports)) if (v instanceof WebAssembly.Memory) memory = v;
  return instance;
};
const { Quadtree, LinearQuadtree } = await import('../../dist/quadtree.mjs');
WebAssembly.Instance = RealInstance;

const rounds = Number(process.argv[2] || 60);
const objects = Array.from({ length: 20000 }, (_, i) => ({ x: (i * 37) % 2000, y: (i * 91) % 2000, width: 5, height: 5 }));
const sizes = [];
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10)); // finalizers run between tasks
  }
};
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < 4; k++) {
    const tree = round % 2 ? new LinearQuadtree({ x: 0, y: 0, width: 2000, height: 2000 }) : new Quadtree({ x: 0, y: 0, width: 2000, height: 2000 }, 8, 8);
    tree.insert(objects);
    tree.pairs(); // each tree now holds a few MB of native memory; none is disposed
  }
  await settle();
  sizes.push(memory.buffer.byteLength);
}
console.log(JSON.stringify({ sizes }));
