// web-demo/tutorial.html: the tutorial's space shooter on the global QuadTree, in Chromium,
// Firefox ESR and WebKitGTK.
//
// The page (web-demo/tutorial-game.js) is a classic script that uses the tutorial API as a game
// pastes it. This test runs that same file twice: in the browser on /dist/quadtree.js, stepped by
// hand through window.tutorialDemo, and in Node on the reference tree
// (tests/support/tutorial-reference.mjs). For the same seed every frame's report must be the same:
// the overlapping pairs found from findObjects() (their count and an order-free digest), the
// digest of every candidate list in order, the tree's digest (every node's bounds, walked through
// `nodes`), the game's state. In every frame the pairs from the candidates must equal brute
// force's. After the run the page's tree, read through `nodes`, `bounds` and getAllObjects(), and
// the candidates of every object must equal the reference tree's built from the same rects.
// Also: the page loads only /dist/quadtree.js and its own script, the global QuadTree is there
// for the next script tag, ?frames=N steps and pauses, the tree overlay draws, no page errors.
// Chromium only: live animation frames and the keyboard, a screenshot
// (tests/artifacts/tutorial-demo.png), and `npm start`'s server (js/scripts/serve.mjs) serving
// the page. No timing assertions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frames, launch, withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { ReferenceQuadTree, shapeOf } from '../support/tutorial-reference.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const webDemo = join(root, 'web-demo');
const distFile = join(root, 'dist', 'quadtree.js');
const artifacts = join(root, 'tests', 'artifacts');

// The scenes: [seed, rocks, frames]. The second is dense enough for the tree's deepest level.
const RUNS = [[7, 400, 240], [11, 1500, 40]];

/** The page's game (web-demo/tutorial-game.js) in Node, on the reference tree. */
function referenceGame(options) {
  const source = readFileSync(join(webDemo, 'tutorial-game.js'), 'utf8');
  // a function body: the classic script's top level, sloppy mode, its global QuadTree a parameter
  const create = new Function('QuadTree', `${source}\nreturn createTutorialGame;`)(ReferenceQuadTree);
  return create(options);
}

/** The page's snapshot checked against a reference tree built from the same rects, in order. */
function checkSnapshot(snap) {
  const tree = new ReferenceQuadTree({ x: 0, y: 0, width: snap.width, height: snap.height });
  const objects = snap.rects.map(([x, y, width, height], idx) => ({ x, y, width, height, idx }));
  tree.insert(objects);
  expect(snap.tree, 'the tree from nodes/bounds/getAllObjects').toEqual(shapeOf(tree, (t) => t.entries().map((e) => e.obj.idx)));
  expect(snap.found, 'every object\'s findObjects() in order').toEqual(objects.map((o) => tree.findObjects([], o).map((c) => c.idx)));
  return tree;
}

// A digest of the canvas, and how many pixels look like the overlay's green lines.
async function pixels(page) {
  return page.evaluate(() => {
    const c = document.getElementById('game');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5, green = 0;
    for (let i = 0; i < d.length; i += 4) {
      h = Math.imul(h ^ d[i] ^ (d[i + 1] << 8) ^ (d[i + 2] << 16), 0x01000193);
      if (d[i + 1] > 90 && d[i + 1] > d[i] + 40 && d[i + 1] > d[i + 2] + 25) green++;
    }
    return { hash: (h >>> 0).toString(16), green };
  });
}

let server;
beforeAll(async () => {
  if (!existsSync(distFile)) throw new Error('dist/quadtree.js is missing: run `npm run build` first');
  // recordErrors: WebKit (no console events) records errors from the first script on
  server = await startStaticServer({ '/': webDemo, '/dist/': join(root, 'dist') }, { recordErrors: true });
});
afterAll(() => server?.close());

