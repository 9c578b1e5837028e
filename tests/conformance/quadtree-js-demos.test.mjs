// The drop-in proof: the canvas demo pages that ship in the real @timohausmann/quadtree-js 1.2.6
// npm tarball (docs/*.html), run unchanged in Debian's Chromium with their ./quadtree.min.js
// replaced by each dist file that loads as a classic script (dist/quadtree.js, dist/quadtree.csp.js).
// Chromium only: the pages are driven with the real pointer, seeded by init scripts and captured
// in screenshots, through the harness's playwright page.
//
// - live: each page with our build and real animation frames; the mouse wanders over the canvas;
//   no page error, no console error (other than the "failed to load" of the CDN resources we abort),
//   a painted canvas and sane counters; a screenshot per page goes to tests/artifacts/.
// - same pixels: each page with the ORIGINAL quadtree.min.js and with ours, with Math.random seeded
//   and requestAnimationFrame stepped by hand (both injected before the page's scripts), so both
//   runs make the very same calls: the counters and the canvas pixels must be identical.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { mulberry32 } from '../support/prng.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { frames, launch } from '../support/browsers.mjs';
import { selectedEntries } from '../support/dist.mjs';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLASSIC = selectedEntries().filter((e) => e.script);
const artifacts = join(root, 'tests', 'artifacts');
const VERSION = '1.2.6';

// The demo pages we know of; the test uses those that exist in the tarball (at least four must).
const WANTED = [
  'simple.html',
  'dynamic.html',
  'many.html',
  'retrieve-nodes.html',
  'test-retrieve.html',
  'test-10000-1.2.0.html',
];

// What a sane page shows. total: the object count it creates; mouse: it queries on mousemove.
const SPECS = {
  'simple.html': { total: 52, mouse: true, addObjects: true },
  'dynamic.html': { total: 200, mouse: true },
  'many.html': { total: 800, animated: true, many: true },
  'retrieve-nodes.html': { total: 50, mouse: true, noCounters: true },
  'test-retrieve.html': { total: 1000000, once: true },
  'test-10000-1.2.0.html': { total: 10000, once: true },
};

// Math.random seeded (the tests' one PRNG, mulberry32, sent as source), before any script of the page runs.
const seededRandom = (seed) => `Math.random = (${mulberry32.toString()})(${seed});`;

// requestAnimationFrame that only runs when the test says so: window.__stepFrames(n).
const manualFrames = `(() => {
  window.__realRequestAnimationFrame = window.requestAnimationFrame.bind(window);
  let queue = [];
  let nextId = 1;
  let time = 0;
  window.requestAnimationFrame = function (callback) {
    const id = nextId++;
    queue.push({ id, callback });
    return id;
  };
  window.cancelAnimationFrame = function (id) {
    queue = queue.filter((entry) => entry.id !== id);
  };
  window.webkitRequestAnimationFrame = window.requestAnimationFrame;
  window.__stepFrames = function (n) {
    for (let i = 0; i < n; i++) {
      const due = queue;
      queue = [];
      time += 1000 / 60;
      for (const entry of due) entry.callback(time);
    }
    return queue.length;
  };
})();`;

// Points on the canvas, as fractions of its size (never 0: the pages treat offsetX 0 as missing).
const PATH = [
  [0.1, 0.1], [0.3, 0.15], [0.5, 0.2], [0.7, 0.25], [0.9, 0.3], [0.8, 0.5], [0.6, 0.55],
  [0.4, 0.6], [0.2, 0.65], [0.15, 0.85], [0.35, 0.9], [0.55, 0.8], [0.75, 0.7], [0.95, 0.9],
  [0.5, 0.5], [0.26, 0.38],
];

async function snapshot(page, withHash) {
  const data = await page.evaluate((hash) => {
    const text = (id) => {
      const el = document.getElementById(id);
      return el ? el.textContent : null;
    };
    const canvas = document.getElementById('canvas');
    const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    let green = 0;
    for (let i = 0; i < d.length; i += 4) {
      const a = d[i + 3];
      if (a === 0) continue;
      painted++;
      if (d[i + 1] > 200 && d[i] < 120 && d[i + 2] < 120) green++; // a flagged candidate
    }
    return {
      total: text('cnt_total'),
      total2: text('cnt_total2'),
      cand: text('cnt_cand'),
      perc: text('cnt_perc'),
      fps: text('cnt_fps'),
      time: text('cnt_time'),
      pixels: { painted, green },
      png: hash ? canvas.toDataURL('image/png') : null,
    };
  }, withHash);
  if (data.png) data.png = createHash('sha256').update(data.png).digest('hex');
  return data;
}

