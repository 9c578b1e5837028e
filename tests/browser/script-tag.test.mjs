// The classic build as games load it, in Chromium, Firefox ESR and WebKitGTK: a plain <script src>
// whose very next inline script constructs a tree, and a dedicated Worker that importScripts the
// file. Both run the shared workload (tests/fixtures/workload.js) and must give exactly what the
// original @timohausmann/quadtree-js gives in Node for the same calls.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { DIST, ROOT } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const require = createRequire(import.meta.url);
const fixtures = join(ROOT, 'tests', 'fixtures');
const expected = require(join(fixtures, 'workload.js'))(require('@timohausmann/quadtree-js'));

// What the page's first inline script sees right after the library's <script src>.
const IMMEDIATE = {
  ok: true,
  globalType: 'function',
  selfRefs: true,
  found: 2, // the root has not split: every object is a candidate, as in quadtree-js
  foundA: true,
  all: 2,
  maxObjects: 4,
  maxLevels: 4,
};

let server;
beforeAll(async () => {
  server = await startStaticServer({ '/': fixtures, '/dist/': DIST }, { recordErrors: true });
});
afterAll(() => server?.close());

eachBrowser('classic build in %s', (browser) => {

  it('<script src> then `new Quadtree` in the very next inline script', () =>
    withPage(browser(), server.url('/script-tag.html'), async (page) => {
      if (page.status !== null) expect(page.status).toBe(200);
      expect(await page.evaluate(() => window.__immediate)).toEqual(IMMEDIATE);
      const result = await page.evaluate(() => window.__result);
      expect(result.error).toBeUndefined();
      expect(result.result).toEqual(expected);
      // what the page wrote into the DOM is the same
      expect(JSON.parse(await page.evaluate(() => document.getElementById('out').textContent))).toEqual(result);
      expect(await page.errors()).toEqual([]);
    }), 180_000);

  it('a Worker: importScripts then `new Quadtree` at once', () =>
    withPage(browser(), server.url('/worker.html'), async (page) => {
      const data = await page.evaluate(() => window.__worker);
      expect(data.error).toBeUndefined();
      expect(data.ok).toBe(true);
      expect(data.immediate).toEqual({ ...IMMEDIATE, hasWindow: false });
      expect(data.result).toEqual(expected);
      expect(await page.errors()).toEqual([]);
    }), 180_000);
});
