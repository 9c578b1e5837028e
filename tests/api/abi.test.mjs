// The contract between the wasm and the facade is written once, in cpp/base/abi.h: js/src/wasm/abi.js is
// generated from it, and must say what it says.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '../../js/scripts/abi.mjs';
import { CALLS, CORE_LETTERS, CORES, F64, I32, NO_MEMORY, STAGE_CAPACITY } from '../../js/src/wasm/abi.js';
import { ROOT } from '../support/dist.mjs';

const header = readFileSync(join(ROOT, 'cpp', 'base', 'abi.h'), 'utf8');

describe('js/src/wasm/abi.js', () => {
  it('is what js/scripts/abi.mjs generates from cpp/base/abi.h (run it after editing abi.h)', () => {
    expect(readFileSync(join(ROOT, 'js', 'src', 'wasm', 'abi.js'), 'utf8')).toBe(generate(header));
  });

  it('lists every call boundary.h declares, and nothing else', () => {
    const declared = [...readFileSync(join(ROOT, 'cpp', 'session', 'boundary.h'), 'utf8').matchAll(/^\w+ (session\w+)\(/gm)].map((m) => m[1]);
    expect(CALLS.map((n) => 'session' + n[0].toUpperCase() + n.slice(1)).sort()).toEqual([...new Set(declared)].sort());
  });

  it('gives the Reply one offset a field: doubles first, then int32s after them', () => {
    const doubles = Object.values(F64), ints = Object.values(I32);
    expect(doubles).toEqual(doubles.map((_, i) => i));
    expect(ints).toEqual(ints.map((_, i) => 2 * doubles.length + i));
    expect(new Set([...Object.keys(F64), ...Object.keys(I32)]).size).toBe(doubles.length + ints.length);
  });

  it('carries the constants as numbers', () => {
    expect(STAGE_CAPACITY).toBe(1024);
    expect(NO_MEMORY).toBe(-(2 ** 31));
  });

  it('names the cores once, and marks each call with their letters only', () => {
    expect(CORE_LETTERS).toEqual({ rects: 'R', ts: 'T', ts_plus: 'P', bulk: 'B', bulk_threads: 'H' });
    const letters = Object.values(CORE_LETTERS).join('');
    for (const name of CALLS) expect([...CORES[/** @type {keyof CORES} */ (name)]].every((c) => letters.includes(c))).toBe(true);
    expect(() => generate(header.replace('X(flush, sessionFlush, R)', 'X(flush, sessionFlush, RQ)'))).toThrow(/flush names no cores/);
    expect(() => generate(header.replace('X(ts, T)', 'X(ts, R)'))).toThrow(/QT_CORES/);
  });

  it('refuses a header whose call does not follow the naming rule', () => {
    expect(() => generate(header.replace('X(flush, sessionFlush, R)', 'X(flush, sessionFlushAll, R)'))).toThrow(/sessionFlushAll/);
    expect(() => generate(header.replace('X(flush, sessionFlush, R)', 'X(flush, sessionFlush)'))).toThrow(/flush names no cores/);
  });
});
