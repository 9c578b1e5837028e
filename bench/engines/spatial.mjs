// The spatial queries against their peers, on static scenes (the index built once, outside the
// frames): each frame asks QUERIES questions, the same ones of every engine (seeded by the scene).
//   nn1, nn10   the 1 and 10 objects nearest a point, among the scene's rects
//   pt1, pt10   the same among points: each object's top-left corner
//   ray         the first body a ray reaches within a quarter of the world's side, from an
//               origin outside every rect of the scene (detect-collisions finds where a ray
//               crosses a body's edge, so a ray from inside one would hit its far side there),
//               among circles and rects: half the objects (ids 0, 1, 4, 5, 8, …: on the points
//               scene half its points and half its rects) are their rect's inscribed circle
//               (centre the rect's, r half its smaller side), the rest their rect
// A frame returns a checksum the engines must agree on (targets.mjs checks it): over the answers,
// each object's distance (to its rect, or along the ray to its rect or circle: computed here from
// the object by spatial-reference.mjs, the same way for every engine) in 1/1024 px, summed. Ties
// give the same distances whichever object an engine picks among them.
import Flatbush from 'flatbush';
import RBush from 'rbush';
import knn from 'rbush-knn';
import { quadtree as d3quadtree } from 'd3-quadtree';
import { System } from 'detect-collisions';
import * as dist from '../../dist/quadtree.mjs';
import { mulberry32 } from '../scene.mjs';
import { distanceTo, entryOf, isCircle } from '../spatial-reference.mjs';

export const QUERIES = 1000;

const units = (d) => Math.round(d * 1024);

// The scene's objects as they are at the start (the frame loop steps the scene; these stay).
const still = (objs) => objs.map((o) => ({ x: o.x, y: o.y, width: o.width, height: o.height, id: o.id }));
const points = (objs) => objs.map((o) => ({ x: o.x, y: o.y, width: 0, height: 0, id: o.id }));
/** The ray's bodies: as still(), but ids 0, 1, 4, 5, … are their rect's inscribed circle
 * ({ x, y, r, id }, centre x, y, with this library's Circle qtIndex, which detect-collisions'
 * engine ignores: it makes a Circle body of it). */
const isRound = (i) => i % 4 < 2;
const bodies = (objs) => objs.map((o, i) => (isRound(i)
  ? { x: o.x + o.width / 2, y: o.y + o.height / 2, r: Math.min(o.width, o.height) / 2, id: o.id, qtIndex: dist.Circle.prototype.qtIndex }
  : { x: o.x, y: o.y, width: o.width, height: o.height, id: o.id }));

/** The scene's questions: QUERIES points, and QUERIES rays from outside every rect (kept per scene). */
const asked = new WeakMap();
function questions(scene) {
  let q = asked.get(scene);
  if (q) return q;
  const rand = mulberry32((scene.n * 2654435761) >>> 0);
  const x = new Float64Array(QUERIES), y = new Float64Array(QUERIES);
  for (let i = 0; i < QUERIES; i++) {
    x[i] = rand() * scene.width;
    y[i] = rand() * scene.height;
  }
  const rx = new Float64Array(QUERIES), ry = new Float64Array(QUERIES), ux = new Float64Array(QUERIES), uy = new Float64Array(QUERIES);
  const index = new Flatbush(scene.objects.length); // (questions() runs before the first step)
  for (const o of scene.objects) index.add(o.x, o.y, o.x + o.width, o.y + o.height);
  index.finish();
  for (let i = 0; i < QUERIES;) {
    const ox = rand() * scene.width, oy = rand() * scene.height, a = rand() * 2 * Math.PI;
    if (index.search(ox, oy, ox, oy).length) continue; // (inside or on a rect)
    rx[i] = ox; ry[i] = oy; ux[i] = Math.cos(a); uy[i] = Math.sin(a);
    i++;
  }
  q = { x, y, rx, ry, ux, uy, reach: Math.max(scene.width, scene.height) / 4 };
  asked.set(scene, q);
  return q;
}

