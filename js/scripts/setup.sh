#!/usr/bin/env bash
# First-run set-up for `npm start` and `npm test`: installs what this project needs on Debian 12
# (Emscripten, the three browser engines the tests drive: Chromium and its driver, Firefox ESR,
# WebKitGTK's WebDriver and MiniBrowser with Xvfb; clang with libFuzzer) when missing, the npm
# devDependencies, and builds dist/.
# Each step is skipped when already done, so later runs cost a second.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v emcc > /dev/null || missing+=(emscripten)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
# WebKitWebDriver and the MiniBrowser (/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser);
# WebKitGTK has no headless mode, so the tests run it on an Xvfb display.
command -v WebKitWebDriver > /dev/null || missing+=(webkit2gtk-driver)
command -v Xvfb > /dev/null || missing+=(xvfb)
command -v cmake > /dev/null || missing+=(cmake)
command -v g++ > /dev/null || missing+=(g++)
[ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
# The sanitizer build and the fuzzer use clang 14; libFuzzer (libclang_rt.fuzzer) and
# FuzzedDataProvider.h come with libclang-rt-14-dev.
command -v clang++ > /dev/null || missing+=(clang)
# The bundler packs the wasm with xz (raw LZMA); Debian's base system has it, minimal images not.
command -v xz > /dev/null || missing+=(xz-utils)
compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a' > /dev/null ||
  missing+=(libclang-rt-14-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]} with apt-get"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

# npm ci when node_modules is missing or older than the lock file; never through a link (a
# worktree for another build may link a checkout's node_modules: npm ci would empty that one).
if [ -L node_modules ]; then
  echo "setup: node_modules is a link ($(readlink node_modules)): left as it is"
elif [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
fi

# Build when dist/ is missing or any source is newer than it.
if [ ! -f dist/quadtree.js ] || [ ! -f dist/quadtree.mjs ] ||
   [ -n "$(find cpp js CMakeLists.txt package.json -newer dist/quadtree.js -type f -print -quit)" ]; then
  echo "setup: building dist/"
  bash js/scripts/build.sh
fi
