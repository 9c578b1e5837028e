// The ES module entry, as a bundler or <script type="module"> loads it, in a real Chromium.
import { describe, expect, it } from 'vitest';
import Quadtree, { Quadtree as Named } from '../../dist/quadtree.mjs';

describe('ES module in Chromium', () => {
  it('exports the class as default and by name, usable with no await', () => {
    expect(Named).toBe(Quadtree);
    const tree = new Quadtree({ x: 0, y: 0, width: 640, height: 480 });
    expect(tree.max_objects).toBe(10);
    expect(tree.max_levels).toBe(4);
  });

  it('#retrieve returns the very objects inserted', () => {
    const tree = new Quadtree({ x: 0, y: 0, width: 640, height: 480 }, 4);
    const objects = [];
    for (let i = 0; i < 500; i++) {
      const o = { id: i, x: (i * 37) % 620, y: (i * 53) % 460, width: 12, height: 9 };
      objects.push(o);
      tree.insert(o);
    }
    const found = tree.retrieve({ x: 100, y: 100, width: 40, height: 40 });
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) expect(objects[o.id]).toBe(o);
    expect(tree.nodes).toHaveLength(4);
    expect(tree.validate()).toBe(true);
    tree.dispose();
    expect(() => tree.retrieve({ x: 0, y: 0, width: 1, height: 1 })).toThrow(/disposed/);
  });

  it('keeps working after the wasm memory grows', () => {
    const tree = new Quadtree({ x: 0, y: 0, width: 10000, height: 10000 }, 4, 8);
    const objects = [];
    for (let i = 0; i < 60000; i++) {
      const o = { x: (i * 7919) % 10000, y: (i * 104729) % 10000, width: 5, height: 5 };
      objects.push(o);
      tree.insert(o);
    }
    const everything = tree.retrieve({ x: 0, y: 0, width: 10000, height: 10000 });
    expect(new Set(everything).size).toBe(objects.length);
    tree.dispose();
  });
});
