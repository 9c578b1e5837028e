// Where a browser refuses to compile the wasm synchronously (Chromium before 114 refused
// `new WebAssembly.Module` over 4 KB on the main thread), loading still works: constructing before
// `Quadtree.ready` resolves throws an error that says to await it, and after it the trees work.
// Forced here by making the synchronous constructors throw as that Chromium did, in a fresh Node
// process per dist entry.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { DIST_ENTRIES, loadEntries, byName } from '../support/dist.mjs';

const refuse = `
  const refused = () => { throw new RangeError('WebAssembly.Compile is disallowed on the main thread, if the buffer size is larger than 4KB. Use WebAssembly.compile, or compile on a worker thread.'); };
  WebAssembly.Module = function Module() { refused(); };
  WebAssembly.Instance = function Instance() { refused(); };
`;

const use = `
  const out = {};
  try { new Q({ x: 0, y: 0, width: 100, height: 100 }); out.before = 'constructed'; } catch (e) { out.before = e.message; }
  await Q.ready;
  const t = new Q({ x: 0, y: 0, width: 100, height: 100 });
  const a = { x: 10, y: 10, width: 5, height: 5 }, b = { x: 12, y: 12, width: 5, height: 5 };
  t.insert([a, b]);
  out.after = [t.retrieve({ x: 11, y: 11, width: 1, height: 1 }).length, t.pairs().count, t.validate()];
  const l = new Q.LinearQuadtree({ x: 0, y: 0, width: 100, height: 100 });
  l.insert(a);
  out.linear = l.search({ x: 0, y: 0, width: 50, height: 50 })[0] === a;
  console.log(JSON.stringify(out));
`;

function run(entry) {
  const load = entry.load === 'require'
    ? `const Q = require(${JSON.stringify(entry.path)});`
    : `const Q = (await import(${JSON.stringify(pathToFileURL(entry.path).href)})).default;`;
  const script = `(async () => { ${refuse} ${load} ${use} })().catch((e) => { console.log(JSON.stringify({ failed: String(e) })); });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split('\n').pop());
}

describe.each(DIST_ENTRIES.map((e) => [e.name, e]))('dist/%s', (name, entry) => {
  it('where synchronous compilation is refused, says to await Quadtree.ready, and works after it', () => {
    const out = run(entry);
    expect(out.failed).toBeUndefined();
    expect(out.before).toMatch(/^Quadtree: the WebAssembly module is still compiling .*await Quadtree\.ready first$/);
    expect(out.after).toEqual([2, 1, true]);
    expect(out.linear).toBe(true);
  });
});

describe.each(byName(await loadEntries()))('dist/%s', (name, { Quadtree, exports }) => {
  it('Quadtree.ready is a promise that has already resolved where compilation is synchronous', async () => {
    expect(Quadtree.ready).toBeInstanceOf(Promise);
    let settled = false;
    Quadtree.ready.then(() => { settled = true; });
    await null;
    expect(settled).toBe(true);
    if (exports.ready !== undefined) expect(exports.ready).toBe(Quadtree.ready);
  });
});
