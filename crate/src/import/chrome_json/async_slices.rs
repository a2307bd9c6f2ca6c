//! Async operations: nestable `b`/`e`/`n`, legacy `S`/`T`/`F`, and object lifetimes
//! `N`/`O`/`D`. They are buffered and matched at the end in time order (file order breaks
//! ties), per key:
//! - `b`/`e`/`n`: (`cat`, `scope`, id) where the id is `id`, `id2.local` or `id2.global`;
//!   plain and local ids are also scoped by `pid`. An `e` closes the innermost open `b` of
//!   its name (or the innermost one when it has no name), and closes whatever was opened
//!   inside it at the same time.
//! - `S`/`T`/`F`: (`cat`, `name`, id, `pid`). `T` (and `p`) steps become instants.
//! - `N`/`O`/`D`: (`name`, id, `pid`): an object's life is a slice, `O` snapshots are
//!   instants on it.
//!
//! Each operation tree goes on an async track of its process named after its outermost
//! event (one track per name; operations that overlap get sub-lanes, which on async tracks
//! is normal and not counted). An end with nothing open is counted in
//! `unmatched_async_end` and dropped; a begin still open at the end of the trace is closed
//! there and counted in `unclosed_async_begin` (for objects still alive: `object_alive_at_end`,
//! Info).

use super::event::{EventFields, IdScope, Phase};
use super::place::{Extra, Placer};
use crate::diagnostics::DiagnosticKind;
use crate::model::{ArgSetId, CategoryId, ProcessId, Ps, StrId, TrackId};
use hashbrown::HashMap;

/// What one buffered event does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Begin,
    End,
    Instant,
}

/// Which family an event belongs to (they differ in how a leftover begin is reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Nestable,
    Legacy,
    Object,
}

/// One buffered event.
#[derive(Clone, Copy, Debug)]
struct AsyncEvent {
    key: u32,
    process: ProcessId,
    time: Ps,
    action: Action,
    family: Family,
    name: StrId,
    category: CategoryId,
    args: ArgSetId,
}

/// An open begin.
#[derive(Clone, Copy, Debug)]
struct Open {
    event: AsyncEvent,
    track: TrackId,
}

/// The buffered events and their interned keys.
#[derive(Debug, Default)]
pub(super) struct AsyncSlices {
    events: Vec<AsyncEvent>,
    keys: HashMap<String, u32>,
    key_text: String,
}

impl AsyncSlices {
    /// True if nothing was buffered.
    pub(super) fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Matches the buffered events and adds slices and instants.
    pub(super) fn finish(p: &mut Placer) {
        let mut events = std::mem::take(&mut p.asyncs.events);
        events.sort_by_key(|e| e.time); // stable: file order on ties
        let mut open: HashMap<u32, Vec<Open>> = HashMap::new();
        for e in events {
            let stack = open.entry(e.key).or_default();
            match e.action {
                Action::Begin => {
                    let track = match stack.first() {
                        Some(root) => root.track,
                        None => async_track(p, e.process, e.name),
                    };
                    stack.push(Open { event: e, track });
                }
                Action::Instant => {
                    let track = match stack.first() {
                        Some(root) => root.track,
                        None => async_track(p, e.process, e.name),
                    };
                    p.b.add_instant(track, e.time, e.name, e.category, e.args);
                }
                Action::End => {
                    let found = stack
                        .iter()
                        .rposition(|o| e.name == StrId::EMPTY || o.event.name == e.name)
                        .or(stack.len().checked_sub(1));
                    let Some(at) = found else {
                        let name = p.b.strings().get(e.name).to_owned();
                        p.b.diagnostics()
                            .record(DiagnosticKind::UnmatchedAsyncEnd, || {
                                format!("async end {name:?} has no open begin with its id; ignored")
                            });
                        continue;
                    };
                    let closed: Vec<Open> = stack.drain(at..).collect();
                    for (k, o) in closed.into_iter().enumerate() {
                        let args = if k == 0 { e.args } else { ArgSetId::NONE };
                        close(p, o, e.time, args);
                    }
                }
            }
        }
        let latest = p.latest;
        let mut left: Vec<Open> = open.into_values().flatten().collect();
        left.sort_by_key(|o| (o.event.time, o.event.key));
        for o in left {
            let name = p.b.strings().get(o.event.name).to_owned();
            let diag = if o.event.family == Family::Object {
                DiagnosticKind::ObjectAliveAtEnd
            } else {
                DiagnosticKind::UnclosedAsyncBegin
            };
            p.b.diagnostics().record(diag, || {
                format!("{name:?} has no end; closed at the end of the trace")
            });
            close(p, o, latest, ArgSetId::NONE);
        }
    }
}

/// The async track of `process` for operations named `name`.
fn async_track(p: &mut Placer, process: ProcessId, name: StrId) -> TrackId {
    let name = p.b.strings().get(name).to_owned();
    p.extra_track(process, &name, Extra::Async)
}

/// Adds the slice of an open begin ending at `end`, the end's args over the begin's.
fn close(p: &mut Placer, o: Open, end: Ps, end_args: ArgSetId) {
    let args = if end_args == ArgSetId::NONE {
        o.event.args
    } else {
        p.b.merge_args(end_args, o.event.args)
    };
    p.b.add_slice(
        o.track,
        o.event.time,
        end.saturating_sub(o.event.time),
        o.event.name,
        o.event.category,
        args,
    );
}

impl Placer {
    /// Buffers one async, legacy async or object event.
    pub(super) fn async_event(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        self.latest = self.latest.max(time);
        let (action, family) = match ev.phase {
            Phase::AsyncBegin => (Action::Begin, Family::Nestable),
            Phase::AsyncEnd => (Action::End, Family::Nestable),
            Phase::AsyncInstant => (Action::Instant, Family::Nestable),
            Phase::LegacyStart => (Action::Begin, Family::Legacy),
            Phase::LegacyStep => (Action::Instant, Family::Legacy),
            Phase::LegacyFinish => (Action::End, Family::Legacy),
            Phase::ObjectNew => (Action::Begin, Family::Object),
            Phase::ObjectSnapshot => (Action::Instant, Family::Object),
            _ => (Action::End, Family::Object),
        };
        let process = self.process(&ev.pid);
        let key = self.async_key(ev, family);
        let args = self.args(ev);
        self.asyncs.events.push(AsyncEvent {
            key,
            process,
            time,
            action,
            family,
            name: ev.name,
            category: ev.category,
            args,
        });
    }

    /// The matching key of an event (see the module doc).
    fn async_key(&mut self, ev: &EventFields, family: Family) -> u32 {
        let a = &mut self.asyncs;
        let text = &mut a.key_text;
        text.clear();
        let sep = '\u{1f}';
        text.push(match family {
            Family::Nestable => 'n',
            Family::Legacy => 'l',
            Family::Object => 'o',
        });
        if family != Family::Object {
            text.push_str(self.b.strings().get(self.b.category_name(ev.category)));
        }
        text.push(sep);
        if family != Family::Nestable {
            text.push_str(self.b.strings().get(ev.name));
        }
        text.push(sep);
        text.push_str(&ev.id_namespace);
        text.push(sep);
        text.push_str(&ev.id);
        if family != Family::Nestable || ev.id_scope != IdScope::Global {
            text.push(sep);
            text.push_str(&ev.pid);
        }
        let next = a.keys.len() as u32;
        *a.keys.entry_ref(text.as_str()).or_insert(next)
    }
}
