// The types checked against the code, both ways: tsc checks the facade's own JSDoc (js/tsconfig.json,
// checkJs over js/src), and the hand-written declarations (js/types, copied into dist/) name exactly
// what each dist entry has, as a method or as a value: the instance members of both trees, of a
// PairList and of stats(), the classes' statics and the modules' exports.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import ts from 'typescript';
import { DIST, ROOT, loadEntries } from '../support/dist.mjs';

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

describe('the facade type-checks (tsc --checkJs)', () => {
  it('npx tsc -p js/tsconfig.json reports nothing', () => {
    let out;
    try {
      out = execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'js', 'tsconfig.json')], { encoding: 'utf8' });
    } catch (e) {
      out = `${e.stdout || ''}${e.stderr || ''}` || String(e);
    }
    expect(out).toBe('');
  }, 120_000);
});

// The declared names, read with the compiler's API from dist's declarations.
function declared() {
  const mts = join(DIST, 'quadtree.d.mts'), cts = join(DIST, 'quadtree.d.ts');
  const program = ts.createProgram([mts, cts], { strict: true, noEmit: true, types: [], module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 });
  const checker = program.getTypeChecker();
  const members = (type) => Object.fromEntries(checker.getPropertiesOfType(type)
    .filter((p) => p.name !== 'prototype')
    .map((p) => [p.name, (p.flags & ts.SymbolFlags.Method) !== 0 ? 'function' : 'value']));
  const moduleOf = (file) => checker.getSymbolAtLocation(program.getSourceFile(file));
  const esm = moduleOf(mts);
  const resolved = (s) => ((s.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(s) : s);
  // The exports that are values (not the type-only ones: Rect, Item, PairList...).
  const exportsOf = (symbol) => Object.fromEntries(checker.getExportsOfModule(symbol)
    .filter((s) => (resolved(s).flags & ts.SymbolFlags.Value) !== 0).map((s) => [s.name, true]));
  const exported = (name) => checker.getExportsOfModule(esm).find((s) => s.name === name);
  const classOf = (name) => resolved(exported(name));
  const instance = (name) => members(checker.getDeclaredTypeOfSymbol(classOf(name)));
  const statics = (symbol) => members(checker.getTypeOfSymbol(symbol));
  const pairList = checker.getReturnTypeOfSignature(checker.getSignaturesOfType(
    checker.getTypeOfSymbol(checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(classOf('Quadtree')), 'pairs')), ts.SignatureKind.Call)[0]);
  const stats = checker.getReturnTypeOfSignature(checker.getSignaturesOfType(
    checker.getTypeOfSymbol(checker.getPropertyOfType(checker.getDeclaredTypeOfSymbol(classOf('Quadtree')), 'stats')), ts.SignatureKind.Call)[0]);
  const classic = checker.getExportSymbolOfSymbol(moduleOf(cts).exports.get('export='));
  return {
    esmExports: exportsOf(esm),
    quadtree: instance('Quadtree'),
    linear: instance('LinearQuadtree'),
    quadtreeStatics: statics(classOf('Quadtree')),
    linearStatics: statics(classOf('LinearQuadtree')),
    classicStatics: statics(classic),
    pairList: members(pairList),
    stats: members(stats),
  };
}

// The public names of a value, as the declarations would name them: own and inherited, minus
// Object's, the constructor, underscored internals and Symbol-keyed ones (Symbol.dispose is left
// undeclared: it needs lib esnext.disposable in the user's tsconfig).
function actual(value, { statics = false } = {}) {
  const out = {};
  for (let o = value; o && o !== Object.prototype && o !== Function.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name in out || name === 'constructor' || name.startsWith('_')) continue;
      if (statics && ['length', 'name', 'prototype', 'arguments', 'caller'].includes(name)) continue;
      const d = Object.getOwnPropertyDescriptor(o, name);
      out[name] = !d.get && typeof d.value === 'function' ? 'function' : 'value';
    }
  }
  return out;
}

const bounds = { x: 0, y: 0, width: 100, height: 100 };
const LIBS = await loadEntries();
const types = declared();

describe.each(LIBS.map((lib) => [lib.entry.name, lib]))('dist/%s has what the declarations say', (name, lib) => {
  const { Quadtree, LinearQuadtree, exports, entry } = lib;

  it('the classes and their statics', () => {
    const classic = entry.load === 'require';
    // Statics on a constructor are values (classes are functions: Quadtree.LinearQuadtree).
    const values = (m) => Object.fromEntries(Object.keys(m).map((k) => [k, 'value']));
    expect(values(actual(Quadtree, { statics: true }))).toEqual(values(classic ? types.classicStatics : types.quadtreeStatics));
    expect(values(actual(LinearQuadtree, { statics: true }))).toEqual(values(types.linearStatics));
    expect(Quadtree.ready).toBeInstanceOf(Promise);
    expect(Quadtree.LinearQuadtree).toBe(LinearQuadtree);
    if (!classic) {
      expect(Object.keys(exports).sort()).toEqual(Object.keys(types.esmExports).sort());
      expect(exports.ready).toBe(Quadtree.ready);
    }
  });

  it('the instances, a PairList and stats()', () => {
    const tree = new Quadtree(bounds);
    const linear = new LinearQuadtree(bounds, { depth: 4 });
    try {
      expect(actual(tree)).toEqual(types.quadtree);
      expect(actual(linear)).toEqual(types.linear);
      tree.insert([{ x: 1, y: 1, width: 5, height: 5 }, { x: 2, y: 2, width: 5, height: 5 }]);
      expect(actual(tree.pairs())).toEqual(types.pairList);
      expect(actual(tree.stats())).toEqual(types.stats);
      expect(actual(tree.nodes.length ? tree.nodes[0] : tree)).toEqual(types.quadtree);
    } finally {
      tree.dispose();
      linear.dispose();
    }
  });

  it('a tree of numeric ids answers with numbers, as Quadtree<number> says', () => {
    const tree = new Quadtree(bounds);
    try {
      tree.setRects(new Float32Array([0, 0, 10, 10, 5, 5, 10, 10]), [3, 7]);
      expect(tree.search(bounds).sort()).toEqual([3, 7]);
      expect(tree.retrieve(bounds).sort()).toEqual([3, 7]);
      const pairs = tree.pairs();
      expect([pairs.first(0), pairs.second(0)].sort()).toEqual([3, 7]);
      const seen = [];
      tree.forEachPair((a, b) => seen.push(typeof a, typeof b));
      expect(seen).toEqual(['number', 'number']);
    } finally {
      tree.dispose();
    }
  });
});

