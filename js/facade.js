// The Quadtree class games use: quadtree-js's API over the native tree.
// Objects never cross into WebAssembly: each distinct object gets a dense id here, inserts are
// staged as numbers in a heap buffer and applied in one call when the next query comes, and
// queries come back as ids in a heap buffer that we map to the caller's objects.
// This file is wrapped together with the Emscripten glue by js/scripts/bundle.mjs; `native` is
// the instantiated module.
function defineQuadtree(native) {
  'use strict';

  var VIEW = {}; // constructor token: builds a view of an existing node instead of a new tree
  var DISPOSE = (typeof Symbol === 'function' && Symbol.dispose) || Symbol.for('Symbol.dispose');
  var STAGE_CAPACITY = native.stageCapacity();
  var f64 = native.HEAPF64;
  var i32 = native.HEAP32;

  // Heap views detach when memory grows; re-read them after any call that may allocate.
  function views() {
    if (f64.byteLength === 0) {
      f64 = native.HEAPF64;
      i32 = native.HEAP32;
    }
  }

  var registry = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(function (handle) { native.destroy(handle); })
    : null;

  // One per tree, shared by the root and its node views.
  function Session(handle) {
    this.handle = handle;
    this.rects = native.stageRects(handle) >> 3; // f64 index of the staging rects
    this.ids = native.stageIds(handle) >> 2; // i32 index of the staged ids
    this.io = native.io(handle) >> 2;
    this.geom = native.geom(handle) >> 3;
    this.staged = 0;
    this.objects = []; // id -> object
    this.idOf = new Map(); // object -> id
    this.views = []; // node index -> its Quadtree view (root at 0)
    this.disposed = false;
  }

  function describe(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'an array';
    if (typeof v === 'string') return 'the string "' + (v.length > 20 ? v.slice(0, 20) + '…' : v) + '"';
    if (typeof v === 'object') return 'an object';
    return String(v);
  }

  function badField(method, arg, field, v) {
    var name = arg + '.' + field;
    if (typeof v !== 'number') {
      return new TypeError('Quadtree.' + method + ': ' + name + ' must be a number, got ' + describe(v));
    }
    return new RangeError('Quadtree.' + method + ': ' + name + ' must be a finite number, got ' + v);
  }

  function notRect(method, arg, v) {
    return new TypeError('Quadtree.' + method + ': ' + arg +
      ' must be an object with numeric x, y, width and height, got ' + describe(v));
  }

  // Reads and checks a rect's four numbers once, into `out`; throws before anything changes.
  var rectIn = [0, 0, 0, 0];
  function readRect(method, arg, r, out) {
    if (typeof r !== 'object' || r === null) throw notRect(method, arg, r);
    var x = r.x, y = r.y, w = r.width, h = r.height;
    // x - x === 0 holds for finite numbers only
    if (typeof x !== 'number' || x - x !== 0) throw badField(method, arg, 'x', x);
    if (typeof y !== 'number' || y - y !== 0) throw badField(method, arg, 'y', y);
    if (typeof w !== 'number' || w - w !== 0) throw badField(method, arg, 'width', w);
    if (typeof h !== 'number' || h - h !== 0) throw badField(method, arg, 'height', h);
    out[0] = x; out[1] = y; out[2] = w; out[3] = h;
  }

  function option(method, name, value, fallback, finite) {
    var v = value || fallback; // quadtree-js's defaults: 0, NaN, undefined all mean "default"
    if (typeof v !== 'number') {
      throw new TypeError('Quadtree ' + method + ': ' + name + ' must be a number, got ' + describe(v));
    }
    if (finite && !isFinite(v)) {
      throw new RangeError('Quadtree ' + method + ': ' + name + ' must be finite, got ' + v);
    }
    return v;
  }

  function live(tree, method) {
    var s = tree._s;
    if (s.disposed) {
      throw new Error('Quadtree.' + method + ': this quadtree was disposed; create a new one');
    }
    return s;
  }

  function flush(s) {
    if (s.staged > 0) {
      var n = s.staged;
      s.staged = 0;
      native.flush(s.handle, n);
    }
  }

  function idFor(s, obj) {
    var id = s.idOf.get(obj);
    if (id === undefined) {
      id = s.objects.length;
      s.objects.push(obj);
      s.idOf.set(obj, id);
    }
    return id;
  }

  function stage(s, obj, r) {
    if (s.staged === STAGE_CAPACITY) flush(s);
    views();
    var k = s.staged++;
    var at = s.rects + 4 * k;
    f64[at] = r[0]; f64[at + 1] = r[1]; f64[at + 2] = r[2]; f64[at + 3] = r[3];
    i32[s.ids + k] = idFor(s, obj);
  }

  // The ids of the last query as the caller's objects, appended to `out` (a new array if null).
  function collect(s, count, out) {
    views();
    var objects = s.objects;
    var at = i32[s.io] >> 2;
    var base = 0;
    if (out === null) out = new Array(count);
    else base = out.length;
    for (var i = 0; i < count; i++) out[base + i] = objects[i32[at + i]];
    return out;
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

  // A tree's link to its session and node, kept out of the fields games enumerate or print.
  function hide(tree, s, node) {
    Object.defineProperty(tree, '_s', { value: s });
    Object.defineProperty(tree, '_n', { value: node });
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
    var r = [0, 0, 0, 0];
    readRect('constructor', 'bounds', bounds, r);
    if (r[2] < 0 || r[3] < 0) {
      throw new RangeError('Quadtree constructor: bounds.width and bounds.height must not be negative, got ' +
        r[2] + ' and ' + r[3]);
    }
    this.max_objects = option('constructor', 'max_objects', max_objects, 10, false);
    this.max_levels = option('constructor', 'max_levels', max_levels, 4, true);
    this.level = option('constructor', 'level', level, 0, true);
    this.bounds = bounds;
    var s = new Session(native.create(r[0], r[1], r[2], r[3], this.max_objects, this.max_levels, this.level));
    s.views[0] = this;
    hide(this, s, 0);
    if (registry) registry.register(s, s.handle, s);
  }

  var proto = Quadtree.prototype;

  /**
   * Stores an object (or each object of an array) in every leaf its rect reaches. The object's
   * x, y, width and height are read now; the object itself is what queries return.
   */
  proto.insert = function (pRect) {
    var s = live(this, 'insert');
    if (Array.isArray(pRect)) {
      var rects = new Array(pRect.length);
      for (var i = 0; i < pRect.length; i++) {
        rects[i] = [0, 0, 0, 0];
        readRect('insert', 'rect[' + i + ']', pRect[i], rects[i]);
      }
      if (this._n !== 0) flush(s);
      for (i = 0; i < pRect.length; i++) insertChecked(this, s, pRect[i], rects[i]);
      return;
    }
    readRect('insert', 'rect', pRect, rectIn);
    if (this._n !== 0) flush(s);
    insertChecked(this, s, pRect, rectIn);
  };

  function insertChecked(tree, s, obj, r) {
    if (tree._n === 0) return stage(s, obj, r);
    native.insert(s.handle, tree._n, idFor(s, obj), r[0], r[1], r[2], r[3]);
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
    var count = native.retrieve(s.handle, this._n, rectIn[0], rectIn[1], rectIn[2], rectIn[3], this.level === 0);
    return collect(s, count, out);
  };

  /** Every distinct object in this tree, appended to `returnedObjects` (a new array if omitted). */
  proto.getAllObjects = function (returnedObjects) {
    var s = live(this, 'getAllObjects');
    if (returnedObjects !== undefined && !Array.isArray(returnedObjects)) {
      throw new TypeError('Quadtree.getAllObjects: returnedObjects must be an array, got ' + describe(returnedObjects));
    }
    flush(s);
    var count = native.allObjects(s.handle, this._n);
    return collect(s, count, returnedObjects || null);
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
      s.staged = 0;
      native.clear(s.handle);
      s.objects.length = 0;
      s.idOf.clear();
      s.views.length = 1;
      return;
    }
    flush(s);
    dropViews(s, this._n);
    native.clearNode(s.handle, this._n);
  };

  /** Frees the native memory now; afterwards every call throws. Safe to call twice. */
  proto.dispose = function () {
    var s = this._s;
    if (s.disposed) return;
    s.disposed = true;
    if (registry) registry.unregister(s);
    native.destroy(s.handle);
    s.objects = null;
    s.idOf = null;
    s.views = null;
  };
  proto[DISPOSE] = proto.dispose;

  Object.defineProperties(proto, {
    /** This node's own objects: a leaf's list (a new array each time), empty for a split node. */
    objects: {
      configurable: true,
      get: function () {
        var s = live(this, 'objects');
        flush(s);
        return collect(s, native.nodeObjects(s.handle, this._n), null);
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

  // Checks every invariant of the native tree (for tests and debugging).
  Object.defineProperty(proto, 'validate', {
    configurable: true,
    writable: true,
    value: function () {
      var s = live(this, 'validate');
      flush(s);
      return native.validate(s.handle);
    }
  });


  return Quadtree;
}
