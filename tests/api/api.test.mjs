// The public API, behaviour by behaviour, as quadtree-js users and its demo pages rely on it.
import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import Quadtree, { Quadtree as NamedQuadtree, QuadTree } from '../../dist/quadtree.mjs';
import { RealQuadtree, loadIndependentCopy, walk, nodeAt, distinctObjects } from '../support/reference.mjs';
import { rng } from '../support/prng.mjs';
import { ReferenceQuadTree } from '../support/tutorial-reference.mjs';
import { genObject, snapshot } from '../support/scenes.mjs';

const require = createRequire(import.meta.url);
const BOUNDS = () => ({ x: 0, y: 0, width: 640, height: 480 });
const DISPOSE = Symbol.dispose || Symbol.for('Symbol.dispose');

/** A scene with no rect on a midline, so quadtree-js keeps every object. */
function scene(n, seed = 1, b = BOUNDS()) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const w = r.float(0.5, 40), h = r.float(0.5, 40);
    out.push({ id: i, x: b.x + r.float(0, b.width - w) + 0.125, y: b.y + r.float(0, b.height - h) + 0.125, width: w, height: h });
  }
  return out;
}

function filled(C, objects, ...args) {
  const t = new C(args[0] || BOUNDS(), ...args.slice(1));
  for (const o of objects) t.insert(o);
  return t;
}

const ids = (list) => list.map((o) => o.id);

describe('construction and fields', () => {
  it('field defaults follow quadtree-js: max_objects || 10, max_levels || 4, level || 0', () => {
    const cases = [[], [undefined, undefined, undefined], [0, 0, 0], [NaN, NaN, NaN], [5], [1, 1], [3, 7, 2], [2.5, 3.5, 0.5], [Infinity, 2], [-1, -1]];
    for (const args of cases) {
      const ours = new Quadtree(BOUNDS(), ...args);
      const real = new RealQuadtree(BOUNDS(), ...args);
      expect([ours.max_objects, ours.max_levels, ours.level], JSON.stringify(args)).toEqual([real.max_objects, real.max_levels, real.level]);
      ours.dispose();
    }
    const t = new Quadtree(BOUNDS());
    expect(t.max_objects).toBe(10);
    expect(t.max_levels).toBe(4);
    expect(t.level).toBe(0);
    expect(t.objects).toEqual([]);
    expect(t.nodes).toEqual([]);
    t.dispose();
  });

  it('bounds are kept by reference', () => {
    const b = { x: -10, y: 5.5, width: 100.25, height: 30, label: 'mine' };
    const t = new Quadtree(b);
    expect(t.bounds).toBe(b);
    expect(Object.keys(b)).toEqual(['x', 'y', 'width', 'height', 'label']);
    t.dispose();
  });

  it('subnodes carry quadtree-js\'s bounds, levels and settings', () => {
    const objects = scene(200, 2);
    const ours = filled(Quadtree, objects, { x: -3, y: 7, width: 641, height: 479 }, 3, 5, 1);
    const real = filled(RealQuadtree, objects, { x: -3, y: 7, width: 641, height: 479 }, 3, 5, 1);
    const fields = (t) => {
      const out = [];
      walk(t, (n, path) => out.push([path.join('.'), n.bounds.x, n.bounds.y, n.bounds.width, n.bounds.height, n.level, n.max_objects, n.max_levels, ids(n.objects)]));
      return out;
    };
    expect(fields(ours)).toEqual(fields(real));
    ours.dispose();
  });

  it('the constructor needs new, as a class does', () => {
    expect(() => Quadtree(BOUNDS())).toThrow(TypeError);
  });
});

