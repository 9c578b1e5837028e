// The one seeded PRNG of the tests and the benchmarks. mulberry32 itself is defined in
// bench/scene.mjs, because the benchmark also runs in a browser page that `npm start` serves
// from /bench/ (a module there cannot import from tests/); the tests, the fuzz seeds and the
// benchmarks all use that one function. rng() adds the helpers the test generators need.
import { mulberry32 } from '../../bench/scene.mjs';

export { mulberry32 };

/** A PRNG with the helpers the generators need. */
export function rng(seed) {
  const next = mulberry32(seed);
  const r = {
    seed,
    next,
    /** float in [a, b) */
    float: (a = 0, b = 1) => a + (b - a) * next(),
    /** integer in [a, b] */
    int: (a, b) => a + Math.floor(next() * (b - a + 1)),
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** picks a key of { key: weight } */
    weighted: (weights) => {
      const keys = Object.keys(weights);
      let total = 0;
      for (const k of keys) total += weights[k];
      let t = next() * total;
      for (const k of keys) {
        t -= weights[k];
        if (t < 0) return k;
      }
      return keys[keys.length - 1];
    },
    shuffle: (list) => {
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    },
  };
  return r;
}
