// The folders of cpp/ and js/src depend one way (docs/ARCHITECTURE.md, "The map"): a folder uses
// its own files and the layers below it, a family or tree kind never another, and the facade's
// modules import each other without a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every file under `dir`, as paths relative to it. @param {string} dir */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/**
 * The wrong-way edges of `edges` ([from, to] folder pairs): `may[from]` lists the folders a file
 * in `from` may use besides its own.
 * @param {[string, string, string][]} edges file, from, to @param {Record<string, string[]>} may
 */
function wrongWay(edges, may) {
  return edges.filter(([, from, to]) => from !== to && !(may[from] ?? []).includes(to)).map(([file, , to]) => `${file} -> ${to}/`);
}

describe('cpp/', () => {
  const dir = join(ROOT, 'cpp');
  const files = filesUnder(dir);
  const base = ['base'], storage = [...base, 'storage'], shapes = [...storage, 'shapes'];
  const kinds = ['quadtree', 'tutorial', 'ts', 'linear', 'bulk'];
  /** @type {Record<string, string[]>} */
  const may = { base: [], storage: base, shapes: storage, quadtree: shapes, tutorial: shapes, ts: shapes, linear: shapes, bulk: base };
  may.session = [...shapes, ...kinds];
  may.wasm = [...may.session, 'session'];

  test('every file is in a folder the layers name', () => {
    expect(files.filter((f) => !(f.split('/')[0] in may) || !f.includes('/'))).toEqual([]);
  });

  test('includes name a folder of a layer below, or their own', () => {
    /** @type {[string, string, string][]} */
    const edges = [];
    for (const f of files) {
      for (const [, to] of readFileSync(join(dir, f), 'utf8').matchAll(/^#include "([^"/]+)\/[^"]+"/gm)) edges.push([f, f.split('/')[0], to]);
    }
    expect(edges.length).toBeGreaterThan(50);
    expect(wrongWay(edges, may)).toEqual([]);
  });

  test('every quoted include names its folder', () => {
    const bare = files.flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/^#include "([^"/]+)"/gm)].map((m) => `${f}: ${m[1]}`));
    expect(bare).toEqual([]);
  });
});

describe('js/src', () => {
  const dir = join(ROOT, 'js', 'src');
  const files = filesUnder(dir).filter((f) => f.endsWith('.js'));
  /** @type {Record<string, string[]>} */
  const may = { wasm: [], common: ['wasm'], main: ['wasm', 'common'], ts: ['wasm', 'common'], bulk: ['wasm', 'common'], engines: ['main'] };
  /** file -> the files it imports (relative to js/src) @type {Map<string, string[]>} */
  const imports = new Map(files.map((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    const specs = [...text.matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gms)].map((m) => m[1]);
    return [f, specs.map((s) => normalize(join(dirname(f), s)))];
  }));

  test('every module is in a folder the layers name', () => {
    expect(files.filter((f) => !(f.split('/')[0] in may) || !f.includes('/'))).toEqual([]);
  });

  test('imports point one way: the families use the common parts, never each other', () => {
    /** @type {[string, string, string][]} */
    const edges = [];
    for (const [f, to] of imports) for (const t of to) edges.push([f, f.split('/')[0], t.split('/')[0]]);
    expect(edges.length).toBeGreaterThan(100);
    expect(edges.filter(([, , to]) => !(to in may))).toEqual([]);
    expect(wrongWay(edges, may)).toEqual([]);
  });

  test('no module imports itself back, by any path', () => {
    const cycles = [];
    /** @type {Map<string, number>} 1 on the path, 2 done */
    const state = new Map();
    /** @param {string} f @param {string[]} path */
    const visit = (f, path) => {
      if (state.get(f) === 2) return;
      if (state.get(f) === 1) {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 1);
      for (const t of imports.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 2);
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