describe('#insert and #retrieve', () => {
  it('#retrieve returns the very objects inserted, in quadtree-js\'s order', () => {
    const objects = scene(300, 3);
    const ours = filled(Quadtree, objects, BOUNDS(), 4);
    const real = filled(RealQuadtree, objects, BOUNDS(), 4);
    for (const q of scene(50, 4)) {
      const a = ours.retrieve(q), b = real.retrieve(q);
      expect(a.length).toBe(b.length);
      a.forEach((o, i) => expect(o).toBe(b[i]));
    }
    ours.dispose();
  });

  it('#retrieve returns a new array each call', () => {
    const objects = scene(100, 5);
    const t = filled(Quadtree, objects, BOUNDS(), 4);
    const q = { x: 100, y: 100, width: 200, height: 200 };
    const a = t.retrieve(q), b = t.retrieve(q);
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    a.length = 0; // callers keep and mutate results
    a.push('junk');
    expect(t.retrieve(q)).toEqual(b);
    // also from a leaf below the root (quadtree-js hands out its internal list there)
    const leaf = t.nodes[1].nodes.length ? t.nodes[1].nodes[1] : t.nodes[1];
    const c = leaf.retrieve(q), d = leaf.retrieve(q);
    expect(c).not.toBe(d);
    c.push('junk');
    expect(leaf.retrieve(q)).toEqual(d);
    expect(t.objects).not.toBe(t.objects);
    expect(t.validate()).toBe(true);
    t.dispose();
  });

  it('#retrieve hands out copies of the answers it keeps for rects that reach several leaves', () => {
    const objects = scene(300, 6);
    const ours = filled(Quadtree, objects, BOUNDS(), 4);
    const real = filled(RealQuadtree, objects, BOUNDS(), 4);
    // Around the centre: one leaf in each quadrant. From the second call on the answer is kept
    // (cpp/quadtree/answer_cache.h), and each call after that gets a copy of it.
    const across = [{ x: 318, y: 238, width: 4, height: 4 }, { x: 319, y: 239, width: 2, height: 2 }];
    const want = real.retrieve(across[0]);
    expect(real.retrieve(across[1])).toEqual(want);
    const got = [];
    for (let i = 0; i < 6; i++) {
      const a = ours.retrieve(across[i % 2]);
      expect(a.length).toBe(want.length);
      a.forEach((o, k) => expect(o).toBe(want[k]));
      for (const b of got) expect(a).not.toBe(b);
      got.push(a);
      a.reverse(); // callers keep and mutate results
      a.push('junk');
    }
    expect(ours.retrieve([], across[0])).toEqual(want); // and appended to the caller's array
    // A change of the tree forgets what was kept.
    const added = { id: 'added', x: 317, y: 237, width: 1, height: 1 };
    ours.insert(added);
    real.insert(added);
    const now = real.retrieve(across[0]);
    expect(now).toContain(added);
    for (let i = 0; i < 3; i++) expect(ours.retrieve(across[i % 2])).toEqual(now);
    ours.remove(added);
    for (let i = 0; i < 3; i++) expect(ours.retrieve(across[i % 2])).toEqual(want);
    ours.dispose();
  });

  it('#retrieve returns candidates, not hits: the whole leaf', () => {
    const t = new Quadtree({ x: 0, y: 0, width: 100, height: 100 });
    const far = { id: 'far', x: 90, y: 90, width: 1, height: 1 };
    t.insert(far);
    expect(t.retrieve({ x: 0, y: 0, width: 1, height: 1 })).toEqual([far]);
    t.dispose();
  });

  it('#insert does not write onto user objects', () => {
    const r = rng(6);
    const b = BOUNDS();
    const objects = [];
    for (let i = 0; i < 150; i++) objects.push(genObject(r, b, i, 'inside'));
    const sealed = Object.seal({ id: 'sealed', x: 1, y: 2, width: 3, height: 4 });
    const frozen = Object.freeze({ id: 'frozen', x: 300, y: 200, width: 10, height: 10, nested: Object.freeze({ a: 1 }) });
    const closed = Object.preventExtensions({ id: 'closed', x: 5, y: 400, width: 1, height: 1 });
    const sym = Symbol('tag');
    const withSymbol = { id: 'sym', x: 600, y: 10, width: 2, height: 2, [sym]: 'kept' };
    const nullProto = Object.assign(Object.create(null), { id: 'nullproto', x: 20, y: 20, width: 2, height: 2 });
    const hidden = {};
    Object.defineProperty(hidden, 'id', { value: 'hidden', enumerable: false });
    Object.defineProperties(hidden, { x: { value: 7, enumerable: false }, y: { value: 7 }, width: { value: 1 }, height: { value: 1 } });
    // a proxy that refuses every write and definition
    const writes = [];
    const proxy = new Proxy({ id: 'proxy', x: 320, y: 240, width: 4, height: 4 }, {
      set(t, k) { writes.push(k); return false; },
      defineProperty(t, k) { writes.push(k); return false; },
      deleteProperty(t, k) { writes.push(k); return false; },
      setPrototypeOf() { writes.push('__proto__'); return false; },
      preventExtensions() { writes.push('preventExtensions'); return false; },
    });
    const special = [sealed, frozen, closed, withSymbol, nullProto, hidden, proxy];
    const all = objects.concat(special);
    const before = all.map(snapshot);
    const t = new Quadtree(b, 2, 6);
    for (const o of all) t.insert(o);
    t.insert(special); // the array form too
    for (const o of all) {
      const got = t.retrieve({ x: o.x, y: o.y, width: o.width, height: o.height });
      expect(got.includes(o)).toBe(true);
    }
    t.getAllObjects();
    void t.nodes[0].objects;
    t.clear();
    expect(all.map(snapshot)).toEqual(before);
    expect(writes).toEqual([]);
    expect(withSymbol[sym]).toBe('kept');
    expect(Object.keys(frozen)).toEqual(['id', 'x', 'y', 'width', 'height', 'nested']);
    t.dispose();
  });

  it('reads x, y, width and height once per insert, at insert time', () => {
    const reads = [];
    const o = {
      id: 'getter',
      get x() { reads.push('x'); return 10; },
      get y() { reads.push('y'); return 10; },
      get width() { reads.push('width'); return 5; },
      get height() { reads.push('height'); return 5; },
    };
    const t = new Quadtree({ x: 0, y: 0, width: 100, height: 100 }, 2);
    const real = new RealQuadtree({ x: 0, y: 0, width: 100, height: 100 }, 2);
    t.insert(o);
    real.insert({ id: 'plain', x: 10, y: 10, width: 5, height: 5 });
    expect(reads.sort()).toEqual(['height', 'width', 'x', 'y']);
    // moving an object after its insert does not move it in the tree: quadtree-js re-reads the
    // coordinates when a leaf splits; we keep the rect given at insert time
    const mover = { id: 'mover', x: 10, y: 10, width: 1, height: 1 };
    t.insert(mover);
    real.insert(mover);
    mover.x = 90;
    mover.y = 90;
    const third = { id: 'third', x: 60, y: 60, width: 1, height: 1 };
    t.insert(third); // split
    real.insert(third);
    expect(t.nodes.length).toBe(4);
    expect(reads).toHaveLength(4); // not re-read by the split
    expect(t.nodes[1].objects).toContain(mover); // top-left: where it was inserted
    expect(t.nodes[3].objects).not.toContain(mover);
    expect(real.nodes[3].objects).toContain(mover); // quadtree-js: where it is now
    t.dispose();
  });

  it('the same object inserted twice is stored twice and returned once at level 0', () => {
    const o = { id: 'twice', x: 10, y: 10, width: 60, height: 60 };
    const ours = new Quadtree({ x: 0, y: 0, width: 100, height: 100 }, 1);
    const real = new RealQuadtree({ x: 0, y: 0, width: 100, height: 100 }, 1);
    for (const t of [ours, real]) {
      t.insert(o);
      t.insert(o);
      t.insert({ id: 'other', x: 70, y: 70, width: 1, height: 1 });
    }
    const q = { x: 0, y: 0, width: 100, height: 100 };
    expect(ids(ours.retrieve(q))).toEqual(ids(real.retrieve(q)));
    expect(ours.retrieve(q).filter((x) => x === o)).toHaveLength(1);
    // below the root there is no de-duplication
    expect(ids(ours.nodes[1].retrieve(q))).toEqual(ids(real.nodes[1].retrieve(q)));
    ours.dispose();
  });

  it('a root with a non-zero level does not de-duplicate, as quadtree-js', () => {
    const o = { id: 'straddler', x: 40, y: 40, width: 20, height: 20 };
    const fill = scene(12, 7, { x: 0, y: 0, width: 100, height: 100 });
    const ours = filled(Quadtree, [o, ...fill], { x: 0, y: 0, width: 100, height: 100 }, 2, 4, 1);
    const real = filled(RealQuadtree, [o, ...fill], { x: 0, y: 0, width: 100, height: 100 }, 2, 4, 1);
    const got = ours.retrieve({ x: 0, y: 0, width: 100, height: 100 });
    expect(got.filter((x) => x === o).length).toBeGreaterThan(1);
    expect(ids(got)).toEqual(ids(real.retrieve({ x: 0, y: 0, width: 100, height: 100 })));
    ours.dispose();
  });

  it('#insert of an array inserts each object (our extension); [] is a no-op', () => {
    const objects = scene(120, 8);
    const a = new Quadtree(BOUNDS(), 3);
    const b = new Quadtree(BOUNDS(), 3);
    a.insert(objects);
    a.insert([]);
    for (const o of objects) b.insert(o);
    const q = { x: 0, y: 0, width: 320, height: 240 };
    expect(ids(a.retrieve(q))).toEqual(ids(b.retrieve(q)));
    expect(a.getAllObjects()).toHaveLength(120);
    a.dispose();
    b.dispose();
  });

  it('tutorial forms: retrieve(returnedObjects, rect) and getAllObjects(returnedObjects) append and return the caller\'s array', () => {
    const objects = scene(80, 9);
    const t = filled(Quadtree, objects, BOUNDS(), 3);
    const mine = ['kept'];
    const q = { x: 50, y: 50, width: 100, height: 100 };
    const res = t.retrieve(mine, q);
    expect(res).toBe(mine);
    expect(mine[0]).toBe('kept');
    expect(mine.slice(1)).toEqual(t.retrieve(q));
    const all = ['kept'];
    expect(t.getAllObjects(all)).toBe(all);
    expect(all.slice(1)).toEqual(t.getAllObjects());
    expect(new Set(t.getAllObjects())).toEqual(new Set(objects));
    t.dispose();
  });

  it('#getIndex uses strict comparisons and sends a rect lying on a midline to both sides', () => {
    const t = new Quadtree({ x: 0, y: 0, width: 100, height: 100 });
    const real = new RealQuadtree({ x: 0, y: 0, width: 100, height: 100 });
    const cases = [
      [{ x: 10, y: 10, width: 5, height: 5 }, [1]],
      [{ x: 60, y: 10, width: 5, height: 5 }, [0]],
      [{ x: 10, y: 60, width: 5, height: 5 }, [2]],
      [{ x: 60, y: 60, width: 5, height: 5 }, [3]],
      [{ x: 40, y: 40, width: 20, height: 20 }, [0, 1, 2, 3]],
      [{ x: 45, y: 10, width: 5, height: 5 }, [1]], // touches the midline from the west
      [{ x: 50, y: 10, width: 5, height: 5 }, [0]], // starts on it
    ];
    for (const [rect, want] of cases) {
      expect(t.getIndex(rect)).toEqual(want);
      expect(real.getIndex(rect)).toEqual(want);
    }
    // quadtree-js: [] (the object is lost); ours: both sides
    expect(real.getIndex({ x: 50, y: 10, width: 0, height: 5 })).toEqual([]);
    expect(t.getIndex({ x: 50, y: 10, width: 0, height: 5 })).toEqual([0, 1]);
    expect(t.getIndex({ x: 10, y: 50, width: 5, height: 0 })).toEqual([1, 2]);
    expect(t.getIndex({ x: 50, y: 50, width: 0, height: 0 })).toEqual([0, 1, 2, 3]);
    t.dispose();
  });

  it('#clear empties the tree, which is reusable', () => {
    const objects = scene(100, 10);
    const t = filled(Quadtree, objects, BOUNDS(), 2);
    expect(t.nodes).toHaveLength(4);
    t.clear();
    expect(t.nodes).toEqual([]);
    expect(t.objects).toEqual([]);
    expect(t.retrieve({ x: 0, y: 0, width: 640, height: 480 })).toEqual([]);
    for (const o of objects.slice(0, 50)) t.insert(o);
    expect(new Set(t.getAllObjects())).toEqual(new Set(objects.slice(0, 50)));
    expect(t.validate()).toBe(true);
    t.dispose();
  });
});

