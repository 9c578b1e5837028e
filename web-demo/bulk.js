// web-demo/bulk.html: up to a million bodies moving every frame, every overlapping pair found each
// frame by BulkRects (quadtree-wasm/threads, on as many threads as chosen), LinearQuadtree
// (setRects + pairs) or a Quadtree of one object a body (refresh + pairs), switched live. window.bulkDemo holds the state (the browser test reads it;
// `frames` counts frames).
import { BulkRects, ready } from '/dist/quadtree-bulk.threads.mjs';
import { LinearQuadtree, Quadtree } from '/dist/quadtree.mjs';

const canvas = document.getElementById('game');
const ctx = canvas.getContext('2d');
const image = ctx.createImageData(canvas.width, canvas.height);
const pixels = new Uint32Array(image.data.buffer);
const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const rgba = (r, g, b) => (little ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
const BACKGROUND = rgba(4, 6, 12), BODY = rgba(125, 137, 171), HIT = rgba(255, 179, 92);

const ENGINE_NAMES = { bulk: 'BulkRects', linear: 'LinearQuadtree', objects: 'Quadtree' };
const state = window.bulkDemo = { frames: 0, engine: 'bulk', n: 0, pairs: 0, threads: 1, error: null };
const last = { index: [], move: [], draw: [] };
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const keep = (list, ms) => { list.push(ms); if (list.length > 30) list.shift(); };

let world = null;

/** A new field of n bodies (a seeded generator: the same field each time). */
function makeWorld(n) {
  const width = Math.sqrt(1600 * n * 16 / 9), height = width * 9 / 16;
  const rects = new Float32Array(4 * n), v = new Float32Array(2 * n), hit = new Uint8Array(n);
  let s = 12345;
  const random = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  for (let i = 0; i < n; i++) {
    rects[4 * i + 2] = 2 + 18 * random(), rects[4 * i + 3] = 2 + 18 * random();
    rects[4 * i] = random() * (width - rects[4 * i + 2]), rects[4 * i + 1] = random() * (height - rects[4 * i + 3]);
    v[2 * i] = 4 * random() - 2, v[2 * i + 1] = 4 * random() - 2;
  }
  return { n, width, height, rects, v, hit, index: null };
}

/** The engine's index for the world, its rects taken from wherever they are now. */
function makeIndex(w, engine) {
  const now = Float32Array.from(w.index ? w.index.current() : w.rects); // (before the old index is freed)
  if (w.index) w.index.dispose();
  if (engine === 'bulk') {
    const bulk = new BulkRects(w.n);
    bulk.rects.set(now);
    // the bodies move in the index's own array: read bulk.rects each frame (the heap may have grown)
    w.index = { current: () => bulk.rects, pairs: () => bulk.pairs(), dispose: () => bulk.dispose() };
  } else if (engine === 'objects') {
    // a game of objects: each body's x and y set as it moves (in moved(), timed with the move)
    const rects = now, bodies = [];
    const tree = new Quadtree({ x: 0, y: 0, width: w.width, height: w.height });
    for (let i = 0; i < w.n; i++) {
      bodies.push({ x: rects[4 * i], y: rects[4 * i + 1], width: rects[4 * i + 2], height: rects[4 * i + 3], i });
      tree.insert(bodies[i]);
    }
    w.index = {
      current: () => rects,
      moved: () => {
        for (let i = 0; i < w.n; i++) bodies[i].x = rects[4 * i], bodies[i].y = rects[4 * i + 1];
      },
      pairs: () => {
        tree.refresh();
        const list = tree.pairs(), out = new Int32Array(list.ids.length);
        for (let k = 0; k < out.length; k++) out[k] = list.object(list.ids[k]).i;
        return out;
      },
      dispose: () => tree.dispose(),
    };
  } else {
    const rects = now, ids = Int32Array.from({ length: w.n }, (_, i) => i);
    const tree = new LinearQuadtree({ x: 0, y: 0, width: w.width, height: w.height }, { depth: 'auto' });
    w.index = {
      current: () => rects,
      pairs: () => { tree.setRects(rects, ids); return tree.pairs().ids; },
      dispose: () => tree.dispose(),
    };
  }
}

function move(w, r) {
  const { n, v, width, height } = w;
  for (let i = 0; i < n; i++) {
    let x = r[4 * i] + v[2 * i], y = r[4 * i + 1] + v[2 * i + 1];
    if (x < 0 || x + r[4 * i + 2] > width) v[2 * i] = -v[2 * i], x = Math.min(Math.max(x, 0), width - r[4 * i + 2]);
    if (y < 0 || y + r[4 * i + 3] > height) v[2 * i + 1] = -v[2 * i + 1], y = Math.min(Math.max(y, 0), height - r[4 * i + 3]);
    r[4 * i] = x, r[4 * i + 1] = y;
  }
}

function draw(w, r, pairs) {
  const { n, hit } = w;
  hit.fill(0);
  for (let k = 0; k < pairs.length; k++) hit[pairs[k]] = 1;
  pixels.fill(BACKGROUND);
  const sx = canvas.width / w.width, sy = canvas.height / w.height, cols = canvas.width;
  for (let i = 0; i < n; i++) {
    const at = ((r[4 * i + 1] + r[4 * i + 3] / 2) * sy | 0) * cols + ((r[4 * i] + r[4 * i + 2] / 2) * sx | 0);
    if (hit[i] || pixels[at] !== HIT) pixels[at] = hit[i] ? HIT : BODY;
  }
  ctx.putImageData(image, 0, 0);
}

function frame() {
  try {
    const w = world;
    if (!document.getElementById('paused').checked) {
      let t = performance.now();
      move(w, w.index.current());
      if (w.index.moved) w.index.moved();
      keep(last.move, performance.now() - t);
      t = performance.now();
      const pairs = w.index.pairs();
      keep(last.index, performance.now() - t);
      state.pairs = pairs.length / 2;
      t = performance.now();
      draw(w, w.index.current(), pairs);
      keep(last.draw, performance.now() - t);
      state.frames++;
    }
    const text = (id, s) => { document.getElementById(id).textContent = s; };
    text('r-engine', ENGINE_NAMES[state.engine]);
    text('r-threads', state.engine === 'bulk' ? String(BulkRects.threads) + (BulkRects.threadsUnavailable ? ' (' + BulkRects.threadsUnavailable + ')' : '') : '1');
    text('r-bodies', w.n.toLocaleString('en-US'));
    text('r-pairs', state.pairs.toLocaleString('en-US'));
    const ms = (list) => (list.length ? median(list).toFixed(2) + ' ms' : '–');
    text('r-index', ms(last.index));
    text('r-move', ms(last.move));
    text('r-draw', ms(last.draw));
  } catch (e) {
    state.error = String((e && e.stack) || e);
    throw e;
  }
  requestAnimationFrame(frame);
}

function rebuild() {
  const n = Number(document.getElementById('bodies').value);
  if (world && world.index) world.index.dispose();
  world = makeWorld(n);
  state.n = n;
  makeIndex(world, state.engine);
  for (const list of Object.values(last)) list.length = 0;
}

document.getElementById('bodies').addEventListener('change', rebuild);
document.getElementById('engine').addEventListener('change', (e) => {
  state.engine = e.target.value;
  makeIndex(world, state.engine);
  for (const list of Object.values(last)) list.length = 0;
});
document.getElementById('threads').addEventListener('change', (e) => {
  BulkRects.threads = Number(e.target.value);
  for (const list of Object.values(last)) list.length = 0;
});
rebuild();
requestAnimationFrame(frame);
// the thread counts to choose from, once the workers are ready
ready.then(() => {
  const select = document.getElementById('threads'), most = BulkRects.threads;
  for (let n = 2; n <= most; n++) select.add(new Option(String(n)));
  select.value = String(most);
  state.threads = most;
});
