// LinearQuadtree: a loose quadtree of fixed depth that stores each object once, at the level of its
// size, in a node found in O(1) from its scaled corners (cpp/linear/linear_quadtree.h). Moving an object
// is O(1), so it suits scenes where most objects move a little every frame (update/refresh +
// pairs). It answers search, collides and pairs exactly as Quadtree does; it has no retrieve.
// With `depth: 'auto'` the depth is fitted to the objects (cpp/linear/depth_plan.h).
import { AUTO_DEPTH, MAX_LINEAR_DEPTH } from '../wasm/abi.js';
import { insertAll } from './insert.js';
import { install } from './methods/install.js';
import { loaded, native } from '../wasm/native.js';
import { hide } from './node-views.js';
import { OBJECTS } from '../common/registry.js';
import { Session, live } from './session.js';
import { stage } from './stage.js';
import { created, describe, readBounds, readRect, rectIn } from '../common/validate.js';

/**
 * @constructor
 * @param {{x:number,y:number,width:number,height:number}} bounds the area objects are mostly in;
 *   objects outside it stay indexed (placed at the edge) and queryable
 * @param {{depth?: number | 'auto'}} [options] levels below the root, 1..12 (MAX_LINEAR_DEPTH;
 *   default 8: 256×256 cells); memory is about 8 bytes × 4^depth × 4/3. 'auto': fitted to the
 *   objects (deepest cells about twice the typical object, at most about 8 cells an object),
 *   first when the tree is filled, then whenever their number has grown or shrunk fourfold
 * @this {any}
 */
export function LinearQuadtree(bounds, options) {
  if (!(this instanceof LinearQuadtree)) throw new TypeError("Class constructor LinearQuadtree cannot be invoked without 'new'");
  const calls = loaded('LinearQuadtree');
  const r = readBounds('LinearQuadtree', bounds);
  /** @type {number | 'auto'} */
  let depth = 8;
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object') {
      throw new TypeError('LinearQuadtree constructor: options must be an object like { depth: 8 }, got ' + describe(options));
    }
    if (options.depth !== undefined) depth = options.depth;
  }
  if (depth !== 'auto' && (typeof depth !== 'number' || !(depth >= 1 && depth <= MAX_LINEAR_DEPTH) || depth !== Math.floor(depth))) {
    throw new RangeError('LinearQuadtree constructor: options.depth must be an integer from 1 to ' + MAX_LINEAR_DEPTH +
      " or 'auto', got " + describe(depth));
  }
  this.bounds = bounds;
  this.depth = depth;
  const handle = calls.createLinear(r[0], r[1], r[2], r[3], depth === 'auto' ? AUTO_DEPTH : depth);
  hide(this, new Session('LinearQuadtree', created('LinearQuadtree constructor', handle)), 0);
}

const proto = LinearQuadtree.prototype;

/** Indexes an object (or each object of an array); inserting one already there moves it. @param {any} obj */
proto.insert = function (obj) {
  const s = live(this, 'insert');
  s.registry.use(OBJECTS, s);
  if (Array.isArray(obj)) return insertAll(this, s, obj);
  readRect(s, 'rect', obj, rectIn);
  stage(s, obj, rectIn);
};

/** Removes every object. */
proto.clear = function () {
  const s = live(this, 'clear');
  native.clear(s.handle);
  s.emptied();
};

install(proto);
