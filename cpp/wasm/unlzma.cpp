// The raw LZMA decoder (LZMA1, as `xz --format=raw --lzma1=...` writes it) that unpacks the
// embedded core at load time (js/src/wasm/lzma.js runs it). A module of its own, with no imports and
// no libc: about 6 KB of wasm that starts at once and decodes the core in a few milliseconds,
// where the same decoder in JavaScript took most of a 40 ms start (bench/README.md, start-up).
// base64(text, length, out) decodes `length` characters of base64 at `text` into bytes at `out`
// (it may be `text`: it writes behind where it reads) and returns how many; it skips '=' and
// anything else that is not a digit.
// unlzma(src, length, out, size, probs, lc, lp, pb) decodes `length` bytes at `src` into `size`
// bytes at `out` (the size is known, so the stream's end marker is not needed), with `probs` room
// for kLiteral + 0x300 << (lc + lp) uint16s. Returns 0, or why it stopped: kNotLzma,
// kTruncated (it read past the input), kBadDistance (a copy from before the output's start),
// kEndedEarly (the end marker before `size` bytes). Every step writes output or stops, and every
// read and write is checked, so malformed input ends and touches nothing outside its buffers.
#include <stdint.h>

namespace {

enum Stop : int32_t { kDone = 0, kNotLzma = 1, kTruncated = 2, kBadDistance = 3, kEndedEarly = 4 };
// Where each model's probabilities begin.
enum : int32_t {
  kIsMatch = 0, kIsRep = 192, kIsRepG0 = 204, kIsRepG1 = 216, kIsRepG2 = 228, kIsRep0Long = 240,
  kSlot = 432, kSpec = 688, kAlign = 802, kLen = 818, kRepLen = 1332, kLiteral = 1846
};

// The range coder over the input, with its adaptive 11-bit probabilities.
struct Coder {
  const uint8_t* src;
  int32_t at, length;
  uint32_t range, code;
  uint16_t* probs;
  bool truncated;

  uint32_t next() {
    if (at >= length) {
      truncated = true;
      return 0;
    }
    return src[at++];
  }
  void normalize() {
    if (range < 0x1000000u) {
      range <<= 8;
      code = (code << 8) | next();
    }
  }
  int32_t bit(int32_t p) {
    const uint32_t prob = probs[p], bound = (range >> 11) * prob;
    int32_t b;
    if (code < bound) {
      range = bound;
      probs[p] = uint16_t(prob + ((2048 - prob) >> 5));
      b = 0;
    } else {
      range -= bound;
      code -= bound;
      probs[p] = uint16_t(prob - (prob >> 5));
      b = 1;
    }
    normalize();
    return b;
  }
  // A symbol of `bits` bits from a binary tree of probabilities at `p`, most significant first.
  int32_t tree(int32_t p, int32_t bits) {
    int32_t m = 1;
    for (int32_t k = 0; k < bits; k++) m = (m << 1) | bit(p + m);
    return m - (1 << bits);
  }
  // The same, least significant bit first.
  int32_t reverse(int32_t p, int32_t bits) {
    int32_t m = 1, sym = 0;
    for (int32_t k = 0; k < bits; k++) {
      const int32_t b = bit(p + m);
      m = (m << 1) | b;
      sym |= b << k;
    }
    return sym;
  }
  // A match length minus 2: 3 bits by position state, 3 more, or 8 bits.
  int32_t length2(int32_t p, int32_t posState) {
    if (!bit(p)) return tree(p + 2 + (posState << 3), 3);
    if (!bit(p + 1)) return 8 + tree(p + 130 + (posState << 3), 3);
    return 16 + tree(p + 258, 8);
  }
};

}  // namespace

extern "C" __attribute__((export_name("base64"))) int32_t base64(const uint8_t* text, int32_t length, uint8_t* out) {
  uint32_t acc = 0;
  int32_t bits = 0, n = 0;
  for (int32_t i = 0; i < length; i++) {
    const uint32_t c = text[i];
    int32_t v;
    if (c >= 'A' && c <= 'Z') v = int32_t(c - 'A');
    else if (c >= 'a' && c <= 'z') v = int32_t(c - 'a') + 26;
    else if (c >= '0' && c <= '9') v = int32_t(c - '0') + 52;
    else if (c == '+') v = 62;
    else if (c == '/') v = 63;
    else continue;
    acc = ((acc & 255) << 6) | uint32_t(v);  // keep only the bits not yet output
    if ((bits += 6) >= 8) out[n++] = uint8_t(acc >> (bits -= 8));
  }
  return n;
}

