// js/src/common/registry.js alone: the object <-> id table, without the wasm.
import { describe, expect, it } from 'vitest';
import { IDS, OBJECTS, Registry } from '../../js/src/common/registry.js';

const objects = (n) => Array.from({ length: n }, (_, i) => ({ name: `o${i}` }));

/** A frame as the facade runs it: clear, then insert each object at the root. */
function frame(reg, objs) {
  reg.cleared();
  return objs.map((o) => reg.next(o));
}

describe('Registry', () => {
  it('#next gives each distinct object a dense id, and the same object the same id', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const [a, b] = objects(2);
    expect([reg.next(a), reg.next(b), reg.next(a)]).toEqual([0, 1, 0]);
    expect(reg.count).toBe(2);
    expect(reg.objects[0]).toBe(a);
    expect(reg.present(a)).toBe(0);
    expect(reg.present({})).toBeUndefined();
  });

  it('keeps ids across clear() for the objects that come back, and forgets the rest after one frame', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const objs = objects(5);
    const first = frame(reg, objs);
    expect(frame(reg, objs)).toEqual(first); // a steady loop: the same ids
    const fewer = objs.slice(1);
    const ids = frame(reg, fewer);
    expect(ids).toEqual(first.slice(1));
    expect(reg.present(objs[0])).toBeUndefined();
    frame(reg, fewer); // objs[0] did not come back for a whole frame: its id is free again
    expect(reg.idOf.has(objs[0])).toBe(false);
    const newcomer = { name: 'new' };
    expect(reg.next(newcomer)).toBe(first[0]);
  });

  it('gives a new object the id of the one at its position that has not come back, and lets that one go', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const before = objects(6), after = objects(6);
    const ids = frame(reg, before);
    expect(frame(reg, after)).toEqual(ids); // the ids stay as many as the objects
    expect(reg.objects.length).toBe(6);
    expect(before.some((o) => reg.idOf.has(o))).toBe(false);
    expect(reg.known).toBe(6);
    // An object known already keeps its own id, even at another's position.
    const swapped = [after[1], after[0], ...after.slice(2)];
    expect(frame(reg, swapped)).toEqual([ids[1], ids[0], ...ids.slice(2)]);
  });

  it('#forgetStale lets go of what a clear left that has not come back (refresh() calls it)', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const objs = objects(5);
    frame(reg, objs);
    frame(reg, objs.slice(0, 2));
    expect(reg.known).toBe(5);
    reg.forgetStale();
    expect(reg.known).toBe(2);
    expect(reg.count).toBe(2);
    expect(objs.slice(2).some((o) => reg.idOf.has(o))).toBe(false);
    expect(reg.present(objs[1])).toBe(reg.idOf.get(objs[1]));
  });

  it('finds ids by position when the order is steady, and by the map when it is not', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const objs = objects(50);
    const ids = frame(reg, objs);
    const shuffled = [...objs].reverse();
    expect(frame(reg, shuffled)).toEqual([...ids].reverse());
    expect(frame(reg, objs)).toEqual(ids);
    expect(reg.count).toBe(50);
    expect(reg.known).toBe(50);
  });

  it('#drop frees the id for reuse and #present no longer finds it', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const [a, b] = objects(2);
    const id = reg.idFor(a);
    reg.idFor(b);
    reg.drop(id);
    expect(reg.present(a)).toBeUndefined();
    expect(reg.count).toBe(1);
    expect(reg.idFor({})).toBe(id);
  });

  it('holds numeric ids from setRects as themselves', () => {
    const reg = new Registry();
    reg.use(IDS, 'T.setRects');
    reg.placed(7);
    reg.placed(7);
    expect(reg.present(7)).toBe(7);
    expect(reg.present(8)).toBeUndefined();
    expect(reg.count).toBe(1);
  });

  it('#use refuses the other kind while the tree holds items, naming the method, and switches when empty', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'Quadtree.insert');
    reg.next({});
    expect(() => reg.use(IDS, 'LinearQuadtree.setRects')).toThrow(/^LinearQuadtree\.setRects: this tree holds objects/);
    reg.cleared();
    reg.use(IDS, 'Quadtree.setRects');
    expect(reg.mode).toBe(IDS);
    expect(reg.objects).toEqual([]);
  });

  it('grows its arrays past their first size', () => {
    const reg = new Registry();
    reg.use(OBJECTS, 'T.insert');
    const objs = objects(1000);
    const ids = frame(reg, objs);
    expect(new Set(ids).size).toBe(1000);
    expect(frame(reg, objs)).toEqual(ids);
  });
});
