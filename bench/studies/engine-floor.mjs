// How fast an engine's step could get with our plug-in: the step timed with the stock broadphase
// and with the plug-in (the benchmark's scenes: bench/phaser.mjs, bench/melonjs.mjs), then one
// plug-in run under Chromium's CPU profiler, where every sample taken in our code (the plug-in,
// the main entry it calls, the wasm) is ours: its share of the run's steps. The rest of the step is
// the engine's own work, which no broadphase removes: `floor` is stock / that, the most a
// plug-in that cost nothing would gain.
//   node bench/studies/engine-floor.mjs [--engine=phaser4|phaser3|melonjs] [--n=1000,5000] [--mode=overlap|collide] [--rounds=3]
import { launch, withPage } from '../../tests/support/browsers.mjs';
import { GAME_PAGES, serveGamePages } from '../../tests/support/game-pages.mjs';
import { summarize } from '../stats.mjs';

const arg = (name, fallback) => (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `--${name}=${fallback}`).split('=')[1];
const engine = arg('engine', 'melonjs'), mode = arg('mode', 'overlap');
const sizes = arg('n', '1000,5000').split(',').map(Number), rounds = Number(arg('rounds', 3));
const melon = engine === 'melonjs';

const scene = melon ? 'melonSwarm' : 'phaserSwarm';
// (the profiled run is three times as long: its first steps, before V8 has tiered up, weigh less)
const options = (bodies, plugin, seed, times = 1) => {
  const length = times * Math.min(400, Math.max(20, Math.round((melon ? 20000 : 200000) / bodies)));
  return melon
    ? { bodies, seed, frames: length, warm: Math.round(length / 5), still: false, sensors: false, count: true, plugin }
    : { bodies, seed, mode, steps: length, warm: Math.round(length / 5), plugin, plain: true };
};

/**
 * The ms the profile spent in our code: in a sample whose nearest frame with a file is ours (the
 * dist files, the wasm). What the engine does inside a wrapper of ours (Phaser's
 * collideSpriteVsGroup) stays the engine's; so does the collector. (Frames inlined by V8 may
 * vanish from a profile, so the step is not found by its frames: the run times it.)
 */
function oursMs(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owner = new Map();
  const ownerOf = (id) => {
    if (!owner.has(id)) {
      const url = byId.get(id).callFrame.url, up = parent.get(id);
      owner.set(id, url !== '' ? url.includes('/dist/') || url.startsWith('wasm:') : up !== undefined && ownerOf(up));
    }
    return owner.get(id);
  };
  let us = 0;
  // (timeDeltas[i] is the time before sample i: sample i lasts until the next one)
  for (let i = 0; i + 1 < profile.samples.length; i++) if (ownerOf(profile.samples[i])) us += profile.timeDeltas[i + 1];
  return us / 1000;
}

const server = await serveGamePages();
const browser = await launch('chromium');
console.log(`| ${engine}${melon ? '' : ' ' + mode} bodies | stock ms | plug-in ms | ours, % of the step | engine's own ms | floor |\n|---:|---:|---:|---:|---:|---:|`);
try {
  await withPage(browser, server.url(GAME_PAGES[engine]), async (page) => {
    await page.waitFor((name) => typeof window[name] === 'function', scene);
    const run = (o) => page.evaluate(([name, opts]) => window[name](opts), [scene, o]);
    const session = await page.playwright.context().newCDPSession(page.playwright);
    for (const bodies of sizes) {
      const times = { stock: [], ours: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 ? ['ours', 'stock'] : ['stock', 'ours']) times[side].push((await run(options(bodies, side === 'ours', 7 + round))).mean);
      }
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 100 });
      await session.send('Profiler.start');
      const profiled = await run(options(bodies, true, 7, 3));
      const { profile } = await session.send('Profiler.stop');
      await session.send('Profiler.disable');
      const share = oursMs(profile) / profiled.ms.reduce((sum, ms) => sum + ms, 0);
      const stock = summarize(times.stock).median, ours = summarize(times.ours).median, own = ours * (1 - share);
      console.log(`| ${bodies.toLocaleString('en-US')} | ${stock.toFixed(2)} | ${ours.toFixed(2)} | ${(100 * share).toFixed(0)} % | ${own.toFixed(2)} | ${(stock / own).toFixed(1)}× |`);
    }
  });
} finally {
  await browser.close();
  server.close();
}
