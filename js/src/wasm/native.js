// The wasm module and its heap views. The module is compiled synchronously while this file is
// evaluated, so `new Quadtree` works in the very next statement (or script tag). Where a browser
// refuses synchronous compilation on the main thread (Chromium before 114, for modules over
// 4 KB), it is compiled asynchronously instead and `ready` resolves when it can be used.
// Two modules js/scripts/bundle.mjs provides per build: the Emscripten glue, and how to find the
// calls (binding-embind.js or binding-csp.js). The packed wasm itself comes to load() from
// index.js, so that the bundler places it after the code (gzip then finds the facade's repeats
// of the glue's code within its window).
import createNative from 'quadtree-wasm:glue';
import { calls } from 'quadtree-wasm:binding';
import { base64 } from './base64.js';
import { unpack } from './lzma.js';

/**
 * The wasm's calls under their JavaScript names (abi.h's QT_CALLS), or null while it is still
 * being compiled.
 * @type {any}
 */
export let native = null;
/** The heap as doubles and as int32s. Growing memory detaches them: call views() after any call
 * that may allocate, before reading. @type {Float64Array} */
export let f64 = new Float64Array(0);
/** @type {Int32Array} */
export let i32 = new Int32Array(0);
/** The heap as floats: the bulk path's rects (bulk/bulk-rects.js). @type {Float32Array} */
export let f32 = new Float32Array(0);
/** @type {any} */
let heap = null;
/**
 * The compiled module, its instance and its memory: the threaded build's workers instantiate the
 * same module on the same (shared) memory (js/src/bulk/threads.js).
 * @type {{ module: WebAssembly.Module, instance: WebAssembly.Instance, memory: WebAssembly.Memory } | null}
 */
export let compiled = null;

/** Frees the native tree of a tree the program dropped (register the tree, with its handle). */
export const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((/** @type {number} */ handle) => { native.destroy(handle); })
  : null;

/** The Emscripten module itself (its runtime's functions: the threaded build's workers need two). */
export function glue() {
  return heap;
}

/** The heap views now, on shared memory too, whose growth detaches nothing (old views keep their
 * length): for the bulk path, where it is called once a call, not in a hot loop. */
export function freshViews() {
  if (f64.length === 0 || f64.buffer !== heap.HEAPF64.buffer) {
    f64 = heap.HEAPF64;
    i32 = heap.HEAP32;
    f32 = heap.HEAPF32;
  }
}

/** Re-reads the heap views if memory grew since they were read. */
export function views() {
  // Growing memory detaches the old views: their length reads 0. (`length`: V8 reads it inline,
  // where `byteLength` on a view of wasm memory costs about 15 ns more, once per query.)
  if (f64.length === 0) {
    f64 = heap.HEAPF64;
    i32 = heap.HEAP32;
    f32 = heap.HEAPF32;
  }
}

/** @param {any} m the Emscripten module, started */
function adopt(m) {
  native = calls(m);
  heap = m;
  f64 = m.HEAPF64;
  i32 = m.HEAP32;
  f32 = m.HEAPF32;
}

/**
 * Starts the glue around a compiled module; the instance is made synchronously when `sync`.
 * @param {WebAssembly.Module} module
 * @param {boolean} sync
 */
function start(module, sync) {
  return createNative({
    /** @param {WebAssembly.Imports} imports @param {Function} receive */
    instantiateWasm(imports, receive) {
      const memory = /** @type {WebAssembly.Memory} */ (Object.values(imports).flatMap((m) => Object.values(m)).find((v) => v instanceof WebAssembly.Memory));
      const keep = (/** @type {WebAssembly.Instance} */ instance) => { compiled = { module, instance, memory }; return instance; };
      if (sync) {
        const instance = keep(new WebAssembly.Instance(module, imports));
        receive(instance, module);
        return instance.exports;
      }
      // The glue takes its exports from what this returns, before the instance exists: hand it
      // functions that call the instance's once it does.
      /** @type {WebAssembly.Instance} */
      let late;
      WebAssembly.instantiate(module, imports).then((instance) => receive(late = keep(instance), module));
      return new Proxy({}, { get: (_, key) => (/** @type {any[]} */ ...args) => /** @type {any} */ (late.exports)[key](...args) });
    },
  });
}

/**
 * Unpacks (with its decoder, cpp/wasm/unlzma.cpp) and compiles the wasm; resolves when the trees can
 * be constructed: at once, unless compilation had to wait.
 * @param {{ text: string, size: number, lc: number, lp: number, pb: number, decoder: string }} wasm
 */
export function load(wasm) {
  const decoder = base64(wasm.decoder);
  const unpacked = (/** @type {Uint8Array | WebAssembly.Instance} */ d) => unpack(d, wasm.text, wasm.size, wasm.lc, wasm.lp, wasm.pb);
  /** @type {WebAssembly.Module | null} */
  let compiled = null;
  try {
    compiled = new WebAssembly.Module(unpacked(decoder));
  } catch (e) {
    // Chromium before 114 on the main thread: "WebAssembly.Compile is disallowed on the main
    // thread, if the buffer size is larger than 4KB" (the decoder's or the core's). Anything else
    // is a real failure.
    if (!(e instanceof RangeError)) throw e;
  }
  return compiled
    ? Promise.resolve(adopt(start(compiled, true)))
    : WebAssembly.instantiate(/** @type {BufferSource} */ (decoder), {}).then((d) => WebAssembly.compile(/** @type {BufferSource} */ (unpacked(d.instance))))
      .then((module) => start(module, false).ready).then(adopt);
}

/**
 * The calls, or the error that says to wait for `ready`.
 * @param {string} where the class constructing a tree, for the message
 * @param {string} [ready] where its entry's promise is
 */
export function loaded(where, ready = 'Quadtree.ready') {
  if (native === null) {
    throw new Error(where + ': the WebAssembly module is still compiling (this browser does not ' +
      'compile it synchronously on the main thread); await ' + ready + ' first');
  }
  return native;
}
