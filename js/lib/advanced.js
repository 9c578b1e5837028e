// Beyond quadtree-js: moving objects, exact queries, every colliding pair in one call, numeric
// ids from typed arrays, and introspection. Installed on both tree classes.
// Exact queries use one rule everywhere: a and b overlap when
//   a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
// (touching edges do not). (A fragment of defineQuadtree's body; see session.js.)

/** The overlapping pairs of one `pairs()` call: ids in an Int32Array, mapped to objects on demand. */
function PairList(ids, objects) {
  /** Number of pairs. */
  this.count = ids.length >> 1;
  /** a0, b0, a1, b1, ...: the trees' ids of each pair's objects. */
  this.ids = ids;
  this._objects = objects;
}
/** The object an id stands for (until the tree next changes: removed objects' ids are reused). */
PairList.prototype.object = function (id) { return this._objects[id]; };
/** The first object of pair i. */
PairList.prototype.first = function (i) { return this._objects[this.ids[2 * i]]; };
/** The second object of pair i. */
PairList.prototype.second = function (i) { return this._objects[this.ids[2 * i + 1]]; };

// Ids index arrays in the native tree, which grow to the largest id: keep them dense and bounded.
var MAX_ID = (1 << 22) - 1;
function checkId(method, id) {
  if (typeof id !== 'number' || !(id >= 0 && id <= MAX_ID && id === Math.floor(id))) {
    throw new RangeError('Quadtree.' + method + ': ids must be integers from 0 to ' + MAX_ID +
      ' (they index arrays: keep them dense), got ' + describe(id));
  }
}

