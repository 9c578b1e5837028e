// The quadtree-ts 2.3.0 tree, in JavaScript: its rules (docs/QUADTREE-TS.md) as the package runs
// them, node by node, every internal call made through the node object (`this.getIndex`,
// `this.nodes[k].insert`, ...) so that subclasses, overrides and spies see what they see there.
// These are the methods of a tree in JavaScript mode (quadtree-ts.js): a subclass, a tree whose
// inside a program has seen or changed, or one holding objects the native tree cannot place.

/** @typedef {{ qtIndex(node: { x: number, y: number, width: number, height: number }): ArrayLike<number> }} Indexable */

/** @typedef {{ bounds: any, maxObjects: number, minLevels: number, maxLevels: number, level: number, objects: any[], nodes: any[], [method: string]: any }} Node */

// Each method runs with `this` a node (@this {Node}).
export const engine = {
  /** @this {Node} @param {Indexable} obj */
  getIndex(obj) {
    return obj.qtIndex(this.bounds);
  },

  // Four children of this node's class, in the existing `nodes` array; the node keeps its objects.
  /** @this {Node} */
  split() {
    const b = this.bounds;
    const level = this.level + 1;
    const width = b.width / 2;
    const height = b.height / 2;
    const x = b.x;
    const y = b.y;
    const origins = [[x + width, y], [x, y], [x, y + height], [x + width, y + height]];
    const Node = /** @type {any} */ (this.constructor);
    for (let i = 0; i < 4; i++) {
      const props = { x: origins[i][0], y: origins[i][1], width, height, maxObjects: this.maxObjects, minLevels: this.minLevels, maxLevels: this.maxLevels };
      this.nodes[i] = new Node(props, level);
    }
  },

  /** @this {Node} @param {any} obj */
  insert(obj) {
    if (this.nodes.length) {
      const into = this.getIndex(obj);
      for (let k = 0; k < into.length; k++) this.nodes[into[k]].insert(obj);
      return;
    }
    this.objects.push(obj);
    if (this.objects.length > this.maxObjects && this.level < this.maxLevels) {
      this.split();
      // Each object is placed by its geometry now, which may not be what it had at its insert.
      for (let i = 0; i < this.objects.length; i++) {
        const into = this.getIndex(this.objects[i]);
        for (let k = 0; k < into.length; k++) this.nodes[into[k]].insert(this.objects[i]);
      }
      this.objects = [];
    }
  },

  // Candidates: this node's objects, then those of the children the query reaches, in the order
  // its qtIndex lists them; each object once at level 0 (its first occurrence).
  /** @this {Node} @param {Indexable} obj */
  retrieve(obj) {
    const into = this.getIndex(obj);
    let found = this.objects;
    if (this.nodes.length) {
      for (let k = 0; k < into.length; k++) found = found.concat(this.nodes[into[k]].retrieve(obj));
    }
    return this.level === 0 ? Array.from(new Set(found)) : found;
  },

  // Takes the first reference out of every node (geometry is not consulted: a moved object goes
  // too); true only when this node's own list held it. At level 0, unless `fast`, joins.
  /** @this {Node} @param {any} obj @param {boolean} [fast] */
  remove(obj, fast = false) {
    const at = this.objects.indexOf(obj);
    if (at > -1) this.objects.splice(at, 1);
    for (let i = 0; i < this.nodes.length; i++) this.nodes[i].remove(obj);
    if (this.level === 0 && !fast) this.join();
    return at !== -1;
  },

  /** @this {Node} @param {any} obj @param {boolean} [fast] */
  update(obj, fast = false) {
    this.remove(obj, fast);
    this.insert(obj);
  },

  // Post-order: a node whose subtree holds few enough distinct objects (and is deep enough)
  // becomes a leaf of them. Returns every reference of the subtree, duplicates included.
  /** @this {Node} */
  join() {
    let all = Array.from(this.objects);
    for (let i = 0; i < this.nodes.length; i++) all = all.concat(this.nodes[i].join());
    const distinct = Array.from(new Set(all));
    if (distinct.length <= this.maxObjects && this.level >= this.minLevels) {
      this.objects = distinct;
      for (let i = 0; i < this.nodes.length; i++) this.nodes[i].objects = [];
      this.nodes = [];
    }
    return all;
  },

  // Empties every node; the nodes above minLevels stay (the skeleton the constructor made).
  /** @this {Node} */
  clear() {
    this.objects = [];
    for (let i = 0; i < this.nodes.length; i++) this.nodes[i].clear();
    if (this.level >= this.minLevels) this.nodes = [];
  },
};
