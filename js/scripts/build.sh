#!/usr/bin/env bash
# Builds the wasm (the embind and the strict-CSP glue) with Debian's Emscripten and bundles dist/.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Debian's emscripten finds acorn (used when optimizing the glue) only here.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Closure minifies the glue (about half its size); Debian has no closure-compiler, npm does.
export EM_CLOSURE_COMPILER="$PWD/node_modules/.bin/google-closure-compiler"
if [ ! -f build-wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release > /dev/null
fi
# js/src/wasm/abi.js must say what cpp/base/abi.h says (node js/scripts/abi.mjs writes it).
node js/scripts/abi.mjs --check
cmake --build build-wasm -j2
node js/scripts/bundle.mjs build-wasm
