// The scale curve (issue 46): every overlapping pair of N moving rects, a frame at a time, at N =
// 10,000 to 1,000,000: BulkRects (quadtree-wasm/bulk), the same on every core (quadtree-wasm/threads),
// LinearQuadtree's setRects() + pairs(), Quadtree's refresh() + pairs() on one JavaScript object a rect
// (x, y, width, height, copied from the rects between frames, untimed), and
// the same C++ as BulkRects built natively with -O3 (bench/native/scale.cpp, its `bulk` layout),
// the WebAssembly's limit on this machine. The scene is the issue's, the same float32 numbers on
// each side (bench/native/scale.cpp's, frame by frame): rects 2 to 20 px, 1,600 px² a rect, 16:9,
// every rect moving every frame. Each engine's pair counts must agree. Only the index's calls are
// timed, not the loop that moves the rects.
//
//   node bench/scale.mjs [--n=10000,100000,250000,1000000] [--frames=15] [--baseline=DIR]
//
// --baseline=DIR adds DIR/quadtree.mjs's LinearQuadtree and Quadtree (an older build's dist/) as more rows.
// The native row needs build-bench/qt_bench_scale (built here with cmake when missing).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const value = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const sizes = value('n', '10000,100000,250000,1000000').split(',').map(Number);
const frames = Number(value('frames', '15'));
const baseline = value('baseline', '');
const WARMUP = 3;

const { BulkRects } = await import(pathToFileURL(join(root, 'dist', 'quadtree-bulk.mjs')).href);
const threaded = await import(pathToFileURL(join(root, 'dist', 'quadtree-bulk.threads.mjs')).href);
await threaded.ready;
const ours = await import(pathToFileURL(join(root, 'dist', 'quadtree.mjs')).href);
const base = baseline ? await import(pathToFileURL(resolve(baseline, 'quadtree.mjs')).href) : null;

/** bench/native/scale.cpp's Scene, in float32 as it computes it: the same numbers, frame by frame. */
class Scene {
  constructor(n, seed, rects) {
    this.n = n;
    this.width = Math.sqrt(1600 * n * 16 / 9);
    this.height = this.width * 9 / 16;
    this.rects = rects;
    this.v = new Float32Array(2 * n);
    let s = seed >>> 0;
    const next = () => { // xorshift32, in [0, 1)
      s = (s ^ (s << 13)) >>> 0; s = (s ^ (s >>> 17)) >>> 0; s = (s ^ (s << 5)) >>> 0;
      return s / 4294967296;
    };
    for (let i = 0; i < n; i++) {
      rects[4 * i + 2] = 2 + 18 * next(), rects[4 * i + 3] = 2 + 18 * next();
      rects[4 * i] = next() * (this.width - rects[4 * i + 2]), rects[4 * i + 1] = next() * (this.height - rects[4 * i + 3]);
      this.v[2 * i] = 4 * next() - 2, this.v[2 * i + 1] = 4 * next() - 2;
    }
  }

  step(r = this.rects) {
    const { v, width, height } = this;
    const f = Math.fround, right = f(width), bottom = f(height);
    for (let i = 0; i < this.n; i++) {
      r[4 * i] += v[2 * i], r[4 * i + 1] += v[2 * i + 1];
      if (r[4 * i] < 0 || f(r[4 * i] + r[4 * i + 2]) > width) v[2 * i] = -v[2 * i], r[4 * i] = Math.min(Math.max(r[4 * i], 0), f(right - r[4 * i + 2]));
      if (r[4 * i + 1] < 0 || f(r[4 * i + 1] + r[4 * i + 3]) > height) v[2 * i + 1] = -v[2 * i + 1], r[4 * i + 1] = Math.min(Math.max(r[4 * i + 1], 0), f(bottom - r[4 * i + 3]));
    }
  }
}

/**
 * Median and best ms a frame of `frame()` over the frames after the warm-up, and the mean pairs;
 * between frames the scene steps the rects `rectsNow()` gives, then `moved()` runs (untimed).
 */
function time(scene, frame, rectsNow, moved = () => {}) {
  const ms = [];
  let pairs = 0;
  for (let f = 0; f < frames + WARMUP; f++) {
    const t0 = performance.now();
    pairs += frame();
    const t = performance.now() - t0;
    if (f >= WARMUP) ms.push(t);
    scene.step(rectsNow());
    moved();
  }
  ms.sort((a, b) => a - b);
  return { median: ms[ms.length >> 1], best: ms[0], pairs: Math.floor(pairs / (frames + WARMUP)) };
}

