// The quadtree-ts-plus entry's exact calls (search, collides, pairs, forEachPair, nearest,
// raycast) on every plus file, against the brute-force answers of tests/support/shape-scenes.mjs:
// the same seeded scenes the main entry's trees replay, played the quadtree-ts way (insert,
// move then update, remove), on a root running natively, on a root in JavaScript (a subclass, and
// a native root a program turned JavaScript) and on the nodes below a root; objects no shape can
// be made of; bad arguments. That the plus Quadtree is the drop-in exactly, the quadtree-ts
// differential suite shows (its entries include these files).
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadTsEntries } from '../support/dist.mjs';
import { overlapExact, distanceApprox } from '../support/shape-oracle.mjs';
import { RECT, CIRCLE, check, close, describeObject, fieldsOf, makeObject, SCENES, truthOf, checkState, queryShape } from '../support/shape-scenes.mjs';

const LIBS = (await loadTsEntries()).filter((l) => l.entry.plus);
let lib;

// A quadtree-ts tree places an object by its qtIndex: a rect is a Rectangle, or borrows its qtIndex.
const tsObject = (d, style) => (d.kind === RECT && style === 0 ? new lib.Rectangle(fieldsOf(d)) : makeObject(lib, d, style));

/** Turns `o` into `d` in place; a change of kind gives it the new kind's qtIndex. */
function reshape(o, from, d) {
  Object.assign(o, fieldsOf(d));
  if (from.kind === d.kind) return;
  o.qtIndex = (d.kind === RECT ? lib.Rectangle : d.kind === CIRCLE ? lib.Circle : lib.Line).prototype.qtIndex;
}

/** Whether a root runs natively (its lists are the view's accessors, docs/QUADTREE-TS.md). */
const isNative = (tree) => typeof Object.getOwnPropertyDescriptor(tree, 'objects').get === 'function';

/** The distinct objects of a node's subtree. */
function subtreeObjects(node, into = new Set()) {
  for (const o of node.objects) into.add(o);
  for (const child of node.nodes) subtreeObjects(child, into);
  return into;
}

const ROOTS = {
  'a native root (maxObjects 4, maxLevels 6)': { make: (b) => new lib.Quadtree({ ...b, maxObjects: 4, maxLevels: 6 }), native: true },
  'a native root (the defaults)': { make: (b) => new lib.Quadtree(b), native: true },
  'a root in JavaScript (a subclass)': { make: (b) => new (class Sub extends lib.Quadtree {})({ ...b, maxObjects: 4, maxLevels: 6 }), native: false },
  'a native root the program turned JavaScript': { make: (b) => new lib.Quadtree({ ...b, maxObjects: 4, maxLevels: 6 }), native: false, turn: true },
};

/**
 * The exact calls of each node below the root against the state's answers for its own objects:
 * search and collides with the state's queries, pairs, the nearest object to each point.
 */
function checkNodes(tree, t, index, label) {
  const nodes = [];
  const walk = (n) => n.nodes.forEach((c) => { nodes.push(c); walk(c); });
  walk(tree);
  for (const node of nodes.slice(0, 6)) {
    const own = new Set([...subtreeObjects(node)].map(index)), what = `${label}, node at level ${node.level}`;
    for (const q of t.queries.slice(0, 6)) {
      const got = node.search(queryShape(lib, q.desc, 0)).map(index).sort((a, b) => a - b);
      const want = [...q.hits].filter((i) => own.has(i)).sort((a, b) => a - b);
      check(JSON.stringify(got) === JSON.stringify(want), () => `${what}: search gave [${got}], want [${want}]`);
      check(node.collides(queryShape(lib, q.desc, 1)) === want.length > 0, `${what}: collides`);
    }
    const pairs = [];
    node.forEachPair((a, b) => pairs.push([index(a), index(b)].sort((x, y) => x - y).join(',')));
    const want = [...t.pairs].filter((p) => p.split(',').every((i) => own.has(+i)));
    check(pairs.length === want.length && want.every((p) => pairs.includes(p)), () => `${what}: pairs [${pairs}] want [${want}]`);
    for (const p of t.points) {
      const got = node.nearest(p.x, p.y);
      const best = p.dists.find(([i]) => own.has(i));
      check(got.length === (best ? 1 : 0), `${what}: nearest(${p.x}, ${p.y}) gave ${got.length} objects`);
      if (best) check(close(p.distance.get(index(got[0])), best[1]), `${what}: nearest(${p.x}, ${p.y}) is not the nearest`);
    }
  }
}

