// The quadtree-ts drop-in's classic scripts as pages load the package's quadtree.umd.full.js, in
// Chromium, Firefox ESR and WebKitGTK: a <script src> whose very next script uses the global
// Quadtree (with Rectangle, Circle and Line as statics) natively, a Worker that importScripts it,
// and the strict-CSP file under `script-src 'self' 'wasm-unsafe-eval'`. Each runs the shared
// program (tests/fixtures/ts-workload.js) and must give what @timohausmann/quadtree-ts gives. The
// plus entry's classic files run the same pages, and answer the exact calls there too.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { DIST, ROOT } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const require = createRequire(import.meta.url);
const fixtures = join(ROOT, 'tests', 'fixtures');
const expected = require(join(fixtures, 'ts-workload.js'))(require('@timohausmann/quadtree-ts'));
const AT_ONCE = { ok: true, globalType: 'function', statics: ['function', 'function', 'function'], found: true, native: true };

// The plus pages: the same pages, served the plus entry's files in the places of the drop-in's.
const PLUS_FILES = { '/dist/quadtree-ts.js': join(DIST, 'quadtree-ts-plus.js'), '/dist/quadtree-ts.csp.js': join(DIST, 'quadtree-ts-plus.csp.js') };

let server, strict, demo, plus, plusStrict;
beforeAll(async () => {
  server = await startStaticServer({ '/': fixtures, '/dist/': DIST }, { recordErrors: true });
  plus = await startStaticServer({ '/': fixtures, '/dist/': DIST, ...PLUS_FILES }, { recordErrors: true });
  plusStrict = await startStaticServer({ '/': fixtures, '/dist/': DIST, ...PLUS_FILES },
    { headers: { 'content-security-policy': "script-src 'self' 'wasm-unsafe-eval'" }, recordErrors: true });
  demo = await startStaticServer({
    '/': join(ROOT, 'web-demo'), '/dist/': DIST, '/quadtree-ts/': join(ROOT, 'node_modules', '@timohausmann', 'quadtree-ts', 'dist'),
  }, { recordErrors: true });
  strict = await startStaticServer({ '/': fixtures, '/dist/': DIST },
    { headers: { 'content-security-policy': "script-src 'self' 'wasm-unsafe-eval'" }, recordErrors: true });
});
afterAll(() => {
  for (const s of [server, strict, plus, plusStrict]) s?.close();
  demo?.close();
});

eachBrowser('quadtree-ts classic scripts in %s', (browser) => {

  const check = (result) => {
    expect(result.error).toBeUndefined();
    const { result: ran, ...atOnce } = result;
    expect(atOnce).toEqual(AT_ONCE);
    expect(ran).toEqual(expected);
  };

  it('<script src> then the global Quadtree in the very next script', () =>
    withPage(browser(), server.url('/ts/script-tag.html'), async (page) => {
      check(await page.evaluate(() => window.__result));
      expect(await page.errors()).toEqual([]);
    }), 180_000);

  it('a Worker: importScripts then the global Quadtree at once', () =>
    withPage(browser(), server.url('/ts/worker.html'), async (page) => {
      check(await page.evaluate(() => window.__worker));
      expect(await page.errors()).toEqual([]);
    }), 180_000);

  it("web-demo/ts-update.html: quadtree-ts's update() loop gives the same candidates and hits on both libraries", () =>
    withPage(browser(), demo.url('/ts-update.html?paused=1'), async (page) => {
      const runs = await page.evaluate(() => window.tsUpdate.compare(20, 300));
      expect(runs.dropin).toHaveLength(20);
      expect(runs.dropin).toEqual(runs.original);
      expect(await page.errors()).toEqual([]);
    }), 180_000);

  const PLUS = { search: 1, nearest: true, ray: true, pairs: 0, native: true };
  it('dist/quadtree-ts-plus.js by <script src>: the same global, whose trees also answer the exact calls natively', () =>
    withPage(browser(), plus.url('/ts/script-tag.html'), async (page) => {
      const { exact, ...result } = await page.evaluate(() => window.__result);
      check(result);
      expect(exact).toEqual(PLUS);
      expect(await page.errors()).toEqual([]);
    }), 180_000);

  it('dist/quadtree-ts-plus.csp.js under a strict Content-Security-Policy', () =>
    withPage(browser(), plusStrict.url('/ts/csp.html'), async (page) => {
      const { exact, ...result } = await page.waitFor(() => window.__result, undefined, 60_000);
      check(result);
      expect(exact).toEqual(PLUS);
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
      expect(await page.errors()).toEqual([]);
    }), 180_000);

  it('dist/quadtree-ts.csp.js under a strict Content-Security-Policy', () =>
    withPage(browser(), strict.url('/ts/csp.html'), async (page) => {
      check(await page.waitFor(() => window.__result, undefined, 60_000));
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
      expect(await page.errors()).toEqual([]);
    }), 180_000);
});