describe('subnodes', () => {
  it('nodes are stable views: tree.nodes[0] === tree.nodes[0]', () => {
    const objects = scene(300, 11);
    const t = filled(Quadtree, objects, BOUNDS(), 4);
    expect(t.nodes).toHaveLength(4);
    expect(t.nodes[0]).toBe(t.nodes[0]);
    const n0 = t.nodes[0];
    const grand = n0.nodes[2];
    expect(grand).toBeDefined();
    expect(n0.nodes[2]).toBe(grand);
    // more inserts keep them
    for (const o of scene(300, 12)) t.insert(o);
    expect(t.nodes[0]).toBe(n0);
    expect(t.nodes[0].nodes[2]).toBe(grand);
    for (let i = 0; i < 4; i++) {
      const n = t.nodes[i];
      expect(n).toBeInstanceOf(Quadtree);
      expect(n.level).toBe(1);
      expect(n.max_objects).toBe(4);
      expect(n.max_levels).toBe(4);
      expect(n.bounds).toBe(n.bounds);
      expect(Array.isArray(n.objects)).toBe(true);
    }
    // views keep no enumerable extras: the fields a game prints
    expect(Object.keys(t.nodes[0]).sort()).toEqual(Object.keys(t).sort());
    expect(t.validate()).toBe(true);
    t.dispose();
  });

  it('subnodes answer like quadtree-js subnodes: retrieve, insert, getAllObjects, clear', () => {
    const objects = scene(250, 13);
    const ours = filled(Quadtree, objects, BOUNDS(), 3, 4);
    const real = filled(RealQuadtree, objects, BOUNDS(), 3, 4);
    const q = { x: 0, y: 0, width: 640, height: 480 };
    for (const path of [[0], [1], [2, 3], [3, 0]]) {
      const o = nodeAt(ours, path), r = nodeAt(real, path);
      if (!r) continue;
      expect(ids(o.retrieve(q))).toEqual(ids(r.retrieve(q)));
      expect(ids(o.getAllObjects())).toEqual(ids(distinctObjects(r)));
    }
    const extra = { id: 'extra', x: 20, y: 20, width: 3, height: 3 };
    ours.nodes[1].insert(extra);
    real.nodes[1].insert(extra);
    ours.nodes[2].clear();
    real.nodes[2].clear();
    expect(ours.nodes[2].nodes).toEqual([]);
    expect(ids(ours.retrieve(q))).toEqual(ids(real.retrieve(q)));
    expect(ids(ours.getAllObjects())).toEqual(ids(distinctObjects(real)));
    expect(ours.validate()).toBe(true);
    ours.dispose();
  });

  it('a prototype patch of Quadtree.prototype.retrieve takes effect on subnodes (retrieve-nodes.html)', () => {
    // the patch from quadtree-js's demo page docs/retrieve-nodes.html
    const demoRetrieve = function (pRect) {
      var indexes = this.getIndex(pRect),
        objects = this.objects;
      var nodes = [];
      if (this.objects.length) nodes.push(this);
      if (this.nodes.length) {
        for (var i = 0; i < indexes.length; i++) {
          const retrieved = this.nodes[indexes[i]].retrieve(pRect);
          objects = objects.concat(retrieved.objects);
          nodes = nodes.concat(retrieved.nodes);
        }
      }
      objects = objects.filter(function (item, index) {
        return objects.indexOf(item) >= index;
      });
      return { objects: objects, nodes: nodes };
    };
    const Copy = loadIndependentCopy(); // never patch the shared real module
    const original = Quadtree.prototype.retrieve;
    const callers = new Set();
    Copy.prototype.retrieve = demoRetrieve;
    Quadtree.prototype.retrieve = function (pRect) {
      callers.add(this);
      return demoRetrieve.call(this, pRect);
    };
    const objects = scene(400, 14);
    const ours = filled(Quadtree, objects, BOUNDS(), 4, 4);
    const ref = filled(Copy, objects, BOUNDS(), 4, 4);
    try {
      const paths = new Map();
      walk(ours, (n, path) => paths.set(n, path.join('.')));
      let reached = 0;
      for (const q of scene(40, 15).concat([{ x: 0, y: 0, width: 640, height: 480 }])) {
        const a = ours.retrieve(q), b = ref.retrieve(q);
        expect(ids(a.objects)).toEqual(ids(b.objects));
        a.objects.forEach((o, i) => expect(o).toBe(b.objects[i]));
        expect(a.nodes.map((n) => n.bounds)).toEqual(b.nodes.map((n) => n.bounds));
        for (const n of a.nodes) {
          expect(n).toBeInstanceOf(Quadtree);
          expect(paths.has(n)).toBe(true); // the tree's own views
          expect(nodeAt(ours, paths.get(n).split('.').filter(Boolean).map(Number))).toBe(n);
        }
        reached += a.nodes.length;
      }
      expect(reached).toBeGreaterThan(40);
      expect([...callers].some((n) => n !== ours && n.level > 1)).toBe(true);
    } finally {
      Quadtree.prototype.retrieve = original;
    }
    expect(Array.isArray(ours.retrieve({ x: 0, y: 0, width: 1, height: 1 }))).toBe(true);
    ours.dispose();
  });
});

