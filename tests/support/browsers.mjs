// The one browser harness: Debian's Chromium, Firefox ESR and WebKitGTK, never a downloaded browser.
//
//   for engine of ENGINES:
//     const browser = await launch(engine);           // 'chromium' | 'firefox' | 'webkit'
//     const page = await browser.open(url);           // a fresh page, navigated, 'load' fired
//     await page.evaluate((arg) => ..., arg);         // runs in the page; awaits a promise; JSON back
//     await page.waitFor(() => window.__result);      // polls until truthy, returns the value
//     await page.errors();                            // uncaught errors, console.error calls
//     await page.close(); await browser.close();      // always (use try/finally or afterAll)
//
// How each engine is driven:
// - chromium: playwright-core (CDP) on /usr/bin/chromium. Requests to anything but 127.0.0.1 are
//   aborted. page.playwright is the playwright Page, for the Chromium-only tests that need the
//   pointer, the keyboard, init scripts or screenshots.
// - firefox: puppeteer-core over WebDriver BiDi on /usr/bin/firefox-esr, headless.
// - webkit: WebKitGTK's MiniBrowser under its WebDriver (WebKitWebDriver, WebDriver classic, plain
//   fetch), on a private Xvfb display (WebKitGTK has no headless mode). Xvfb picks a free display
//   itself (-displayfd), the driver gets a free port; both die with browser.close(), and with this
//   process if a test run is killed. WebDriver classic has no console events: page.errors() reads
//   installErrorRecorder()'s list, installed after 'load' (and at the top of every page served by
//   startStaticServer({ recordErrors: true }), so errors during load count too). Each open() is a
//   new WebDriver session, so a new MiniBrowser: pages never share state.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const ENGINES = Object.freeze(['chromium', 'firefox', 'webkit']);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH || '/usr/bin/Xvfb';

// Flags that keep Chromium quiet and off the network here: without the background-networking ones
// it keeps trying to reach Google's hosts, which a closed network refuses.
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

const LAUNCH_TIMEOUT = 120_000;
const CALL_TIMEOUT = 120_000;

// The recorder page.errors() reads where the engine has no console events (WebKit). It is also
// served as a script by startStaticServer({ recordErrors: true }). Runs in the page; idempotent.
export function installErrorRecorder() {
  if (window.__harnessErrors) return true;
  const list = (window.__harnessErrors = []);
  // JavaScriptCore's stack has the frames only: keep the message in front of it
  const text = (v) => (v && v.stack ? (String(v.stack).includes(v.message) ? String(v.stack) : `${v}\n${v.stack}`) : String(v));
  window.addEventListener('error', (e) => {
    list.push(`pageerror: ${e.error ? text(e.error) : e.message}${e.filename ? ` @ ${e.filename}:${e.lineno}` : ''}`);
  });
  window.addEventListener('unhandledrejection', (e) => list.push(`unhandledrejection: ${text(e.reason)}`));
  const original = console.error;
  console.error = function (...args) {
    list.push(`console.error: ${args.map(text).join(' ')}`);
    return original.apply(this, args);
  };
  return true;
}

