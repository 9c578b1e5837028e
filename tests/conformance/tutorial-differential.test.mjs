// The tutorial QuadTree against its reference (tests/support/tutorial-reference.mjs, written from
// docs/TUTORIAL-TREE.md): thousands of seeded scenarios run step by step on both, comparing every
// findObjects answer as the very objects in order, getIndex, and the tree's shape (bounds and
// each node's objects, recursively). A failure names its seed: rerun it alone with SEED=<n>.
import { describe, expect, it } from 'vitest';
import { byName, loadEntries } from '../support/dist.mjs';
import { rng } from '../support/prng.mjs';
import { ReferenceQuadTree } from '../support/tutorial-reference.mjs';
import { genBounds, genObject, genQuery, genRect } from '../support/scenes.mjs';

const LIBS = await loadEntries();
const ONLY_SEED = process.env.SEED !== undefined ? Number(process.env.SEED) : undefined;
const SEEDS = 2000; // per dist file
const TURN_SEEDS = 300; // trees in turn, per dist file

class Mismatch extends Error {}

const idOf = (o) => (o && o.id !== undefined ? o.id : '?');
function sameSeq(ours, ref, what) {
  const n = Math.max(ours.length, ref.length);
  for (let i = 0; i < n; i++) {
    if (ours[i] !== ref[i]) {
      throw new Mismatch(`${what}: first difference at ${i}; ours (${ours.length}) [${ours.slice(0, 30).map(idOf)}] ` +
        `vs reference (${ref.length}) [${ref.slice(0, 30).map(idOf)}]`);
    }
  }
}

/** Bounds and each node's objects (children first, as getAllObjects), recursively. */
function sameShape(ours, ref, path = 'root') {
  const b = ours.bounds, rb = ref.bounds;
  if (b.x !== rb.x || b.y !== rb.y || b.width !== rb.width || b.height !== rb.height) {
    throw new Mismatch(`${path}.bounds: ours ${JSON.stringify(b)} vs reference ${JSON.stringify(rb)}`);
  }
  if (ours.nodes.length !== ref.nodes.length) throw new Mismatch(`${path}.nodes: ours ${ours.nodes.length} vs reference ${ref.nodes.length}`);
  sameSeq(ours.getAllObjects([]), ref.getAllObjects([]), `${path}.getAllObjects`);
  ours.nodes.forEach((n, i) => sameShape(n, ref.nodes[i], `${path}.nodes[${i}]`));
}

/** Rects exactly on the midlines of the reference tree's nodes: start on, end on, zero-size on, centres. */
function onMidline(r, ref) {
  const nodes = ref.preorder();
  const n = r.pick(nodes), b = n.bounds;
  const vm = b.x + b.width / 2, hm = b.y + b.height / 2;
  const w = r.chance(0.3) ? 0 : r.float(0, b.width / 4), h = r.chance(0.3) ? 0 : r.float(0, b.height / 4);
  const x = b.x + r.float(0, b.width), y = b.y + r.float(0, b.height);
  switch (r.int(0, 5)) {
    case 0: return { x: vm, y, width: w, height: h }; // starts on the vertical midline
    case 1: return { x: vm - w, y, width: w, height: h }; // ends on it
    case 2: return { x, y: hm, width: w, height: h };
    case 3: return { x, y: hm - h, width: w, height: h };
    case 4: return { x: vm, y: hm, width: 0, height: 0 }; // the node's centre
    default: return { x: vm, y: r.chance(0.5) ? hm : y, width: 0, height: h };
  }
}

function genOptions(r) {
  const pick = (values) => r.pick(values);
  switch (r.int(0, 3)) {
    case 0: return [undefined, undefined];
    case 1: return [pick([undefined, 0, 2, 5, 10]), undefined];
    default: return [pick([undefined, 1, 2, 3, 4, 2.5, 10]), { maxObjects: pick([undefined, 0, 1, 2, 3, 4, 6.5, 20]), maxLevels: pick([undefined, 0, 1, 2, 3, 6, 8, 4.5]) }];
  }
}