// A root that cannot have split keeps its objects in JavaScript (js/src/main/seed.js) and answers
// retrieve() from them; one object more, or any other call, grows its native tree.
describe('a root that has not split yet', () => {
  const QUERY = { x: 0, y: 0, width: 1, height: 1 };

  it('answers retrieve like quadtree-js on both sides of the split, for every parameter kind', () => {
    for (const args of [[], [3], [1], [0.5], [Infinity], [2, 0], [2, -1], [2, 4, 4], [2, 4, 0.5], [2, 4, -1], [10, 4, 1]]) {
      const objects = scene(20, 5);
      const ours = new Quadtree(BOUNDS(), ...args), real = new RealQuadtree(BOUNDS(), ...args);
      for (let i = 0; i < objects.length; i++) {
        const o = objects[i % 7 === 6 ? i - 3 : i]; // some objects twice: returned once at level 0 only
        ours.insert(o);
        real.insert(o);
        for (const q of [QUERY, objects[0], { x: -50, y: -50, width: 1000, height: 1000 }]) {
          expect(ids(ours.retrieve(q)), `${JSON.stringify(args)}: after ${i + 1} inserts`).toEqual(ids(real.retrieve(q)));
        }
      }
      expect(ours.validate()).toBe(true);
      ours.dispose();
    }
  });

  it('clear() empties it and it is reused; the retrieve(out, rect) form appends', () => {
    const objects = scene(6, 9);
    const t = filled(Quadtree, objects.slice(0, 4));
    t.clear();
    expect(t.retrieve(QUERY)).toEqual([]);
    t.insert(objects.slice(4));
    const out = ['kept'];
    expect(t.retrieve(out, QUERY)).toBe(out);
    expect(out).toEqual(['kept', objects[4], objects[5]]);
    t.insert(objects.slice(0, 6)); // eight objects: still unsplit
    expect(t.nodes).toEqual([]);
    expect(ids(t.retrieve(QUERY))).toEqual([4, 5, 0, 1, 2, 3]);
    t.dispose();
  });

  it('bad input throws naming the call and stores nothing, as for a grown tree', () => {
    const objects = scene(3, 11);
    const t = filled(Quadtree, objects.slice(0, 2));
    expect(() => t.insert({ x: 1, y: 'a', width: 1, height: 1 })).toThrow(/^Quadtree\.insert: rect\.y/);
    expect(() => t.insert([objects[2], null])).toThrow(/^Quadtree\.insert: rect\[1\]/);
    expect(() => t.retrieve({ x: 1, y: 1, width: NaN, height: 1 })).toThrow(/^Quadtree\.retrieve: rect\.width/);
    expect(t.retrieve(QUERY)).toEqual(objects.slice(0, 2));
    t.dispose();
    expect(() => t.retrieve(QUERY)).toThrow(/^Quadtree\.retrieve: .*disposed/);
    expect(() => t.insert(objects[2])).toThrow(/^Quadtree\.insert: .*disposed/);
  });

  it('rects are read when inserted, not when the native tree grows', () => {
    const objects = scene(11, 13);
    const t = new Quadtree(BOUNDS(), 10);
    for (let i = 0; i < 10; i++) t.insert(objects[i]);
    const moved = objects[0], at = { ...moved };
    moved.x = moved.y = -1000; // after its insert: the tree keeps the rect it read
    t.insert(objects[10]); // the split grows the native tree
    expect(t.nodes.length).toBe(4);
    expect(t.search(at)).toContain(moved);
    expect(t.search({ x: -1000, y: -1000, width: 1, height: 1 })).toEqual([]);
    t.dispose();
  });
});

