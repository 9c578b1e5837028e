// The web demo (web-demo/), served by `npm start`'s own server (js/scripts/serve.mjs, started here
// on a free port). In Chromium, Firefox ESR and WebKitGTK: the determinism and drawing checks below.
// In Chromium only (they drive the real pointer and keyboard, which the harness's small interface
// leaves to playwright): the live game and quadtree-js-demo.html.
//
// - Determinism across engines: the same seeded scene (2,000 bodies, circles; autopilot shooting,
//   the laser (raycast) and shockwaves) stepped by hand through window.demo gives, with every
//   engine, the same colliding pairs in every frame and the same final state, bit for bit;
//   quadtree-js and quadtree-wasm's drop-in API return the same number of retrieve() candidates;
//   switching engines mid-run keeps the very same game. At a few frames every engine's pairs
//   (quadtree-wasm's straight from pairs() on the circles) are the exact circle pairs, as an
//   integer test of every pair of circles here finds them.
// - Drawing: the canvas changes between frames, and the tree overlay adds pixels (for the
//   `nodes`/`bounds` walk and for forEachNode).
// - Live: real animation frames, the keyboard and the pointer drive the ship.
// - web-demo/quadtree-js-demo.html: loads only /dist/quadtree.js, draws, finds candidates.
// - No console errors, no page errors, no failed local requests anywhere. No timing assertions.
//
// Screenshots (Chromium): tests/artifacts/demo.png (the page) and tests/artifacts/demo-800.png (800 px
// wide). The README's copy, web-demo/screenshot.png, is written when it is missing or when
// UPDATE_SCREENSHOT=1 (its chart shows measured times, so it differs on every run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frames, launch } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { startServer } from '../support/demo-server.mjs';
import { overlapExact } from '../support/shape-oracle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const artifacts = join(root, 'tests', 'artifacts');
const SEED = 7;
const COUNT = 2000;
const FRAMES = 240;
const CHECKED = [1, 120, 240]; // the frames whose pairs are checked against exactPairs()

/**
 * The pairs of circles ([x, y, r] each, indexed by id) that overlap, decided exactly by the tests'
 * oracle (tests/support/shape-oracle.mjs): (x1 - x2)^2 + (y1 - y2)^2 < (r1 + r2)^2. As [id, id], the smaller first, sorted. Also
 * how many pairs their bounding boxes (x - r, y - r, r + r, r + r) give under the strict rect rule.
 */
function exactPairs(circles) {
  const order = circles.map((_, i) => i).sort((i, j) => circles[i][0] - circles[i][2] - (circles[j][0] - circles[j][2]));
  const shapes = circles.map(([x, y, r]) => ({ kind: 1, x, y, r }));
  const pairs = [];
  let boxes = 0;
  for (let p = 0; p < order.length; p++) {
    const i = order[p], [xi, yi, ri] = circles[i];
    for (let q = p + 1; q < order.length; q++) {
      const j = order[q], [xj, yj, rj] = circles[j];
      if (xj - rj > xi + ri + 1) break; // sorted by left edge: none further on reaches circle i
      if (Math.abs(yj - yi) > ri + rj + 1) continue;
      const bi = [xi - ri, yi - ri, ri + ri], bj = [xj - rj, yj - rj, rj + rj];
      if (bi[0] < bj[0] + bj[2] && bj[0] < bi[0] + bi[2] && bi[1] < bj[1] + bj[2] && bj[1] < bi[1] + bi[2]) boxes++;
      if (overlapExact(shapes[i], shapes[j])) pairs.push(i < j ? [i, j] : [j, i]);
    }
  }
  return { pairs: pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]), boxes };
}

// A digest of the game canvas, and how many pixels look like the overlay's green lines.
async function pixels(page, selector = '#game') {
  return page.evaluate((sel) => {
    const c = document.querySelector(sel);
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5, green = 0, painted = 0, lit = 0;
    for (let i = 0; i < d.length; i += 4) {
      h = Math.imul(h ^ d[i], 0x01000193);
      h = Math.imul(h ^ d[i + 1], 0x01000193);
      h = Math.imul(h ^ d[i + 2], 0x01000193);
      if (d[i + 3] !== 0) painted++;
      if (d[i + 1] > 45 && d[i + 1] > d[i] + 20 && d[i + 1] > d[i + 2]) green++; // overlay lines
      if (d[i] + d[i + 1] + d[i + 2] > 120) lit++;
    }
    return { hash: (h >>> 0).toString(16), green, painted, lit };
  }, selector);
}

async function openDemo(browser, origin, query) {
  const page = await browser.open(`${origin}/${query}`, { viewport: { width: 1280, height: 800 } });
  try {
    if (page.status !== null) expect(page.status).toBe(200);
    await page.waitFor(() => window.demo !== undefined, undefined, 60_000);
    return page;
  } catch (err) {
    await page.close();
    throw err;
  }
}

