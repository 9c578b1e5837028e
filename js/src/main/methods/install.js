// The methods beyond quadtree-js, which every tree class gets: moving objects, exact queries,
// every colliding pair in one call, numeric ids from typed arrays, introspection and lifetime. One
// module a method (or a pair of them), installed as d3-quadtree installs its own.
import { remove } from './remove.js';
import { update } from './update.js';
import { refresh } from './refresh.js';
import { setCircles, setLines, setRects } from './set-rects.js';
import { collides, search } from './search.js';
import { forEachPair, pairs } from './pairs.js';
import { nearest, raycast } from './spatial.js';
import { stats } from './stats.js';
import { forEachNode } from './for-each-node.js';
import { validateTree } from './validate-tree.js';
import { DISPOSE, dispose } from './dispose.js';

/**
 * Installs them on a tree class's prototype, with the class's own remove() and refresh() where it
 * has them (the tutorial tree's).
 * @param {any} proto @param {{ remove?: Function, refresh?: Function }} [own]
 */
export function install(proto, own = {}) {
  // A tree's node: 0 for a tree, its own for a subnode view (node-views.js hide()).
  Object.defineProperty(proto, '_n', { value: 0 });
  Object.assign(proto, {
    remove: own.remove || remove,
    update,
    refresh: own.refresh || refresh,
    setRects,
    setCircles,
    setLines,
    search,
    collides,
    pairs,
    forEachPair,
    nearest,
    raycast,
    stats,
    forEachNode,
    validate: validateTree,
    dispose,
    [DISPOSE]: dispose,
  });
}
