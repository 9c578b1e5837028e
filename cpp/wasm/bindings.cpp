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

// The calls of this build's core: QT_CORE is its letter in abi.h's QT_CORES (CMakeLists.txt
// defines it from that table), and each call whose cores name the letter is registered. Without
// QT_CORE (the tests' build of every kind), every call.
#define QT_STRING(x) #x
#define QT_LETTER(x) QT_STRING(x)
#ifdef QT_CORE
constexpr char kCore = QT_LETTER(QT_CORE)[0];
#else
constexpr char kCore = 0;
#endif
constexpr bool registered(const char* cores) {
  for (; *cores; ++cores)
    if (*cores == kCore) return true;
  return kCore == 0;
}
EMSCRIPTEN_BINDINGS(quadtree_wasm) {
#define QT_REGISTER(name, c, cores) \
  if constexpr (registered(#cores)) emscripten::function(#name, &qt::c);
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
