#!/usr/bin/env bash
# make fuzz: runs every cargo-fuzz target of fuzz/ for FUZZ_SECONDS each (default 120), one
# after another, on the nightly toolchain, and prints executions, exec/s, the machine's load and
# findings per target.
#
# Targets: xspace, chrome_json, gzip, detect_import, lod (importers and level of detail),
# json_scan (the Chrome JSON scanner's vector and scalar backends give the same model),
# json_parts (a Chrome JSON file read in parts gives the model of one reader),
# xspace_threads (an XSpace imported on several threads gives the model of one),
# xspace_steps (an XSpace imported in steps, with previews between them, gives the model of one import),
# perfetto, hlo_proto, hlo_text (the HLO readers and the HLO view's requests), mlir (bytecode
# decoder and printer), kernel (custom-call kernel extraction, HLO / StableHLO → MLIR).
#
#   FUZZ_SECONDS=300 make fuzz                 # longer
#   FUZZ_TARGETS="xspace lod" make fuzz        # some targets only
#   FUZZ_RUNS=1000000                          # stop a target after this many executions (or
#                                              # FUZZ_SECONDS, whichever comes first)
#   FUZZ_MAX_LEN=8192                          # largest input libFuzzer generates (the mlir
#                                              # target takes at least 24576: whole kernels)
#   FUZZ_SANITIZER=address                     # default none, see below
#
# The core forbids `unsafe` (Cargo.toml lints), so the fuzzers look for panics (including
# integer overflow: debug assertions are on), aborts, hangs (-timeout) and memory blow-ups
# (-rss_limit_mb / -malloc_limit_mb); AddressSanitizer, which only adds checks on the unsafe code
# of dependencies, costs 2-3x the executions and is off unless FUZZ_SANITIZER=address.
#
# Corpora live in fuzz/corpus/<target>/ (kept between runs, not in git) and are seeded on
# every run from tests/data and the small files of the corpus of real profiles ($PLANEVIEW_CORPUS),
# cut to FUZZ_MAX_LEN (Perfetto traces at packet boundaries, and the kernel target's configs and
# HLO modules built around the corpus kernels, by scripts/fuzz-seeds.mjs). Crashes land in fuzz/artifacts/<target>/; each one found must become a
# regression file in tests/data/regressions/ with a test (see tests/data/regressions/README.md).
# Exit status: 0 when no target found anything, 1 otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ="$ROOT/fuzz"
SECONDS_PER_TARGET="${FUZZ_SECONDS:-120}"
TARGETS="${FUZZ_TARGETS:-xspace xspace_threads xspace_steps chrome_json json_scan json_parts gzip detect_import lod perfetto hlo_proto hlo_text mlir kernel}"
RUNS_PER_TARGET="${FUZZ_RUNS:--1}"
MAX_LEN="${FUZZ_MAX_LEN:-8192}"
MLIR_MAX_LEN=$(( MAX_LEN > 24576 ? MAX_LEN : 24576 ))
SANITIZER="${FUZZ_SANITIZER:-none}"
CORPUS="${PLANEVIEW_CORPUS:-$ROOT/../shared/corpus}"
export PATH="$HOME/.cargo/bin:$PATH"

die() { echo "fuzz: $*" >&2; exit 2; }
if ! command -v cargo-fuzz >/dev/null; then
  echo "fuzz: installing cargo-fuzz from crates.io (once, a few minutes)…"
  cargo install cargo-fuzz --version 0.13.2 || die "could not install cargo-fuzz"
fi
rustup toolchain list | grep -q '^nightly' || die "the nightly toolchain is missing (rustup toolchain list)"
[[ -d "$CORPUS" ]] || echo "fuzz: no corpus of real profiles at $CORPUS (set PLANEVIEW_CORPUS): seeds from tests/data only"