/** An engine whose frame runs `answer(i)` (a checksum) for every question. */
const framed = (answer, dispose) => ({
  frame() {
    let sum = 0;
    for (let i = 0; i < QUERIES; i++) sum += answer(i);
    return sum;
  },
  dispose,
});

const nearestOf = (make) => (k, pts) => function (scene) {
  const objs = pts ? points(scene.objects) : still(scene.objects), q = questions(scene);
  const near = make(objs, scene);
  return framed((i) => {
    let sum = 0;
    for (const o of near.find(q.x[i], q.y[i], k)) sum += units(distanceTo(o, q.x[i], q.y[i]));
    return sum;
  }, near.dispose);
};

const ours = nearestOf((objs, scene) => {
  const tree = new dist.LinearQuadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, { depth: 'auto' });
  tree.insert(objs);
  return { find: (x, y, k) => tree.nearest(x, y, k), dispose: () => tree.dispose() };
});
const flat = nearestOf((objs) => {
  const index = new Flatbush(objs.length);
  for (const o of objs) index.add(o.x, o.y, o.x + o.width, o.y + o.height);
  index.finish();
  return { find: (x, y, k) => index.neighbors(x, y, k).map((i) => objs[i]) };
});
const rb = nearestOf((objs) => {
  const tree = new RBush();
  tree.load(objs.map((o) => ({ minX: o.x, minY: o.y, maxX: o.x + o.width, maxY: o.y + o.height, o })));
  return { find: (x, y, k) => knn(tree, x, y, k).map((b) => b.o) };
});
const d3 = nearestOf((objs) => {
  const tree = d3quadtree(objs, (o) => o.x, (o) => o.y);
  return { find: (x, y) => [tree.find(x, y)] };
});

function ray(cast, dispose) {
  return (scene, q) => framed((i) => {
    const o = cast(q.rx[i], q.ry[i], q.ux[i], q.uy[i], q.reach);
    return o ? units(entryOf(o, q.rx[i], q.ry[i], q.ux[i], q.uy[i])) : 0;
  }, dispose);
}

export default [
  {
    id: 'quadtree-wasm-spatial', family: 'quadtree-wasm', name: 'quadtree-wasm LinearQuadtree nearest / raycast',
    nn1: ours(1), nn10: ours(10), pt1: ours(1, true), pt10: ours(10, true),
    ray(scene) {
      const tree = new dist.LinearQuadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, { depth: 'auto' });
      tree.insert(bodies(scene.objects));
      return ray((x, y, dx, dy, far) => tree.raycast(x, y, dx, dy, far)?.object, () => tree.dispose())(scene, questions(scene));
    },
  },
  { id: 'flatbush-neighbors', family: 'flatbush', name: 'flatbush neighbors', nn1: flat(1), nn10: flat(10), pt1: flat(1, true), pt10: flat(10, true) },
  { id: 'rbush-knn', family: 'rbush', name: 'rbush + rbush-knn', nn1: rb(1), nn10: rb(10), pt1: rb(1, true), pt10: rb(10, true) },
  { id: 'd3-quadtree-find', family: 'd3-quadtree', name: 'd3-quadtree find', pt1: d3(1, true) },
  {
    id: 'detect-collisions-raycast', family: 'detect-collisions', name: 'detect-collisions raycast',
    ray(scene) {
      const system = new System();
      for (const o of bodies(scene.objects)) {
        if (isCircle(o)) system.createCircle({ x: o.x, y: o.y }, o.r, { userData: o });
        else system.createBox({ x: o.x, y: o.y }, o.width, o.height, { userData: o });
      }
      const to = { x: 0, y: 0 };
      return ray((x, y, ux, uy, far) => {
        to.x = x + ux * far;
        to.y = y + uy * far;
        return system.raycast({ x, y }, to)?.body.userData;
      })(scene, questions(scene));
    },
  },
];
