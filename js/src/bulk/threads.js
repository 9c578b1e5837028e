// The threaded BulkRects (quadtree-wasm/threads): its core's memory is shared, and pairs() splits
// a frame across workers, each running the same module on that memory (cpp/bulk/bulk_rects.h):
// first the rects, a part of the ids a thread (scatterPart(), where the rooms are laid out for that
// many), then the bands, a range a lane (pairBands()), then finish(). The calling thread takes the
// first part and range, and waits for the others by spinning (a page's main thread may not
// block); a worker waits with Atomics.wait. No pthread of Emscripten's is ever started:
// the workers are this file's own, made from a script in a string (no file to serve), Web Workers
// in a page and worker_threads in Node.
import { MOST_BULK_LANES } from '../wasm/abi.js';
import { compiled, freshViews, glue, i32, native } from '../wasm/native.js';
import { noMemory } from '../common/validate.js';

/** Fewer rects than this, or fewer bands a lane than this, go on one thread (waking the workers costs more). */
const FEW_RECTS = 20000, BANDS_A_LANE = 4;
/** A worker's stack. */
const STACK = 64 * 1024;
/** A worker's slot in the control block: the job's number, the BulkRects, its lane (or part), its
 * bands, the band it reached, the job done, and what the job is (PAIRS or SCATTER). */
const JOB = 0, HANDLE = 1, LANE = 2, BEGIN = 3, END = 4, REACHED = 5, DONE = 6, KIND = 7, SLOT = 8;
const PAIRS = 0, SCATTER = 1;
/** The same, for the workers' program (which closes over nothing). */
const LAYOUT = { JOB, HANDLE, LANE, BEGIN, END, REACHED, DONE, KIND, SLOT, SCATTER };

/**
 * A worker's whole program (stringified: it closes over nothing). It instantiates the module on
 * the shared memory, moves onto its own stack, says it is ready, then runs the band ranges it is
 * given until its job number goes negative.
 */
function workerMain() {
  const g = /** @type {any} */ (globalThis);
  const port = typeof g.postMessage === 'function' && !g.process ? g : g.process.getBuiltinModule('worker_threads').parentPort;
  const start = (/** @type {any} */ d) => {
    /** @type {Record<string, Record<string, any>>} */
    const imports = {};
    for (const { module, name, kind } of WebAssembly.Module.imports(d.module)) {
      imports[module] = imports[module] || {};
      imports[module][name] = kind === 'memory' ? d.memory : () => { throw new Error('quadtree-wasm worker: ' + name + ' called'); };
    }
    const x = /** @type {any} */ (new WebAssembly.Instance(d.module, imports).exports);
    x[d.names.setLimits](d.stack + d.size, d.stack);
    x[d.names.stackRestore](d.stack + d.size);
    const k = d.layout, c = new Int32Array(d.memory.buffer, d.control, k.SLOT);
    port.postMessage('ready');
    for (let seen = 0; ;) {
      Atomics.wait(c, k.JOB, seen);
      seen = Atomics.load(c, k.JOB);
      if (seen < 0) return;
      if (c[k.KIND] === k.SCATTER) x[d.names.scatterPart](c[k.HANDLE], c[k.LANE]);
      else c[k.REACHED] = x[d.names.pairBands](c[k.HANDLE], c[k.LANE], c[k.BEGIN], c[k.END]);
      Atomics.store(c, k.DONE, seen);
    }
  };
  if (typeof port.on === 'function') port.on('message', start);
  else port.onmessage = (/** @type {MessageEvent} */ e) => start(e.data);
}

/** Why this page or runtime has no threads for it, or null. */
function whyNoThreads() {
  const g = /** @type {any} */ (globalThis);
  if (g.crossOriginIsolated === false) {
    return 'this page is not cross-origin isolated: serve it with the headers Cross-Origin-Opener-Policy: same-origin ' +
      'and Cross-Origin-Embedder-Policy: require-corp (SharedArrayBuffer needs them)';
  }
  if (typeof SharedArrayBuffer !== 'function') return 'this browser gives no SharedArrayBuffer (WebAssembly threads), not even to a cross-origin isolated page';
  if (typeof g.Worker !== 'function' && !(g.process && g.process.getBuiltinModule)) {
    return 'this runtime has no Worker (Node: version 20.16 or later, for process.getBuiltinModule)';
  }
  return null;
}

