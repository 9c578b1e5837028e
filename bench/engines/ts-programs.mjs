// The quadtree-ts programs the benchmark runs, written once for any library with quadtree-ts's API
// (the package itself, or our drop-in): each game object gets one shape for its whole life
// (data = the object) and a frame copies the object's position into it, as a game keeps its
// entities and their quadtree shapes in step. Pairs are counted on the objects' boxes among the
// candidates, so every engine counts the same.
//   w1   clear(), insert every Rectangle, retrieve(rect) for each
//   w1m  the same with a third each of Rectangles, Circles and Lines (run.mjs: not yet)
//   w6   a new tree every frame, then as w1
//   w7   shapes inserted once; each frame update(shape) for every object, retrieve for each, and
//        the tree drawn (every node's bounds and objects read), as the package's update example

function pairsOf(tree, shapes) {
  let pairs = 0;
  for (let i = 0; i < shapes.length; i++) {
    const a = shapes[i].data;
    const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
    const candidates = tree.retrieve(shapes[i]);
    for (let k = 0; k < candidates.length; k++) {
      const b = candidates[k].data;
      if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
    }
  }
  return pairs;
}

/** What drawing the tree reads, as the package's examples draw it: each node's bounds, its
 * objects and its nodes. Returns the leaves. */
function draw(tree) {
  let leaves = 0;
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop();
    const b = node.bounds, nodes = node.nodes;
    if (nodes.length === 0) leaves += b.width > 0 && node.objects.length >= 0 ? 1 : 0;
    for (let k = 0; k < nodes.length; k++) stack.push(nodes[k]);
  }
  return leaves;
}

/** Shapes for the scene's objects: Rectangles, or every third a Circle and a Line too (`mixed`). */
function shapesOf({ Rectangle, Circle, Line }, objs, mixed) {
  return objs.map((o, i) => {
    const kind = mixed ? i % 3 : 0;
    if (kind === 1) return new Circle({ x: o.x + o.width / 2, y: o.y + o.height / 2, r: Math.min(o.width, o.height) / 2, data: o });
    if (kind === 2) return new Line({ x1: o.x, y1: o.y, x2: o.x + o.width, y2: o.y + o.height, data: o });
    return new Rectangle({ x: o.x, y: o.y, width: o.width, height: o.height, data: o });
  });
}

/** Copies each object's position into its shape. */
function follow(shapes) {
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i], o = s.data;
    if (s.r !== undefined) {
      s.x = o.x + o.width / 2;
      s.y = o.y + o.height / 2;
    } else if (s.x1 !== undefined) {
      s.x1 = o.x; s.y1 = o.y; s.x2 = o.x + o.width; s.y2 = o.y + o.height;
    } else {
      s.x = o.x;
      s.y = o.y;
    }
  }
}

/** The workload methods of an engine on `lib` ({ Quadtree, Rectangle, Circle, Line }). */
export function tsPrograms(lib) {
  const { Quadtree } = lib;
  const clearAndInsert = (mixed) => (scene) => {
    const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height });
    const shapes = shapesOf(lib, scene.objects, mixed);
    return {
      frame() {
        follow(shapes);
        tree.clear();
        for (let i = 0; i < shapes.length; i++) tree.insert(shapes[i]);
        return pairsOf(tree, shapes);
      },
    };
  };
  return {
    w1: clearAndInsert(false),
    w1m: clearAndInsert(true),
    w6(scene) {
      const shapes = shapesOf(lib, scene.objects, false);
      return {
        frame() {
          follow(shapes);
          const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height });
          for (let i = 0; i < shapes.length; i++) tree.insert(shapes[i]);
          return pairsOf(tree, shapes);
        },
      };
    },
    w7(scene) {
      const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height });
      const shapes = shapesOf(lib, scene.objects, false);
      for (let i = 0; i < shapes.length; i++) tree.insert(shapes[i]);
      return {
        frame() {
          follow(shapes);
          for (let i = 0; i < shapes.length; i++) tree.update(shapes[i]);
          const pairs = pairsOf(tree, shapes);
          return draw(tree) > 0 ? pairs : -1;
        },
      };
    },
  };
}
