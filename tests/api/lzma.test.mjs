// The raw-LZMA decoder that unpacks the embedded wasm at load time (cpp/wasm/unlzma.cpp, run by
// js/src/wasm/lzma.js), against xz (the encoder the bundler uses): seeded inputs of several kinds
// through several literal/position settings and presets, the real wasm, the wasm inside each dist
// file (with the decoder embedded there), and malformed input, which must throw or stop, never
// loop or read out of bounds. And js/src/wasm/base64.js (atob and the table) against Buffer.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { base64, base64Table } from '../../js/src/wasm/base64.js';
import { unpack } from '../../js/src/wasm/lzma.js';
import { rng } from '../support/prng.mjs';
import { DIST_ENTRIES } from '../support/dist.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DECODER = readFileSync(join(root, 'build-wasm', 'unlzma.wasm'));
/** The decoder as the facade runs it (on base64 text); its bytes are a copy of its memory's. */
const unlzma = (src, size, lc, lp, pb) => unpack(DECODER, Buffer.from(src).toString('base64'), size, lc, lp, pb).slice();

const xz = (bytes, props) => execFileSync('xz', ['--format=raw', `--lzma1=${props}`, '-c'], { input: bytes });
const propsOf = (props) => Object.fromEntries(props.split(',').slice(1).map((kv) => kv.split('=')).map(([k, v]) => [k, +v]));
function roundTrip(bytes, props) {
  const { lc, lp, pb } = propsOf(props);
  return unlzma(xz(bytes, props), bytes.length, lc, lp, pb);
}

// Inputs of different character: incompressible, a small alphabet, words (many matches and
// repeated distances), runs (overlapping copies at distance 1), far repeats (long distances).
function sample(r) {
  const n = r.pick([1, 2, 3, 100, 1000, 5000, 70_000]) + r.int(0, 50);
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

const PROPS = ['preset=9e,lc=3,lp=0,pb=2', 'preset=9e,lc=0,lp=0,pb=0', 'preset=6,lc=4,lp=0,pb=4',
  'preset=1,lc=1,lp=2,pb=1', 'preset=9e,lc=0,lp=4,pb=3'];

describe('unlzma (js/src/wasm/lzma.js) against xz', () => {
  it('round-trips seeded inputs of five kinds at several presets and literal/position settings', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = rng(seed);
      const { kind, bytes } = sample(r);
      for (const props of [r.pick(PROPS), r.pick(PROPS)]) {
        const got = roundTrip(bytes, props);
        expect(got).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(got).equals(Buffer.from(bytes)), `seed ${seed} ${kind} ${props}`).toBe(true);
      }
    }
  });

  it('long runs, and long distances (the direct-bits and align path)', () => {
    const runs = new Uint8Array(300_000).fill(7);
    expect(Buffer.from(roundTrip(runs, PROPS[0])).equals(Buffer.from(runs))).toBe(true);
    const r = rng(5);
    const block = Uint8Array.from({ length: 200_000 }, () => r.int(0, 255));
    const far = new Uint8Array(600_000);
    far.set(block, 0); far.set(block, 250_000); far.set(block.subarray(0, 150_000), 450_000);
    expect(Buffer.from(roundTrip(far, PROPS[0])).equals(Buffer.from(far))).toBe(true);
  });

  for (const stem of ['qt_embind', 'qt_csp', 'qt_ts_embind', 'qt_ts_csp']) {
    const file = join(root, 'build-wasm', `${stem}.wasm`);
    it(`unpacks the real wasm (${stem}.wasm) at the bundler's settings`, () => {
      const wasm = readFileSync(file);
      for (const props of PROPS.slice(0, 2)) expect(Buffer.from(roundTrip(wasm, props)).equals(wasm)).toBe(true);
    });
  }

  it('the wasm embedded in each dist file unpacks to a valid module', () => {
    for (const { name: f, path } of DIST_ENTRIES) {
      const text = readFileSync(path, 'utf8');
      // the packed wasm, as js/scripts/bundle.mjs writes it: { text, size, lc, lp, pb }
      const packed = /text:["']([A-Za-z0-9+/=]{10000,})["'],size:(\d+),lc:(\d),lp:(\d),pb:(\d),decoder:["']([A-Za-z0-9+/=]+)["']/.exec(text);
      expect(packed, f).not.toBeNull();
      const [, b64, size, lc, lp, pb, decoder] = packed;
      const valid = WebAssembly.validate(unpack(base64(decoder), b64, +size, +lc, +lp, +pb));
      expect(valid, f).toBe(true);
    }
  });
});

