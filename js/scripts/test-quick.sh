#!/usr/bin/env bash
# The inner loop (npm run test:quick, after the set-up, which rebuilds dist/ when a source changed):
# the C++ core's GoogleTest suite built without sanitizers, then Vitest's `node` project on the ES
# modules, each seeded suite as a smoke run (QUICK=1: tests/support/dist.mjs). No browser, no
# fuzzing, no sanitizer: `npm test` is the whole proof, and CI runs it.
set -uo pipefail
cd "$(dirname "$0")/../.."
status=0
mkdir -p build-test

echo "== native core (GoogleTest via ctest, no sanitizers)"
if { [ -f build-native/CMakeCache.txt ] || cmake -S . -B build-native -DCMAKE_BUILD_TYPE=Release > build-test/native-quick.log 2>&1; } &&
   cmake --build build-native -j2 >> build-test/native-quick.log 2>&1; then
  ctest --test-dir build-native -j2 --output-on-failure | tail -n 3
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
else
  cat build-test/native-quick.log; echo "native build failed"; status=1
fi

echo "== JavaScript (Vitest's node project on the ES modules, seeded suites as smoke runs)"
QUICK=1 QT_NATIVE_BUILD=build-native DIST=quadtree.mjs,quadtree-ts.mjs,quadtree-ts-plus.mjs npx vitest run --project node || status=1
exit $status
