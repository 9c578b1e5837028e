// What the facade reads from a tree and keeps (the Session's leafLists, answers and leaf-grid
// fields) holds for one version of the tree.
import { i32, views } from '../wasm/native.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * Brings the caches read from the tree up to date: the tree's version (cpp/base/version.h) moves on
 * with every change, so they are dropped when it did (nothing has to tell them). Also re-reads
 * the views.
 * @param {Session} s
 */
export function current(s) {
  views();
  const version = i32[s.versionAt];
  if (version !== s.seen) {
    s.seen = version;
    if (s.leafLists.length) s.leafLists = [];
    if (s.answers.length) s.answers = [];
    s.grid = 0;
  }
}
