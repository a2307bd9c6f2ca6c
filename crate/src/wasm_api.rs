//! The Wasm adapter, the only file that uses wasm-bindgen: a thin shell over
//! [`crate::api::Session`].
//!
//! JSON calls go through [`Session::call`] (a [`crate::api::Request`] as JSON in, its
//! response as JSON out); bulk data (render lists, chart points, kernel windows, search ids,
//! row slices, names) crosses as typed arrays from dedicated methods. Every error is thrown
//! as a plain object `{kind, message}` with a stable `kind`. Times are picoseconds relative
//! to the trace origin, as `f64` (exact below 2^53 ps, about 2.5 hours of trace).

use crate::api::{self, ApiError, Profile};
use wasm_bindgen::prelude::*;

/// One profile being loaded or explored.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Session {
    inner: api::Session,
}

#[wasm_bindgen]
impl Session {
    /// An empty session. Installs the panic hook so a bug shows a readable message.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        console_error_panic_hook::set_once();
        Session::default()
    }

    /// Reduced detail: import without args and stats. Call before the first chunk.
    pub fn reduce_detail(&mut self) {
        self.inner.reduce_detail();
    }

    /// Announces the file's size; throws `{kind: "limit_exceeded"}` past the input limit.
    pub fn reserve(&mut self, bytes: f64) -> Result<(), JsValue> {
        self.inner.reserve(bytes.max(0.0) as u64).map_err(js_error)
    }

    /// Announces the decompressed size a gzip file's trailer states.
    pub fn hint_unpacked(&mut self, bytes: f64) {
        self.inner.hint_unpacked(bytes.max(0.0) as u64);
    }

    /// Appends a chunk of the file; throws `{kind: "limit_exceeded"}` past a limit.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), JsValue> {
        self.inner.push(chunk).map_err(js_error)
    }

    /// Takes a part read by [`JsonPart`] (its bytes) in place of the bytes of its range; false
    /// when it cannot, and the page pushes the bytes from `offset()` instead.
    pub fn absorb(&mut self, part: Vec<u8>) -> Result<bool, JsValue> {
        self.inner.absorb(part).map_err(js_error)
    }

    /// The offset of the next byte of the file to push.
    pub fn offset(&self) -> f64 {
        self.inner.offset() as f64
    }

    /// Events read so far, for the progress line.
    pub fn events_read(&self) -> f64 {
        self.inner.events_read() as f64
    }

    /// Imports everything pushed so far and returns the overview as JSON (see
    /// [`api::Overview`]).
    pub fn finish(&mut self) -> Result<String, JsValue> {
        let overview = self.inner.finish().map_err(js_error)?;
        serde_json::to_string(&overview).map_err(|e| js_error(ApiError::Internal(e.to_string())))
    }

    /// Imports about `events` events more of what was pushed (see
    /// [`api::Session::finish_step`]): the overview as JSON once done, `undefined` while work
    /// is left (the calls are then answered by the last preview).
    pub fn finish_step(&mut self, events: f64) -> Result<Option<String>, JsValue> {
        let overview = self
            .inner
            .finish_step(events.max(1.0) as u64)
            .map_err(js_error)?;
        overview
            .map(|o| serde_json::to_string(&o))
            .transpose()
            .map_err(|e| js_error(ApiError::Internal(e.to_string())))
    }

    /// `[bytes read, all bytes, events placed]` of an import under way in steps; `undefined`
    /// when none is.
    pub fn import_progress(&self) -> Option<Vec<f64>> {
        let (done, total, events) = self.inner.import_progress()?;
        Some(vec![done as f64, total as f64, events as f64])
    }

    /// A preview of the part of a Chrome JSON file read so far, or of the events of an XSpace
    /// placed so far by `finish_step`, which answers the calls until `finish`: its overview as
    /// JSON, or `undefined` for a format read only at the end (see
    /// [`api::Session::preview`]).
    pub fn preview(&mut self) -> Result<Option<String>, JsValue> {
        self.inner
            .preview()
            .map(|o| serde_json::to_string(&o))
            .transpose()
            .map_err(|e| js_error(ApiError::Internal(e.to_string())))
    }

    /// Answers one JSON call (`{"method", "args"}`, see [`api::Request`]) with its JSON.
    pub fn call(&self, request: &str) -> Result<String, JsValue> {
        self.inner.handle_json(request).map_err(js_error)
    }

    /// Builds the slice levels of detail (the worker calls it after the first frame); does
    /// nothing without a profile.
    pub fn build_slice_levels(&self) {
        if let Ok(p) = self.inner.profile() {
            p.build_slice_levels();
        }
    }

    /// Render list of slices, stride 7 (see [`Profile::render_slices`]).
    pub fn render_slices(
        &self,
        tracks: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width: f64,
    ) -> Result<Vec<f64>, JsValue> {
        Ok(self.profile()?.render_slices(tracks, t0_ps, t1_ps, width))
    }

    /// Render list of instants, stride 4 (see [`Profile::render_instants`]).
    pub fn render_instants(
        &self,
        tracks: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width: f64,
    ) -> Result<Vec<f64>, JsValue> {
        Ok(self.profile()?.render_instants(tracks, t0_ps, t1_ps, width))
    }

    /// Render list of counter tracks (see [`Profile::render_counters`]).
    pub fn render_counters(
        &self,
        tracks: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        width: f64,
    ) -> Result<Vec<f32>, JsValue> {
        Ok(self.profile()?.render_counters(tracks, t0_ps, t1_ps, width))
    }

    /// Flow arrows in view, stride 9 (see [`Profile::render_flows`]).
    pub fn render_flows(
        &self,
        tracks: &[u32],
        t0_ps: f64,
        t1_ps: f64,
        limit: u32,
    ) -> Result<Vec<f64>, JsValue> {
        Ok(self.profile()?.render_flows(tracks, t0_ps, t1_ps, limit))
    }

    /// One pixel column of a counter track (see [`Profile::counter_column`]).
    pub fn counter_column(
        &self,
        track: u32,
        t0_ps: f64,
        t1_ps: f64,
        width: f64,
        column: f64,
    ) -> Result<Vec<f64>, JsValue> {
        Ok(self
            .profile()?
            .counter_column(track, t0_ps, t1_ps, width, column))
    }

    /// The MLIR text of the loaded file; `undefined` when it is not MLIR (see
    /// [`Profile::mlir_text`]).
    pub fn mlir_text(&self, locs: bool) -> Result<Option<String>, JsValue> {
        Ok(self.profile()?.mlir_text(locs))
    }

    /// An interned string ("" for an unknown id).
    pub fn string(&self, id: u32) -> Result<String, JsValue> {
        Ok(self.profile()?.string(id).to_owned())
    }

    /// Slice ids whose name contains `query` (see [`Profile::search`]).
    pub fn search(&self, query: &str, limit: u32) -> Result<Vec<u32>, JsValue> {
        Ok(self.profile()?.search(query, limit))
    }

    /// `[start_ps, end_ps, ...]` of a slice's occurrences (see [`Profile::kernel_windows`]).
    pub fn kernel_windows(
        &self,
        slice: u32,
        t0_ps: f64,
        t1_ps: f64,
        limit: u32,
    ) -> Result<Vec<f64>, JsValue> {
        Ok(self.profile()?.kernel_windows(slice, t0_ps, t1_ps, limit))
    }

    /// `[time_ps, value, ...]` of a counter (see [`Profile::counter_chart_points`]).
    pub fn counter_chart_points(
        &self,
        track: u32,
        t0_ps: f64,
        t1_ps: f64,
        max_points: u32,
    ) -> Result<Vec<f64>, JsValue> {
        Ok(self
            .profile()?
            .counter_chart_points(track, t0_ps, t1_ps, max_points))
    }

    /// Table `name` as an Arrow IPC stream, its `profile` column set to `profile` (see
    /// [`Profile::table_arrow`]).
    pub fn table_arrow(&self, name: &str, profile: &str) -> Result<Vec<u8>, JsValue> {
        self.profile()?.table_arrow(name, profile).map_err(js_error)
    }

    /// The slice ids of one row of an analysis table (see [`Profile::analysis_row_slices`]).
    pub fn analysis_row_slices(
        &self,
        tool: &str,
        row: u32,
        xprof_compat: bool,
    ) -> Result<Vec<u32>, JsValue> {
        self.profile()?
            .analysis_row_slices(tool, row, xprof_compat)
            .map_err(js_error)
    }
}

