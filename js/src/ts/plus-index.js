// The quadtree-ts-plus entry (`quadtree-wasm/quadtree-ts-plus`): the quadtree-ts drop-in (its
// named exports, its Quadtree exactly), whose Quadtree also has the exact calls (queries.js),
// and `ready`, which resolves when they can run. A separate entry, so that the drop-in alone
// stays as small and quick to start as it is.
import { installQueries } from './queries.js';
import { Quadtree } from './quadtree-ts.js';
import { Rectangle, Circle, Line } from '../common/shapes.js';
import { ready } from './start.js';

installQueries(Quadtree.prototype);

export { Quadtree, Rectangle, Circle, Line, ready };
