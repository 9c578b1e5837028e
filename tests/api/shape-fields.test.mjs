// js/src/common/shape-fields.js is the one statement of which fields each kind of shape keeps its
// numbers in. Two frame loops read them inline for speed (refresh()'s shapes, quadtree-ts's native
// insert); readRect() reads a rect's inline. These tests hold every reader to FIELDS: each object
// is a Proxy that logs the fields read of it (any but qtIndex and data), so a reader that names other fields fails here.
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { SHAPE_CIRCLE, SHAPE_LINE, SHAPE_RECT } from '../../js/src/wasm/abi.js';
import { FIELDS } from '../../js/src/common/shape-fields.js';
import { DIST_ENTRIES, TS_ENTRIES } from '../support/dist.mjs';

const main = await import(pathToFileURL(DIST_ENTRIES.find((e) => e.name === 'quadtree.mjs').path).href);
const ts = await import(pathToFileURL(TS_ENTRIES.find((e) => e.name === 'quadtree-ts.mjs').path).href);

const KINDS = [
  ['rect', SHAPE_RECT, (lib) => new lib.Rectangle({ x: 10, y: 12, width: 5, height: 6 })],
  ['circle', SHAPE_CIRCLE, (lib) => new lib.Circle({ x: 20, y: 22, r: 4 })],
  ['line', SHAPE_LINE, (lib) => new lib.Line({ x1: 30, y1: 32, x2: 36, y2: 40 })],
];

// What a reader may read of a shape besides its numbers.
const NOT_NUMBERS = new Set(['qtIndex', 'data']);

/** `shape` behind a Proxy that logs the fields read of it into `reads`, in order. */
function logged(shape, reads) {
  return new Proxy(shape, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !NOT_NUMBERS.has(key)) reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('each kind of shape is read by the fields shape-fields.js names', () => {
  it.each(KINDS)("FIELDS names a %s's own number fields (the shape classes' constructors)", (_, kind, make) => {
    expect(Object.keys(make(main)).filter((k) => k !== 'data')).toEqual(FIELDS[kind]);
  });

  it.each(KINDS)('a %s: Quadtree insert() reads its FIELDS, refresh() those once each', (_, kind, make) => {
    const tree = new main.Quadtree({ x: 0, y: 0, width: 100, height: 100 });
    tree.insert(new main.Circle({ x: 50, y: 50, r: 1 })); // (the tree keeps a shape table from now on)
    const reads = [];
    const shape = make(main);
    const o = logged(shape, reads);
    tree.insert(o);
    for (const f of FIELDS[kind]) expect(reads).toContain(f);
    reads.length = 0;
    shape[FIELDS[kind][0]] += 1; // (past the proxy: not a read)
    expect(tree.refresh()).toBe(1);
    expect(reads).toEqual(FIELDS[kind]);
    expect(tree.retrieve(o)).toContain(o);
  });

  // A native root reads an inserted shape's numbers once each; one that turned JavaScript would
  // read none (a leaf with room takes an object without asking its shape).
  it.each(KINDS)("a %s: quadtree-ts's native insert() reads its FIELDS once each", (_, kind, make) => {
    const tree = new ts.Quadtree({ width: 100, height: 100 });
    const reads = [];
    const o = logged(make(ts), reads);
    tree.insert(o);
    tree.insert(make(ts));
    expect(reads).toEqual(FIELDS[kind]);
    expect(tree.retrieve(o)).toContain(o);
  });
});
