// The drop-in class: quadtree-js 1.2.x's constructor, fields and methods over a native tree.
// (A fragment of defineQuadtree's body; see session.js.)

var VIEW = {}; // constructor token: a view of an existing node instead of a new tree
var DISPOSE = (typeof Symbol === 'function' && Symbol.dispose) || Symbol.for('Symbol.dispose');

function option(name, value, fallback, finite) {
  var v = value || fallback; // quadtree-js's defaults: 0, NaN, undefined all mean "default"
  if (typeof v !== 'number') {
    throw new TypeError('Quadtree constructor: ' + name + ' must be a number, got ' + describe(v));
  }
  if (finite && !isFinite(v)) {
    throw new RangeError('Quadtree constructor: ' + name + ' must be finite, got ' + v);
  }
  return v;
}

function readBounds(className, bounds) {
  var r = [0, 0, 0, 0];
  readRect(className === 'Quadtree' ? 'constructor' : className, 'bounds', bounds, r);
  if (r[2] < 0 || r[3] < 0) {
    throw new RangeError(className + ' constructor: bounds.width and bounds.height must not be negative, got ' +
      r[2] + ' and ' + r[3]);
  }
  return r;
}

// A tree's link to its session and node, kept out of the fields games enumerate or print.
function hide(tree, s, node) {
  Object.defineProperty(tree, '_s', { value: s });
  Object.defineProperty(tree, '_n', { value: node });
}

function view(s, node) {
  var v = s.views[node];
  if (v === undefined) {
    native.nodeGeom(s.handle, node);
    views();
    var g = s.geom;
    var root = s.views[0];
    v = new Quadtree({ x: f64[g], y: f64[g + 1], width: f64[g + 2], height: f64[g + 3] },
      root.max_objects, root.max_levels, f64[g + 4], VIEW);
    hide(v, s, node);
    s.views[node] = v;
  }
  return v;
}

// Forgets the views below `node` (their native nodes are about to be freed and reused).
function dropViews(s, node) {
  var stack = [node];
  while (stack.length) {
    var c = native.children(s.handle, stack.pop());
    if (c < 0) continue;
    for (var q = 0; q < 4; q++) {
      delete s.views[c + q];
      stack.push(c + q);
    }
  }
}

/**
 * A quadtree with the API of @timohausmann/quadtree-js 1.2.x, backed by WebAssembly.
 * @param {{x:number,y:number,width:number,height:number}} bounds kept by reference, as quadtree-js does
 * @param {number} [max_objects=10] objects a leaf holds before it splits
 * @param {number} [max_levels=4] deepest level a split may create
 * @param {number} [level=0] level of this root; quadtree-js de-duplicates results only at level 0
 */
function Quadtree(bounds, max_objects, max_levels, level) {
  if (!(this instanceof Quadtree)) throw new TypeError("Class constructor Quadtree cannot be invoked without 'new'");
  if (arguments[4] === VIEW) {
    this.max_objects = max_objects;
    this.max_levels = max_levels;
    this.level = level;
    this.bounds = bounds;
    return;
  }
  var r = readBounds('Quadtree', bounds);
  this.max_objects = option('max_objects', max_objects, 10, false);
  this.max_levels = option('max_levels', max_levels, 4, true);
  this.level = option('level', level, 0, true);
  this.bounds = bounds;
  var s = new Session(created('Quadtree', native.create(r[0], r[1], r[2], r[3], this.max_objects, this.max_levels, this.level)));
  s.views[0] = this;
  hide(this, s, 0);
}

var proto = Quadtree.prototype;

/**
 * Stores an object (or each object of an array) in every leaf its rect reaches. Its x, y, width
 * and height are read now; the object itself is what queries return.
 */
proto.insert = function (pRect) {
  var s = live(this, 'insert');
  useMode(s, OBJECTS, 'insert');
  if (Array.isArray(pRect)) {
    var rects = readAll('insert', pRect);
    for (var i = 0; i < pRect.length; i++) insertEach(this, s, pRect, rects, i);
    return;
  }
  readRect('insert', 'rect', pRect, rectIn);
  insertChecked(this, s, pRect, rectIn);
};

function insertChecked(tree, s, obj, r) {
  if (tree._n === 0) return stage(s, obj, r);
  changing(s); // into a subnode: quadtree-js allows it; rare, so not staged
  var id = idFor(s, obj);
  if (native.insert(s.handle, tree._n, id, r[0], r[1], r[2], r[3]) === NO_MEMORY) {
    dropIfAbsent(s, id);
    var e = noMemory('the object was not stored');
    e.notInserted = [obj];
    throw e;
  }
}