// The page as a screenshot (tests/artifacts/demo.png) and 800 px wide (demo-800.png, and the README's
// web-demo/screenshot.png when it is missing or UPDATE_SCREENSHOT=1). page: a playwright Page.
async function screenshots(page) {
  const shot = await page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 704 } });
  writeFileSync(join(artifacts, 'demo.png'), shot);
  const small = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = 800;
    c.height = Math.round((img.height * 800) / img.width);
    const g = c.getContext('2d');
    g.imageSmoothingQuality = 'high';
    g.drawImage(img, 0, 0, c.width, c.height);
    return c.toDataURL('image/png').split(',')[1];
  }, shot.toString('base64'));
  const small800 = join(artifacts, 'demo-800.png');
  writeFileSync(small800, Buffer.from(small, 'base64'));
  const readme = join(root, 'web-demo', 'screenshot.png');
  if (!existsSync(readme) || process.env.UPDATE_SCREENSHOT === '1') copyFileSync(small800, readme);
}

let server;
let origin;
beforeAll(async () => {
  if (!existsSync(join(root, 'dist', 'quadtree.js'))) throw new Error('dist/quadtree.js is missing: run `npm run build` first');
  server = startServer();
  origin = await server.origin;
  mkdirSync(artifacts, { recursive: true });
}, 60_000);
afterAll(() => server?.child.kill());

