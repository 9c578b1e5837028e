// quadtree-wasm/melonjs inside the real engine: melonJS 20.7.0 (a devDependency) in Chromium,
// Firefox ESR and WebKitGTK, imported as an ES module beside dist/quadtree-melonjs.mjs.
// tests/fixtures/melonjs/swarm.mjs builds a seeded world (bodies in the world and in a nested
// container, static and dynamic, all sensors; some leave and some come mid-run) and steps it with
// world.update(), once with the stock broadphase and once with ours. Bodies that hold still must
// meet the very same pairs every frame. Moving bodies must meet every pair the stock broadphase
// lets them meet: the stock tree is the frame's start, ours reads a body where it is, so it may
// find more real contacts, never fewer.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { GAME_PAGES, serveGamePages } from '../support/game-pages.mjs';

let server;
beforeAll(async () => {
  server = await serveGamePages({ recordErrors: true });
});
afterAll(() => server?.close());

const both = (page, options) => page.evaluate(async (o) => {
  const stock = await window.melonSwarm({ ...o, plugin: false });
  const ours = await window.melonSwarm({ ...o, plugin: true });
  return { stock, ours };
}, options);

const pairs = (frame) => (frame ? frame.split(',') : []);

eachBrowser('quadtree-wasm/melonjs in %s', (browser) => {

  it('bodies that hold still meet the stock pairs every frame; moving ones every stock pair, and no fewer', async () => {
    await withPage(browser(), server.url(GAME_PAGES.melonjs), async (page) => {
      await page.waitFor(() => typeof window.melonSwarm === 'function');
      for (const [bodies, seed] of [[40, 1], [300, 2], [1200, 3]]) {
        const still = await both(page, { bodies, seed, frames: 6, still: true });
        expect(still.ours.active).toBe(true);
        expect(still.stock.frames.some((f) => f.length > 0)).toBe(true);
        expect(still.ours.frames).toEqual(still.stock.frames);
        const moving = await both(page, { bodies, seed: seed + 10, frames: 8, still: false });
        for (let f = 0; f < moving.stock.frames.length; f++) {
          const ours = new Set(pairs(moving.ours.frames[f]));
          expect(pairs(moving.stock.frames[f]).filter((p) => !ours.has(p))).toEqual([]);
        }
      }
      expect(await page.errors()).toEqual([]);
    });
  });

  it('quadtreePlugin, registered as melonJS plug-ins are, puts the app\'s world on the index', async () => {
    await withPage(browser(), server.url(GAME_PAGES.melonjs), async (page) => {
      await page.waitFor(() => typeof window.melonPlugin === 'function');
      const { ours, frames } = await page.evaluate(() => window.melonPlugin());
      expect(ours).toBe(true);
      const stock = await page.evaluate(() => window.melonSwarm({ bodies: 200, seed: 3, frames: 3, still: true, plugin: false }));
      expect(frames).toEqual(stock.frames);
      expect(await page.errors()).toEqual([]);
    });
  });
});
