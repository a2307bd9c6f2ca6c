//! Hard input limits, in one place. Exceeding one is a clear `ImportError::LimitExceeded`,
//! never a crash; the README states them.

/// Largest decompressed input accepted. wasm32 has a 4 GiB address space, and the model
/// and the input must fit in it together.
pub const MAX_UNPACKED_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    2 << 30
} else {
    16 << 30
};

/// Deepest JSON nesting accepted inside one event (args of real traces nest < 10 deep).
pub const MAX_JSON_DEPTH: usize = 256;

/// Longest single string accepted (a name, an arg value).
pub const MAX_STRING_BYTES: usize = 64 << 20;
