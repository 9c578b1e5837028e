// A page served with `Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'` (no
// 'unsafe-eval'): dist/quadtree.csp.js and .csp.mjs work there and give what quadtree-js gives;
// the default build, whose embind glue uses `new Function`, is refused (which is why the CSP files
// exist).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, openPage } from './support/chromium.mjs';
import { contentType } from './support/static-server.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'tests', 'fixtures');
const POLICY = "script-src 'self' 'wasm-unsafe-eval'";

// Every response carries the policy. /lib.js is the library file named by ?lib= of the page.
function startServer() {
  let lib = 'quadtree.csp.js';
  const mounts = [['/dist/', join(root, 'dist')], ['/csp/', join(fixtures, 'csp')], ['/', fixtures]];
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.searchParams.get('lib')) lib = url.searchParams.get('lib');
    let file = null;
    if (url.pathname === '/lib.js') file = join(root, 'dist', lib);
    for (const [prefix, dir] of mounts) {
      if (file || !url.pathname.startsWith(prefix)) continue;
      const f = normalize(join(dir, url.pathname.slice(prefix.length)));
      if (f.startsWith(dir + sep)) file = f;
    }
    let body;
    try {
      if (!statSync(file).isFile()) throw new Error();
      body = readFileSync(file);
    } catch {
      res.writeHead(404, { 'content-security-policy': POLICY });
      return res.end();
    }
    res.writeHead(200, {
      'content-type': contentType(file) || (extname(file) === '.mjs' ? 'text/javascript' : 'application/octet-stream'),
      'content-security-policy': POLICY,
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('strict Content-Security-Policy', () => {
  let server;
  let browser;
  let origin;
  let expected;

  beforeAll(async () => {
    expected = require(join(fixtures, 'workload.js'))(require('@timohausmann/quadtree-js'));
    server = await startServer();
    origin = `http://127.0.0.1:${server.address().port}`;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  });

  async function run(path) {
    const p = await openPage(browser);
    try {
      await p.page.goto(origin + path);
      await p.page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 });
      return {
        result: await p.page.evaluate(() => window.__result),
        violations: await p.page.evaluate(() => window.__violations),
        errors: p.unexpectedErrors(),
      };
    } finally {
      await p.close();
    }
  }

  it('dist/quadtree.csp.js works from a classic script tag and matches quadtree-js', async () => {
    const { result, violations, errors } = await run('/csp/classic.html?lib=quadtree.csp.js');
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual(expected);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('dist/quadtree.csp.mjs works as an ES module and matches quadtree-js', async () => {
    const { result, violations, errors } = await run('/csp/module.html');
    expect(result.error).toBeUndefined();
    expect(result.result).toEqual(expected);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the default build is refused by the same policy (embind compiles code at run time)', async () => {
    const { result, violations } = await run('/csp/classic.html?lib=quadtree.js');
    expect(result.ok).toBe(false);
    expect(violations.some((v) => v.startsWith('script-src'))).toBe(true);
  }, 120_000);
});
