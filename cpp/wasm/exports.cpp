// The strict-CSP build's entry: nothing to register. Its link exports the C functions of abi.h's
// QT_CALLS directly (EXPORTED_FUNCTIONS in CMakeLists.txt), so no glue code is compiled at run
// time; the facade finds them under their C names (js/src/wasm/abi.js).
