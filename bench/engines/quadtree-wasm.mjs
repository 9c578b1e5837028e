// quadtree-wasm through its drop-in quadtree-js API: clear(), insert(obj), retrieve(rect) -> a
// new candidates array, then the exact test. Exactly what a game that swapped the file runs.
import Quadtree from '../../dist/quadtree.mjs';

function engine(maxObjects, maxLevels) {
  return {
    id: `quadtree-wasm-l${maxLevels}`,
    family: 'quadtree-wasm',
    name: `quadtree-wasm (${maxObjects},${maxLevels})`,

    // W1: one game frame: rebuild, query every object, count colliding pairs once each.
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
        dispose() { tree.dispose(); },
      };
    },

    // W3: a static scene, built once; each query returns the exact hits.
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
        dispose() { tree.dispose(); },
      };
    },
  };
}

export default [engine(10, 4), engine(10, 8)];
