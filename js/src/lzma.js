// A raw LZMA (LZMA1, as `xz --format=raw --lzma1=...` writes it) decoder. The dist files embed the
// wasm LZMA-compressed: about 20 % smaller than deflate on wasm, and base64 of compressed bytes
// gzips to about the compressed size. It unpacks at load time, synchronously, so `new Quadtree`
// still works right after the script tag. Small rather than fast: it runs once, on about 22 KB.
// `src`: the compressed bytes; `size`: the decoded length (known to the bundler, so the stream's
// end marker, if any, is not needed); lc, lp, pb: the stream's literal and position bits. Returns
// a Uint8Array. Malformed input throws: reading past the input's end or copying from before the
// output's start fails, and every step writes output, so nothing spins forever.
/** @param {ArrayLike<number>} src @param {number} size @param {number} lc @param {number} lp @param {number} pb */
export function unlzma(src, size, lc, lp, pb) {
  var out = new Uint8Array(size), pos = 0, at = 5, range = 0xffffffff, code = 0;
  // Probabilities, 11 bits each, all starting at one half; where each model's block begins:
  var IS_MATCH = 0, IS_REP = 192, IS_REP_G0 = 204, IS_REP_G1 = 216, IS_REP_G2 = 228,
    IS_REP0_LONG = 240, SLOT = 432, SPEC = 688, ALIGN = 802, LEN = 818, REP_LEN = 1332,
    LITERAL = 1846;
  var probs = new Uint16Array(LITERAL + (0x300 << (lc + lp))).fill(1024);
  var state = 0, rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0, len, dist, direct, i, n, /** @type {number} */ bit, slot;

  /** @param {string} why @returns {never} */
  function fail(why) {
    throw new Error('unlzma: ' + why);
  }
  function next() {
    if (at >= src.length) fail('unexpected end of data');
    return src[at++];
  }
  if (src.length < 5 || src[0] !== 0) fail('not an LZMA stream');
  for (i = 1; i < 5; i++) code = (code << 8 | src[i]) >>> 0;

  // The range coder: one bit with the adaptive probability probs[p].
  /** @param {number} p */
  function decode(p) {
    var prob = probs[p], bound = (range >>> 11) * prob >>> 0;
    if (code < bound) {
      range = bound;
      probs[p] = prob + ((2048 - prob) >> 5);
      bit = 0;
    } else {
      range = range - bound >>> 0;
      code = code - bound >>> 0;
      probs[p] = prob - (prob >> 5);
      bit = 1;
    }
    if (range < 0x1000000) {
      if (at >= src.length) fail('unexpected end of data');
      range = range << 8 >>> 0;
      code = (code << 8 | src[at++]) >>> 0;
    }
    return bit;
  }
  // A symbol of `bits` bits from a binary tree of probabilities at `p`, most significant first.
  /** @param {number} p @param {number} bits */
  function tree(p, bits) {
    for (var m = 1, k = 0; k < bits; k++) m = m << 1 | decode(p + m);
    return m - (1 << bits);
  }
  // The same, least significant bit first.
  /** @param {number} p @param {number} bits */
  function reverse(p, bits) {
    for (var m = 1, sym = 0, k = 0; k < bits; k++) {
      m = m << 1 | decode(p + m);
      sym |= bit << k;
    }
    return sym;
  }
  // A match length minus 2: 3 bits by position state, 3 more, or 8 bits.
  /** @param {number} p @param {number} posState */
  function length(p, posState) {
    if (!decode(p)) return tree(p + 2 + (posState << 3), 3);
    if (!decode(p + 1)) return 8 + tree(p + 130 + (posState << 3), 3);
    return 16 + tree(p + 258, 8);
  }

  while (pos < size) {
    var posState = pos & ((1 << pb) - 1);
    if (!decode(IS_MATCH + (state << 4) + posState)) {
      // A literal, coded by the previous byte's top bits (and, after a match, the byte the match
      // would have given: its bits steer the probabilities until one differs).
      var prev = pos ? out[pos - 1] : 0;
      var base = LITERAL + 0x300 * (((pos & ((1 << lp) - 1)) << lc) + (prev >> (8 - lc)));
      var sym = 1;
      if (state >= 7) {
        if (rep0 >= pos) fail('distance before the start');
        var match = out[pos - rep0 - 1];
        do {
          var matchBit = match >> 7 & 1;
          match <<= 1;
          sym = sym << 1 | decode(base + ((1 + matchBit) << 8) + sym);
          // @ts-expect-error TS2454: decode() just set `bit`; tsc does not follow the closure.
        } while (sym < 0x100 && matchBit === bit);
      }
      while (sym < 0x100) sym = sym << 1 | decode(base + sym);
      out[pos++] = sym;
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    if (!decode(IS_REP + state)) {
      // A new match: length, then distance (a 6-bit slot, then its low bits).
      rep3 = rep2; rep2 = rep1; rep1 = rep0;
      len = length(LEN, posState);
      state = state < 7 ? 7 : 10;
      slot = tree(SLOT + (Math.min(len, 3) << 6), 6);
      if (slot < 4) {
        dist = slot;
      } else {
        n = (slot >> 1) - 1;
        dist = (2 | slot & 1) << n;
        if (slot < 14) {
          dist += reverse(SPEC + dist - slot, n);
        } else {
          for (direct = 0, i = n - 4; i > 0; i--) {  // direct bits, then 4 through the align model
            range >>>= 1;
            bit = code >= range ? 1 : 0;
            if (bit) code = code - range >>> 0;
            direct = (direct << 1 | bit) >>> 0;
            if (range < 0x1000000) {
              range = range << 8 >>> 0;
              code = (code << 8 | next()) >>> 0;
            }
          }
          dist = dist + (direct << 4 >>> 0) + reverse(ALIGN, 4) >>> 0;
        }
      }
      if (dist === 0xffffffff) break;  // the end marker
      rep0 = dist;
    } else {
      // A repeat of one of the last four distances (or, shortest, one byte from the last).
      if (!decode(IS_REP_G0 + state)) {
        if (!decode(IS_REP0_LONG + (state << 4) + posState)) {
          if (rep0 >= pos) fail('distance before the start');
          out[pos] = out[pos - rep0 - 1];
          pos++;
          state = state < 7 ? 9 : 11;
          continue;
        }
      } else {
        if (!decode(IS_REP_G1 + state)) {
          dist = rep1;
        } else {
          if (!decode(IS_REP_G2 + state)) {
            dist = rep2;
          } else {
            dist = rep3;
            rep3 = rep2;
          }
          rep2 = rep1;
        }
        rep1 = rep0;
        rep0 = dist;
      }
      len = length(REP_LEN, posState);
      state = state < 7 ? 8 : 11;
    }
    if (rep0 >= pos) fail('distance before the start');
    for (len += 2; len > 0 && pos < size; len--, pos++) out[pos] = out[pos - rep0 - 1];
  }
  if (pos < size) fail('stream ended early');
  return out;
}
