// One suite per browser the tests drive (ENGINES: Chromium, Firefox ESR, WebKitGTK), each with its
// browser launched before its tests and closed after them.
import { afterAll, beforeAll, describe } from 'vitest';
import { ENGINES, launch } from './browsers.mjs';

/**
 * describe.each(ENGINES)(title, …): `body(browser, engine)` defines the suite's tests, which call
 * `browser()` for the engine's browser (there once the suite's tests run).
 * @param {string} title with %s for the engine
 * @param {(browser: () => any, engine: string) => void} body
 */
export function eachBrowser(title, body) {
  describe.each(ENGINES)(title, (engine) => {
    /** @type {any} */
    let browser;
    beforeAll(async () => {
      browser = await launch(engine);
    }, 180_000);
    afterAll(() => browser?.close());
    body(() => browser, engine);
  });
}
