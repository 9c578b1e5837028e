// The tree's ids as the caller's objects: a query's results mapped through the registry, and an
// id forgotten once the native tree no longer holds it.
import { I32 } from '../wasm/abi.js';
import { native, i32, views } from '../wasm/native.js';

/** @typedef {import('../main/session.js').Session} Session */

/**
 * The ids of the last query as the caller's objects, appended to `out` (a new array if null).
 * `s`: a session (of any tree kind: its registry and its Reply's index).
 * @param {{ registry: { objects: any[] }, r32: number }} s @param {number} count @param {any[] | null} out
 */
export function collect(s, count, out) {
  views();
  const objects = s.registry.objects, at = i32[s.r32 + I32.results] >> 2;
  let base = 0;
  if (out === null) out = new Array(count);
  else base = out.length;
  for (let i = 0; i < count; i++) out[base + i] = objects[i32[at + i]];
  return out;
}

/**
 * After an insert that did not fit: forgets `id` unless an earlier insert of it went in.
 * @param {Session} s @param {number} id
 */
export function dropIfAbsent(s, id) {
  if (s.registry.inserted[id] === s.registry.frame && !native.contains(s.handle, id)) {
    s.registry.drop(id);
  }
}
