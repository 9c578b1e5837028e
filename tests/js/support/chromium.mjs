// Drives Debian's Chromium (/usr/bin/chromium, never a downloaded browser) with playwright-core.
//
//   const browser = await launchChromium();
//   const tab = await openPage(browser);           // every non-127.0.0.1 request is aborted
//   await tab.page.goto(server.url('/page.html'));
//   expect(tab.unexpectedErrors()).toEqual([]);    // console errors + page errors, minus the
//                                                  // "failed to load" noise of aborted externals
//   await tab.close(); await browser.close();
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags that keep Chromium quiet and off the network here (see shared/TOOLCHAIN.md).
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const LOCAL_HOSTS = new Set(['127.0.0.1']);

export async function launchChromium(options = {}) {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 120_000,
    ...options,
  });
}

function isLocal(url) {
  try {
    const u = new URL(url);
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
    return (u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'ws:') && LOCAL_HOSTS.has(u.hostname);
  } catch {
    return false;
  }
}

/**
 * A fresh context and page. Requests that are not to 127.0.0.1 are aborted and recorded.
 * @param {import('playwright-core').Browser} browser
 * @param {{ initScripts?: Array<string|Function|{content:string}>, viewport?: {width:number,height:number},
 *           echo?: boolean }} [options]
 */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport || { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  const blocked = []; // URLs we aborted
  const consoleMessages = []; // every console message: { type, text, url, worker }
  const consoleErrors = []; // type 'error' only
  const pageErrors = []; // uncaught exceptions in the page
  const failedRequests = []; // { url, failure } for requests that failed (aborted ones included)

  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  for (const script of options.initScripts || []) await context.addInitScript(script);

  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  page.setDefaultNavigationTimeout(180_000);
  page.on('console', (msg) => {
    const loc = msg.location() || {};
    const entry = { type: msg.type(), text: msg.text(), url: loc.url || '', worker: !!msg.worker?.() };
    consoleMessages.push(entry);
    if (entry.type === 'error') consoleErrors.push(entry);
    if (options.echo) console.log(`[chromium ${entry.type}] ${entry.text}`);
  });
  page.on('pageerror', (err) => pageErrors.push(String((err && err.stack) || err)));
  page.on('requestfailed', (req) => failedRequests.push({ url: req.url(), failure: req.failure()?.errorText || '' }));

  const blockedSet = () => new Set(blocked);

  // A console error that only reports an aborted external resource (a CDN stylesheet or script).
  function isBlockedNoise(entry) {
    if (!/^Failed to load resource\b/.test(entry.text)) return false;
    if (entry.url && !isLocal(entry.url)) return true;
    return false;
  }

  return {
    page,
    context,
    blocked,
    consoleMessages,
    consoleErrors,
    pageErrors,
    failedRequests,
    /** Console errors not explained by aborted external requests, then every page error. */
    unexpectedErrors() {
      const set = blockedSet();
      const out = consoleErrors
        .filter((e) => !(isBlockedNoise(e) && (set.has(e.url) || !isLocal(e.url))))
        .map((e) => `console.error${e.worker ? ' (worker)' : ''}: ${e.text}${e.url ? ` @ ${e.url}` : ''}`);
      for (const e of pageErrors) out.push(`pageerror: ${e}`);
      // A local request that failed is a bug in the page or the server, never noise.
      for (const r of failedRequests) if (isLocal(r.url)) out.push(`request failed: ${r.url} (${r.failure})`);
      return out;
    },
    async close() {
      await context.close().catch(() => {});
    },
  };
}

/** Resolves after `n` animation frames of the page (real ones, not a stub). */
export async function frames(page, n = 2) {
  await page.evaluate(
    (count) =>
      new Promise((resolve) => {
        // a page whose requestAnimationFrame is stubbed keeps the real one here
        const raf = (window.__realRequestAnimationFrame || window.requestAnimationFrame).bind(window);
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : raf(tick));
        raf(tick);
      }),
    n,
  );
}
