// The tutorial quadtree (gamedevtuts quick tip / "HTML5 space shooter"), written from
// docs/TUTORIAL-TREE.md as literally as we can: the reference that tests and the bench compare
// quadtree-wasm's QuadTree with. Never shipped.
//
// Two choices the spec allows are made the way our QuadTree makes them: an object's x, y, width and
// height are read at insert, update and refresh, and that rect (the object's latest) is what every
// later placement of it compares, where the original re-reads the fields whenever a split moves it
// (the same, unless the game changed them and called none of the three); and the third
// constructor argument { maxObjects, maxLevels } replaces the hard-coded 10 and 5. The extensions
// remove, update and refresh(isAlive) follow the spec's definitions.

/**
 * One stored occurrence of an object, with the object's rect read now as its latest (kept per
 * tree in `latest`); getIndex reads the latest rect through it.
 */
function entry(latest, obj) {
  latest.set(obj, { x: obj.x, y: obj.y, width: obj.width, height: obj.height });
  return {
    obj,
    get x() { return latest.get(obj).x; },
    get y() { return latest.get(obj).y; },
    get width() { return latest.get(obj).width; },
    get height() { return latest.get(obj).height; },
  };
}

export function ReferenceQuadTree(boundBox, lvl, options, latest = new Map()) {
  const maxObjects = (options && options.maxObjects) || 10;
  const maxLevels = (options && options.maxLevels) || 5;
  this.bounds = boundBox || { x: 0, y: 0, width: 0, height: 0 };
  let objects = [];
  this.nodes = [];
  const level = lvl || 0;

  /** This node's own entries (for tests and the extensions below). */
  this.entries = () => objects;
  this.level = level;

  this.clear = function () {
    objects = [];
    for (let i = 0; i < this.nodes.length; i++) this.nodes[i].clear();
    this.nodes = [];
  };

  this.getAllObjects = function (returnedObjects) {
    for (let i = 0; i < this.nodes.length; i++) this.nodes[i].getAllObjects(returnedObjects);
    for (let i = 0, len = objects.length; i < len; i++) returnedObjects.push(objects[i].obj);
    return returnedObjects;
  };

  this.findObjects = function (returnedObjects, obj) {
    if (typeof obj === 'undefined') return undefined;
    const index = this.getIndex(obj);
    if (index !== -1 && this.nodes.length) this.nodes[index].findObjects(returnedObjects, obj);
    for (let i = 0, len = objects.length; i < len; i++) returnedObjects.push(objects[i].obj);
    return returnedObjects;
  };
  this.retrieve = this.findObjects;

  this.insert = function (obj) {
    if (typeof obj === 'undefined') return;
    if (obj instanceof Array) {
      for (let i = 0, len = obj.length; i < len; i++) this.insert(obj[i]);
      return;
    }
    this.place(entry(latest, obj));
  };

  /** insert() of one entry whose rect was already read. */
  this.place = function (e) {
    if (this.nodes.length) {
      const index = this.getIndex(e);
      if (index !== -1) {
        this.nodes[index].place(e);
        return;
      }
    }
    objects.push(e);
    if (objects.length > maxObjects && level < maxLevels) {
      if (this.nodes[0] == null) this.split();
      let i = 0;
      while (i < objects.length) {
        const index = this.getIndex(objects[i]);
        if (index !== -1) this.nodes[index].place(objects.splice(i, 1)[0]);
        else i++;
      }
    }
  };

  this.getIndex = function (rect) {
    let index = -1;
    const verticalMidpoint = this.bounds.x + this.bounds.width / 2;
    const horizontalMidpoint = this.bounds.y + this.bounds.height / 2;
    const topQuadrant = rect.y < horizontalMidpoint && rect.y + rect.height < horizontalMidpoint;
    const bottomQuadrant = rect.y > horizontalMidpoint;
    if (rect.x < verticalMidpoint && rect.x + rect.width < verticalMidpoint) {
      if (topQuadrant) index = 1;
      else if (bottomQuadrant) index = 2;
    } else if (rect.x > verticalMidpoint) {
      if (topQuadrant) index = 0;
      else if (bottomQuadrant) index = 3;
    }
    return index;
  };

  this.split = function () {
    const subWidth = (this.bounds.width / 2) | 0;
    const subHeight = (this.bounds.height / 2) | 0;
    const b = this.bounds, next = level + 1;
    this.nodes[0] = new ReferenceQuadTree({ x: b.x + subWidth, y: b.y, width: subWidth, height: subHeight }, next, options, latest);
    this.nodes[1] = new ReferenceQuadTree({ x: b.x, y: b.y, width: subWidth, height: subHeight }, next, options, latest);
    this.nodes[2] = new ReferenceQuadTree({ x: b.x, y: b.y + subHeight, width: subWidth, height: subHeight }, next, options, latest);
    this.nodes[3] = new ReferenceQuadTree({ x: b.x + subWidth, y: b.y + subHeight, width: subWidth, height: subHeight }, next, options, latest);
  };

  // --- The extensions (spec: "Extensions (object manager and refresh)") ---

  /** Every node in pre-order: a node, then its children 0..3. */
  this.preorder = function (out = []) {
    out.push(this);
    for (let i = 0; i < this.nodes.length; i++) this.nodes[i].preorder(out);
    return out;
  };

  this.remove = function (obj) {
    for (const node of this.preorder()) {
      const list = node.entries();
      const i = list.findIndex((e) => e.obj === obj);
      if (i >= 0) {
        list.splice(i, 1);
        return true;
      }
    }
    return false;
  };

  this.update = function (obj) {
    if (!this.remove(obj)) return false;
    this.insert(obj);
    return true;
  };

  /** The node an insert of `rect` at this node reaches today. */
  this.home = function (rect) {
    let node = this;
    for (;;) {
      if (!node.nodes.length) return node;
      const index = node.getIndex(rect);
      if (index === -1) return node;
      node = node.nodes[index];
    }
  };

  this.refresh = function (isAlive) {
    let dead = 0;
    const out = [];
    const read = new Set();
    for (const node of this.preorder()) {
      const list = node.entries();
      let i = 0;
      while (i < list.length) {
        const e = list[i];
        if (isAlive && !isAlive(e.obj)) {
          list.splice(i, 1);
          dead++;
          continue;
        }
        const now = read.has(e.obj) ? e : (read.add(e.obj), entry(latest, e.obj)); // read once per refresh
        list[i] = now;
        if (this.home(now) !== node) {
          list.splice(i, 1);
          out.push(now);
          continue;
        }
        i++;
      }
    }
    for (const e of out) this.place(e);
    return dead;
  };
}

/** The shape of a tree as plain data: bounds, own objects in order, children; for comparisons. */
export function shapeOf(tree, ownObjects) {
  return {
    bounds: { x: tree.bounds.x, y: tree.bounds.y, width: tree.bounds.width, height: tree.bounds.height },
    objects: ownObjects(tree),
    nodes: tree.nodes.map((n) => shapeOf(n, ownObjects)),
  };
}