extern "C" __attribute__((export_name("unlzma"))) int32_t unlzma(const uint8_t* src, int32_t length, uint8_t* out,
                                                                   int32_t size, uint16_t* probs, int32_t lc,
                                                                   int32_t lp, int32_t pb) {
  if (length < 5 || src[0] != 0) return kNotLzma;
  Coder c{src, 5, length, 0xffffffffu, 0, probs, false};
  for (int32_t i = 1; i < 5; i++) c.code = (c.code << 8) | src[i];
  for (int32_t i = 0, n = kLiteral + (0x300 << (lc + lp)); i < n; i++) probs[i] = 1024;
  int32_t pos = 0, state = 0;
  uint32_t rep0 = 0, rep1 = 0, rep2 = 0, rep3 = 0;
  while (pos < size) {
    if (c.truncated) return kTruncated;
    const int32_t posState = pos & ((1 << pb) - 1);
    if (!c.bit(kIsMatch + (state << 4) + posState)) {
      // A literal, coded by the previous byte's top bits (and, after a match, the byte the match
      // would have given: its bits steer the probabilities until one differs).
      const int32_t prev = pos ? out[pos - 1] : 0;
      const int32_t base = kLiteral + 0x300 * (((pos & ((1 << lp) - 1)) << lc) + (prev >> (8 - lc)));
      int32_t sym = 1;
      if (state >= 7) {
        if (rep0 >= uint32_t(pos)) return kBadDistance;
        int32_t match = out[pos - int32_t(rep0) - 1];
        for (;;) {
          const int32_t matchBit = (match >> 7) & 1;
          match <<= 1;
          const int32_t b = c.bit(base + ((1 + matchBit) << 8) + sym);
          sym = (sym << 1) | b;
          if (sym >= 0x100 || matchBit != b) break;
        }
      }
      while (sym < 0x100) sym = (sym << 1) | c.bit(base + sym);
      out[pos++] = uint8_t(sym);
      state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
      continue;
    }
    int32_t len;
    if (!c.bit(kIsRep + state)) {
      // A new match: length, then distance (a 6-bit slot, then its low bits).
      rep3 = rep2, rep2 = rep1, rep1 = rep0;
      len = c.length2(kLen, posState);
      state = state < 7 ? 7 : 10;
      const int32_t slot = c.tree(kSlot + ((len < 3 ? len : 3) << 6), 6);
      uint32_t dist = uint32_t(slot);
      if (slot >= 4) {
        const int32_t n = (slot >> 1) - 1;
        dist = uint32_t(2 | (slot & 1)) << n;
        if (slot < 14) {
          dist += uint32_t(c.reverse(kSpec + int32_t(dist) - slot, n));
        } else {
          uint32_t direct = 0;  // direct bits, then 4 through the align model
          for (int32_t i = n - 4; i > 0; i--) {
            c.range >>= 1;
            const uint32_t b = c.code >= c.range ? 1 : 0;
            if (b) c.code -= c.range;
            direct = (direct << 1) | b;
            c.normalize();
          }
          dist += (direct << 4) + uint32_t(c.reverse(kAlign, 4));
        }
      }
      if (dist == 0xffffffffu) break;  // the end marker
      rep0 = dist;
    } else {
      // A repeat of one of the last four distances (or, shortest, one byte from the last).
      if (!c.bit(kIsRepG0 + state)) {
        if (!c.bit(kIsRep0Long + (state << 4) + posState)) {
          if (rep0 >= uint32_t(pos)) return kBadDistance;
          out[pos] = out[pos - int32_t(rep0) - 1];
          pos++;
          state = state < 7 ? 9 : 11;
          continue;
        }
      } else {
        uint32_t dist;
        if (!c.bit(kIsRepG1 + state)) {
          dist = rep1;
        } else {
          if (!c.bit(kIsRepG2 + state)) {
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
      len = c.length2(kRepLen, posState);
      state = state < 7 ? 8 : 11;
    }
    if (rep0 >= uint32_t(pos)) return kBadDistance;
    for (len += 2; len > 0 && pos < size; len--, pos++) out[pos] = out[pos - int32_t(rep0) - 1];
  }
  if (c.truncated) return kTruncated;
  return pos < size ? kEndedEarly : kDone;
}
