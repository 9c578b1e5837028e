// d3-quadtree 3 (a point quadtree): each frame a new tree of the rects' centres (addAll over a
// fixed extent), then per object a visit() of the window that can hold the centre of any rect
// overlapping it: the object's rect grown by half the largest rect size on each side. Leaves
// hold linked lists of points; the exact strict test runs on each visited point's rect.
import { quadtree } from 'd3-quadtree';

const cx = (o) => o.x + o.width / 2;
const cy = (o) => o.y + o.height / 2;

export default [{
  id: 'd3-quadtree',
  family: 'd3-quadtree',
  name: 'd3-quadtree',

  w1(scene) {
    const objs = scene.objects;
    const pad = scene.maxSize / 2;
    let pairs = 0, id = 0, ax = 0, ay = 0, ax1 = 0, ay1 = 0, qx0 = 0, qy0 = 0, qx1 = 0, qy1 = 0;
    const visit = (node, x0, y0, x1, y1) => {
      if (!node.length) {
        do {
          const b = node.data;
          if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
        } while ((node = node.next));
        return false;
      }
      return x0 > qx1 || y0 > qy1 || x1 < qx0 || y1 < qy0; // true: skip this quad
    };
    return {
      frame() {
        const n = objs.length;
        const tree = quadtree().x(cx).y(cy).extent([[0, 0], [scene.width, scene.height]]).addAll(objs);
        pairs = 0;
        for (let i = 0; i < n; i++) {
          const a = objs[i];
          id = a.id; ax = a.x; ay = a.y; ax1 = ax + a.width; ay1 = ay + a.height;
          qx0 = ax - pad; qy0 = ay - pad; qx1 = ax1 + pad; qy1 = ay1 + pad;
          tree.visit(visit);
        }
        return pairs;
      },
    };
  },
}];
