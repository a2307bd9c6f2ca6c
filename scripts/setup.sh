#!/usr/bin/env bash
# Installs whatever a fresh machine lacks to build and test Planeview. Each step is guarded,
# so a warm machine pays only for the checks. Steps run one after another on purpose: two
# `cargo install`s at once on 2 cores take three times as long.
#   scripts/setup.sh build     wasm target, wasm-bindgen-cli, wasm-pack, npm packages
#   scripts/setup.sh browser   also Debian's chromium (for the end-to-end tests)
#   scripts/setup.sh duckdb    also DuckDB from PyPI in target/duckdb-venv (the parity test)
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130
WASM_PACK_VERSION=0.15.1
DUCKDB_VERSION=2.0.1
DUCKDB_VENV=target/duckdb-venv

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
if ! rustup component list --installed 2>/dev/null | grep -q '^clippy'; then
  rustup component add clippy rustfmt
fi
if ! (wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"); then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # Not --locked: its lockfile pins a yanked crate.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi
if ! (wasm-pack --version 2>/dev/null | grep -q " $WASM_PACK_VERSION"); then
  say "installing wasm-pack $WASM_PACK_VERSION (a few minutes, once)"
  cargo install --locked wasm-pack --version "$WASM_PACK_VERSION"
fi
if [ -f package-lock.json ] && ! (cd . && npm ls --depth=0 >/dev/null 2>&1); then
  say "installing npm packages"
  npm ci --no-audit --no-fund
fi
if [ "${1:-build}" = browser ] && ! [ -x /usr/bin/chromium ]; then
  say "installing Debian's chromium for the browser tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
if [ "${1:-build}" = duckdb ] && ! ("$DUCKDB_VENV/bin/python" -c "import duckdb, sys; sys.exit(duckdb.__version__ != '$DUCKDB_VERSION')" 2>/dev/null); then
  say "installing DuckDB $DUCKDB_VERSION from PyPI into $DUCKDB_VENV (the parity test)"
  python3 -m venv "$DUCKDB_VENV"
  "$DUCKDB_VENV/bin/pip" install --quiet --disable-pip-version-check "duckdb==$DUCKDB_VERSION"
fi
exit 0