// The tree that grew a native tree last is young while it only inserts at its root and reads:
// the next tree to grow takes its native tree back, and it grows again when used (js/src/main/seed.js).
describe('young trees', () => {
  const ALL = { x: -100, y: -100, width: 10000, height: 10000 };
  const same = (a, b) => expect(ids(a)).toEqual(ids(b));

  it('answer as before once their native tree was taken back, and again after growing anew', () => {
    const objects = scene(60, 21);
    const a = new Quadtree(BOUNDS()), b = new Quadtree(BOUNDS(), 3, 5);
    const real = new RealQuadtree(BOUNDS()), realB = new RealQuadtree(BOUNDS(), 3, 5);
    for (const o of objects.slice(0, 40)) { a.insert(o); real.insert(o); }
    const moved = objects[0], at = { ...moved };
    moved.x += 300; // after its insert: a keeps the rect it read
    for (const o of objects.slice(40)) { b.insert(o); realB.insert(o); } // b grows: a's native tree is b's now
    same(a.retrieve(at), real.retrieve(at));
    same(a.retrieve(ALL), real.retrieve(ALL));
    for (const o of objects.slice(40, 45)) { a.insert(o); real.insert(o); }
    same(a.retrieve(objects[41]), real.retrieve(objects[41]));
    same(b.retrieve(ALL), realB.retrieve(ALL)); // b grew again
    expect(a.validate()).toBe(true);
    expect(b.validate()).toBe(true);
    a.dispose();
    b.dispose();
  });

  it('hold none of the objects of the tree whose native tree they took back', () => {
    const first = scene(40, 23), second = scene(30, 24);
    const a = new Quadtree(BOUNDS()), b = new Quadtree(BOUNDS());
    a.insert(first);
    b.insert(second); // b grows: a's native tree is b's now, with its id table
    const held = (t) => t._s.registry.objects.filter((o) => o !== undefined);
    expect(new Set(b.retrieve(ALL))).toEqual(new Set(second)); // read: its inserts are in
    expect(held(b).filter((o) => first.includes(o))).toEqual([]);
    expect(held(b).length).toBe(30);
    b.refresh();
    expect(held(b).length).toBe(30);
    a.refresh(); // a grows again, on its own
    expect(held(a).filter((o) => second.includes(o))).toEqual([]);
    a.dispose();
    b.dispose();
  });

  it('are not taken back once a call beyond insert and retrieve changed them, even the call that grew them', () => {
    const objects = scene(30, 22);
    for (const change of [
      (t) => t.remove(objects[0]),
      (t) => { objects[0].x += 500; t.refresh(); },
      (t) => { objects[1].y += 500; t.update(objects[1]); },
    ]) {
      const a = new Quadtree(BOUNDS());
      for (const o of objects.slice(0, 5)) a.insert(o); // a seed: no native tree yet
      change(a); // grows it, then changes it
      const after = a.getAllObjects();
      const b = new Quadtree(BOUNDS());
      for (const o of objects.slice(5)) b.insert(o); // b grows
      same(a.getAllObjects(), after);
      for (const o of objects.slice(0, 2)) {
        if (after.includes(o)) expect(a.search(o)).toContain(o);
        else expect(a.search(o)).not.toContain(o);
      }
      a.dispose();
      b.dispose();
    }
  });

  it('of the tutorial QuadTree: answer as the reference once taken back and grown anew; one a call changed is not taken back', () => {
    const objects = scene(60, 23);
    const path = (t, o) => ids(t.findObjects([], o));
    const a = new QuadTree(BOUNDS()), b = new QuadTree(BOUNDS(), 0, { maxObjects: 3 });
    const refA = new ReferenceQuadTree(BOUNDS()), refB = new ReferenceQuadTree(BOUNDS(), 0, { maxObjects: 3 });
    for (const o of objects.slice(0, 40)) { a.insert(o); refA.insert(o); }
    for (const o of objects.slice(0, 40)) expect(path(a, o)).toEqual(path(refA, o));
    for (const o of objects.slice(40)) { b.insert(o); refB.insert(o); } // b grows: a's native tree is b's now
    for (const o of objects) expect(path(a, o)).toEqual(path(refA, o));
    for (const o of objects.slice(40, 45)) { a.insert(o); refA.insert(o); }
    for (const o of objects) expect(path(b, o)).toEqual(path(refB, o)); // b grew again
    expect(ids(a.getAllObjects([]))).toEqual(ids(refA.getAllObjects([])));
    expect(a.validate() && b.validate()).toBe(true);
    a.dispose();
    b.dispose();
    for (const change of [(t) => t.remove(objects[0]), (t) => { objects[0].x += 200; t.refresh(); }]) {
      const c = new QuadTree(BOUNDS());
      for (const o of objects.slice(0, 20)) c.insert(o); // grown by an insert: young
      change(c);
      const after = ids(c.getAllObjects([]));
      const d = new QuadTree(BOUNDS());
      for (const o of objects.slice(20)) d.insert(o); // d grows: c's native tree stays c's
      expect(ids(c.getAllObjects([]))).toEqual(after);
      expect(c.search(objects[0]).includes(objects[0])).toBe(after.includes(0));
      c.dispose();
      d.dispose();
    }
  });
});

