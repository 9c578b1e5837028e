// How the facade finds the wasm's calls in the strict-CSP build (no embind): the module exports
// the C functions of abi.h's list that its core has, as `_session` + the name capitalized.
import { CORE } from 'quadtree-wasm:core';
import { CALLS, CORES } from './abi.js';

/** @param {any} m the Emscripten module */
export function calls(m) {
  /** @type {Record<string, Function>} */
  const named = {};
  for (const name of CALLS) {
    const fn = m['_session' + name[0].toUpperCase() + name.slice(1)];
    if (typeof fn === 'function') named[name] = fn;
    else if (CORES[/** @type {keyof CORES} */ (name)].includes(CORE)) {
      throw new Error('quadtree-wasm: the wasm lacks the call ' + name + ' (files from different builds?)');
    }
  }
  return named;
}
