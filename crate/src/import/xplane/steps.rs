//! An XSpace import in steps: the same work as [`super::import_owned`], in the same order,
//! cut into steps of a few runs of events, so that a caller with one thread (the page's
//! engine) can answer calls, show a preview of what is placed so far and give up between
//! steps. Each step decodes its runs itself (no helper threads).
//!
//! Contract: stepping until [`Stepwise::step`] returns true, then [`Stepwise::finish`], gives
//! the model, diagnostics and errors of `import_owned` on the same bytes and options, for any
//! step sizes (`tests/xplane_steps.rs` compares the dumps; the `xspace_steps` fuzz target
//! compares them on arbitrary bytes).

use super::event::DecodedRun;
use super::wire::{Field, Fields, LEN, Stop};
use super::{Importer, LINE_EVENTS, PlaneWork};
use crate::error::ImportError;
use crate::import::ImportOptions;
use crate::model::{Ps, Trace, TrackId};
use std::ops::Range;

/// A top-level XSpace field, by offsets into the input (see [`Field`]).
#[derive(Clone, Copy, Debug)]
struct FieldAt {
    number: u64,
    wire: u8,
    start: usize,
    payload_start: usize,
    end: usize,
    complete: bool,
}

impl FieldAt {
    fn of(f: &Field) -> Self {
        FieldAt {
            number: f.number,
            wire: f.wire,
            start: f.start,
            payload_start: f.payload_start,
            end: f.start + f.whole.len(),
            complete: f.complete,
        }
    }

    fn field(self, input: &[u8]) -> Field<'_> {
        let payload = if self.wire == LEN {
            &input[self.payload_start..self.end]
        } else {
            &[]
        };
        Field {
            number: self.number,
            wire: self.wire,
            start: self.start,
            whole: &input[self.start..self.end],
            payload,
            payload_start: self.payload_start,
            complete: self.complete,
        }
    }
}

/// The line being placed: its runs and the next one.
#[derive(Debug)]
struct LineCursor {
    line: usize,
    runs: Vec<(Range<usize>, usize)>,
    next: usize,
    track: TrackId,
    base: Ps,
}

/// The plane being placed, and where in it.
#[derive(Debug)]
struct PlaneCursor {
    work: PlaneWork,
    /// The line whose runs are being placed (`None` before the first).
    line: Option<LineCursor>,
    /// The next line to begin.
    next_line: usize,
    /// Where the plane's field starts in the input.
    start: usize,
}

/// An XSpace import in steps (see the module doc).
#[derive(Debug)]
pub struct Stepwise {
    input: Vec<u8>,
    importer: Importer,
    /// The XSpace's top-level fields (planes skipped over by their length), and why the walk
    /// over them stopped early, if it did.
    fields: Vec<FieldAt>,
    stop: Option<Stop>,
    next_field: usize,
    plane: Option<PlaneCursor>,
    /// Events of the runs placed so far.
    events_placed: u64,
    done: bool,
}

impl Stepwise {
    /// Starts importing `bytes`; nothing of it is read until the first step but the offsets of
    /// its top-level fields.
    pub fn new(bytes: Vec<u8>, options: &ImportOptions) -> Self {
        let importer = Importer::new(&ImportOptions {
            threads: 1,
            ..*options
        });
        let mut walk = Fields::new(&bytes);
        let fields: Vec<FieldAt> = (&mut walk).map(|f| FieldAt::of(&f)).collect();
        let stop = walk.stop().cloned();
        Stepwise {
            input: bytes,
            importer,
            fields,
            stop,
            next_field: 0,
            plane: None,
            events_placed: 0,
            done: false,
        }
    }

    /// Does the next piece of the import: at least one run of events, a plane's start (its
    /// header, the survey of its lines), or a top-level field, and goes on until about
    /// `events` events were placed. True once everything is read (then call
    /// [`Stepwise::finish`]); later calls do nothing.
    pub fn step(&mut self, events: u64) -> bool {
        let budget = self.events_placed.saturating_add(events.max(1));
        while !self.done && self.events_placed < budget {
            if self.plane.is_some() {
                self.plane_step();
            } else if let Some(&at) = self.fields.get(self.next_field) {
                self.next_field += 1;
                let field = at.field(&self.input);
                if let Some(parts) = self.importer.space_field(field) {
                    let work = self.importer.begin_plane(parts, &self.input);
                    self.plane = Some(PlaneCursor {
                        work,
                        line: None,
                        next_line: 0,
                        start: at.start,
                    });
                    // A plane's start (the survey of all its lines) is a step of its own.
                    return false;
                }
            } else {
                let len = self.input.len();
                self.importer.note_space_stop(self.stop.as_ref(), len);
                self.done = true;
            }
        }
        self.done
    }

    /// Places the next run of the plane being placed, or begins its next line, or ends it.
    fn plane_step(&mut self) {
        let Some(plane) = self.plane.as_mut() else {
            return;
        };
        let run_events = self.importer.run_events;
        if let Some(cursor) = plane.line.as_mut() {
            if let Some((range, events)) = cursor.runs.get(cursor.next).cloned() {
                cursor.next += 1;
                let line = plane.work.lines[cursor.line];
                let run = DecodedRun::decode(line.view(&self.input), range, LINE_EVENTS, events);
                let header = &plane.work.surveys[cursor.line].header;
                let (track, base) = (cursor.track, cursor.base);
                let names = &mut plane.work.names;
                self.importer
                    .add_run(&run, &line, header, base, track, names);
                self.events_placed += events as u64;
                return;
            }
            plane.line = None;
        }
        let k = plane.next_line;
        if k == plane.work.lines.len() {
            if let Some(plane) = self.plane.take() {
                self.importer.end_plane(plane.work);
            }
            return;
        }
        plane.next_line += 1;
        if let Some((track, base)) = self.importer.begin_line(&mut plane.work, k) {
            plane.line = Some(LineCursor {
                line: k,
                runs: plane.work.line_runs(k, run_events).collect(),
                next: 0,
                track,
                base,
            });
        }
    }

    /// How far the import is: (input bytes behind the run, line or field reached, the input's
    /// length).
    pub fn progress(&self) -> (u64, u64) {
        let len = self.input.len() as u64;
        if self.done {
            return (len, len);
        }
        let at = match &self.plane {
            Some(plane) => match &plane.line {
                Some(c) => {
                    let line = plane.work.lines[c.line];
                    let within = c.runs.get(c.next).map_or(line.len, |(r, _)| r.start);
                    line.offset + within
                }
                None => match plane.work.lines.get(plane.next_line) {
                    Some(line) => line.offset,
                    None => plane
                        .work
                        .lines
                        .last()
                        .map_or(plane.start, |l| l.offset + l.len),
                },
            },
            None => self
                .fields
                .get(self.next_field)
                .map_or(self.input.len(), |f| f.start),
        };
        (at as u64, len)
    }

    /// Events placed so far.
    pub fn events_placed(&self) -> u64 {
        self.events_placed
    }

    /// A model of what is placed so far, without args and flows (see
    /// [`crate::model::TraceBuilder::snapshot`]).
    pub fn snapshot(&self) -> Trace {
        self.importer.b.snapshot(&[])
    }

    /// Takes the remaining steps, releases the input and finishes the model as
    /// [`super::import_owned`] does.
    pub fn finish(mut self) -> Result<Trace, ImportError> {
        while !self.step(u64::MAX) {}
        let len = self.input.len();
        drop(std::mem::take(&mut self.input));
        self.importer.finish(len)
    }
}
