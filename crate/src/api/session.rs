//! [`Session`]: a profile arriving in chunks, then the loaded [`Profile`] answering calls.

use super::replies::Overview;
use super::{ApiError, Profile, Request, Response};
use crate::import::{Finishing, ImportOptions, Incoming};

/// One profile being loaded or explored: [`Session::push`] chunks, [`Session::finish`], then
/// [`Session::handle`] calls (each fails with `no_profile` before a successful finish, or is
/// answered by the preview of the part read so far once [`Session::preview`] made one).
#[derive(Debug, Default)]
pub struct Session {
    incoming: Incoming,
    profile: Option<Profile>,
    /// What [`Session::preview`] made of the part read so far, until `finish`.
    preview: Option<Profile>,
    /// An import being finished in steps (see [`Session::finish_step`]).
    finishing: Option<Finishing>,
}

impl Session {
    /// An empty session.
    pub fn new() -> Session {
        Session::default()
    }

    /// Reduced detail: import without args and stats (the retry after the engine ran out of
    /// memory). Call before the first chunk.
    pub fn reduce_detail(&mut self) {
        self.incoming = Incoming::new(ImportOptions {
            drop_args: true,
            ..ImportOptions::default()
        });
    }

    /// Announces the file's size (see [`Incoming::expect`]); `limit_exceeded` past the input
    /// limit.
    pub fn reserve(&mut self, bytes: u64) -> Result<(), ApiError> {
        Ok(self.incoming.expect(bytes)?)
    }

    /// Announces the decompressed size a gzip file's trailer states (see
    /// [`Incoming::hint_unpacked`]).
    pub fn hint_unpacked(&mut self, bytes: u64) {
        self.incoming.hint_unpacked(bytes);
    }

    /// Appends a chunk of the file (gzip is decompressed as it arrives); `limit_exceeded`
    /// when the input grows past a limit.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), ApiError> {
        Ok(self.incoming.push(chunk)?)
    }

    /// Takes a part of the file read elsewhere (the bytes of
    /// [`crate::import::chrome_json::Part::into_bytes`]) in place of its bytes, as
    /// [`Incoming::absorb`] does; false when it cannot (the bytes are not a part, or it does
    /// not start where the file stands): push the bytes from [`Session::offset`] instead.
    /// `limit_exceeded` when the input grows past a limit.
    pub fn absorb(&mut self, part: Vec<u8>) -> Result<bool, ApiError> {
        let Some(part) = crate::import::chrome_json::Part::from_bytes(part) else {
            return Ok(false);
        };
        Ok(self.incoming.absorb(&part)?)
    }

    /// The offset of the next byte of the file to push (see [`Incoming::offset`]).
    pub fn offset(&self) -> u64 {
        self.incoming.offset()
    }

    /// Events read so far, for the progress line (Chrome JSON is parsed as it arrives; other
    /// formats are read at `finish` and report 0 until then).
    pub fn events_read(&self) -> u64 {
        self.incoming.events_read()
    }

    /// Imports everything pushed so far, replacing the loaded profile, and returns its
    /// overview (summary, time range, track groups in display order, metadata).
    pub fn finish(&mut self) -> Result<Overview, ApiError> {
        self.profile = None;
        self.preview = None;
        let imported = match self.finishing.take() {
            Some(finishing) => finishing.finish(),
            None => std::mem::take(&mut self.incoming).finish(),
        };
        let profile = self.profile.insert(Profile::new(imported?));
        Ok(Overview::of(profile.imported()))
    }

    /// [`Session::finish`] in steps, for a caller on one thread that answers calls (on the
    /// preview) between them: each call does about `events` events of the import (an XSpace
    /// is read a few runs of events at a time; other formats at once) and returns `None`
    /// while work is left, then the overview as `finish` does. After an error the session is
    /// as after a failed `finish`.
    pub fn finish_step(&mut self, events: u64) -> Result<Option<Overview>, ApiError> {
        let finishing = match &mut self.finishing {
            Some(finishing) => finishing,
            None => {
                self.profile = None;
                let started = std::mem::take(&mut self.incoming).finish_in_steps()?;
                self.finishing.insert(started)
            }
        };
        if finishing.step(events) {
            self.finish().map(Some)
        } else {
            Ok(None)
        }
    }

    /// How far a [`Session::finish_step`] import is: (decompressed bytes read, all of them,
    /// events placed); `None` when none is under way.
    pub fn import_progress(&self) -> Option<(u64, u64, u64)> {
        let f = self.finishing.as_ref()?;
        let (done, total) = f.progress();
        Some((done, total, f.events_placed()))
    }

    /// A profile of the part of a Chrome JSON file read so far, or of the part of an XSpace
    /// placed so far by [`Session::finish_step`] (no args, no flows: see
    /// [`crate::model::TraceBuilder::snapshot`]), answering calls until [`Session::finish`]
    /// replaces it; returns its overview, or `None` for a format that is read only at the end
    /// (or before the format is known). Each call makes a new preview, replacing the last.
    pub fn preview(&mut self) -> Option<Overview> {
        self.preview = None;
        let imported = match &self.finishing {
            Some(finishing) => finishing.snapshot()?,
            None => self.incoming.snapshot()?,
        };
        let preview = self.preview.insert(Profile::new(imported));
        Some(Overview::of(preview.imported()))
    }

    /// The loaded profile (or, while loading, the preview); `no_profile` before a successful
    /// [`Session::finish`] or [`Session::preview`].
    pub fn profile(&self) -> Result<&Profile, ApiError> {
        self.profile
            .as_ref()
            .or(self.preview.as_ref())
            .ok_or(ApiError::NoProfile)
    }

    /// Answers one call of the loaded profile.
    pub fn handle(&self, request: Request) -> Result<Response<'_>, ApiError> {
        self.profile()?.handle(request)
    }

    /// Answers one call given as JSON (`{"method": ..., "args": [...]}`) with its JSON;
    /// `bad_request` when the request does not decode.
    pub fn handle_json(&self, request: &str) -> Result<String, ApiError> {
        let request = Request::decode(super::wire::Wire::parse(request)?)?;
        let response = self.handle(request)?;
        serde_json::to_string(&response).map_err(|e| ApiError::Internal(e.to_string()))
    }
}
