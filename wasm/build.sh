#!/usr/bin/env bash
# build.sh - builds the WebAssembly core: wasm/dist/dynawasm.wasm, through
# the Emscripten branch of CMakeLists.txt (build folder: build-wasm/).
#   bash wasm/build.sh [Release|Debug]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TYPE="${1:-Release}"
command -v emcmake >/dev/null 2>&1 || { echo "build.sh: emcmake not found (bash wasm/setup.sh installs Emscripten)" >&2; exit 1; }
# Debian's emcc finds acorn through NODE_PATH when it runs its JS tools.
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"
emcmake cmake -S "$ROOT" -B "$ROOT/build-wasm" -DCMAKE_BUILD_TYPE="$TYPE"
cmake --build "$ROOT/build-wasm" -j "$(nproc 2>/dev/null || echo 2)"
test -f "$ROOT/wasm/dist/dynawasm.wasm"
echo "built $(cd "$ROOT" && ls -l wasm/dist/dynawasm.wasm | awk '{print $5}') bytes: wasm/dist/dynawasm.wasm"
