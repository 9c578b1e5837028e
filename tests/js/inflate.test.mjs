// js/lib/inflate.js, the raw-DEFLATE decoder that unpacks the embedded wasm at load time, against
// Node's zlib: seeded random inputs of several kinds through every zlib level and strategy (so
// stored, fixed-Huffman and dynamic-Huffman blocks all occur), the real wasm, and malformed input,
// which must throw, never loop or read out of bounds.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import { rng } from './seeded.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The file is a fragment the bundler pastes in; here it becomes a function returning its two
// functions.
const { inflate, base64 } = new Function(
  `${readFileSync(join(root, 'js', 'lib', 'inflate.js'), 'utf8')}\nreturn { inflate, base64 };`,
)();

const STRATEGIES = [
  constants.Z_DEFAULT_STRATEGY,
  constants.Z_FILTERED,
  constants.Z_HUFFMAN_ONLY,
  constants.Z_RLE,
  constants.Z_FIXED,
];

// Inputs of different character: incompressible, a small alphabet (short codes), words (many
// matches), runs (overlapping copies, distance 1), far repeats (distances up to 32 KB).
function sample(r) {
  const n = r.pick([0, 1, 2, 3, 100, 1000, 5000, 70_000]) + r.int(0, 50);
  const out = new Uint8Array(n);
  const kind = r.pick(['random', 'alphabet', 'words', 'runs', 'far']);
  const words = Array.from({ length: 20 }, () => Array.from({ length: r.int(1, 9) }, () => r.int(97, 122)));
  const block = Array.from({ length: r.int(1, 40_000) }, () => r.int(0, 255));
  for (let i = 0; i < n; ) {
    if (kind === 'random') {
      out[i++] = r.int(0, 255);
    } else if (kind === 'alphabet') {
      out[i++] = 65 + r.int(0, 3);
    } else if (kind === 'words') {
      for (const c of r.pick(words)) if (i < n) out[i++] = c;
    } else if (kind === 'runs') {
      for (let k = r.int(1, 600), c = r.int(0, 255); k > 0 && i < n; k--) out[i++] = c;
    } else {
      for (let k = 0; k < block.length && i < n; k++) out[i++] = r.chance(0.001) ? r.int(0, 255) : block[k];
    }
  }
  return { kind, bytes: out };
}

// The type of each block (0 stored, 1 fixed, 2 dynamic) is not visible from outside; the first
// block's is in bits 1-2 of the first byte.
const firstBlockType = (z) => (z[0] >> 1) & 3;

describe('inflate (js/lib/inflate.js) against zlib', () => {
  it('round-trips seeded random inputs through every level and strategy', () => {
    const types = new Set();
    for (let seed = 1; seed <= 60; seed++) {
      const r = rng(seed);
      const { kind, bytes } = sample(r);
      for (let level = 0; level <= 9; level += r.int(1, 3)) {
        for (const strategy of STRATEGIES) {
          const z = deflateRawSync(bytes, { level, strategy });
          types.add(firstBlockType(z));
          const got = inflate(z);
          expect(got).toBeInstanceOf(Uint8Array);
          expect(Buffer.from(got).equals(Buffer.from(bytes)), `seed ${seed} ${kind} level ${level} strategy ${strategy}`).toBe(true);
        }
      }
    }
    expect([...types].sort()).toEqual([0, 1, 2]);
  });

  it('empty input, one byte, and long runs (258-byte copies at distance 1)', () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array([42]), new Uint8Array(200_000).fill(7)]) {
      for (const level of [0, 1, 9]) {
        const z = deflateRawSync(bytes, { level });
        expect(Buffer.from(inflate(z)).equals(Buffer.from(bytes))).toBe(true);
      }
    }
    // several stored blocks (each holds at most 65,535 bytes)
    const big = Uint8Array.from({ length: 150_000 }, (_, i) => (i * 2654435761) >>> 24);
    expect(Buffer.from(inflate(deflateRawSync(big, { level: 0 }))).equals(Buffer.from(big))).toBe(true);
  });

  for (const stem of ['qt_classic', 'qt_csp_classic']) {
    const file = join(root, 'build-wasm', `${stem}.wasm`);
    it.skipIf(!existsSync(file))(`unpacks the real wasm (${stem}.wasm) at the bundler's settings`, () => {
      const wasm = readFileSync(file);
      for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED]) {
        for (const memLevel of [8, 9]) {
          const got = inflate(deflateRawSync(wasm, { level: 9, strategy, memLevel }));
          expect(Buffer.from(got).equals(wasm)).toBe(true);
        }
      }
    });
  }

  it('the wasm embedded in each dist file unpacks to a valid module', () => {
    for (const f of ['quadtree.js', 'quadtree.mjs', 'quadtree.csp.js', 'quadtree.csp.mjs']) {
      const text = readFileSync(join(root, 'dist', f), 'utf8');
      // the one long base64 string literal (names around it are minified)
      const packed = /["']([A-Za-z0-9+/=]{10000,})["']/.exec(text);
      expect(packed, f).not.toBeNull();
      const wasm = inflate(base64(packed[1]));
      expect(Buffer.from(wasm).equals(inflateRawSync(Buffer.from(packed[1], 'base64'))), f).toBe(true);
      expect(WebAssembly.validate(wasm), f).toBe(true);
    }
  });
});

