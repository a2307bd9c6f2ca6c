//! Flow arrows, both styles, matched at the end in time order (Kineto writes `f` before
//! its `s` in file order):
//! - v1, events `s`/`t`/`f` keyed by (`cat`, `scope`, id; plus `pid` for `id2.local`):
//!   `s` and `t` bind to the slice that encloses them on their thread; `f` binds to the
//!   enclosing slice with `"bp": "e"`, else to the next slice that starts on its thread.
//!   `s` → `t` → ... → `f` gives one arrow per hop. An `f` does not end its flow: several
//!   `f` after one `s` give several arrows (one start, several ends), until a new `s` with
//!   the same key starts over.
//! - v2, `bind_id` (else `id`) with `flow_out` / `flow_in` on `X` and `B` slices: an arrow
//!   from the latest `flow_out` slice of that id to each later `flow_in` slice.
//!
//! An end with no start before it is counted in `unmatched_flow_end` (the example says why
//! for Kineto's launch categories, whose runtime calls carry an `f` even when no GPU work
//! followed, and whose GPU ends are linked again through `correlation`, see `kineto.rs`); a
//! start with no end in `unmatched_flow_start`.

use super::event::{EventFields, IdScope, Phase};
use super::kineto;
use super::place::Placer;
use crate::diagnostics::DiagnosticKind;
use crate::model::{CategoryId, FlowBind, FlowEnd, Ps};
use hashbrown::HashMap;

/// Order of v1 events at the same time: starts, then steps, then ends.
const RANK_START: u8 = 0;
const RANK_STEP: u8 = 1;
const RANK_END: u8 = 2;

/// One buffered v1 flow event.
#[derive(Clone, Copy, Debug)]
struct FlowEvent {
    key: u32,
    time: Ps,
    rank: u8,
    end: FlowEnd,
    category: CategoryId,
}

/// One slice with a v2 binding.
#[derive(Clone, Copy, Debug)]
struct BoundSlice {
    key: u32,
    time: Ps,
    flow_in: bool,
    flow_out: bool,
    end: FlowEnd,
    category: CategoryId,
}

/// The buffered flow events and their interned keys.
#[derive(Debug, Default)]
pub(super) struct Flows {
    events: Vec<FlowEvent>,
    bound: Vec<BoundSlice>,
    keys: HashMap<String, u32>,
    /// The keys that are only a decimal id (no `scope`, no process), by style, category and
    /// number: most flows, matched without building their text.
    numeric_keys: HashMap<(u8, u16, u64), u32>,
    key_text: String,
}

impl Flows {
    /// Interns a matching key: `style` (`1` for v1 with the category id, `2` for v2) and
    /// the id parts.
    fn key(&mut self, style: (u8, CategoryId), parts: [&str; 3]) -> u32 {
        let next = (self.keys.len() + self.numeric_keys.len()) as u32;
        if let ([namespace, _, pid], Some(number)) = (parts, canonical_decimal(parts[1])) {
            if namespace.is_empty() && pid.is_empty() {
                let key = (style.0, style.1.0, number);
                return *self.numeric_keys.entry(key).or_insert(next);
            }
        }
        self.key_text.clear();
        push_decimal(&mut self.key_text, u32::from(style.0));
        self.key_text.push('/');
        push_decimal(&mut self.key_text, u32::from(style.1.0));
        self.key_text.push('\u{1f}');
        for part in parts {
            self.key_text.push_str(part);
            self.key_text.push('\u{1f}');
        }
        *self.keys.entry_ref(self.key_text.as_str()).or_insert(next)
    }

    /// Records a slice (`X` or `B`, given as `end`) that has `flow_in` or `flow_out`.
    pub(super) fn bound_slice(&mut self, ev: &EventFields, end: FlowEnd, time: Ps) {
        let id = if ev.bind_id.is_empty() {
            &ev.id
        } else {
            &ev.bind_id
        };
        let key = self.key((2, CategoryId::NONE), [&ev.id_namespace, id, ""]);
        self.bound.push(BoundSlice {
            key,
            time,
            flow_in: ev.flow_in,
            flow_out: ev.flow_out,
            end,
            category: ev.category,
        });
    }

    /// Matches both styles and adds the arrows to the builder.
    pub(super) fn finish(p: &mut Placer) {
        let mut events = std::mem::take(&mut p.flows.events);
        events.sort_by_key(|e| (e.time, e.rank)); // stable: file order on ties
        let mut current: HashMap<u32, (FlowEnd, bool)> = HashMap::new();
        for e in events {
            let from = current.get_mut(&e.key);
            match (e.rank, from) {
                (RANK_START, _) => {
                    if let Some((_, false)) = current.insert(e.key, (e.end, false)) {
                        unmatched_start(p);
                    }
                }
                (_, Some((from, used))) => {
                    *used = true;
                    let from = *from;
                    if e.rank == RANK_STEP {
                        current.insert(e.key, (e.end, false));
                    }
                    p.b.add_flow_between(from, e.end, e.category);
                }
                (_, None) => {
                    unmatched_end(p, e.category);
                    if e.rank == RANK_STEP {
                        current.insert(e.key, (e.end, false));
                    }
                }
            }
        }
        for _ in current.values().filter(|(_, used)| !used) {
            unmatched_start(p);
        }
        let mut bound = std::mem::take(&mut p.flows.bound);
        bound.sort_by_key(|b| (b.time, !b.flow_out)); // outgoing first on ties
        let mut out: HashMap<u32, FlowEnd> = HashMap::new();
        for b in bound {
            if b.flow_in {
                match out.get(&b.key) {
                    Some(&from) => p.b.add_flow_between(from, b.end, b.category),
                    None => unmatched_end(p, b.category),
                }
            }
            if b.flow_out {
                out.insert(b.key, b.end);
            }
        }
    }
}

