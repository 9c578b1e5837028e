// The hand-written types, as a TypeScript user gets them: tsc resolves 'quadtree-wasm' through
// package.json's exports (node16: import → .d.mts, require → .d.ts; and bundler resolution) and
// must accept the typed use in tests/packaging/types/ (and reject what it marks @ts-expect-error).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function compile(options, include = ['src']) {
  const dir = mkdtempSync(join(tmpdir(), 'qt-types-'));
  try {
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'quadtree-wasm'), 'dir');
    cpSync(join(root, 'tests', 'packaging', 'types'), join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"types-check","private":true}');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, target: 'es2020', types: [], ...options },
      include,
    }));
    return execFileSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
  } catch (e) {
    throw new Error(`tsc failed:\n${e.stdout || ''}${e.stderr || ''}`, { cause: e });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('types', () => {
  it('check under node16 resolution (import → .d.mts, require → .d.ts)', () => {
    expect(compile({ module: 'node16', moduleResolution: 'node16' })).toBe('');
  }, 120_000);

  it('check under bundler resolution', () => {
    // `import x = require()` is CommonJS-only syntax: the ES module file alone.
    expect(compile({ module: 'esnext', moduleResolution: 'bundler' }, ['src/esm.mts', 'src/ts-esm.mts', 'src/ts-plus.mts', 'src/phaser.mts', 'src/melonjs.mts'])).toBe('');
  }, 120_000);
});
