// Registration only, from the one list in abi.h: every function takes and returns numbers
// (sessions by address), so calls stay cheap and nothing needs a manual .delete() in JavaScript.
#include <emscripten/bind.h>

#include "boundary.h"

EMSCRIPTEN_BINDINGS(quadtree_wasm) {
#define QT_REGISTER(name, c) emscripten::function(#name, &qt::c);
  QT_CALLS(QT_REGISTER)
#undef QT_REGISTER
}