function installAdvanced(proto) {
  /** Removes an object (or a numeric id), wherever its coordinates are now. True if it was there. */
  proto.remove = function (item) {
    var s = live(this, 'remove');
    changing(s);
    var id = s.present(item);
    if (id === undefined) return false;
    native.remove(s.handle, id);
    s.release(id);
    s.count--;
    return true;
  };

  /**
   * Re-indexes one object after you changed its x, y, width or height in place. False (and no
   * change) if it is not in the tree.
   */
  proto.update = function (obj) {
    var s = live(this, 'update');
    readRect('update', 'rect', obj, rectIn);
    changing(s);
    var id = s.mode === OBJECTS ? s.present(obj) : undefined;
    if (id === undefined) return false;
    if (native.update(s.handle, id, rectIn[0], rectIn[1], rectIn[2], rectIn[3]) === NO_MEMORY) {
      throw noMemory('the object keeps its previous place');
    }
    return true;
  };

  /**
   * Re-reads every object's rect and re-indexes those that changed; only objects that left
   * their leaves are moved. Returns how many moved. Nothing changes if a rect is invalid.
   */
  proto.refresh = function () {
    var s = live(this, 'refresh');
    changing(s);
    if (s.mode !== OBJECTS) return 0;
    var objects = s.objects, n = objects.length, inserted = s.inserted, frame = s.frame;
    var at = scratch(s, n);
    views();
    // Only the objects whose rect differs from the tree's own copy (read from the heap) are sent.
    var heap = f64, ints = i32, idAt = ints[s.io] >> 2, table = ints[s.io + 1] >> 3, span = ints[s.io + 2];
    var sent = 0;
    for (var id = 0; id < n; id++) {
      var o = objects[id];
      if (o === undefined || inserted[id] !== frame) continue;
      // The hot loop of a frame: the four fields read once and checked inline; readRect() only
      // to build the error (it reads again, and throws unless a getter changed its mind).
      var x = o.x, y = o.y, w = o.width, h = o.height;
      if (typeof x !== 'number' || typeof y !== 'number' || typeof w !== 'number' ||
          typeof h !== 'number' || x - x + (y - y) + (w - w) + (h - h) !== 0) {
        readRect('refresh', 'object', o, rectIn);
        x = rectIn[0]; y = rectIn[1]; w = rectIn[2]; h = rectIn[3];
      }
      var r = table + 4 * id;
      if (id < span && heap[r] === x && heap[r + 1] === y && heap[r + 2] === w && heap[r + 3] === h) continue;
      var k = at + 4 * sent;
      heap[k] = x; heap[k + 1] = y; heap[k + 2] = w; heap[k + 3] = h;
      ints[idAt + sent++] = id;
    }
    var moved = native.refresh(s.handle, sent);
    if (moved === NO_MEMORY) {
      throw noMemory('the objects before the one that did not fit were re-indexed, the others keep ' +
        'their previous places (call refresh() again once there is room)');
    }
    return moved;
  };

  /**
   * Inserts or moves many items given as numbers: `rects` holds x, y, width, height per item
   * (Float32Array or Float64Array), `ids` their integer ids (default 0, 1, 2, ...). Queries then
   * return the ids. A tree holds either objects or ids.
   */
  proto.setRects = function (rects, ids) {
    var s = live(this, 'setRects');
    if (!(rects instanceof Float64Array || rects instanceof Float32Array) || rects.length % 4 !== 0) {
      throw new TypeError('Quadtree.setRects: rects must be a Float32Array or Float64Array of x, y, width, height per item, got ' +
        (rects && rects.length !== undefined ? 'length ' + rects.length : describe(rects)));
    }
    var n = rects.length >> 2, i;
    if (ids !== undefined && (ids === null || ids.length !== n)) {
      throw new TypeError('Quadtree.setRects: ids must have one id per rect (' + n + '), got ' +
        (ids && ids.length !== undefined ? 'length ' + ids.length : describe(ids)));
    }
    for (i = 0; i < rects.length; i++) {
      var v = rects[i];
      if (v - v !== 0) {
        throw new RangeError('Quadtree.setRects: rects[' + i + '] (' + ['x', 'y', 'width', 'height'][i & 3] +
          ' of item ' + (i >> 2) + ') must be finite, got ' + v);
      }
    }
    if (ids !== undefined) for (i = 0; i < n; i++) checkId('setRects', ids[i]);
    useMode(s, IDS, 'setRects');
    changing(s);
    var at = scratch(s, n);
    views();
    var idAt = i32[s.io] >> 2;
    f64.set(rects, at);
    for (i = 0; i < n; i++) i32[idAt + i] = ids === undefined ? i : ids[i];
    var done = native.setRects(s.handle, n);
    for (i = 0; i < done; i++) {
      var id = ids === undefined ? i : ids[i];
      if (s.objects[id] === undefined) s.known++;
      s.objects[id] = id;
      s.mark(id);
    }
    if (done < n) {
      throw noMemory('items 0 to ' + (done - 1) + ' were placed, items ' + done + ' to ' + (n - 1) +
        ' were not (those already in the tree keep their previous places)');
    }
  };

  /** The objects (or ids) whose rect overlaps `rect`, each once, as a new array. */
  proto.search = function (rect) {
    var s = live(this, 'search');
    readRect('search', 'rect', rect, rectIn);
    flush(s);
    return collect(s, room(native.search(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3])), null);
  };

  /** Whether any object overlaps `rect` (stops at the first). */
  proto.collides = function (rect) {
    var s = live(this, 'collides');
    readRect('collides', 'rect', rect, rectIn);
    flush(s);
    return native.collides(s.handle, rectIn[0], rectIn[1], rectIn[2], rectIn[3]);
  };

  /** Every overlapping pair of distinct objects, each once, computed in one native call. */
  proto.pairs = function () {
    var s = live(this, 'pairs');
    flush(s);
    var count = room(native.pairs(s.handle));
    views();
    var at = i32[s.io] >> 2;
    return new PairList(i32.slice(at, at + 2 * count), s.objects);
  };

  /**
   * Calls `callback(a, b)` for every overlapping pair. The pairs are computed first, so the
   * callback may change the tree.
   */
  proto.forEachPair = function (callback) {
    live(this, 'forEachPair');
    if (typeof callback !== 'function') {
      throw new TypeError('Quadtree.forEachPair: callback must be a function, got ' + describe(callback));
    }
    var list = proto.pairs.call(this);
    var ids = list.ids, objects = list._objects, n = ids.length;
    // Resolved before the first call: a callback that removes or inserts reuses ids.
    var resolved = new Array(n);
    for (var i = 0; i < n; i++) resolved[i] = objects[ids[i]];
    for (i = 0; i < n; i += 2) callback(resolved[i], resolved[i + 1]);
  };

  /** Sizes for tuning: nodes, leaves, depth, references (object copies in leaves), objects. */
  proto.stats = function () {
    var s = live(this, 'stats');
    flush(s);
    native.stats(s.handle);
    views();
    var io = s.io;
    return { nodes: i32[io + 2], leaves: i32[io + 3], depth: i32[io + 4], references: i32[io + 5], objects: i32[io + 7] };
  };

  /**
   * Calls `callback(bounds, level, isLeaf, count)` for every node, depth-first (for drawing the
   * tree); `count` is a leaf's number of object references.
   */
  proto.forEachNode = function (callback) {
    var s = live(this, 'forEachNode');
    if (typeof callback !== 'function') {
      throw new TypeError('Quadtree.forEachNode: callback must be a function, got ' + describe(callback));
    }
    flush(s);
    var count = room(native.nodeWalk(s.handle));
    views();
    var at = i32[s.io] >> 3;
    var walk = f64.slice(at, at + 7 * count); // the callback may change the tree
    for (var i = 0; i < walk.length; i += 7) {
      callback({ x: walk[i + 1], y: walk[i + 2], width: walk[i + 3], height: walk[i + 4] },
        walk[i], walk[i + 6] === 1, walk[i + 5]);
    }
  };

  /** Checks every invariant of the native tree (for tests and debugging). */
  proto.validate = function () {
    var s = live(this, 'validate');
    flush(s);
    return room(native.validate(s.handle)) === 1;
  };
}

installAdvanced(Quadtree.prototype);