describe('base64 (js/lib/inflate.js) against Buffer', () => {
  it('decodes every length 0..300 of seeded random bytes', () => {
    const r = rng(7);
    for (let n = 0; n <= 300; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, () => r.int(0, 255)));
      expect(Buffer.from(base64(bytes.toString('base64'))).equals(bytes), `length ${n}`).toBe(true);
    }
  });
});

describe('inflate on malformed input', () => {
  const good = deflateRawSync(Buffer.from('malformed input must throw, never loop; '.repeat(50)));

  it('throws on a reserved block type, a stored length mismatch, and every truncation', () => {
    expect(() => inflate([0b111])).toThrow(/invalid block type/);
    expect(() => inflate([1, 5, 0, 0, 0])).toThrow(/stored length mismatch/);
    expect(() => inflate([1, 5, 0, 0xfa, 0xff, 1, 2])).toThrow(/unexpected end/);
    expect(() => inflate([])).toThrow(/unexpected end/);
    for (let n = 0; n < good.length; n++) expect(() => inflate(good.subarray(0, n)), `first ${n} bytes`).toThrow(/inflate/);
  });

  it('throws on a copy from before the start of the output', () => {
    // fixed codes; length symbol 257 (7 bits 0000001), distance symbol 0 (distance 1) as the very
    // first symbol, so there is nothing to copy
    const bits = [1, 1, 0, /* 257 */ 0, 0, 0, 0, 0, 0, 1, /* distance 0 */ 0, 0, 0, 0, 0];
    const bytes = [0, 0];
    bits.forEach((b, i) => (bytes[i >> 3] |= b << (i & 7)));
    expect(() => inflate(bytes)).toThrow(/distance too far back/);
  });

  it('random and bit-flipped streams: throws or agrees with zlib, and always ends', () => {
    const r = rng(99);
    let threw = 0;
    for (let k = 0; k < 3000; k++) {
      let bytes;
      if (k % 2) {
        bytes = Buffer.from(good);
        for (let f = r.int(1, 4); f > 0; f--) bytes[r.int(0, bytes.length - 1)] ^= 1 << r.int(0, 7);
      } else {
        bytes = Buffer.from(Array.from({ length: r.int(1, 64) }, () => r.int(0, 255)));
      }
      let want = null;
      try {
        want = inflateRawSync(bytes);
      } catch {
        want = null;
      }
      let got = null;
      try {
        got = inflate(bytes);
      } catch (e) {
        expect(e.message).toMatch(/^inflate: /);
        threw++;
      }
      // whatever zlib accepts, this decodes the same (it may accept a little more: zlib also
      // rejects incomplete code sets, which never occur in what zlib itself writes)
      if (want) expect(got && Buffer.from(got).equals(want), `case ${k}`).toBe(true);
    }
    expect(threw).toBeGreaterThan(1000);
  });
});
