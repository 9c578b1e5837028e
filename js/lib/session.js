// One native tree's JavaScript side: heap views, the object <-> id table, staged inserts, and the
// argument checks every method shares. Objects never cross into WebAssembly: each distinct object
// gets a dense id here, inserts are written as numbers into a heap buffer and applied in one call
// when the next query comes, and queries come back as ids that we map to the caller's objects.
// (A fragment of defineQuadtree's body: js/scripts/bundle.mjs wraps the js/lib files into one.)

var STAGE_CAPACITY = native.stageCapacity();
var OBJECTS = 1; // the tree holds objects
var IDS = 2; // the tree holds numeric ids given with setRects
// What a native call returns when the WebAssembly heap could not supply what it needed (memory
// cannot grow any further); the call changed nothing.
var NO_MEMORY = -2147483648;
var calling = ''; // the public method being run, for error messages (set by live())
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

// Shared by a tree and its node views; collected (and its native tree freed) only when none of
// them is reachable.
function Session(handle) {
  this.handle = handle;
  this.rects = native.stageRects(handle) >> 3; // f64 index of the staging rects
  this.ids = native.stageIds(handle) >> 2; // i32 index of the staged ids
  this.io = native.io(handle) >> 2;
  this.geom = native.geom(handle) >> 3;
  this.staged = 0;
  this.mode = 0;
  // The id table outlives clear(): a game that clears and re-inserts the same objects every
  // frame finds their ids instead of building the map anew. An id is in the tree when its
  // object was inserted since the last clear (inserted[id] === frame).
  this.objects = []; // id -> object (or the id itself, for setRects)
  this.idOf = new Map(); // object -> id
  this.inserted = new Int32Array(64); // id -> frame of its last insert
  this.frame = 1;
  // A steady loop inserts the same objects in the same order every frame: the id given at each
  // position of the frame before is tried first, before the Map.
  this.order = new Int32Array(64);
  this.staging = 0; // position of the next insert since the last clear()
  this.count = 0; // distinct objects in the tree
  this.known = 0; // objects in the id table (in the tree, or cached from the frame before)
  this.freeIds = []; // ids free for reuse
  this.views = []; // node index -> its Quadtree view (root at 0)
  this.leafLists = []; // leaf index -> its objects, while the tree does not change
  // The root's leaf grid (see gridLeaf), while the tree does not change: its side (0: not read
  // since the last change), where its cells and their bounds are, how a point maps to a cell.
  this.grid = 0;
  this.gridCells = this.gridBounds = 0;
  this.gx = this.gy = this.gsx = this.gsy = 0;
  this.disposed = false;
  if (registry) registry.register(this, handle, this);
}

// After the native tree was cleared: forgets the objects not inserted during the frame that
// just ended (so nothing is held longer than one clear), and starts a new frame.
Session.prototype.cleared = function () {
  this.staged = 0;
  this.staging = 0;
  changed(this);
  if (this.mode === IDS) {
    this.objects = [];
    this.freeIds.length = 0;
    this.known = 0;
    this.mode = 0;
  } else if (this.known !== this.count) { // in a steady loop every known object came back
    var objects = this.objects, inserted = this.inserted, frame = this.frame;
    for (var id = 0; id < objects.length; id++) {
      if (objects[id] !== undefined && inserted[id] !== frame) this.release(id);
    }
  }
  this.count = 0;
  this.frame++;
};

Session.prototype.release = function (id) {
  this.known--;
  if (this.mode === OBJECTS) {
    this.idOf.delete(this.objects[id]);
    this.freeIds.push(id);
  }
  this.objects[id] = undefined;
  this.inserted[id] = 0;
};

// The id of an object (or numeric id) now in the tree, or undefined.
Session.prototype.present = function (item) {
  var id = this.mode === IDS ? (typeof item === 'number' && this.objects[item] === item ? item : undefined)
    : this.idOf.get(item);
  return id !== undefined && this.inserted[id] === this.frame ? id : undefined;
};

