// What users download: dist/quadtree.js, gzipped as servers send it, within a limit raised only as
// features need it (within the 60 KB the fast-start issue, #33, budgets for every feature of the
// open issues). The CSP build has no embind glue, so it must stay the smaller; and the embind glue
// must not carry the converters of types no call takes (cpp/bindings.cpp registers only the five
// it needs).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;

// 46,687 bytes when issue #15 was filed; issue #30's house (the facade along its seams, the one
// tree interface, the depth rule: 47,233 bytes) raised it, and issue #31's quadtree-ts tree in the
// shared core (55,046 bytes) again, until the fast-start issue (#33) gives each entry its own core.
const LIMIT = 55_500;

describe('dist/ size', () => {
  it('keeps dist/quadtree.js and dist/quadtree.mjs, gzipped, within the limit', () => {
    expect(gzipped('quadtree.js')).toBeLessThanOrEqual(LIMIT);
    expect(gzipped('quadtree.mjs')).toBeLessThanOrEqual(LIMIT);
  });

  it('keeps the CSP build smaller than the embind one', () => {
    expect(gzipped('quadtree.csp.js')).toBeLessThan(gzipped('quadtree.js'));
  });

  it('registers no embind type the calls do not use (no string or memory-view converters)', () => {
    const code = readFileSync(join(dist, 'quadtree.js'), 'utf8');
    // Messages embind's converters for std::string, std::wstring and memory views carry; closure
    // keeps string literals.
    for (const text of ['Cannot pass non-string to std::string', 'Cannot pass non-string to C++ string type']) {
      expect(code.includes(text), text).toBe(false);
    }
  });
});
