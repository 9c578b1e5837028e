// One project: every test file under tests/ runs in Node. The browser tests are Node tests that
// drive Chromium, Firefox ESR and WebKitGTK through tests/support/browsers.mjs (Debian's
// browsers, no download); tests/core and tests/fuzz are C++ (ctest, libFuzzer).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.mjs'],
    exclude: ['tests/core/**', 'tests/fuzz/**', '**/node_modules/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time on this project's two-core machines: most files wait on a browser or a
    // child process, not on the CPU.
    maxWorkers: 2,
  },
});
