#!/usr/bin/env bash
# serve.sh - builds everything and serves the playground on 127.0.0.1,
# installing what is missing first (wasm/setup.sh).
#
#   bash wasm/serve.sh            (PORT=8080 by default; PORT=0: any free port)
#
# Builds the native CLI and the wasm core, then the playground (web/, with
# `npm run build`) and serves web/dist. Without a playground in web/ yet, it
# runs the seed example through the CLI instead and says so.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${PORT:-8080}"
HOST="${HOST:-127.0.0.1}"
JOBS="$(nproc 2>/dev/null || echo 2)"

say() { printf '\033[1m[serve]\033[0m %s\n' "$*"; }

bash wasm/setup.sh
say "building the native CLI (build/dwrun)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$JOBS"
say "building the wasm core (wasm/dist/dynawasm.wasm)"
bash wasm/build.sh

if [ -f web/package.json ]; then
  say "building the playground (web/dist)"
  (cd web && npm run build)
fi

if [ -f web/dist/index.html ]; then
  if [ -f web/serve.mjs ]; then
    say "serving web/dist (Ctrl+C stops)"
    exec node web/serve.mjs --dir web/dist --host "$HOST" --port "$PORT"
  fi
  say "serving web/dist (Ctrl+C stops)"
  exec node tests/lib/static-server.mjs web/dist --host "$HOST" --port "$PORT"
fi

say "the playground (web/) is not built yet: running the seed example through the CLI instead"
SEED=examples/00_seed_example.py
[ -f "$SEED" ] || SEED=tests/conformance/seed_example.py
for cmd in run explain; do
  say "node wasm/bin/dynawasm.js $cmd $SEED"
  node wasm/bin/dynawasm.js "$cmd" "$SEED" || say "(exit code $?)"
done
