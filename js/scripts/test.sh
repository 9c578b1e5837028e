#!/usr/bin/env bash
# Every test: the C++ core under GoogleTest (ctest) with sanitizers, a short fuzz run of the core,
# ESLint over the JavaScript, then Vitest: tests/api, tests/conformance (every dist file),
# tests/packaging and tests/browser (Chromium, Firefox ESR and WebKitGTK, driven from Node).
set -uo pipefail
cd "$(dirname "$0")/../.."
status=0
mkdir -p build-test

# The GoogleTest suite runs under AddressSanitizer + UBSan (any UB aborts the test), optimized
# (-O2 -g): the whole suite takes seconds that way, where a -O0 sanitizer build took over a minute.
# clang builds it, so the same build dir also holds the libFuzzer target.
echo "== native core under ASan + UBSan (GoogleTest via ctest)"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:check_initialization_order=1:strict_init_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
cxx=clang++
command -v clang++ > /dev/null || cxx=c++
fuzz=ON
[ "$cxx" = clang++ ] || fuzz=OFF
if cmake -S . -B build-native-asan -DCMAKE_CXX_COMPILER=$cxx -DCMAKE_BUILD_TYPE=RelWithDebInfo \
     -DQT_SANITIZE=ON -DQT_FUZZ=$fuzz > build-test/native-configure.log 2>&1 &&
   cmake --build build-native-asan -j2 > build-test/native.log 2>&1 ||
   { cat build-test/native-configure.log build-test/native.log; false; }; then
  ctest --test-dir build-native-asan --output-on-failure -j2 | tee build-test/ctest.log
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
else
  echo "native build failed"; status=1
fi

echo "== fuzz: the trees against their models, and each shipped core's calls (short seeded libFuzzer runs)"
if [ "$fuzz" = ON ]; then
  bash tests/fuzz/run.sh --smoke || status=1
else
  echo "fuzz: skipped, clang++ is missing (npm run setup installs it)"; status=1
fi

# ESLint over the facade, its scripts, the tests, the benchmarks and the demo (js/eslint.config.mjs).
echo "== lint (ESLint: js/, tests/, bench/, web-demo/)"
npm run --silent lint || status=1

echo "== JavaScript (Vitest: API, conformance on every dist file, packaging, browsers: Chromium, Firefox, WebKit)"
npx vitest run --reporter=default --reporter=json --outputFile.json=build-test/vitest.json || status=1
# One closing line for the whole run: GoogleTest's and Vitest's counts together.
node -e '
  const fs = require("fs");
  const r = JSON.parse(fs.readFileSync("build-test/vitest.json", "utf8"));
  let cPassed = 0, cFailed = 0;
  try {
    const m = /(\d+)% tests passed, (\d+) tests? failed out of (\d+)/.exec(fs.readFileSync("build-test/ctest.log", "utf8"));
    if (m) { cFailed = +m[2]; cPassed = +m[3] - cFailed; }
  } catch {}
  console.log(`ctest: ${cPassed} passed, ${cFailed} failed; vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  console.log(`tests: ${cPassed + r.numPassedTests} passed, ${cFailed + r.numFailedTests} failed`);
' || status=1
exit $status
