// @timohausmann/quadtree-ts 2.3.0 with its documented defaults (maxObjects 10, maxLevels 4).
// It stores shapes that know their own quadrant (qtIndex), so each game object gets one
// Rectangle for its whole life (data = the object); a frame copies the position into it, as a
// game would that keeps its entities in sync with their quadtree shapes.
import { Quadtree, Rectangle } from '@timohausmann/quadtree-ts';

export default [{
  id: 'quadtree-ts',
  family: 'quadtree-ts',
  name: 'quadtree-ts (10,4)',

  w1(scene) {
    const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height });
    const objs = scene.objects;
    const rects = objs.map((o) => new Rectangle({ x: o.x, y: o.y, width: o.width, height: o.height, data: o }));
    return {
      frame() {
        const n = objs.length;
        tree.clear();
        for (let i = 0; i < n; i++) {
          const r = rects[i], o = objs[i];
          r.x = o.x;
          r.y = o.y;
          tree.insert(r);
        }
        let pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = rects[i];
          const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.data.id;
          const candidates = tree.retrieve(a);
          for (let k = 0; k < candidates.length; k++) {
            const b = candidates[k];
            if (b.data.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
          }
        }
        return pairs;
      },
    };
  },
}];