/** The workers, made on the first BulkRects: started, and those that said they are ready. */
const team = {
  started: false,
  /** @type {{ slot: number, ready: boolean }[]} */
  workers: [],
  /** the control block's int32 index in the heap */
  control: 0,
  /** how many threads pairs() may use (1 + workers), as set */
  limit: MOST_BULK_LANES,
  job: 0,
  /** @type {Promise<void>} */
  ready: Promise.resolve(),
  /** @type {string | null} */
  unavailable: null,
};

/** Starts the workers (once): as many as the cores, less this thread, at most 15. Resolves when
 * they are ready (until then pairs() runs on fewer threads). */
export function startTeam() {
  startWorkers();
  return team.ready;
}

function startWorkers() {
  if (team.started) return;
  team.started = true;
  const g = /** @type {any} */ (globalThis);
  const os = g.process && g.process.getBuiltinModule ? g.process.getBuiltinModule('os') : null;
  const cores = os ? (os.availableParallelism ? os.availableParallelism() : os.cpus().length) : (g.navigator && g.navigator.hardwareConcurrency) || 1;
  const n = Math.min(MOST_BULK_LANES - 1, Math.max(0, cores - 1));
  if (n === 0) {
    team.unavailable = 'this machine has one core';
    return;
  }
  const c = compiled;
  if (c === null) throw new Error('quadtree-wasm/threads: the module is not loaded');
  const exports = /** @type {any} */ (c.instance.exports), heap = glue();
  /** @type {Record<string, string>} */
  const names = {};
  for (const key of Object.keys(exports)) {
    if (exports[key] === native.bulkPairBands) names.pairBands = key;
    if (exports[key] === native.bulkScatterPart) names.scatterPart = key;
    if (exports[key] === heap.stackRestore) names.stackRestore = key;
    if (exports[key] === heap._emscripten_stack_set_limits) names.setLimits = key;
  }
  const control = native.bulkStack(n * SLOT * 4);
  if (control === 0) throw noMemory('BulkRects constructor', 'no workers were started');
  team.control = control >> 2;
  freshViews();
  i32.fill(0, team.control, team.control + n * SLOT);
  const code = '(' + String(workerMain) + ')()';
  const made = [];
  for (let w = 0; w < n; w++) {
    const stack = native.bulkStack(STACK);
    if (stack === 0) break;
    const worker = { slot: team.control + w * SLOT, ready: false };
    const message = { module: c.module, memory: c.memory, names, layout: LAYOUT, control: control + w * SLOT * 4, stack, size: STACK };
    /** @type {any} */
    let thread;
    try {
      if (typeof g.Worker === 'function') {
        thread = new g.Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
        made.push(new Promise((resolve) => { thread.onmessage = () => resolve(worker.ready = true); thread.onerror = () => resolve(false); }));
      } else {
        const { Worker } = g.process.getBuiltinModule('worker_threads');
        thread = new Worker(code, { eval: true });
        thread.unref();
        made.push(new Promise((resolve) => { thread.once('message', () => resolve(worker.ready = true)); thread.once('error', () => resolve(false)); }));
      }
    } catch (e) { // (a page whose Content-Security-Policy forbids blob: workers: one thread)
      if (w === 0) team.unavailable = 'no worker could be made here (' + String(e) + '); a Content-Security-Policy needs worker-src blob:';
      break;
    }
    thread.postMessage(message);
    team.workers.push(worker);
  }
  // (workers that failed to start, as a policy may make them do later: one thread, and why)
  team.ready = Promise.all(made).then((ok) => {
    if (made.length > 0 && !ok.some(Boolean)) team.unavailable = 'no worker started here; a Content-Security-Policy needs worker-src blob:';
  });
}

/**
 * Puts pairs() on threads, and the statics `threads` and `threadsUnavailable`, on this entry's
 * BulkRects (bulk-rects.js, bundled into the threaded file alone): one class, whose pairs() runs
 * on one thread below FEW_RECTS or with no worker ready.
 * @param {any} BulkRects
 */
