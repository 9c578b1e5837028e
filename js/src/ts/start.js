// Compiles the WebAssembly module when a quadtree-ts entry loads, at once where the browser
// allows; a tree made before the module is ready (or where WebAssembly cannot run) works in
// JavaScript, with the same results. Imported last by each entry, so that the bundle has the
// packed wasm after the code (see native.js).
import { load } from '../wasm/native.js';
import { wasm } from 'quadtree-wasm:wasm';

/** @returns {Promise<unknown>} */
function start() {
  try {
    return load(wasm);
  } catch (e) {
    return Promise.reject(e); // (no WebAssembly here: every tree runs in JavaScript)
  }
}

/** Resolves when the module is ready (the plus entry's exact calls wait for it); never thrown at
 * a program that does not await it. */
export const ready = start();
ready.catch(() => {});
