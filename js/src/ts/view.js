// The inside of a native quadtree-ts root as a program reads it (to draw it, mostly): the
// package's node objects, made from the native tree when read and kept while they stand for
// the same nodes. Each node is an instance of the root's class with the package's own keys in
// order; its `bounds`, `maxObjects`, `minLevels`, `maxLevels` and `level` are data, its `objects`
// and `nodes` (the root's too) accessors that bring the view up to date with the tree first.
// So a node read before a change shows the change, as the package's would, and a node that the
// change dropped (join(), clear()) shows what the package leaves in one: empty lists. A list is
// a new array when its contents changed (the package's may be the same array, changed in place:
// a program that keeps a list across a change sees it as it was).
//
// A program may change what it read, or call a node's methods: the next call on the root first
// checks the view (untouched()) when any of it was read since the last check, and if anything
// differs from what the native tree holds, the view becomes the tree, in JavaScript.
import { I32, LIST_HEADER, LIST_LENGTH, NO_MEMORY, WALK_HEIGHT, WALK_LEAF, WALK_LEVEL, WALK_ROW, WALK_TAG, WALK_WIDTH, WALK_X, WALK_Y } from '../wasm/abi.js';
import { native, f64, i32, views } from '../wasm/native.js';
import { noMemory } from '../common/validate.js';

/**
 * A node's lists while it stands for a native tree's node (the root's too).
 * @typedef {{ root: any, objects: any[], nodes: any[] }} Inside
 */
/**
 * What a native root showed last, by node in walk order (the root first).
 * @typedef {{ version: number, checked: boolean, order: any[], insides: Inside[], byBirth: Map<number, any>,
 *   parent: Int32Array, numbers: Float64Array, lengths: Int32Array, refs: any[] }} View
 */
/**
 * The native side a view is made from (native-tree.js's TsSession). A young root's (handle 0
 * once taken back for another root: regrow() makes it again) ages when its view is handed out.
 * @typedef {{ handle: number, r32: number, versionAt: number, registry: any, view: View | null, answers: any[][],
 *   own: Record<string, Function>, maxObjects: number, minLevels: number, maxLevels: number,
 *   young: { age(): void } | null, regrow(root: any): void }} Source
 */

/** node -> its lists, while it stands for a native node @type {WeakMap<object, Inside>} */
const insides = new WeakMap();

/** root -> its native side, while it has one (native-tree.js makes them) @type {WeakMap<object, Source>} */
export const sessions = new WeakMap();

/** The native side of `root`, if it has one, with its native tree. @param {any} root */
function sideOf(root) {
  const s = sessions.get(root);
  if (s !== undefined && s.handle === 0) s.regrow(root);
  return s;
}
/** root in JavaScript -> the native side it had, emptied, for native-tree.js's rearm() @type {WeakMap<object, Source>} */
export const dormant = new WeakMap();

/** Whether node `t` dispatches to its class's own methods `own`. @param {any} t @param {Record<string, Function>} own */
export function intact(t, own) {
  return t.insert === own.insert && t.retrieve === own.retrieve && t.remove === own.remove && t.update === own.update &&
    t.join === own.join && t.clear === own.clear && t.split === own.split && t.getIndex === own.getIndex;
}

/**
 * Makes the tree JavaScript nodes for good, as the package holds it now (the nodes the program
 * read are kept, with what it changed in them); then empties the native tree, kept for rearm().
 * @param {any} tree
 */
export function materialize(tree) {
  const s = sideOf(tree);
  if (s === undefined) return;
  s.young?.age();
  release(tree, s);
  sessions.delete(tree);
  // Kept, emptied, for rearm() (freed with the tree by the finalizer).
  native.clear(s.handle);
  s.registry = /** @type {any} */ (null);
  s.answers.length = 0;
  dormant.set(tree, s);
}

/** @param {any} o @param {string} key @param {any} value */
const data = (o, key, value) => Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });

