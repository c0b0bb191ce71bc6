#!/usr/bin/env bash
# run.sh - runs every test of dynawasm, installing what is missing first
# (wasm/setup.sh). Stops at the first failing stage, exits nonzero.
#
#   bash tests/run.sh
#
# Stages: setup; native build + ctest; ASan/UBSan build + ctest; the native
# CLI (ASan/UBSan) over every conformance program; the generated bad-call
# sweep (tests/sweep/sweep.mjs) under ASan/UBSan; the wasm build (and
# tests/unit/wasm_unit.sh when present); the node --test suites
# (tests/node), with relaxed SIMD on, then the differential and
# conformance suites with it off; the playground build and browser tests
# (when web/ and tests/browser exist); libFuzzer smoke runs of tests/fuzz/*.c
# through tests/fuzz/fuzz.sh (DW_FUZZ_SECONDS in total, default 60, shared
# equally by the targets).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
JOBS="$(nproc 2>/dev/null || echo 2)"
FUZZ_SECONDS="${DW_FUZZ_SECONDS:-60}"
OUT="$ROOT/tests/out"
mkdir -p "$OUT"

SUMMARY=()
T_START=$SECONDS

# stage NAME COMMAND...: runs one stage, stops everything if it fails.
stage() {
  local name="$1"
  shift
  printf '\n\033[1;34m==== %s\033[0m\n' "$name"
  local t0=$SECONDS
  if "$@"; then
    SUMMARY+=("$(printf '%4ds  %s' $((SECONDS - t0)) "$name")")
  else
    printf '\n\033[1;31mFAILED: stage "%s" (after %ds; total %ds)\033[0m\n' "$name" $((SECONDS - t0)) $((SECONDS - T_START)) >&2
    if [ ${#SUMMARY[@]} -gt 0 ]; then
      echo 'passed before it:' >&2
      printf '%s\n' "${SUMMARY[@]}" >&2
    fi
    exit 1
  fi
}

native_build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j "$JOBS"
}

asan_build() {
  cmake -S . -B build-asan -DDW_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build-asan -j "$JOBS"
}

export ASAN_OPTIONS="detect_leaks=1:exitcode=86:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

unit_tests() {
  ctest --test-dir "$1" --output-on-failure -j "$JOBS" --timeout 300
}

programs() {
  local f
  for f in tests/conformance/*.py tests/programs/*.py tests/python/*.py tests/regress/*.py examples/*.py; do
    [ -f "$f" ] && [ "$(head -c 2 "$f")" != '#!' ] && echo "$f"
  done
}

# The sanitized native CLI over every program, both backends, every output
# mode: no sanitizer report, --json exits 0, the others 0 or 1.
native_sweep() {
  local bin=build-asan/dwrun err="$OUT/sweep.stderr" runs=0 bad=0 f b mode rc
  for f in $(programs); do
    for b in wasm eager; do
      for mode in run json explain; do
        local args=(run "$f" --backend "$b")
        [ "$mode" = json ] && args+=(--json)
        [ "$mode" = explain ] && args=(explain "$f" --backend "$b")
        timeout 120 "$bin" "${args[@]}" >/dev/null 2>"$err"
        rc=$?
        runs=$((runs + 1))
        if grep -qE 'Sanitizer|runtime error:' "$err" || [ "$rc" -gt 1 ] || { [ "$mode" = json ] && [ "$rc" -ne 0 ]; }; then
          bad=$((bad + 1))
          echo "FAIL: $bin ${args[*]} exited $rc:"
          # the start of a sanitizer report says what and where
          if grep -qE 'ERROR: |runtime error:' "$err"; then
            grep -m1 -A 24 -E 'ERROR: |runtime error:' "$err"
            grep -m1 'SUMMARY:' "$err" || true
          else
            tail -n 20 "$err"
          fi
        fi
      done
    done
  done
  echo "native CLI under ASan/UBSan: $runs runs, $bad failed"
  [ "$runs" -gt 0 ] && [ "$bad" -eq 0 ]
}

node_tests() {
  node --test --test-concurrency=2 tests/node/*.test.mjs
}

# The suites that compare compiled with eager run with relaxed SIMD on
# (tests/lib/relaxed.mjs: V8's flag on Node 20); again without it, the
# kernels a Node 20 user gets by default (compiled == eager bit for bit).
node_tests_relaxed_off() {
  DW_RELAXED_SIMD=0 node --test --test-concurrency=2 tests/node/differential.test.mjs \
    tests/node/conformance.test.mjs
}

web_build() {
  (cd web && npm run build)
}

browser_tests() {
  node --test tests/browser/*.test.mjs
}

fuzz_smoke() {
  local t targets=()
  for t in tests/fuzz/*.c; do targets+=("$(basename "$t" .c)"); done
  local each=$((FUZZ_SECONDS / ${#targets[@]}))
  [ "$each" -ge 1 ] || each=1
  for t in "${targets[@]}"; do
    DW_JOBS="$JOBS" bash tests/fuzz/fuzz.sh "$t" "$each" || return 1
  done
}

stage "setup (Debian and npm packages)" bash wasm/setup.sh
stage "native build" native_build
stage "native unit tests (ctest)" unit_tests build
stage "ASan/UBSan build" asan_build
stage "ASan/UBSan unit tests (ctest)" unit_tests build-asan
stage "native CLI over the conformance programs (ASan/UBSan)" native_sweep
stage "bad-call sweep (tests/sweep, ASan/UBSan)" env DWRUN=build-asan/dwrun node tests/sweep/sweep.mjs
stage "wasm build" bash wasm/build.sh
if [ -f tests/unit/wasm_unit.sh ]; then
  stage "wasm unit tests (tests/unit/wasm_unit.sh, SIMD kernels under Node)" bash tests/unit/wasm_unit.sh
fi
stage "node tests (tests/node)" node_tests
stage "node tests with relaxed SIMD off (differential, conformance)" node_tests_relaxed_off
if [ -f web/package.json ] && compgen -G "tests/browser/*.test.mjs" >/dev/null; then
  stage "playground build (web/)" web_build
  stage "browser tests (tests/browser)" browser_tests
fi
if compgen -G "tests/fuzz/*.c" >/dev/null; then
  stage "fuzz smoke runs (tests/fuzz, ${FUZZ_SECONDS}s in total)" fuzz_smoke
fi

printf '\n\033[1;32mall stages passed in %ds\033[0m\n' $((SECONDS - T_START))
printf '%s\n' "${SUMMARY[@]}"
