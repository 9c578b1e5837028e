// Compiled by tests/packaging/types.test.mjs against the package's exports (never run).
import Quadtree, { Quadtree as Named, LinearQuadtree, QuadTree, Rectangle, Circle, Line, ready, type Rect, type Item, type Shape, type CircleShape, type LineShape, type PairList, type Stats, type OutOfMemoryError, type RayHit, type RayIdHit } from 'quadtree-wasm';

interface Ship extends Rect { name: string; vx: number }

// Ready: the promise on the class and the named export (resolves when trees can be constructed).
const whenReady: Promise<void> = Quadtree.ready;
const sameReady: Promise<void> = ready;
async function start(): Promise<Quadtree<Ship>> {
  await Quadtree.ready;
  return new Quadtree<Ship>({ x: 0, y: 0, width: 1, height: 1 });
}
const Linear: typeof LinearQuadtree = Quadtree.LinearQuadtree;

// A tree of objects, quadtree-js style: queries return the objects.
const tree = new Quadtree<Ship>({ x: 0, y: 0, width: 640, height: 480 }, 10, 4);
const same: typeof Named = Quadtree;
const ship: Ship = { x: 1, y: 2, width: 3, height: 4, name: 'a', vx: 1 };
tree.insert(ship);
tree.insert([ship, ship]);
const found: Ship[] = tree.retrieve({ x: 0, y: 0, width: 10, height: 10 });
const names: string[] = found.map((s) => s.name);
const into: Ship[] = tree.retrieve([], ship);
const all: Ship[] = tree.getAllObjects();
const own: Ship[] = tree.objects;
const sub: Quadtree<Ship>[] = tree.nodes;
const indexes: number[] = tree.getIndex(ship);
const hits: Ship[] = tree.search(ship);
const any: boolean = tree.collides(ship);
const nearestShips: Ship[] = tree.nearest(0, 0, 3, 100);
const nearestShip: Ship | undefined = tree.nearest(0, 0)[0];
const ray: RayHit<Ship> | null = tree.raycast(0, 0, 1, 0, 500);
const rayName: string | undefined = ray?.object.name;
const rayDistance: number | undefined = tree.raycast(0, 0, 1, 0)?.distance;
const pairs: PairList<Ship> = tree.pairs();
const first: Ship = pairs.first(0);
const second: Ship = pairs.second(0);
const byId: Ship = pairs.object(pairs.ids[0]);
const ids: Int32Array = pairs.ids;
const count: number = pairs.count;
tree.forEachPair((a, b) => a.vx + b.vx);
const updated: boolean = tree.update(ship);
const moved: number = tree.refresh();
const removed: boolean = tree.remove(ship);
tree.forEachNode((bounds, level, isLeaf, count) => bounds.width + level + count + (isLeaf ? 1 : 0));
const stats: Stats = tree.stats();
const depth: number = stats.depth;
const valid: boolean = tree.validate();
try {
  tree.insert(ship);
} catch (e) {
  const lost: Ship[] = (e as OutOfMemoryError<Ship>).notInserted ?? [];
  lost.forEach((s) => s.name);
}
tree.clear();
tree.dispose();

// Without a type argument: a tree of plain rects, as quadtree-js users write it.
const plain = new Quadtree({ x: 0, y: 0, width: 640, height: 480 });
plain.insert({ x: 1, y: 2, width: 3, height: 4 });
const plainFound: Rect[] = plain.retrieve({ x: 0, y: 0, width: 10, height: 10 });

// Generic code over trees of objects.
function fill<T extends Rect>(t: Quadtree<T> | LinearQuadtree<T>, items: T[]): T[] {
  t.insert(items);
  t.insert(items[0]);
  t.update(items[0]);
  return t.search(items[0]);
}

