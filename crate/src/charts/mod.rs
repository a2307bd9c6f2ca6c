//! Charts drawn with plotters, generic over its `DrawingBackend` so native tests can render
//! SVG. On wasm32 plotters measures text through the browser's `document`: call these on the
//! page's main thread only (see `shared/TOOLCHAIN.md`).

pub mod counters;
