# Planeview: the only entry points people need.
#   make serve   install what is missing, build, serve the page on http://127.0.0.1:8000/
#   make test    install what is missing, run every check (CI runs this)
#   make dist    build the static page into dist/
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c

# The corpus of real profiles ($PLANEVIEW_CORPUS), used by tests that need big files: they skip
# with a visible message if it is absent, and fail instead when CI is set (CI=true).
CORPUS ?= $(abspath ../shared/corpus)
export PLANEVIEW_CORPUS := $(CORPUS)
# Installed tools (cargo install) live here; make sure a fresh shell finds them.
export PATH := $(HOME)/.cargo/bin:$(PATH)

.PHONY: setup setup-browser setup-duckdb wasm dist serve test check-rust e2e duckdb-parity fmt clean fuzz bench

setup:
	@scripts/setup.sh build

setup-browser:
	@scripts/setup.sh browser

setup-duckdb:
	@scripts/setup.sh duckdb

wasm: setup
	npm run --silent wasm

dist: wasm
	npm run --silent build

serve: dist
	npm run --silent serve

fmt:
	cargo fmt

check-rust: setup
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --lib --target wasm32-unknown-unknown -- -D warnings
	cargo test

e2e: setup-browser dist
	npm run --silent typecheck
	npm run --silent lint
	npm run --silent e2e

# `planeview export` of several corpus profiles read back by DuckDB (PyPI, in a venv): the SQL
# answers equal `kernels`, `overview` and `summary` (tests/duckdb/parity.py).
# The CLI as `cargo test` builds it (the same features as the test build, so after check-rust
# nothing is compiled again; a plain `cargo build` would rebuild the dependency tree).
duckdb-parity: setup-duckdb
	cargo test --no-run --quiet --test cli
	target/duckdb-venv/bin/python tests/duckdb/parity.py target/debug/planeview

test: check-rust e2e duckdb-parity
	@echo "make test: all checks passed"

# Benchmarks (minutes; not part of `make test`, which runs a smoke version): prints one table and
# writes docs/BENCHMARKS.md. Makes bench-work/ (unpacked inputs, synthetic files, XProf venv).
bench: setup-browser dist
	cargo build --release
	node bench/run.mjs

# Fuzz every importer and the LOD code for FUZZ_SECONDS each (default 120; nightly + cargo-fuzz).
fuzz:
	@scripts/fuzz.sh

clean:
	rm -rf target dist pkg node_modules
