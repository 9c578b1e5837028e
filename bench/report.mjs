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

/** The quadtree-wasm drop-in rows (W1/W3's ratio columns' references), in engine order. */
function baselines(results) {
  const seen = new Map();
  for (const r of results) {
    if (r.engine.startsWith(BASELINE_FAMILY) && !r.path && !seen.has(r.engine)) seen.set(r.engine, r.name);
  }
  return [...seen.entries()].map(([engine, name]) => ({ engine, name }));
}

/** The quadtree-wasm pairs() rows (W2's ratio columns' references), in engine order. */
function pairsBaselines(results) {
  const seen = new Map();
  for (const r of results) if (r.path && !seen.has(r.engine)) seen.set(r.engine, `${r.path} ${r.tree}`);
  return [...seen.entries()].map(([engine, name]) => ({ engine, name }));
}

function find(results, engine, n) {
  return results.find((r) => r.engine === engine && r.n === n);
}

/**
 * A frame workload's table: engine, N, pairs per frame, median/min/max ms per frame, frames
 * measured, and the ratio of the median to each reference engine's median at the same N.
 */
function framesTable(results, refs) {
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

/** W1: ratios to each quadtree-wasm drop-in configuration (>1: slower). */
export function w1Table(results) {
  return framesTable(results, baselines(results));
}

/** W2: ratios to each quadtree-wasm pairs() path measured in the same run (>1: slower). */
export function w2Table(results) {
  return framesTable(results, pairsBaselines(results));
}

/**
 * W2's targets: per N, each quadtree-wasm refresh path's median, split into refresh() and
 * pairs(), and how many times faster it is than each named peer's median in the same run,
 * against the issue's targets (`targets`: engine id -> ratio).
 */
export function w2Summary(results, { targets = { 'quadtree-js-l4': 100, flatbush: 20 } } = {}) {
  const peers = Object.entries(targets).map(([engine, k]) => ({
    engine, k, name: results.find((r) => r.engine === engine)?.name ?? engine,
  }));
  const head = ['path', 'N', 'median ms', 'refresh() ms', 'pairs() ms',
    ...peers.flatMap((p) => [`${p.name} ÷ this`, `≥ ${p.k}×?`])];
  const rows = results.filter((r) => r.path === 'refresh' && r.status === 'ok').map((r) => [
    r.tree, int(r.n), ms(r.median), r.update ? ms(r.update.median) : '', r.pairs ? ms(r.pairs.median) : '',
    ...peers.flatMap((p) => {
      const peer = results.find((q) => q.engine === p.engine && q.n === r.n && q.status === 'ok');
      if (!peer) return ['—', '—'];
      return [ratio(peer.median, r.median), peer.median / r.median >= p.k ? 'yes' : 'no'];
    })]);
  return table(head, rows);
}

/**
 * W4: every row, without ratio columns (w4Summary has them), plus the median of each phase for
 * the quadtree-wasm engines: the update (refresh(), or clear() + insert(all)) and pairs().
 */
export function w4Table(results) {
  const head = ['engine', 'N', 'pairs/frame', 'median ms', 'min ms', 'max ms', 'frames', 'update median ms', 'pairs() median ms'];
  const rows = results.map((r) => {
    const pairs = r.counts.length ? int(r.counts[r.counts.length - 1]) : '';
    if (r.status !== 'ok') return [r.name, int(r.n), pairs, 'skipped', '', '', '', '', ''];
    return [r.name, int(r.n), pairs, ms(r.median), ms(r.min), ms(r.max), String(r.samples),
      r.update ? ms(r.update.median) : '', r.pairs ? ms(r.pairs.median) : ''];
  });
  return table(head, rows);
}

/**
 * W4's comparison: per N and tree, the refresh path's and the rebuild path's median (and min)
 * ms per frame, and rebuild / refresh (how many times cheaper refresh is). `target` is the
 * ratio the refresh path should reach.
 */
export function w4Summary(results, { target = 5 } = {}) {
  const head = ['tree', 'N', 'refresh+pairs median ms', 'rebuild+pairs median ms', 'rebuild ÷ refresh (median)',
    'rebuild ÷ refresh (min)', `≥ ${target}×?`];
  const rows = [];
  const ns = [...new Set(results.map((r) => r.n))];
  const trees = [...new Set(results.filter((r) => r.tree).map((r) => r.tree))];
  for (const tree of trees) {
    for (const n of ns) {
      const a = results.find((r) => r.tree === tree && r.n === n && r.path === 'refresh' && r.status === 'ok');
      const b = results.find((r) => r.tree === tree && r.n === n && r.path === 'rebuild' && r.status === 'ok');
      if (!a || !b) continue;
      const k = b.median / a.median;
      rows.push([`quadtree-wasm ${tree}`, int(n), ms(a.median), ms(b.median), ratio(b.median, a.median),
        ratio(b.min, a.min), k >= target ? 'yes' : 'no']);
    }
  }
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
  return results.filter((r) => r.status !== 'ok')
    .map((r) => `- ${r.workload ? r.workload.toUpperCase() + ' ' : ''}${r.name} at N=${int(r.n)}: ${r.reason}`);
}

/**
 * W5's tables: the tutorial loop ('w5') and the 10 %-moving frames ('w5r'), every row with the
 * median of each phase: the update (clear() + insert(all), or refresh()) and the findObjects loop.
 * The loop's ratio column divides by quadtree-wasm QuadTree's median at the same N.
 */
export function w5Table(results, workload) {
  const rows = results.filter((r) => r.workload === workload);
  const refs = workload === 'w5'
    ? [...new Map(rows.filter((r) => r.engine.startsWith('tutorial-wasm')).map((r) => [r.engine, r.name])).entries()]
    : [];
  const head = ['engine', 'N', 'pairs/frame', 'median ms', 'min ms', 'max ms', 'frames',
    workload === 'w5' ? 'clear+insert median ms' : 'update median ms', 'findObjects loop median ms',
    ...refs.map(([, name]) => `× ${name}`)];
  return table(head, rows.map((r) => {
    const pairs = r.counts.length ? int(r.counts[r.counts.length - 1]) : '';
    if (r.status !== 'ok') return [r.name, int(r.n), pairs, 'skipped', '', '', '', '', '', ...refs.map(() => '—')];
    return [r.name, int(r.n), pairs, ms(r.median), ms(r.min), ms(r.max), String(r.samples),
      r.update ? ms(r.update.median) : '', r.pairs ? ms(r.pairs.median) : '',
      ...refs.map(([engine]) => ratio(r.median, find(rows, engine, r.n)?.median))];
  }));
}

/**
 * W5 against the targets, per N: the tutorial loop on the reference ÷ on quadtree-wasm
 * (target ≥ `target`× at 10,000), and per tree clear()+insert() ÷ refresh() with 10 % moving, on
 * the update phase alone (target ≥ `target`×) and on the whole frame.
 */
export function w5Summary(results, { target = 3 } = {}) {
  const ok = (workload, pred) => results.filter((r) => r.workload === workload && r.status === 'ok' && pred(r));
  const ns = [...new Set(results.map((r) => r.n))];
  const loop = [];
  for (const wasm of ok('w5', (r) => r.engine.startsWith('tutorial-wasm'))) {
    const ref = ok('w5', (r) => r.engine === 'tutorial-reference' && r.n === wasm.n)[0];
    if (!ref) continue;
    loop.push([wasm.name, int(wasm.n), ms(wasm.median), ms(ref.median), ratio(ref.median, wasm.median),
      ratio(ref.min, wasm.min), ref.median / wasm.median >= target ? 'yes' : 'no']);
  }
  const moved = [];
  for (const tree of [...new Set(ok('w5r', (r) => r.path).map((r) => r.tree))]) {
    for (const n of ns) {
      const a = ok('w5r', (r) => r.tree === tree && r.n === n && r.path === 'refresh')[0];
      const b = ok('w5r', (r) => r.tree === tree && r.n === n && r.path === 'rebuild')[0];
      if (!a || !b || !a.update || !b.update) continue;
      const k = b.update.median / a.update.median;
      moved.push([tree, int(n), ms(a.update.median), ms(b.update.median), ratio(b.update.median, a.update.median),
        ratio(b.update.min, a.update.min), ratio(b.median, a.median), k >= target ? 'yes' : 'no']);
    }
  }
  return [
    table(['tutorial loop', 'N', 'median ms', 'ReferenceQuadTree median ms', 'reference ÷ this (median)',
      'reference ÷ this (min)', `≥ ${target}×?`], loop),
    '',
    table(['tree (10 % moving)', 'N', 'refresh() median ms', 'clear()+insert() median ms', 'rebuild ÷ refresh (median)',
      'rebuild ÷ refresh (min)', 'whole frame, rebuild ÷ refresh', `≥ ${target}×?`], moved),
  ].join('\n');
}
