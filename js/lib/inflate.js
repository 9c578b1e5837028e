// A raw DEFLATE (RFC 1951) decoder. The dist files embed the wasm deflate-compressed (base64 of
// compressed bytes gzips to about half of base64 of the raw wasm), and this unpacks it at load
// time synchronously, so `new Quadtree` still works right after the script tag. Small rather
// than fast: it runs once, on about 30 KB. (A fragment; see js/scripts/bundle.mjs.)
// `src` holds bytes (an Array or a Uint8Array), the result is a Uint8Array. Malformed input
// throws: every loop consumes input, and reading past its end throws, so nothing spins forever.
function inflate(src) {
  var out = [], pos = 0, buf = 0, cnt = 0;
  var i, n, last, type, lit, dist, lens, len, sym, d;
  function fail(why) {
    throw new Error('inflate: ' + why);
  }
  // The next n bits, least significant first (n <= 16, so buf never exceeds 24 bits).
  function bits(n) {
    while (cnt < n) {
      if (pos >= src.length) fail('unexpected end of data');
      buf |= src[pos++] << cnt;
      cnt += 8;
    }
    var v = buf & ((1 << n) - 1);
    buf >>>= n;
    cnt -= n;
    return v;
  }
  // A canonical Huffman code from its code lengths: how many codes of each length, and the
  // symbols sorted by (length, symbol), which is the order of their codes.
  function huffman(lengths) {
    var count = [], syms = [], offs = [], left = 1, k;
    for (k = 0; k < 16; k++) count[k] = 0;
    for (k = 0; k < lengths.length; k++) count[lengths[k]]++;
    count[0] = offs[1] = 0;
    for (k = 1; k < 16; k++) {
      if ((left = 2 * left - count[k]) < 0) fail('over-subscribed code');
      offs[k + 1] = offs[k] + count[k];
    }
    for (k = 0; k < lengths.length; k++) if (lengths[k]) syms[offs[lengths[k]]++] = k;
    return [count, syms];
  }
  // One symbol: codes are sent most significant bit first, and the first code of each length is
  // (the first code of the length before + its count) * 2.
  function decode(c) {
    for (var v = 0, first = 0, index = 0, k = 1; k < 16; k++) {
      v |= bits(1);
      if (v - first < c[0][k]) return c[1][index + v - first];
      index += c[0][k];
      first = (first + c[0][k]) * 2;
      v *= 2;
    }
    fail('invalid code');
  }
  // Length (257..285) and distance (0..29) symbols: a base plus extra bits. The bases grow by
  // 2^extra; length symbol 285 is the exception (258, no extra bits).
  var lenBase = [], lenExtra = [], distBase = [], distExtra = [];
  for (i = 0, n = 3, d = 1; i < 30; i++) {
    lenExtra[i] = i < 8 || i > 27 ? 0 : (i >> 2) - 1;
    lenBase[i] = i == 28 ? 258 : n;
    n += 1 << lenExtra[i];
    distExtra[i] = i < 4 ? 0 : (i >> 1) - 1;
    distBase[i] = d;
    d += 1 << distExtra[i];
  }
  do {
    last = bits(1);
    type = bits(2);
    if (type == 0) {
      // Stored: byte-aligned LEN, its complement, then LEN bytes as they are.
      buf = cnt = 0;
      n = bits(16);
      if (n != (~bits(16) & 0xffff)) fail('stored length mismatch');
      if (pos + n > src.length) fail('unexpected end of data');
      while (n--) out.push(src[pos++]);
      continue;
    }
    if (type == 1) {
      // Fixed codes (RFC 1951 3.2.6).
      for (lens = [], i = 0; i < 288; i++) lens[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
      lit = huffman(lens);
      for (lens = [], i = 0; i < 30; i++) lens[i] = 5;
      dist = huffman(lens);
    } else if (type == 2) {
      // Dynamic codes: the code lengths of both codes, themselves Huffman coded, with repeats.
      var nlit = bits(5) + 257, ndist = bits(5) + 1, nclen = bits(4) + 4;
      var order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
      for (lens = [], i = 0; i < 19; i++) lens[order[i]] = i < nclen ? bits(3) : 0;
      var clen = huffman(lens);
      for (lens = []; lens.length < nlit + ndist; ) {
        sym = decode(clen);
        if (sym < 16) {
          lens.push(sym);
          continue;
        }
        if (sym == 16) {
          if (!lens.length) fail('repeat with no previous length');
          len = lens[lens.length - 1];
          n = 3 + bits(2);
        } else {
          len = 0;
          n = sym == 17 ? 3 + bits(3) : 11 + bits(7);
        }
        if (lens.length + n > nlit + ndist) fail('too many code lengths');
        while (n--) lens.push(len);
      }
      if (!lens[256]) fail('no end-of-block code');
      lit = huffman(lens.slice(0, nlit));
      dist = huffman(lens.slice(nlit));
    } else {
      fail('invalid block type');
    }
    // The block's symbols: literal bytes, and (length, distance) copies of earlier output, until
    // the end-of-block symbol 256.
    while ((sym = decode(lit)) != 256) {
      if (sym < 256) {
        out.push(sym);
        continue;
      }
      if ((sym -= 257) > 28) fail('invalid length symbol');
      len = lenBase[sym] + bits(lenExtra[sym]);
      if ((sym = decode(dist)) > 29) fail('invalid distance symbol');
      d = distBase[sym] + bits(distExtra[sym]);
      if (d > out.length) fail('distance too far back');
      // Byte by byte: a copy may overlap its own output (distance < length repeats).
      for (i = out.length - d; len--; ) out.push(out[i++]);
    }
  } while (!last);
  return new Uint8Array(out);
}

// Base64 to bytes, here rather than atob: a bare JavaScript realm (a vm context, some embedded
// engines) has no atob, and the Node fallback would be Buffer. Skips '=' and anything else that
// is not a base64 digit.
function base64(text) {
  var digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (var bytes = [], acc = 0, n = 0, i = 0, v; i < text.length; i++) {
    if ((v = digits.indexOf(text.charAt(i))) < 0) continue;
    acc = ((acc & 255) << 6) | v; // keep only the bits not yet output
    if ((n += 6) >= 8) bytes.push((acc >> (n -= 8)) & 255);
  }
  return bytes;
}
