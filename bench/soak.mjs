// Soak test: long runs through the built library (dist/quadtree.mjs) that check memory stays flat
// and results stay right. Not part of `npm test`; run `npm run soak` (node --expose-gc).
//
//   node --expose-gc bench/soak.mjs [--frames=100000] [--objects=10000] [--queries=64]
//                                   [--big=1000000] [--samples=50] [--seed=1]
//                                   [--only=retrieve,refresh,linear,big]
//
// Phases:
//   retrieve  every frame: clear(), insert every object (they move), retrieve() around `queries`
//             of them (quadtree-js's game loop)
//   refresh   the objects move every frame: refresh() + pairs() on a Quadtree filled once
//   linear    the same on a LinearQuadtree
//   big       `big` objects inserted one by one, then searched, retrieved and collided, checked
//             against brute force on a sample of queries
// At `samples` points of each frame phase it runs the GC and records the JS heap (heapUsed), the
// WebAssembly memory (the module's memory.buffer.byteLength: captured by wrapping
// WebAssembly.Instance before the library loads, nothing is added to the library) and the RSS, and
// checks that frame's results against brute force. After a warm-up (the first 10% of frames),
// the WebAssembly memory must not grow at all and the JS heap by less than 2 MB.
import { performance } from 'node:perf_hooks';
import { mulberry32 } from './scene.mjs';
import { loadWithMemory } from './with-memory.mjs';

// ---- options ------------------------------------------------------------------------------------
const args = Object.fromEntries(process.argv.slice(2).map((a) => {
  const m = /^--([a-z]+)(?:=(.*))?$/.exec(a);
  if (!m) {
    console.error(`soak: unknown argument ${a}`);
    process.exit(2);
  }
  return [m[1], m[2] ?? 'true'];
}));
const num = (name, fallback) => {
  const v = args[name] === undefined ? fallback : Number(args[name]);
  if (!Number.isInteger(v) || v < 0) {
    console.error(`soak: --${name} must be a non-negative integer`);
    process.exit(2);
  }
  return v;
};
const FRAMES = num('frames', 100_000);
const OBJECTS = num('objects', 10_000);
const QUERIES = num('queries', 64);
const BIG = num('big', 1_000_000);
const SAMPLES = Math.max(2, num('samples', 50));
const SEED = num('seed', 1);
const ONLY = new Set((args.only ?? 'retrieve,refresh,linear,big').split(','));
const WARMUP = 0.1; // fraction of frames before memory must be flat
const HEAP_SLACK = 2 * 1024 * 1024;

if (typeof globalThis.gc !== 'function') {
  console.warn('soak: run with node --expose-gc (npm run soak does) for exact JS heap figures');
}

// ---- the library, with its WebAssembly memory in reach -------------------------------------------
const { lib: { Quadtree, LinearQuadtree }, memory: wasmMemory } = await loadWithMemory();

function memory() {
  if (globalThis.gc) {
    globalThis.gc();
    globalThis.gc();
  }
  const m = process.memoryUsage();
  return {
    wasm: wasmMemory ? wasmMemory.buffer.byteLength : NaN,
    heap: m.heapUsed,
    arrayBuffers: m.arrayBuffers,
    rss: m.rss,
  };
}

// ---- scene: objects bouncing in a square world ----------------------------------------------------
function makeObjects(n, seed, side) {
  const rand = mulberry32(seed);
  const objects = new Array(n);
  for (let i = 0; i < n; i++) {
    const width = 2 + Math.floor(rand() * 19), height = 2 + Math.floor(rand() * 19);
    objects[i] = {
      x: Math.floor(rand() * (side - width)), y: Math.floor(rand() * (side - height)), width, height,
      vx: (1 + Math.floor(rand() * 8)) / 4 * (rand() < 0.5 ? -1 : 1),
      vy: (1 + Math.floor(rand() * 8)) / 4 * (rand() < 0.5 ? -1 : 1),
      id: i,
    };
  }
  return objects;
}

