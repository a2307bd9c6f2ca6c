//! Decoding a `TrackEvent` straight from the wire into [`RawEvent`], which borrows strings
//! and annotations from the input and reuses its vectors from event to event.

use super::wire::{Broken, Fields, Value, for_each_packed};

/// `TrackEvent.Type`.
pub(super) const TYPE_SLICE_BEGIN: u64 = 1;
pub(super) const TYPE_SLICE_END: u64 = 2;
pub(super) const TYPE_INSTANT: u64 = 3;
pub(super) const TYPE_COUNTER: u64 = 4;

/// A counter value as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Number {
    Int(i64),
    Double(f64),
}

impl Number {
    pub(super) fn as_f64(self) -> f64 {
        match self {
            Number::Int(v) => v as f64,
            Number::Double(v) => v,
        }
    }
}

/// The fields of a `LegacyEvent` that are read.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Legacy {
    pub name_iid: Option<u64>,
    /// The Chrome JSON phase character, as an integer.
    pub phase: Option<u64>,
    pub duration_us: Option<i64>,
    pub bind_id: Option<u64>,
    /// `FlowDirection`: 1 in, 2 out, 3 in and out.
    pub flow_direction: u64,
}

/// The fields of one `TrackEvent` that are read. Repeated fields keep their capacity
/// between events.
#[derive(Debug, Default)]
pub(super) struct RawEvent<'a> {
    pub kind: Option<u64>,
    pub track_uuid: Option<u64>,
    pub name_iid: Option<u64>,
    pub name: Option<&'a [u8]>,
    pub category_iids: Vec<u64>,
    pub categories: Vec<&'a [u8]>,
    pub counter: Option<Number>,
    /// `extra_counter_track_uuids` was present (it then replaces the defaults).
    pub has_extra_uuids: bool,
    pub extra_uuids: Vec<u64>,
    pub extra_values: Vec<i64>,
    pub has_extra_double_uuids: bool,
    pub extra_double_uuids: Vec<u64>,
    pub extra_double_values: Vec<f64>,
    pub flow_ids: Vec<u64>,
    pub terminating_flow_ids: Vec<u64>,
    /// Encoded `DebugAnnotation`s.
    pub annotations: Vec<&'a [u8]>,
    pub posted_from_iid: Option<u64>,
    pub source_location_iid: Option<u64>,
    pub legacy: Option<Legacy>,
    /// Field numbers present that are not read (each once per event).
    pub ignored: Vec<u32>,
}

impl<'a> RawEvent<'a> {
    /// Reads an encoded `TrackEvent`, replacing what the previous event left.
    pub(super) fn decode(&mut self, bytes: &'a [u8]) -> Result<(), Broken> {
        self.clear();
        let mut fields = Fields::new(bytes);
        let mut packed_ok = true;
        for (number, value) in &mut fields {
            match number {
                9 => self.kind = value.as_u64(),
                11 => self.track_uuid = value.as_u64(),
                10 => self.name_iid = value.as_u64(),
                23 => self.name = value.as_bytes(),
                3 => packed_ok &= for_each_packed(value, false, |v| self.category_iids.push(v)),
                22 => self.categories.extend(value.as_bytes()),
                30 => self.counter = value.as_u64().map(|v| Number::Int(v as i64)),
                44 => self.counter = value.as_u64().map(|v| Number::Double(f64::from_bits(v))),
                31 => {
                    self.has_extra_uuids = true;
                    packed_ok &= for_each_packed(value, false, |v| self.extra_uuids.push(v));
                }
                12 => {
                    packed_ok &=
                        for_each_packed(value, false, |v| self.extra_values.push(v as i64));
                }
                45 => {
                    self.has_extra_double_uuids = true;
                    packed_ok &= for_each_packed(value, false, |v| self.extra_double_uuids.push(v));
                }
                46 => {
                    packed_ok &= for_each_packed(value, true, |v| {
                        self.extra_double_values.push(f64::from_bits(v));
                    });
                }
                36 => packed_ok &= for_each_packed(value, false, |v| self.flow_ids.push(v)),
                47 => packed_ok &= for_each_packed(value, true, |v| self.flow_ids.push(v)),
                42 => {
                    packed_ok &=
                        for_each_packed(value, false, |v| self.terminating_flow_ids.push(v));
                }
                48 => {
                    packed_ok &=
                        for_each_packed(value, true, |v| self.terminating_flow_ids.push(v));
                }
                4 => self.annotations.extend(value.as_bytes()),
                5 => {
                    if let Value::Len(task) = value {
                        self.posted_from_iid = first_varint(task, 1)?;
                    }
                }
                34 => self.source_location_iid = value.as_u64(),
                6 => {
                    if let Value::Len(legacy) = value {
                        self.legacy = Some(decode_legacy(legacy)?);
                    }
                }
                _ => {
                    if !self.ignored.contains(&number) {
                        self.ignored.push(number);
                    }
                }
            }
        }
        if let Some(broken) = fields.broken() {
            return Err(broken);
        }
        if !packed_ok {
            return Err(Broken::Damaged {
                at: 0,
                what: "a packed repeated field that does not decode",
            });
        }
        Ok(())
    }

