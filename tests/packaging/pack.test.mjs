// The package as users get it: `npm pack` of this repo, installed offline into an empty project,
// then used by require, by import, and by a <script src> into node_modules in Chromium, Firefox ESR
// and WebKitGTK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startStaticServer } from '../support/static-server.mjs';
import { ENGINES, launch, withPage } from '../support/browsers.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'tests', 'fixtures');
const workloadFile = join(fixtures, 'workload.js');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const NPM_QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

// Every file path package.json points users (and tools) at.
function referencedFiles(p) {
  const out = new Set();
  const add = (v) => {
    if (typeof v === 'string') out.add(v.replace(/^\.\//, ''));
    else if (v && typeof v === 'object') for (const x of Object.values(v)) add(x);
  };
  for (const key of ['main', 'module', 'types', 'typings', 'unpkg', 'jsdelivr', 'browser']) add(p[key]);
  add(p.exports);
  return [...out].filter((f) => !f.includes('*'));
}

describe('npm pack, then install offline into an empty project', () => {
  let tmp;
  let tarball;
  let files; // paths inside the tarball, without the leading package/
  let app;
  let installed;
  let expected;

  beforeAll(async () => {
    for (const f of ['quadtree.js', 'quadtree.mjs']) {
      if (!existsSync(join(root, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first`);
    }
    expected = require(workloadFile)(require('@timohausmann/quadtree-js'));
    tmp = mkdtempSync(join(tmpdir(), 'quadtree-wasm-pack-'));
    const packDir = join(tmp, 'pack');
    mkdirSync(packDir);
    const { stdout } = await run('npm', ['pack', '--pack-destination', packDir, '--json', ...NPM_QUIET], {
      cwd: root,
      timeout: 180_000,
      maxBuffer: 16 << 20,
    });
    const info = JSON.parse(stdout.slice(stdout.indexOf('[')));
    tarball = join(packDir, info[0].filename);
    expect(existsSync(tarball)).toBe(true);
    // what is really in the tarball, not what npm says it put there
    const listing = await run('tar', ['-tzf', tarball], { timeout: 60_000, maxBuffer: 16 << 20 });
    files = listing.stdout
      .split('\n')
      .filter(Boolean)
      .filter((f) => !f.endsWith('/'))
      .map((f) => f.replace(/^package\//, ''));

    app = join(tmp, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pack-check', version: '1.0.0', private: true }, null, 2));
    await run('npm', ['install', tarball, '--offline', ...NPM_QUIET], { cwd: app, timeout: 300_000, maxBuffer: 16 << 20 });
    installed = join(app, 'node_modules', pkg.name);
  }, 600_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('the tarball holds package.json, README, LICENSE and dist/ only', () => {
    expect(files).toContain('package.json');
    const allowed = (f) =>
      f === 'package.json' || /^readme(\.[a-z]+)?$/i.test(f) || /^licen[cs]e(\.[a-z]+)?$/i.test(f) || /^dist\/[^/]+$/.test(f);
    expect(files.filter((f) => !allowed(f))).toEqual([]);
    expect(files).toContain('dist/quadtree.js');
    expect(files).toContain('dist/quadtree.mjs');
  });

  it('every file package.json points at is in the tarball and not empty', () => {
    const refs = referencedFiles(pkg);
    expect(refs).toContain('dist/quadtree.js');
    for (const f of refs) {
      if (f === 'package.json') continue;
      expect(files, `package.json refers to ${f}`).toContain(f);
      expect(statSync(join(installed, f)).size, `${f} is empty`).toBeGreaterThan(0);
    }
  });

  it('installed with zero dependencies', () => {
    const installedPkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(installedPkg.version).toBe(pkg.version);
    expect(Object.keys(installedPkg.dependencies || {})).toEqual([]);
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8'));
    expect(Object.keys(lock.packages).filter((k) => k.startsWith('node_modules/'))).toEqual([`node_modules/${pkg.name}`]);
  });

  it("require('quadtree-wasm') is the class, also as .Quadtree and .default", async () => {
    const script = `
      const Quadtree = require(${JSON.stringify(pkg.name)});
      const workload = require(${JSON.stringify(workloadFile)});
      const out = {
        type: typeof Quadtree,
        named: Quadtree.Quadtree === Quadtree,
        def: Quadtree.default === Quadtree,
        resolved: require.resolve(${JSON.stringify(pkg.name)}),
        version: require(${JSON.stringify(pkg.name + '/package.json')}).version,
        result: workload(Quadtree),
      };
      process.stdout.write(JSON.stringify(out));
    `;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: app, timeout: 120_000, maxBuffer: 64 << 20 });
    const out = JSON.parse(stdout);
    expect(out.type).toBe('function');
    expect(out.named).toBe(true);
    expect(out.def).toBe(true);
    expect(out.resolved).toBe(join(installed, 'dist', 'quadtree.js'));
    expect(out.version).toBe(pkg.version);
    expect(out.result).toEqual(expected);
  }, 180_000);

  it("import Quadtree, { Quadtree as Q2 } from 'quadtree-wasm' works in an .mjs file", async () => {
    const file = join(app, 'check.mjs');
    writeFileSync(
      file,
      `import Quadtree, { Quadtree as Q2 } from ${JSON.stringify(pkg.name)};
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const workload = require(${JSON.stringify(workloadFile)});
const resolved = import.meta.resolve(${JSON.stringify(pkg.name)});
process.stdout.write(JSON.stringify({ type: typeof Quadtree, same: Q2 === Quadtree, resolved, result: workload(Quadtree) }));
`,
    );
    const { stdout } = await run(process.execPath, [file], { cwd: app, timeout: 120_000, maxBuffer: 64 << 20 });
    const out = JSON.parse(stdout);
    expect(out.type).toBe('function');
    expect(out.same).toBe(true);
    expect(fileURLToPath(out.resolved)).toBe(join(installed, 'dist', 'quadtree.mjs'));
    expect(out.result).toEqual(expected);
  }, 180_000);

  it("quadtree-wasm/quadtree-ts: require and import give quadtree-ts's named exports, and its programs run as on the original", async () => {
    const tsWorkload = join(fixtures, 'ts-workload.js');
    const original = require(tsWorkload)(require('@timohausmann/quadtree-ts'));
    const cjs = `
      const lib = require(${JSON.stringify(pkg.name + '/quadtree-ts')});
      process.stdout.write(JSON.stringify({ keys: Object.keys(lib).sort(), resolved: require.resolve(${JSON.stringify(pkg.name + '/quadtree-ts')}), result: require(${JSON.stringify(tsWorkload)})(lib) }));
    `;
    const fromRequire = JSON.parse((await run(process.execPath, ['-e', cjs], { cwd: app, timeout: 120_000, maxBuffer: 64 << 20 })).stdout);
    expect(fromRequire.keys).toEqual(['Circle', 'Line', 'Quadtree', 'Rectangle']);
    expect(fromRequire.resolved).toBe(join(installed, 'dist', 'quadtree-ts.cjs'));
    expect(fromRequire.result).toEqual(original);
    const file = join(app, 'check-ts.mjs');
    writeFileSync(file, `import * as lib from ${JSON.stringify(pkg.name + '/quadtree-ts')};
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
process.stdout.write(JSON.stringify({ keys: Object.keys(lib).sort(), resolved: import.meta.resolve(${JSON.stringify(pkg.name + '/quadtree-ts')}), result: require(${JSON.stringify(tsWorkload)})(lib) }));
`);
    const fromImport = JSON.parse((await run(process.execPath, [file], { cwd: app, timeout: 120_000, maxBuffer: 64 << 20 })).stdout);
    expect(fromImport.keys).toEqual(['Circle', 'Line', 'Quadtree', 'Rectangle']);
    expect(fileURLToPath(fromImport.resolved)).toBe(join(installed, 'dist', 'quadtree-ts.mjs'));
    expect(fromImport.result).toEqual(original);
  }, 180_000);

  it('quadtree-wasm/quadtree-ts-plus: require and import give the drop-in, whose trees also answer the exact calls', async () => {
    const tsWorkload = join(fixtures, 'ts-workload.js');
    const original = require(tsWorkload)(require('@timohausmann/quadtree-ts'));
    const name = JSON.stringify(pkg.name + '/quadtree-ts-plus');
    // (a program of quadtree-ts, then the exact calls on a tree of one circle, one line and one rect)
    const program = `
      const out = { keys: Object.keys(lib).sort(), result: require(${JSON.stringify(tsWorkload)})(lib) };
      const t = new lib.Quadtree({ width: 100, height: 100, maxObjects: 1 });
      const c = new lib.Circle({ x: 10, y: 10, r: 5, data: 'c' }), l = new lib.Line({ x1: 12, y1: 0, x2: 12, y2: 40, data: 'l' });
      const r = new lib.Rectangle({ x: 60, y: 60, width: 10, height: 10, data: 'r' });
      [c, l, r].forEach((o) => t.insert(o));
      out.exact = { search: t.search(new lib.Circle({ x: 65, y: 65, r: 1 })).map((o) => o.data), collides: t.collides({ x: 90, y: 90, width: 5, height: 5 }),
        pairs: t.pairs().count, nearest: t.nearest(100, 100, 2).map((o) => o.data), ray: t.raycast(0, 10, 1, 0).object.data };`;
    const cjs = `const lib = require(${name});${program}
      out.resolved = require.resolve(${name});
      process.stdout.write(JSON.stringify(out));`;
    const fromRequire = JSON.parse((await run(process.execPath, ['-e', cjs], { cwd: app, timeout: 120_000, maxBuffer: 64 << 20 })).stdout);
    const file = join(app, 'check-ts-plus.mjs');
    writeFileSync(file, `import * as lib from ${name};
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
await lib.ready;${program}
out.resolved = import.meta.resolve(${name});
process.stdout.write(JSON.stringify(out));
`);
    const fromImport = JSON.parse((await run(process.execPath, [file], { cwd: app, timeout: 120_000, maxBuffer: 64 << 20 })).stdout);
    expect(fromRequire.resolved).toBe(join(installed, 'dist', 'quadtree-ts-plus.cjs'));
    expect(fileURLToPath(fromImport.resolved)).toBe(join(installed, 'dist', 'quadtree-ts-plus.mjs'));
    for (const out of [fromRequire, fromImport]) {
      expect(out.keys).toEqual(['Circle', 'Line', 'Quadtree', 'Rectangle', 'ready']);
      expect(out.result).toEqual(original);
      expect(out.exact).toEqual({ search: ['r'], collides: false, pairs: 1, nearest: ['r', 'l'], ray: 'c' });
    }
  }, 180_000);

  it('quadtree-wasm/phaser and /phaser/csp: require and import give the plug-in, on the main entry of the same format', async () => {
    // (a world as Arcade Physics keeps it: two trees and two body sets; a step's clear + load, a search)
    const program = (name) => `
      const body = (x, y) => ({ left: x, top: y, right: x + 10, bottom: y + 10 });
      const stock = { clear() {}, load() {}, insert() {}, remove() {}, search() { return []; } };
      const world = { tree: stock, staticTree: stock, useTree: true, bodies: new Set([body(0, 0), body(10, 0)]), staticBodies: new Set([body(5, 5)]), bounds: { x: 0, y: 0, width: 100, height: 100 } };
      const handle = lib.useQuadtree(world);
      world.tree.clear(); world.tree.load(Array.from(world.bodies));
      const out = { keys: Object.keys(lib).filter((k) => k !== '__esModule').sort(), hits: world.tree.search({ minX: 10, minY: 0, maxX: 10, maxY: 0 }).length,
        statics: world.staticTree.search({ minX: 0, minY: 0, maxX: 100, maxY: 100 }).length, active: handle.active };
      handle.restore();
      out.restored = world.tree === stock;
      out.resolved = ${name};`;
    const results = [];
    for (const sub of ['phaser', 'phaser/csp']) {
      const name = JSON.stringify(pkg.name + '/' + sub);
      const cjs = `const lib = require(${name});${program(`require.resolve(${name})`)}
        process.stdout.write(JSON.stringify(out));`;
      results.push(JSON.parse((await run(process.execPath, ['-e', cjs], { cwd: app, timeout: 120_000 })).stdout));
      const file = join(app, 'check-' + sub.replace('/', '-') + '.mjs');
      writeFileSync(file, `import * as lib from ${name};${program(`import.meta.resolve(${name})`)}
process.stdout.write(JSON.stringify(out));
`);
      results.push(JSON.parse((await run(process.execPath, [file], { cwd: app, timeout: 120_000 })).stdout));
    }
    expect(results.map((r) => r.resolved.replace(/^file:\/\//, ''))).toEqual(['quadtree-phaser.cjs', 'quadtree-phaser.mjs', 'quadtree-phaser.csp.cjs', 'quadtree-phaser.csp.mjs'].map((f) => join(installed, 'dist', f)));
    for (const { resolved, ...out } of results) {
      expect(out).toEqual({ keys: ['BodyTree', 'QuadtreePlugin', 'useQuadtree'], hits: 2, statics: 1, active: true, restored: true });
    }
  }, 180_000);

  it('quadtree-wasm/melonjs and /melonjs/csp: import gives the plug-in, on the main entry of the same flavour', async () => {
    const results = [];
    for (const sub of ['melonjs', 'melonjs/csp']) {
      const name = JSON.stringify(pkg.name + '/' + sub);
      const file = join(app, 'check-' + sub.replace('/', '-') + '.mjs');
      // (a world as melonJS keeps it: a broadphase, bounds, children with bounds)
      writeFileSync(file, `import * as lib from ${name};
const box = (left, top) => ({ left, top, right: left + 10, bottom: top + 10, width: 10, height: 10 });
const item = (x, y) => ({ getBounds: () => box(x, y) });
const children = [item(0, 0), item(5, 5), item(100, 100)];
const stock = { clear() {} };
const world = { broadphase: stock, getBounds: () => ({ ...box(0, 0), width: 200, height: 200, clone() { return this; } }), getChildren: () => children };
const handle = lib.useQuadtree(world);
world.broadphase.clear();
world.broadphase.insertContainer(world);
const out = { keys: Object.keys(lib).sort(), found: world.broadphase.retrieve(children[0]).length, active: handle.active };
handle.restore();
out.restored = world.broadphase === stock;
out.resolved = import.meta.resolve(${name});
process.stdout.write(JSON.stringify(out));
`);
      results.push(JSON.parse((await run(process.execPath, [file], { cwd: app, timeout: 120_000 })).stdout));
    }
    expect(results.map((r) => fileURLToPath(r.resolved))).toEqual(['quadtree-melonjs.mjs', 'quadtree-melonjs.csp.mjs'].map((f) => join(installed, 'dist', f)));
    for (const { resolved, ...out } of results) {
      expect(out).toEqual({ keys: ['QuadtreeBroadphase', 'quadtreePlugin', 'useQuadtree'], found: 2, active: true, restored: true });
    }
  }, 180_000);

  it('quadtree-wasm/bulk: require and import give BulkRects, whose pairs are found', async () => {
    const name = JSON.stringify(pkg.name + '/bulk');
    const body = `const b = new BulkRects(3);
b.rects.set([0, 0, 10, 10, 5, 5, 10, 10, 50, 50, 1, 1]);
const out = { pairs: [...b.pairs()], same: BulkRects.BulkRects === BulkRects && BulkRects.default === BulkRects };`;
    const cjs = join(app, 'check-bulk.cjs');
    writeFileSync(cjs, `const BulkRects = require(${name});\n${body}\nout.resolved = require.resolve(${name});\nprocess.stdout.write(JSON.stringify(out));\n`);
    const esm = join(app, 'check-bulk.mjs');
    writeFileSync(esm, `import { BulkRects } from ${name};\n${body}\nout.resolved = import.meta.resolve(${name});\nprocess.stdout.write(JSON.stringify(out));\n`);
    const results = [];
    for (const file of [cjs, esm]) results.push(JSON.parse((await run(process.execPath, [file], { cwd: app, timeout: 120_000 })).stdout));
    expect(results.map((r) => r.resolved.replace(/^file:\/\//, ''))).toEqual(['quadtree-bulk.js', 'quadtree-bulk.mjs'].map((f) => join(installed, 'dist', f)));
    for (const { resolved, ...out } of results) expect(out).toEqual({ pairs: [0, 1], same: true });
  }, 180_000);

  it('quadtree-wasm/threads: import gives BulkRects on worker threads', async () => {
    const name = JSON.stringify(pkg.name + '/threads');
    const file = join(app, 'check-threads.mjs');
    writeFileSync(file, `import { BulkRects, ready } from ${name};
await ready;
const b = new BulkRects(3);
b.rects.set([0, 0, 10, 10, 5, 5, 10, 10, 50, 50, 1, 1]);
const out = { pairs: [...b.pairs()], threads: BulkRects.threads >= 1, unavailable: BulkRects.threadsUnavailable === null || BulkRects.threadsUnavailable === 'this machine has one core' };
out.resolved = import.meta.resolve(${name});
process.stdout.write(JSON.stringify(out));
`);
    const { resolved, ...out } = JSON.parse((await run(process.execPath, [file], { cwd: app, timeout: 120_000 })).stdout);
    expect(fileURLToPath(resolved)).toBe(join(installed, 'dist', 'quadtree-bulk.threads.mjs'));
    expect(out).toEqual({ pairs: [0, 1], threads: true, unavailable: true });
  }, 180_000);

  describe.each(ENGINES)('in %s, from node_modules', (engine) => {
    let server;
    let browser;

    beforeAll(async () => {
      server = await startStaticServer({ '/': fixtures, '/dist/': join(installed, 'dist') }, { recordErrors: true });
      browser = await launch(engine);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('<script src="node_modules/quadtree-wasm/dist/quadtree.js"> and the next inline script', () =>
      withPage(browser, server.url('/script-tag.html'), async (page) => {
        const immediate = await page.evaluate(() => window.__immediate);
        expect(immediate.error).toBeUndefined();
        expect(immediate).toMatchObject({ ok: true, globalType: 'function', selfRefs: true, all: 2 });
        const result = await page.evaluate(() => window.__result);
        expect(result.error).toBeUndefined();
        expect(result.result).toEqual(expected);
        expect(await page.errors()).toEqual([]);
        expect(server.requests.map((r) => r[1])).toContain('/dist/quadtree.js');
      }), 180_000);

    it('a Worker importScripts the installed file', () =>
      withPage(browser, server.url('/worker.html'), async (page) => {
        const data = await page.evaluate(() => window.__worker);
        expect(data.error).toBeUndefined();
        expect(data.result).toEqual(expected);
        expect(await page.errors()).toEqual([]);
      }), 180_000);
  });
});
