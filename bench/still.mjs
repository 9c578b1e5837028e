// Queries on a still tree: the objects indexed once, then only queries, frame after frame. A game
// that asks what is under the cursor, culls sprites to the viewport or tests bullets against a
// still level runs these; a refresh() in the same frame would hide what they cost, so they are
// measured alone (bench/ab.mjs runs them beside the moving workloads).
//
// Each workload's `make(lib)` gives one build's `(scene) => { frame(), dispose() }`, or null when
// that build lacks the call. A frame runs its windows' queries (WINDOWS of 64×64, VIEWPORTS of
// 1280×720, scene.mjs makeWindows, or points at the small windows' centres) and returns what
// they found as `hits/idSum`, so two builds that found other objects differ. The scene is never
// stepped (`still: true`).
import { bounds } from './engines/quadtree-wasm.mjs';
import { makeWindows } from './scene.mjs';
import { SMALL, VIEWPORT } from './workloads.mjs';

/** Small-window queries per frame (about what a frame of bullets or sensors asks). */
export const WINDOWS = 200;
/** Viewport queries per frame (a few cameras, minimaps, culling passes). */
export const VIEWPORTS = 20;
/** nearest()'s k. */
export const NEAREST_K = 10;

const smallOf = (scene) => makeWindows(scene, WINDOWS, SMALL.width, SMALL.height);
const viewportsOf = (scene) => makeWindows(scene, VIEWPORTS, VIEWPORT.width, VIEWPORT.height);

/** A tree of objects: `make(lib, scene)` made and filled once. */
const objectTree = (Tree, scene, ...rest) => {
  const tree = new Tree(bounds(scene), ...rest);
  tree.insert(scene.objects);
  return tree;
};

/** A tree of numeric ids 0..n-1, placed by one setRects() of the scene's rects. */
const idTree = (Tree, scene, ...rest) => {
  const tree = new Tree(bounds(scene), ...rest);
  const objs = scene.objects, rects = new Float64Array(4 * objs.length);
  for (let i = 0; i < objs.length; i++) {
    const o = objs[i];
    rects[4 * i] = o.x; rects[4 * i + 1] = o.y; rects[4 * i + 2] = o.width; rects[4 * i + 3] = o.height;
  }
  tree.setRects(rects);
  return tree;
};

/** `hits/idSum` of lists of objects (with `.id`) or of numeric ids. */
function tally(lists) {
  let hits = 0, ids = 0;
  for (const found of lists) {
    hits += found.length;
    for (let k = 0; k < found.length; k++) {
      const o = found[k];
      ids += typeof o === 'number' ? o : o.id;
    }
  }
  return hits + '/' + ids;
}

/**
 * A workload that asks `ask(tree, window)` of each of `windowsOf(scene)` per frame, on the tree
 * `build(lib, scene)` makes (null: the build lacks it).
 */
function still(build, windowsOf, ask) {
  return (lib) => {
    if (!build(lib, null)) return null;
    return (scene) => {
      const tree = build(lib, scene), windows = windowsOf(scene), found = new Array(windows.length);
      return {
        frame() {
          for (let i = 0; i < windows.length; i++) found[i] = ask(tree, windows[i]);
          return tally(found);
        },
        dispose() { tree.dispose(); },
      };
    };
  };
}

/** The tree makers: with scene null, whether the build has the class and call (a truthy value). */
const quadtree = (lib, scene) => (scene ? objectTree(lib.Quadtree, scene) : lib.Quadtree.prototype.search);
const quadtreeIds = (lib, scene) => (scene ? idTree(lib.Quadtree, scene) : lib.Quadtree.prototype.setRects);
// LinearQuadtree with its default depth (every build has it; 'auto' came later).
const linear = (lib, scene) => (scene ? objectTree(lib.LinearQuadtree, scene) : lib.LinearQuadtree);
const linearIds = (lib, scene) => (scene ? idTree(lib.LinearQuadtree, scene) : lib.LinearQuadtree);
const tutorial = (lib, scene) => (scene ? objectTree(lib.QuadTree, scene) : lib.QuadTree);
const withNearest = (lib, scene) => (scene ? objectTree(lib.Quadtree, scene) : lib.Quadtree.prototype.nearest);

/** Whether the build's LinearQuadtree takes depth: 'auto' (builds before issue #30's did not). */
export function fitsDepth(lib) {
  try {
    new lib.LinearQuadtree({ x: 0, y: 0, width: 1, height: 1 }, { depth: 'auto' }).dispose();
    return true;
  } catch {
    return false;
  }
}

const search = (t, w) => t.search(w);
const collides = (t, w) => (t.collides(w) ? ONE : NONE);
const ONE = [{ id: 0 }], NONE = [];
const centres = (scene) => smallOf(scene).map((w) => ({ x: w.x + w.width / 2, y: w.y + w.height / 2 }));

/** The still-tree workloads, in table order (each at 1,000, 10,000 and 100,000 objects). */
export const STILL_WORKLOADS = [
  { name: 'still-search', label: `Quadtree search 64×64 ×${WINDOWS}`, make: still(quadtree, smallOf, search) },
  { name: 'still-viewport', label: `Quadtree search 1280×720 ×${VIEWPORTS}`, make: still(quadtree, viewportsOf, search) },
  { name: 'still-collides', label: `Quadtree collides 64×64 ×${WINDOWS}`, make: still(quadtree, smallOf, collides) },
  { name: 'still-retrieve', label: `Quadtree retrieve 64×64 ×${WINDOWS}`, make: still(quadtree, smallOf, (t, w) => t.retrieve(w)) },
  { name: 'still-search-ids', label: `Quadtree of ids search 64×64 ×${WINDOWS}`, make: still(quadtreeIds, smallOf, search) },
  { name: 'still-viewport-ids', label: `Quadtree of ids search 1280×720 ×${VIEWPORTS}`, make: still(quadtreeIds, viewportsOf, search) },
  { name: 'still-linear', label: `LinearQuadtree search 64×64 ×${WINDOWS}`, make: still(linear, smallOf, search) },
  { name: 'still-linear-viewport', label: `LinearQuadtree search 1280×720 ×${VIEWPORTS}`, make: still(linear, viewportsOf, search) },
  { name: 'still-linear-ids', label: `LinearQuadtree of ids search 64×64 ×${WINDOWS}`, make: still(linearIds, smallOf, search) },
  { name: 'still-linear-collides', label: `LinearQuadtree collides 64×64 ×${WINDOWS}`, make: still(linear, smallOf, collides) },
  { name: 'still-tutorial', label: `QuadTree findObjects 64×64 ×${WINDOWS}`, make: still(tutorial, smallOf, (t, w) => t.findObjects([], w)) },
  { name: 'still-tutorial-search', label: `QuadTree search 64×64 ×${WINDOWS}`, make: still(tutorial, smallOf, search) },
  { name: 'still-nearest', label: `Quadtree nearest k=${NEAREST_K} ×${WINDOWS}`, make: still(withNearest, centres, (t, p) => t.nearest(p.x, p.y, NEAREST_K)) },
].map((w) => ({ ...w, sizes: [1000, 10000, 100000], scene: 'w3', still: true }));
