/**
 * The overlapping pairs of one `pairs()` call: ids in an Int32Array, mapped to objects on demand.
 * @constructor
 * @param {Int32Array} ids @param {any[]} objects
 * @this {any}
 */
export function PairList(ids, objects) {
  /** Number of pairs. */
  this.count = ids.length >> 1;
  /** a0, b0, a1, b1, ...: the trees' ids of each pair's objects. */
  this.ids = ids;
  this._objects = objects;
}
/** The object an id stands for (until the tree next changes: removed objects' ids are reused). @param {number} id */
PairList.prototype.object = function (id) { return this._objects[id]; };
/** The first object of pair i. @param {number} i */
PairList.prototype.first = function (i) { return this._objects[this.ids[2 * i]]; };
/** The second object of pair i. @param {number} i */
PairList.prototype.second = function (i) { return this._objects[this.ids[2 * i + 1]]; };

/**
 * callback(a, b) for each pair of `list`, its objects resolved before the first call: a callback
 * that removes or inserts reuses ids.
 * @param {PairList} list @param {Function} callback
 */
export function callEach(list, callback) {
  const ids = list.ids, objects = list._objects, n = ids.length;
  const resolved = new Array(n);
  for (let i = 0; i < n; i++) resolved[i] = objects[ids[i]];
  for (let i = 0; i < n; i += 2) callback(resolved[i], resolved[i + 1]);
}
