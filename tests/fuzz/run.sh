#!/usr/bin/env bash
# Builds the libFuzzer target (tests/fuzz/fuzz_trees.cpp) in build-native-asan and runs it.
#
#   bash tests/fuzz/run.sh            npm run fuzz: 300 s (FUZZ_TIME=N to change), new inputs are
#                                     added to tests/fuzz/corpus, which is then minimized
#   bash tests/fuzz/run.sh --smoke    npm test: a short seeded run (FUZZ_RUNS, default 4000
#                                     inputs, at most 60 s) that leaves tests/fuzz/corpus alone
#   bash tests/fuzz/run.sh FILE...    replays inputs, e.g. a crash file, and prints the failed check
#
# A failing input is written to build-test/fuzz-crash-<sha1> (or -timeout-, -oom-); replay it as
# above. Extra libFuzzer flags can go in FUZZ_FLAGS.
set -uo pipefail
cd "$(dirname "$0")/../.."

build=build-native-asan
corpus=tests/fuzz/corpus
mkdir -p build-test

if ! command -v clang++ > /dev/null; then
  echo "fuzz: clang++ is missing (npm run setup installs it)"; exit 1
fi
if ! cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
       -DQT_SANITIZE=ON -DQT_FUZZ=ON > build-test/fuzz-configure.log 2>&1 ||
   ! cmake --build "$build" -j2 --target qt_fuzz > build-test/fuzz-build.log 2>&1; then
  cat build-test/fuzz-configure.log build-test/fuzz-build.log 2>/dev/null | tail -40
  echo "fuzz: build failed"; exit 1
fi

common=(-max_len=2048 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=build-test/fuzz-
        -print_final_stats=1)

if [ $# -gt 0 ] && [ "$1" != --smoke ]; then
  exec "$build/qt_fuzz" "$@"
fi

if [ "${1:-}" = --smoke ]; then
  # A fresh output dir each time, a fixed seed and a run count that ends the run before the 60 s
  # cap (6,000 hit it here; 4,000 take about 35 s). Coverage still varies a little between runs.
  out=build-test/fuzz-smoke
  rm -rf "$out"; mkdir -p "$out"
  "$build/qt_fuzz" "${common[@]}" -seed=1 -runs="${FUZZ_RUNS:-4000}" -max_total_time=60 \
    ${FUZZ_FLAGS:-} "$out" "$corpus" > build-test/fuzz.log 2>&1
  status=$?
  if [ $status -ne 0 ]; then
    grep -E 'fuzz check failed|ERROR: |runtime error|SUMMARY|Test unit written' build-test/fuzz.log | head -20
    echo "fuzz: failed (full log: build-test/fuzz.log); replay an input with"
    echo "      QT_FUZZ_TRACE=1 bash tests/fuzz/run.sh build-test/fuzz-crash-..."
  else
    # One line: executions, coverage (edges), features, corpus, speed.
    summary=$(sed -nE 's/^#([0-9]+)[[:space:]]+DONE[[:space:]]+cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*exec\/s: ([0-9]+).*/\1 inputs run, coverage \2 edges \/ \3 features, corpus \4, \5 exec\/s/p' build-test/fuzz.log | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' build-test/fuzz.log | tail -1)
    echo "fuzz (seed 1): ${summary:-see build-test/fuzz.log}, ${secs:-?} s, no failures"
  fi
  exit $status
fi

# The long run: new inputs go straight into the corpus, which is minimized afterwards: the
# hand-made seed-* inputs stay, and of the others only those that reach code (edges) the rest
# does not, so it grows with what was learned and no more.
"$build/qt_fuzz" "${common[@]}" -max_total_time="${FUZZ_TIME:-300}" ${FUZZ_FLAGS:-} "$corpus" \
  2>&1 | tee build-test/fuzz.log |
  grep -E '^#[0-9]+[[:space:]]+(pulse|INITED|DONE)|ERROR|fuzz check|runtime error|SUMMARY|Test unit written|^stat::'
status=${PIPESTATUS[0]}
if [ $status -eq 0 ]; then
  before=$(ls "$corpus" | wc -l)
  rm -rf build-test/fuzz-min; mkdir -p build-test/fuzz-min
  cp "$corpus"/seed-* build-test/fuzz-min/ 2> /dev/null
  if "$build/qt_fuzz" -merge=1 -use_counters=0 -max_len=2048 build-test/fuzz-min "$corpus" \
       > build-test/fuzz-merge.log 2>&1; then
    rm -f "$corpus"/*
    cp build-test/fuzz-min/* "$corpus"/
    echo "fuzz: corpus minimized from $before to $(ls "$corpus" | wc -l) inputs"
  else
    tail -5 build-test/fuzz-merge.log; echo "fuzz: corpus merge failed (corpus left as it was)"
  fi
fi
exit $status