describe('#dispose', () => {
  const calls = {
    insert: (t) => t.insert({ x: 1, y: 1, width: 1, height: 1 }),
    'insert([])': (t) => t.insert([]),
    retrieve: (t) => t.retrieve({ x: 1, y: 1, width: 1, height: 1 }),
    'retrieve(array, rect)': (t) => t.retrieve([], { x: 1, y: 1, width: 1, height: 1 }),
    getIndex: (t) => t.getIndex({ x: 1, y: 1, width: 1, height: 1 }),
    getAllObjects: (t) => t.getAllObjects(),
    clear: (t) => t.clear(),
    validate: (t) => t.validate(),
    objects: (t) => t.objects,
    nodes: (t) => t.nodes,
  };

  it('every method then throws an Error mentioning disposed; dispose twice is fine', () => {
    const t = filled(Quadtree, scene(100, 16), BOUNDS(), 2);
    const view = t.nodes[0];
    t.dispose();
    for (const [name, call] of Object.entries(calls)) {
      for (const target of [t, view]) {
        let error;
        try {
          call(target);
        } catch (e) {
          error = e;
        }
        expect(error, name).toBeInstanceOf(Error);
        expect(error.message, name).toMatch(/disposed/);
      }
    }
    expect(() => t.dispose()).not.toThrow();
    expect(() => view.dispose()).not.toThrow();
    // the plain fields stay readable
    expect(t.bounds).toEqual(BOUNDS());
    expect(t.max_objects).toBe(2);
  });

  it('Symbol.dispose is dispose', () => {
    const t = new Quadtree(BOUNDS());
    expect(typeof t[DISPOSE]).toBe('function');
    t.insert({ x: 1, y: 1, width: 1, height: 1 });
    t[DISPOSE]();
    expect(() => t.retrieve({ x: 1, y: 1, width: 1, height: 1 })).toThrow(/disposed/);
    expect(() => t[DISPOSE]()).not.toThrow();
    expect(() => t.dispose()).not.toThrow();
  });

  it('disposing one tree leaves the others working', () => {
    const a = filled(Quadtree, scene(50, 17), BOUNDS(), 2);
    const b = filled(Quadtree, scene(50, 18), BOUNDS(), 2);
    a.dispose();
    expect(b.getAllObjects()).toHaveLength(50);
    expect(b.validate()).toBe(true);
    b.dispose();
  });
});

