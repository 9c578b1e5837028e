// quadtree-wasm/threads in Chromium, Firefox ESR and WebKitGTK: served cross-origin isolated (the
// two headers), pairs() runs on the page's thread and workers and finds what one thread finds,
// frame after frame (WebKitGTK, which has no SharedArrayBuffer: one thread, saying so); served
// without them, it runs on one thread, says why, and finds the pairs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { join } from 'node:path';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { DIST, ROOT } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
// (a policy that allows the page's scripts and no worker at all)
const NO_WORKERS = { ...ISOLATED, 'Content-Security-Policy': "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; worker-src 'none'" };
let isolated, plain, strict;
beforeAll(async () => {
  const mounts = { '/': join(ROOT, 'tests', 'fixtures'), '/dist/': DIST };
  isolated = await startStaticServer(mounts, { recordErrors: true, headers: ISOLATED });
  plain = await startStaticServer(mounts, { recordErrors: true });
  strict = await startStaticServer(mounts, { recordErrors: true, headers: NO_WORKERS });
});
afterAll(async () => {
  await isolated?.close();
  await plain?.close();
  await strict?.close();
});

/**
 * The fixture's result on `server`'s page in `browser`, its frames checked (every one the pairs of
 * one thread, and many), with the errors the page logged.
 * @param {() => any} browser @param {any} server
 */
const resultOn = (browser, server) => withPage(browser(), server.url('/bulk-threads.html'), async (page) => {
  const r = await page.waitFor(() => window.__result, undefined, 60_000);
  expect(r.error).toBeUndefined();
  expect(r.frames.every((f) => f.same && f.count > 5000)).toBe(true);
  return { ...r, errors: await page.errors() };
});

eachBrowser('quadtree-wasm/threads in %s', (browser) => {
  it('on a cross-origin isolated page: workers, and the pairs of one thread (or, where the browser has no SharedArrayBuffer, one thread that says so)', async () => {
    const r = await resultOn(browser, isolated);
    expect(r.isolated).toBe(true);
    if (r.shared) {
      expect(r.unavailable).toBe(null);
      expect(r.threads).toBeGreaterThanOrEqual(2);
    } else { // (WebKitGTK: its builds leave SharedArrayBuffer out)
      expect(r.unavailable).toBe('this browser gives no SharedArrayBuffer (WebAssembly threads), not even to a cross-origin isolated page');
      expect(r.threads).toBe(1);
    }
    expect(r.errors).toEqual([]);
  }, 120_000);

  it('on a page that is not: one thread, the reason, and the same pairs', async () => {
    const r = await resultOn(browser, plain);
    expect(r.isolated).toBe(false);
    expect(r.threads).toBe(1);
    expect(r.unavailable).toMatch(/not cross-origin isolated: serve it with the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp/);
    expect(r.errors).toEqual([]);
  }, 120_000);

  it('on an isolated page whose policy forbids workers: one thread, the pairs, and no error', async () => {
    const r = await resultOn(browser, strict);
    expect(r.threads).toBe(1);
    expect(r.unavailable).toMatch(/worker-src blob:|SharedArrayBuffer/);
    expect(r.errors.filter((e) => !/Content Security Policy|Content-Security-Policy|worker-src/i.test(e))).toEqual([]);
  }, 120_000);
});
