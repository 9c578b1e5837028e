// Generates js/src/wasm/abi.js from cpp/base/abi.h, the one definition of the contract between the wasm and
// the facade: the cores, the calls the wasm exports, the shared constants, the Reply's field offsets and the
// walk row's fields.
// Usage: node js/scripts/abi.mjs [--check]  (--check: exit 1 if js/src/wasm/abi.js is not current)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const header = join(root, 'cpp', 'base', 'abi.h');
const target = join(root, 'js', 'src', 'wasm', 'abi.js');

// The entries of one X-macro list: `#define NAME(X)` and its continuation lines, each `X(a, b)`.
function list(text, name) {
  const start = text.indexOf(`#define ${name}(X)`);
  if (start < 0) throw new Error(`cpp/base/abi.h: no #define ${name}(X)`);
  const lines = [];
  for (const line of text.slice(start).split('\n')) {
    lines.push(line);
    if (!line.trimEnd().endsWith('\\')) break;
  }
  const entries = [...lines.slice(1).join('\n').replace(/\/\*.*?\*\//g, '').matchAll(/X\(([^()]*(?:\([^()]*\))?[^()]*)\)/g)]
    .map((m) => m[1].split(',').map((part) => part.trim()));
  if (entries.length === 0) throw new Error(`cpp/base/abi.h: ${name} has no entries`);
  return entries;
}

export function generate(text = readFileSync(header, 'utf8')) {
  const cores = list(text, 'QT_CORES');
  const letters = cores.map(([, letter]) => letter);
  if (!cores.every(([name, letter]) => /^[a-z_]+$/.test(name) && /^[A-Z]$/.test(letter ?? '')) || new Set(letters).size !== letters.length) {
    throw new Error('cpp/base/abi.h: QT_CORES should list X(name, letter), a capital letter each, no letter twice');
  }
  const calls = list(text, 'QT_CALLS');
  for (const [js, c, marks] of calls) {
    if (c !== 'session' + js[0].toUpperCase() + js.slice(1)) throw new Error(`cpp/base/abi.h: ${c} should be named session + ${js} capitalized`);
    if (!marks || [...marks].some((m, i) => !letters.includes(m) || marks.indexOf(m) !== i)) {
      throw new Error(`cpp/base/abi.h: ${js} names no cores (letters of QT_CORES: ${letters.join(', ')})`);
    }
  }
  const constants = list(text, 'QT_CONSTANTS');
  const doubles = list(text, 'QT_REPLY_DOUBLES').map(([n]) => n);
  const ints = list(text, 'QT_REPLY_INTS').map(([n]) => n);
  const walk = list(text, 'QT_WALK_ROW').map(([n]) => n);
  const listHeader = list(text, 'QT_LIST_HEADER').map(([n]) => n);
  // kStageCapacity -> STAGE_CAPACITY
  const jsName = (k) => k.replace(/^k/, '').replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  const object = (names, base) => `{\n${names.map((n, i) => `  ${n}: ${base + i},`).join('\n')}\n}`;
  return `// Generated from cpp/base/abi.h by js/scripts/abi.mjs: edit that file, not this one (a test checks
// that this one is current).

/** The wasm's calls by their JavaScript names: embind registers these, the CSP build exports
 * the C functions, named session + the name capitalized (sessionCreate as _sessionCreate). */
export const CALLS = [
${calls.map(([js]) => `  '${js}',`).join('\n')}
];

/** The cores the dist files carry, by name: each one's letter (QT_CORES). */
export const CORE_LETTERS = {
${cores.map(([name, letter]) => `  ${name}: '${letter}',`).join('\n')}
};

/** The cores that have each call, as their letters (CORE_LETTERS). */
export const CORES = {
${calls.map(([js, , marks]) => `  ${js}: '${marks}',`).join('\n')}
};

${constants.map(([k, v]) => `export const ${jsName(k)} = ${Function(`return ${v}`)()};`).join('\n')}

/** The Reply's doubles: indexes into HEAPF64 from the reply's address / 8. */
export const F64 = ${object(doubles, 0)};

/** The Reply's int32s: indexes into HEAP32 from the reply's address / 4. */
export const I32 = ${object(ints, 2 * doubles.length)};

/** nodeWalk()'s row: each field's place among a node's numbers (HEAPF64), and their count. */
export const ${walk.map((n, i) => `WALK_${n.toUpperCase()} = ${i}`).join(', ')};
export const WALK_ROW = ${walk.length};

/** tsLists()'s answer (HEAP32 from the reply's results): per node in pre-order, a header (each
 * field's place in it, and its length), then the node's list of ids. */
export const ${listHeader.map((n, i) => `LIST_${n.toUpperCase()} = ${i}`).join(', ')};
export const LIST_HEADER = ${listHeader.length};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = generate();
  if (process.argv.includes('--check')) {
    let current = '';
    try { current = readFileSync(target, 'utf8'); } catch { /* no file: not current */ }
    if (current !== text) {
      console.error('js/src/wasm/abi.js is not current: run node js/scripts/abi.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(target, text);
  }
}
