// What latest.json keeps of a run: every result with each measured sample's time (the source of
// its median), but not every frame's pair count (the run checks them across engines and `checks`
// records that) nor each frame's phase times (their summaries, `update` and `pairs`, stay). A
// sample list is written on one line: a run has a few hundred results and up to 300 samples each.

const PER_FRAME = ['counts', 'updateTimes', 'pairsTimes'];

/** The file's text for `run`: { mode, …, w1, w2, w3, w4, w5, w6, checks }. */
export function resultsJson(run) {
  const kept = { ...run };
  for (const w of ['w1', 'w2', 'w4', 'w5', 'w6']) {
    if (!kept[w]) continue;
    kept[w] = kept[w].map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !PER_FRAME.includes(k))));
  }
  // A list of numbers only, spread over lines by the indentation, onto one line.
  return JSON.stringify(kept, null, 1).replace(/\[\s*\n[\s\d.,eE+-]*\]/g, (list) => list.replace(/\s+/g, ' ').replace('[ ', '[').replace(' ]', ']')) + '\n';
}
