//! `C` counter events: one counter track per (`pid`, `name`, `id`, args key), holding one
//! sample per event that has that key. Tracks are named `<name>` when every `C` event of
//! that name and id in that process has a single args key, else `<name>.<key>`
//! (`docs/CONTRACT.md` § counters); an `id` adds ` <id>` to the name. A value that is not a number is counted in
//! `counter_value_not_numeric` and skipped; a `C` event without args in
//! `counter_without_value`.

use super::event::EventFields;
use super::place::{Extra, Placer};
use crate::diagnostics::DiagnosticKind;
use crate::model::{ArgValue, ProcessId, StrId, TrackId};
use hashbrown::HashMap;

/// The counter series seen so far.
#[derive(Debug, Default)]
pub(super) struct Counters {
    /// (process, event name, id, args key) → track, in creation order.
    series: Vec<((ProcessId, StrId, StrId, StrId), TrackId)>,
    index: HashMap<(ProcessId, StrId, StrId, StrId), usize>,
    /// (process, event name, id) groups where some event has more than one args key.
    multi_key: HashMap<(ProcessId, StrId, StrId), bool>,
}

/// A counter value as a number; `None` for anything else.
pub(super) fn numeric(value: ArgValue) -> Option<f64> {
    match value {
        ArgValue::Int(v) => Some(v as f64),
        ArgValue::Uint(v) => Some(v as f64),
        ArgValue::Float(v) => Some(v),
        ArgValue::Bool(v) => Some(f64::from(u8::from(v))),
        _ => None,
    }
}

impl Counters {
    /// Names each track now that all keys of its event name are known.
    pub(super) fn finish(p: &mut Placer) {
        let series = std::mem::take(&mut p.counters.series);
        for ((process, name, id, _), track) in series {
            if p.counters.multi_key.get(&(process, name, id)) == Some(&false) {
                let name = base_name(p, name, id);
                p.b.set_track_name(track, &name);
            }
        }
    }
}

/// `<name>` or `<name> <id>`.
fn base_name(p: &Placer, name: StrId, id: StrId) -> String {
    let strings = p.b.strings();
    if id == StrId::EMPTY {
        strings.get(name).to_owned()
    } else {
        format!("{} {}", strings.get(name), strings.get(id))
    }
}

impl Placer {
    /// Adds the samples of one `C` event.
    pub(super) fn counter(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        self.latest = self.latest.max(time);
        let process = self.process(&ev.pid);
        let id = if ev.id.is_empty() {
            StrId::EMPTY
        } else {
            self.b.intern(&ev.id)
        };
        let multi = self
            .counters
            .multi_key
            .entry((process, ev.name, id))
            .or_default();
        *multi |= ev.args.len() > 1;
        if ev.args.is_empty() {
            let name = self.b.strings().get(ev.name).to_owned();
            self.b
                .diagnostics()
                .record(DiagnosticKind::CounterWithoutValue, || {
                    format!("C event {name:?} has no args; nothing to plot")
                });
        }
        for &(key, value) in &ev.args {
            let Some(v) = numeric(value) else {
                let (name, key) = (
                    self.b.strings().get(ev.name).to_owned(),
                    self.b.strings().get(key).to_owned(),
                );
                self.b
                    .diagnostics()
                    .record(DiagnosticKind::CounterValueNotNumeric, || {
                        format!("C event {name:?} has a non-numeric value for {key:?}; skipped")
                    });
                continue;
            };
            let series_key = (process, ev.name, id, key);
            let track = match self.counters.index.get(&series_key) {
                Some(&k) => self.counters.series[k].1,
                None => {
                    let name = format!(
                        "{}.{}",
                        base_name(self, ev.name, id),
                        self.b.strings().get(key)
                    );
                    let track = self.extra_track(process, &name, Extra::Counter);
                    let c = &mut self.counters;
                    c.index.insert(series_key, c.series.len());
                    c.series.push((series_key, track));
                    track
                }
            };
            self.b.add_counter_sample(track, time, v);
        }
    }
}
