// W5, the tutorial tree: quadtree-wasm's QuadTree against ReferenceQuadTree, the plain JavaScript
// reference of the same rules (tests/support/tutorial-reference.mjs, never shipped), each with the
// tutorial's defaults (maxObjects 10, maxLevels 5). Node only: the benchmark page cannot load
// tests/, so these engines are not in ./index.mjs's list; run.mjs adds them.
//
//   w5:  the tutorial's game loop: clear(), insert(all objects), then findObjects([], obj) per
//        object and the strict test on its candidates, counting each colliding pair once.
//   w5r: 10 % of the objects move per frame (W4's scene): refresh() (objects inserted once), or
//        clear() + insert(all objects), then the same findObjects loop.
// Each frame leaves its two phases in updateMs (clear + insert, or refresh) and pairsMs (the
// findObjects loop). Also here: W6 (a new tree every frame, the tutorial's own pattern) for both
// trees, and quadtree-wasm's QuadTree in W2 and W4 (refresh() + pairs(), clear() + insert() + pairs()).
import * as dist from '../../dist/quadtree.mjs';
import { ReferenceQuadTree } from '../../tests/support/tutorial-reference.mjs';
import { phased } from './quadtree-wasm.mjs';

/**
 * The tutorial loop's queries: findObjects([], obj) for every object, the strict test on the
 * candidates, each colliding pair counted once. The tree finds a pair from the deeper object's
 * side only, or from both when the two share a node, hence `seen` (only colliding pairs go in it).
 */
function countPairs(tree, objs, seen) {
  const n = objs.length;
  let pairs = 0;
  seen.clear();
  for (let i = 0; i < n; i++) {
    const a = objs[i];
    const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
    const found = tree.findObjects([], a);
    for (let k = 0; k < found.length; k++) {
      const b = found[k];
      if (b.id !== id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) {
        const key = id < b.id ? id * n + b.id : b.id * n + id;
        if (!seen.has(key)) {
          seen.add(key);
          pairs++;
        }
      }
    }
  }
  return pairs;
}

/** A frame workload over a tree made by `make(scene)`; `refresh`: insert once, then refresh() per frame. */
function loop(make, refresh) {
  return (scene) => {
    const seen = new Set();
    return phased(make(scene), scene.objects, refresh, (tree) => countPairs(tree, scene.objects, seen));
  };
}

/** The three engines of one tutorial tree class: the loop, and W5r's refresh and rebuild paths. */
function enginesFor(QuadTree, id, label, family) {
  const make = (scene) => new QuadTree({ x: 0, y: 0, width: scene.width, height: scene.height });
  return [
    { id, family, name: label, tree: label, w5: loop(make, false) },
    { id: `${id}-refresh`, family, name: `${label} refresh()`, tree: label, path: 'refresh', w5r: loop(make, true) },
    { id: `${id}-rebuild`, family, name: `${label} clear()+insert()`, tree: label, path: 'rebuild', w5r: loop(make, false) },
  ];
}

/**
 * W6, a tree per frame, the tutorial's own pattern: `new QuadTree(bounds)` every frame (never
 * disposed), insert(all objects), then the findObjects loop.
 */
function perFrame(QuadTree, id, label, family) {
  return {
    id: `${id}-tpf`,
    family,
    name: `${label} new QuadTree(bounds) per frame`,
    w6(scene) {
      const b = { x: 0, y: 0, width: scene.width, height: scene.height };
      const objs = scene.objects;
      const seen = new Set();
      return {
        frame() {
          const tree = new QuadTree(b);
          tree.insert(objs);
          return countPairs(tree, objs, seen);
        },
      };
    },
  };
}

/** The W2/W4 `tree` label of quadtree-wasm's default-constructed QuadTree. */
export const TUTORIAL_TREE = 'QuadTree(bounds) (10,5)';

/**
 * quadtree-wasm's tutorial engines for one build (`lib`: its ES module's exports); none when the
 * build has no QuadTree (an older build given to --baseline). `tag` as in enginesOf(). Besides
 * W5's three and W6's: the default-constructed QuadTree's refresh() + pairs() (W2, W4) and
 * clear() + insert(all) + pairs() (W4), the API it shares with Quadtree.
 */
export function tutorialEnginesOf(lib, tag = '') {
  if (typeof lib.QuadTree !== 'function') return [];
  const at = tag ? '@' + tag : '';
  // Ids end in the tag (tutorial-wasm-tpf@base), as --baseline pairs each engine with its twin.
  const id = 'tutorial-wasm', family = id + at, label = `quadtree-wasm${at} QuadTree`;
  const make = (scene) => new lib.QuadTree({ x: 0, y: 0, width: scene.width, height: scene.height });
  const pairs = (path, workloads) => {
    const run = (scene) => phased(make(scene), scene.objects, path === 'refresh', (t) => t.pairs().count);
    const e = {
      id: `${id}-pairs${path === 'refresh' ? '' : '-rebuild'}`,
      family,
      name: `quadtree-wasm${at} ${TUTORIAL_TREE} ${path}+pairs`,
      tree: TUTORIAL_TREE,
      path,
    };
    for (const w of workloads) e[w] = run;
    return e;
  };
  return [
    ...enginesFor(lib.QuadTree, id, label, family),
    perFrame(lib.QuadTree, id, label, family),
    pairs('refresh', ['w2', 'w4']),
    pairs('rebuild', ['w4']),
  ].map((e) => Object.assign(e, { id: e.id + at }));
}

export default [
  ...tutorialEnginesOf(dist),
  ...enginesFor(ReferenceQuadTree, 'tutorial-reference', 'ReferenceQuadTree (JS)', 'tutorial-reference'),
  perFrame(ReferenceQuadTree, 'tutorial-reference', 'ReferenceQuadTree (JS)', 'tutorial-reference'),
];
