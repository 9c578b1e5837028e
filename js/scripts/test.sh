#!/usr/bin/env bash
# Every test: the C++ core under GoogleTest (ctest), then Vitest in Node and in Chromium.
set -uo pipefail
cd "$(dirname "$0")/../.."
status=0
mkdir -p build-test

echo "== native core (GoogleTest via ctest)"
if cmake -S . -B build-native -DCMAKE_BUILD_TYPE=Debug > /dev/null &&
   cmake --build build-native -j2 > build-test/native.log 2>&1 || { cat build-test/native.log; false; }; then
  ctest --test-dir build-native --output-on-failure -j2 || status=1
else
  echo "native build failed"; status=1
fi

echo "== JavaScript (Vitest: node and chromium projects)"
npx vitest run --reporter=default --reporter=json --outputFile.json=build-test/vitest.json || status=1
node -e '
  const r = require("./build-test/vitest.json");
  console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' || status=1
exit $status
