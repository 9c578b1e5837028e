// The browser harness itself, in each engine: every other browser test relies on it to see a
// page's errors and to bring back what a page computed, so a harness that saw nothing would make
// those tests pass vacuously.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { ROOT } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';

let server;
beforeAll(async () => {
  server = await startStaticServer({ '/': join(ROOT, 'tests', 'fixtures') }, { recordErrors: true });
});
afterAll(() => server?.close());

eachBrowser('the harness in %s', (browser) => {

  it('reports what a page throws and logs as an error while it loads', () =>
    withPage(browser(), server.url('/throws.html'), async (page) => {
      expect(await page.evaluate(() => [window.__before, window.__after])).toEqual([1, 2]);
      const errors = (await page.errors()).join('\n');
      expect(errors).toMatch(/thrown while loading/);
      expect(errors).toMatch(/logged while loading/);
    }), 120_000);

  it('brings back values, awaits promises, and rejects with the page\'s error', () =>
    withPage(browser(), server.url('/throws.html'), async (page) => {
      expect(await page.evaluate((n) => ({ n, list: [n, 'x'], none: null }), 3)).toEqual({ n: 3, list: [3, 'x'], none: null });
      expect(await page.evaluate(() => new Promise((resolve) => setTimeout(() => resolve('later'), 10)))).toBe('later');
      await expect(page.evaluate(() => { throw new Error('from the page'); })).rejects.toThrow(/from the page/);
      expect(await page.waitFor(() => window.__after)).toBe(2);
      await expect(page.waitFor(() => window.__never, undefined, 300)).rejects.toThrow(/still falsy/);
    }), 120_000);
});