describe('module formats', () => {
  function works(C) {
    const t = new C({ x: 0, y: 0, width: 100, height: 100 }, 1);
    const a = { id: 'a', x: 10, y: 10, width: 1, height: 1 }, b = { id: 'b', x: 80, y: 80, width: 1, height: 1 };
    t.insert(a);
    t.insert(b);
    expect(t.retrieve({ x: 5, y: 5, width: 10, height: 10 })).toEqual([a]);
    expect(t.nodes).toHaveLength(4);
    expect(t.nodes[0]).toBeInstanceOf(C);
    expect(t.validate()).toBe(true);
    t.dispose();
  }

  it('CommonJS require gives a working class', () => {
    const C = require('../../dist/quadtree.js');
    expect(typeof C).toBe('function');
    expect(C.Quadtree).toBe(C);
    expect(C.default).toBe(C);
    works(C);
    const self = require('quadtree-wasm'); // the package's own exports map
    expect(self).toBe(C);
  });

  it('ESM import gives a working class, default and named', async () => {
    expect(NamedQuadtree).toBe(Quadtree);
    works(Quadtree);
    const self = await import('quadtree-wasm');
    expect(self.default).toBe(self.Quadtree);
    works(self.default);
  });

  it('the classic script defines a global Quadtree when there is no module (script tag, Worker)', () => {
    const src = readFileSync(fileURLToPath(new URL('../../dist/quadtree.js', import.meta.url)), 'utf8');
    const context = vm.createContext({});
    vm.runInContext(src, context);
    vm.runInContext('var t = new Quadtree({x:0,y:0,width:10,height:10}); t.insert({x:1,y:1,width:1,height:1});', context);
    expect(vm.runInContext('t.retrieve({x:0,y:0,width:10,height:10}).length', context)).toBe(1);
  });
});