# --- seeds ----------------------------------------------------------------------------------
# seed TARGET PREFIX_BYTE_HEX|- FILE... : copies the first MAX_LEN bytes of each (decompressed
# when gzipped and the target wants plain content) into the target's corpus.
seed_dir() { mkdir -p "$FUZZ/corpus/$1"; echo "$FUZZ/corpus/$1"; }
put() { # put DIR NAME [LEN] < bytes
  head -c "${3:-$MAX_LEN}" > "$1/seed-$2"
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
pf_dirs=("$ROOT/tests/data/perfetto" "$CORPUS/perfetto")
hlo_dirs=("$ROOT/tests/data/hlo" "$CORPUS/hlo")
mlir_dirs=("$ROOT/tests/data/mlir" "$CORPUS/mlir" "$CORPUS/mlir/kernels")
other_dirs=("$ROOT/tests/data/not_a_trace" "$CORPUS/not_a_trace" "${pf_dirs[@]}" "${hlo_dirs[@]}" "${mlir_dirs[@]}" "$ROOT/tests/data/regressions")

d=$(seed_dir xspace)
for f in $(files "${xs_dirs[@]}"); do plain "$f" | put "$d" "$(basename "$f")"; done
d=$(seed_dir xspace_threads)
# the pick byte (runs of 3 events, 2 threads), then the XSpace
for f in $(files "${xs_dirs[@]}"); do { printf '\x02'; plain "$f"; } | put "$d" "$(basename "$f")"; done
d=$(seed_dir xspace_steps)
# the pick byte (runs of 3 events, steps of 4), then the XSpace
for f in $(files "${xs_dirs[@]}"); do { printf '\x12'; plain "$f"; } | put "$d" "$(basename "$f")"; done
d=$(seed_dir chrome_json)
for f in $(files "${js_dirs[@]}"); do plain "$f" | put "$d" "$(basename "$f")"; done
d=$(seed_dir json_scan)
# two bytes of cut offset, then the JSON
for f in $(files "${js_dirs[@]}"); do { printf '\x00\x01'; plain "$f"; } | put "$d" "$(basename "$f")"; done
d=$(seed_dir json_parts)
# parts (the first byte, modulo 8, plus 2), two bytes of seed for arbitrary points, the JSON
for f in $(files "${js_dirs[@]}"); do { printf '\x02\x07\x01'; plain "$f"; } | put "$d" "$(basename "$f")"; done
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
d=$(seed_dir perfetto)
pf_files=$(files "${pf_dirs[@]}")
if command -v node >/dev/null; then
  # shellcheck disable=SC2086 # one word per file
  [[ -z "$pf_files" ]] || node "$ROOT/scripts/fuzz-seeds.mjs" perfetto "$MAX_LEN" "$d" $pf_files
else
  for f in $pf_files; do plain "$f" | put "$d" "$(basename "$f")"; done
fi
hlo_texts=$(for f in $(files "${hlo_dirs[@]}"); do if plain "$f" | head -c 64 | grep -q '^HloModule'; then echo "$f"; fi; done)
d=$(seed_dir hlo_proto)
for f in $(files "${hlo_dirs[@]}"); do [[ "$f" != *.pb ]] || plain "$f" | put "$d" "$(basename "$f")"; done
d=$(seed_dir hlo_text)
for f in $hlo_texts; do plain "$f" | put "$d" "$(basename "$f")"; done
mlirbc=$(for f in $(files "${mlir_dirs[@]}"); do [[ "$f" != *.mlirbc ]] || echo "$f"; done)
d=$(seed_dir mlir)
for f in $mlirbc; do put "$d" "$(basename "$f")" "$MLIR_MAX_LEN" < "$f"; done
d=$(seed_dir kernel)
# mode byte 0x00: StableHLO text; 0x01: an HLO module; others: one target's backend_config
for f in $(files "${mlir_dirs[@]}"); do
  [[ "$f" != *.mlir ]] || { printf '\x00'; cat "$f"; } | put "$d" "stablehlo-$(basename "$f")"
done
for f in $hlo_texts; do { printf '\x01'; plain "$f"; } | put "$d" "hlo-$(basename "$f")"; done
if command -v node >/dev/null; then
  # shellcheck disable=SC2086 # one word per file
  [[ -z "$mlirbc" ]] || node "$ROOT/scripts/fuzz-seeds.mjs" kernel "$MAX_LEN" "$d" $mlirbc
fi
set -o pipefail

# --- build once, then run each target ---------------------------------------------------------
cd "$FUZZ"
echo "fuzz: building targets (cargo +nightly fuzz build --sanitizer $SANITIZER)…"
cargo +nightly fuzz build --sanitizer "$SANITIZER" >/dev/null 2>"$FUZZ/build.log" || { cat "$FUZZ/build.log" >&2; die "build failed"; }
BIN="$FUZZ/target/x86_64-unknown-linux-gnu/release"

declare -A RUNS FOUND SECS RATE LOAD
status=0
for t in $TARGETS; do
  mkdir -p "$FUZZ/artifacts/$t"
  before=$(find "$FUZZ/artifacts/$t" -type f | wc -l)
  log="$FUZZ/artifacts/$t.log"
  echo "fuzz: $t for ${SECONDS_PER_TARGET}s (log: fuzz/artifacts/$t.log)"
  start=$(date +%s)
  set +e
  # The binaries built above, run directly (no rebuild between targets).
  len=$MAX_LEN
  [[ "$t" != mlir ]] || len=$MLIR_MAX_LEN
  "$BIN/$t" "$FUZZ/corpus/$t" -artifact_prefix="$FUZZ/artifacts/$t/" \
    -max_total_time="$SECONDS_PER_TARGET" -runs="$RUNS_PER_TARGET" -max_len="$len" -timeout=20 \
    -rss_limit_mb=2560 -malloc_limit_mb=2560 -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  SECS[$t]=$(( $(date +%s) - start ))
  LOAD[$t]=$(cut -d' ' -f1-3 /proc/loadavg)
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
printf '%-14s %8s %14s %10s  %-16s %s\n' target seconds executions exec/s 'load (1/5/15)' findings
for t in $TARGETS; do
  printf '%-14s %8s %14s %10s  %-16s %s\n' "$t" "${SECS[$t]}" "${RUNS[$t]}" "${RATE[$t]}" "${LOAD[$t]}" "${FOUND[$t]}"
done
if [[ $status -ne 0 ]]; then
  echo
  echo "fuzz: findings in fuzz/artifacts/<target>/ (reproduce: cd fuzz && cargo +nightly fuzz run TARGET FILE)"
  find "$FUZZ/artifacts" -type f ! -name '*.log' -newer "$FUZZ/build.log" | sed 's/^/  /'
fi
exit $status
