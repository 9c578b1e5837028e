// Arcade Physics step time, stock trees against quadtree-wasm/phaser, in headless Chromium (Debian's):
// a seeded swarm of 4–16 px bodies (about 1,600 px² each, every body moving) in one group
// overlapped or collided with itself (tests/fixtures/phaser/swarm.js, `plain`), Phaser 4 and 3.
// Each size runs stock and plug-in in turn in one page, `--rounds` times (alternating which goes
// first), and reports the median over the runs of the mean ms per world.singleStep() after the
// first fifth of the steps (V8 is still tiering up before; 50 steps, more for small worlds); the overlap runs must
// count the same callbacks on every step.
//   node bench/phaser.mjs [--n=1000,5000,10000,20000] [--rounds=4] [--steps=S] [--phaser=4,3] [--modes=overlap,collide]
import { launch, withPage } from '../tests/support/browsers.mjs';
import { GAME_PAGES, serveGamePages } from '../tests/support/game-pages.mjs';
import { summarize } from './stats.mjs';

const arg = (name, fallback) => (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `--${name}=${fallback}`).split('=')[1];
const sizes = arg('n', '50,1000,5000,10000,20000').split(',').map(Number);
const rounds = Number(arg('rounds', 4));
// Enough steps that a run takes a while at every size; the first fifth warms up.
const stepsFor = (bodies) => Number(arg('steps', 0)) || Math.min(2000, Math.max(50, Math.round(200000 / bodies)));
const versions = arg('phaser', '4,3').split(','), modes = arg('modes', 'overlap,collide').split(',');

const median = (v) => summarize(v).median;

const server = await serveGamePages();
const browser = await launch('chromium');
const rows = [];
try {
  for (const v of versions) {
    await withPage(browser, server.url(GAME_PAGES[`phaser${v}`]), async (page) => {
      for (const mode of modes) {
        for (const bodies of sizes) {
          const steps = stepsFor(bodies), warm = Math.round(steps / 5);
          const times = { stock: [], ours: [] };
          for (let round = 0; round < rounds; round++) {
            const order = round % 2 ? ['ours', 'stock'] : ['stock', 'ours'];
            const counts = {};
            for (const side of order) {
              const run = await page.evaluate((o) => window.phaserSwarm(o), { bodies, seed: 7 + round, mode, steps, warm, plugin: side === 'ours', plain: true });
              times[side].push(run.mean);
              counts[side] = run.steps;
            }
            if (mode === 'overlap' && counts.stock.join() !== counts.ours.join()) throw new Error(`phaser ${v} ${mode} ${bodies}: callbacks differ: ${counts.stock} vs ${counts.ours}`);
          }
          const stock = median(times.stock), ours = median(times.ours);
          rows.push({ v, mode, bodies, stock, ours });
          console.log(`Phaser ${v} ${mode} ${bodies}: stock ${stock.toFixed(2)} ms, plug-in ${ours.toFixed(2)} ms per step: ${(stock / ours).toFixed(2)}×`);
        }
      }
    });
  }
} finally {
  await browser.close();
  server.close();
}
console.log('\n| Phaser | collider | bodies | stock ms/step | plug-in ms/step | speed-up |\n|---|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.v} | ${r.mode} | ${r.bodies.toLocaleString('en-US')} | ${r.stock.toFixed(2)} | ${r.ours.toFixed(2)} | ${(r.stock / r.ours).toFixed(2)}× |`);
