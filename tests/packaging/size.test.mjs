// What users download: dist/quadtree.js may not grow past what it was when issue #15 was filed
// ("dist/quadtree.js no larger than today"), gzipped as servers send it. The CSP build has no
// embind glue, so it must stay the smaller; and the embind glue must not carry the converters of
// types no call takes (cpp/bindings.cpp registers only the five it needs).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;

// dist/quadtree.js's gzipped bytes when issue #15 was filed.
const FILED = 46_687;
// What splitting the facade along its seams (issue #30: a module per job, the seed's kinds, a
// module per method) added: names the minifier can no longer drop, and the two kinds' fields.
const SEAMS = 212;

describe('dist/ size', () => {
  it('keeps dist/quadtree.js, gzipped, within its size when issue #15 was filed (and the split of #30)', () => {
    expect(gzipped('quadtree.js')).toBeLessThanOrEqual(FILED + SEAMS);
    expect(gzipped('quadtree.mjs')).toBeLessThanOrEqual(FILED + SEAMS);
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
