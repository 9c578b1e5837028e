// quadtree-wasm through its drop-in quadtree-js API: clear(), insert(obj), retrieve(rect) -> a
// new candidates array, then the exact test. Exactly what a game that swapped the file runs.
// Below it, the advanced API for W2/W4: every colliding pair from one native pairs() call, after
// either refresh() (objects inserted once; it re-reads every rect and re-indexes the ones that
// changed) or a rebuild (clear() + insert(all objects)), with tuned parameters and with the
// default constructor; and W6, a new tree every frame. W2c (targets.mjs): the default-constructed
// tree's refresh() + pairs() on circles.
import * as dist from '../../dist/quadtree.mjs';
import { now } from '../stats.mjs';

/**
 * The engines of one build of the library (`lib`: its ES module's exports). `tag` marks a second
 * build measured in the same run (an A/B: `node bench/run.mjs --baseline=DIR`): its ids end in
 * `@tag` and it forms a family of its own.
 */
export function enginesOf({ Quadtree, LinearQuadtree, Circle }, tag = '') {
  const at = tag ? '@' + tag : '';
  const family = 'quadtree-wasm' + at;
  function engine(maxObjects, maxLevels) {
    const w1 = (scene) => {
      const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, maxObjects, maxLevels);
      const objs = scene.objects;
      return {
        frame() {
          const n = objs.length;
          tree.clear();
          for (let i = 0; i < n; i++) tree.insert(objs[i]);
          let pairs = 0;
          for (let i = 0; i < n; i++) {
            const a = objs[i];
            const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
            const candidates = tree.retrieve(a);
            for (let k = 0; k < candidates.length; k++) {
              const b = candidates[k];
              if (b.id > id && ax < b.x + b.width && b.x < ax1 && ay < b.y + b.height && b.y < ay1) pairs++;
            }
          }
          return pairs;
        },
        dispose() { tree.dispose(); },
      };
    };
    return {
      id: `quadtree-wasm-l${maxLevels}${at}`,
      family,
      name: `quadtree-wasm${at} (${maxObjects},${maxLevels})`,

      // W1: one game frame: rebuild, query every object, count colliding pairs once each.
      w1,
      // W2 (all colliding pairs): the drop-in loop is how a quadtree-js game gets them.
      w2: maxLevels === 4 ? w1 : undefined,
      w2IsW1: maxLevels === 4, // W2's frame is W1's (see workloads.mjs)

      // W3: a static scene, built once; each query returns the exact hits.
      w3(scene) {
        const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, maxObjects, maxLevels);
        const objs = scene.objects;
        for (let i = 0; i < objs.length; i++) tree.insert(objs[i]);
        return {
          query(q) {
            const qx = q.x, qy = q.y, qx1 = qx + q.width, qy1 = qy + q.height;
            const candidates = tree.retrieve(q);
            const hits = [];
            for (let k = 0; k < candidates.length; k++) {
              const b = candidates[k];
              if (qx < b.x + b.width && b.x < qx1 && qy < b.y + b.height && b.y < qy1) hits.push(b);
            }
            return hits;
          },
          dispose() { tree.dispose(); },
        };
      },
    };
}

  /**
   * A pairs() engine for W2/W4. `tree` names the index ('Quadtree (16,10)'), `path` is 'refresh'
   * (insert once, then refresh() + pairs() per frame) or 'rebuild' (clear() + insert(all) +
   * pairs() per frame). The frame's result is pairs().count: the pair list (an Int32Array of ids)
   * is built in full either way. Each frame also leaves its two phases' times in `updateMs`
   * (refresh(), or clear() + insert()) and `pairsMs` (pairs()), for W4's breakdown.
   */
  function pairsEngine({ id, tree, make, path, workloads }) {
    const refresh = path === 'refresh';
    const run = (scene) => phased(make(scene), scene.objects, refresh, (t) => t.pairs().count);
    // W2c: the scene's circles ({ x, y, r, id }) made this library's circles before the tree
    // first sees them (untimed), as a game's spawn code would make them; then the same frame.
    const circles = (scene) => {
      for (const o of scene.objects) o.qtIndex = Circle.prototype.qtIndex;
      return run(scene);
    };
    const e = {
      id: id + at,
      family,
      name: `quadtree-wasm${at} ${tree} ${path === 'refresh' ? 'refresh' : 'rebuild'}+pairs`,
      tree,
      path,
    };
    for (const w of workloads) e[w] = w === 'w2c' ? circles : run;
    return e;
}

  const quadtree = (maxObjects, maxLevels) => (scene) => new Quadtree(bounds(scene), maxObjects, maxLevels);
  const linear = (scene) => new LinearQuadtree(bounds(scene), { depth: 'auto' });
  // The default constructor, as a game that only learnt the advanced API writes it: quadtree-js's
  // defaults (max_objects 10, max_levels 4).
  const plain = (scene) => new Quadtree(bounds(scene));

  const pairsEngines = [
    // (W2c only where the build has circles: an older one given to --baseline may not.)
    pairsEngine({ id: 'quadtree-wasm-pairs-default', tree: DEFAULT_TREE, make: plain, path: 'refresh', workloads: ['w2', 'w4', ...(Circle ? ['w2c'] : [])] }),
    pairsEngine({ id: 'quadtree-wasm-rebuild-default', tree: DEFAULT_TREE, make: plain, path: 'rebuild', workloads: ['w4'] }),
    pairsEngine({ id: 'quadtree-wasm-pairs-l10', tree: 'Quadtree (16,10)', make: quadtree(16, 10), path: 'refresh', workloads: ['w2', 'w4'] }),
    pairsEngine({ id: 'quadtree-wasm-pairs-l8', tree: 'Quadtree (10,8)', make: quadtree(10, 8), path: 'refresh', workloads: ['w2'] }),
    pairsEngine({ id: 'quadtree-wasm-linear', tree: 'LinearQuadtree', make: linear, path: 'refresh', workloads: ['w2', 'w4'] }),
    pairsEngine({ id: 'quadtree-wasm-rebuild-l10', tree: 'Quadtree (16,10)', make: quadtree(16, 10), path: 'rebuild', workloads: ['w2', 'w4'] }),
    pairsEngine({ id: 'quadtree-wasm-linear-rebuild', tree: 'LinearQuadtree', make: linear, path: 'rebuild', workloads: ['w4'] }),
  ];

  // W3 through search(): the exact hits filtered natively, no candidates array to test in JS; the
  // default constructor (search() reads an index of its own, whatever the tree's parameters).
  const searchEngine = {
    id: `quadtree-wasm-search${at}`,
    family,
    name: `quadtree-wasm${at} search() (10,4)`,
    w3(scene) {
      const tree = new Quadtree(bounds(scene));
      tree.insert(scene.objects);
      return {
        query: (q) => tree.search(q),
        dispose() { tree.dispose(); },
      };
    },
  };

  // W6, a tree per frame (the tutorial's pattern): `new Quadtree(bounds)` every frame, never
  // disposed (the FinalizationRegistry frees its native tree once the program drops it), insert
  // every object, retrieve per object, the exact test.
  const perFrame = {
    id: `quadtree-wasm-tpf${at}`,
    family,
    name: `quadtree-wasm${at} new Quadtree(bounds) per frame`,
    w6(scene) {
      const b = bounds(scene);
      const objs = scene.objects;
      return {
        frame() {
          const n = objs.length;
          const tree = new Quadtree(b);
          for (let i = 0; i < n; i++) tree.insert(objs[i]);
          let pairs = 0;
          for (let i = 0; i < n; i++) {
            const a = objs[i];
            const ax = a.x, ay = a.y, ax1 = ax + a.width, ay1 = ay + a.height, id = a.id;
            const candidates = tree.retrieve(a);
            for (let k = 0; k < candidates.length; k++) {
              const c = candidates[k];
              if (c.id > id && ax < c.x + c.width && c.x < ax1 && ay < c.y + c.height && c.y < ay1) pairs++;
            }
          }
          return pairs;
        },
      };
    },
  };

  return [engine(10, 4), engine(10, 8), searchEngine, ...pairsEngines, perFrame];
}

/** The W2/W4 `tree` label of the default-constructed Quadtree's pairs() engines. */
export const DEFAULT_TREE = 'Quadtree(bounds) (10,4)';

/** The root rect of a scene's tree: its whole world. */
export const bounds = (scene) => ({ x: 0, y: 0, width: scene.width, height: scene.height });

/**
 * An engine instance whose frame has two timed phases: the update (refresh(), or clear() +
 * insert(all objects)), then `result(tree)`, the frame's result (pairs().count, or W5's
 * findObjects loop). It leaves them in `updateMs` and `pairsMs` for the W4 and W5 breakdowns.
 * `refresh`: the objects are inserted once, here (not timed), and each frame calls refresh().
 */
export function phased(tree, objs, refresh, result) {
  if (refresh) tree.insert(objs); // once, when the objects spawn: not timed
  return {
    frame() {
      const t0 = now();
      if (refresh) {
        tree.refresh();
      } else {
        tree.clear();
        tree.insert(objs);
      }
      const t1 = now();
      const out = result(tree);
      this.updateMs = t1 - t0;
      this.pairsMs = now() - t1;
      return out;
    },
    dispose() {
      if (tree.dispose) tree.dispose();
    },
  };
}

export default enginesOf(dist);
