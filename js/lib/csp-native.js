// For the strict-CSP build: the wasm module's exported C functions (`_sessionCreate`, ...) under
// the names the facade calls (`create`, ...), as embind would register them. Only this build
// includes this file. (A fragment; see js/scripts/bundle.mjs.)
function cspNative(m) {
  var native = {};
  var yesNo = { collides: 1, remove: 1, contains: 1 }; // C bool comes back as 0 or 1
  Object.keys(m).forEach(function (key) {
    if (key.indexOf('_session') !== 0) return;
    var name = key.charAt(8).toLowerCase() + key.slice(9);
    var fn = m[key];
    native[name] = yesNo[name] ? function () { return fn.apply(null, arguments) !== 0; } : fn;
  });
  // Views are replaced when memory grows: always hand out the current ones.
  Object.defineProperty(native, 'HEAPF64', { get: function () { return m.HEAPF64; } });
  Object.defineProperty(native, 'HEAP32', { get: function () { return m.HEAP32; } });
  return native;
}
