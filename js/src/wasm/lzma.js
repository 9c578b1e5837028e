// Unpacks the embedded core: base64 of raw LZMA (LZMA1, as `xz --format=raw --lzma1=...` writes it; about
// 20 % smaller than deflate on wasm) decoded by cpp/wasm/unlzma.cpp, a small module of its own that
// starts at once (the same decoder in JavaScript was most of a 40 ms start: bench/README.md).
// Synchronous, so `new Quadtree` still works right after the script tag.

// cpp/wasm/unlzma.cpp's reasons to stop.
const STOPS = ['', 'not an LZMA stream', 'unexpected end of data', 'distance before the start', 'stream ended early'];
// Its probabilities: this many uint16s before the literal coder's 0x300 << (lc + lp).
const LITERAL = 1846;

/** The decoder's module, compiled once per bytes given. @type {WeakMap<object, WebAssembly.Module>} */
const decoders = new WeakMap();

/** @param {Uint8Array} decoder cpp/wasm/unlzma.cpp's wasm */
function compiled(decoder) {
  let m = decoders.get(decoder);
  if (m === undefined) decoders.set(decoder, m = new WebAssembly.Module(/** @type {BufferSource} */ (decoder)));
  return m;
}

/**
 * Decodes `text` (base64 of raw LZMA of `size` bytes with literal/position bits lc, lp, pb) with
 * the decoder: its bytes (compiled and run here), or a fresh instance of it. Returns the bytes (a
 * view of the decoder's memory); malformed input throws an Error whose message starts with
 * "unlzma: ".
 * @param {Uint8Array | WebAssembly.Instance} decoder @param {string} text @param {number} size
 * @param {number} lc @param {number} lp @param {number} pb
 */
export function unpack(decoder, text, size, lc, lp, pb) {
  if (!(lc >= 0 && lc <= 8 && lp >= 0 && lp <= 4 && pb >= 0 && pb <= 4)) throw new Error('unlzma: bad lc, lp or pb');
  const { exports } = decoder instanceof Uint8Array ? new WebAssembly.Instance(compiled(decoder), {}) : decoder;
  const memory = /** @type {WebAssembly.Memory} */ (exports.memory);
  const base = /** @type {WebAssembly.Global} */ (exports.__heap_base).value;
  // The text (decoded in place), output and the probabilities, each 8-aligned, after the
  // decoder's own data.
  const at = (base + 7) & ~7, out = (at + text.length + 7) & ~7, probs = (out + size + 7) & ~7;
  const end = probs + 2 * (LITERAL + (0x300 << (lc + lp)));
  if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  const heap = new Uint8Array(memory.buffer);
  // The text's characters as bytes: natively where there is a TextEncoder (base64 is ASCII).
  if (typeof TextEncoder === 'function') new TextEncoder().encodeInto(text, heap.subarray(at, out));
  else for (let i = 0; i < text.length; i++) heap[at + i] = text.charCodeAt(i);
  const length = /** @type {Function} */ (exports.base64)(at, text.length, at);
  const stop = /** @type {Function} */ (exports.unlzma)(at, length, out, size, probs, lc, lp, pb);
  if (stop !== 0) throw new Error('unlzma: ' + (STOPS[stop] || 'stopped'));
  return heap.subarray(out, out + size);
}
