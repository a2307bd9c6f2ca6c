//! Hard input limits, in one place. Exceeding one is a clear
//! [`ImportError::LimitExceeded`](crate::ImportError::LimitExceeded) (error kind
//! `limit_exceeded`, CLI exit status 2), never a crash or an unbounded allocation; the README
//! states them and `tests/limits.rs` has a test for each.
//!
//! | limit | value | checked in |
//! |---|---|---|
//! | [`MAX_UNPACKED_BYTES`] | 1.5 GiB (wasm32), 16 GiB (native) | `import/gzip.rs`, `import/incoming.rs` (formats held whole), protobuf length prefixes |
//! | [`MAX_STREAMED_BYTES`] | 8 GiB (wasm32), 64 GiB (native) | `import/incoming.rs` (Chrome JSON, read as it arrives) |
//! | [`MAX_GZIP_RATIO`] beyond [`GZIP_RATIO_FLOOR_BYTES`] | 256× past the first 64 MiB | `import/gzip.rs` |
//! | [`MAX_JSON_DEPTH`] | 256 levels | Chrome JSON tokenizer |
//! | [`MAX_STRING_BYTES`] | 64 MiB | Chrome JSON tokenizer (error); XSpace `compressed_str_value` (left compressed) |
//!
//! Not limits: a protobuf length prefix that runs past the end of the input is truncation
//! (what was read before it is kept with a `truncated_input` diagnostic), and a length prefix
//! larger than [`MAX_UNPACKED_BYTES`] is damage; neither is ever read out of bounds.

/// Largest decompressed input accepted for a format that is held whole while it is imported
/// (XSpace, Perfetto, HLO, MLIR). wasm32 has a 4 GiB address space, one buffer there cannot
/// exceed 2 GiB, and the whole input and the model must fit together, so the page stops at
/// 1.5 GiB; the CLI allows 16 GiB. Chrome JSON is read as it arrives instead
/// ([`MAX_STREAMED_BYTES`]).
/// A gzip stream that would expand further is stopped as soon as its output passes the limit
/// (nothing beyond `limit + 1` bytes is ever allocated for it).
pub const MAX_UNPACKED_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    3 << 29
} else {
    16 << 30
};

/// Largest decompressed Chrome JSON input accepted. It is read as it arrives and never held
/// whole, so only the model (about 0.2–0.5× the input) has to fit in memory; this bound only
/// stops inputs whose model could not fit even without args.
pub const MAX_STREAMED_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    8 << 30
} else {
    64 << 30
};

/// Largest expansion accepted from a gzip stream once its output has passed
/// [`GZIP_RATIO_FLOOR_BYTES`]: the decompressed bytes may not exceed this many times the
/// compressed bytes consumed so far. Checked while decompressing, every MiB of output, so a
/// gzip bomb is refused after at most `GZIP_RATIO_FLOOR_BYTES` of output, in a fraction of a
/// second, whatever size it claims to expand to.
///
/// Why 256: the most compressible real trace in the corpus (`$PLANEVIEW_CORPUS`) expands 30×
/// overall (Kineto ResNet-50 JSON; typical Kineto traces 16–25×, XSpace 3–4×), and no prefix of any
/// corpus file longer than 1 MiB exceeds 46×; deflate's own maximum is about 1032×, which is
/// what a bomb (a long run of one byte) reaches. 256 leaves more than 5× headroom over real
/// files and refuses every maximum-ratio bomb. A synthetic trace of identical events can
/// reach ~340×: such a file is only refused when it decompresses to more than 64 MiB.
pub const MAX_GZIP_RATIO: u64 = 256;

/// Output size below which the gzip ratio rule does not apply: small files may compress as
/// well as they like, and 64 MiB is cheap to hold even in the browser.
pub const GZIP_RATIO_FLOOR_BYTES: u64 = 64 << 20;

/// Largest decompressed input whose args and stats are kept. Past it the import drops them
/// (a `degraded_import` diagnostic says so): in the browser the whole input and the model
/// share the Wasm heap, and args are most of the model (about 60 of the ~100 bytes per event
/// of real Kineto and XSpace files). The CLI keeps them always.
pub const KEEP_ARGS_UP_TO_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    768 << 20
} else {
    u64::MAX
};

/// [`KEEP_ARGS_UP_TO_BYTES`] for Chrome JSON read as it arrives: the input is not held, so
/// the model alone may take the heap (0.43× the input, args included, on the 131 MB torch
/// trace of the benchmark: about 0.65 GiB at this limit).
pub const KEEP_ARGS_STREAMED_UP_TO_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    3 << 29
} else {
    u64::MAX
};

/// Memory budget of the model while importing. Past it the builder samples what it keeps:
/// slices from 1 µs up, then ever longer ones, and 1 in 2, 4, ... instants and counter
/// samples per track, and nothing once the model holds 1.875× the budget (see
/// `model::sampling`, which states the levels; a `degraded_import` diagnostic says what was
/// dropped). It comes after dropping args ([`KEEP_ARGS_UP_TO_BYTES`]): without args a model
/// takes 25–65 bytes per event, so in the browser it starts past about 16–40 M events. With
/// the held input (≤ [`MAX_UNPACKED_BYTES`]) and what `finish` needs to sort and index (about
/// half the model again), 1.875 GiB of model still fits the 4 GiB of wasm32. The CLI has no
/// budget.
pub const MODEL_BUDGET_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    1 << 30
} else {
    u64::MAX
};

/// Deepest JSON nesting accepted (the root is level 1; args of real traces nest < 10 deep).
/// The Chrome JSON reader recurses per level, so this also bounds its stack use.
pub const MAX_JSON_DEPTH: usize = 256;

/// Longest single string accepted (a name, an arg value, a decompressed XSpace string).
/// Real traces stay far below (the longest names are a few KiB of HLO text); a longer one is
/// refused rather than copied into the model.
pub const MAX_STRING_BYTES: usize = 64 << 20;

/// Output size below which a compressed string (XSpace `compressed_str_value`) may expand
/// without a ratio check.
pub const INFLATED_STRING_FLOOR_BYTES: usize = 4 << 10;

/// Most bytes a compressed string of `compressed_len` bytes may inflate to: the same
/// [`MAX_GZIP_RATIO`] as whole files, past a 4 KiB floor, and at most [`MAX_STRING_BYTES`].
/// Without it, an XSpace of many small distinct "string bombs" (each ~20 bytes inflating to
/// 64 MiB) would expand without bound; a string over the limit is kept compressed (its
/// length as the arg value, with a `compressed_str_undecodable` diagnostic).
pub fn max_inflated_string_bytes(compressed_len: usize) -> usize {
    compressed_len
        .saturating_mul(MAX_GZIP_RATIO as usize)
        .clamp(INFLATED_STRING_FLOOR_BYTES, MAX_STRING_BYTES)
}

/// Deepest nesting of regions the MLIR bytecode decoder follows (each level is a few
/// stack frames); deeper input is reported as malformed.
pub const MAX_MLIR_NESTING: usize = 256;
