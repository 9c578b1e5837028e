// ESLint for the repository's JavaScript: `npm run lint` (npm test runs it), from the repository's
// top level, which the paths below are relative to (`eslint -c` takes them from the working
// directory). Only rules that catch mistakes: @eslint/js's recommended set and a few more of that
// kind, and no-undef told which globals each file has where it runs. No style rules. The HTML
// pages' inline scripts are not linted (ESLint reads no HTML).
import js from '@eslint/js';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import { PAGE_TESTS } from '../vitest.config.mjs';

// The bench modules that bench/browser.html also loads in a page (bench/browser.mjs's imports):
// they run in Node and in the browser, so they get only the globals the two share.
const benchShared = [
  'bench/chart.mjs',
  'bench/engines/*.mjs',
  'bench/report.mjs',
  'bench/scene.mjs',
  'bench/stats.mjs',
  'bench/workloads.mjs',
];

// Node files that also hand functions to a browser page (page.evaluate, init scripts): those
// functions run in the page, on its globals and on what the library's classic script defines there
// (dist/quadtree.js: Quadtree, and the tutorial's QuadTree). Add a name here when a callback needs one.
const drivesPages = [
  ...PAGE_TESTS,
  'tests/support/browsers.mjs',
  'tests/support/demo-server.mjs',
  'bench/startup.mjs',
  'bench/phaser.mjs',
  'bench/melonjs.mjs',
  'bench/studies/engine-floor.mjs',
];
const pageGlobals = {
  window: 'readonly',
  document: 'readonly',
  Image: 'readonly',
  Quadtree: 'readonly',
  QuadTree: 'readonly',
  QuadtreePhaser: 'readonly',
};

export default defineConfig([
  // build outputs, dependencies, and the types (.d.ts, checked by tsc)
  { ignores: ['build*/', 'dist/', '**/node_modules/', 'bench/results/', 'tests/artifacts/', 'js/types/'] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { a, ...rest } = o` drops `a` on purpose
      'no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // a map/filter/reduce/sort callback that forgets to return
      'array-callback-return': 'error',
      // a loop whose condition nothing in the loop changes, a loop that can only run once
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      // a constructor returning a value
      'no-constructor-return': 'error',
    },
  },
  // The facade: bundled into a classic script, a CommonJS file and an ES module that run in pages,
  // workers and Node, so only the globals those share.
  { files: ['js/src/**'], languageOptions: { globals: globals['shared-node-browser'] } },
  // Node, ES modules all (so no require, module or __dirname): the scripts, this file, the tests
  // and their support, the benchmarks.
  {
    files: ['js/scripts/**', 'js/*.mjs', 'tests/**', 'bench/**', 'vitest.config.mjs'],
    ignores: ['tests/fixtures/**', 'bench/browser.mjs', ...benchShared],
    languageOptions: { globals: globals.nodeBuiltin },
  },
  { files: drivesPages, languageOptions: { globals: pageGlobals } },
  { files: benchShared, languageOptions: { globals: globals['shared-node-browser'] } },
  // Pages' scripts: the demo, the browser benchmark's page, the browser tests' fixtures.
  {
    files: ['web-demo/**', 'bench/browser.mjs', 'tests/fixtures/**'],
    ignores: ['tests/fixtures/worker.js', 'tests/fixtures/ts/worker.js', 'tests/fixtures/workload.js', 'tests/fixtures/ts-workload.js', 'tests/fixtures/bulk-pairs.js'],
    languageOptions: { globals: globals.browser },
  },
  // Pages with a game engine, loaded by <script src> before them (and our plug-in's classic file).
  {
    files: ['tests/fixtures/phaser/**', 'web-demo/phaser-swarm.js'],
    languageOptions: { globals: { Phaser: 'readonly', QuadtreePhaser: 'readonly' } },
  },
  // A dedicated worker's script.
  { files: ['tests/fixtures/worker.js', 'tests/fixtures/ts/worker.js'], languageOptions: { globals: globals.worker } },
  // The shared workloads (and the bulk path's reference) run after a <script src>, in a worker
  // (importScripts) and in Node (require). Their UMD wrappers test `module` and `self` with typeof
  // before they use them.
  {
    files: ['tests/fixtures/workload.js', 'tests/fixtures/ts-workload.js', 'tests/fixtures/bulk-pairs.js'],
    languageOptions: { globals: { ...globals['shared-node-browser'], module: 'readonly', self: 'readonly' } },
  },
  // Classic scripts (a <script src> without type="module", a worker, or Node's require), not modules.
  {
    files: ['tests/fixtures/**/*.js', 'web-demo/tutorial-game.js', 'web-demo/phaser-swarm.js'],
    languageOptions: { sourceType: 'script' },
  },
]);