eachBrowser('web demo in %s', (browser, engine) => {

  it('every engine gives the same collisions, frame by frame, from the same start', async () => {
    const page = await openDemo(browser(), origin, `?seed=${SEED}&count=${COUNT}&paused=1`);
    try {
      // both libraries are there: quadtree-js kept aside, ours in the global (it has dispose)
      expect(await page.evaluate(() => [
        typeof window.OriginalQuadtree.prototype.dispose,
        typeof window.Quadtree.prototype.dispose,
        typeof window.Quadtree.LinearQuadtree,
      ])).toEqual(['undefined', 'function', 'function']);
      const engines = await page.evaluate(() => window.demo.engines);
      expect(engines).toEqual(['quadtree-js', 'wasm-dropin', 'wasm-advanced', 'wasm-linear', 'quadtree-ts', 'wasm-ts', 'brute']);

      const runs = {};
      for (const name of engines) {
        runs[name] = await page.evaluate(({ name, seed, count, n, checked }) => {
          const demo = window.demo;
          demo.reset({ seed, count });
          demo.setAutopilot(true);
          if (!demo.setEngine(name)) return null;
          const start = demo.counts();
          const frames = demo.step(n, { contacts: checked });
          return { start, frames, end: demo.counts(), stats: demo.stats() };
        }, { name, seed: SEED, count: COUNT, n: FRAMES, checked: CHECKED });
        expect(runs[name], `${name} accepted at ${COUNT} bodies`).not.toBeNull();
        expect(runs[name].stats.engine).toBe(name);
      }

      const ref = runs['quadtree-js'];
      const pairs = ref.frames.map((f) => f.pairs);
      expect(ref.start.frame).toBe(0);
      expect(ref.end.frame).toBe(FRAMES);
      expect(ref.end.bodies).toBe(COUNT);
      expect(pairs.length).toBe(FRAMES);
      expect(pairs.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      expect(Math.min(...pairs), 'bodies collide in every frame').toBeGreaterThan(0);
      expect(ref.frames.reduce((s, f) => s + f.hits, 0), 'the ship hits bodies').toBeGreaterThan(0);
      expect(ref.end.lasered, 'the laser (raycast) pushes bodies').toBeGreaterThan(0);

      for (const name of engines) {
        const run = runs[name];
        expect(run.start.hash, `${name}: same start`).toBe(ref.start.hash);
        expect(run.frames.map((f) => f.pairs), `${name}: colliding pairs per frame`).toEqual(pairs);
        expect(run.frames.map((f) => f.hits), `${name}: ship hits per frame`).toEqual(ref.frames.map((f) => f.hits));
        expect(run.end, `${name}: final state`).toEqual({ ...ref.end, candidates: run.end.candidates });
        expect(Number.isInteger(run.stats.target), `${name}: the nearest body is marked`).toBe(true);
      }
      // the pairs are the exact circle pairs: quadtree-wasm's refresh+pairs engines give pairs()'s
      // answer as it is, the others test the circles among their candidates
      let boxes = 0, circles = 0;
      for (const frame of CHECKED) {
        const want = exactPairs(ref.frames[frame - 1].circles);
        expect(want.pairs.length).toBe(pairs[frame - 1]);
        for (const name of engines) {
          const f = runs[name].frames[frame - 1];
          expect(f.frame).toBe(frame);
          expect(f.circles, `${name}: frame ${frame}: the same circles`).toEqual(ref.frames[frame - 1].circles);
          expect(f.contacts, `${name}: frame ${frame}: the exact circle pairs`).toEqual(want.pairs);
        }
        boxes += want.boxes;
        circles += want.pairs.length;
      }
      expect(circles, 'circles: fewer pairs than their bounding boxes').toBeLessThan(boxes);

      // the drop-in promise: quadtree-wasm's retrieve() returns what quadtree-js's does
      const candidates = ref.frames.map((f) => f.candidates);
      expect(candidates.every((c) => c >= COUNT)).toBe(true); // every body finds at least itself
      expect(runs['wasm-dropin'].frames.map((f) => f.candidates)).toEqual(candidates);
      for (const name of ['wasm-advanced', 'wasm-linear', 'brute']) {
        expect(runs[name].frames.every((f) => f.candidates === null), `${name}: no candidates`).toBe(true);
      }

      // a live switch keeps the game: change engine every 30 frames, same frames as above
      const mixed = await page.evaluate(({ engines, seed, count, n }) => {
        const demo = window.demo;
        demo.reset({ seed, count });
        demo.setAutopilot(true);
        const out = [];
        for (let i = 0; out.length < n; i++) {
          if (!demo.setEngine(engines[i % engines.length])) return null;
          out.push(...demo.step(30));
        }
        return { pairs: out.map((f) => f.pairs), end: demo.counts() };
      }, { engines: [...engines].reverse(), seed: SEED, count: COUNT, n: FRAMES });
      expect(mixed).not.toBeNull();
      expect(mixed.pairs).toEqual(pairs);
      expect(mixed.end.hash).toBe(ref.end.hash);

      // brute force is refused above 3,000 bodies, and the demo leaves it when the count grows
      const limits = await page.evaluate(() => {
        const demo = window.demo;
        demo.reset({ seed: 1, count: 1000 });
        const accepted = demo.setEngine('brute');
        demo.setCount(5000);
        const after = demo.engine();
        const refused = demo.setEngine('brute');
        const radio = document.querySelector('input[name="engine"][value="brute"]').disabled;
        const counts = demo.step(2).map((f) => f.pairs);
        return { accepted, after, refused, radio, counts, bodies: demo.counts().bodies };
      });
      expect(limits).toMatchObject({ accepted: true, refused: false, radio: true, bodies: 5000 });
      expect(limits.after).not.toBe('brute');

      expect(await page.errors()).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);

  it('draws: frames differ, the overlay draws the tree for each tree engine', async () => {
    const page = await openDemo(browser(), origin, `?seed=${SEED}&count=${COUNT}&paused=1&engine=quadtree-js`);
    try {
      await page.evaluate(() => window.demo.step(1));
      const a = await pixels(page);
      expect(a.painted).toBe(1200 * 750);
      expect(a.lit, 'bodies are visible').toBeGreaterThan(2000);
      await page.evaluate(() => window.demo.step(3));
      const b = await pixels(page);
      expect(b.hash, 'the canvas changes between frames').not.toBe(a.hash);

      for (const name of ['quadtree-js', 'wasm-dropin', 'wasm-advanced', 'wasm-linear']) {
        const r = await page.evaluate((n) => {
          const demo = window.demo;
          demo.setOverlay(false);
          demo.setEngine(n);
          demo.step(1);
          return demo.stats();
        }, name);
        expect(r.tree.leaves, `${name}: the tree has split`).toBeGreaterThan(4);
        const off = await pixels(page);
        await page.evaluate(() => window.demo.setOverlay(true));
        const on = await pixels(page);
        expect(on.hash, `${name}: overlay on vs off`).not.toBe(off.hash);
        expect(on.green - off.green, `${name}: the overlay's green lines`).toBeGreaterThan(1000);
      }

      // the screenshot: some play with each engine (so each shows a median), then the advanced
      // engine with its tree
      await page.evaluate(() => {
        const demo = window.demo;
        demo.reset({ seed: 11, count: 2000 });
        demo.setOverlay(true);
        demo.setAutopilot(true);
        for (const name of ['brute', 'quadtree-js', 'wasm-dropin', 'wasm-linear', 'wasm-advanced']) {
          demo.setEngine(name);
          demo.step(40);
        }
      });
      if (engine === 'chromium') await screenshots(page.playwright);

      expect(await page.errors()).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});

// The real pointer and keyboard, through playwright (Chromium only).
describe('web demo in chromium: live input', () => {
  let browser;

  beforeAll(async () => {
    browser = await launch('chromium');
  }, 180_000);
  afterAll(() => browser?.close());

  it('plays live: animation frames, keyboard and pointer', async () => {
    const tab = await openDemo(browser, origin, `?seed=3&count=800&engine=wasm-dropin`);
    try {
      const page = tab.playwright;
      await frames(page, 20);
      const first = await page.evaluate(() => window.demo.counts());
      expect(first.frame, 'the game runs on animation frames').toBeGreaterThan(5);

      // Space fires; the bullets fly
      await page.locator('#game').click({ position: { x: 20, y: 20 } }); // focus, and one shot
      await page.keyboard.down('Space');
      await page.keyboard.down('ArrowUp');
      await frames(page, 12);
      const firing = await page.evaluate(() => ({ ...window.demo.counts(), ship: window.demo.stats() }));
      await page.keyboard.up('Space');
      await page.keyboard.up('ArrowUp');
      expect(firing.shots, 'bullets fired').toBeGreaterThan(first.shots);
      expect(firing.shots - first.shots).toBeGreaterThanOrEqual(2);

      // the pointer aims and fires while held; keys switch engine, overlay and pause
      const box = await page.locator('#game').boundingBox();
      await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.2, { steps: 4 });
      await page.mouse.down();
      await frames(page, 10);
      await page.mouse.up();
      const held = await page.evaluate(() => window.demo.counts().shots);
      expect(held, 'the held pointer fires').toBeGreaterThan(firing.shots);
      await page.keyboard.press('Digit4');
      await page.keyboard.press('KeyO');
      await frames(page, 5);
      await page.keyboard.press('KeyP');
      const state = await page.evaluate(() => window.demo.stats());
      expect(state).toMatchObject({ engine: 'wasm-linear', overlay: true, paused: true });
      const paused = await page.evaluate(() => window.demo.counts().frame);
      await frames(page, 10);
      expect(await page.evaluate(() => window.demo.counts().frame), 'paused').toBe(paused);
      await page.locator('#step').click();
      expect(await page.evaluate(() => window.demo.counts().frame), 'one step').toBe(paused + 1);

      // instruments: a timing per engine used, a chart, the links
      const ms = await page.evaluate(() => [...document.querySelectorAll('[data-ms]')].map((e) => [e.dataset.ms, e.textContent]));
      expect(Object.fromEntries(ms)['wasm-dropin']).toMatch(/^\d+\.\d\d ms$/);
      expect((await pixels(page, '#chart')).lit).toBeGreaterThan(100);
      const links = await page.evaluate(() => [...document.querySelectorAll('nav a')].map((a) => a.getAttribute('href')));
      expect(links).toEqual(['/bench/browser.html', 'quadtree-js-demo.html', '/quadtree-js-on-wasm/many.html', 'ts-update.html', 'phaser.html', 'melonjs.html', 'bulk.html']);
      // quadtree-js's own pages are served with their quadtree.min.js replaced by ours
      const swapped = await (await fetch(`${origin}/quadtree-js-on-wasm/quadtree.min.js`)).text();
      expect(swapped).toContain('quadtree-wasm');
      for (const href of links) {
        const res = await fetch(new URL(href, `${origin}/`));
        expect(res.status, href).toBe(200);
      }

      expect(await tab.errors()).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 120_000);

  it("quadtree-js-demo.html: quadtree-js's dynamic demo on /dist/quadtree.js alone", async () => {
    const tab = await browser.open(null, { viewport: { width: 1000, height: 800 } });
    try {
      const page = tab.playwright;
      const scripts = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      const response = await page.goto(`${origin}/quadtree-js-demo.html?seed=5`, { waitUntil: 'load' });
      expect(response.status()).toBe(200);
      expect(scripts).toEqual(['/dist/quadtree.js']);
      expect(await page.evaluate(() => typeof Quadtree.prototype.dispose)).toBe('function');
      expect(await page.textContent('#lib')).toBe('quadtree-wasm');

      const box = await page.locator('#canvas').boundingBox();
      let green = 0;
      let found = 0;
      for (const [fx, fy] of [[0.2, 0.2], [0.5, 0.5], [0.8, 0.3], [0.3, 0.8], [0.6, 0.7]]) {
        await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 2 });
        await frames(page, 3);
        const p = await pixels(page, '#canvas');
        expect(p.lit, 'objects and tree drawn').toBeGreaterThan(1000);
        green = Math.max(green, p.green);
        found = Math.max(found, Number(await page.textContent('#cnt_cand')));
      }
      expect(await page.textContent('#cnt_total')).toBe('200');
      expect(found, 'the cursor found candidates').toBeGreaterThan(0);
      expect(found).toBeLessThan(200);
      expect(green, 'candidates drawn green').toBeGreaterThan(0);
      await page.screenshot({ path: join(artifacts, 'demo-quadtree-js-dynamic.png') });
      expect(await tab.errors()).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 120_000);
});
