// The quadtree-ts drop-in's two modes, as a program can tell them apart only by the descriptors of
// a root's `objects` and `nodes` (accessors while the tree is native): a new root is native and
// stays so while the program reads its inside (to draw it) without changing it; the nodes it
// read are the package's node objects, kept while they stand for the same nodes. Changing them,
// a subclass, a spy or a changed field of the root turn it into the package's JavaScript nodes;
// clear() of a root whose nodes it replaces (minLevels <= 0) makes it native again. Every answer
// is the package's either way (the differential test checks that at length; here drawing loops
// are compared too).
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

// The package's update example: objects move and are updated in place, each frame retrieves for
// every object and draws the tree, never clearing it.
function updateLoop({ Quadtree: Q, Rectangle: R, Circle: C }, frames, check) {
  const tree = new Q({ width: 300, height: 300, maxObjects: 4 });
  const shapes = Array.from({ length: 60 }, (_, i) => (i % 3 ? new R({ x: (i * 37) % 290, y: (i * 53) % 290, width: 8, height: 5, data: i })
    : new C({ x: (i * 41) % 300, y: (i * 29) % 300, r: 6, data: i })));
  for (const s of shapes) tree.insert(s);
  const seen = [];
  const draw = (n) => (n.nodes.length ? n.nodes.map(draw).join('|') : `${n.bounds.x},${n.bounds.y}:${n.objects.length}`);
  for (let f = 0; f < frames; f++) {
    for (const [i, s] of shapes.entries()) {
      s.x = (s.x + 7 + i) % 300;
      s.y = (s.y + 3) % 300;
      tree.update(s, i % 2 === 0);
    }
    for (const s of shapes) seen.push(tree.retrieve(s).map((o) => o.data).join(','));
    seen.push(draw(tree));
    check?.(tree);
  }
  return seen;
}

