// Bad input: quadtree-js stores it and fails later (or silently loses it); we throw at once, with
// a TypeError (not a number / not an object) or a RangeError (NaN, ±Infinity) whose message names
// the method, the argument and the field, and the tree is exactly as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { shape, walk } from '../support/reference.mjs';
import { rng } from '../support/prng.mjs';
import { genObject } from '../support/scenes.mjs';

// Every dist file in turn (tests/support/dist.mjs): the suite below runs once per file, with
// Quadtree set to that file's class by its beforeAll.
const LIBS = await loadEntries();
let Quadtree;

const B = { x: -20, y: -10, width: 200, height: 100 };
const FIELDS = ['x', 'y', 'width', 'height'];
const good = () => ({ x: 1, y: 2, width: 3, height: 4 });

// whole-argument values that are not rect objects
const NOT_OBJECTS = [
  ['undefined', undefined], ['null', null], ['0', 0], ['a number', 42], ['NaN', NaN], ['Infinity', Infinity],
  ['a string', 'rect'], ['an empty string', ''], ['true', true], ['false', false], ['a symbol', Symbol('s')], ['a bigint', 7n],
  ['a function', () => 1],
];

// per-field values: [label, value, error class]
const BAD_FIELDS = [
  ['undefined', undefined, TypeError],
  ['null', null, TypeError],
  ['a numeric string', '5', TypeError],
  ['a non-numeric string', 'abc', TypeError],
  ['an empty string', '', TypeError],
  ['true', true, TypeError],
  ['false', false, TypeError],
  ['an object', { valueOf: () => 3 }, TypeError],
  ['an array', [3], TypeError],
  ['a bigint', 3n, TypeError],
  ['NaN', NaN, RangeError],
  ['Infinity', Infinity, RangeError],
  ['-Infinity', -Infinity, RangeError],
];

function withField(field, value, missing = false) {
  const r = good();
  if (missing) delete r[field];
  else r[field] = value;
  return r;
}

/** Every bad rect: [description, value, error class, field or null, ...]. */
function badRects() {
  const out = [];
  for (const [label, v] of NOT_OBJECTS) out.push([label, v, TypeError, null]);
  for (const f of FIELDS) {
    out.push([`missing ${f}`, withField(f, undefined, true), TypeError, f]);
    for (const [label, v, E] of BAD_FIELDS) out.push([`${f}: ${label}`, withField(f, v), E, f]);
  }
  // the rect's fields come from its prototype chain too; a non-number there is still bad
  out.push(['x from the prototype, a string', Object.assign(Object.create({ x: '1' }), { y: 0, width: 1, height: 1 }), TypeError, 'x']);
  return out;
}

