// Staged inserts: an insert at a root is written as numbers into the one staging buffer, and
// applied to its tree in one call when the tree is next read (flush), or before another tree
// stages (takeStage).
import { I32, STAGE_CAPACITY } from '../wasm/abi.js';
import { native, f64, i32, views } from '../wasm/native.js';
import { dropIfAbsent } from '../common/objects.js';
import { noMemory } from '../common/validate.js';

/** @typedef {import('./session.js').Session} Session */

// The module's one staging buffer (abi.h's StageBuffer: every tree stages its inserts there), as
// f64 and i32 indexes, read from the first session's Reply; and the session whose inserts it holds
// now (its `staged` count; null when none). Before another tree stages, they are applied to their
// tree. Only a session with inserts staged is held here: a tree dropped then is applied and let go
// when the next tree stages.
let stageRects = 0, stageIds = 0, stageKinds = 0;
/** @type {Session | null} */
let stager = null;

/**
 * Reads where the staging buffer is from the first session's Reply (i32 index `r32`): every
 * Reply gives the same addresses.
 * @param {number} r32
 */
export function findStage(r32) {
  if (stageIds === 0) {
    stageRects = i32[r32 + I32.stageRects] >> 3;
    stageIds = i32[r32 + I32.stageIds] >> 2;
    stageKinds = i32[r32 + I32.stageKinds] >> 2;
  }
}

/**
 * Stages an insert of `obj` with shape r (readRect()'s four numbers and kind) at the root.
 * @param {Session} s @param {any} obj @param {number[]} r
 */
export function stage(s, obj, r) {
  if (s.staged === STAGE_CAPACITY) flush(s, obj);
  if (stager !== s) takeStage(s, obj);
  views();
  const k = s.staged++, at = stageRects + 4 * k;
  f64[at] = r[0]; f64[at + 1] = r[1]; f64[at + 2] = r[2]; f64[at + 3] = r[3];
  i32[stageIds + k] = s.registry.next(obj);
  i32[stageKinds + k] = r[4];
}

/**
 * Applies the staged inserts. `pending`: an object about to be staged (named in the error too).
 * @param {Session} s @param {any} [pending]
 */
export function flush(s, pending) {
  if (s.staged > 0) {
    const n = s.staged;
    s.staged = 0;
    stager = null;
    const done = native.flush(s.handle, n);
    if (done < n) throw notStored(s, unstored(s, done, n), pending);
    // The tree is read: what the last clear left (for the ids of a frame that inserts the same
    // objects again) and did not come back is let go. (Not when the buffer is full mid-insert.)
    if (pending === undefined) s.registry.forgetStale();
  } else if (s.lost !== null) {
    const lost = s.lost;
    s.lost = null;
    throw notStored(s, lost, pending);
  }
}

/**
 * Forgets what `s` has staged (clear(), dispose()), and an error its next call would throw.
 * @param {Session} s
 */
export function unstage(s) {
  s.staged = 0;
  s.lost = null;
  if (stager === s) stager = null;
}

/**
 * Makes `s` the stager: the inserts another tree staged are applied to it first. If some of them
 * did not fit, that tree's next call says so (the caller here is another tree).
 * @param {Session} s @param {any} pending the object `s` is about to stage
 */
function takeStage(s, pending) {
  if (s.lost !== null) flush(s, pending); // throws what did not fit before
  const other = stager;
  if (other !== null && other.staged > 0) {
    const n = other.staged;
    other.staged = 0;
    const done = native.flush(other.handle, n);
    if (done < n) other.lost = unstored(other, done, n);
  }
  stager = s;
}

/**
 * The staged inserts from `from` on did not fit: they are not in the tree. Returns which objects
 * they were (read from the staging buffer, which still holds them).
 * @param {Session} s @param {number} from @param {number} n
 */
function unstored(s, from, n) {
  views();
  if (s.young !== null) s.young.age(); // (its copy would put them back)
  const lost = [], reg = s.registry;
  // All named before any is forgotten: an object staged twice is then named both times.
  for (let k = from; k < n; k++) lost.push(reg.objects[i32[stageIds + k]]);
  for (let k = from; k < n; k++) dropIfAbsent(s, i32[stageIds + k]);
  return lost;
}

/**
 * The error for inserts that did not fit: `lost`, then `pending` (never staged).
 * @param {Session} s @param {any[]} lost @param {any} pending
 */
function notStored(s, lost, pending) {
  if (pending !== undefined) lost.push(pending);
  const e = noMemory(s.where, 'the last ' + lost.length + ' objects given to insert() were not stored ' +
    '(error.notInserted lists them); everything inserted before them is in the tree');
  e.notInserted = lost;
  return e;
}
