// rbush 4 (dynamic R-tree): each frame clear() and bulk load() (its fastest build), then one
// search() per object. rbush wants { minX, minY, maxX, maxY } items, so each game object gets one
// item for its life, refreshed each frame. search() matches touching boxes too, so the exact
// strict test still runs on what it returns. W2 runs the same frame as W1 (its fastest way to
// every colliding pair).
import RBush from 'rbush';

function item(o) {
  return { minX: o.x, minY: o.y, maxX: o.x + o.width, maxY: o.y + o.height, o };
}

export default [{
  id: 'rbush',
  family: 'rbush',
  name: 'rbush',

  w1(scene) {
    const tree = new RBush();
    const objs = scene.objects;
    const items = objs.map(item);
    return {
      frame() {
        const n = objs.length;
        for (let i = 0; i < n; i++) {
          const it = items[i], o = objs[i];
          it.minX = o.x;
          it.minY = o.y;
          it.maxX = o.x + o.width;
          it.maxY = o.y + o.height;
        }
        tree.clear();
        tree.load(items);
        let pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = items[i];
          const ax = a.minX, ay = a.minY, ax1 = a.maxX, ay1 = a.maxY, id = a.o.id;
          const found = tree.search(a);
          for (let k = 0; k < found.length; k++) {
            const b = found[k];
            if (b.o.id > id && ax < b.maxX && b.minX < ax1 && ay < b.maxY && b.minY < ay1) pairs++;
          }
        }
        return pairs;
      },
    };
  },

  w2(scene) {
    return this.w1(scene);
  },
  w2IsW1: true, // W2's frame is W1's (see workloads.mjs)

  w3(scene) {
    const tree = new RBush();
    tree.load(scene.objects.map(item));
    const box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
    return {
      query(q) {
        const qx = q.x, qy = q.y, qx1 = qx + q.width, qy1 = qy + q.height;
        box.minX = qx; box.minY = qy; box.maxX = qx1; box.maxY = qy1;
        const found = tree.search(box);
        const hits = [];
        for (let k = 0; k < found.length; k++) {
          const b = found[k];
          if (qx < b.maxX && b.minX < qx1 && qy < b.maxY && b.minY < qy1) hits.push(b.o);
        }
        return hits;
      },
    };
  },
}];