function scenario(QuadTree, seed) {
  const r = rng(seed * 104_729 + 17);
  const bounds = genBounds(r);
  const [lvl, options] = genOptions(r);
  const ours = new QuadTree({ ...bounds }, lvl, options);
  const ref = new ReferenceQuadTree({ ...bounds }, lvl, options);
  const all = [];
  let next = 0;
  const fresh = () => {
    // Plain objects can move; some others have getters or are frozen (they stay put).
    const o = r.chance(0.8) ? { id: next, ...(r.chance(0.2) ? onMidline(r, ref) : genRect(r, bounds)) } : genObject(r, bounds, next);
    next++;
    all.push(o);
    return o;
  };
  const movable = () => all.filter((o) => !Object.isFrozen(o) && Object.getOwnPropertyDescriptor(o, 'x'));
  const steps = r.int(5, 40);
  try {
    for (let step = 0; step < steps; step++) {
      const op = r.weighted({ insert: 6, array: 2, twice: 1, query: 6, sub: 2, index: 2, move: 3, update: 2, remove: 2, dead: 1, clear: 1 });
      switch (op) {
        case 'insert': { const o = fresh(); ours.insert(o); ref.insert(o); break; }
        case 'array': {
          const batch = Array.from({ length: r.int(0, 30) }, fresh);
          if (r.chance(0.2)) batch.splice(r.int(0, batch.length), 0, undefined, [fresh()]);
          ours.insert(batch); ref.insert(batch);
          break;
        }
        case 'twice': if (all.length) { const o = r.pick(all); ours.insert(o); ref.insert(o); } break;
        case 'query': {
          const q = r.chance(0.3) ? onMidline(r, ref) : genQuery(r, bounds, all);
          const start = r.chance(0.3) ? [{ id: 'kept' }] : [];
          const got = ours.findObjects(start.slice(), q);
          const want = ref.findObjects(start.slice(), q);
          sameSeq(got, want, `findObjects(${JSON.stringify(q)})`);
          sameSeq(ours.retrieve([], q), want.slice(start.length), 'retrieve');
          break;
        }
        case 'sub': {
          // The same calls on a subnode: a path from that node.
          let o = ours, f = ref;
          while (o.nodes.length && r.chance(0.7)) { const i = r.int(0, 3); o = o.nodes[i]; f = f.nodes[i]; }
          const q = genQuery(r, f.bounds, all);
          sameSeq(o.findObjects([], q), f.findObjects([], q), 'subnode findObjects');
          if (r.chance(0.2)) { const x = fresh(); o.insert(x); f.insert(x); }
          break;
        }
        case 'index': {
          const q = r.chance(0.5) ? onMidline(r, ref) : genRect(r, bounds);
          expect(ours.getIndex(q)).toBe(ref.getIndex(q));
          break;
        }
        case 'move': {
          for (const o of movable()) if (r.chance(0.3)) { o.x += r.float(-bounds.width / 4, bounds.width / 4); o.y += r.float(-bounds.height / 4, bounds.height / 4); }
          expect(ours.refresh()).toBe(ref.refresh());
          break;
        }
        case 'update': {
          const m = movable();
          if (!m.length) break;
          const o = r.pick(m);
          Object.assign(o, r.chance(0.5) ? onMidline(r, ref) : genRect(r, bounds));
          expect(ours.update(o)).toBe(ref.update(o));
          break;
        }
        case 'remove': {
          if (!all.length) break;
          const o = r.pick(all);
          if (movable().includes(o) && r.chance(0.5)) o.x += 1000; // found by identity, not coordinates
          expect(ours.remove(o)).toBe(ref.remove(o));
          break;
        }
        case 'dead': {
          const dead = new Set(all.filter(() => r.chance(0.2)));
          const calls = [], refCalls = [];
          expect(ours.refresh((o) => (calls.push(o), !dead.has(o)))).toBe(ref.refresh((o) => (refCalls.push(o), !dead.has(o))));
          sameSeq(calls, refCalls, 'isAlive calls');
          break;
        }
        case 'clear':
          ours.clear(); ref.clear();
          break;
      }
      if (step % 3 === 0 || step === steps - 1) sameShape(ours, ref);
    }
    expect(ours.validate()).toBe(true);
  } finally {
    ours.dispose();
  }
}

/**
 * Trees in turn: two to four trees alive at once, each filled and queried a step at a time in a
 * random order, some dropped and made anew. A tree that has not split answers from its seed; the
 * one that grew a native tree last for an insert is young while it only inserts and reads, and
 * the next tree to grow takes its native tree back; it grows again when used (js/src/main/seed.js).
 * Every answer must still be the reference's.
 */