eachBrowser('tutorial demo in %s', (browser) => {

  /** Runs fn(page) on the page, once window.tutorialDemo is there; closes the page whatever happens. */
  const onPage = (query, fn) => withPage(browser(), server.url(`/tutorial.html${query}`), async (page) => {
    if (page.status !== null) expect(page.status).toBe(200);
    await page.waitFor(() => window.tutorialDemo !== undefined, undefined, 60_000);
    await fn(page);
    expect(await page.errors()).toEqual([]);
  }, { viewport: { width: 1400, height: 900 } });

  it('findObjects pairs equal brute force in every frame, and every frame equals the reference tree\'s', async () => {
    await onPage('?paused=1', async (page) => {
      const loaded = await page.evaluate(() => ({
        atLoad: window.quadTreeAtLoad,
        ours: typeof QuadTree.prototype.dispose,
        scripts: performance.getEntriesByType('resource')
          .filter((e) => e.initiatorType === 'script').map((e) => new URL(e.name).pathname),
      }));
      // the global is there for the next classic script, and it is ours (the original has no dispose)
      expect(loaded.atLoad).toEqual(['function', 'function']);
      expect(loaded.ours).toBe('function');
      // (resource entries come in the order the responses ended, in some engines)
      expect(loaded.scripts.filter((p) => !p.startsWith('/__harness/')).sort()).toEqual(['/dist/quadtree.js', '/tutorial-game.js']);

      for (const [seed, count, n] of RUNS) {
        const run = await page.evaluate(({ seed, count, n }) => {
          const demo = window.tutorialDemo;
          demo.reset({ seed, count });
          const reports = demo.step(n);
          return { reports, snap: demo.snapshot(), state: demo.state() };
        }, { seed, count, n });
        const label = `seed ${seed}, ${count} rocks`;

        expect(run.reports.length).toBe(n);
        for (const r of run.reports) {
          expect([r.pairs, r.pairSum], `${label}, frame ${r.frame}: pairs from findObjects = brute force`).toEqual([r.brutePairs, r.bruteSum]);
          expect(r.listed, `${label}, frame ${r.frame}: getAllObjects lists every object once`).toBe(r.objects);
        }
        expect(Math.min(...run.reports.map((r) => r.pairs)), 'objects overlap in every frame').toBeGreaterThan(0);
        expect(Math.max(...run.reports.map((r) => r.treeDepth)), 'the tree splits').toBeGreaterThanOrEqual(count > 1000 ? 5 : 3);

        // the same game on the reference tree in Node: frame by frame the same
        const ref = referenceGame({ seed, count });
        const expected = [];
        for (let i = 0; i < n; i++) expected.push(ref.step());
        const at = expected.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(run.reports[i]));
        expect(at === -1 ? null : run.reports[at], `${label}: frame ${at + 1} as on the reference tree`).toEqual(at === -1 ? null : expected[at]);
        expect(run.state).toEqual(ref.state());
        if (count === RUNS[0][1]) expect(run.state.score, 'bullets hit').toBeGreaterThan(0);

        const tree = checkSnapshot(run.snap);
        expect(run.snap).toEqual(ref.snapshot());
        expect(tree.getAllObjects([]).length).toBe(run.state.objects);
      }
    });
  }, 240_000);

  it('?frames=N steps and pauses; the tree overlay draws the nodes', async () => {
    await onPage('?seed=3&count=300&frames=30', async (page) => {
      const first = await page.evaluate(() => window.tutorialDemo.state());
      expect(first.frame).toBe(30);
      const ref = referenceGame({ seed: 3, count: 300 });
      for (let i = 0; i < 30; i++) ref.step();
      expect(first).toEqual(ref.state());
      expect(await page.evaluate(() => document.getElementById('r-agree').textContent)).toBe('yes, all 30 frames');

      const on = await pixels(page);
      const tree = await page.evaluate(() => window.tutorialDemo.tree());
      expect(tree.leaves).toBeGreaterThan(4);
      await page.evaluate(() => window.tutorialDemo.setOverlay(false));
      const off = await pixels(page);
      expect(on.hash, 'overlay on vs off').not.toBe(off.hash);
      expect(on.green - off.green, 'the overlay\'s green lines').toBeGreaterThan(2000);
      await page.evaluate(() => window.tutorialDemo.step(1));
      expect((await pixels(page)).hash, 'the canvas changes between frames').not.toBe(off.hash);
    });
  }, 120_000);
});

describe('tutorial demo in chromium: live', () => {
  let browser;
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await launch('chromium');
  }, 180_000);
  afterAll(() => browser?.close());

  it('runs on animation frames; keys take over from the autopilot; P pauses', async () => {
    const tab = await browser.open(server.url('/tutorial.html?seed=5'), { viewport: { width: 1400, height: 900 } });
    try {
      const page = tab.playwright;
      await tab.waitFor(() => window.tutorialDemo !== undefined);
      await frames(page, 20);
      const running = await page.evaluate(() => window.tutorialDemo.state());
      expect(running.frame, 'the game runs on animation frames').toBeGreaterThan(5);
      expect(await page.isChecked('#autopilot')).toBe(true);
      await page.locator('#game').click();
      await page.keyboard.down('ArrowLeft');
      await frames(page, 5);
      await page.keyboard.up('ArrowLeft');
      expect(await page.isChecked('#autopilot'), 'a key takes the ship').toBe(false);
      await page.keyboard.press('KeyP');
      const paused = await page.evaluate(() => window.tutorialDemo.state().frame);
      await frames(page, 10);
      expect(await page.evaluate(() => window.tutorialDemo.state().frame), 'paused').toBe(paused);
      await page.locator('#step').click();
      expect(await page.evaluate(() => window.tutorialDemo.state().frame), 'one step').toBe(paused + 1);
      await page.evaluate(() => {
        window.tutorialDemo.reset({ seed: 1, count: 400 });
        window.tutorialDemo.step(120);
      });
      await page.screenshot({ path: join(artifacts, 'tutorial-demo.png') });
      expect(await tab.errors()).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 120_000);

  it('`npm start` serves the page, its script and the library (js/scripts/serve.mjs)', async () => {
    const child = spawn(process.execPath, [join(root, 'js', 'scripts', 'serve.mjs')], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      for await (const chunk of child.stdout) {
        out += chunk;
        if (/http:\/\/127\.0\.0\.1:\d+\//.test(out)) break;
      }
      const origin = /http:\/\/127\.0\.0\.1:\d+/.exec(out)[0];
      for (const path of ['/tutorial.html', '/tutorial-game.js', '/dist/quadtree.js']) {
        expect((await fetch(origin + path)).status, path).toBe(200);
      }
      expect(await (await fetch(origin + '/')).text()).toContain('href="tutorial.html"');
    } finally {
      child.kill();
    }
  }, 60_000);
});
