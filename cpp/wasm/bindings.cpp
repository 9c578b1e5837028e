// Registration only, from the one list in abi.h: every function takes and returns numbers
// (sessions by address), so calls stay cheap and nothing needs a manual .delete() in JavaScript.
//
// Linked with embind's JavaScript (embind.js, emval.js) but not with `--bind`'s libembind, whose
// bind.cpp registers every builtin type (strings, wide strings, 64-bit integers, memory views,
// val) in a constructor of its own; each one it registers pulls its converter into the glue. The
// calls here take and return five types: those are registered below, with bind.cpp's arguments
// (bench/README.md, "Size and build choices", has what that saves). A call with a sixth type
// needs it added here: until then calling it throws embind's UnboundTypeError, which names the
// type (mangled, as typeid gives it).
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <typeinfo>

#include "session/boundary.h"

// The calls of this build's core: abi.h marks each with the cores that have it (R, T, P:
// tree_kinds.h's QT_CORE_*), as one of the combinations below; each core registers those that
// name it. (A new combination in abi.h needs its row in each core here.)
#define QT_CALL(name, c) emscripten::function(#name, &qt::c);
#define QT_SKIP(name, c)
#define QT_CALL_RTP QT_CALL
#if defined(QT_CORE_RECTS)
#define QT_CALL_R QT_CALL
#define QT_CALL_RP QT_CALL
#define QT_CALL_TP QT_SKIP
#elif defined(QT_CORE_TS)
#define QT_CALL_R QT_SKIP
#define QT_CALL_RP QT_SKIP
#define QT_CALL_TP QT_CALL
#elif defined(QT_CORE_TS_PLUS)
#define QT_CALL_R QT_SKIP
#define QT_CALL_RP QT_CALL
#define QT_CALL_TP QT_CALL
#else
#define QT_CALL_R QT_CALL
#define QT_CALL_RP QT_CALL
#define QT_CALL_TP QT_CALL
#endif
EMSCRIPTEN_BINDINGS(quadtree_wasm) {
#define QT_REGISTER(name, c, cores) QT_CALL_##cores(name, c)
  QT_CALLS(QT_REGISTER)
#undef QT_REGISTER
}

namespace {
template <typename T>
void registerInteger(const char* name) {
  using namespace emscripten::internal;
  _embind_register_integer(TypeID<T>::get(), name, sizeof(T), std::numeric_limits<T>::min(),
                           std::numeric_limits<T>::max());
}
}  // namespace

extern "C" {
// What embind's JavaScript asks for a type's name (for the error of a call with an unregistered
// type); it frees the string.
EMSCRIPTEN_KEEPALIVE const char* __getTypeName(const std::type_info* ti) { return strdup(ti->name()); }

// At start-up, as bind.cpp's (embind binds a function once all its types are registered, in
// whichever order they come).
__attribute__((constructor)) void qtRegisterTypes() {
  using namespace emscripten::internal;
  _embind_register_void(TypeID<void>::get(), "void");
  _embind_register_bool(TypeID<bool>::get(), "bool", sizeof(bool), true, false);
  registerInteger<int32_t>("int");
  registerInteger<qt::Handle>("unsigned long");
  _embind_register_float(TypeID<double>::get(), "double", sizeof(double));
}
}