// A tree of numeric ids (setRects): queries return numbers.
const idTree = new Quadtree<number>({ x: 0, y: 0, width: 640, height: 480 });
idTree.setRects(new Float32Array([0, 0, 10, 10, 5, 5, 10, 10]));
idTree.setRects(new Float64Array([0, 0, 10, 10]), [7]);
idTree.setRects(new Float64Array([0, 0, 10, 10]), new Int32Array([7]));
const idHits: number[] = idTree.search({ x: 0, y: 0, width: 1, height: 1 });
const idNearest: number[] = idTree.nearest(5, 5, 2);
const idRay: RayIdHit | null = idTree.raycast(0, 0, 1, 1);
const idRayId: number | undefined = idRay?.id;
const idCandidates: number[] = idTree.retrieve({ x: 0, y: 0, width: 1, height: 1 });
const idAll: number[] = idTree.getAllObjects();
const idOwn: number[] = idTree.objects;
const idNodes: Quadtree<number>[] = idTree.nodes;
const idPairs: PairList<number> = idTree.pairs();
const idFirst: number = idPairs.first(0);
const idSecond: number = idPairs.second(0);
idTree.forEachPair((a, b) => a + b);
const idRemoved: boolean = idTree.remove(7);
const idTouching: boolean = idTree.collides({ x: 0, y: 0, width: 1, height: 1 });
const item: Item = idHits[0];

// @ts-expect-error: a tree of ids takes no objects
idTree.insert({ x: 1, y: 2, width: 3, height: 4 });
// @ts-expect-error: nor numbers through insert (setRects places ids)
idTree.insert(3);
// @ts-expect-error: update re-reads an object's rect; ids move with setRects
idTree.update(3);
// @ts-expect-error: the ids are numbers, not objects
const idWrong: Ship[] = idTree.search(ship);
// @ts-expect-error: an id tree's ray hit holds an id, not an object
const idRayObject = idTree.raycast(0, 0, 1, 0)?.object;
// @ts-expect-error: nearest takes numbers, not a rect
tree.nearest(ship);
// @ts-expect-error: pairs of an id tree are numbers
idTree.forEachPair((a: Ship, b: Ship) => a.vx + b.vx);
// @ts-expect-error: setRects on a tree of objects would make its queries return numbers
tree.setRects(new Float32Array([0, 0, 1, 1]));
// @ts-expect-error: and on a tree of plain rects
plain.setRects(new Float32Array([0, 0, 1, 1]));
// @ts-expect-error: rects are a Float32Array or Float64Array
idTree.setRects([0, 0, 1, 1]);
// @ts-expect-error: a tree holds objects with a rect or numbers
new Quadtree<string>({ x: 0, y: 0, width: 1, height: 1 });

// LinearQuadtree: the same, with objects or ids.
const linear = new LinearQuadtree<Ship>({ x: 0, y: 0, width: 100, height: 100 }, { depth: 6 });
const linearDepth: number = linear.depth;
const fitted = new LinearQuadtree<Ship, 'auto'>({ x: 0, y: 0, width: 100, height: 100 }, { depth: 'auto' });
const fittedDepth: 'auto' = fitted.depth;
const inferred: 'auto' = new LinearQuadtree({ x: 0, y: 0, width: 100, height: 100 }, { depth: 'auto' }).depth;
const linearBounds: Rect = linear.bounds;
linear.insert(ship);
linear.insert([ship]);
const linearHits: Ship[] = linear.search(ship);
const linearPairs: PairList<Ship> = linear.pairs();
const linearMoved: number = linear.refresh();
linear.forEachPair((a, b) => a.name + b.name);
const linearIds = new Linear<number>({ x: 0, y: 0, width: 100, height: 100 });
linearIds.setRects(new Float32Array([0, 0, 1, 1]));
const linearIdHits: number[] = linearIds.search({ x: 0, y: 0, width: 1, height: 1 });
const linearIdFirst: number = linearIds.pairs().first(0);
// @ts-expect-error: a LinearQuadtree has no retrieve (search is exact)
linear.retrieve(ship);
// @ts-expect-error: setRects on a LinearQuadtree of objects
linear.setRects(new Float32Array([0, 0, 1, 1]));
// @ts-expect-error: insert on a LinearQuadtree of ids
linearIds.insert(ship);
// @ts-expect-error: options is an object
new LinearQuadtree({ x: 0, y: 0, width: 1, height: 1 }, 6);