function treesInTurn(QuadTree, seed) {
  const r = rng(seed * 7_919 + 3);
  let next = 0;
  const make = () => {
    const bounds = genBounds(r);
    const [lvl, options] = r.chance(0.6) ? [undefined, undefined] : genOptions(r);
    return { bounds, all: [], ours: new QuadTree({ ...bounds }, lvl, options), ref: new ReferenceQuadTree({ ...bounds }, lvl, options) };
  };
  const trees = Array.from({ length: r.int(2, 4) }, make);
  const fresh = (t) => {
    const o = r.chance(0.9) ? { id: next, ...(r.chance(0.1) ? onMidline(r, t.ref) : genRect(r, t.bounds)) } : genObject(r, t.bounds, next);
    next++;
    t.all.push(o);
    return o;
  };
  const steps = r.int(40, 300);
  let which = 0;
  for (let step = 0; step < steps; step++) {
    if (r.chance(0.3)) which = r.int(0, trees.length - 1); // mostly the tree of the step before
    const t = trees[which];
    const op = r.weighted({ insert: 10, twice: 1, array: 0.5, query: 5, getAll: 0.6, shape: 0.2, move: 0.3, clear: 0.15, anew: 0.4 });
    switch (op) {
      case 'insert': { const o = fresh(t); t.ours.insert(o); t.ref.insert(o); break; }
      case 'twice': if (t.all.length) { const o = r.pick(t.all); t.ours.insert(o); t.ref.insert(o); } break;
      case 'array': { const batch = Array.from({ length: r.int(1, 30) }, () => fresh(t)); t.ours.insert(batch); t.ref.insert(batch); break; }
      case 'query': {
        const q = r.chance(0.5) && t.all.length ? r.pick(t.all) : genQuery(r, t.bounds, t.all);
        const start = r.chance(0.3) ? [{ id: 'kept' }] : [];
        sameSeq(t.ours.findObjects(start.slice(), q), t.ref.findObjects(start.slice(), q), `tree ${which}: findObjects`);
        break;
      }
      case 'getAll': sameSeq(t.ours.getAllObjects([]), t.ref.getAllObjects([]), `tree ${which}: getAllObjects`); break;
      case 'shape': sameShape(t.ours, t.ref, `tree ${which}`); break;
      case 'move': {
        for (const o of t.all) if (!Object.isFrozen(o) && Object.getOwnPropertyDescriptor(o, 'x') && r.chance(0.3)) o.x += r.float(-10, 10);
        expect(t.ours.refresh()).toBe(t.ref.refresh());
        break;
      }
      case 'clear': t.ours.clear(); t.ref.clear(); break;
      case 'anew':
        sameShape(t.ours, t.ref, `tree ${which}`);
        if (r.chance(0.5)) t.ours.dispose(); // or dropped as it is
        trees[which] = make();
        break;
    }
  }
  for (const t of trees) {
    sameShape(t.ours, t.ref);
    expect(t.ours.validate()).toBe(true);
    t.ours.dispose();
  }
}

describe.each(byName(LIBS))('dist/%s', (name, { exports }) => {
  const QuadTree = exports.QuadTree;
  it('QuadTree answers exactly as the reference tutorial tree over seeded scenarios', () => {
    const seeds = ONLY_SEED !== undefined ? [ONLY_SEED] : Array.from({ length: SEEDS }, (_, i) => i + 1);
    for (const seed of seeds) {
      try {
        scenario(QuadTree, seed);
      } catch (e) {
        if (e instanceof Mismatch) throw new Error(`seed ${seed}: ${e.message}`, { cause: e });
        e.message = `seed ${seed}: ${e.message}`;
        throw e;
      }
    }
  }, 300_000);

  it(`QuadTrees used in turn, some dropped and made anew, answer as the reference: ${TURN_SEEDS} scenarios`, () => {
    const seeds = ONLY_SEED !== undefined ? [ONLY_SEED] : Array.from({ length: TURN_SEEDS }, (_, i) => 400_000 + i);
    for (const seed of seeds) {
      try {
        treesInTurn(QuadTree, seed);
      } catch (e) {
        e.message = `trees in turn, seed ${seed}: ${e.message}`;
        throw e;
      }
    }
  }, 300_000);
});