// Marks id as in the tree this frame.
Session.prototype.mark = function (id) {
  if (id >= this.inserted.length) {
    var grown = new Int32Array(Math.max(id + 1, this.inserted.length * 2));
    grown.set(this.inserted);
    this.inserted = grown;
  }
  if (this.inserted[id] !== this.frame) {
    this.inserted[id] = this.frame;
    this.count++;
  }
};

Session.prototype.dispose = function () {
  if (this.disposed) return;
  this.disposed = true;
  if (registry) registry.unregister(this);
  native.destroy(this.handle);
  this.objects = this.idOf = this.views = null;
};

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

// Reads and checks a rect's four numbers once, into `out`; throws before anything changes.
var rectIn = [0, 0, 0, 0];
function readRect(method, arg, r, out) {
  if (typeof r !== 'object' || r === null) {
    throw new TypeError('Quadtree.' + method + ': ' + arg +
      ' must be an object with numeric x, y, width and height, got ' + describe(r));
  }
  var x = r.x, y = r.y, w = r.width, h = r.height;
  // x - x === 0 holds for finite numbers only
  if (typeof x !== 'number' || x - x !== 0) throw badField(method, arg, 'x', x);
  if (typeof y !== 'number' || y - y !== 0) throw badField(method, arg, 'y', y);
  if (typeof w !== 'number' || w - w !== 0) throw badField(method, arg, 'width', w);
  if (typeof h !== 'number' || h - h !== 0) throw badField(method, arg, 'height', h);
  out[0] = x; out[1] = y; out[2] = w; out[3] = h;
}

// Reads every rect of an array before any is used, so one bad element changes nothing.
function readAll(method, items) {
  var rects = new Array(items.length);
  for (var i = 0; i < items.length; i++) {
    rects[i] = [0, 0, 0, 0];
    readRect(method, 'rect[' + i + ']', items[i], rects[i]);
  }
  return rects;
}

function live(tree, method) {
  calling = method;
  var s = tree._s;
  if (s.disposed) {
    throw new Error('Quadtree.' + method + ': this quadtree was disposed; create a new one');
  }
  if (tree._n !== 0 && s.views[tree._n] !== tree) {
    throw new Error('Quadtree.' + method + ': this node was removed by clear(); read tree.nodes again');
  }
  return s;
}

function useMode(s, mode, method) {
  if (s.mode === mode) return;
  if (s.mode !== 0 && s.count > 0) {
    throw new TypeError('Quadtree.' + method + ': this tree holds ' +
      (s.mode === IDS ? 'numeric ids from setRects' : 'objects') +
      '; use one tree for objects and another for ids (or clear() it first)');
  }
  if (s.mode !== 0) { // empty but holding cached ids of the other kind
    s.objects = [];
    s.idOf.clear();
    s.freeIds.length = 0;
    s.known = 0;
  }
  s.mode = mode;
}

function noMemory(what) {
  return new RangeError('Quadtree.' + calling + ': out of memory (WebAssembly memory cannot grow any further); ' +
    (what || 'nothing was changed') + '. Free memory (remove objects, dispose() trees no longer needed) and try again');
}

// A native count, unless the call ran out of memory.
function room(count) {
  if (count === NO_MEMORY) throw noMemory();
  return count;
}

// Applies the staged inserts. `pending`: an object about to be staged (named in the error too).
function flush(s, pending) {
  if (s.staged > 0) {
    var n = s.staged;
    s.staged = 0;
    changed(s);
    var done = native.flush(s.handle, n);
    if (done < n) unstored(s, done, n, pending);
  }
}

// The staged inserts from `from` on did not fit: they are not in the tree; say which they were.
function unstored(s, from, n, pending) {
  views();
  var lost = [], k;
  // All named before any is forgotten: an object staged twice is then named both times.
  for (k = from; k < n; k++) lost.push(s.objects[i32[s.ids + k]]);
  for (k = from; k < n; k++) dropIfAbsent(s, i32[s.ids + k]);
  if (pending !== undefined) lost.push(pending);
  var e = noMemory('the last ' + lost.length + ' objects given to insert() were not stored ' +
    '(error.notInserted lists them); everything inserted before them is in the tree');
  e.notInserted = lost;
  throw e;
}