/** @param {'objects' | 'nodes'} key @returns {PropertyDescriptor} */
const accessor = (key) => ({
  configurable: true,
  enumerable: true,
  /** @this {any} */
  get() {
    const r = insides.get(this);
    const root = r === undefined ? this : r.root; // (a root read for the first time has none yet)
    const s = sideOf(root);
    if (s !== undefined && current(root, s) !== undefined) {
      const now = insides.get(this);
      if (now !== undefined) return now[key];
    }
    // The node is data now: its tree went JavaScript, or the view dropped it.
    return /** @type {PropertyDescriptor} */ (Object.getOwnPropertyDescriptor(this, key)).value;
  },
  /** @this {any} @param {any} value */
  set(value) {
    const r = insides.get(this);
    if (r !== undefined) materialize(r.root);
    else if (sessions.get(this) !== undefined) materialize(this);
    data(this, key, value);
  },
});
const OBJECTS = accessor('objects');
const NODES = accessor('nodes');

/** A native root's `objects` and `nodes` become the view's accessors, in the places of the data
 * properties they stand for (so the own keys keep their order). @param {any} root */
export function defineInside(root) {
  Object.defineProperty(root, 'objects', OBJECTS);
  Object.defineProperty(root, 'nodes', NODES);
}

/**
 * The root's view, up to date with its tree and handed out (the next call checks it); undefined
 * when the program had changed it since the last check (the root is JavaScript now).
 * @param {any} root @param {Source} s
 */
function current(root, s) {
  s.young?.age();
  views();
  let v = s.view;
  if (v === null || v.version !== i32[s.versionAt]) {
    v = s.view = build(root, s, v);
  } else if (v.checked && !untouched(root, s, v)) {
    materialize(root);
    return undefined;
  }
  v.checked = false;
  return v;
}

/**
 * Whether a call on the root may run natively as far as its view goes: nothing read since the
 * last check, or all of it as the native tree holds it.
 * @param {any} root @param {Source} s
 */
export function settled(root, s) {
  const v = s.view;
  return v === null || v.checked || (v.checked = untouched(root, s, v));
}

/**
 * The view made from the native tree now: nodes that stand for the same native nodes as in
 * `old` (the same split made them) are the same objects, with lists kept where their contents
 * are; nodes of `old` that the tree dropped get the package's empty lists and leave the view.
 * `plain`: the nodes of a tree that goes JavaScript with no view handed out, made as data (the
 * package's nodes exactly, and much cheaper to make than accessors), and no records kept.
 * @param {any} root @param {Source} s @param {View | null} old @param {boolean} [plain] @returns {View}
 */
function build(root, s, old, plain = false) {
  const count = native.nodeWalk(s.handle);
  const size = native.tsLists(s.handle);
  if (count === NO_MEMORY || size === NO_MEMORY) throw noMemory('Quadtree', 'its nodes could not be read');
  views();
  const walk = i32[s.r32 + I32.walk] >> 3, objects = s.registry.objects;
  const proto = Object.getPrototypeOf(root);
  /** @type {View} */
  const v = {
    version: i32[s.versionAt], checked: false, order: new Array(count), insides: new Array(count), byBirth: new Map(),
    parent: new Int32Array(count), numbers: new Float64Array(5 * count), lengths: new Int32Array(count), refs: [],
  };
  const stack = []; // nodes whose children are still to come
  /** @type {any[][]} */
  const kids = new Array(count);
  let at = i32[s.r32 + I32.results] >> 2;
  for (let n = 0; n < count; n++) {
    const row = walk + WALK_ROW * n, birth = f64[row + WALK_TAG];
    let node = n === 0 ? root : old?.byBirth.get(birth);
    if (node === undefined) {
      node = Object.create(proto);
      node.bounds = { x: f64[row + WALK_X], y: f64[row + WALK_Y], width: f64[row + WALK_WIDTH], height: f64[row + WALK_HEIGHT] };
      node.maxObjects = s.maxObjects;
      node.minLevels = s.minLevels;
      node.maxLevels = s.maxLevels;
      node.level = f64[row + WALK_LEVEL];
      if (plain) {
        node.objects = null; // (both set below: here for the package's order of the keys)
        node.nodes = null;
      } else {
        Object.defineProperty(node, 'objects', OBJECTS);
        Object.defineProperty(node, 'nodes', NODES);
      }
    }
    v.order[n] = node;
    v.byBirth.set(birth, node);
    let r = plain ? undefined : insides.get(node);
    if (r === undefined) {
      r = { root, objects: [], nodes: [] };
      if (!plain) insides.set(node, r);
    }
    v.insides[n] = r;
    const length = v.lengths[n] = i32[at + LIST_LENGTH];
    at += LIST_HEADER;
    let same = r.objects.length === length;
    for (let k = 0; k < length && same; k++) same = r.objects[k] === objects[i32[at + k]];
    if (!same) {
      r.objects = new Array(length);
      for (let k = 0; k < length; k++) r.objects[k] = objects[i32[at + k]];
    }
    if (!plain) { // (what untouched() compares, of a view handed out)
      for (let k = 0; k < length; k++) v.refs.push(r.objects[k]);
      const q = 5 * n; // (level, x, y, width, height: what untouched() reads)
      v.numbers[q] = f64[row + WALK_LEVEL];
      v.numbers[q + 1] = f64[row + WALK_X];
      v.numbers[q + 2] = f64[row + WALK_Y];
      v.numbers[q + 3] = f64[row + WALK_WIDTH];
      v.numbers[q + 4] = f64[row + WALK_HEIGHT];
    }
    at += length;
    kids[n] = [];
    if (n > 0) {
      const p = stack[stack.length - 1];
      v.parent[n] = 4 * p + kids[p].length; // (its parent and its place there)
      kids[p].push(node);
      while (stack.length && kids[stack[stack.length - 1]].length === 4) stack.pop();
    }
    if (f64[row + WALK_LEAF] === 0) stack.push(n); // not a leaf: its four children follow
  }
  for (let n = 0; n < count; n++) {
    const r = v.insides[n], k = kids[n];
    if (r.nodes.length !== k.length || r.nodes.some((c, i) => c !== k[i])) r.nodes = k;
    if (plain && n > 0) {
      v.order[n].objects = r.objects;
      v.order[n].nodes = r.nodes;
    }
  }
  if (old !== null) {
    for (const [birth, node] of old.byBirth) {
      if (v.byBirth.get(birth) === node) continue;
      insides.delete(node);
      data(node, 'objects', []);
      data(node, 'nodes', []);
    }
  }
  return v;
}