// @ts-expect-error: objects need x, y, width and height
tree.insert({ x: 1, y: 2 });

// The tutorial tree: the game's own code, unchanged.
const tut = new QuadTree<Ship>({ x: 0, y: 0, width: 640, height: 480 });
const tutDefault = new QuadTree();
const tutOptions = new QuadTree({ x: 0, y: 0, width: 1, height: 1 }, 0, { maxObjects: 4, maxLevels: 8 });
tut.clear();
tut.insert(ship);
tut.insert([ship, ship]);
tut.insert(undefined);
const tutFound: Ship[] = tut.findObjects([], ship);
const tutRetrieved: Ship[] = tut.retrieve([], ship);
const tutNone: undefined = tut.findObjects([], undefined);
const tutAll: Ship[] = tut.getAllObjects([]);
const tutIndex: number = tut.getIndex(ship);
const tutChild: QuadTree<Ship> | undefined = tut.nodes[0];
const tutChildBounds: Rect = tut.nodes[0].bounds;
const tutDead: number = tut.refresh((s) => s.name !== 'gone');
const tutRemoved: boolean = tut.remove(ship);
const tutHits: Ship[] = tut.search(ship);
const tutStatic: typeof QuadTree = Quadtree.QuadTree;
// @ts-expect-error: findObjects appends to an array you give
tut.findObjects(ship);
// @ts-expect-error: getIndex is one index for the tutorial tree
const tutWrong: number[] = tut.getIndex(ship);

// Circles and lines beside rects: quadtree-ts's shape classes, also on the class.
const ball = new Circle({ x: 10, y: 10, r: 5 });
const laser = new Line({ x1: 0, y1: 0, x2: 100, y2: 50 });
const crate = new Rectangle({ x: 5, y: 5, width: 10, height: 10, data: 'crate' });
const crateData: string | undefined = crate.data;
const ballData = new Circle({ x: 0, y: 0, r: 1, data: { hp: 3 } }).data?.hp;
const quadrants: number[] = ball.qtIndex({ x: 0, y: 0, width: 64, height: 64 });
const touches: boolean = Circle.intersectRect(0, 0, 1, 1, 1, 2, 2) || Line.intersectRect(0, 0, 1, 1, 0, 0, 1, 1);
const staticShapes: [typeof Rectangle, typeof Circle, typeof Line] = [Quadtree.Rectangle, Quadtree.Circle, Quadtree.Line];
const borrowed: CircleShape = { x: 1, y: 2, r: 3, qtIndex: Circle.prototype.qtIndex };
const borrowedLine: LineShape = { x1: 1, y1: 2, x2: 3, y2: 4, qtIndex: Line.prototype.qtIndex };
class Bullet extends Circle<{ damage: number }> { vx = 1; }
const bullet = new Bullet({ x: 1, y: 1, r: 1, data: { damage: 2 } });

