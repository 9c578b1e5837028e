// Circles and line segments beside rects (the main entry's Rectangle, Circle and Line, and plain
// objects that borrow their qtIndex) on every tree class and every dist file, against brute force
// with the exact oracle of tests/support/shape-oracle.mjs: seeded scenes of every mix of kinds,
// on an integer grid (tangent circles, lines along rect edges and along each other, zero radii,
// zero-length lines, zero-size rects) and in floats; search/collides with every kind of query,
// pairs/forEachPair, nearest, raycast; after moves (refresh, update, remove, objects that change
// kind); the id forms (setRects/setCircles/setLines); the compat calls (retrieve, findObjects,
// getIndex) by bounding rects, against the same trees of bounding rects and against quadtree-js and
// the tutorial reference; bad shapes.
//
// The oracle is slow (BigInt): each scene state's answers are computed once, on descriptions, and
// shared by every dist file and tree, which all replay the same seeded script.
import { beforeAll, describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';
import { distanceApprox } from '../support/shape-oracle.mjs';
import { RECT, CIRCLE, LINE, check, show, boundingRect, describeObject, sameDesc, fieldsOf, makeObject, reshape, SCENES, truthOf, checkState, queryShape } from '../support/shape-scenes.mjs';
import { PatchedQuadtree, RealQuadtree, walk } from '../support/reference.mjs';
import { ReferenceQuadTree } from '../support/tutorial-reference.mjs';

const LIBS = await loadEntries();
let lib;

// ---------------------------------------------------------------------------------------------
// The trees.

const TREES = {
  Quadtree: (b) => new lib.Quadtree(b),
  'LinearQuadtree (depth 5)': (b) => new lib.LinearQuadtree(b, { depth: 5 }),
  'LinearQuadtree (depth auto)': (b) => new lib.LinearQuadtree(b, { depth: 'auto' }),
  'tutorial QuadTree': (b) => new lib.exports.QuadTree(b),
};
const counts = (name) => !name.startsWith('tutorial'); // refresh() returns how many changed (the tutorial's: how many removed)

/** Plays a scene on a tree of objects, checking every state. */
function playObjects(name, scene) {
  const tree = TREES[name](scene.bounds);
  const objects = [], index = new Map();
  const own = (i, d) => {
    const o = makeObject(lib, d, scene.styles[i]);
    objects[i] = o;
    index.set(o, i);
    return o;
  };
  const first = scene.states[0].map((d, i) => own(i, d));
  const half = first.length >> 1;
  for (const o of first.slice(0, half)) tree.insert(o);
  tree.insert(first.slice(half));
  let n = 0;
  const query = (q) => (q.self !== undefined ? objects[q.self] : queryShape(lib, q.desc, n++));
  const verify = (s) => {
    const t = truthOf(scene, s), label = `${scene.name}, state ${s}`;
    t.live.forEach((i) => check(sameDesc(describeObject(lib, objects[i]), t.descs[i]), `${label}: object ${i} is not as scripted`));
    checkState(tree, t, (o) => index.get(o), query, label);
  };
  verify(0);
  scene.steps.forEach((step, s) => {
    for (const op of step.ops) {
      if (op.then === 'add') {
        tree.insert(own(op.i, op.to));
        continue;
      }
      const o = objects[op.i];
      if (op.then === 'remove') {
        expect(tree.remove(o)).toBe(true);
        expect(tree.remove(o)).toBe(false);
        index.delete(o);
        continue;
      }
      reshape(lib, o, scene.states[s][op.i], op.to, op.i % 2);
      if (op.then === 'update') expect(tree.update(o)).toBe(true);
    }
    if (step.refresh) {
      const changed = tree.refresh();
      if (counts(name)) expect(changed, `${scene.name}: refresh() of step ${s + 1}`).toBe(scene.refreshed[s]);
      expect(tree.refresh()).toBe(0);
    }
    verify(s + 1);
  });
  expect(tree.validate()).toBe(true);
  tree.dispose();
}

/** Plays a scene on a tree of ids: setRects, setCircles and setLines with the scene's indexes as ids. */
function playIds(Tree, scene) {
  const tree = new Tree(scene.bounds);
  const r = rng(scene.seed + 7);
  const Numbers = scene.grid ? Float32Array : Float64Array; // (the grid's numbers are exact in floats)
  const place = (items) => { // [i, d] pairs: one call per kind, in shuffled order, some kinds in two calls
    for (const kind of [RECT, CIRCLE, LINE]) {
      const of = r.shuffle(items.filter(([, d]) => d.kind === kind));
      const cut = r.chance(0.5) ? of.length >> 1 : 0;
      for (const part of [of.slice(0, cut), of.slice(cut)]) {
        if (!part.length) continue;
        const numbers = new Numbers(part.flatMap(([, d]) => Object.values(fieldsOf(d))));
        const ids = part.map(([i]) => i);
        if (kind === RECT) tree.setRects(numbers, ids);
        else if (kind === CIRCLE) tree.setCircles(numbers, new Int32Array(ids));
        else tree.setLines(numbers, ids);
      }
    }
  };
  place(scene.states[0].map((d, i) => [i, d]));
  const index = (id) => (Number.isInteger(id) ? id : undefined);
  let n = 0;
  const query = (q) => queryShape(lib, q.desc, n++);
  checkState(tree, truthOf(scene, 0), index, query, `${scene.name}, ids, state 0`);
  scene.steps.forEach((step, s) => {
    for (const op of step.ops) if (op.then === 'remove') expect(tree.remove(op.i)).toBe(true);
    place(step.ops.filter((op) => op.then !== 'remove').map((op) => [op.i, op.to]));
    expect(tree.refresh()).toBe(0);
    checkState(tree, truthOf(scene, s + 1), index, query, `${scene.name}, ids, state ${s + 1}`);
  });
  expect(tree.validate()).toBe(true);
  tree.dispose();
}

// ---------------------------------------------------------------------------------------------

describe.each(byName(LIBS))('dist/%s', (file, l) => {
  beforeAll(() => {
    lib = l;
  });

  it('exports Rectangle, Circle and Line, also on the class', () => {
    const { Rectangle, Circle, Line } = l.exports;
    for (const C of [Rectangle, Circle, Line]) expect(typeof C).toBe('function');
    expect(l.Quadtree.Circle).toBe(Circle);
    expect(l.Quadtree.Line).toBe(Line);
    expect(l.Quadtree.Rectangle).toBe(Rectangle);
    expect(new Circle({ x: 1, y: 2, r: 3 })).toMatchObject({ x: 1, y: 2, r: 3 });
    expect(new Line({ x1: 1, y1: 2, x2: 3, y2: 4 })).toMatchObject({ x1: 1, y1: 2, x2: 3, y2: 4 });
    expect(new Rectangle({ x: 1, y: 2, width: 3, height: 4 })).toMatchObject({ x: 1, y: 2, width: 3, height: 4 });
  });

  describe.each(Object.keys(TREES))('%s', (name) => {
    it.each(SCENES.map((s) => [s.name, s]))('%s: exact queries match brute force, through moves, removes and changes of kind', (_, scene) => {
      playObjects(name, scene);
    });

    it('a plain rect object given Circle\'s qtIndex and an r is a circle from then on (update and refresh)', () => {
      const { Circle, Line } = l.exports;
      const tree = TREES[name]({ x: 0, y: 0, width: 100, height: 100 });
      const a = { x: 10, y: 10, width: 2, height: 2 }, b = { x: 20, y: 10, width: 2, height: 2 };
      const wall = { x: 0, y: 40, width: 100, height: 1 };
      tree.insert([a, b, wall]);
      expect(tree.search({ x: 5, y: 5, width: 2, height: 2 })).toEqual([]);
      // a: a circle of radius 6 around (10, 10), by update
      a.qtIndex = Circle.prototype.qtIndex;
      a.r = 6;
      expect(tree.update(a)).toBe(true);
      expect(tree.search({ x: 5, y: 5, width: 2, height: 2 })).toEqual([a]);  // the rect it was did not reach (5..7)
      expect(tree.search({ x: 14.5, y: 14.5, width: 1, height: 1 })).toEqual([]); // the circle's box's corner, outside it
      expect(tree.nearest(10, 17, 1, 1.5)).toEqual([a]);
      // b: a circle touching a (centres 12 apart, radii 6 + 6): no pair; then r 6.5: a pair; by refresh
      Object.assign(b, { x: 22, y: 10, r: 6, qtIndex: Circle.prototype.qtIndex });
      tree.refresh();
      expect(tree.pairs().count).toBe(0);
      expect(tree.collides(new Circle({ x: 16, y: 10, r: 0 }))).toBe(false); // the point where they touch
      expect(tree.search(new Circle({ x: 16, y: 10, r: 0.5 })).length).toBe(2);
      b.r = 6.5;
      tree.refresh();
      expect(tree.pairs().count).toBe(1);
      // b: then a line from (22, 30) to (22, 50), crossing the wall
      Object.assign(b, { x1: 22, y1: 30, x2: 22, y2: 50, qtIndex: Line.prototype.qtIndex });
      tree.refresh();
      const p = tree.pairs();
      expect(p.count).toBe(1);
      expect(new Set([p.first(0), p.second(0)])).toEqual(new Set([b, wall]));
      expect(tree.raycast(0, 35, 1, 0)).toEqual({ object: b, distance: expect.closeTo(22, 9) });
      // and a rect again (an own qtIndex of undefined), at its old numbers
      b.qtIndex = undefined;
      tree.refresh();
      expect(tree.search({ x: 21, y: 9, width: 2, height: 2 })).toEqual([b]);
      expect(tree.pairs().count).toBe(0);
      expect(tree.validate()).toBe(true);
    });

    it('a line\'s other diagonal (same bounding box) is another shape; a reversed line is the same', () => {
      const { Line } = l.exports;
      const tree = TREES[name]({ x: 0, y: 0, width: 100, height: 100 });
      const line = new Line({ x1: 10, y1: 10, x2: 30, y2: 30 }), dot = { x: 13, y: 25, width: 2, height: 2 };
      tree.insert([line, dot]);
      expect(tree.pairs().count).toBe(0);
      expect(tree.search(new Line({ x1: 30, y1: 10, x2: 18, y2: 22 }))).toEqual([line]); // crossing at (20, 20)
      Object.assign(line, { y1: 30, y2: 10 });
      const changed = tree.refresh();
      if (counts(name)) expect(changed).toBe(1);
      expect(tree.pairs().count).toBe(1);
      expect(tree.nearest(28, 28)).toEqual([line]);
      expect(tree.search({ x: 25, y: 25, width: 2, height: 2 })).toEqual([]);
      Object.assign(line, { x1: 30, y1: 10, x2: 10, y2: 30 }); // reversed: the same segment
      expect(tree.update(line)).toBe(true);
      expect(tree.pairs().count).toBe(1);
      expect(tree.search({ x: 19, y: 19, width: 2, height: 2 })).toEqual([line]);
    });
  });

  it('trees filled in turns (each insert applies the inserts another tree staged) keep their own shapes', () => {
    const plays = [
      ['mixed, integer grid', (b) => new lib.Quadtree(b)],
      ['lines, integer grid', (b) => new lib.exports.QuadTree(b)],
      ['circles, floats', (b) => new lib.LinearQuadtree(b, { depth: 'auto' })],
    ].map(([name, make]) => {
      const scene = SCENES.find((s) => s.name === name), tree = make(scene.bounds);
      const objects = scene.states[0].map((d, i) => makeObject(lib, d, scene.styles[i]));
      return { scene, tree, objects, index: new Map(objects.map((o, i) => [o, i])) };
    });
    for (let i = 0; i < Math.max(...plays.map((p) => p.objects.length)); i++) {
      for (const p of plays) if (i < p.objects.length) p.tree.insert(p.objects[i]);
    }
    let n = 0;
    for (const { scene, tree, objects, index } of plays) {
      checkState(tree, truthOf(scene, 0), (o) => index.get(o), (q) => (q.self !== undefined ? objects[q.self] : queryShape(lib, q.desc, n++)),
        `${scene.name}, filled in turns`);
      tree.dispose();
    }
  });

  describe.each([['Quadtree', () => lib.Quadtree], ['LinearQuadtree', () => lib.LinearQuadtree]])('%s of ids', (_, Tree) => {
    it.each(SCENES.filter((s) => /mixed|circles/.test(s.name)).map((s) => [s.name, s]))('%s: setRects, setCircles, setLines; queries return ids', (__, scene) => {
      playIds(Tree(), scene);
    });

    it('default ids, moving by setCircles again, a circle made a line', () => {
      const tree = new (Tree())({ x: 0, y: 0, width: 100, height: 100 });
      tree.setCircles(new Float64Array([10, 10, 5, 30, 10, 5, 50, 50, 0]));   // ids 0, 1, 2
      tree.setLines(new Float32Array([0, 20, 100, 20]), [3]);
      tree.setRects(new Float64Array([13, 6, 2, 2]), [4]);
      expect(tree.pairs().count).toBe(1); // 4 and 0 (the line misses the circles by 5)
      expect(tree.search({ x: 49, y: 49, width: 2, height: 2 })).toEqual([2]);
      expect(tree.nearest(20, 10, 2).sort()).toEqual([0, 1]);
      expect(tree.raycast(0, 10, 1, 0)).toEqual({ id: 0, distance: 5 });
      tree.setCircles(new Float64Array([22, 13, 7.5]), [0]); // moved: now crossing circle 1 and the line, off the rect
      const p = tree.pairs(), got = [];
      for (let i = 0; i < p.count; i++) got.push([p.first(i), p.second(i)].sort().join());
      expect(got.sort()).toEqual(['0,1', '0,3']);
      expect(tree.raycast(0, 13, 1, 0)).toEqual({ id: 0, distance: expect.closeTo(14.5, 9) });
      tree.setLines(new Float64Array([40, 0, 40, 100]), [0]); // id 0: now a vertical line, 5 beyond circle 1
      expect(tree.search(new lib.exports.Circle({ x: 30, y: 10, r: 10.5 })).sort()).toEqual([0, 1, 3]);
      expect(tree.pairs().count).toBe(1); // 0 x 3 (the two lines cross at (40, 20))
      expect(tree.remove(0)).toBe(true);
      expect(tree.pairs().count).toBe(0);
      expect(tree.validate()).toBe(true);
    });
  });

  describe('compat calls place and query shapes by their bounding rects', () => {
    const COMPAT = {
      Quadtree: { make: (b) => new lib.Quadtree(b), Ref: (b, grid) => new (grid ? PatchedQuadtree : RealQuadtree)(b) },
      'Quadtree (4, 6)': { make: (b) => new lib.Quadtree(b, 4, 6), Ref: (b, grid) => new (grid ? PatchedQuadtree : RealQuadtree)(b, 4, 6) },
      'tutorial QuadTree': { make: (b) => new lib.exports.QuadTree(b), Ref: (b) => new ReferenceQuadTree(b) },
      'tutorial QuadTree (4, 7)': {
        make: (b) => new lib.exports.QuadTree(b, 0, { maxObjects: 4, maxLevels: 7 }),
        Ref: (b) => new ReferenceQuadTree(b, 0, { maxObjects: 4, maxLevels: 7 }),
      },
    };
    const scenes = SCENES.filter((s) => /^(mixed|lines), (integer grid|floats|few)$/.test(s.name));

    describe.each(Object.keys(COMPAT))('%s', (name) => {
      it.each(scenes.map((s) => [s.name, s]))('%s: the same candidates as a tree of bounding rects, and as the reference', (_, scene) => {
        const { make, Ref } = COMPAT[name], tutorial = name.startsWith('tutorial');
        const shapes = make(scene.bounds), boxes = make(scene.bounds), ref = Ref(scene.bounds, scene.grid);
        const objects = [], proxies = [], index = new Map();
        const add = (i, d) => {
          objects[i] = makeObject(lib, d, scene.styles[i]);
          proxies[i] = { ...boundingRect(d), i };
          index.set(objects[i], i);
          index.set(proxies[i], i);
          shapes.insert(objects[i]);
          boxes.insert(proxies[i]);
          ref.insert(proxies[i]);
        };
        scene.states[0].forEach((d, i) => add(i, d));
        const ids = (list) => list.map((o) => index.get(o));
        const candidates = (tree, q) => ids(tutorial ? tree.findObjects([], q) : tree.retrieve(q));
        const compare = (s, withRef) => {
          const t = truthOf(scene, s), label = `${scene.name}, state ${s}`;
          t.queries.forEach((q, n) => {
            const what = `${label}: ${tutorial ? 'findObjects' : 'retrieve'}(${show(q.desc)})`;
            const shape = queryShape(lib, q.desc, n), box = boundingRect(q.desc);
            const got = candidates(shapes, shape);
            expect(got, `${what}, by the query's bounding rect`).toEqual(candidates(shapes, box));
            expect(got, `${what}, on the tree of bounding rects`).toEqual(candidates(boxes, box));
            if (withRef) expect(got, `${what}, on the reference`).toEqual(candidates(ref, box));
            expect(shapes.getIndex(shape), `${label}: getIndex(${show(q.desc)})`).toEqual(shapes.getIndex(box));
            if (tutorial) expect(ids(shapes.retrieve([], shape))).toEqual(got);
            else expect(ids(shapes.retrieve([-1], shape))).toEqual([undefined, ...got]);
          });
          expect(ids(shapes.getAllObjects([])), `${label}: getAllObjects`).toEqual(ids(boxes.getAllObjects([])));
          // The same tree: the same nodes, and (quadtree-js) the same leaf lists.
          const nodes = (tree) => {
            const out = [];
            walk(tree, (node, path) => out.push([path.join('.'), node.bounds.x, node.bounds.y, node.bounds.width, node.bounds.height,
              ...(tutorial ? [] : [ids(node.objects).join()])]));
            return out;
          };
          expect(nodes(shapes), `${label}: nodes`).toEqual(nodes(boxes));
          if (withRef) expect(nodes(shapes), `${label}: nodes, against the reference`).toEqual(nodes(ref));
        };
        compare(0, true);
        // Moves (refresh and update on both trees; the references have neither).
        scene.steps.forEach((step, s) => {
          for (const op of step.ops) {
            if (op.then === 'add') {
              objects[op.i] = makeObject(lib, op.to, scene.styles[op.i]);
              proxies[op.i] = { ...boundingRect(op.to), i: op.i };
              index.set(objects[op.i], op.i);
              index.set(proxies[op.i], op.i);
              shapes.insert(objects[op.i]);
              boxes.insert(proxies[op.i]);
            } else if (op.then === 'remove') {
              expect(shapes.remove(objects[op.i])).toBe(true);
              expect(boxes.remove(proxies[op.i])).toBe(true);
            } else {
              reshape(lib, objects[op.i], scene.states[s][op.i], op.to, op.i % 2);
              Object.assign(proxies[op.i], boundingRect(op.to));
              if (op.then === 'update') {
                expect(shapes.update(objects[op.i])).toBe(true);
                expect(boxes.update(proxies[op.i])).toBe(true);
              }
            }
          }
          if (step.refresh) {
            shapes.refresh();
            boxes.refresh();
          }
          compare(s + 1, false);
        });
      });
    });
  });

  describe('bad shapes throw, naming the field, and change nothing', () => {
    const BAD = () => {
      const { Circle, Line } = lib.exports, ci = Circle.prototype.qtIndex, li = Line.prototype.qtIndex;
      return [
        [new Circle({ x: 1, y: 1, r: -1 }), RangeError, /\.r must not be negative, got -1/],
        [{ x: 1, y: 1, r: -0.5, qtIndex: ci }, RangeError, /\.r must not be negative/],
        [new Circle({ x: 1, y: 1, r: NaN }), RangeError, /\.r must be a finite number, got NaN/],
        [new Circle({ x: 1, y: 1, r: Infinity }), RangeError, /\.r must be a finite number, got Infinity/],
        [new Circle({ x: NaN, y: 1, r: 1 }), RangeError, /\.x must be a finite number/],
        [new Circle({ x: 1, y: 1, r: '2' }), TypeError, /\.r must be a number/],
        [{ x: 1, y: 1, width: 2, height: 2, qtIndex: ci }, TypeError, /\.r must be a number, got undefined/],
        [new Line({ x1: 0, y1: 0, x2: Infinity, y2: 1 }), RangeError, /\.x2 must be a finite number, got Infinity/],
        [new Line({ x1: 0, y1: NaN, x2: 1, y2: 1 }), RangeError, /\.y1 must be a finite number/],
        [{ x1: 0, y1: 0, x2: 1, y2: -Infinity, qtIndex: li }, RangeError, /\.y2 must be a finite number/],
        [{ x: 0, y: 0, width: 1, height: 1, qtIndex: li }, TypeError, /\.x1 must be a number, got undefined/],
      ];
    };

    it.each(Object.keys(TREES))('%s', (name) => {
      const { Circle, Line } = lib.exports;
      const tree = TREES[name]({ x: 0, y: 0, width: 64, height: 64 });
      const scene = SCENES.find((s) => s.name === 'mixed, integer grid');
      const objects = scene.states[0].slice(0, 40).map((d, i) => makeObject(lib, d, scene.styles[i]));
      tree.insert(objects);
      const index = new Map(objects.map((o, i) => [o, i]));
      const snapshot = () => {
        const p = tree.pairs(), pairs = [];
        for (let i = 0; i < p.count; i++) pairs.push([index.get(p.first(i)), index.get(p.second(i))].sort((a, b) => a - b).join());
        return {
          pairs: pairs.sort(),
          window: tree.search({ x: 0, y: 0, width: 64, height: 64 }).map((o) => index.get(o)).sort((a, b) => a - b),
          // (as distances from the shapes inserted: ties come in any order, and fields may be bad now)
          near: tree.nearest(32, 32, 5).map((o) => distanceApprox(scene.states[0][index.get(o)], 32, 32)),
          ray: index.get(tree.raycast(0, 30, 1, 0)?.object),
        };
      };
      const before = snapshot();
      const throws = (f, Kind, pattern, what) => {
        let error = null;
        try {
          f();
        } catch (e) {
          error = e;
        }
        expect(error, `${what}: did not throw`).toBeInstanceOf(Kind);
        expect(error.message, what).toMatch(pattern);
        expect(snapshot(), `${what}: the tree changed`).toEqual(before);
      };
      const cls = name.startsWith('tutorial') ? 'QuadTree' : name.split(' ')[0];
      const good = new Circle({ x: 30, y: 30, r: 3 });
      for (const [bad, Kind, pattern] of BAD()) {
        const field = pattern.source;
        throws(() => tree.insert(bad), Kind, new RegExp(`^${cls}\\.insert: rect${field}`), `insert ${field}`);
        throws(() => tree.insert([good, bad]), Kind, new RegExp(`^${cls}\\.insert: rect\\[1\\]${field}`), `insert([good, bad]) ${field}`);
        throws(() => tree.search(bad), Kind, new RegExp(`^${cls}\\.search: rect${field}`), `search ${field}`);
        throws(() => tree.collides(bad), Kind, new RegExp(`^${cls}\\.collides: rect${field}`), `collides ${field}`);
        if (cls === 'Quadtree') {
          throws(() => tree.retrieve(bad), Kind, new RegExp(`^Quadtree\\.retrieve: rect${field}`), `retrieve ${field}`);
          throws(() => tree.getIndex(bad), Kind, new RegExp(`^Quadtree\\.getIndex: rect${field}`), `getIndex ${field}`);
        }
        if (cls === 'QuadTree') {
          throws(() => tree.findObjects([], bad), Kind, new RegExp(`^QuadTree\\.findObjects: obj${field}`), `findObjects ${field}`);
          throws(() => tree.getIndex(bad), Kind, new RegExp(`^QuadTree\\.getIndex: rect${field}`), `getIndex ${field}`);
        }
      }
      // update and refresh of an object made bad: it, and every other change, is left as it was.
      const circle = objects.find((o) => o.qtIndex === Circle.prototype.qtIndex);
      const line = objects.find((o) => o.qtIndex === Line.prototype.qtIndex);
      const rect = objects.find((o) => o.qtIndex !== Circle.prototype.qtIndex && o.qtIndex !== Line.prototype.qtIndex);
      const saved = [{ ...circle }, { ...line }, { ...rect }];
      for (const [o, field, v, Kind, pattern] of [[circle, 'r', -2, RangeError, /\.r must not be negative/], [circle, 'r', NaN, RangeError, /\.r must be a finite/],
        [circle, 'y', Infinity, RangeError, /\.y must be a finite/], [line, 'x1', NaN, RangeError, /\.x1 must be a finite/],
        [line, 'y2', -Infinity, RangeError, /\.y2 must be a finite/], [line, 'x2', undefined, TypeError, /\.x2 must be a number/]]) {
        const keep = o[field];
        o[field] = v;
        throws(() => tree.update(o), Kind, new RegExp(`^${cls}\\.update: rect${pattern.source}`), `update, ${field} = ${v}`);
        Object.assign(rect, { x: 60, y: 1, width: 3, height: 3 }); // a valid change beside it, not applied either
        throws(() => tree.refresh(), Kind, new RegExp(`^${cls}\\.refresh: object${pattern.source}`), `refresh, ${field} = ${v}`);
        o[field] = keep;
        Object.assign(rect, saved[2]);
      }
      Object.assign(circle, saved[0]);
      Object.assign(line, saved[1]);
      const changed = tree.refresh();
      if (counts(name)) expect(changed).toBe(0);
      expect(snapshot()).toEqual(before);
      expect(tree.validate()).toBe(true);
    });

    it.each([['Quadtree', () => lib.Quadtree], ['LinearQuadtree', () => lib.LinearQuadtree]])('%s of ids: setCircles, setLines', (_, Tree) => {
      const tree = new (Tree())({ x: 0, y: 0, width: 100, height: 100 });
      tree.setCircles(new Float64Array([10, 10, 5, 20, 10, 6]), [0, 1]);
      tree.setLines(new Float64Array([0, 12, 100, 12]), [2]);
      const snapshot = () => ({
        pairs: [...tree.pairs().ids].join(),
        hits: tree.search({ x: 0, y: 0, width: 100, height: 100 }).sort(),
        near: tree.nearest(50, 50, 3),
      });
      const before = snapshot();
      for (const [f, pattern] of [
        [() => tree.setCircles(new Float64Array([50, 50, 1, 60, 60, -1]), [0, 3]), /^\w+\.setCircles: circles\[5\] \(r of item 1\) must not be negative, got -1$/],
        [() => tree.setCircles(new Float32Array([50, 50, NaN])), /setCircles: circles\[2\] \(r of item 0\) must be finite, got NaN/],
        [() => tree.setCircles(new Float64Array([Infinity, 50, 1]), [1]), /setCircles: circles\[0\] \(x of item 0\) must be finite/],
        [() => tree.setLines(new Float64Array([1, 1, 2, 2, 0, 0, 1, Infinity]), [1, 2]), /setLines: lines\[7\] \(y2 of item 1\) must be finite, got Infinity/],
        [() => tree.setLines(new Float64Array([1, NaN, 2, 2]), [5]), /setLines: lines\[1\] \(y1 of item 0\) must be finite/],
      ]) {
        expect(f).toThrow(RangeError);
        expect(f).toThrow(pattern);
        expect(snapshot()).toEqual(before);
      }
      expect(() => tree.setCircles(new Float64Array([1, 2, 3, 4]))).toThrow(/circles must be a Float32Array or Float64Array of x, y, r per item, got length 4/);
      expect(() => tree.setLines(new Float64Array([1, 2, 3, 4]), [1, 2])).toThrow(/ids must have one id per line \(1\)/);
      expect(() => tree.search(new lib.exports.Circle({ x: 0, y: 0, r: -1 }))).toThrow(RangeError);
      expect(snapshot()).toEqual(before);
    });
  });
});
