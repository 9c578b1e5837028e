#!/usr/bin/env bash
# Builds the libFuzzer targets in build-native-asan and runs them: qt_fuzz (tests/fuzz/fuzz_trees.cpp,
# the tree kinds against models) and qt_fuzz_boundary_<core> (fuzz_boundary.cpp, each shipped
# core's calls).
#
#   bash tests/fuzz/run.sh            npm run fuzz: the trees for 300 s (FUZZ_TIME=N to change), new
#                                     inputs added to tests/fuzz/corpus, which is then minimized;
#                                     then each core's calls for 60 s (FUZZ_BOUNDARY_TIME)
#   bash tests/fuzz/run.sh --smoke    npm test: short seeded runs (FUZZ_RUNS, default 4000 inputs
#                                     of the trees, at most 60 s; FUZZ_BOUNDARY_RUNS, default 4000
#                                     a core) that leave tests/fuzz/corpus alone
#   bash tests/fuzz/run.sh FILE...    replays inputs, e.g. a crash file, and prints the failed check
#
# A failing input is written to build-test/fuzz-crash-<sha1> (a core's: fuzz-boundary-<core>-crash-;
# or -timeout-, -oom-); replay it as above. Extra libFuzzer flags can go in FUZZ_FLAGS.
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
   ! cmake --build "$build" -j2 --target qt_fuzzers > build-test/fuzz-build.log 2>&1; then
  cat build-test/fuzz-configure.log build-test/fuzz-build.log 2>/dev/null | tail -40
  echo "fuzz: build failed"; exit 1
fi

limits=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
common=(-max_len=2048 -artifact_prefix=build-test/fuzz- "${limits[@]}")

# The cores' fuzzers (CMakeLists.txt's qt_fuzz_boundary_<core>, one a core of abi.h's QT_CORES).
cores=$(cd "$build" && ls qt_fuzz_boundary_* | sed 's/^qt_fuzz_boundary_//')
# A core's inputs are read whole from the start (-len_control=0): its calls come in sequences.
boundary=(-max_len=1024 -len_control=0 "${limits[@]}")

if [ $# -gt 0 ] && [ "$1" != --smoke ]; then
  # (a core's crash file is replayed by that core's fuzzer)
  core=$(basename "$1" | sed -nE 's/^fuzz-boundary-(.*)-(crash|timeout|oom|leak)-.*/\1/p')
  exec "$build/qt_fuzz${core:+_boundary_$core}" "$@"
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
  for core in $cores; do
    out=build-test/fuzz-smoke-$core log=build-test/fuzz-boundary-$core.log
    rm -rf "$out"; mkdir -p "$out"
    if "$build/qt_fuzz_boundary_$core" "${boundary[@]}" -artifact_prefix=build-test/fuzz-boundary-$core- \
         -seed=1 -runs="${FUZZ_BOUNDARY_RUNS:-4000}" ${FUZZ_FLAGS:-} "$out" > "$log" 2>&1; then
      summary=$(sed -nE 's/^#([0-9]+)[[:space:]]+DONE[[:space:]]+cov: ([0-9]+).*/\1 inputs, coverage \2 edges/p' "$log" | tail -1)
      echo "fuzz, the $core core's calls (seed 1): ${summary:-see $log}, no failures"
    else
      status=1
      grep -E 'fuzz check failed|ERROR: |runtime error|SUMMARY|Test unit written' "$log" | head -20
      echo "fuzz: the $core core's calls failed (full log: $log); replay the input with"
      echo "      QT_FUZZ_TRACE=1 bash tests/fuzz/run.sh build-test/fuzz-boundary-$core-crash-..."
    fi
  done
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
# Each core's calls: their inputs stay in build-test/ (a core's sequences are cheap to find again).
for core in $cores; do
  mkdir -p build-test/fuzz-boundary-corpus-$core
  echo "fuzz: the $core core's calls, ${FUZZ_BOUNDARY_TIME:-60} s"
  "$build/qt_fuzz_boundary_$core" "${boundary[@]}" -artifact_prefix=build-test/fuzz-boundary-$core- \
    -max_total_time="${FUZZ_BOUNDARY_TIME:-60}" ${FUZZ_FLAGS:-} build-test/fuzz-boundary-corpus-$core \
    2>&1 | grep -E '^#[0-9]+[[:space:]]+DONE|ERROR|fuzz check|runtime error|SUMMARY|Test unit written'
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
exit $status