function isLocal(url) {
  try {
    const u = new URL(url);
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
    return (u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'ws:') && u.hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

/** Is the engine's browser installed here? (js/scripts/setup.sh installs all three.) */
export function available(engine) {
  if (engine === 'chromium') return existsSync(CHROMIUM_PATH);
  if (engine === 'firefox') return existsSync(FIREFOX_PATH);
  if (engine === 'webkit') return existsSync(WEBKIT_DRIVER_PATH) && existsSync(MINIBROWSER_PATH) && existsSync(XVFB_PATH);
  throw new Error(`unknown engine ${engine} (one of ${ENGINES.join(', ')})`);
}

/**
 * Starts a browser. options.viewport: {width, height} of the pages (default 1280x900).
 * @returns {Promise<{ engine: string, open(url: string, options?: object): Promise<Page>, close(): Promise<void> }>}
 */
export async function launch(engine, options = {}) {
  if (!available(engine)) throw new Error(`${engine} is not installed: run \`npm run setup\``);
  if (engine === 'chromium') return launchChromium(options);
  if (engine === 'firefox') return launchFirefox(options);
  return launchWebKit(options);
}

/** A timeout that rejects with a message naming what hung. */
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Polls `evaluate(fn, arg)` until it gives a truthy value; returns that value. */
async function poll(evaluate, fn, arg, timeout, engine) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${engine}: waitFor(${String(fn).slice(0, 80)}) still falsy after ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---------------------------------------------------------------------------------------------
// Chromium: playwright-core

async function launchChromium(options) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT });
  return {
    engine: 'chromium',
    async open(url, pageOptions = {}) {
      const context = await browser.newContext({
        viewport: pageOptions.viewport || options.viewport || { width: 1280, height: 900 },
        serviceWorkers: 'block',
      });
      const errors = [];
      const blocked = [];
      try {
        await context.route('**/*', (route) => {
          const u = route.request().url();
          if (isLocal(u)) return route.continue();
          blocked.push(u);
          return route.abort('blockedbyclient');
        });
        for (const script of pageOptions.initScripts || []) await context.addInitScript({ content: script });
        const page = await context.newPage();
        page.setDefaultTimeout(CALL_TIMEOUT);
        page.setDefaultNavigationTimeout(CALL_TIMEOUT);
        page.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          const where = msg.location()?.url || '';
          // "Failed to load resource" for an external request we aborted is noise, not a page bug
          if (/^Failed to load resource\b/.test(msg.text()) && where && !isLocal(where)) return;
          errors.push(`console.error: ${msg.text()}${where ? ` @ ${where}` : ''}`);
        });
        page.on('pageerror', (err) => errors.push(`pageerror: ${(err && err.stack) || err}`));
        page.on('requestfailed', (req) => {
          if (isLocal(req.url())) errors.push(`request failed: ${req.url()} (${req.failure()?.errorText || ''})`);
        });
        const response = url ? await page.goto(url, { waitUntil: 'load' }) : null;
        return {
          engine: 'chromium',
          playwright: page,
          status: response ? response.status() : null,
          blocked,
          evaluate: (fn, arg) => page.evaluate(fn, arg),
          waitFor: (fn, arg, timeout = CALL_TIMEOUT) => poll((f, a) => page.evaluate(f, a), fn, arg, timeout, 'chromium'),
          goto: async (next) => (await page.goto(next, { waitUntil: 'load' }))?.status() ?? null,
          errors: async () => [...errors],
          close: () => context.close().catch(() => {}),
        };
      } catch (err) {
        await context.close().catch(() => {});
        throw err;
      }
    },
    close: () => browser.close().catch(() => {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Firefox ESR: puppeteer-core over WebDriver BiDi

async function launchFirefox(options) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    timeout: LAUNCH_TIMEOUT,
    protocolTimeout: CALL_TIMEOUT,
  });
  return {
    engine: 'firefox',
    async open(url, pageOptions = {}) {
      if (pageOptions.initScripts?.length) throw new Error('initScripts: Chromium only');
      const page = await browser.newPage();
      const errors = [];
      try {
        const vp = pageOptions.viewport || options.viewport || { width: 1280, height: 900 };
        await page.setViewport(vp);
        page.setDefaultTimeout(CALL_TIMEOUT);
        page.setDefaultNavigationTimeout(CALL_TIMEOUT);
        page.on('console', (msg) => {
          if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}${msg.location()?.url ? ` @ ${msg.location().url}` : ''}`);
        });
        page.on('pageerror', (err) => errors.push(`pageerror: ${(err && err.stack) || err}`));
        const response = url ? await page.goto(url, { waitUntil: 'load' }) : null;
        return {
          engine: 'firefox',
          status: response ? response.status() : null,
          evaluate: (fn, arg) => page.evaluate(fn, arg),
          waitFor: (fn, arg, timeout = CALL_TIMEOUT) => poll((f, a) => page.evaluate(f, a), fn, arg, timeout, 'firefox'),
          goto: async (next) => (await page.goto(next, { waitUntil: 'load' }))?.status() ?? null,
          errors: async () => [...errors],
          close: () => page.close().catch(() => {}),
        };
      } catch (err) {
        await page.close().catch(() => {});
        throw err;
      }
    },
    close: () => withTimeout(browser.close(), 30_000, 'firefox close').catch(() => browser.process()?.kill('SIGKILL')),
  };
}

// ---------------------------------------------------------------------------------------------
// WebKitGTK: Xvfb + WebKitWebDriver + MiniBrowser, WebDriver classic over fetch

// Every child process the harness started and has not stopped yet, by pid: killed (with its
// process group) when this process exits, however it exits.
const children = new Set();
let exitHookInstalled = false;

function track(child) {
  children.add(child.pid);
  child.once('exit', () => children.delete(child.pid));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const pid of children) killGroup(pid, 'SIGKILL');
    });
  }
}

function killGroup(pid, signal = 'SIGTERM') {
  try {
    process.kill(-pid, signal); // the child leads its own group (spawned detached)
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/** Stops a child: SIGTERM to its group, SIGKILL if it is still there after `grace` ms. */
async function stop(child, grace = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child.pid, 'SIGTERM');
  const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), grace))]);
  if (!done) {
    killGroup(child.pid, 'SIGKILL');
    await exited;
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Xvfb on a display it chooses itself (-displayfd: no collision with any other X server). */
async function startXvfb() {
  const child = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp', '-noreset'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  track(child);
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  try {
    const display = await withTimeout(
      new Promise((resolve, reject) => {
        let out = '';
        child.stdio[3].on('data', (d) => {
          out += d;
          const m = /^(\d+)\n/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${log}`)));
        child.once('error', reject);
      }),
      30_000,
      'Xvfb start',
    );
    return { child, display };
  } catch (err) {
    await stop(child);
    throw err;
  }
}

