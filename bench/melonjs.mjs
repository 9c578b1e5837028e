// melonJS 20 world.update() time, the stock broadphase against quadtree-wasm/melonjs, in headless
// Chromium (Debian's): a seeded swarm of 4–16 px bodies (about 1,600 px² each, nine in ten moving,
// pushing each other apart) in the world and a nested container (tests/fixtures/melonjs/swarm.mjs).
// Each size runs stock and plug-in in turn in one page, `--rounds` times (alternating which goes
// first), and reports the median over the runs of the mean ms per update after the first fifth of
// the frames (V8 is still tiering up before; more frames for small worlds).
//   node bench/melonjs.mjs [--n=50,1000,5000] [--rounds=2] [--frames=F]
import { launch, withPage } from '../tests/support/browsers.mjs';
import { GAME_PAGES, serveGamePages } from '../tests/support/game-pages.mjs';
import { summarize } from './stats.mjs';

const arg = (name, fallback) => (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `--${name}=${fallback}`).split('=')[1];
const sizes = arg('n', '50,1000,5000').split(',').map(Number);
const rounds = Number(arg('rounds', 2));
const framesFor = (bodies) => Number(arg('frames', 0)) || Math.min(400, Math.max(10, Math.round(20000 / bodies)));

const median = (v) => summarize(v).median;

const server = await serveGamePages();
const browser = await launch('chromium');
const rows = [];
try {
  await withPage(browser, server.url(GAME_PAGES.melonjs), async (page) => {
    await page.waitFor(() => typeof window.melonSwarm === 'function');
    for (const bodies of sizes) {
      const frames = framesFor(bodies), warm = Math.max(1, Math.round(frames / 5));
      const times = { stock: [], ours: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 ? ['ours', 'stock'] : ['stock', 'ours']) {
          const run = await page.evaluate((o) => window.melonSwarm(o), { bodies, seed: 7 + round, frames, warm, still: false, sensors: false, count: true, plugin: side === 'ours' });
          times[side].push(run.mean);
        }
      }
      const stock = median(times.stock), ours = median(times.ours);
      rows.push({ bodies, stock, ours });
      console.log(`melonJS ${bodies}: stock ${stock.toFixed(2)} ms, plug-in ${ours.toFixed(2)} ms per update: ${(stock / ours).toFixed(1)}×`);
    }
  });
} finally {
  await browser.close();
  server.close();
}
console.log('\n| bodies | stock ms/update | plug-in ms/update | speed-up |\n|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.bodies.toLocaleString('en-US')} | ${r.stock.toFixed(2)} | ${r.ours.toFixed(2)} | ${(r.stock / r.ours).toFixed(1)}× |`);
