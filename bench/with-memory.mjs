// Loads a build of the library with its WebAssembly memory in reach, for the scripts that measure
// it (soak.mjs, studies/abandoned.mjs): WebAssembly.Instance is wrapped while the module loads, so nothing
// is added to the library. Resolves to { lib, memory } (memory: the module's WebAssembly.Memory).
export async function loadWithMemory(url = new URL('../dist/quadtree.mjs', import.meta.url).href) {
  let memory = null;
  const RealInstance = WebAssembly.Instance;
  WebAssembly.Instance = function Instance(module, imports) {
    const instance = new RealInstance(module, imports);
    for (const v of Object.values(instance.exports)) if (v instanceof WebAssembly.Memory) memory = v;
    return instance;
  };
  try {
    const lib = await import(url);
    return { lib, memory };
  } finally {
    WebAssembly.Instance = RealInstance;
  }
}
