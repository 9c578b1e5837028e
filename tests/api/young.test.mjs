// js/src/common/young.js alone: which tree of a kind is young, what it keeps, when it ages, and
// what taking its native tree back does (each family's giveBack() says what it gives).
import { describe, expect, it } from 'vitest';
import { takeBack, Young, YOUNG_MOST } from '../../js/src/common/young.js';

/** A young tree of `kind` whose native tree is `handle` (null: busy, it cannot give it now). */
class Tree extends Young {
  constructor(kind, handle) {
    super('Tree', kind);
    this.handle = handle;
  }

  giveBack() {
    return this.handle;
  }
}

describe('young trees (common/young.js)', () => {
  it('the tree of a kind that settled last is taken back, once, and its copy stays with it', () => {
    const a = new Tree('k1', 11), b = new Tree('k1', 12), other = new Tree('k2', 21);
    a.keep('o', 1, 2, 3, 4, 0);
    expect(a.settle()).toBe(true);
    expect(b.settle()).toBe(true); // the young tree of k1 now
    expect(other.settle()).toBe(true);
    expect(takeBack('k1')).toBe(12);
    expect(b.taken).toBe(true);
    expect(takeBack('k1')).toBe(null); // a was young before b: no longer
    expect(takeBack('k2')).toBe(21);
    expect(a.objects).toEqual(['o']);
    expect(a.shapes).toEqual([1, 2, 3, 4, 0]);
    b.keep('p', 5, 6, 7, 8, 1);
    expect(b.settle()).toBe(false); // grown again after it was taken back: its own for good
    expect(b.objects).toEqual([]);
    expect(takeBack('k1')).toBe(null);
  });

  it('one that cannot give its native tree now stays young', () => {
    const a = new Tree('k3', null);
    a.settle();
    expect(takeBack('k3')).toBe(null);
    a.handle = 7;
    expect(takeBack('k3')).toBe(7);
  });

  it('ages, dropping its copy, past YOUNG_MOST inserts or when told', () => {
    const a = new Tree('k4', 1);
    a.settle();
    for (let i = 0; i < YOUNG_MOST; i++) a.keep(i, i, 0, 1, 1, 0);
    expect(a.objects.length).toBe(YOUNG_MOST);
    a.keep(YOUNG_MOST, 0, 0, 1, 1, 0);
    expect(a.objects).toEqual([]);
    expect(takeBack('k4')).toBe(null);
    const b = new Tree('k4', 2);
    b.settle();
    b.age();
    expect(takeBack('k4')).toBe(null);
  });
});
