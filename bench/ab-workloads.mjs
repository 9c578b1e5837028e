// bench/ab.mjs's workloads and the harness that times one build's side of a row. ab.mjs imports
// this file once per side (?side=base, ?side=other), and this file imports the workloads' code
// the same way: each side runs its own copy of every function on its timed path. V8 keeps type
// feedback and optimized code per copy of a function, so a copy both builds shared ran tuned to
// whichever build had fed it (the base side's, which times the block length): the same build
// against itself read 25 to 90 % apart on the still trees, the other side always behind.
import { makeWindows } from './scene.mjs';
import { now } from './stats.mjs';
import { MODES, PREWARM_MAX_N, prewarm, sceneFor, VIEWPORT, WARMUP_MS } from './workloads.mjs';

const own = (path) => import(new URL(path + new URL(import.meta.url).search, import.meta.url).href);
const [{ bounds, enginesOf }, { tutorialEnginesOf }, { tsPrograms }, { fitsDepth, STILL_WORKLOADS }] = await Promise.all([
  own('./engines/quadtree-wasm.mjs'), own('./engines/tutorial.mjs'), own('./engines/ts-programs.mjs'), own('./still.mjs'),
]);

/** Viewport-sized search() calls per frame in the `search` workload. */
export const SEARCHES = 10;

/** The objects inserted once (untimed, as W2's refresh path), then per frame refresh() and
 *  SEARCHES viewport-sized search() calls (W3's viewport, makeWindows'); the result is the hits. */
const searches = (lib) => (scene) => {
  const tree = new lib.Quadtree(bounds(scene));
  tree.insert(scene.objects);
  const windows = makeWindows(scene, SEARCHES, VIEWPORT.width, VIEWPORT.height);
  return {
    frame() {
      tree.refresh();
      let hits = 0;
      for (let i = 0; i < windows.length; i++) hits += tree.search(windows[i]).length;
      return hits;
    },
    dispose() { tree.dispose(); },
  };
};

/** The bench suite's frame of workload `w` by the engine `id` of `list`, or null when the build lacks it. */
const suite = (list, id, w) => {
  const e = list.find((x) => x.id === id);
  return e && e[w] ? e[w].bind(e) : null;
};

/**
 * The workloads, in table order. `make(lib)` gives one build's `(scene) => { frame(), dispose?() }`
 * (`lib`: the build's `file`, dist/quadtree.mjs unless the workload names another)
 * (null when that build has no such class); `scene` is the suite workload whose scene it runs
 * (workloads.mjs sceneFor: every object moves every frame in all of these).
 */
export const WORKLOADS = [
  // W1's frame (engines/quadtree-wasm.mjs): the drop-in loop with quadtree-js's defaults (10, 4),
  // the caller's strict test of each candidate included.
  { name: 'dropin', label: 'drop-in loop', sizes: [1000, 10000], scene: 'w1', make: (lib) => suite(enginesOf(lib), 'quadtree-wasm-l4', 'w1') },
  // W2's frame (engines/quadtree-wasm.mjs): refresh() + pairs() of a default-constructed tree.
  { name: 'pairs', label: 'refresh()+pairs()', sizes: [1000, 10000], scene: 'w2', make: (lib) => suite(enginesOf(lib), 'quadtree-wasm-pairs-default', 'w2') },
  // W5's loop (engines/tutorial.mjs): clear(), insert(objects), findObjects([], obj) each, the strict test.
  { name: 'tutorial', label: 'tutorial findObjects', sizes: [1000, 10000], scene: 'w5', make: (lib) => suite(tutorialEnginesOf(lib), 'tutorial-wasm', 'w5') },
  // W6's frame: new Quadtree(bounds), never disposed, insert each, retrieve each, the strict test.
  { name: 'fresh', label: 'new tree per frame', sizes: [50], scene: 'w6', make: (lib) => suite(enginesOf(lib), 'quadtree-wasm-tpf', 'w6') },
  { name: 'search', label: `refresh()+${SEARCHES} search()`, sizes: [10000], scene: 'w2', make: searches },
  // W2's LinearQuadtree frame: refresh() + pairs() with depth 'auto' (skipped for a build without it).
  { name: 'linear', label: 'LinearQuadtree refresh()+pairs()', sizes: [10000], scene: 'w2', make: (lib) => (fitsDepth(lib) ? suite(enginesOf(lib), 'quadtree-wasm-linear', 'w2') : null) },
  // The quadtree-ts drop-in (dist/quadtree-ts.mjs; engines/ts-programs.mjs): clear(), insert
  // every Rectangle, retrieve for each; the same with a third each of Circles and Lines; a new
  // tree each frame; and update() of every shape with the tree drawn, as the package's example.
  { name: 'ts', label: 'quadtree-ts clear+insert+retrieve', sizes: [1000, 10000], scene: 'w1', file: 'quadtree-ts.mjs', make: (lib) => tsPrograms(lib).w1 },
  { name: 'ts-shapes', label: 'quadtree-ts, circles and lines too', sizes: [1000, 10000], scene: 'w1', file: 'quadtree-ts.mjs', make: (lib) => tsPrograms(lib).w1m },
  { name: 'ts-fresh', label: 'quadtree-ts new tree per frame', sizes: [1000], scene: 'w1', file: 'quadtree-ts.mjs', make: (lib) => tsPrograms(lib).w6 },
  { name: 'ts-update', label: 'quadtree-ts update()+draw', sizes: [1000], scene: 'w1', file: 'quadtree-ts.mjs', make: (lib) => tsPrograms(lib).w7 },
  // Queries on a still tree (still.mjs), which no refresh() in the frame hides: never stepped.
  ...STILL_WORKLOADS,
];

const mode = MODES.full;
const SEED = 1;

/** One build's instance of workload `w` on its own copy of the seeded scene, warmed up as run.mjs warms it. */
export function side(make, w, n, kind) {
  if (n <= PREWARM_MAX_N) prewarm(make, sceneFor(w.scene, n, SEED, kind), WARMUP_MS);
  const scene = sceneFor(w.scene, n, SEED, kind);
  const inst = make(scene);
  const s = {
    /** `frames` frames, each timed alone, the scene stepped after each (untimed) unless the workload is `still`: { ms per frame, each frame's result }. */
    block(frames) {
      const counts = new Array(frames);
      let ms = 0;
      for (let f = 0; f < frames; f++) {
        const t0 = now();
        counts[f] = inst.frame();
        ms += now() - t0;
        if (!w.still) scene.step();
      }
      return { ms: ms / frames, counts };
    },
    dispose() { inst.dispose?.(); },
  };
  s.block(mode.warmup(n));
  return s;
}
