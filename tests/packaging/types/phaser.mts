// Compiled by tests/packaging/types.test.mjs (never run): quadtree-wasm/phaser, typed without
// Phaser's own types (a world is what the plug-in reads of it).
import { useQuadtree, QuadtreePlugin, BodyTree, type QuadtreeHandle, type ArcadeWorldLike, type Boxed } from 'quadtree-wasm/phaser';

declare const world: ArcadeWorldLike;
const handle: QuadtreeHandle = useQuadtree(world);
const active: boolean = handle.active;
const found: Boxed[] = handle.tree.search({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
const any: boolean = handle.staticTree.collides({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
handle.restore();

class Body implements Boxed {
  left = 0; top = 0; right = 1; bottom = 1;
}
const tree = new BodyTree<Body>({ x: 0, y: 0, width: 100, height: 100 });
tree.clear().load([new Body()]).insert(new Body());
const bodies: Body[] = tree.all();
// @ts-expect-error a query is a box of minX, minY, maxX, maxY
tree.search({ x: 0, y: 0, width: 1, height: 1 });
const plugin = new QuadtreePlugin({});
plugin.enabled = false;
const h: QuadtreeHandle | null = plugin.handle;
export { active, found, any, bodies, h };
