// Base64 to bytes (the wasm is embedded as base64 of its LZMA stream), here rather than atob: a
// bare JavaScript realm (a vm context, some embedded engines) has no atob, and the Node fallback
// would be Buffer. Skips '=' and anything else that is not a base64 digit.
/** @param {string} text @returns {number[]} */
export function base64(text) {
  var digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (var bytes = [], acc = 0, n = 0, i = 0, v; i < text.length; i++) {
    if ((v = digits.indexOf(text.charAt(i))) < 0) continue;
    acc = ((acc & 255) << 6) | v; // keep only the bits not yet output
    if ((n += 6) >= 8) bytes.push((acc >> (n -= 8)) & 255);
  }
  return bytes;
}
