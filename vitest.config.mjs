// Two projects, both in Node: `node` (the API, conformance on every dist file, packaging) and
// `browsers`, the tests that drive Chromium, Firefox ESR and WebKitGTK through
// tests/support/browsers.mjs (Debian's browsers, no download). `npx vitest run --project node`
// runs the first alone. tests/core and tests/fuzz are C++ (ctest, libFuzzer).
import { defineConfig } from 'vitest/config';

/** The test files that drive a browser (js/eslint.config.mjs gives them a page's globals too). */
export const PAGE_TESTS = [
  'tests/browser/**/*.test.mjs',
  'tests/engines/*-worlds.test.mjs',
  'tests/conformance/quadtree-js-demos.test.mjs',
  'tests/packaging/pack.test.mjs',
  'tests/packaging/vite.test.mjs',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time on this project's two-core machines: most files wait on a browser or a
    // child process, not on the CPU.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'node', include: ['tests/**/*.test.mjs'], exclude: [...PAGE_TESTS, '**/node_modules/**'] } },
      { extends: true, test: { name: 'browsers', include: PAGE_TESTS } },
    ],
  },
});
