// Pages served with `Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'` (no
// 'unsafe-eval'), in Chromium, Firefox ESR and WebKitGTK: dist/quadtree.csp.js and .csp.mjs work
// there and give what quadtree-js gives; the default build, whose embind glue uses `new Function`,
// is refused (which is why the CSP files exist).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { DIST, ROOT } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const require = createRequire(import.meta.url);
const fixtures = join(ROOT, 'tests', 'fixtures');
const POLICY = "script-src 'self' 'wasm-unsafe-eval'";
const expected = require(join(fixtures, 'workload.js'))(require('@timohausmann/quadtree-js'));

let server;
beforeAll(async () => {
  // csp/classic.html loads the library as ./lib.js: one page, two library files by folder
  server = await startStaticServer({
    '/': fixtures,
    '/dist/': DIST,
    '/csp/lib.js': join(DIST, 'quadtree.csp.js'),
    '/csp-embind/': join(fixtures, 'csp'),
    '/csp-embind/lib.js': join(DIST, 'quadtree.js'),
  }, { headers: { 'content-security-policy': POLICY }, recordErrors: true });
});
afterAll(() => server?.close());

eachBrowser('strict Content-Security-Policy in %s', (browser) => {

  const run = (path) =>
    withPage(browser(), server.url(path), async (page) => ({
      result: await page.waitFor(() => window.__result, undefined, 60_000),
      violations: await page.evaluate(() => window.__violations),
      errors: await page.errors(),
    }));

  it('dist/quadtree.csp.js works from a classic script tag and matches quadtree-js', async () => {
    const { result, violations, errors } = await run('/csp/classic.html');
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual(expected);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('dist/quadtree.csp.mjs works as an ES module and matches quadtree-js', async () => {
    const { result, violations, errors } = await run('/csp/module.html');
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual(expected);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the default build is refused by the same policy (embind compiles code at run time)', async () => {
    const { result, violations } = await run('/csp-embind/classic.html');
    expect(result.ok).toBe(false);
    expect(violations.some((v) => v.startsWith('script-src')), violations.join('; ')).toBe(true);
  }, 120_000);
});
