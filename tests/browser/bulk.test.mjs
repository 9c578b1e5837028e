// quadtree-wasm/bulk in Chromium, Firefox ESR and WebKitGTK: the ES module and the classic file's
// global BulkRects, each frame's pairs exactly brute force's, the rects view renewed when the heap
// grows, and a bad rect named.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { DIST, ROOT } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';

let server;
beforeAll(async () => {
  server = await startStaticServer({ '/': join(ROOT, 'tests', 'fixtures'), '/dist/': DIST }, { recordErrors: true });
});
afterAll(() => server?.close());

eachBrowser('BulkRects in %s', (browser) => {
  it('finds brute force\'s pairs frame after frame, from the module and the script tag', () =>
    withPage(browser(), server.url('/bulk.html'), async (page) => {
      const r = await page.waitFor(() => window.__result);
      expect(r.error).toBeUndefined();
      expect(r.classic).toBe('function');
      const pairFrames = r.frames.filter((f) => 'same' in f);
      expect(pairFrames).toHaveLength(8);
      for (const f of pairFrames) {
        expect(f.same).toBe(true);
        expect(f.count).toBeGreaterThan(50);
      }
      expect(r.frames.filter((f) => 'renewed' in f)).toEqual([{ renewed: true }, { renewed: true }]);
      expect(r.bad).toMatch(/^BulkRects pairs: rect 0 has x 0, y NaN/);
      expect(await page.errors()).toEqual([]);
    }), 180_000);
});
