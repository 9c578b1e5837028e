// web-demo/melonjs.html, served by `npm start`'s server, in Chromium, Firefox ESR and WebKitGTK:
// melonJS's own loop runs the swarm on the plug-in's broadphase, the check box gives the world its
// stock broadphase back and takes ours again, a new body count rebuilds the world, and the
// readouts follow. No page errors. (No timing is checked: the page shows it.)
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
  broadphase: document.getElementById('r-broadphase').textContent,
  update: /^\d+\.\d\d ms$/.test(document.getElementById('r-update').textContent),
  contacts: Number(document.getElementById('r-contacts').textContent) > 0,
  ours: window.melonDemo.handle !== null && window.melonDemo.world.broadphase === window.melonDemo.handle.broadphase,
  bodies: window.melonDemo.world.children.length,
}));

const change = (page, id, value) => setControl(page, 'melonDemo', 'frames', id, value);

describe.each(ENGINES)('web-demo/melonjs.html in %s', (engine) => {
  let browser;
  beforeAll(async () => {
    browser = await launch(engine);
  }, 180_000);
  afterAll(() => browser?.close());

  it('runs the swarm on the plug-in, switched off and on live, and at another size', async () => {
    const page = await browser.open(origin + '/melonjs.html');
    try {
      await page.waitFor(() => window.melonDemo && window.melonDemo.frames > 10);
      expect(await readouts(page)).toEqual({ broadphase: 'quadtree-wasm', update: true, contacts: true, ours: true, bodies: 1000 });
      await change(page, 'plugin', false);
      expect(await readouts(page)).toEqual({ broadphase: 'melonJS QuadTree (stock)', update: true, contacts: true, ours: false, bodies: 1000 });
      await change(page, 'plugin', true);
      await change(page, 'bodies', '400');
      expect(await readouts(page)).toEqual({ broadphase: 'quadtree-wasm', update: true, contacts: true, ours: true, bodies: 400 });
      expect(await page.errors()).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
