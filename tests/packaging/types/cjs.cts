// Compiled by tests/packaging/types.test.mjs against the package's exports (never run).
import Quadtree = require('quadtree-wasm');

interface Bullet extends Quadtree.Rect { damage: number }

const tree = new Quadtree<Bullet>({ x: 0, y: 0, width: 640, height: 480 });
const b: Bullet = { x: 1, y: 2, width: 3, height: 4, damage: 5 };
tree.insert(b);
const found: Bullet[] = tree.retrieve(b);
const damage: number = found.reduce((sum, x) => sum + x.damage, 0);
try {
  tree.insert(b);
} catch (e) {
  const lost: Bullet[] = (e as Quadtree.OutOfMemoryError<Bullet>).notInserted ?? [];
  lost.forEach((x) => x.damage);
}
const { Quadtree: Same } = Quadtree;
const other = new Same({ x: 0, y: 0, width: 1, height: 1 });
const Default: typeof Quadtree = Quadtree.default;
const ready: Promise<void> = Quadtree.ready;
const linear = new Quadtree.LinearQuadtree<Bullet>({ x: 0, y: 0, width: 1, height: 1 });
const pairs: Quadtree.PairList<Bullet> = linear.pairs();
const typedLinear: Quadtree.LinearQuadtree<Bullet> = linear;

// A tree of numeric ids (setRects): queries return numbers.
const ids = new Quadtree<number>({ x: 0, y: 0, width: 640, height: 480 });
ids.setRects(new Float32Array([0, 0, 10, 10]));
const hits: number[] = ids.retrieve({ x: 0, y: 0, width: 1, height: 1 });
const firstId: number = ids.pairs().first(0);
ids.forEachPair((a, c) => a + c);
const linearIds = new Quadtree.LinearQuadtree<number>({ x: 0, y: 0, width: 1, height: 1 });
linearIds.setRects(new Float64Array([0, 0, 1, 1]), [3]);
const linearHits: number[] = linearIds.search({ x: 0, y: 0, width: 1, height: 1 });
// @ts-expect-error: setRects on a tree of objects
tree.setRects(new Float32Array([0, 0, 1, 1]));
// @ts-expect-error: insert on a tree of ids
ids.insert(b);

export { damage, other, Default, ready, pairs, typedLinear, hits, firstId, linearHits };