describe('validate()', () => {
  it('stays true through inserts, splits, subnode edits, clears and reuse', { timeout: 60_000 }, () => {
    const r = rng(19);
    const t = new Quadtree({ x: -50, y: -50, width: 100, height: 100 }, 2, 6);
    const pool = [];
    for (let step = 0; step < 3000; step++) {
      const k = r.int(0, 20);
      if (k < 12) {
        const o = genObject(r, t.bounds, step);
        pool.push(o);
        t.insert(o);
      } else if (k < 15) {
        t.retrieve({ x: r.float(-60, 60), y: r.float(-60, 60), width: r.float(0, 30), height: r.float(0, 30) });
      } else if (k < 17 && pool.length) {
        t.insert(r.pick(pool));
      } else if (k < 19 && t.nodes.length) {
        const n = t.nodes[r.int(0, 3)];
        if (r.chance(0.5)) n.insert(genObject(r, t.bounds, 'sub' + step));
        else if (r.chance(0.2)) n.clear();
        else n.retrieve({ x: 0, y: 0, width: 10, height: 10 });
      } else if (k === 19 && r.chance(0.1)) {
        t.clear();
      }
      if (step % 100 === 0) expect(t.validate()).toBe(true);
    }
    expect(t.validate()).toBe(true);
    t.dispose();
  });
});

// Once bugs; kept as regression tests.
describe('regressions', () => {
  it('a node view kept across the root\'s clear() is detached (quadtree-js: inserting into it changes nothing)', () => {
    const t = new Quadtree({ x: 0, y: 0, width: 100, height: 100 }, 1, 4);
    for (let i = 0; i < 5; i++) t.insert({ id: i, x: i * 20, y: i * 20, width: 1, height: 1 });
    const stale = t.nodes[0];
    t.clear();
    try {
      stale.insert({ id: 'late', x: 60, y: 10, width: 1, height: 1 });
    } catch {
      // throwing is acceptable too
    }
    expect(t.validate()).toBe(true);
    expect(t.getAllObjects()).toEqual([]);
    t.dispose();
  });

  it('a node view kept across its parent\'s clear() is detached, even once the tree splits again', () => {
    const t = new Quadtree({ x: 0, y: 0, width: 100, height: 100 }, 1, 4);
    const real = new RealQuadtree({ x: 0, y: 0, width: 100, height: 100 }, 1, 4);
    const objects = [];
    for (let i = 0; i < 6; i++) objects.push({ id: i, x: 5 + i * 7, y: 5 + i * 3, width: 1, height: 1 });
    for (const o of objects) { t.insert(o); real.insert(o); }
    const stale = t.nodes[1].nodes[1], realStale = real.nodes[1].nodes[1];
    t.nodes[1].clear();
    real.nodes[1].clear();
    for (const o of objects) { t.insert(o); real.insert(o); } // the freed nodes are reused
    const late = { id: 'late', x: 1, y: 1, width: 1, height: 1 };
    try {
      stale.insert(late);
    } catch {
      // throwing is acceptable too
    }
    realStale.insert(late);
    const q = { x: 0, y: 0, width: 100, height: 100 };
    expect(ids(t.retrieve(q))).toEqual(ids(real.retrieve(q)));
    expect(t.validate()).toBe(true);
    t.dispose();
  });
});
