// What the native side of a tree holds in both families: the core's handle, its Reply (abi.h) as
// f64 and i32 indexes, where the tree's version is, the leaves' answers read at a version, and the
// object <-> id table. main/session.js's Session and ts/native-tree.js's TsSession extend it with
// what their family keeps.
import { I32 } from '../wasm/abi.js';
import { i32, native, views } from '../wasm/native.js';
import { Named } from './named.js';
import { Registry } from './registry.js';

export class NativeSession extends Named {
  /** @param {string} className @param {number} handle */
  constructor(className, handle) {
    super(className);
    this.handle = this.r64 = this.r32 = this.versionAt = 0;
    this.attach(handle);
    // Read from the tree at version `seen`: answers of queries by the number the family gives
    // them (a main tree: answer_cache.h's; quadtree-ts: the leaf's node index).
    this.seen = -1;
    /** @type {any[][]} */
    this.answers = [];
    this.registry = new Registry();
  }

  /** Its native tree is `handle` (made now): where its Reply is. @param {number} handle */
  attach(handle) {
    this.handle = handle;
    const reply = native.reply(handle);
    views(); // creating the tree may have grown memory
    this.r64 = reply >> 3; // the Reply, as f64 and i32 indexes
    this.r32 = reply >> 2;
    this.versionAt = i32[this.r32 + I32.version] >> 2; // i32 index of the tree's version
  }
}