function move(objects, side) {
  for (const o of objects) {
    o.x += o.vx;
    o.y += o.vy;
    if (o.x < 0 || o.x + o.width > side) { o.vx = -o.vx; o.x += 2 * o.vx; }
    if (o.y < 0 || o.y + o.height > side) { o.vy = -o.vy; o.y += 2 * o.vy; }
  }
}

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// Every overlapping pair, by sort and sweep on x: "a,b" keys with a < b (ids).
function brutePairs(objects) {
  const sorted = objects.slice().sort((a, b) => a.x - b.x);
  const keys = new Set();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i], right = a.x + a.width;
    for (let j = i + 1; j < sorted.length && sorted[j].x < right; j++) {
      const b = sorted[j];
      if (overlaps(a, b)) keys.add(a.id < b.id ? `${a.id},${b.id}` : `${b.id},${a.id}`);
    }
  }
  return keys;
}

// ---- bookkeeping ---------------------------------------------------------------------------------
const failures = [];
function check(cond, message) {
  if (!cond) {
    failures.push(message);
    console.error(`soak: FAIL ${message}`);
  }
}

const mb = (bytes) => (bytes / 1048576).toFixed(1);
const signedKb = (bytes) => `${bytes >= 0 ? '+' : ''}${(bytes / 1024).toFixed(0)} KB`;
const rows = [];

// Runs `frames` frames of `step(frame)`, sampling memory and calling `verify(frame)` at SAMPLES
// evenly spaced frames; then judges the samples after warm-up.
function framePhase(name, frames, step, verify) {
  const every = Math.max(1, Math.floor(frames / SAMPLES));
  const samples = [];
  const t0 = performance.now();
  let stepTime = 0;
  for (let frame = 1; frame <= frames; frame++) {
    const s = performance.now();
    step(frame);
    stepTime += performance.now() - s;
    if (frame % every === 0 || frame === frames) {
      verify(frame);
      const m = { frame, ...memory() };
      samples.push(m);
      if (samples.length % 10 === 0 || frame === frames) {
        console.log(`  ${name.split(':')[0]} frame ${frame}/${frames}: ${(stepTime / frame).toFixed(3)} ms/frame, ` +
          `wasm ${mb(m.wasm)} MB, JS heap ${mb(m.heap)} MB, rss ${mb(m.rss)} MB`);
      }
    }
  }
  const wall = performance.now() - t0;
  const post = samples.filter((s) => s.frame > frames * WARMUP);
  const after = post.length >= 2 ? post : samples.slice(-2);
  const first = after[0], last = after[after.length - 1];
  // Median of the first and last thirds: one noisy sample does not decide.
  const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  const third = Math.max(1, Math.floor(after.length / 3));
  const heapGrowth = median(after.slice(-third).map((s) => s.heap)) - median(after.slice(0, third).map((s) => s.heap));
  const wasmGrowth = last.wasm - first.wasm;
  check(!(wasmGrowth > 0), `${name}: WebAssembly memory grew by ${wasmGrowth} bytes after warm-up (frame ${first.frame} to ${last.frame})`);
  check(heapGrowth < HEAP_SLACK, `${name}: JS heap grew by ${heapGrowth} bytes after warm-up`);
  rows.push({
    phase: name,
    frames,
    'ms/frame': (stepTime / frames).toFixed(3),
    'wall s': (wall / 1000).toFixed(1),
    'wasm MB (start→end)': `${mb(samples[0].wasm)}→${mb(last.wasm)}`,
    'wasm growth after warm-up': signedKb(wasmGrowth),
    'JS heap MB (min..max)': `${mb(Math.min(...after.map((s) => s.heap)))}..${mb(Math.max(...after.map((s) => s.heap)))}`,
    'JS heap growth after warm-up': signedKb(heapGrowth),
    'rss MB (end)': mb(last.rss),
    samples: samples.length,
  });
  return samples;
}

// ---- phases --------------------------------------------------------------------------------------
const side = Math.round(Math.sqrt(OBJECTS) * 40);
const bounds = { x: 0, y: 0, width: side, height: side };
console.log(`soak: ${FRAMES} frames, ${OBJECTS} objects in ${side}x${side}, ${QUERIES} retrieves a frame, ` +
  `${BIG} objects in the big phase; seed ${SEED}; node ${process.version}`);