    fn clear(&mut self) {
        self.kind = None;
        self.track_uuid = None;
        self.name_iid = None;
        self.name = None;
        self.category_iids.clear();
        self.categories.clear();
        self.counter = None;
        self.has_extra_uuids = false;
        self.extra_uuids.clear();
        self.extra_values.clear();
        self.has_extra_double_uuids = false;
        self.extra_double_uuids.clear();
        self.extra_double_values.clear();
        self.flow_ids.clear();
        self.terminating_flow_ids.clear();
        self.annotations.clear();
        self.posted_from_iid = None;
        self.source_location_iid = None;
        self.legacy = None;
        self.ignored.clear();
    }
}

/// The value of integer field `number` in message `bytes`, if present.
fn first_varint(bytes: &[u8], number: u32) -> Result<Option<u64>, Broken> {
    let mut found = None;
    let mut fields = Fields::new(bytes);
    for (n, value) in &mut fields {
        if n == number {
            found = value.as_u64();
        }
    }
    fields.broken().map_or(Ok(found), Err)
}

fn decode_legacy(bytes: &[u8]) -> Result<Legacy, Broken> {
    let mut legacy = Legacy::default();
    let mut fields = Fields::new(bytes);
    for (number, value) in &mut fields {
        let v = value.as_u64();
        match number {
            1 => legacy.name_iid = v,
            2 => legacy.phase = v,
            3 => legacy.duration_us = v.map(|v| v as i64),
            8 => legacy.bind_id = v,
            13 => legacy.flow_direction = v.unwrap_or(0),
            _ => {}
        }
    }
    fields.broken().map_or(Ok(legacy), Err)
}

/// A readable name for TrackEvent fields this importer does not read, for diagnostics.
pub(super) fn ignored_field_name(number: u32) -> &'static str {
    match number {
        1 | 16 => "legacy timestamp",
        2 | 17 => "legacy thread time",
        8 | 20 => "legacy instruction count",
        21 => "log_message",
        24 => "cc_scheduler_state",
        25 => "chrome_user_event",
        26 => "chrome_keyed_service",
        27 => "chrome_legacy_ipc",
        28 => "chrome_histogram_sample",
        29 => "chrome_latency_info",
        32 => "chrome_frame_reporter",
        33 => "source_location",
        35 => "chrome_message_pump",
        38 => "chrome_mojo_event_info",
        39 => "chrome_application_state_info",
        40 => "chrome_renderer_scheduler_state",
        41 => "chrome_window_handle_event_info",
        43 => "chrome_content_settings_event_info",
        49 => "chrome_active_processes",
        50 => "screenshot",
        52..=54 => "correlation id",
        55 | 56 => "callstack",
        1000..=1999 => "Chrome extension",
        _ => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::perfetto::proto;
    use prost::Message;

    #[test]
    fn reads_what_prost_writes() {
        let ev = proto::TrackEvent {
            r#type: Some(1),
            track_uuid: Some(7),
            name_iid: Some(3),
            category_iids: vec![1, 2],
            extra_counter_track_uuids: vec![9],
            extra_counter_values: vec![-5],
            extra_double_counter_values: vec![0.5],
            flow_ids: vec![u64::MAX],
            terminating_flow_ids_old: vec![4],
            double_counter_value: Some(2.5),
            task_execution: Some(proto::TaskExecution {
                posted_from_iid: Some(11),
            }),
            legacy_event: Some(proto::track_event::LegacyEvent {
                phase: Some(i32::from(b'X')),
                duration_us: Some(12),
                ..Default::default()
            }),
            ..Default::default()
        };
        let mut bytes = ev.encode_to_vec();
        bytes.extend([0xc2, 0x02, 0x00]); // field 40, empty: not read
        let mut raw = RawEvent::default();
        raw.decode(&bytes).unwrap();
        assert_eq!(
            (raw.kind, raw.track_uuid, raw.name_iid),
            (Some(1), Some(7), Some(3))
        );
        assert_eq!(raw.category_iids, [1, 2]);
        assert_eq!(
            (raw.extra_uuids.as_slice(), raw.extra_values.as_slice()),
            (&[9][..], &[-5][..])
        );
        assert_eq!(raw.extra_double_values, [0.5]);
        assert_eq!(
            (raw.flow_ids.as_slice(), raw.terminating_flow_ids.as_slice()),
            (&[u64::MAX][..], &[4][..])
        );
        assert_eq!(raw.counter, Some(Number::Double(2.5)));
        assert_eq!(raw.posted_from_iid, Some(11));
        let legacy = raw.legacy.unwrap();
        assert_eq!(
            (legacy.phase, legacy.duration_us),
            (Some(u64::from(b'X')), Some(12))
        );
        assert_eq!(raw.ignored, [40]);
        raw.decode(&[]).unwrap();
        assert!(raw.kind.is_none() && raw.category_iids.is_empty() && raw.ignored.is_empty());
        assert!(raw.decode(&bytes[..bytes.len() - 4]).is_err());
    }
}
