// Hand-written SVG line charts of the frame workloads (w1.svg: W1, w2.svg: W2): median ms per
// frame against N, log-log, one line per engine, with a legend. No dependencies; each returns
// the SVG as a string.

// Fixed colours per engine id, so a filtered run (--only) keeps each engine's colour.
const COLORS = {
  'quadtree-wasm-l4': '#d62728', 'quadtree-wasm-l8': '#ff7f0e', 'quadtree-js-l4': '#1f77b4',
  'quadtree-js-l8': '#17becf', 'quadtree-ts': '#9467bd', rbush: '#2ca02c', flatbush: '#8c564b',
  'd3-quadtree': '#e377c2', 'brute-force': '#7f7f7f',
  // W2's quadtree-wasm pairs() paths and detect-collisions
  'quadtree-wasm-pairs-l10': '#a50f15', 'quadtree-wasm-pairs-l8': '#fd8d3c', 'quadtree-wasm-linear': '#e7298a',
  'quadtree-wasm-rebuild-l10': '#fcbba1', 'quadtree-wasm-linear-rebuild': '#c994c7', 'detect-collisions': '#bcbd22',
  // the default-constructed Quadtree's and the tutorial QuadTree's pairs() paths
  'quadtree-wasm-pairs-default': '#67000d', 'tutorial-wasm-pairs': '#54278f',
};
const SPARE = ['#393b79', '#637939', '#843c39', '#17becf'];

function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function label(v) {
  if (v >= 1000) return (v / 1000).toLocaleString('en-US') + 'k';
  return String(Number(v.toPrecision(3)));
}

/** W1's chart (bench/results/w1.svg). */
export function w1Svg(results, { title = 'W1 game loop: ms per frame (median) vs N' } = {}) {
  return framesSvg(results, title);
}

/** W2's chart (bench/results/w2.svg). */
export function w2Svg(results, { title = 'W2 all colliding pairs: ms per frame (median) vs N' } = {}) {
  return framesSvg(results, title);
}

function framesSvg(results, title) {
  const ok = results.filter((r) => r.status === 'ok' && r.median > 0);
  const engines = [];
  for (const r of results) if (!engines.some((e) => e.engine === r.engine)) engines.push({ engine: r.engine, name: r.name });
  // the legend's column grows with the longest name (about 6.6 px per character at 12 px)
  const longest = Math.max(0, ...engines.map((e) => e.name.length + 2));
  const left = 70, right = Math.max(210, Math.ceil(60 + 6.6 * longest)), top = 40, bottom = 56;
  const W = left + 480 + right, H = Math.max(460, top + 8 + engines.length * 20 + 30 + bottom);
  const pw = W - left - right, ph = H - top - bottom;
  const ns = [...new Set(results.map((r) => r.n))].sort((a, b) => a - b);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ` +
    `font-family="system-ui, sans-serif" font-size="12">`,
  `<rect width="${W}" height="${H}" fill="#fff"/>`,
  `<text x="${left}" y="24" font-size="15" font-weight="bold">${esc(title)}</text>`];
  if (ok.length === 0 || ns.length === 0) {
    out.push(`<text x="${left}" y="${top + 20}">no measured frames</text>`, '</svg>');
    return out.join('\n');
  }
  // x: log N, with a little margin when one N only
  let x0 = Math.log10(ns[0]), x1 = Math.log10(ns[ns.length - 1]);
  if (x1 - x0 < 0.5) { x0 -= 0.25; x1 += 0.25; }
  const padX = (x1 - x0) * 0.05;
  x0 -= padX; x1 += padX;
  // y: whole decades around the data
  const ys = ok.flatMap((r) => [r.median]);
  const y0 = Math.floor(Math.log10(Math.min(...ys))), y1 = Math.ceil(Math.log10(Math.max(...ys)));
  const Y1 = y1 === y0 ? y0 + 1 : y1;
  const px = (n) => left + ((Math.log10(n) - x0) / (x1 - x0)) * pw;
  const py = (v) => top + ph - ((Math.log10(v) - y0) / (Y1 - y0)) * ph;

  // grid and axes
  for (let d = y0; d <= Y1; d++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** d;
      if (Math.log10(v) > Y1 + 1e-9) continue;
      const y = py(v).toFixed(1);
      out.push(`<line x1="${left}" y1="${y}" x2="${left + pw}" y2="${y}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`);
      if (m === 1 || Y1 - y0 <= 2) out.push(`<text x="${left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${label(v)}</text>`);
    }
  }
  for (const n of ns) {
    const x = px(n).toFixed(1);
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + ph}" stroke="#ddd"/>`);
    out.push(`<text x="${x}" y="${top + ph + 18}" text-anchor="middle">${label(n)}</text>`);
  }
  out.push(`<rect x="${left}" y="${top}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`);
  out.push(`<text x="${left + pw / 2}" y="${H - 14}" text-anchor="middle">N (objects, log scale)</text>`);
  out.push(`<text transform="translate(18 ${top + ph / 2}) rotate(-90)" text-anchor="middle">ms per frame (log scale)</text>`);

  // one line per engine, legend on the right
  engines.forEach((e, i) => {
    const color = COLORS[e.engine] || SPARE[i % SPARE.length];
    const k = Object.keys(COLORS).indexOf(e.engine);
    const dash = e.engine.startsWith('quadtree-wasm')
      ? (e.engine.includes('rebuild') ? ' stroke-dasharray="2 3"' : '') // W2's rebuild paths dotted
      : (k < 0 ? i : k) % 2 ? ' stroke-dasharray="6 3"' : '';
    const pts = ok.filter((r) => r.engine === e.engine).sort((a, b) => a.n - b.n);
    if (pts.length > 1) {
      const d = pts.map((r, k) => `${k ? 'L' : 'M'}${px(r.n).toFixed(1)} ${py(r.median).toFixed(1)}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${e.engine.startsWith('quadtree-wasm') ? 3 : 2}"${dash}/>`);
    }
    for (const r of pts) {
      out.push(`<circle cx="${px(r.n).toFixed(1)}" cy="${py(r.median).toFixed(1)}" r="3.5" fill="${color}">` +
        `<title>${esc(r.name)}, N=${r.n}: ${r.median.toFixed(2)} ms</title></circle>`);
    }
    const ly = top + 8 + i * 20;
    const skipped = results.some((r) => r.engine === e.engine && r.status !== 'ok');
    out.push(`<line x1="${left + pw + 14}" y1="${ly}" x2="${left + pw + 40}" y2="${ly}" stroke="${color}" stroke-width="3"${dash}/>`);
    out.push(`<text x="${left + pw + 46}" y="${ly}" dominant-baseline="middle">${esc(e.name)}${skipped ? ' *' : ''}</text>`);
  });
  if (results.some((r) => r.status !== 'ok')) {
    out.push(`<text x="${left + pw + 14}" y="${top + 8 + engines.length * 20 + 6}" font-size="11" fill="#555">* skipped at some N</text>`);
  }
  out.push('</svg>');
  return out.join('\n');
}
