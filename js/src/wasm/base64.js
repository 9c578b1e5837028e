// Base64 to bytes (the core and its decoder are embedded as base64). atob, where there is one
// (browsers, Workers, Node 16+), decodes natively; a bare JavaScript realm (a vm context, some
// embedded engines) has none, and gets a table. Skips '=' and anything else that is not a digit.
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** @param {string} text @returns {Uint8Array} */
export function base64(text) {
  if (typeof atob === 'function') {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  return base64Table(text);
}

/** base64() without atob. @param {string} text @returns {Uint8Array} */
export function base64Table(text) {
  const value = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) value[DIGITS.charCodeAt(i)] = i;
  const bytes = new Uint8Array((text.length * 3) >> 2);
  let n = 0, acc = 0, bits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i), v = c < 128 ? value[c] : -1;
    if (v < 0) continue;
    acc = ((acc & 255) << 6) | v; // keep only the bits not yet output
    if ((bits += 6) >= 8) bytes[n++] = (acc >> (bits -= 8)) & 255;
  }
  return bytes.subarray(0, n);
}