async function webdriver(base, method, path, body, timeout = CALL_TIMEOUT) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeout),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`WebKitWebDriver ${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!res.ok || (json.value && json.value.error)) {
    const v = json.value || {};
    throw new Error(`WebKitWebDriver ${method} ${path}: ${v.error || res.status}: ${v.message || text.slice(0, 300)}`);
  }
  return json.value;
}

async function startDriver(display) {
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
      env: { ...process.env, DISPLAY: `:${display}`, WAYLAND_DISPLAY: '', GDK_BACKEND: 'x11' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    track(child);
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    const base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 30_000;
    let ready = false;
    while (!ready && Date.now() < until && child.exitCode === null) {
      ready = await webdriver(base, 'GET', '/status', undefined, 2_000).then((v) => v && v.ready !== false, () => false);
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    if (ready) return { child, base };
    await stop(child);
    // the port may have been taken between freePort() and the driver's bind: try another
    if (attempt >= 2) throw new Error(`WebKitWebDriver did not start on port ${port}: ${log.slice(-500)}`);
  }
}

async function launchWebKit(options) {
  let xvfb = null;
  let driver = null;
  try {
    xvfb = await startXvfb();
    driver = await startDriver(xvfb.display);
  } catch (err) {
    await stop(driver?.child);
    await stop(xvfb?.child);
    throw err;
  }
  const { base } = driver;
  const sessions = new Set();

  async function deleteSession(id) {
    if (!sessions.delete(id)) return;
    await webdriver(base, 'DELETE', `/session/${id}`, undefined, 30_000).catch(() => {});
  }

  return {
    engine: 'webkit',
    display: xvfb.display,
    async open(url, pageOptions = {}) {
      if (pageOptions.initScripts?.length) throw new Error('initScripts: Chromium only');
      const vp = pageOptions.viewport || options.viewport || { width: 1280, height: 900 };
      // one session (one MiniBrowser) per page: a fresh browsing context every time
      const session = await webdriver(base, 'POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation', `--geometry=${vp.width}x${vp.height}`] },
            timeouts: { script: CALL_TIMEOUT, pageLoad: CALL_TIMEOUT, implicit: 0 },
          },
        },
      }, LAUNCH_TIMEOUT);
      const id = session.sessionId;
      sessions.add(id);
      const call = (method, path, body, timeout) => webdriver(base, method, `/session/${id}${path}`, body, timeout);
      const evaluate = async (fn, arg) => {
        const source = typeof fn === 'function' ? fn.toString() : `() => (${fn})`;
        const script =
          'const done = arguments[arguments.length - 1]; const arg = arguments[0];\n' +
          `Promise.resolve().then(() => (${source})(arg)).then(` +
          '(value) => done({ ok: true, value: value === undefined ? null : value }),' +
          // (not a key named "error": a WebDriver client would take the answer for its own error)
          '(e) => done({ ok: false, failure: e && e.stack ? `${e}\\n${e.stack}` : String(e) }));';
        const out = await call('POST', '/execute/async', { script, args: [arg === undefined ? null : arg] });
        if (!out || !out.ok) throw new Error(`webkit: evaluate failed: ${out ? out.failure : 'no result'}`);
        return out.value;
      };
      const goto = async (next) => {
        await call('POST', '/url', { url: next });
        await evaluate(installErrorRecorder);
        return null; // WebDriver classic does not tell the HTTP status
      };
      try {
        if (url) await goto(url);
      } catch (err) {
        await deleteSession(id);
        throw err;
      }
      return {
        engine: 'webkit',
        status: null,
        evaluate,
        waitFor: (fn, arg, timeout = CALL_TIMEOUT) => poll(evaluate, fn, arg, timeout, 'webkit'),
        goto,
        errors: async () => (await evaluate(() => window.__harnessErrors || [])) || [],
        close: () => deleteSession(id),
      };
    },
    async close() {
      for (const id of [...sessions]) await deleteSession(id);
      await stop(driver.child);
      await stop(xvfb.child);
    },
  };
}

/** Resolves after `n` animation frames of the page (the real ones, even where a page stubbed them). */
export function frames(page, n = 2) {
  return page.evaluate(
    (count) =>
      new Promise((resolve) => {
        const raf = (window.__realRequestAnimationFrame || window.requestAnimationFrame).bind(window);
        let left = count;
        const tick = () => (--left <= 0 ? resolve(true) : raf(tick));
        raf(tick);
      }),
    n,
  );
}

/** Opens `url` in a fresh page, runs `fn(page)`, and closes the page whatever happens. */
export async function withPage(browser, url, fn, options) {
  const page = await browser.open(url, options);
  try {
    return await fn(page);
  } finally {
    await page.close();
  }
}
