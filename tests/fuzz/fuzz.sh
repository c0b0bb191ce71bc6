#!/usr/bin/env bash
# fuzz.sh - runs one libFuzzer target of tests/fuzz for a while, seeded with
# every program of the repository and the dictionary (tests/run.sh's smoke
# runs and the long runs of README.md "Fuzzing" both go through here).
#
#   bash tests/fuzz/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   bash tests/fuzz/fuzz.sh fuzz_run 3600            # one hour, one core
#
# TARGET is the name of a tests/fuzz/*.c file (fuzz_parse, fuzz_run,
# fuzz_diff). Builds build-fuzz/fuzz_TARGET first when missing or stale
# (clang, -DDW_FUZZ=ON). Seeds: tests/fuzz/corpus/TARGET (checked in: one
# input per finding, see tests/fuzz/README.md), then every program of
# tests/conformance, tests/programs, tests/python, tests/regress,
# tests/pytorch and examples, and the cases of the bad-call sweep
# (tests/sweep/sweep.mjs --seeds, 6 a program). New inputs go to tests/out/fuzz-corpus/TARGET
# (kept between runs), crash inputs to tests/out/fuzz/TARGET-*, the log to
# tests/out/fuzz/TARGET.log. Prints the final exec count; exits nonzero
# when the target found something. DW_FUZZ_OUT replaces tests/out in all
# of these (a long run beside the test suite's smoke runs). -timeout=60 (wall clock: a loaded
# machine slows the larger examples' runs under ASan tenfold; the
# statement budget bounds a program's loops). Runs of 600 s and more use libFuzzer's
# fork mode and go on after a finding (all of them end up in
# tests/out/fuzz/TARGET-*); shorter ones stop at the first.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
if [ $# -lt 2 ]; then
  echo "usage: bash tests/fuzz/fuzz.sh TARGET SECONDS [libFuzzer options...]" >&2
  exit 2
fi
name="$1"
seconds="$2"
shift 2
[ -f "tests/fuzz/$name.c" ] || { echo "no target tests/fuzz/$name.c" >&2; exit 2; }

bin="build-fuzz/fuzz_$name"
CC=clang cmake -S . -B build-fuzz -DDW_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null &&
  cmake --build build-fuzz -j "${DW_JOBS:-2}" --target "fuzz_$name" >/dev/null || {
  echo "building $bin failed" >&2
  exit 1
}

out="${DW_FUZZ_OUT:-$ROOT/tests/out}"
corpus="$out/fuzz-corpus/$name"
mkdir -p "$corpus" "$out/fuzz"
seeds=()
[ -d "tests/fuzz/corpus/$name" ] && seeds+=("tests/fuzz/corpus/$name")
for d in tests/conformance tests/programs tests/python tests/regress tests/pytorch examples; do
  [ -d "$d" ] && seeds+=("$d")
done
# the bad-call sweep's cases, a few per program (tests/sweep/sweep.mjs; a
# folder per target: the three targets may run at once)
if command -v node >/dev/null 2>&1 &&
  node tests/sweep/sweep.mjs --seeds "$out/fuzz-seeds/$name" >/dev/null; then
  seeds+=("$out/fuzz-seeds/$name")
fi
dict=tests/fuzz/python.dict
[ -f "tests/fuzz/$name.dict" ] && dict="tests/fuzz/$name.dict"
log="$out/fuzz/$name.log"

# A snapshot of the binary: a rebuild during a long run (and its fork
# mode's workers, started from the binary's path) must not swap it.
snap="$out/fuzz/bin-$name.$$"
cp "$bin" "$snap" || exit 1
trap 'rm -f "$snap"' EXIT

# Runs of 10 minutes and more go on after a finding (fork mode: every input
# runs in a worker process, a crash, leak, timeout or OOM is written to
# tests/out/fuzz/TARGET-* and counted, and fuzzing goes on), so that a
# long run reports all it finds; shorter runs stop at the first.
# Shorter runs are bounded by the wall clock as a whole: libFuzzer runs
# every seed before it looks at -max_total_time (over a thousand seeds,
# smallest first: some 40 s of CPU for the three targets), so SIGINT ends
# them at SECONDS (libFuzzer prints its stats and exits 72: not a finding).
mode=()
bound=()
if [ "$seconds" -ge 600 ]; then
  mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
else
  bound=(timeout --preserve-status -s INT -k 30 "$seconds")
fi
t0=$(date +%s)
echo "fuzzing $name for ${seconds}s${mode:+ (fork mode)} (log: $log)"
"${bound[@]}" "$snap" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -max_len=8192 \
  -print_final_stats=1 -artifact_prefix="$out/fuzz/$name-" \
  -dict="$dict" "${mode[@]}" "$@" "$corpus" "${seeds[@]}" 2>"$log"
rc=$?
[ "$rc" -eq 72 ] && grep -q 'run interrupted' "$log" && rc=0
# the exec count: the final stats of a plain run, the last status line
# (#EXECS: ... oom/timeout/crash: O/T/C) of fork mode
grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added' "$log" ||
  grep -E '^#[0-9]+: cov:' "$log" | tail -n 1
found=$(find "$out/fuzz" -maxdepth 1 -name "$name-*" -newermt "@$t0" | wc -l)
[ "$found" -eq 0 ] || [ "$rc" -ne 0 ] || rc=1
echo "$name: $(( $(date +%s) - t0 ))s, exit $rc, $found new finding(s)"
if [ "$rc" -ne 0 ]; then
  tail -n 60 "$log"
  echo "fuzz target $name found something (exit $rc; inputs: $out/fuzz/$name-*)" >&2
fi
exit "$rc"
