// The quadtree-ts drop-in against the real @timohausmann/quadtree-ts 2.3.0, on every quadtree-ts
// dist file: seeded scenarios of every family of behaviour (tests/support/ts-scenarios.mjs) run on
// both, and their traces must be equal: each call's result, objects by identity and order, errors
// by class and message, the whole tree after every call (exact doubles, lists with duplicates, own
// keys, classes), and every qtIndex, constructor, spy and patched static the calls ran, in order.
// A failure names its family and seed: SEED=<n> FAMILY=<name> reruns it alone. The ES modules run
// every seed; the other wrappers of the same bundles a smoke run (seedsFor, tests/support/dist.mjs).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadTsEntries, seedsFor } from '../support/dist.mjs';
import { FAMILIES, generate, play } from '../support/ts-scenarios.mjs';

const original = createRequire(import.meta.url)('@timohausmann/quadtree-ts');
const LIBS = await loadTsEntries();
const PER_FAMILY = Number(process.env.SCENARIOS || 300);
const ONLY_SEED = process.env.SEED !== undefined ? Number(process.env.SEED) : undefined;
const families = process.env.FAMILY ? [process.env.FAMILY] : FAMILIES;

/** The first difference between two traces, with a little context, or null. */
function firstDifference(ours, theirs) {
  const n = Math.max(ours.length, theirs.length);
  for (let i = 0; i < n; i++) {
    if (ours[i] !== theirs[i]) return { at: i, before: theirs[i - 1], ours: ours[i], original: theirs[i] };
  }
  return null;
}

// Families whose scenarios keep a native tree to the end when nothing reads its inside.
const NATIVE_FAMILIES = ['rectangles', 'circles', 'lines', 'mixed', 'removal', 'live'];

describe.each(LIBS.map((lib) => [lib.entry.name, lib]))('dist/%s', (name, lib) => {
  // Twice: the tree read after every call (peek: the drop-in's native mode hands out a view of
  // its nodes each time, checked at the next call), and read at the end only.
  describe.each([['read after every call', true], ['read at the end', false]])('%s', (how, peek) => {
    it.each(families)('%s scenarios trace as the original does', (family) => {
      const seeds = ONLY_SEED !== undefined ? [ONLY_SEED] : Array.from({ length: seedsFor(lib.entry, PER_FAMILY) }, (_, i) => i + 1);
      let calls = 0, native = 0;
      for (const seed of seeds) {
        const scenario = generate(family, seed);
        // (read at the end: another tree made midway takes the young tree's native tree)
        const otherAt = peek ? -1 : (seed * 7) % (scenario.ops.length + 1);
        const theirs = play(scenario, original, { peek, otherAt });
        const ours = play(scenario, lib, { peek, otherAt });
        const diff = firstDifference(ours, theirs);
        if (diff) expect({ family, seed, ...diff }).toBeNull();
        calls += scenario.ops.length;
        native += ours.native;
      }
      expect(calls).toBeGreaterThan(seeds.length * 5);
      // Native mode did the work where nothing asked for JavaScript (most scenarios of these
      // families, read or not; some end in JavaScript, after a degenerate option or object).
      if (NATIVE_FAMILIES.includes(family) && ONLY_SEED === undefined) expect(native, 'scenarios still native at the end').toBeGreaterThan(seeds.length / 2);
    });
  });
});
