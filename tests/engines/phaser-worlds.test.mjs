// quadtree-wasm/phaser inside the real engine: Phaser 4.2.1 and 3.90.0 (devDependencies), each in
// Chromium, Firefox ESR and WebKitGTK, loaded as pages load them (<script src> of the engine, of
// dist/quadtree.js and of dist/quadtree-phaser.js). tests/fixtures/phaser/swarm.js builds a seeded
// Arcade scene (a self-overlapping or self-colliding group of rects and circles, immovable and
// disabled bodies, static bodies, a player sprite against the group, bodies destroyed and added
// mid-run, a static body moved) and steps it by hand, once with the stock RTrees and once with the
// plug-in. With overlap colliders no body moves within a step, so every step's callbacks must see
// the very same pairs. With colliders, separation moves bodies in the order a body's candidates
// come, which the plug-in does not keep (README: "Phaser"), so the runs may part after the first
// contact of three bodies: there each step's pairs must still mostly agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPage } from '../support/browsers.mjs';
import { eachBrowser } from '../support/each-browser.mjs';
import { GAME_PAGES, serveGamePages } from '../support/game-pages.mjs';

const PHASERS = [
  ['Phaser 4', GAME_PAGES.phaser4],
  ['Phaser 3', GAME_PAGES.phaser3],
];

let server;
beforeAll(async () => {
  server = await serveGamePages({ recordErrors: true });
});
afterAll(() => server?.close());

/** Both runs of one scene in one page: stock first, then the plug-in. */
const both = (page, options) => page.evaluate(async (o) => {
  const stock = await window.phaserSwarm({ ...o, plugin: false });
  const ours = await window.phaserSwarm({ ...o, plugin: true });
  return { stock, ours };
}, options);

/** The share of pairs two sorted lists have in common (1: the same). */
function agreement(a, b) {
  const x = a ? a.split(',') : [], y = b ? b.split(',') : [];
  const count = new Map();
  for (const p of x) count.set(p, (count.get(p) || 0) + 1);
  let common = 0;
  for (const p of y) {
    if ((count.get(p) || 0) > 0) {
      common++;
      count.set(p, count.get(p) - 1);
    }
  }
  return x.length + y.length === 0 ? 1 : (2 * common) / (x.length + y.length);
}

eachBrowser('quadtree-wasm/phaser in %s', (browser) => {

  describe.each(PHASERS)('%s', (_, path) => {
    it('an overlapping swarm sees the stock pairs on every step, over seeded scenes', async () => {
      await withPage(browser(), server.url(path), async (page) => {
        for (const [bodies, seed] of [[60, 1], [400, 2], [1500, 3]]) {
          const { stock, ours } = await both(page, { bodies, seed, mode: 'overlap', steps: 10 });
          expect(ours.active).toBe(true);
          expect(stock.steps.some((s) => s.length > 0)).toBe(true);
          expect(ours.steps).toEqual(stock.steps);
        }
        expect(await page.errors()).toEqual([]);
      });
    });

    it('QuadtreePlugin in the game config: each start of a scene uses the index, and `enabled` gives it up and takes it again', async () => {
      await withPage(browser(), server.url(path), async (page) => {
        const seen = await page.evaluate(() => window.phaserPluginCheck());
        const ours = { ours: true, active: true, all: 40, statics: 5 };
        expect(seen.map(({ pairs, ...rest }) => rest)).toEqual([
          { stage: 'started', ...ours },
          { stage: 'shut down', oldActive: false },
          { stage: 'restarted', ...ours },
          { stage: 'disabled', ours: false, active: null, all: 40, statics: 5 },
          { stage: 'enabled again', ...ours },
        ]);
        // the grid's neighbours overlap, step after step, whichever trees the world has
        expect(seen.filter((s) => s.pairs !== undefined).map((s) => s.pairs > 0)).toEqual([true, true, true, true]);
        expect(await page.errors()).toEqual([]);
      });
    });

    it('bodies destroyed inside a step\'s callbacks are met no more, and the trees let them go', async () => {
      await withPage(browser(), server.url(path), async (page) => {
        const { stock, ours } = await both(page, { bodies: 1500, seed: 8, mode: 'overlap', steps: 9, killAt: 4 });
        expect(ours.steps.slice(0, 4)).toEqual(stock.steps.slice(0, 4));
        for (const run of [stock, ours]) {
          expect(run.killed.length).toBeGreaterThan(0);
          const killed = new Set(run.killed);
          // (from the step after: the step itself may still list a body met before it went)
          for (const step of run.steps.slice(5)) expect(step.split(',').filter((p) => p.split('>').some((n) => killed.has(n)))).toEqual([]);
          expect(run.held.filter((n) => killed.has(n) || n === '(gone)')).toEqual([]);
        }
        expect(ours.held.length).toBe(stock.held.length);
        expect(await page.errors()).toEqual([]);
      });
    });

    it('a colliding swarm sees the stock pairs on its first step and mostly after', async () => {
      await withPage(browser(), server.url(path), async (page) => {
        for (const [bodies, seed] of [[400, 4], [1500, 5]]) {
          const { stock, ours } = await both(page, { bodies, seed, mode: 'collide', steps: 8 });
          expect(ours.active).toBe(true);
          expect(stock.steps[0].length).toBeGreaterThan(0);
          for (let s = 0; s < stock.steps.length; s++) expect(agreement(stock.steps[s], ours.steps[s])).toBeGreaterThan(0.9);
        }
        expect(await page.errors()).toEqual([]);
      });
    });
  });
});
