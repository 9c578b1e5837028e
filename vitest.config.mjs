// Two projects: every test file under tests/ in Node (the three-engine browser tests are Node tests
// that drive Chromium, Firefox ESR and WebKitGTK through tests/support/browsers.mjs), and the ES
// module inside Vitest's own browser mode in Chromium (tests/browser/vitest/, Debian's Chromium,
// no download).
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const VITEST_BROWSER = 'tests/browser/vitest/**/*.test.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.mjs'],
          // tests/core and tests/fuzz hold no .test.mjs today; the exclusion keeps it that way
          exclude: [VITEST_BROWSER, 'tests/core/**', 'tests/fuzz/**', '**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'chromium',
          include: [VITEST_BROWSER],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromium, args: ['--no-sandbox', '--disable-gpu'] },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
