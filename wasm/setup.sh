#!/usr/bin/env bash
# setup.sh - installs what building and testing dynawasm needs on Debian 12,
# only what is missing (safe to run again):
#   Debian packages: build-essential cmake clang libclang-rt-14-dev (libFuzzer,
#     sanitizers), emscripten binaryen node-acorn (the wasm build), chromium
#     fonts-liberation (browser tests), nodejs npm (only when node is absent)
#   npm packages: `npm ci` in wasm/ and web/ when node_modules is missing or
#     older than package.json / package-lock.json
#
#   bash wasm/setup.sh            everything
#   DW_SKIP_APT=1 bash wasm/setup.sh   npm only (non-Debian machines)
#
# Uses sudo for apt-get only when not root. Used by wasm/serve.sh and
# tests/run.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
die() { printf '\033[1;31m[setup] error:\033[0m %s\n' "$*" >&2; exit 1; }

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

apt_install() {
  local missing=()
  local p
  for p in build-essential cmake clang libclang-rt-14-dev emscripten binaryen node-acorn chromium fonts-liberation; do
    installed "$p" || missing+=("$p")
  done
  if ! command -v node >/dev/null 2>&1; then missing+=(nodejs); fi
  if ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi
  if [ ${#missing[@]} -eq 0 ]; then
    say "Debian packages: all present"
    return
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get (not Debian?); install them, or set DW_SKIP_APT=1"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "need root or sudo to install: ${missing[*]}"
    sudo=(sudo)
  fi
  say "installing Debian packages: ${missing[*]}"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

check_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge 18 ] || die "Node.js $(node --version) is too old: dynawasm needs 18 or later"
}

# npm ci (or npm install without a lock file) in $1 when needed.
npm_install() {
  local dir="$1"
  [ -f "$dir/package.json" ] || return 0
  local marker="$dir/node_modules/.package-lock.json"
  local lock="$dir/package-lock.json"
  if [ -f "$marker" ] && [ "$marker" -nt "$dir/package.json" ] && { [ ! -f "$lock" ] || [ "$marker" -nt "$lock" ]; }; then
    say "npm packages of ${dir#"$ROOT"/}: up to date"
    return
  fi
  say "installing npm packages of ${dir#"$ROOT"/}"
  if [ -f "$lock" ]; then
    (cd "$dir" && npm ci --no-audit --no-fund)
  else
    (cd "$dir" && npm install --no-audit --no-fund)
  fi
  mkdir -p "$dir/node_modules" && touch "$marker"
}

main() {
  if [ "${DW_SKIP_APT:-0}" != 1 ]; then apt_install; fi
  command -v node >/dev/null 2>&1 || die "node is not installed"
  check_node
  npm_install "$ROOT/wasm"
  npm_install "$ROOT/web"
}

main "$@"