// Plays a page the same way in both modes; `step(n)` advances n animation frames.
async function drive(page, name, step, withHash) {
  const spec = SPECS[name] || {};
  const samples = [];
  if (spec.addObjects) {
    // simple.html starts empty: its buttons add random objects (clicked through the DOM, so the
    // pointer never leaves the canvas in a way that differs between runs)
    await page.evaluate(() => {
      for (let i = 0; i < 5; i++) document.getElementById('btn_add_10').click();
      document.getElementById('btn_add_big').click();
      document.getElementById('btn_add_big').click();
    });
  }
  const canvas = page.locator('#canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  expect(box, 'the page has a visible #canvas').toBeTruthy();
  for (const [fx, fy] of PATH) {
    await page.mouse.move(box.x + Math.round(box.width * fx), box.y + Math.round(box.height * fy), { steps: 3 });
    await frames(page, 2); // real frames: the input event has been handled
    await step(spec.many ? 3 : 2);
    samples.push(await snapshot(page, withHash));
  }
  await step(10);
  samples.push(await snapshot(page, withHash));
  return samples;
}

const int = (s) => (s !== null && /^-?\d+$/.test(s) ? Number(s) : NaN);

function checkCounters(name, samples) {
  const spec = SPECS[name];
  if (spec.noCounters) return;
  for (const s of samples) {
    const total = int(s.total);
    const cand = int(s.cand);
    expect(total, `${name}: #cnt_total`).toBe(spec.total);
    expect(Number.isInteger(cand) && cand >= 0 && cand <= total, `${name}: #cnt_cand ${s.cand} of ${total}`).toBe(true);
    if (s.total2 !== null) expect(int(s.total2), `${name}: #cnt_total2`).toBe(spec.total);
    if (spec.many) {
      // many.html: the colliding objects, and the objects per colliding object
      if (cand > 0) expect(int(s.perc), `${name}: #cnt_perc`).toBe(Math.round(total / cand));
      expect(Number(s.fps), `${name}: #cnt_fps`).toBeGreaterThanOrEqual(0);
    } else {
      expect(int(s.perc), `${name}: #cnt_perc`).toBe(Math.round((cand / total) * 100));
    }
    if (s.time !== null) expect(s.time, `${name}: #cnt_time`).toMatch(/^\d+ms$/);
  }
  const most = Math.max(...samples.map((s) => int(s.cand)));
  expect(most, `${name}: some query found candidates`).toBeGreaterThan(0);
  if (!spec.mouse) return;
  // the mouse wandered off the objects sometimes: not every sample is the whole set
  expect(Math.min(...samples.map((s) => int(s.cand))), `${name}: not everything is a candidate`).toBeLessThan(spec.total);
}

describe(`@timohausmann/quadtree-js ${VERSION} demo pages on our build`, () => {
  let tmp;
  let docs;
  let pages = [];
  let server;
  let browser;
  let source = '';

  beforeAll(async () => {
    for (const e of CLASSIC) if (!existsSync(e.path)) throw new Error(`dist/${e.name} is missing: run \`npm run build\` first`);
    tmp = mkdtempSync(join(tmpdir(), 'quadtree-js-demos-'));
    let tarball;
    try {
      // the real npm tarball, from the npm cache when it is there
      const { stdout } = await run(
        'npm',
        ['pack', `@timohausmann/quadtree-js@${VERSION}`, '--pack-destination', tmp, '--prefer-offline', '--json',
          '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: tmp, timeout: 180_000, maxBuffer: 16 << 20 },
      );
      const info = JSON.parse(stdout.slice(stdout.indexOf('[')));
      tarball = join(tmp, info[0].filename);
      await run('tar', ['-xzf', tarball, '-C', tmp], { timeout: 60_000 });
      source = `npm pack @timohausmann/quadtree-js@${VERSION}`;
    } catch (err) {
      // No registry and no cache: the installed devDependency is the same package, if the version matches.
      const installed = join(root, 'node_modules', '@timohausmann', 'quadtree-js');
      const version = existsSync(join(installed, 'package.json'))
        ? JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version
        : null;
      if (version !== VERSION) throw new Error(`npm pack failed (${err.message}) and node_modules has ${version}`, { cause: err });
      console.warn(`npm pack failed (${err.message.split('\n')[0]}); using node_modules/@timohausmann/quadtree-js`);
      cpSync(installed, join(tmp, 'package'), { recursive: true });
      source = 'node_modules/@timohausmann/quadtree-js';
    }
    const pkg = JSON.parse(readFileSync(join(tmp, 'package', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@timohausmann/quadtree-js');
    expect(pkg.version).toBe(VERSION);
    docs = join(tmp, 'package', 'docs');
    expect(existsSync(join(docs, 'quadtree.min.js')), 'docs/quadtree.min.js ships in the tarball').toBe(true);
    const present = new Set(readdirSync(docs));
    pages = WANTED.filter((p) => present.has(p));
    expect(pages.length, `demo pages found: ${pages.join(', ')}`).toBeGreaterThanOrEqual(4);

    for (const name of pages) {
      const file = join(docs, name);
      let html = readFileSync(file, 'utf8');
      if (name === 'retrieve-nodes.html') {
        // retrieve-nodes.html is the one page that loads the library from a CDN (jsdelivr, latest
        // 1.x) instead of ./quadtree.min.js like the others: point that one script src at
        // ./quadtree.min.js, so both runs load a local file (the original or ours). Nothing else
        // in any page is changed.
        const cdn = /<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/@timohausmann\/quadtree-js(?:@[^/"]*)?\/quadtree\.min\.js"><\/script>/g;
        const before = html;
        html = html.replace(cdn, '<script src="./quadtree.min.js"></script>');
        if (html !== before) writeFileSync(file, html);
      }
      // Every page must now load the library from ./quadtree.min.js by a live (uncommented) tag.
      const live = html.replace(/<!--[\s\S]*?-->/g, '');
      expect(live, `${name} loads ./quadtree.min.js`).toContain('<script src="./quadtree.min.js"></script>');
      expect(live, `${name} loads no other copy of the library`).not.toMatch(/<script[^>]+src="[^"]*quadtree(?!\.min\.js")/);
    }

    // /orig/: the pages with their own quadtree.min.js; /<dist file>/: with it replaced by ours
    const mounts = { '/orig/': docs };
    for (const e of CLASSIC) {
      mounts[`/${e.name}/`] = docs;
      mounts[`/${e.name}/quadtree.min.js`] = e.path;
    }
    server = await startStaticServer(mounts);
    browser = await launch('chromium');
    mkdirSync(artifacts, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('got the real package', () => {
    expect(source).not.toBe('');
    expect(pages).toContain('simple.html');
  });

  const original = new Map(); // page -> the original's samples, run once for every dist file

  describe.each(CLASSIC)('on dist/$name', (entry) => {
  // Each page: our build, real frames, the mouse over the canvas.
  for (const name of WANTED) {
    it(`live: ${name}`, async (ctx) => {
      if (!pages.includes(name)) return ctx.skip();
      const tab = await browser.open(server.url(`/${entry.name}/${name}`), { initScripts: [seededRandom(12345)] });
      try {
        expect(tab.status).toBe(200);
        // it is our library the page runs (dispose is ours; quadtree-js has none)
        expect(await tab.playwright.evaluate(() => typeof Quadtree.prototype.dispose)).toBe('function');
        await frames(tab.playwright, 5);
        const samples = await drive(tab.playwright, name, (n) => frames(tab.playwright, n), false);
        await frames(tab.playwright, 30); // let the animation run
        samples.push(await snapshot(tab.playwright, false));
        await tab.playwright.screenshot({ path: join(artifacts, `quadtree-js-demo-${name.replace(/\.html$/, '')}-${entry.name}.png`) });

        expect(await tab.errors()).toEqual([]);
        const last = samples[samples.length - 1];
        expect(last.pixels.painted, `${name}: the canvas is painted`).toBeGreaterThan(1000);
        checkCounters(name, samples);
        if (SPECS[name].mouse) {
          expect(Math.max(...samples.map((s) => s.pixels.green)), `${name}: candidates drawn`).toBeGreaterThan(0);
        }
        if (name === 'retrieve-nodes.html') {
          // the page's own retrieve is patched onto our prototype and is what the page calls: ours
          // returns an array, the patch returns { objects, nodes }, and the page reads
          // candidates.objects.length, so the green candidates above come through the patch
          const patched = await tab.playwright.evaluate(() => String(Quadtree.prototype.retrieve));
          expect(patched).toContain('nodes.push(this)');
        }
        const requested = server.requests.map((r) => r[1]);
        expect(requested).toContain(`/${entry.name}/${name}`);
        expect(requested).toContain(`/${entry.name}/quadtree.min.js`);
      } finally {
        await tab.close();
      }
    }, 600_000);
  }

  // Each page twice, original and ours, on identical input: same counters, same pixels.
  for (const name of WANTED) {
    it(`same pixels as the original: ${name}`, async (ctx) => {
      if (!pages.includes(name)) return ctx.skip();
      const runs = {};
      for (const flavour of original.has(name) ? ['ours'] : ['orig', 'ours']) {
        const path = flavour === 'orig' ? `/orig/${name}` : `/${entry.name}/${name}`;
        const tab = await browser.open(server.url(path), { initScripts: [seededRandom(987654321), manualFrames] });
        try {
          const page = tab.playwright;
          const ours = await page.evaluate(() => typeof Quadtree.prototype.dispose === 'function');
          expect(ours, `${flavour} run loads the ${flavour} library`).toBe(flavour === 'ours');
          const step = (n) => page.evaluate((k) => window.__stepFrames(k), n);
          const samples = await drive(page, name, step, true);
          expect(await tab.errors(), `${flavour}: ${name}`).toEqual([]);
          // timings and frame rates are not deterministic; everything else is
          runs[flavour] = samples.map(({ fps, time, ...rest }) => rest);
        } finally {
          await tab.close();
        }
      }
      if (runs.orig) original.set(name, runs.orig);
      runs.orig = original.get(name);
      expect(runs.orig.length).toBeGreaterThan(0);
      if (!SPECS[name].noCounters) {
        expect(Math.max(...runs.orig.map((s) => int(s.cand))), 'the original found candidates').toBeGreaterThan(0);
      }
      expect(runs.ours).toEqual(runs.orig);
    }, 600_000);
  }
  });
});
