// One native tree's JavaScript side: heap views, the object <-> id table, staged inserts, and the
// argument checks every method shares. Objects never cross into WebAssembly: each distinct object
// gets a dense id here, inserts are written as numbers into a heap buffer and applied in one call
// when the next query comes, and queries come back as ids that we map to the caller's objects.
// (A fragment of defineQuadtree's body: js/scripts/bundle.mjs wraps the js/lib files into one.)

var STAGE_CAPACITY = native.stageCapacity();
var OBJECTS = 1; // the tree holds objects
var IDS = 2; // the tree holds numeric ids given with setRects
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
  this.objects = []; // id -> object (or the id itself, for setRects)
  this.idOf = new Map(); // object -> id
  this.freeIds = []; // ids of removed objects, for reuse
  this.views = []; // node index -> its Quadtree view (root at 0)
  this.disposed = false;
  if (registry) registry.register(this, handle, this);
}

Session.prototype.reset = function () {
  this.staged = 0;
  this.mode = 0;
  this.objects = []; // a new table: pair lists handed out earlier keep theirs
  this.idOf.clear();
  this.freeIds.length = 0;
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

function live(tree, method) {
  var s = tree._s;
  if (s.disposed) {
    throw new Error('Quadtree.' + method + ': this quadtree was disposed; create a new one');
  }
  return s;
}

function useMode(s, mode, method) {
  if (s.mode === mode) return;
  if (s.mode !== 0) {
    throw new TypeError('Quadtree.' + method + ': this tree holds ' +
      (s.mode === IDS ? 'numeric ids from setRects' : 'objects') +
      '; use one tree for objects and another for ids (or clear() it first)');
  }
  s.mode = mode;
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
    id = s.freeIds.length ? s.freeIds.pop() : s.objects.length;
    s.objects[id] = obj;
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