const startMemory = memory();

if (ONLY.has('retrieve') && FRAMES > 0) {
  const objects = makeObjects(OBJECTS, SEED, side);
  const tree = new Quadtree(bounds, 10, 6);
  let candidates = 0, checked = 0;
  const queryOf = (frame, q) => objects[(frame * QUERIES + q) % objects.length];
  framePhase('retrieve: clear+insert+retrieve', FRAMES, (frame) => {
    move(objects, side);
    tree.clear();
    for (let i = 0; i < objects.length; i++) tree.insert(objects[i]);
    for (let q = 0; q < QUERIES; q++) candidates += tree.retrieve(queryOf(frame, q)).length;
  }, (frame) => {
    // retrieve() must return every object that overlaps the query (and only inserted ones).
    for (let q = 0; q < QUERIES; q++) {
      const query = queryOf(frame, q);
      const got = new Set(tree.retrieve(query));
      for (const o of objects) if (overlaps(o, query)) check(got.has(o), `retrieve misses object ${o.id} at frame ${frame}`);
      check(got.has(query), `retrieve misses the query object itself at frame ${frame}`);
      checked++;
    }
    check(tree.validate(), `validate() false at frame ${frame}`);
  });
  rows[rows.length - 1].checks = `${checked} retrieves ⊇ brute force; ${(candidates / FRAMES / Math.max(1, QUERIES)).toFixed(1)} candidates/query`;
  tree.dispose();
}

function pairsPhase(name, tree, objects) {
  for (const o of objects) tree.insert(o);
  let pairs = 0, checked = 0;
  framePhase(name, FRAMES, () => {
    move(objects, side);
    tree.refresh();
    pairs += tree.pairs().count;
  }, (frame) => {
    const list = tree.pairs();
    const got = new Set();
    for (let i = 0; i < list.count; i++) {
      const a = list.first(i).id, b = list.second(i).id;
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      check(!got.has(key), `${name}: pair ${key} reported twice at frame ${frame}`);
      got.add(key);
    }
    const want = brutePairs(objects);
    check(got.size === want.size && [...want].every((k) => got.has(k)),
      `${name}: pairs() found ${got.size}, brute force ${want.size} at frame ${frame}`);
    check(tree.validate(), `${name}: validate() false at frame ${frame}`);
    checked++;
  });
  rows[rows.length - 1].checks = `${checked} frames' pairs = brute force; ${(pairs / FRAMES).toFixed(0)} pairs/frame`;
  tree.dispose();
}

if (ONLY.has('refresh') && FRAMES > 0) {
  pairsPhase('refresh: refresh+pairs (Quadtree)', new Quadtree(bounds, 10, 6), makeObjects(OBJECTS, SEED + 1, side));
}
if (ONLY.has('linear') && FRAMES > 0) {
  pairsPhase('linear: refresh+pairs (LinearQuadtree)', new LinearQuadtree(bounds, { depth: 8 }), makeObjects(OBJECTS, SEED + 2, side));
}