/**
 * The answers of state `t` for the objects the tree holds (`held`: scene indexes): an object the
 * package's rules place in no node (a zero-size rect on a midline, a shape past the bounds) is
 * not in the tree, for the exact calls either.
 */
function heldTruth(t, held) {
  const keep = (i) => held.has(i);
  return {
    ...t,
    live: t.live.filter(keep),
    pairs: new Set([...t.pairs].filter((p) => p.split(',').every((i) => keep(+i)))),
    queries: t.queries.map((q) => ({ ...q, hits: new Set([...q.hits].filter(keep)) })),
    points: t.points.map((p) => {
      const dists = p.dists.filter(([i]) => keep(i));
      return { ...p, dists, distance: new Map(dists) };
    }),
    rays: t.rays.map((r) => ({ ...r, entries: new Map([...r.entries].filter(([i]) => keep(i))) })),
  };
}

/** Plays a scene the quadtree-ts way on a root, checking every state. */
function play(root, scene) {
  const tree = root.make(scene.bounds);
  const objects = [], index = new Map();
  const own = (i, d) => {
    const o = tsObject(d, scene.styles[i]);
    objects[i] = o;
    index.set(o, i);
    return o;
  };
  for (const [i, d] of scene.states[0].entries()) tree.insert(own(i, d));
  if (root.turn) tree.objects = tree.objects.slice(); // (a program's change to the view: the tree goes JavaScript)
  let n = 0;
  const query = (q) => (q.self !== undefined ? objects[q.self] : queryShape(lib, q.desc, n++));
  const verify = (s) => {
    const b = scene.bounds, all = new lib.Rectangle({ x: b.x - 1, y: b.y - 1, width: b.width + 2, height: b.height + 2 });
    const held = new Set(tree.retrieve(all).map((o) => index.get(o))); // (every leaf's objects)
    const full = truthOf(scene, s), t = heldTruth(full, held), label = `${scene.name}, state ${s}`;
    // (most of an extreme scene is far past the bounds, where the package's rules place few)
    expect(held.size, `${label}: the tree holds its objects`).toBeGreaterThan(full.live.length / (scene.mode === 'extreme' ? 4 : 2));
    checkState(tree, t, (o) => index.get(o), query, label);
    expect(isNative(tree), `${label}: the root runs natively`).toBe(root.native);
    if (s === 0 || s === scene.steps.length) checkNodes(tree, t, (o) => index.get(o), label);
  };
  verify(0);
  scene.steps.forEach((step, s) => {
    for (const op of step.ops) {
      if (op.then === 'add') tree.insert(own(op.i, op.to));
      else if (op.then === 'remove') tree.remove(objects[op.i]);
      else {
        reshape(objects[op.i], scene.states[s][op.i], op.to);
        tree.update(objects[op.i]);
      }
    }
    verify(s + 1);
  });
}

