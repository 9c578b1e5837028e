// The drop-in loop's index work (clear(), insert every object, retrieve() with every object; no
// caller's tests) of two builds side by side in one process, in alternating blocks of frames:
// changes to retrieve() or the inserts show here at a few per cent, where whole W1 frames (whose
// caller's tests are most of the time) and separate runs swing by more. Both trees (10,4).
//   node bench/ab-retrieve.mjs BASE_DIST [N=10000] [kinds=wide,square] [blocks=30]
// BASE_DIST: another build's dist/ (e.g. of the commit before); the other side is ../dist.
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { makeScene, SCENE_KINDS } from './scene.mjs';
import { summarize } from './stats.mjs';

const [baseDir, nArg = '10000', kindsArg = 'wide,square', blocksArg = '30'] = process.argv.slice(2);
if (!baseDir) throw new Error('usage: node bench/ab-retrieve.mjs BASE_DIST [N] [kinds] [blocks]');
const base = await import(pathToFileURL(join(resolve(baseDir), 'quadtree.mjs')).href);
const ours = await import('../dist/quadtree.mjs');
const n = Number(nArg), blocks = Number(blocksArg), kinds = kindsArg.split(',');
const frames = n >= 10000 ? 5 : n >= 1000 ? 40 : 300; // per block
for (const kind of kinds) {
  if (!SCENE_KINDS[kind]) throw new Error(`unknown scene kind ${kind}: one of ${Object.keys(SCENE_KINDS).join(', ')}`);
  const scene = makeScene(n, 1, { kind });
  const objs = scene.objects;
  const side = (lib) => {
    const tree = new lib.Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height }, 10, 4);
    const frame = () => {
      tree.clear();
      for (let i = 0; i < n; i++) tree.insert(objs[i]);
      let candidates = 0;
      for (let i = 0; i < n; i++) candidates += tree.retrieve(objs[i]).length;
      return candidates;
    };
    /** ms per frame of a block, and the candidates of its last frame */
    const block = () => {
      const t0 = performance.now();
      let c = 0;
      for (let f = 0; f < frames; f++) c = frame();
      return [(performance.now() - t0) / frames, c];
    };
    return { tree, block, times: /** @type {number[]} */ ([]) };
  };
  const a = side(base), b = side(ours);
  for (let i = 0; i < 3; i++) a.block(), b.block(); // warm-up
  let ahead = 0;
  for (let k = 0; k < blocks; k++) {
    scene.step();
    const [first, second] = k % 2 ? [a, b] : [b, a];
    const [t1, c1] = first.block(), [t2, c2] = second.block();
    if (c1 !== c2) throw new Error(`${kind}: the builds returned ${c1} and ${c2} candidates`);
    first.times.push(t1), second.times.push(t2);
    if (b.times[k] < a.times[k]) ahead++;
  }
  const ma = summarize(a.times).median, mb = summarize(b.times).median;
  console.log(`${kind} N=${n}: base ${ma.toFixed(3)} ms, dist ${mb.toFixed(3)} ms per frame ` +
    `(${(100 * (mb / ma - 1)).toFixed(1)} %, dist ahead in ${ahead} of ${blocks} blocks)`);
  a.tree.dispose(), b.tree.dispose();
}
