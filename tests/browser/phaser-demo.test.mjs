// web-demo/phaser.html, served by `npm start`'s server, in Chromium, Firefox ESR and WebKitGTK: the
// Phaser swarm runs on the plug-in's trees, the check box gives the world its stock trees back and
// takes ours again, a new body count and the collide variant rebuild the scene, and the readouts
// follow. No page errors. (No timing is checked: the page shows it.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, launch } from '../support/browsers.mjs';
import { setControl, startServer } from '../support/demo-server.mjs';

let server, origin;
beforeAll(async () => {
  server = startServer();
  origin = await server.origin;
}, 60_000);
afterAll(() => server?.child.kill());

const readouts = (page) => page.evaluate(() => ({
  trees: document.getElementById('r-trees').textContent,
  step: /^\d+\.\d\d ms$/.test(document.getElementById('r-step').textContent),
  callbacks: Number(document.getElementById('r-pairs').textContent) > 0,
  ours: window.phaserDemo.scene.physics.world.tree instanceof QuadtreePhaser.BodyTree,
  bodies: window.phaserDemo.scene.physics.world.bodies.size,
}));

const change = (page, id, value) => setControl(page, 'phaserDemo', 'steps', id, value);

describe.each(ENGINES)('web-demo/phaser.html in %s', (engine) => {
  let browser;
  beforeAll(async () => {
    browser = await launch(engine);
  }, 180_000);
  afterAll(() => browser?.close());

  it('runs the swarm on the plug-in, switched off and on live, at another size and with colliders', async () => {
    const page = await browser.open(origin + '/phaser.html');
    try {
      await page.waitFor(() => window.phaserDemo && window.phaserDemo.steps > 10);
      expect(await readouts(page)).toEqual({ trees: 'quadtree-wasm', step: true, callbacks: true, ours: true, bodies: 5000 });
      await change(page, 'plugin', false);
      expect(await readouts(page)).toEqual({ trees: 'Phaser RTree (stock)', step: true, callbacks: true, ours: false, bodies: 5000 });
      await change(page, 'plugin', true);
      await change(page, 'bodies', '1000');
      await change(page, 'mode', 'collide');
      expect(await readouts(page)).toEqual({ trees: 'quadtree-wasm', step: true, callbacks: true, ours: true, bodies: 1000 });
      expect(await page.errors()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
