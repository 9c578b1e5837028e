// What the debug walks of both trees share: the counts stats() gives, and validate()'s messages.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace qt {

struct Stats {
  int32_t nodes = 0, leaves = 0, depth = 0, references = 0, entries = 0, objects = 0;
};

// validate()'s failure: says which invariant broke in `why` (when given) and returns false.
// std::string only: iostreams would triple the size of the wasm, which builds without the
// messages altogether (QT_VALIDATE_QUIET; JavaScript only gets true or false).
template <class... Parts>
bool fail(std::string* why, const Parts&... parts) {
#ifndef QT_VALIDATE_QUIET
  if (why) {
    why->clear();
    auto text = [](const auto& p) {
      if constexpr (std::is_arithmetic_v<std::decay_t<decltype(p)>>) return std::to_string(int32_t(p));
      else return std::string(p);
    };
    ((*why += text(parts)), ...);
  }
#else
  (void)why;
  ((void)parts, ...);
#endif
  return false;
}

}  // namespace qt
