// The ES module entry (dist/quadtree.mjs) in a <script type="module">, in Chromium, Firefox ESR and
// WebKitGTK: default and named exports, usable with no await, the very objects back, dispose(),
// memory growth, and the shared workload with exactly quadtree-js's results.
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

let server;
beforeAll(async () => {
  server = await startStaticServer({ '/': fixtures, '/dist/': DIST }, { recordErrors: true });
});
afterAll(() => server?.close());

eachBrowser('ES module in %s', (browser) => {

  it('import Quadtree from dist/quadtree.mjs, then `new Quadtree` with no await', () =>
    withPage(browser(), server.url('/module.html'), async (page) => {
      const r = await page.waitFor(() => window.__result);
      expect(r.error).toBeUndefined();
      expect(r.immediate).toEqual({
        named: true, linear: 'function', defaults: [10, 4], found: r.immediate.found, identical: true, nodes: 4, valid: true,
      });
      expect(r.immediate.found).toBeGreaterThan(0);
      expect(r.disposed).toMatch(/disposed/);
      expect(r.grown).toEqual({ inserted: 60000, distinct: 60000, all: true });
      expect(r.result).toEqual(expected);
      expect(await page.errors()).toEqual([]);
    }), 180_000);
});
