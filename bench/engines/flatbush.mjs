// flatbush 4 (static packed Hilbert R-tree): each frame a new Flatbush(n), add() every object
// (ids are insertion order = object index), finish(), then one search() per object. The exact
// strict test runs inside search's filter callback, which gets each item's box and returns
// false, so no result arrays are filled: the fastest use its README documents. W2 runs the same
// frame as W1.
import Flatbush from 'flatbush';

export default [{
  id: 'flatbush',
  family: 'flatbush',
  name: 'flatbush',

  w1(scene) {
    const objs = scene.objects;
    let pairs = 0, id = 0, ax = 0, ay = 0, ax1 = 0, ay1 = 0;
    const count = (j, x0, y0, x1, y1) => {
      if (j > id && ax < x1 && x0 < ax1 && ay < y1 && y0 < ay1) pairs++;
      return false;
    };
    return {
      frame() {
        const n = objs.length;
        const index = new Flatbush(n);
        for (let i = 0; i < n; i++) {
          const o = objs[i];
          index.add(o.x, o.y, o.x + o.width, o.y + o.height);
        }
        index.finish();
        pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = objs[i];
          id = i; ax = a.x; ay = a.y; ax1 = ax + a.width; ay1 = ay + a.height;
          index.search(ax, ay, ax1, ay1, count);
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
    const objs = scene.objects;
    const index = new Flatbush(objs.length);
    for (let i = 0; i < objs.length; i++) {
      const o = objs[i];
      index.add(o.x, o.y, o.x + o.width, o.y + o.height);
    }
    index.finish();
    let hits = null, qx = 0, qy = 0, qx1 = 0, qy1 = 0;
    const keep = (j, x0, y0, x1, y1) => {
      if (qx < x1 && x0 < qx1 && qy < y1 && y0 < qy1) hits.push(objs[j]);
      return false;
    };
    return {
      query(q) {
        qx = q.x; qy = q.y; qx1 = qx + q.width; qy1 = qy + q.height;
        hits = [];
        index.search(qx, qy, qx1, qy1, keep);
        return hits;
      },
    };
  },
}];
