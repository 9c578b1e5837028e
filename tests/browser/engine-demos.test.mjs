// The engine demo pages, served by `npm start`'s server, in Chromium, Firefox ESR and WebKitGTK.
// web-demo/phaser.html: the Phaser swarm runs on the plug-in's trees, the check box gives the world
// its stock trees back and takes ours again, a new body count and the collide variant rebuild the
// scene. web-demo/melonjs.html: melonJS's own loop runs the swarm on the plug-in's broadphase, the
// check box gives the world its stock broadphase back and takes ours again, a new body count
// rebuilds the world. web-demo/bulk.html: BulkRects moves its bodies, LinearQuadtree takes over and
// gives back live, a new count rebuilds the field. On each the readouts follow, and no page errors.
// (No timing is checked: the pages show it.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eachBrowser } from '../support/each-browser.mjs';
import { setControl, startServer, STEP_TIMEOUT } from '../support/demo-server.mjs';

let server, origin;
beforeAll(async () => {
  server = startServer();
  origin = await server.origin;
}, 60_000);
afterAll(() => server?.child.kill());

const phaserReadouts = (page) => page.evaluate(() => ({
  trees: document.getElementById('r-trees').textContent,
  step: /^\d+\.\d\d ms$/.test(document.getElementById('r-step').textContent),
  callbacks: Number(document.getElementById('r-pairs').textContent) > 0,
  ours: window.phaserDemo.scene.physics.world.tree instanceof QuadtreePhaser.BodyTree,
  bodies: window.phaserDemo.scene.physics.world.bodies.size,
}));

const melonReadouts = (page) => page.evaluate(() => ({
  broadphase: document.getElementById('r-broadphase').textContent,
  update: /^\d+\.\d\d ms$/.test(document.getElementById('r-update').textContent),
  contacts: Number(document.getElementById('r-contacts').textContent) > 0,
  ours: window.melonDemo.handle !== null && window.melonDemo.world.broadphase === window.melonDemo.handle.broadphase,
  bodies: window.melonDemo.world.children.length,
}));

eachBrowser('the engine demos in %s', (browser) => {

  /** Opens a demo page, runs `check` on it, then expects no page error. */
  const onPage = async (path, check) => {
    const page = await browser().open(origin + path);
    try {
      await check(page);
      expect(await page.errors()).toEqual([]);
    } finally {
      await page.close();
    }
  };

  it('web-demo/phaser.html runs the swarm on the plug-in, switched off and on live, at another size and with colliders', () => onPage('/phaser.html', async (page) => {
    const change = (id, value) => setControl(page, 'phaserDemo', 'steps', id, value);
    await page.waitFor(() => window.phaserDemo && window.phaserDemo.steps > 10, undefined, STEP_TIMEOUT);
    expect(await phaserReadouts(page)).toEqual({ trees: 'quadtree-wasm', step: true, callbacks: true, ours: true, bodies: 5000 });
    await change('plugin', false);
    expect(await phaserReadouts(page)).toEqual({ trees: 'Phaser RTree (stock)', step: true, callbacks: true, ours: false, bodies: 5000 });
    await change('plugin', true);
    await change('bodies', '1000');
    await change('mode', 'collide');
    expect(await phaserReadouts(page)).toEqual({ trees: 'quadtree-wasm', step: true, callbacks: true, ours: true, bodies: 1000 });
  }));

  it('web-demo/melonjs.html runs the swarm on the plug-in, switched off and on live, and at another size', () => onPage('/melonjs.html', async (page) => {
    const change = (id, value) => setControl(page, 'melonDemo', 'frames', id, value);
    await page.waitFor(() => window.melonDemo && window.melonDemo.frames > 10, undefined, STEP_TIMEOUT);
    expect(await melonReadouts(page)).toEqual({ broadphase: 'quadtree-wasm', update: true, contacts: true, ours: true, bodies: 1000 });
    // melonJS pauses a game whose window loses focus; the demo runs on (a blur while a test
    // switched windows froze it for good).
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.melonDemo.frames = 0;
    });
    await page.waitFor(() => window.melonDemo.frames > 3, undefined, 15_000);
    // One update slower than melonJS's ten steps (166 ms) does not stop the loop for good.
    await page.evaluate(() => {
      const world = window.melonDemo.world, update = world.update;
      world.update = function (dt) {
        world.update = update;
        const until = performance.now() + 300;
        while (performance.now() < until);
        return update.call(this, dt);
      };
      window.melonDemo.frames = 0;
    });
    await page.waitFor(() => window.melonDemo.frames > 3, undefined, 15_000);
    await change('plugin', false);
    expect(await melonReadouts(page)).toEqual({ broadphase: 'melonJS QuadTree (stock)', update: true, contacts: true, ours: false, bodies: 1000 });
    await change('plugin', true);
    await change('bodies', '400');
    expect(await melonReadouts(page)).toEqual({ broadphase: 'quadtree-wasm', update: true, contacts: true, ours: true, bodies: 400 });
  }));

  it('web-demo/bulk.html moves 100,000 bodies on BulkRects on every thread, on one, switched to LinearQuadtree, to a Quadtree of objects and back live, and at another size', () => onPage('/bulk.html', async (page) => {
    const change = (id, value) => setControl(page, 'bulkDemo', 'frames', id, value);
    const readouts = () => page.evaluate(() => ({
      engine: document.getElementById('r-engine').textContent,
      index: /^\d+\.\d\d ms$/.test(document.getElementById('r-index').textContent),
      pairs: window.bulkDemo.pairs > 0 && String(window.bulkDemo.pairs.toLocaleString('en-US')) === document.getElementById('r-pairs').textContent,
      bodies: window.bulkDemo.n,
      threads: document.getElementById('r-threads').textContent,
      error: window.bulkDemo.error,
    }));
    await page.waitFor(() => window.bulkDemo && window.bulkDemo.frames > 10, undefined, STEP_TIMEOUT);
    // (served cross-origin isolated: every thread, once the workers are ready, where the browser has SharedArrayBuffer)
    await page.waitFor(() => window.bulkDemo.threads > 1 || typeof SharedArrayBuffer !== 'function', undefined, STEP_TIMEOUT);
    const most = await page.evaluate(() => typeof SharedArrayBuffer === 'function' ? String(window.bulkDemo.threads) : '1');
    const r = await readouts();
    expect({ ...r, threads: r.threads.split(' ')[0] }).toEqual({ engine: 'BulkRects', index: true, pairs: true, bodies: 100000, threads: most, error: null });
    if (most !== '1') {
      expect(Number(most)).toBeGreaterThanOrEqual(2);
      await change('threads', '1');
      expect((await readouts()).threads).toBe('1');
      await change('threads', most);
    }
    await change('engine', 'linear');
    expect(await readouts()).toEqual({ engine: 'LinearQuadtree', index: true, pairs: true, bodies: 100000, threads: '1', error: null });
    await change('engine', 'objects');
    expect(await readouts()).toEqual({ engine: 'Quadtree', index: true, pairs: true, bodies: 100000, threads: '1', error: null });
    await change('engine', 'bulk');
    await change('bodies', '250000');
    expect((await readouts()).bodies).toBe(250000);
  }));
});
