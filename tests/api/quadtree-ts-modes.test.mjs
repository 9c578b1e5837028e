// The quadtree-ts drop-in's two modes, as a program can tell them apart only by the descriptors of
// a root's `objects` and `nodes` (accessors while the tree is native): a new root is native; reading
// its inside turns it into the package's JavaScript nodes for good, except that clear() of a root
// whose nodes it replaces (minLevels <= 0) makes it native again; subclasses, spies, a minLevels
// skeleton and a tree whose fields changed stay in JavaScript. Every answer is the package's either
// way (the differential test checks that at length; here a drawing loop is compared too).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadTsEntries } from '../support/dist.mjs';

const original = createRequire(import.meta.url)('@timohausmann/quadtree-ts');
const [lib] = await loadTsEntries();
const { Quadtree, Rectangle, Circle } = lib;

const native = (tree) => typeof Object.getOwnPropertyDescriptor(tree, 'nodes').get === 'function';
const KEYS = ['bounds', 'maxObjects', 'minLevels', 'maxLevels', 'level', 'objects', 'nodes'];

// A frame loop that draws the tree as the package's examples do (walks nodes and bounds), with
// objects that move: what it saw, objects by number.
function drawingLoop({ Quadtree: Q, Rectangle: R, Circle: C }, frames, check) {
  const tree = new Q({ width: 200, height: 200, maxObjects: 3 });
  const shapes = Array.from({ length: 40 }, (_, i) => (i % 2 ? new R({ x: (i * 37) % 190, y: (i * 53) % 190, width: 6, height: 6, data: i })
    : new C({ x: (i * 41) % 200, y: (i * 29) % 200, r: 4, data: i })));
  const seen = [];
  for (let f = 0; f < frames; f++) {
    tree.clear();
    check?.(tree, 'after clear');
    for (const s of shapes) {
      s.x = (s.x + 3) % 200;
      tree.insert(s);
    }
    for (const s of shapes) seen.push(tree.retrieve(s).map((o) => o.data).join(','));
    check?.(tree, 'before drawing');
    const walk = (n) => (n.nodes.length ? n.nodes.map(walk).join('|') : `${n.bounds.x},${n.bounds.y},${n.bounds.width}`);
    seen.push(walk(tree));
  }
  return seen;
}

describe(`quadtree-ts modes (dist/${lib.entry.name})`, () => {
  it('a new root is native; reading its inside makes it JavaScript nodes, own keys in order', () => {
    const tree = new Quadtree({ width: 100, height: 100, maxObjects: 1 });
    expect(native(tree)).toBe(true);
    tree.insert(new Rectangle({ x: 10, y: 10, width: 5, height: 5 }));
    tree.insert(new Rectangle({ x: 60, y: 60, width: 5, height: 5 }));
    expect(native(tree)).toBe(true);
    expect(Object.keys(tree)).toEqual(KEYS);
    expect(tree.nodes).toHaveLength(4);
    expect(native(tree)).toBe(false);
    expect(Object.keys(tree)).toEqual(KEYS);
    expect(tree.nodes[1]).toBeInstanceOf(Quadtree);
    expect(tree.nodes[1].objects).toHaveLength(1);
  });

  it('clear() makes a root native again; a drawing loop sees what the package shows it', () => {
    const states = [];
    const ours = drawingLoop(lib, 5, (tree, when) => states.push(`${when}: ${native(tree)}`));
    expect(ours).toEqual(drawingLoop(original, 5));
    expect(states.filter((s) => s === 'after clear: true')).toHaveLength(5);
    expect(states.filter((s) => s === 'before drawing: true')).toHaveLength(5);
  });

  it('stays JavaScript: a subclass, a spy, a minLevels skeleton, a changed field', () => {
    class Sub extends Quadtree {}
    const sub = new Sub({ width: 100, height: 100 });
    expect(native(sub)).toBe(false);
    const spied = new Quadtree({ width: 100, height: 100 });
    spied.join = function join() { return Quadtree.prototype.join.call(this); };
    spied.nodes; // (JavaScript now)
    spied.clear();
    expect(native(spied)).toBe(false);
    const skeleton = new Quadtree({ width: 100, height: 100, minLevels: 1 });
    expect(native(skeleton)).toBe(true);
    expect(skeleton.nodes).toHaveLength(4);
    skeleton.clear();
    expect(native(skeleton)).toBe(false); // its four nodes are kept: a program may hold them
    const moved = new Quadtree({ width: 100, height: 100 });
    moved.bounds.width = 50;
    moved.insert(new Circle({ x: 10, y: 10, r: 2 }));
    expect(native(moved)).toBe(false);
    moved.clear();
    expect(native(moved)).toBe(true); // native again, with the new bounds
    moved.insert(new Circle({ x: 40, y: 10, r: 2 }));
    expect(moved.nodes).toEqual([]);
    expect(moved.bounds).toEqual({ x: 0, y: 0, width: 50, height: 100 });
  });
});