/// A range of a Chrome JSON file's event array read apart from the file, for a [`Session`]
/// elsewhere to take (see [`crate::import::chrome_json::PartStream`]).
#[wasm_bindgen]
#[derive(Debug)]
pub struct JsonPart {
    inner: Option<crate::import::chrome_json::PartStream>,
}

#[wasm_bindgen]
impl JsonPart {
    /// A part that starts at file offset `start`, inside a root array (`bare`) or
    /// `traceEvents`.
    #[wasm_bindgen(constructor)]
    pub fn new(start: f64, bare: bool) -> JsonPart {
        console_error_panic_hook::set_once();
        let stream = crate::import::chrome_json::PartStream::new(
            start.max(0.0) as usize,
            bare,
            &crate::import::ImportOptions::default(),
        );
        JsonPart {
            inner: Some(stream),
        }
    }

    /// Reads the next bytes of the range.
    pub fn push(&mut self, chunk: &[u8]) {
        if let Some(part) = &mut self.inner {
            part.push(chunk);
        }
    }

    /// True once the part stopped reading (the rest of its range need not be sent).
    pub fn stopped(&self) -> bool {
        self.inner.as_ref().is_none_or(|p| p.stopped())
    }

    /// The part's bytes (empty after the first call).
    pub fn finish(&mut self) -> Vec<u8> {
        self.inner
            .take()
            .map(|p| p.finish().into_bytes())
            .unwrap_or_default()
    }
}

/// The first offset at or after `from` in `window` (the file's bytes from offset `from`) that
/// looks like a boundary between two events (see
/// [`crate::import::chrome_json::split_point`]); `undefined` if the window has none.
#[wasm_bindgen]
pub fn json_split_point(window: &[u8], from: f64) -> Option<f64> {
    crate::import::chrome_json::split_point(window, from.max(0.0) as usize).map(|p| p as f64)
}

/// Whether a file that starts with `head` is a Chrome JSON file whose events could be read
/// in parts, and how: `undefined` when it is not (gzip, or not JSON), else `true` for a root
/// array of events, `false` for an object with `traceEvents`.
#[wasm_bindgen]
pub fn json_parts_layout(head: &[u8]) -> Option<bool> {
    (!crate::import::is_gzip(head) && crate::import::chrome_json::sniff(head))
        .then(|| crate::import::chrome_json::looks_like_bare_array(head))
}

impl Session {
    fn profile(&self) -> Result<&Profile, JsValue> {
        self.inner.profile().map_err(js_error)
    }
}

/// `{kind, message}` as a JS object.
fn js_error(e: ApiError) -> JsValue {
    let reply = e.reply();
    // Serialising two strings cannot fail; fall back to the bare message if it ever does.
    serde_wasm_bindgen::to_value(&reply).unwrap_or_else(|_| reply.message.into())
}
