// @timohausmann/quadtree-js 1.2.6, the library quadtree-wasm replaces: the same loop as
// quadtree-wasm.mjs (kept as its own copy so each library's call sites stay monomorphic).
// In a browser the import map in browser.html points this specifier at shims/quadtree-js.mjs,
// which hands over the global set by quadtree-js's classic <script>.
import Quadtree from '@timohausmann/quadtree-js';

function engine(maxObjects, maxLevels) {
  const e = {
    id: `quadtree-js-l${maxLevels}`,
    family: 'quadtree-js',
    name: `quadtree-js (${maxObjects},${maxLevels})`,

    w1(scene) {
      const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, maxObjects, maxLevels);
      const objs = scene.objects;
      return {
        frame() {
          const n = objs.length;
          tree.clear();
          for (let i = 0; i < n; i++) tree.insert(objs[i]);
          let pairs = 0;
          for (let i = 0; i < n; i++) {
            const a = objs[i];
            const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
            const candidates = tree.retrieve(a);
            for (let k = 0; k < candidates.length; k++) {
              const b = candidates[k];
              if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
            }
          }
          return pairs;
        },
      };
    },

    w3(scene) {
      const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, maxObjects, maxLevels);
      const objs = scene.objects;
      for (let i = 0; i < objs.length; i++) tree.insert(objs[i]);
      return {
        query(q) {
          const qx = q.x, qy = q.y, qx1 = qx + q.width, qy1 = qy + q.height;
          const candidates = tree.retrieve(q);
          const hits = [];
          for (let k = 0; k < candidates.length; k++) {
            const b = candidates[k];
            if (qx < b.x + b.width && b.x < qx1 && qy < b.y + b.height && b.y < qy1) hits.push(b);
          }
          return hits;
        },
      };
    },
  };
  // W2's baseline: the (10,4) W1 loop, as a game using quadtree-js gets every colliding pair.
  if (maxLevels === 4) {
    e.w2 = e.w1;
    e.w2IsW1 = true; // W2's frame is W1's (see workloads.mjs)
  }
  return e;
}

// W6, a tree per frame (the tutorial's pattern): `new Quadtree(bounds)` every frame, with its
// defaults (10, 4), insert every object, retrieve per object, the exact test.
const perFrame = {
  id: 'quadtree-js-tpf',
  family: 'quadtree-js',
  name: 'quadtree-js new Quadtree(bounds) per frame',
  w6(scene) {
    const b = { x: 0, y: 0, width: scene.width, height: scene.height };
    const objs = scene.objects;
    return {
      frame() {
        const n = objs.length;
        const tree = new Quadtree(b);
        for (let i = 0; i < n; i++) tree.insert(objs[i]);
        let pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = objs[i];
          const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
          const candidates = tree.retrieve(a);
          for (let k = 0; k < candidates.length; k++) {
            const c = candidates[k];
            if (c.id > id && ax < c.x + c.width && c.x < ax1 && ay < c.y + c.height && c.y < ay1) pairs++;
          }
        }
        return pairs;
      },
    };
  },
};

export default [engine(10, 4), engine(10, 8), perFrame];
