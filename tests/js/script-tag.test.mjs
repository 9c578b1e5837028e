// The classic build as games load it, in Debian's Chromium: a plain <script src> whose very next
// inline script constructs a tree, and a dedicated Worker that importScripts the file. Both run the
// shared workload (tests/fixtures/workload.js) and must give exactly what the original
// @timohausmann/quadtree-js gives in Node for the same calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './support/static-server.mjs';
import { launchChromium, openPage } from './support/chromium.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'tests', 'fixtures');
const dist = join(root, 'dist');
const workload = require(join(fixtures, 'workload.js'));

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

describe('classic build in Chromium', () => {
  let server;
  let browser;
  let expected;

  beforeAll(async () => {
    if (!existsSync(join(dist, 'quadtree.js'))) throw new Error('dist/quadtree.js is missing: run `npm run build` first');
    expected = workload(require('@timohausmann/quadtree-js'));
    server = await startStaticServer({ '/': fixtures, '/dist/': dist });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await server?.close();
  });

  it('baseline: in Node, require(dist/quadtree.js) matches the original on the workload', () => {
    expect(workload(require(join(dist, 'quadtree.js')))).toEqual(expected);
  });

  it('<script src> then `new Quadtree` in the very next inline script', async () => {
    const tab = await openPage(browser);
    try {
      const response = await tab.page.goto(server.url('/script-tag.html'), { waitUntil: 'load' });
      expect(response.status()).toBe(200);
      const immediate = await tab.page.evaluate(() => window.__immediate);
      expect(immediate).toEqual(IMMEDIATE);
      const result = await tab.page.evaluate(() => window.__result);
      expect(result.error).toBeUndefined();
      expect(result.ok).toBe(true);
      expect(result.result).toEqual(expected);
      // what the page wrote into the DOM is the same
      const text = await tab.page.textContent('#out');
      expect(JSON.parse(text)).toEqual(result);
      expect(JSON.parse(await tab.page.textContent('#immediate'))).toEqual(IMMEDIATE);
      expect(tab.unexpectedErrors()).toEqual([]);
      expect(tab.consoleErrors).toEqual([]);
      expect(tab.blocked).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it('a Worker: importScripts then `new Quadtree` at once', async () => {
    const tab = await openPage(browser);
    try {
      await tab.page.goto(server.url('/worker.html'), { waitUntil: 'load' });
      const data = await tab.page.evaluate(() => window.__worker);
      expect(data.error).toBeUndefined();
      expect(data.ok).toBe(true);
      expect(data.immediate).toEqual({ ...IMMEDIATE, hasWindow: false });
      expect(data.result).toEqual(expected);
      expect(tab.unexpectedErrors()).toEqual([]);
      expect(tab.consoleErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);
});