describe.each(byName(LIBS))('dist/%s', (file, l) => {
  beforeAll(() => {
    lib = l;
  });

  it('has the exact calls as non-enumerable methods, and `ready`', async () => {
    const proto = lib.Quadtree.prototype;
    for (const name of ['search', 'collides', 'pairs', 'forEachPair', 'nearest', 'raycast']) {
      expect(typeof proto[name], name).toBe('function');
      expect(Object.getOwnPropertyDescriptor(proto, name).enumerable, name).toBe(false);
    }
    const ready = lib.exports.ready ?? lib.Quadtree.ready;
    await expect(ready).resolves.toBeUndefined();
    if (lib.entry.load === 'script') expect(Object.keys(lib.Quadtree)).toEqual(['Rectangle', 'Circle', 'Line']);
  });

  describe.each(Object.keys(ROOTS))('%s', (name) => {
    it.each(SCENES.map((s) => [s.name, s]))('%s: every exact call as brute force says, after updates and removes', (_, scene) => {
      play(ROOTS[name], scene);
    });
  });

  it('sees each object as the tree last read it (insert, update, a split placing it again) on a native root, and as it is now in JavaScript', () => {
    const make = (Tree) => new Tree({ width: 100, height: 100, maxObjects: 2 });
    const native = make(lib.Quadtree), js = make(class extends lib.Quadtree {});
    const a = new lib.Circle({ x: 10, y: 10, r: 2 }), b = new lib.Rectangle({ x: 60, y: 60, width: 5, height: 5 });
    for (const tree of [native, js]) [a, b].forEach((o) => tree.insert(o));
    a.x = 80; a.y = 80; // moved, not updated
    const near = { x: 78, y: 78, width: 4, height: 4 };
    expect(native.search(near)).toEqual([]);
    expect(js.search(near)).toEqual([a]);
    // A split reads every object of the leaf again: a is where it is now.
    native.insert(new lib.Rectangle({ x: 1, y: 90, width: 1, height: 1 }));
    expect(native.search(near)).toEqual([a]);
    a.x = 10; a.y = 10;
    native.update(a);
    expect(native.search(near)).toEqual([]);
    expect(native.nearest(10, 10)).toEqual([a]);
    expect(isNative(native)).toBe(true);
  });

  it('clear(), remove(obj, fast), join() and a tree made again from clear(): the exact calls see what the tree holds', () => {
    const all = { x: -10, y: -10, width: 120, height: 120 };
    for (const Tree of [lib.Quadtree, class extends lib.Quadtree {}]) {
      const tree = new Tree({ width: 100, height: 100, maxObjects: 2, minLevels: 1 });
      const shapes = [0, 1, 2, 3, 4].map((k) => new lib.Circle({ x: 10 + 20 * k, y: 10 + 20 * k, r: 4 }));
      shapes.forEach((o) => tree.insert(o));
      expect(new Set(tree.search(all))).toEqual(new Set(shapes));
      tree.remove(shapes[0], true);
      tree.remove(shapes[4]);
      expect(new Set(tree.search(all))).toEqual(new Set(shapes.slice(1, 4)));
      tree.join();
      expect(tree.nearest(0, 0, Infinity)).toEqual(shapes.slice(1, 4));
      tree.clear();
      expect(tree.search(all)).toEqual([]);
      expect(tree.raycast(0, 0, 1, 1)).toBe(null);
      tree.insert(shapes[2]);
      expect(tree.search(all)).toEqual([shapes[2]]);
      expect(tree.pairs().count).toBe(0);
      if (Tree === lib.Quadtree) expect(isNative(tree)).toBe(true);
    }
  });

  it('an object with a coordinate that is not finite, or a negative radius, meets nothing; a field that is not a number throws in JavaScript', () => {
    for (const Tree of [lib.Quadtree, class extends lib.Quadtree {}]) {
      const tree = new Tree({ width: 100, height: 100 });
      const good = new lib.Circle({ x: 5, y: 5, r: 2 });
      const bad = [new lib.Circle({ x: 5, y: 5, r: NaN }), new lib.Circle({ x: 5, y: 5, r: -1 }), new lib.Line({ x1: 0, y1: 0, x2: Infinity, y2: 5 }),
        new lib.Rectangle({ x: NaN, y: 0, width: 10, height: 10 })];
      for (const o of [good, ...bad]) tree.insert(o);
      expect(tree.retrieve({ ...good, qtIndex: lib.Circle.prototype.qtIndex }).length).toBe(5); // (the package's calls see them all)
      expect(tree.search({ x: 0, y: 0, width: 100, height: 100 })).toEqual([good]);
      expect(tree.pairs().count).toBe(0);
      expect(tree.nearest(50, 50, Infinity)).toEqual([good]);
      expect(tree.raycast(0, 5, 1, 0)).toEqual({ object: good, distance: 3 });
    }
    const js = new (class extends lib.Quadtree {})({ width: 100, height: 100 });
    js.insert({ x: '5', y: 1, width: 1, height: 1, qtIndex: lib.Rectangle.prototype.qtIndex });
    expect(() => js.search({ x: 0, y: 0, width: 9, height: 9 })).toThrow(/^Quadtree\.search: an object of the tree has x the string "5"/);
    // On a native root such an object turns the tree JavaScript at its insert, with the same result.
    const native = new lib.Quadtree({ width: 100, height: 100 });
    native.insert({ x: '5', y: 1, width: 1, height: 1, qtIndex: lib.Rectangle.prototype.qtIndex });
    expect(() => native.pairs()).toThrow(TypeError);
  });

  it('bad arguments throw, naming the call and the argument, and change nothing', () => {
    const tree = new lib.Quadtree({ width: 100, height: 100 });
    const c = new lib.Circle({ x: 5, y: 5, r: 2 });
    tree.insert(c);
    expect(() => tree.search(null)).toThrow(/^Quadtree\.search: shape must be an object/);
    expect(() => tree.collides({ x: 1, y: 1, width: NaN, height: 1 })).toThrow(/^Quadtree\.collides: shape\.width must be a finite number, got NaN/);
    expect(() => tree.search(new lib.Circle({ x: 1, y: 1, r: -2 }))).toThrow(/^Quadtree\.search: shape\.r must not be negative/);
    expect(() => tree.search(new lib.Line({ x1: 1, y1: 1, x2: 'a', y2: 2 }))).toThrow(/^Quadtree\.search: shape\.x2 must be a number/);
    expect(() => tree.nearest(NaN, 0)).toThrow(/^Quadtree\.nearest: x must be a finite number/);
    expect(() => tree.nearest(0, 0, 1.5)).toThrow(/^Quadtree\.nearest: k must be a whole number/);
    expect(() => tree.nearest(0, 0, 1, -1)).toThrow(/^Quadtree\.nearest: maxDistance must be a number >= 0/);
    expect(() => tree.raycast(0, 0, 0, 0)).toThrow(/^Quadtree\.raycast: the direction \(dx, dy\) must not be \(0, 0\)/);
    expect(() => tree.forEachPair(5)).toThrow(/^Quadtree\.forEachPair: callback must be a function/);
    expect(tree.search({ x: 0, y: 0, width: 10, height: 10 })).toEqual([c]);
    expect(isNative(tree)).toBe(true);
  });

  it('forEachPair: a callback that removes and inserts sees every pair found before it ran', () => {
    const tree = new lib.Quadtree({ width: 100, height: 100, maxObjects: 2 });
    const shapes = [0, 1, 2, 3].map((k) => new lib.Circle({ x: 10 + 3 * k, y: 10, r: 2 }));
    shapes.forEach((o) => tree.insert(o));
    const seen = [];
    tree.forEachPair((a, b) => {
      seen.push([shapes.indexOf(a), shapes.indexOf(b)].sort().join(','));
      tree.remove(a);
      tree.insert(new lib.Circle({ x: 50, y: 50, r: 1 }));
    });
    expect(seen.sort()).toEqual(['0,1', '1,2', '2,3']);
  });

  it('an empty tree, a tree of one point, and huge shapes', () => {
    const tree = new lib.Quadtree({ width: 10, height: 10 });
    expect(tree.search({ x: 0, y: 0, width: 10, height: 10 })).toEqual([]);
    expect(tree.nearest(0, 0)).toEqual([]);
    expect(tree.raycast(0, 0, 1, 1)).toBe(null);
    const js = new (class extends lib.Quadtree {})({ width: 10, height: 10 });
    const p = new lib.Circle({ x: 3, y: 3, r: 0 }), huge = new lib.Rectangle({ x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308 });
    for (const t of [tree, js]) {
      t.insert(p);
      expect(t.nearest(0, 0)).toEqual([p]);
      expect(t.search({ x: 2, y: 2, width: 2, height: 2 })).toEqual([p]);
      t.insert(huge);
      expect(t.search(new lib.Line({ x1: 1e300, y1: -1e300, x2: -1e300, y2: -1e300 }))).toEqual([huge]);
      expect(t.pairs().count).toBe(overlapExact({ kind: CIRCLE, x: 3, y: 3, r: 0 }, { kind: RECT, x: -1e308, y: -1e308, w: 1.7e308, h: 1.7e308 }) ? 1 : 0);
      expect(t.nearest(0, 0, 2)).toEqual([huge, p]); // (the huge rect holds the point: 0 away)
      expect(close(t.nearest(0, 0, 1, 100).length && distanceApprox(describeObject(lib, huge), 0, 0), 0)).toBe(true);
    }
  });
});
