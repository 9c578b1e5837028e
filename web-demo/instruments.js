// Instruments: collision-step timings per engine (median over the last second), frames per
// second, and a live chart of step ms, candidates and pairs.

const WINDOW_MS = 1000;
const HISTORY = 240; // chart samples (frames)

function median(values) {
  if (values.length === 0) return NaN;
  const v = values.slice().sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

export function createInstruments(chartCanvas) {
  const timings = new Map(); // engine -> [{ t, ms }] of the last second
  const medians = new Map(); // engine -> { ms, count, bodies }: the last median seen (kept after a switch)
  const ticks = []; // animation-frame timestamps of the last second
  const chart = {
    ms: new Float64Array(HISTORY).fill(NaN),
    candidates: new Float64Array(HISTORY).fill(NaN),
    pairs: new Float64Array(HISTORY).fill(NaN),
    head: 0, // next slot
  };
  const ctx = chartCanvas.getContext('2d');

  function prune(list, now) {
    let i = 0;
    while (i < list.length && list[i].t < now - WINDOW_MS) i++;
    if (i) list.splice(0, i);
  }

  return {
    /** One simulated frame: its collision-step time and counts. */
    record(engine, bodies, result, now) {
      let list = timings.get(engine);
      if (!list) timings.set(engine, (list = []));
      list.push({ t: now, ms: result.ms });
      prune(list, now);
      const m = medians.get(engine);
      // a new body count starts a new measurement
      if (m && m.bodies !== bodies) list.splice(0, list.length - 1);
      medians.set(engine, { ms: median(list.map((s) => s.ms)), samples: list.length, bodies });
      const h = chart.head;
      chart.ms[h] = result.ms;
      chart.candidates[h] = result.candidates === null ? NaN : result.candidates;
      chart.pairs[h] = result.pairs;
      chart.head = (h + 1) % HISTORY;
    },

    /** An animation frame was shown (for FPS). */
    tick(now) {
      ticks.push({ t: now });
      prune(ticks, now);
    },

    fps(now) {
      prune(ticks, now);
      if (ticks.length < 2) return 0;
      return ((ticks.length - 1) * 1000) / (ticks[ticks.length - 1].t - ticks[0].t);
    },

    /** engine -> { ms, samples, bodies }: each engine's latest median of the collision step. */
    medians() {
      return Object.fromEntries(medians);
    },

    /** Forget the chart (a new scene). */
    clearChart() {
      chart.ms.fill(NaN);
      chart.candidates.fill(NaN);
      chart.pairs.fill(NaN);
      chart.head = 0;
    },

    drawChart() {
      const W = chartCanvas.width, H = chartCanvas.height;
      ctx.fillStyle = '#070a14';
      ctx.fillRect(0, 0, W, H);
      ctx.strokeStyle = '#1b2340';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let i = 1; i < 4; i++) {
        const y = Math.round(26 + ((H - 32) * i) / 4) + 0.5;
        ctx.moveTo(0, y);
        ctx.lineTo(W, y);
      }
      ctx.stroke();
      const series = [
        ['step ms', chart.ms, '#ffd166', 2],
        ['candidates', chart.candidates, '#4cc9f0', 0],
        ['pairs', chart.pairs, '#ff5fa2', 0],
      ];
      ctx.font = '13px ui-monospace, Menlo, Consolas, monospace';
      let legendX = 8;
      for (const [name, data, colour, digits] of series) {
        // scale to the 95th percentile, so one slow frame (a rebuild, a GC) does not flatten the
        // rest; taller values are clipped at the top
        const seen = [];
        for (let i = 0; i < HISTORY; i++) if (data[i] === data[i]) seen.push(data[i]);
        seen.sort((a, b) => a - b);
        const peak = seen.length ? seen[seen.length - 1] : 0;
        const max = seen.length ? Math.max(seen[Math.floor(0.95 * (seen.length - 1))] * 1.25, 1e-9) : 0;
        const latest = data[(chart.head + HISTORY - 1) % HISTORY];
        const top = 26, span = H - 32;
        ctx.beginPath();
        let pen = false;
        for (let i = 0; i < HISTORY; i++) {
          const v = data[(chart.head + i) % HISTORY];
          if (!(v === v) || max === 0) { pen = false; continue; }
          const x = (i / (HISTORY - 1)) * W, y = top + span - Math.min(1, v / max) * span;
          if (pen) ctx.lineTo(x, y); else ctx.moveTo(x, y);
          pen = true;
        }
        ctx.strokeStyle = colour;
        ctx.lineWidth = 2;
        ctx.stroke();
        const text = `${name} ${latest === latest ? latest.toFixed(digits) : '–'} (peak ${peak.toFixed(digits)})`;
        ctx.fillStyle = colour;
        ctx.fillText(text, legendX, 16);
        legendX += ctx.measureText(text).width + 18;
      }
    },
  };
}
