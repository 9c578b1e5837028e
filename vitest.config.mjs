// Two projects: the library in Node, and the ES module in a real Chromium (Debian's, no download).
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/js/**/*.test.mjs'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'chromium',
          include: ['tests/browser/**/*.test.mjs'],
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