// The own keys of a node the package made.
const NODE_KEYS = 7;

/**
 * Whether the program left the view as build() made it: every node with its own fields, class
 * and methods, every list and child array with its elements.
 * @param {any} root @param {Source} s @param {View} v
 */
function untouched(root, s, v) {
  const { order, insides: rs, parent, numbers, lengths, refs } = v;
  const proto = Object.getPrototypeOf(root);
  let at = 0;
  for (let n = 0; n < order.length; n++) {
    const r = rs[n], list = r.objects;
    if (n > 0) {
      const node = order[n], b = node.bounds, q = 5 * n;
      if (Object.getPrototypeOf(node) !== proto || rs[parent[n] >> 2].nodes[parent[n] & 3] !== node) return false;
      if (typeof b !== 'object' || b === null || !Object.is(node.level, numbers[q]) || !Object.is(b.x, numbers[q + 1]) ||
        !Object.is(b.y, numbers[q + 2]) || !Object.is(b.width, numbers[q + 3]) || !Object.is(b.height, numbers[q + 4]) ||
        !Object.is(node.maxObjects, s.maxObjects) || !Object.is(node.minLevels, s.minLevels) ||
        !Object.is(node.maxLevels, s.maxLevels) || !intact(node, s.own) || Object.keys(node).length !== NODE_KEYS) return false;
    }
    if (r.nodes.length !== (n + 1 < order.length && parent[n + 1] >> 2 === n ? 4 : 0)) return false;
    if (list.length !== lengths[n]) return false;
    for (let k = 0; k < list.length; k++) if (list[k] !== refs[at++]) return false;
  }
  return true;
}

/**
 * Ends the view of a root that goes JavaScript, brought up to date (the program's changes to it
 * kept): its nodes' lists, and the root's, become data properties where the accessors were (the
 * own keys keep their order).
 * @param {any} root @param {Source} s
 */
export function release(root, s) {
  views();
  const old = s.view, plain = old === null; // (nothing handed out: plain nodes, made as data)
  const v = old === null ? build(root, s, null, true) : old.version === i32[s.versionAt] ? old : build(root, s, old);
  s.view = null;
  if (!plain) {
    for (let n = 0; n < v.order.length; n++) {
      const node = v.order[n], r = v.insides[n];
      insides.delete(node);
      if (n > 0) {
        data(node, 'objects', r.objects);
        data(node, 'nodes', r.nodes);
      }
    }
  }
  data(root, 'objects', v.insides[0].objects);
  data(root, 'nodes', v.insides[0].nodes);
}