// After an insert that did not fit: forgets `id` unless an earlier insert of it went in.
function dropIfAbsent(s, id) {
  if (s.inserted[id] === s.frame && !native.contains(s.handle, id)) {
    s.release(id);
    s.count--;
  }
}

// Room in the native scratch buffer for `n` rects (and ids): its f64 index.
function scratch(s, n) {
  var at = native.scratch(s.handle, n);
  if (at === 0) throw noMemory();
  return at >> 3;
}

// A new native tree's handle, or the error that there was no room for it.
function created(className, handle) {
  if (handle === 0) {
    throw new RangeError(className + ' constructor: out of memory (WebAssembly memory cannot grow any further). ' +
      'Free memory (dispose() trees no longer needed) and try again');
  }
  return handle;
}

// Before any other change to the native tree.
function changing(s) {
  flush(s);
  changed(s);
}

// Forgets what was read from the tree before it changed.
function changed(s) {
  if (s.leafLists.length) s.leafLists = [];
  s.grid = 0;
}

var UNKNOWN = -2;
// The one leaf a root query for (x, y, w, h) reaches, when that leaf's own list is the answer,
// found from the native leaf grid (Quadtree::leafGrid) without a call into WebAssembly. -1: the
// rect reaches several leaves (or, rarely, rounding put the point in a neighbouring cell: the
// native retrieve gives the same answer then); UNKNOWN: the grid cannot tell (ask locate).
function gridLeaf(s, x, y, w, h) {
  if (s.grid === 0) {
    s.grid = native.leafGrid(s.handle);
    views();
    s.gridCells = i32[s.io + 2] >> 2;
    s.gridBounds = i32[s.io + 3] >> 3;
    s.gx = f64[s.geom]; s.gy = f64[s.geom + 1]; s.gsx = f64[s.geom + 2]; s.gsy = f64[s.geom + 3];
  }
  views();
  var side = s.grid;
  var cx = (x - s.gx) * s.gsx, cy = (y - s.gy) * s.gsy; // NaN (0 * Infinity) goes to cell 0
  cx = cx >= 0 ? (cx < side ? cx | 0 : side - 1) : 0;
  cy = cy >= 0 ? (cy < side ? cy | 0 : side - 1) : 0;
  var cell = cy * side + cx, leaf = i32[s.gridCells + cell];
  if (leaf < 0) return UNKNOWN;
  var b = s.gridBounds + 4 * cell, x1 = x + w, y1 = y + h;
  var west = f64[b], east = f64[b + 1], north = f64[b + 2], south = f64[b + 3];
  return x >= west && x1 > west && x < east && x1 <= east &&
    y >= north && y1 > north && y < south && y1 <= south ? leaf : -1;
}

function idFor(s, obj) {
  var id = s.idOf.get(obj);
  if (id === undefined) {
    id = s.freeIds.length ? s.freeIds.pop() : s.objects.length;
    s.objects[id] = obj;
    s.idOf.set(obj, id);
    s.known++;
  }
  s.mark(id);
  return id;
}

function stage(s, obj, r) {
  if (s.staged === STAGE_CAPACITY) flush(s, obj);
  views();
  var k = s.staged++;
  var at = s.rects + 4 * k;
  f64[at] = r[0]; f64[at + 1] = r[1]; f64[at + 2] = r[2]; f64[at + 3] = r[3];
  var p = s.staging++, order = s.order, id = p < order.length ? order[p] : 0;
  if (s.objects[id] === obj) s.mark(id); // objects[] is idOf's inverse: this is obj's id
  else id = ordered(s, p, idFor(s, obj));
  i32[s.ids + k] = id;
}

// Remembers that `id` was inserted at position p of the frame; returns it. (A tree that is never
// cleared counts on: positions past twice the id table are not kept.)
function ordered(s, p, id) {
  if (p >= s.order.length && p < 2 * s.objects.length + 64) {
    var grown = new Int32Array(s.order.length * 2);
    grown.set(s.order);
    s.order = grown;
  }
  if (p < s.order.length) s.order[p] = id;
  return id;
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
