// What each bulk entry puts on its class: `ready`, and the class itself as `BulkRects` and as
// `default`, so that the class that require() gives (the classic file's module.exports) has them.

/** @param {Function} BulkRects @param {Promise<void>} ready */
export function publish(BulkRects, ready) {
  const B = /** @type {any} */ (BulkRects);
  B.ready = ready;
  B.BulkRects = BulkRects;
  B.default = BulkRects;
}
