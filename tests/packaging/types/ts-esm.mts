// Compiled by tests/packaging/types.test.mjs (never run): typed use of quadtree-wasm/quadtree-ts,
// as code written against @timohausmann/quadtree-ts 2.3.0 types it.
import { Quadtree, Rectangle, Circle, Line, type Indexable, type NodeGeometry, type QuadtreeProps, type RectangleProps, type CircleGeometry, type LineGeometry } from 'quadtree-wasm/quadtree-ts';

const props: QuadtreeProps = { width: 800, height: 600, maxObjects: 10, maxLevels: 4, minLevels: 1 };
const tree = new Quadtree<Rectangle<{ id: number }> | Circle | Line>(props);
const rect = new Rectangle<{ id: number }>({ x: 1, y: 2, width: 3, height: 4, data: { id: 7 } });
const id: number | undefined = rect.data?.id;
tree.insert(rect);
tree.insert(new Circle({ x: 10, y: 10, r: 5 }));
tree.insert(new Line({ x1: 0, y1: 0, x2: 10, y2: 10 }));
const found: (Rectangle<{ id: number }> | Circle | Line)[] = tree.retrieve(new Rectangle({ x: 0, y: 0, width: 50, height: 50 }));
const removed: boolean = tree.remove(rect, true);
tree.update(rect);
const joined = tree.join();
tree.clear();
const children: Quadtree<Rectangle<{ id: number }> | Circle | Line>[] = tree.nodes;
const bounds: NodeGeometry = tree.bounds;
const level: number = tree.level + tree.maxObjects + tree.maxLevels + tree.minLevels;
const hit: boolean = Circle.intersectRect(0, 0, 1, 0, 0, 1, 1) || Line.intersectRect(0, 0, 1, 1, 0, 0, 1, 1);
const indexes: number[] = tree.getIndex(rect);
tree.split();

// Any object with a qtIndex: a mapping wrapper, as the package's README shows.
class Box implements Indexable {
  constructor(public pos: { x: number; y: number }, public size: { w: number; h: number }) {}
  qtIndex(node: NodeGeometry): number[] {
    return Rectangle.prototype.qtIndex.call({ x: this.pos.x, y: this.pos.y, width: this.size.w, height: this.size.h }, node);
  }
}
const boxes = new Quadtree<Box>({ width: 100, height: 100 });
boxes.insert(new Box({ x: 1, y: 1 }, { w: 2, h: 2 }));
const anyTree = new Quadtree({ width: 1, height: 1 });
const nodes: Quadtree<Rectangle | Circle | Line | Indexable>[] = anyTree.nodes;
const geometry: CircleGeometry & LineGeometry = { x: 0, y: 0, r: 1, x1: 0, y1: 0, x2: 1, y2: 1 };
const rectProps: RectangleProps = { x: 0, y: 0, width: 1, height: 1 };

// @ts-expect-error: width and height are required
new Quadtree({ x: 0 });
// @ts-expect-error: the tree stores Boxes only
boxes.insert(rect);

export { found, removed, joined, children, bounds, level, hit, indexes, id, nodes, geometry, rectProps };
