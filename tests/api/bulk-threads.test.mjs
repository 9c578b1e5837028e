// quadtree-wasm/threads in Node (worker_threads): pairs() on several threads finds exactly what one
// thread finds and brute force, frame after frame, in scenes whose lanes run out of room for their
// pairs; the thread count can be lowered and raised; errors as quadtree-wasm/bulk's.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { BulkRects, ready } from '../../dist/quadtree-bulk.threads.mjs';
import { mulberry32 } from '../support/prng.mjs';

await ready;
const { bruteForce, listed } = createRequire(import.meta.url)('../fixtures/bulk-pairs.js');

/** n rects of 2 to 20 px at 1,600 px² each (or `crowd` times denser), written into `r`; their velocities. */
function fill(r, n, seed, crowd = 1) {
  const random = mulberry32(seed);
  const width = Math.sqrt(1600 * n * 16 / 9 / crowd), height = width * 9 / 16;
  const v = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    r[4 * i + 2] = 2 + 18 * random(), r[4 * i + 3] = 2 + 18 * random();
    r[4 * i] = random() * width, r[4 * i + 1] = random() * height;
    v[2 * i] = 6 * random() - 3, v[2 * i + 1] = 6 * random() - 3;
  }
  return v;
}

describe('BulkRects of quadtree-wasm/threads, in Node', () => {
  it('has a thread for each core (at most 16), and no reason to say otherwise', () => {
    expect(BulkRects.threadsUnavailable).toBe(availableParallelism() > 1 ? null : 'this machine has one core');
    expect(BulkRects.threads).toBe(Math.min(16, availableParallelism()));
  });

  it('finds what one thread finds and brute force, frame after frame, sparse and crowded', () => {
    const most = BulkRects.threads;
    for (const [n, crowd] of [[30000, 1], [30000, 40], [120000, 1]]) {
      const bulk = new BulkRects(n);
      const v = fill(bulk.rects, n, n + crowd, crowd);
      for (let frame = 0; frame < 3; frame++) {
        BulkRects.threads = 1;
        const one = listed(bulk.pairs());
        BulkRects.threads = most;
        const many = listed(bulk.pairs());
        expect(many.length).toBe(one.length);
        expect(many).toEqual(one);
        if (frame === 0 && n <= 30000) expect(many).toEqual(bruteForce(bulk.rects, n));
        const r = bulk.rects;
        for (let i = 0; i < n; i++) r[4 * i] += v[2 * i], r[4 * i + 1] += v[2 * i + 1];
      }
      bulk.dispose();
    }
  }, 60_000);

  it('names a bad rect, refuses a thread count out of range, and keeps its own', () => {
    const bulk = new BulkRects(40000);
    fill(bulk.rects, 40000, 3);
    bulk.rects[4 * 39999 + 2] = -1;
    expect(() => bulk.pairs()).toThrow(/^BulkRects pairs: rect 39999 has x .*, width -1, /);
    const most = BulkRects.threads;
    for (const bad of [0, 17, 1.5, '2']) expect(() => { BulkRects.threads = bad; }).toThrow(/^BulkRects.threads must be an integer from 1 to 16/);
    expect(BulkRects.threads).toBe(most);
    bulk.dispose();
  });
});
