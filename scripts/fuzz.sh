#!/usr/bin/env bash
# make fuzz: runs every cargo-fuzz target of fuzz/ for FUZZ_SECONDS each (default 120), one
# after another, on the nightly toolchain, and prints executions and findings per target.
#
#   FUZZ_SECONDS=300 make fuzz                 # longer
#   FUZZ_TARGETS="xspace lod" make fuzz        # some targets only
#   FUZZ_MAX_LEN=8192                          # largest input libFuzzer generates
#   FUZZ_SANITIZER=address                     # default none, see below
#
# The core forbids `unsafe` (Cargo.toml lints), so the fuzzers look for panics (including
# integer overflow: debug assertions are on), aborts, hangs (-timeout) and memory blow-ups
# (-rss_limit_mb / -malloc_limit_mb); AddressSanitizer, which only adds checks on the unsafe code
# of dependencies, costs 2-3x the executions and is off unless FUZZ_SANITIZER=address.
#
# Corpora live in fuzz/corpus/<target>/ (kept between runs, not in git) and are seeded on
# every run from tests/data and the small files of the corpus of real profiles ($PLANEVIEW_CORPUS),
# cut to FUZZ_MAX_LEN. Crashes land in fuzz/artifacts/<target>/; each one found must become a
# regression file in tests/data/regressions/ with a test (see tests/data/regressions/README.md).
# Exit status: 0 when no target found anything, 1 otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ="$ROOT/fuzz"
SECONDS_PER_TARGET="${FUZZ_SECONDS:-120}"
TARGETS="${FUZZ_TARGETS:-xspace chrome_json gzip detect_import lod}"
MAX_LEN="${FUZZ_MAX_LEN:-8192}"
SANITIZER="${FUZZ_SANITIZER:-none}"
CORPUS="${PLANEVIEW_CORPUS:-$ROOT/../shared/corpus}"
export PATH="$HOME/.cargo/bin:$PATH"

die() { echo "fuzz: $*" >&2; exit 2; }
if ! command -v cargo-fuzz >/dev/null; then
  echo "fuzz: installing cargo-fuzz from crates.io (once, a few minutes)…"
  cargo install cargo-fuzz --version 0.13.2 || die "could not install cargo-fuzz"
fi
rustup toolchain list | grep -q '^nightly' || die "the nightly toolchain is missing (rustup toolchain list)"

# --- seeds ----------------------------------------------------------------------------------
# seed TARGET PREFIX_BYTE_HEX|- FILE... : copies the first MAX_LEN bytes of each (decompressed
# when gzipped and the target wants plain content) into the target's corpus.
seed_dir() { mkdir -p "$FUZZ/corpus/$1"; echo "$FUZZ/corpus/$1"; }
put() { # put DIR NAME < bytes
  head -c "$MAX_LEN" > "$1/seed-$2"
}
plain() { # plain FILE: the file's content, decompressed if gzipped
  if [[ "$1" == *.gz ]]; then gzip -dc "$1" 2>/dev/null || true; else cat "$1"; fi
}
files() { # files DIR...: regular non-README files of at most 4 MiB
  for d in "$@"; do
    [[ -d "$d" ]] || continue
    find "$d" -maxdepth 1 -type f ! -name '*.md' -size -4M
  done | sort
}

set +o pipefail # `head -c` closes the pipe early on purpose
xs_dirs=("$ROOT/tests/data/xplane" "$CORPUS/xplane")
js_dirs=("$ROOT/tests/data/chrome_json" "$CORPUS/chrome_json")
other_dirs=("$ROOT/tests/data/not_a_trace" "$CORPUS/not_a_trace" "$CORPUS/perfetto" "$ROOT/tests/data/regressions")

d=$(seed_dir xspace)
for f in $(files "${xs_dirs[@]}"); do plain "$f" | put "$d" "$(basename "$f")"; done
d=$(seed_dir chrome_json)
for f in $(files "${js_dirs[@]}"); do plain "$f" | put "$d" "$(basename "$f")"; done
d=$(seed_dir gzip)
for f in $(files "${xs_dirs[@]}" "${js_dirs[@]}" "${other_dirs[@]}"); do
  if [[ "$f" == *.gz ]]; then
    # mode byte 0x00: the stream as stored (only whole small ones are meaningful)
    if [[ $(stat -c %s "$f") -lt $MAX_LEN ]]; then { printf '\x00'; cat "$f"; } | put "$d" "raw-$(basename "$f")"; fi
  fi
  # mode byte 0x01: plain content, compressed by the target
  { printf '\x01'; plain "$f"; } | put "$d" "plain-$(basename "$f")"
done
d=$(seed_dir detect_import)
for f in $(files "${xs_dirs[@]}" "${js_dirs[@]}" "${other_dirs[@]}"); do
  cat "$f" | put "$d" "$(basename "$f")"
  if [[ "$f" == *.gz ]]; then plain "$f" | put "$d" "plain-$(basename "$f")"; fi
done
seed_dir lod >/dev/null
set -o pipefail

# --- build once, then run each target ---------------------------------------------------------
cd "$FUZZ"
echo "fuzz: building targets (cargo +nightly fuzz build --sanitizer $SANITIZER)…"
cargo +nightly fuzz build --sanitizer "$SANITIZER" >/dev/null 2>"$FUZZ/build.log" || { cat "$FUZZ/build.log" >&2; die "build failed"; }
BIN="$FUZZ/target/x86_64-unknown-linux-gnu/release"

declare -A RUNS FOUND SECS RATE
status=0
for t in $TARGETS; do
  mkdir -p "$FUZZ/artifacts/$t"
  before=$(find "$FUZZ/artifacts/$t" -type f | wc -l)
  log="$FUZZ/artifacts/$t.log"
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s (log: fuzz/artifacts/$t.log)"
  start=$(date +%s)
  set +e
  # The binaries built above, run directly (no rebuild between targets).
  "$BIN/$t" "$FUZZ/corpus/$t" -artifact_prefix="$FUZZ/artifacts/$t/" \
    -max_total_time="$SECONDS_PER_TARGET" -max_len="$MAX_LEN" -timeout=20 \
    -rss_limit_mb=2560 -malloc_limit_mb=2560 -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  SECS[$t]=$(( $(date +%s) - start ))
  # libFuzzer's last "Done N runs" line, or the stat line printed at exit.
  runs=$(grep -oE 'Done [0-9]+ runs' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  [[ -n "$runs" ]] || runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || true)
  [[ -n "$runs" ]] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  RUNS[$t]=${runs:-?}
  RATE[$t]=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo '?')
  after=$(find "$FUZZ/artifacts/$t" -type f | wc -l)
  FOUND[$t]=$(( after - before ))
  if [[ $rc -ne 0 || ${FOUND[$t]} -gt 0 ]]; then
    status=1
    [[ ${FOUND[$t]} -gt 0 ]] || FOUND[$t]="exit $rc"
  fi
done

echo
printf '%-14s %8s %14s %10s  %s\n' target seconds executions exec/s findings
for t in $TARGETS; do
  printf '%-14s %8s %14s %10s  %s\n' "$t" "${SECS[$t]}" "${RUNS[$t]}" "${RATE[$t]}" "${FOUND[$t]}"
done
if [[ $status -ne 0 ]]; then
  echo
  echo "fuzz: findings in fuzz/artifacts/<target>/ (reproduce: cd fuzz && cargo +nightly fuzz run TARGET FILE)"
  find "$FUZZ/artifacts" -type f ! -name '*.log' -newer "$FUZZ/build.log" | sed 's/^/  /'
fi
exit $status