// A tree of shapes of every kind.
const world = new Quadtree<Shape>({ x: 0, y: 0, width: 640, height: 480 });
world.insert(ball);
world.insert([laser, crate, ship, borrowed, borrowedLine]);
const worldHits: Shape[] = world.search(ball);
const worldCrossed: Shape[] = world.search(laser);
const worldAny: boolean = world.collides(crate) || world.collides(borrowed);
const worldCandidates: Shape[] = world.retrieve(ball);
const worldInto: Shape[] = world.retrieve([], laser);
const worldIndexes: number[] = world.getIndex(ball);
const worldNearest: Shape[] = world.nearest(0, 0, 5, 100);
const worldRay: RayHit<Shape> | null = world.raycast(0, 0, 1, 0);
const worldPair: Shape = world.pairs().first(0);
ball.r = 6;
const worldUpdated: boolean = world.update(ball);
const worldMoved: number = world.refresh();
const worldRemoved: boolean = world.remove(laser);
// Trees of one class of shape, and queries by any shape on a tree of rect objects.
const bullets = new LinearQuadtree<Bullet, 'auto'>({ x: 0, y: 0, width: 640, height: 480 }, { depth: 'auto' });
bullets.insert(bullet);
const bulletHits: Bullet[] = bullets.search(laser);
const bulletNearest: number = bullets.nearest(0, 0)[0]?.vx ?? 0;
const bulletRay: number | undefined = bullets.raycast(0, 0, 1, 1)?.object.data?.damage;
bullets.forEachPair((a, b) => a.vx + b.vx);
const shipsInBall: Ship[] = tree.search(ball);
const shipsOnLaser: boolean = tree.collides(laser);
const shipCandidates: Ship[] = tree.retrieve(laser);
const circles = new QuadTree<Circle>({ x: 0, y: 0, width: 640, height: 480 });
circles.insert([ball, bullet]);
const circleCandidates: Circle[] = circles.findObjects([], laser);
const circleIndex: number = circles.getIndex(ball);
const circleHits: Circle[] = circles.search(crate);
// Trees of ids: setCircles and setLines beside setRects.
idTree.setCircles(new Float32Array([10, 10, 5, 20, 20, 0]));
idTree.setCircles(new Float64Array([10, 10, 5]), [9]);
idTree.setLines(new Float64Array([0, 0, 10, 10]), new Int32Array([8]));
linearIds.setLines(new Float32Array([0, 0, 10, 10]));
linearIds.setCircles(new Float64Array([1, 1, 1]), [4]);
const idsInBall: number[] = idTree.search(ball);
const idsOnLaser: boolean = linearIds.collides(laser);
// @ts-expect-error: setCircles on a tree of objects would make its queries return numbers
world.setCircles(new Float32Array([0, 0, 1]));
// @ts-expect-error: and setLines
tree.setLines(new Float32Array([0, 0, 1, 1]));
// @ts-expect-error: circles are a Float32Array or Float64Array
idTree.setCircles([0, 0, 1]);
// @ts-expect-error: a tree of ids takes no circles through insert
idTree.insert(ball);
// @ts-expect-error: a circle is told by its qtIndex: {x, y, r} alone is not a shape
world.search({ x: 0, y: 0, r: 1 });
// @ts-expect-error: a tree typed by rects holds rects (give it a type argument, such as Shape, for circles)
plain.insert(ball);
// @ts-expect-error: the hits of a tree of shapes are shapes, not rects
const worldRects: Rect[] = world.search(ball);

export {
  crateData, ballData, quadrants, touches, staticShapes, worldHits, worldCrossed, worldAny, worldCandidates, worldInto,
  worldIndexes, worldNearest, worldRay, worldPair, worldUpdated, worldMoved, worldRemoved, bulletHits, bulletNearest,
  bulletRay, shipsInBall, shipsOnLaser, shipCandidates, circleCandidates, circleIndex, circleHits, idsInBall, idsOnLaser,
  worldRects,
};
export {
  whenReady, sameReady, start, same, names, into, all, own, sub, indexes, hits, any, first, second, byId, ids, count,
  updated, moved, removed, depth, valid, plainFound, fill, idHits, idCandidates, idAll, idOwn, idNodes, idFirst,
  idSecond, idRemoved, idTouching, item, idWrong, linearDepth, fittedDepth, inferred, linearBounds, linearHits, linearPairs, linearMoved,
  linearIdHits, linearIdFirst, tutDefault, tutOptions, tutFound, tutRetrieved, tutNone, tutAll, tutIndex, tutChild,
  tutChildBounds, tutDead, tutRemoved, tutHits, tutStatic, tutWrong,
};
