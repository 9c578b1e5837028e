// The ES module entry in a bundler, as a Vite app uses it: `import Quadtree from 'quadtree-wasm'`
// resolved through package.json's exports, both from `vite build` output and from the dev server,
// loaded in Chromium, Firefox ESR and WebKitGTK with no await before `new Quadtree`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer } from 'vite';
import { startStaticServer } from '../support/static-server.mjs';
import { ENGINES, launch, withPage } from '../support/browsers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const APP = `import Quadtree, { LinearQuadtree } from 'quadtree-wasm';
const tree = new Quadtree({ x: 0, y: 0, width: 100, height: 100 }, 2);
const a = { x: 10, y: 10, width: 10, height: 10 };
const b = { x: 15, y: 15, width: 10, height: 10 };
const c = { x: 80, y: 80, width: 5, height: 5 };
tree.insert([a, b, c]);
const linear = new LinearQuadtree({ x: 0, y: 0, width: 100, height: 100 });
linear.insert([a, b, c]);
window.__result = {
  candidates: tree.retrieve(a).length,
  hits: tree.search({ x: 16, y: 16, width: 1, height: 1 }).length,
  pairs: tree.pairs().count,
  linearPairs: linear.pairs().count,
  same: tree.retrieve(c)[0] === c,
};
`;
const EXPECTED = { candidates: 2, hits: 2, pairs: 1, linearPairs: 1, same: true };

describe.each(ENGINES)('in a Vite app, in %s', (engine) => {
  let dir;
  let browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qt-vite-'));
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'quadtree-wasm'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{"name":"vite-app","private":true,"type":"module"}');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module" src="/main.js"></script></body></html>');
    writeFileSync(join(dir, 'main.js'), APP);
    browser = await launch(engine);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const resultAt = (url) =>
    withPage(browser, url, async (page) => ({
      result: await page.waitFor(() => window.__result, undefined, 60_000),
      errors: await page.errors(),
    }));

  it('works from `vite build` output', async () => {
    await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: join(dir, 'out') } });
    const server = await startStaticServer({ '/': join(dir, 'out') });
    try {
      const { result, errors } = await resultAt(server.url('/'));
      expect(result).toEqual(EXPECTED);
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('works from the Vite dev server', async () => {
    const server = await createServer({
      root: dir, logLevel: 'silent', configFile: false,
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, fs: { allow: [dir, root] } },
    });
    await server.listen();
    try {
      const { port } = server.httpServer.address();
      const { result, errors } = await resultAt(`http://127.0.0.1:${port}/`);
      expect(result).toEqual(EXPECTED);
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
