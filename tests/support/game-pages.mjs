// The engine pages of the tests and benchmarks (tests/fixtures/phaser, tests/fixtures/melonjs)
// served on 127.0.0.1 with what they load: the dist files, bench/scene.mjs (the seeded PRNG), and
// the engines from node_modules (Phaser 4 and 3 as classic scripts, melonJS as a module).
//   const server = await serveGamePages();
//   server.url(GAME_PAGES.phaser4)
import { join } from 'node:path';
import { DIST, ROOT } from './dist.mjs';
import { startStaticServer } from './static-server.mjs';

export const GAME_PAGES = Object.freeze({
  phaser4: '/phaser/phaser4.html',
  phaser3: '/phaser/phaser3.html',
  melonjs: '/melon/index.html',
});

/** @param {{ dist?: string, recordErrors?: boolean }} [options] dist: another build's dist folder */
export function serveGamePages({ dist = DIST, recordErrors = false } = {}) {
  const modules = join(ROOT, 'node_modules');
  return startStaticServer({
    '/phaser/': join(ROOT, 'tests', 'fixtures', 'phaser'),
    '/melon/': join(ROOT, 'tests', 'fixtures', 'melonjs'),
    '/dist/': dist,
    '/bench/': join(ROOT, 'bench'),
    '/phaser4/': join(modules, 'phaser', 'dist'),
    '/phaser3/': join(modules, 'phaser3', 'dist'),
    '/melonjs/': join(modules, 'melonjs', 'build'),
  }, { recordErrors });
}