describe('base64 (js/src/wasm/base64.js) against Buffer', () => {
  it('decodes every length 0..300 of seeded random bytes, with atob and with the table', () => {
    const r = rng(7);
    for (let n = 0; n <= 300; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, () => r.int(0, 255)));
      const text = bytes.toString('base64');
      expect(Buffer.from(base64(text)).equals(bytes), `length ${n}`).toBe(true);
      expect(Buffer.from(base64Table(text)).equals(bytes), `length ${n}, table`).toBe(true);
    }
  });

  it('the table skips what is not a digit', () => {
    expect([...base64Table('AQ\nID=\u00e9')]).toEqual([1, 2, 3]);
  });

  it('the decoder module decodes every length 0..300 in place, skipping what is not a digit', () => {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(DECODER), {});
    const heap = () => new Uint8Array(exports.memory.buffer);
    const at = exports.__heap_base.value;
    const r = rng(8);
    for (let n = 0; n <= 300; n++) {
      const bytes = Buffer.from(Array.from({ length: n }, () => r.int(0, 255)));
      const text = Buffer.from(`${bytes.toString('base64')}\n=*`, 'latin1');
      heap().set(text, at);
      const length = exports.base64(at, text.length, at);
      expect(Buffer.from(heap().subarray(at, at + length)).equals(bytes), `length ${n}`).toBe(true);
    }
  });
});

describe('unlzma on malformed input', () => {
  const text = Buffer.from('malformed input must throw or stop, never loop; '.repeat(60));
  const good = xz(text, PROPS[0]);

  it('throws on settings it cannot take', () => {
    expect(() => unlzma(good, text.length, 9, 0, 2)).toThrow(/^unlzma: bad lc, lp or pb/);
    expect(() => unlzma(good, text.length, 3, 5, 2)).toThrow(/^unlzma: bad lc, lp or pb/);
  });

  it('throws on a stream that does not start with 0, and on every truncation', () => {
    expect(() => unlzma([1, 0, 0, 0, 0, 0], 10, 3, 0, 2)).toThrow(/not an LZMA stream/);
    expect(() => unlzma([], 10, 3, 0, 2)).toThrow(/not an LZMA stream/);
    // The last few bytes of a stream (its end marker, the coder's flush) are not needed when the
    // size is known: a cut there may still give the whole output, but never a wrong one.
    let threw = 0;
    for (let n = 0; n < good.length; n++) {
      try {
        expect(Buffer.from(unlzma(good.subarray(0, n), text.length, 3, 0, 2)).equals(text), `first ${n} bytes`).toBe(true);
      } catch (e) {
        expect(e.message, `first ${n} bytes`).toMatch(/^unlzma: /);
        threw++;
      }
    }
    expect(threw).toBeGreaterThan(good.length - 16);
  });

  it('random and bit-flipped streams: throw, or return exactly the size asked for; always end', () => {
    const r = rng(99);
    let threw = 0;
    for (let k = 0; k < 3000; k++) {
      let bytes;
      if (k % 2) {
        bytes = Buffer.from(good);
        for (let f = r.int(1, 4); f > 0; f--) bytes[r.int(5, bytes.length - 1)] ^= 1 << r.int(0, 7);
      } else {
        bytes = Buffer.from([0, ...Array.from({ length: r.int(4, 64) }, () => r.int(0, 255))]);
      }
      try {
        expect(unlzma(bytes, text.length, 3, 0, 2).length).toBe(text.length);
      } catch (e) {
        expect(e.message).toMatch(/^unlzma: /);
        threw++;
      }
    }
    expect(threw).toBeGreaterThan(1000);
  });
});
