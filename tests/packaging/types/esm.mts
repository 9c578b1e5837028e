// Compiled by tests/js/types.test.mjs against the package's exports (never run).
import Quadtree, { Quadtree as Named, LinearQuadtree, type Rect, type PairList, type OutOfMemoryError } from 'quadtree-wasm';

interface Ship extends Rect { name: string; vx: number }

const tree = new Quadtree<Ship>({ x: 0, y: 0, width: 640, height: 480 }, 10, 4);
const same: typeof Named = Quadtree;
const ship: Ship = { x: 1, y: 2, width: 3, height: 4, name: 'a', vx: 1 };
tree.insert(ship);
tree.insert([ship, ship]);
const found: Ship[] = tree.retrieve({ x: 0, y: 0, width: 10, height: 10 });
const names: string[] = found.map((s) => s.name);
const into: Ship[] = tree.retrieve([], ship);
const sub: Quadtree<Ship>[] = tree.nodes;
const indexes: number[] = tree.getIndex(ship);
const hits: Ship[] = tree.search(ship);
const any: boolean = tree.collides(ship);
const pairs: PairList<Ship> = tree.pairs();
const first: Ship = pairs.first(0);
const ids: Int32Array = pairs.ids;
tree.forEachPair((a, b) => a.vx + b.vx);
const moved: number = tree.refresh();
const removed: boolean = tree.remove(ship);
tree.forEachNode((bounds, level, isLeaf, count) => bounds.width + level + count + (isLeaf ? 1 : 0));
const depth: number = tree.stats().depth;
try {
  tree.insert(ship);
} catch (e) {
  const lost: Ship[] = (e as OutOfMemoryError<Ship>).notInserted ?? [];
  lost.forEach((s) => s.name);
}
tree.dispose();

const linear = new LinearQuadtree<Ship>({ x: 0, y: 0, width: 100, height: 100 }, { depth: 6 });
linear.insert(ship);
const linearHits: Ship[] = linear.search(ship);
linear.setRects(new Float32Array([0, 0, 1, 1]));

// @ts-expect-error: objects need x, y, width and height
tree.insert({ x: 1, y: 2 });

export { same, names, into, sub, indexes, hits, any, first, ids, moved, removed, depth, linearHits };