export function installThreads(BulkRects) {
  const proto = BulkRects.prototype, oneThread = proto.pairs;
  Object.defineProperties(BulkRects, {
    // How many threads pairs() uses at most: this one and the workers ready (1 where threads are
    // unavailable: see threadsUnavailable). Set it to use fewer (1 to 16).
    threads: {
      get: () => Math.min(team.limit, 1 + team.workers.filter((w) => w.ready).length),
      set: (/** @type {any} */ n) => {
        if (typeof n !== 'number' || !(n >= 1 && n <= MOST_BULK_LANES) || n !== Math.floor(n)) {
          throw new RangeError('BulkRects.threads must be an integer from 1 to ' + MOST_BULK_LANES + ', got ' + String(n));
        }
        team.limit = n;
      },
    },
    // Why pairs() runs on one thread here, or null when it can use more.
    threadsUnavailable: { get: () => team.unavailable },
  });
  /** @this {any} @returns {Int32Array} */
  proto.pairs = function () {
    this._live('BulkRects pairs');
    if (team.unavailable === null) startWorkers();
    const ready = team.workers.filter((w) => w.ready).slice(0, Math.max(0, team.limit - 1));
    if (ready.length === 0 || this._count < FEW_RECTS) return oneThread.call(this);
    const h = this._handle;
    // the rects, a part of the ids a thread, where the rooms are laid out for that many
    const parts = 1 + ready.length;
    if (this._checked(native.bulkBeginScatter(h, this._count, parts)) === 1) {
      const job = post(h, ready, parts, (at, part) => { i32[at + KIND] = SCATTER, i32[at + LANE] = part; });
      native.bulkScatterPart(h, 0);
      wait(ready, parts, job);
    }
    const bands = this._checked(native.bulkSettle(h));
    const lanes = Math.max(1, Math.min(1 + ready.length, Math.floor(bands / BANDS_A_LANE)));
    this._checked(native.bulkReadyLanes(h, lanes));
    // then the bands, a range a lane
    // (ranges of about as many rects each, not as many bands: a crowd is not one lane's alone)
    const splits = Array.from({ length: lanes + 1 }, (_, lane) => native.bulkSplitBands(h, lane, lanes));
    const job = post(h, ready, lanes, (at, lane) => {
      i32[at + KIND] = PAIRS, i32[at + LANE] = lane, i32[at + BEGIN] = splits[lane], i32[at + END] = splits[lane + 1];
    });
    run(this, 0, 0, splits[1]);
    wait(ready, lanes, job);
    // a range whose lane ran out of room for its pairs: this thread grows it and goes on
    for (let lane = 1; lane < lanes; lane++) {
      const reached = i32[ready[lane - 1].slot + REACHED];
      if (reached < splits[lane + 1]) run(this, lane, reached, splits[lane + 1]);
    }
    return this._answer(this._checked(native.bulkFinish(h)));
  };
}

/**
 * A job on BulkRects `h` for workers 1 to n - 1 (`fill` writes each one's fields at its slot),
 * posted; its number.
 * @param {number} h @param {{ slot: number }[]} ready @param {number} n @param {(at: number, index: number) => void} fill
 */
function post(h, ready, n, fill) {
  freshViews();
  const job = ++team.job;
  for (let w = 1; w < n; w++) {
    const at = ready[w - 1].slot;
    i32[at + HANDLE] = h;
    fill(at, w);
    Atomics.store(i32, at + JOB, job);
    Atomics.notify(i32, at + JOB);
  }
  return job;
}

/** Waits for workers 1 to n - 1 to finish job `job`. @param {{ slot: number }[]} ready @param {number} n @param {number} job */
function wait(ready, n, job) {
  for (let w = 1; w < n; w++) {
    const at = ready[w - 1].slot;
    while (Atomics.load(i32, at + DONE) !== job); // (their parts take about as long as this thread's)
  }
}

/** Bands begin to end of `bulk` on `lane`, growing its room for pairs as they need. @param {any} bulk @param {number} lane @param {number} begin @param {number} end */
function run(bulk, lane, begin, end) {
  for (let b = begin; b < end;) {
    b = native.bulkPairBands(bulk._handle, lane, b, end);
    if (b < end) bulk._checked(native.bulkGrow(bulk._handle, lane));
  }
}

/** The reason threads are unavailable, found once (the shared memory needs them at load). */
export const unavailable = whyNoThreads();
team.unavailable = unavailable;