describe(`quadtree-ts modes (dist/${lib.entry.name})`, () => {
  it('a new root is native, and stays so while its inside is read: the package\'s nodes, own keys in order', () => {
    const tree = new Quadtree({ width: 100, height: 100, maxObjects: 1 });
    expect(native(tree)).toBe(true);
    tree.insert(new Rectangle({ x: 10, y: 10, width: 5, height: 5 }));
    tree.insert(new Rectangle({ x: 60, y: 60, width: 5, height: 5 }));
    expect(Object.keys(tree)).toEqual(KEYS);
    expect(tree.nodes).toHaveLength(4);
    expect(tree.nodes).toBe(tree.nodes);
    expect(native(tree)).toBe(true);
    const leaf = tree.nodes[1];
    expect(leaf).toBeInstanceOf(Quadtree);
    expect(Object.keys(leaf)).toEqual(KEYS);
    expect(leaf.objects).toHaveLength(1);
    expect(leaf.bounds).toEqual({ x: 0, y: 0, width: 50, height: 50 });
    tree.retrieve(new Rectangle({ x: 1, y: 1, width: 1, height: 1 }));
    expect(native(tree)).toBe(true);
  });

  it('a node read before a change shows it; one the change dropped shows empty lists, as the package\'s do', () => {
    for (const lib2 of [lib, original]) {
      const tree = new lib2.Quadtree({ width: 100, height: 100, maxObjects: 1 });
      const a = new lib2.Rectangle({ x: 10, y: 10, width: 5, height: 5 });
      const b = new lib2.Rectangle({ x: 60, y: 60, width: 5, height: 5 });
      tree.insert(a);
      tree.insert(b);
      const leaf = tree.nodes[1];
      const c = new lib2.Rectangle({ x: 20, y: 30, width: 2, height: 2 });
      tree.insert(c); // leaf splits: its nodes appear, its objects go
      expect(tree.nodes[1]).toBe(leaf);
      expect(leaf.objects).toEqual([]);
      expect(leaf.nodes).toHaveLength(4);
      const inner = leaf.nodes[0];
      tree.remove(c); // the join folds leaf's nodes back: they are dropped, emptied
      expect(leaf.nodes).toEqual([]);
      expect(leaf.objects).toEqual([a]);
      expect(inner.objects).toEqual([]);
      tree.clear();
      expect(leaf.objects).toEqual([]);
      expect(tree.nodes).toEqual([]);
      if (lib2 === lib) expect(native(tree)).toBe(true);
    }
  });

  it('the update example, drawn every frame and never cleared, stays native and sees what the package shows it', () => {
    const states = [];
    const ours = updateLoop(lib, 6, (tree) => states.push(native(tree)));
    expect(ours).toEqual(updateLoop(original, 6));
    expect(states).toEqual([true, true, true, true, true, true]);
  });

  it('clear() after a read keeps a root native; a drawing loop sees what the package shows it', () => {
    const states = [];
    const ours = drawingLoop(lib, 5, (tree, when) => states.push(`${when}: ${native(tree)}`));
    expect(ours).toEqual(drawingLoop(original, 5));
    expect(states.filter((s) => s.endsWith('true'))).toHaveLength(10);
  });

  it('a changed node, list or a node\'s own call turns the root into the package\'s JavaScript nodes, kept', () => {
    const changes = [
      (t) => t.nodes[2].objects.push(t.nodes[3].objects[0]),
      (t) => { t.nodes[3].bounds.x = 1; },
      (t) => { t.nodes[0].maxObjects = 9; },
      (t, R) => t.nodes[1].insert(new R({ x: 1, y: 1, width: 1, height: 1, i: 'n' })),
      (t) => { t.nodes[0].nodes = []; },
      (t) => t.nodes.reverse(),
      (t) => { t.nodes[0].tag = 'seen'; },
    ];
    const name = (o) => (o === undefined ? 'undefined' : o.i);
    for (const [k, change] of changes.entries()) {
      const run = (l) => {
        const t = new l.Quadtree({ width: 100, height: 100, maxObjects: 2 });
        const rects = Array.from({ length: 9 }, (_, i) => new l.Rectangle({ x: (i * 31) % 95, y: (i * 17) % 95, width: 4, height: 4, i }));
        for (const r of rects) t.insert(r);
        const first = t.nodes[0];
        change(t, l.Rectangle);
        const got = [t.retrieve(rects[4]).map(name), t.nodes[0] === first];
        t.insert(new l.Rectangle({ x: 70, y: 70, width: 2, height: 2, i: 9 }));
        got.push(t.join().map(name), JSON.stringify(t));
        return { got, native: native(t) };
      };
      const ours = run(lib);
      expect(ours.got, `change ${k}`).toEqual(run(original).got);
      expect(ours.native, `change ${k}`).toBe(false);
    }
  });

  // A root is young (js/src/common/young.js) while it only inserts and reads and its inside is not
  // read: the next root takes its native tree, and it grows one again from its copy when used.
  const nine = (l) => Array.from({ length: 9 }, (_, i) => new l.Rectangle({ x: (i * 31) % 95, y: (i * 17) % 95, width: 4, height: 4, i }));
  const by = (list) => list.map((o) => o.i);

  it('a root made before a new one gives its native tree to it and grows it again when used: native, the package\'s answers', () => {
    const run = (l) => {
      const first = new l.Quadtree({ width: 100, height: 100, maxObjects: 2 });
      const rects = nine(l);
      for (const r of rects) first.insert(r);
      rects[0].x += 40; // after the splits that read it: the tree holds it where it was
      const second = new l.Quadtree({ width: 50, height: 50 }); // takes first's native tree
      second.insert(rects[1]);
      const got = [by(first.retrieve(rects[3])), by(first.retrieve(rects[0])), by(first.join())]; // first grows again
      const third = new l.Quadtree({ width: 50, height: 50, maxObjects: 1 }); // takes second's
      for (const r of rects.slice(4)) third.insert(r);
      got.push(by(second.retrieve(rects[1])), by(third.retrieve(rects[5])), JSON.stringify(first), JSON.stringify(second));
      first.clear();
      first.insert(rects[1]);
      got.push(JSON.stringify(first));
      return { got, trees: [first, second, third] };
    };
    const ours = run(lib);
    expect(ours.got).toEqual(run(original).got);
    expect(ours.trees.map(native)).toEqual([true, true, true]);
  });

  it('a root whose split read a shape other than at its insert keeps its native tree: the package\'s answers', () => {
    const run = (l) => {
      const first = new l.Quadtree({ width: 100, height: 100, maxObjects: 2 });
      const rects = nine(l);
      first.insert(rects[0]);
      first.insert(rects[1]);
      rects[0].x += 50; // the next insert's split reads it here; a replay of the inserts would not
      for (const r of rects.slice(2)) first.insert(r);
      const second = new l.Quadtree({ width: 50, height: 50 });
      second.insert(rects[1]);
      return [...rects.map((r) => by(first.retrieve(r))), JSON.stringify(first), by(second.retrieve(rects[1]))];
    };
    expect(run(lib)).toEqual(run(original));
  });

  it('stays JavaScript: a subclass, a spy, a changed field; a minLevels skeleton keeps its nodes', () => {
    class Sub extends Quadtree {}
    const sub = new Sub({ width: 100, height: 100 });
    expect(native(sub)).toBe(false);
    const spied = new Quadtree({ width: 100, height: 100 });
    spied.join = function join() { return Quadtree.prototype.join.call(this); };
    spied.clear();
    expect(native(spied)).toBe(false);
    const skeleton = new Quadtree({ width: 100, height: 100, minLevels: 1 });
    expect(native(skeleton)).toBe(true);
    const kept = skeleton.nodes[2];
    skeleton.insert(new Rectangle({ x: 10, y: 60, width: 5, height: 5 }));
    expect(kept.objects).toHaveLength(1);
    skeleton.clear();
    expect(native(skeleton)).toBe(true);
    expect(skeleton.nodes[2]).toBe(kept); // the package keeps the skeleton's nodes
    expect(kept.objects).toEqual([]);
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
