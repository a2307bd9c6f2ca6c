//! Charts drawn with plotters, generic over its `DrawingBackend` so native tests render SVG.
//! Text is sized by estimate, never by plotters' font engine (on wasm32 that engine is the
//! page's DOM: see `counters.rs`), so charts are drawn in the engine's Worker.

pub mod counters;