if (ONLY.has('big') && BIG > 0) {
  const bigSide = Math.round(Math.sqrt(BIG) * 20);
  const world = { x: 0, y: 0, width: bigSide, height: bigSide };
  const objects = makeObjects(BIG, SEED + 3, bigSide);
  const rand = mulberry32(SEED + 4);
  const queries = [];
  for (let i = 0; i < 200; i++) {
    const width = 1 + Math.floor(rand() * 400), height = 1 + Math.floor(rand() * 400);
    queries.push({ x: Math.floor(rand() * bigSide) - 100, y: Math.floor(rand() * bigSide) - 100, width, height });
  }
  // Brute force once per query, over typed arrays.
  const xs = new Float64Array(BIG), ys = new Float64Array(BIG), ws = new Float64Array(BIG), hs = new Float64Array(BIG);
  objects.forEach((o, i) => { xs[i] = o.x; ys[i] = o.y; ws[i] = o.width; hs[i] = o.height; });
  const brute = queries.map((q) => {
    const hit = [];
    for (let i = 0; i < BIG; i++) {
      if (xs[i] < q.x + q.width && q.x < xs[i] + ws[i] && ys[i] < q.y + q.height && q.y < ys[i] + hs[i]) hit.push(i);
    }
    return hit;
  });
  const expectHits = brute.reduce((n, h) => n + h.length, 0);

  for (const [kind, make] of [
    ['Quadtree', () => new Quadtree(world, 16, 10)],
    ['LinearQuadtree', () => new LinearQuadtree(world, { depth: 10 })],
  ]) {
    const tree = make();
    const before = memory();
    let t = performance.now();
    for (let i = 0; i < BIG; i++) tree.insert(objects[i]);
    const stats = tree.stats(); // flushes the staged inserts
    const insertMs = performance.now() - t;
    check(stats.objects === BIG, `big ${kind}: stats().objects ${stats.objects}, expected ${BIG}`);
    t = performance.now();
    let searchOk = 0, retrieveOk = 0, collidesOk = 0, candidates = 0;
    for (let k = 0; k < queries.length; k++) {
      const q = queries[k];
      const got = tree.search(q).map((o) => o.id).sort((a, b) => a - b);
      const want = brute[k];
      const same = got.length === want.length && got.every((id, i) => id === want[i]);
      check(same, `big ${kind}: search ${JSON.stringify(q)} returned ${got.length}, brute force ${want.length}`);
      searchOk += same;
      const hit = tree.collides(q);
      check(hit === want.length > 0, `big ${kind}: collides ${JSON.stringify(q)} is ${hit}`);
      collidesOk += hit === want.length > 0;
      if (kind === 'Quadtree') {
        const cand = new Set(tree.retrieve(q));
        candidates += cand.size;
        const superset = want.every((i) => cand.has(objects[i]));
        check(superset, `big ${kind}: retrieve ${JSON.stringify(q)} misses objects`);
        retrieveOk += superset;
      }
    }
    const queryMs = performance.now() - t;
    const valid = tree.validate();
    check(valid, `big ${kind}: validate() false`);
    const after = memory();
    rows.push({
      phase: `big: ${BIG} objects (${kind})`,
      frames: '',
      'ms/frame': `insert ${(insertMs / 1000).toFixed(2)} s, ${queries.length} queries ${(queryMs / 1000).toFixed(2)} s`,
      'wall s': ((insertMs + queryMs) / 1000).toFixed(1),
      'wasm MB (start→end)': `${mb(before.wasm)}→${mb(after.wasm)}`,
      'wasm growth after warm-up': '',
      'JS heap MB (min..max)': mb(after.heap),
      'JS heap growth after warm-up': '',
      'rss MB (end)': mb(after.rss),
      samples: '',
      checks: `search ${searchOk}/${queries.length} exact, collides ${collidesOk}/${queries.length}` +
        (kind === 'Quadtree' ? `, retrieve ${retrieveOk}/${queries.length} ⊇ (${(candidates / queries.length).toFixed(0)} candidates/query)` : '') +
        `; ${expectHits} hits; depth ${stats.depth}, ${stats.nodes} nodes`,
    });
    tree.dispose();
  }
}

// ---- summary -------------------------------------------------------------------------------------
const endMemory = memory();
console.log();
for (const r of rows) {
  console.log(`## ${r.phase}`);
  for (const [k, v] of Object.entries(r)) if (k !== 'phase' && v !== '') console.log(`   ${k.padEnd(30)} ${v}`);
}
console.log();
console.table(rows.map((r) => ({
  phase: r.phase, 'ms/frame': r['ms/frame'], 'wasm MB': r['wasm MB (start→end)'],
  'wasm Δ': r['wasm growth after warm-up'], 'heap Δ': r['JS heap growth after warm-up'],
})));
console.log(`process: wasm memory ${mb(startMemory.wasm)} → ${mb(endMemory.wasm)} MB (never shrinks), ` +
  `JS heap ${mb(startMemory.heap)} → ${mb(endMemory.heap)} MB, arrayBuffers ${mb(endMemory.arrayBuffers)} MB, rss ${mb(endMemory.rss)} MB`);
if (failures.length) {
  console.log(`soak: ${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('soak: all checks passed');