// One object of an array insert; when memory runs out, the error also names the rest.
function insertEach(tree, s, objs, rects, i) {
  try {
    insertChecked(tree, s, objs[i], rects[i]);
  } catch (e) {
    if (e.notInserted) e.notInserted = e.notInserted.concat(objs.slice(i + 1));
    throw e;
  }
}

/**
 * The candidates for a rect: every object of every leaf the rect reaches, as a new array, in
 * quadtree-js's order. Also `retrieve(returnedObjects, rect)`, which appends to your array.
 */
proto.retrieve = function (pRect) {
  var s = live(this, 'retrieve');
  var out = null;
  if (arguments.length > 1 && Array.isArray(pRect)) {
    out = pRect;
    pRect = arguments[1];
  }
  readRect('retrieve', 'rect', pRect, rectIn);
  flush(s);
  var x = rectIn[0], y = rectIn[1], w = rectIn[2], h = rectIn[3];
  // Most game queries reach one leaf: then the answer is that leaf's list, which we build once
  // per change of the tree and copy (callers may keep and mutate what they get).
  var leaf = this._n === 0 ? gridLeaf(s, x, y, w, h) : UNKNOWN;
  if (leaf === UNKNOWN) leaf = native.locate(s.handle, this._n, x, y, w, h, true);
  if (leaf >= 0) {
    var list = s.leafLists[leaf];
    if (list === undefined) list = s.leafLists[leaf] = collect(s, room(native.nodeObjects(s.handle, leaf)), null);
    if (out === null) return list.slice();
    for (var i = 0; i < list.length; i++) out.push(list[i]);
    return out;
  }
  return collect(s, room(native.retrieve(s.handle, this._n, x, y, w, h, true)), out);
};

/** Every distinct object in this tree, appended to `returnedObjects` (a new array if omitted). */
proto.getAllObjects = function (returnedObjects) {
  var s = live(this, 'getAllObjects');
  if (returnedObjects !== undefined && !Array.isArray(returnedObjects)) {
    throw new TypeError('Quadtree.getAllObjects: returnedObjects must be an array, got ' + describe(returnedObjects));
  }
  flush(s);
  return collect(s, room(native.allObjects(s.handle, this._n)), returnedObjects || null);
};

/** Which children (0 top-right, 1 top-left, 2 bottom-left, 3 bottom-right) a rect reaches. */
proto.getIndex = function (pRect) {
  live(this, 'getIndex');
  readRect('getIndex', 'rect', pRect, rectIn);
  var b = this.bounds;
  var midX = b.x + (b.width / 2), midY = b.y + (b.height / 2);
  var north = rectIn[1] < midY, south = rectIn[1] + rectIn[3] > midY;
  var west = rectIn[0] < midX, east = rectIn[0] + rectIn[2] > midX;
  if (!west && !east) west = east = true; // on a midline: both sides (quadtree-js: neither)
  if (!north && !south) north = south = true;
  var indexes = [];
  if (north && east) indexes.push(0);
  if (west && north) indexes.push(1);
  if (west && south) indexes.push(2);
  if (east && south) indexes.push(3);
  return indexes;
};

/** Removes every object (and every subnode) from this tree or subtree. */
proto.clear = function () {
  var s = live(this, 'clear');
  if (this._n === 0) {
    native.clear(s.handle);
    s.cleared();
    s.views.length = 1;
    return;
  }
  changing(s);
  dropViews(s, this._n);
  native.clearNode(s.handle, this._n);
};

/** Frees the native memory now; afterwards every call throws. Safe to call twice. */
proto.dispose = function () {
  this._s.dispose();
};
proto[DISPOSE] = proto.dispose;

Object.defineProperties(proto, {
  /** This node's own objects: a leaf's list (a new array each time), empty for a split node. */
  objects: {
    configurable: true,
    get: function () {
      var s = live(this, 'objects');
      flush(s);
      return collect(s, room(native.nodeObjects(s.handle, this._n)), null);
    }
  },
  /** The four subnodes (top-right, top-left, bottom-left, bottom-right), or [] for a leaf. */
  nodes: {
    configurable: true,
    get: function () {
      var s = live(this, 'nodes');
      flush(s);
      var c = native.children(s.handle, this._n);
      if (c < 0) return [];
      return [view(s, c), view(s, c + 1), view(s, c + 2), view(s, c + 3)];
    }
  }
});
