// How the facade finds the wasm's calls in the embind build: embind registered them on the module
// under their JavaScript names (cpp/wasm/bindings.cpp, from abi.h's list).
/** @param {any} m the Emscripten module */
export const calls = (m) => m;
