// Compiled by tests/packaging/types.test.mjs (never run): quadtree-wasm/quadtree-ts-plus, the
// quadtree-ts drop-in's types with the exact calls.
import { Quadtree, Rectangle, Circle, Line, ready, type PairList, type RayHit, type Shape } from 'quadtree-wasm/quadtree-ts-plus';

await ready;
type Body = Circle<{ hp: number }> | Rectangle;
const tree = new Quadtree<Body>({ width: 800, height: 600, maxObjects: 4 });
tree.insert(new Circle({ x: 5, y: 5, r: 2, data: { hp: 3 } }));
tree.insert(new Rectangle({ x: 1, y: 1, width: 4, height: 4 }));
const query: Shape = new Line({ x1: 0, y1: 0, x2: 10, y2: 10 });
const hits: Body[] = tree.search(query);
const any: boolean = tree.collides({ x: 0, y: 0, width: 10, height: 10 });
const list: PairList<Body> = tree.pairs();
const first: Body = list.first(0);
tree.forEachPair((a: Body, b: Body) => [a, b]);
const near: Body[] = tree.nearest(0, 0, 3, 50);
const hit: RayHit<Body> | null = tree.raycast(0, 0, 1, 0);
const nodes: Quadtree<Body>[] = tree.nodes;
const candidates: Body[] = nodes.length ? nodes[0].retrieve(query) : [];
// @ts-expect-error the query is a shape
tree.search(5);
// @ts-expect-error raycast needs a direction
tree.raycast(0, 0);

export { hits, any, first, near, hit, candidates };