function caught(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** The error: the right class, and a message naming the method, the argument and the field. */
function expectError(e, E, method, arg, field, what) {
  expect(e, `${what}: should throw`).toBeDefined();
  expect(e, `${what}: ${e && e.message}`).toBeInstanceOf(E);
  expect(e.message, what).toContain(method);
  if (field) expect(e.message, what).toContain(`${arg}.${field}`);
  else {
    expect(e.message, what).toMatch(new RegExp(`\\b${arg.replace(/[[\]]/g, '\\$&')}(?![\\w.\\[])`));
    expect(e.message, what).toMatch(/x, y, width and height/);
  }
}

const QUERIES = [
  { x: -20, y: -10, width: 200, height: 100 },
  { x: -20, y: -10, width: 10, height: 10 },
  { x: 150, y: 60, width: 30, height: 30 },
  { x: 80, y: 40, width: 0, height: 0 },
  { x: -1000, y: -1000, width: 5, height: 5 },
  { x: 75, y: 35, width: 10, height: 10 },
];

let nextId = 0;
function filledTree(seed, n = 120) {
  const r = rng(seed);
  const t = new Quadtree(B, 3, 4);
  const objects = [];
  for (let i = 0; i < n; i++) objects.push(genObject(r, B, nextId++));
  return { t, objects, r };
}

const idsOf = (list) => list.map((o) => o.id);

/** Everything observable about a tree: query results, all objects, shape, every leaf list. */
function state(t) {
  const leaves = [];
  walk(t, (n, path) => leaves.push([path.join('.'), idsOf(n.objects), n.bounds.x, n.bounds.y, n.bounds.width, n.bounds.height, n.level]));
  return {
    queries: QUERIES.map((q) => idsOf(t.retrieve(q))),
    subQueries: t.nodes.map((n) => idsOf(n.retrieve(QUERIES[0]))),
    all: idsOf(t.getAllObjects()),
    shape: shape(t),
    leaves,
    getIndex: QUERIES.map((q) => t.getIndex(q)),
  };
}

describe.each(byName(LIBS))('dist/%s', (file, lib) => {
  beforeAll(() => {
    Quadtree = lib.Quadtree;
  });

  describe('bad rects are refused with a clear error and leave the tree as it was', () => {
    const cases = badRects();

    it(`#insert: ${cases.length} bad rects, into a tree with committed and staged inserts`, { timeout: 60_000 }, () => {
      for (const [what, v, E, field] of cases) {
        // two identical trees; one also gets the bad insert, with inserts staged around it
        const a = filledTree(1), b = filledTree(1);
        for (const o of a.objects.slice(0, 60)) a.t.insert(o);
        for (const o of a.objects.slice(0, 60)) b.t.insert(o);
        void a.t.nodes; // commit
        void b.t.nodes;
        for (const o of a.objects.slice(60, 90)) a.t.insert(o); // staged
        for (const o of a.objects.slice(60, 90)) b.t.insert(o);
        expectError(caught(() => a.t.insert(v)), E, 'insert', 'rect', field, what);
        for (const o of a.objects.slice(90)) a.t.insert(o);
        for (const o of a.objects.slice(90)) b.t.insert(o);
        expect(state(a.t), what).toEqual(state(b.t));
        expect(a.t.validate(), what).toBe(true);
        a.t.dispose();
        b.t.dispose();
      }
    });

    it(`#insert of an array with one bad element inserts nothing: ${cases.length} cases`, () => {
      const { t, objects, r } = filledTree(2);
      t.insert(objects.slice(0, 80));
      const before = state(t);
      for (const [what, v, E, field] of cases) {
        const list = objects.slice(80, 80 + r.int(1, 30));
        const at = r.int(0, list.length);
        list.splice(at, 0, v);
        expectError(caught(() => t.insert(list)), E, 'insert', `rect[${at}]`, field, `${what} at [${at}]`);
        expect(state(t), what).toEqual(before);
      }
      // [bad] alone, and the bad element last
      expectError(caught(() => t.insert([null])), TypeError, 'insert', 'rect[0]', null, '[null]');
      expectError(caught(() => t.insert([...objects.slice(80), { x: 1, y: 1, width: 1, height: NaN }])), RangeError, 'insert', `rect[${objects.length - 80}]`, 'height', 'last');
      expect(state(t)).toEqual(before);
      expect(t.validate()).toBe(true);
      // and the array still inserts once it is good
      t.insert(objects.slice(80));
      expect(new Set(t.getAllObjects())).toEqual(new Set(objects));
      t.dispose();
    });

    it('a getter that throws: its error propagates and nothing of the array is inserted', () => {
      const { t, objects } = filledTree(3);
      t.insert(objects.slice(0, 50));
      const before = state(t);
      const boom = new Error('boom');
      const bad = { x: 1, y: 1, width: 1, get height() { throw boom; } };
      expect(caught(() => t.insert(bad))).toBe(boom);
      expect(caught(() => t.insert([...objects.slice(50), bad]))).toBe(boom);
      expect(state(t)).toEqual(before);
      expect(t.validate()).toBe(true);
      t.dispose();
    });

    it(`#insert into a subnode: ${cases.length} bad rects`, () => {
      const { t, objects } = filledTree(4);
      t.insert(objects);
      const before = state(t);
      const node = t.nodes[2];
      for (const [what, v, E, field] of cases) {
        expectError(caught(() => node.insert(v)), E, 'insert', 'rect', field, what);
        expectError(caught(() => node.insert([objects[0], v])), E, 'insert', 'rect[1]', field, what);
      }
      expect(state(t)).toEqual(before);
      expect(t.validate()).toBe(true);
      t.dispose();
    });

    it(`#retrieve and retrieve(returnedObjects, rect): ${cases.length} bad rects, on the root and a subnode`, () => {
      const { t, objects } = filledTree(5);
      t.insert(objects.slice(0, 100));
      void t.nodes;
      t.insert(objects.slice(100)); // staged
      const other = filledTree(5).t;
      other.insert(objects);
      const expected = state(other);
      for (const [what, v, E, field] of cases) {
        expectError(caught(() => t.retrieve(v)), E, 'retrieve', 'rect', field, what);
        const out = ['mine'];
        expectError(caught(() => t.retrieve(out, v)), E, 'retrieve', 'rect', field, `(array, ${what})`);
        expect(out).toEqual(['mine']);
        expectError(caught(() => t.nodes[1].retrieve(v)), E, 'retrieve', 'rect', field, `subnode ${what}`);
      }
      expectError(caught(() => t.retrieve()), TypeError, 'retrieve', 'rect', null, 'no argument');
      expect(state(t)).toEqual(expected);
      expect(t.validate()).toBe(true);
      t.dispose();
      other.dispose();
    });

    it(`#getIndex: ${cases.length} bad rects`, () => {
      const { t, objects } = filledTree(6);
      t.insert(objects);
      const before = state(t);
      for (const [what, v, E, field] of cases) {
        expectError(caught(() => t.getIndex(v)), E, 'getIndex', 'rect', field, what);
        expectError(caught(() => t.nodes[3].getIndex(v)), E, 'getIndex', 'rect', field, `subnode ${what}`);
      }
      expect(state(t)).toEqual(before);
      t.dispose();
    });

    it('#getAllObjects: returnedObjects must be an array', () => {
      const { t, objects } = filledTree(7);
      t.insert(objects);
      const before = state(t);
      for (const v of [null, 0, 'list', {}, { length: 0 }, true]) {
        const e = caught(() => t.getAllObjects(v));
        expect(e, String(v)).toBeInstanceOf(TypeError);
        expect(e.message).toContain('getAllObjects');
        expect(e.message).toContain('returnedObjects');
      }
      expect(state(t)).toEqual(before);
      t.dispose();
    });
  });

  describe('constructor', () => {
    it('bad bounds throw, naming the constructor, bounds and the field', () => {
      for (const [what, v, E, field] of badRects()) {
        expectError(caught(() => new Quadtree(v)), E, 'constructor', 'bounds', field, what);
      }
    });

    it('negative bounds sizes throw a RangeError', () => {
      for (const b of [{ x: 0, y: 0, width: -1, height: 10 }, { x: 0, y: 0, width: 10, height: -0.5 }]) {
        const e = caught(() => new Quadtree(b));
        expect(e).toBeInstanceOf(RangeError);
        expect(e.message).toContain('constructor');
        expect(e.message).toMatch(b.width < 0 ? /bounds\.width/ : /bounds\.height/);
      }
      // zero sizes are fine
      const t = new Quadtree({ x: 5, y: 5, width: 0, height: 0 });
      t.insert({ x: 5, y: 5, width: 0, height: 0 });
      expect(t.retrieve({ x: 5, y: 5, width: 0, height: 0 })).toHaveLength(1);
      t.dispose();
    });

    it('bad max_objects, max_levels and level throw; the falsy ones mean the default, as in quadtree-js', () => {
      const cases = [
        ['max_objects', ['5', 'abc', true, {}, [], 5n, Symbol('s')], TypeError],
        ['max_levels', ['5', 'abc', true, {}, [], 5n], TypeError],
        ['level', ['1', 'abc', true, {}], TypeError],
        ['max_levels', [Infinity, -Infinity], RangeError],
        ['level', [Infinity, -Infinity], RangeError],
      ];
      const position = { max_objects: 1, max_levels: 2, level: 3 };
      for (const [arg, values, E] of cases) {
        for (const v of values) {
          const args = [{ ...B }, undefined, undefined, undefined];
          args[position[arg]] = v;
          const e = caught(() => new Quadtree(...args));
          expect(e, `${arg} = ${String(v)}`).toBeInstanceOf(E);
          expect(e.message).toContain('constructor');
          expect(e.message).toContain(arg);
        }
      }
      for (const v of [0, NaN, null, undefined, false, '']) {
        const t = new Quadtree({ ...B }, v, v, v);
        expect([t.max_objects, t.max_levels, t.level]).toEqual([10, 4, 0]);
        t.dispose();
      }
      const never = new Quadtree({ ...B }, Infinity); // max_objects Infinity: a leaf never splits
      for (let i = 0; i < 100; i++) never.insert({ x: i, y: i / 2, width: 1, height: 1 });
      expect(never.nodes).toEqual([]);
      expect(never.objects).toHaveLength(100);
      never.dispose();
    });
  });

  describe('the tree after many refused calls', () => {
    it('stays valid and equal to a tree that never saw them', { timeout: 60_000 }, () => {
      const r = rng(8);
      const a = new Quadtree(B, 2, 5), b = new Quadtree(B, 2, 5);
      const cases = badRects();
      for (let step = 0; step < 1500; step++) {
        const o = genObject(r, B, 'g' + step);
        a.insert(o);
        b.insert(o);
        if (r.chance(0.3)) {
          const [, v] = r.pick(cases);
          const target = a.nodes.length && r.chance(0.3) ? a.nodes[r.int(0, 3)] : a;
          const k = r.int(0, 3);
          expect(caught(() => (k === 0 ? target.insert(v) : k === 1 ? target.insert([o, v]) : k === 2 ? target.retrieve(v) : target.getIndex(v)))).toBeDefined();
        }
      }
      expect(state(a)).toEqual(state(b));
      expect(a.validate()).toBe(true);
      a.dispose();
      b.dispose();
    });
  });
});
