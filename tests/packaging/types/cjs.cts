// Compiled by tests/js/types.test.mjs against the package's exports (never run).
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
const linear = new Quadtree.LinearQuadtree<Bullet>({ x: 0, y: 0, width: 1, height: 1 });
const pairs: Quadtree.PairList<Bullet> = linear.pairs();

export { damage, other, pairs };