function bulkRow(n, Bulk = BulkRects) {
  const bulk = new Bulk(n);
  const scene = new Scene(n, 1, bulk.rects);
  const r = time(scene, () => bulk.pairs().length / 2, () => bulk.rects);
  bulk.dispose();
  return r;
}

function linearRow(Linear, n) {
  const rects = new Float32Array(4 * n);
  const scene = new Scene(n, 1, rects);
  const ids = Int32Array.from({ length: n }, (_, i) => i);
  const tree = new Linear({ x: 0, y: 0, width: scene.width, height: scene.height }, { depth: 'auto' });
  const r = time(scene, () => {
    tree.setRects(rects, ids);
    return tree.pairs().count;
  }, () => rects);
  tree.dispose();
  return r;
}

function objectsRow(Quadtree, n) {
  const rects = new Float32Array(4 * n);
  const scene = new Scene(n, 1, rects);
  const objects = Array.from({ length: n }, (_, i) => ({ x: rects[4 * i], y: rects[4 * i + 1], width: rects[4 * i + 2], height: rects[4 * i + 3] }));
  const tree = new Quadtree({ x: 0, y: 0, width: scene.width, height: scene.height });
  for (const o of objects) tree.insert(o);
  const r = time(scene, () => {
    tree.refresh();
    return tree.pairs().count;
  }, () => rects, () => {
    for (let i = 0; i < n; i++) objects[i].x = rects[4 * i], objects[i].y = rects[4 * i + 1];
  });
  tree.dispose();
  return r;
}

function nativeRows() {
  const exe = join(root, 'build-bench', 'qt_bench_scale');
  if (!existsSync(exe)) {
    execFileSync('cmake', ['-S', root, '-B', join(root, 'build-bench'), '-DCMAKE_BUILD_TYPE=Release'], { stdio: 'ignore' });
    execFileSync('cmake', ['--build', join(root, 'build-bench'), '--target', 'qt_bench_scale', '-j2'], { stdio: 'ignore' });
  }
  const out = execFileSync(exe, [sizes.join(','), String(frames), 'bulk'], { encoding: 'utf8' });
  const rows = new Map();
  for (const m of out.matchAll(/^\| bulk \| (\d+) \| ([\d.]+) \| ([\d.]+) \| (\d+) \|/gm)) rows.set(+m[1], { median: +m[2], best: +m[3], pairs: +m[4] });
  return rows;
}

const native = nativeRows();
const threads = threaded.BulkRects.threads;
const columns = [['BulkRects'], [`BulkRects, ${threads} threads`], ['LinearQuadtree setRects + pairs'], ['baseline LinearQuadtree', base],
  ['Quadtree refresh + pairs'], ['baseline Quadtree', base], ['native -O3 (the same C++)']].filter(([, needs]) => needs !== null);
const lines = [`| N | ${columns.map(([name]) => name).join(' | ')} | BulkRects / native | pairs |`, `|---:|${columns.map(() => '---:|').join('')}---:|---:|`];
for (const n of sizes) {
  const row = [bulkRow(n), bulkRow(n, threaded.BulkRects), linearRow(ours.LinearQuadtree, n), base && linearRow(base.LinearQuadtree, n),
    objectsRow(ours.Quadtree, n), base && objectsRow(base.Quadtree, n), native.get(n)].filter((r) => r !== null);
  const bulk = row[0], nat = row.at(-1);
  row.forEach((r, i) => {
    if (r.pairs !== bulk.pairs) throw new Error(`N=${n}: ${columns[i][0]} found ${r.pairs} pairs a frame on average, BulkRects ${bulk.pairs}`);
  });
  const cell = (r) => `${r.median.toFixed(2)} (${r.best.toFixed(2)})`;
  lines.push(`| ${n.toLocaleString('en-US')} | ${row.map(cell).join(' | ')} | ${(bulk.median / nat.median).toFixed(2)} | ${bulk.pairs.toLocaleString('en-US')} |`);
  console.log(lines.at(-1));
}
const table = `Median (best) ms a frame over ${frames} frames, ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}\n\n${lines.join('\n')}\n`;
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'scale.md'), table);
console.log('\n' + table);
