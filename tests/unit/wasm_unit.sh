#!/usr/bin/env bash
# Builds the tensor unit tests for WebAssembly with SIMD (-msimd128, so
# every __wasm_simd128__ path in tensor/tensor_kernels.c and tensor/dwmath.h is compiled
# in) and runs them under Node. test_tensor checks the SIMD kernels against
# the scalar dwmath.h routines and a naive matmul bit for bit.
#
# Debian's emcc 3.1.6 JS glue tries fetch() on the .wasm path under Node 18+
# and fails; without the experimental fetch it falls back to reading the
# file, hence --no-experimental-fetch.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for t in test_tensor test_print; do
  emcc -std=c11 -O2 -msimd128 -Wall -Wextra -Werror -Isrc \
    src/arena.c src/runtime/value.c src/tensor/tensor.c src/tensor/tensor_kernels.c src/tensor/tensor_print.c src/tensor/random.c \
    src/tensor/autograd.c src/tensor/derivatives.c \
    "tests/unit/$t.c" -o "$out/$t.js" \
    -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1
  node --no-experimental-fetch "$out/$t.js"
done