/// The value of `text` if it is a decimal number written the one way `u64` prints it (digits
/// only, no leading zero), so two texts give the same number exactly when they are equal.
fn canonical_decimal(text: &str) -> Option<u64> {
    let bytes = text.as_bytes();
    if bytes.is_empty() || bytes.len() > 19 || (bytes[0] == b'0' && bytes.len() > 1) {
        return None;
    }
    bytes.iter().try_fold(0u64, |v, &b| {
        b.is_ascii_digit().then(|| v * 10 + u64::from(b - b'0'))
    })
}

/// Appends `v` in decimal (what `write!(out, "{v}")` writes, without the formatter: a flow
/// key is built for every flow event).
fn push_decimal(out: &mut String, v: u32) {
    let mut digits = [0u8; 10];
    let mut n = v;
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[k..].iter().map(|&d| char::from(d)));
}

fn unmatched_start(p: &mut Placer) {
    p.b.diagnostics()
        .record(DiagnosticKind::UnmatchedFlowStart, || {
            "a flow start has no step or end after it; nothing drawn".into()
        });
}

fn unmatched_end(p: &mut Placer, category: CategoryId) {
    let cat = p.b.strings().get(p.b.category_name(category)).to_owned();
    let why = if kineto::is_launch_flow_category(&cat) {
        "Kineto marks runtime calls without GPU work this way; kernels are linked by correlation"
    } else {
        "no arrow drawn"
    };
    p.b.diagnostics()
        .record(DiagnosticKind::UnmatchedFlowEnd, || {
            format!("a flow end of category {cat:?} has no start before it; {why}")
        });
}

impl Placer {
    /// Buffers a v1 flow event (`s`, `t`, `f`) with the track it binds on.
    pub(super) fn flow_event(&mut self, ev: &EventFields) {
        let Some(time) = self.time(ev) else { return };
        let track = self.track(&ev.pid, &ev.tid);
        let rank = match ev.phase {
            Phase::FlowStart => RANK_START,
            Phase::FlowStep => RANK_STEP,
            _ => RANK_END,
        };
        let bind = if rank == RANK_END && ev.bp != b'e' {
            FlowBind::Next
        } else {
            FlowBind::Enclosing
        };
        let pid = if ev.id_scope == IdScope::Local {
            ev.pid.as_str()
        } else {
            ""
        };
        let key = self
            .flows
            .key((1, ev.category), [&ev.id_namespace, &ev.id, pid]);
        self.flows.events.push(FlowEvent {
            key,
            time,
            rank,
            end: FlowEnd::At { track, time, bind },
            category: ev.category,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The key text is what the formatter would write.
        #[test]
        fn push_decimal_matches_the_formatter(v in proptest::num::u32::ANY) {
            let mut out = "x".to_owned();
            push_decimal(&mut out, v);
            proptest::prop_assert_eq!(out, format!("x{v}"));
        }
    }

    /// Key text for the property below: short texts over digits and a few other bytes.
    fn id_text() -> impl proptest::strategy::Strategy<Value = String> {
        proptest::string::string_regex("(0|[0-9]{1,3}|0[0-9]|x1|)").unwrap()
    }

    proptest::proptest! {
        /// Two keys get the same number exactly when their style, category and text parts
        /// are equal, whichever way (number or text) each was interned.
        #[test]
        fn keys_are_equal_exactly_when_their_parts_are(
            entries in proptest::collection::vec(
                ((1u8..3, 0u16..2), (id_text(), id_text(), id_text())),
                1..40,
            )
        ) {
            let mut flows = Flows::default();
            let keyed: Vec<_> = entries
                .iter()
                .map(|((style, cat), (ns, id, pid))| {
                    flows.key((*style, CategoryId(*cat)), [ns.as_str(), id.as_str(), pid.as_str()])
                })
                .collect();
            for (a, ka) in entries.iter().zip(&keyed) {
                for (b, kb) in entries.iter().zip(&keyed) {
                    proptest::prop_assert_eq!(a == b, ka == kb, "{:?} {:?}", a, b);
                }
            }
        }
    }

    #[test]
    fn canonical_decimals() {
        assert_eq!(canonical_decimal("0"), Some(0));
        assert_eq!(canonical_decimal("264"), Some(264));
        assert_eq!(canonical_decimal("18446744073709551615"), None); // 20 digits
        assert_eq!(
            canonical_decimal("9999999999999999999"),
            Some(9_999_999_999_999_999_999)
        );
        for text in ["", "007", "-1", "1.0", "0x1f", " 1"] {
            assert_eq!(canonical_decimal(text), None, "{text}");
        }
    }

    #[test]
    fn push_decimal_edges() {
        for v in [0, 9, 10, 99, 100, u32::MAX] {
            let mut out = String::new();
            push_decimal(&mut out, v);
            assert_eq!(out, v.to_string());
        }
    }
}
