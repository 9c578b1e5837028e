// Markdown tables of a suite's results (shared by run.mjs and the browser page).

const BASELINE_FAMILY = 'quadtree-wasm';

function ms(v) {
  if (!Number.isFinite(v)) return '';
  if (v >= 100) return v.toFixed(0);
  if (v >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

function us(v) {
  if (!Number.isFinite(v)) return '';
  if (v >= 100) return v.toFixed(0);
  if (v >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

function ratio(v, base) {
  if (!Number.isFinite(v) || !Number.isFinite(base) || base <= 0) return '—';
  const r = v / base;
  return (r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(1) : r.toFixed(2)) + '×';
}

const int = (v) => Math.round(v).toLocaleString('en-US');

function table(head, rows) {
  const lines = ['| ' + head.join(' | ') + ' |', '|' + head.map((h, i) => (i === 0 ? '---' : '---:')).join('|') + '|'];
  for (const r of rows) lines.push('| ' + r.join(' | ') + ' |');
  return lines.join('\n');
}

/** The quadtree-wasm rows at each N (the ratio columns' references), in engine order. */
function baselines(results) {
  const seen = new Map();
  for (const r of results) {
    if (r.engine.startsWith(BASELINE_FAMILY) && !seen.has(r.engine)) seen.set(r.engine, r.name);
  }
  return [...seen.entries()].map(([engine, name]) => ({ engine, name }));
}

function find(results, engine, n) {
  return results.find((r) => r.engine === engine && r.n === n);
}

/**
 * W1: engine, N, pairs per frame, median/min/max ms per frame, frames measured, and the ratio of
 * the median to each quadtree-wasm configuration's median at the same N (>1: slower).
 */
export function w1Table(results) {
  const refs = baselines(results);
  const head = ['engine', 'N', 'pairs/frame', 'median ms', 'min ms', 'max ms', 'frames',
    ...refs.map((b) => `× ${b.name}`)];
  const rows = results.map((r) => {
    const pairs = r.counts.length ? int(r.counts[r.counts.length - 1]) : '';
    if (r.status !== 'ok') {
      const why = r.reason && r.reason.startsWith('too slow') ? 'skipped (too slow)' : 'skipped';
      return [r.name, int(r.n), pairs, why, '', '', '', ...refs.map(() => '—')];
    }
    return [r.name, int(r.n), pairs, ms(r.median), ms(r.min), ms(r.max), String(r.samples),
      ...refs.map((b) => ratio(r.median, find(results, b.engine, r.n)?.median))];
  });
  return table(head, rows);
}

/** W3: µs per query (median pass) for one window kind, with hits per query and build time. */
export function w3Table(results, kind) {
  const refs = baselines(results);
  const head = ['engine', 'N', 'build ms', 'queries', 'hits/query', 'median µs/query', 'min µs/query',
    ...refs.map((b) => `× ${b.name}`)];
  const rows = results.map((r) => {
    const k = r[kind];
    return [r.name, int(r.n), ms(r.buildMs), int(k.queries), k.hitsPerQuery.toFixed(1), us(k.usPerQuery),
      us(k.minUsPerQuery), ...refs.map((b) => ratio(k.usPerQuery, find(results, b.engine, r.n)?.[kind].usPerQuery))];
  });
  return table(head, rows);
}

/** Skipped engines and why, one line each. */
export function skippedNotes(results) {
  return results.filter((r) => r.status !== 'ok').map((r) => `- ${r.name} at N=${int(r.n)}: ${r.reason}`);
}
