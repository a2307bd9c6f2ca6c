//! The registry of every diagnostic: its stable name, its severity and what it means.
//!
//! Importers and `finish` record a [`DiagnosticKind`], never a string, so a name cannot drift
//! and a severity cannot differ between two call sites. `docs/DIAGNOSTICS.md` is generated
//! from this table by [`markdown`] (a test fails when the file is stale), and the page's
//! Health tab shows each meaning as the row's tooltip.

use super::Severity;

/// Declares [`DiagnosticKind`] and its table from one list of
/// `Variant = "name", Severity, "meaning";` rows.
macro_rules! registry {
    ($($variant:ident = $name:literal, $severity:ident, $meaning:literal;)*) => {
        /// One kind of per-record problem. The names are stable snake_case identifiers; the
        /// list is in name order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum DiagnosticKind {
            $(
                #[doc = $meaning]
                $variant,
            )*
        }

        impl DiagnosticKind {
            /// Every kind, in name order.
            pub const ALL: &'static [DiagnosticKind] = &[$(DiagnosticKind::$variant),*];

            /// The stable snake_case name (CLI `--json` key, Health tab, dumps).
            pub const fn name(self) -> &'static str {
                match self {
                    $(DiagnosticKind::$variant => $name,)*
                }
            }

            /// How bad one occurrence is.
            pub const fn severity(self) -> Severity {
                match self {
                    $(DiagnosticKind::$variant => Severity::$severity,)*
                }
            }

            /// One line saying what happened and what the importer did about it.
            pub const fn meaning(self) -> &'static str {
                match self {
                    $(DiagnosticKind::$variant => $meaning,)*
                }
            }
        }
    };
}

registry! {
    AggregateNotDrawn = "aggregate_not_drawn", Info,
        "XSpace events that are aggregates (`num_occurrences`) have no place on the timeline; they are listed with the aggregates instead.";
    AnnotationTooDeep = "annotation_too_deep", DataLoss,
        "A Perfetto debug annotation nests deeper than the limit; the deeper part is replaced by a note.";
    CategoryLimit = "category_limit", Info,
        "The trace has more categories than a 16-bit id holds; the later ones share the last id.";
    ClockNotConverted = "clock_not_converted", Info,
        "No Perfetto clock snapshot relates a clock to the trace clock; its times are used as they are.";
    CompressedStrUndecodable = "compressed_str_undecodable", DataLoss,
        "An XSpace `compressed_str_value` does not inflate to text; only its length is kept.";
    CounterValueNotNumeric = "counter_value_not_numeric", Info,
        "A Chrome `C` event has a value that is not a number; that series sample is skipped.";
    CounterWithoutValue = "counter_without_value", DataLoss,
        "A counter event carries no numeric value; it is skipped.";
    DegradedImport = "degraded_import", DataLoss,
        "The model reached its memory budget or args were not kept; the import went on with less detail, as the examples say.";
    EmptyEvent = "empty_event", Info,
        "An entry of the event array has no `ph`, `name` or `ts` (JAX ends its array with `{}`); skipped, nothing lost.";
    ExtraCounterWithoutTrack = "extra_counter_without_track", DataLoss,
        "A Perfetto event has more extra counter values than counter track uuids; the rest are skipped.";
    FlowEndWithoutSlice = "flow_end_without_slice", DataLoss,
        "A flow end given by time lies in no slice of its track (or names a slice that does not exist); the arrow is dropped.";
    FlowToItself = "flow_to_itself", Info,
        "A flow starts and ends in the same slice; it is not drawn.";
    FlowsFromCorrelation = "flows_from_correlation", Info,
        "Kineto launch-to-GPU arrows were made from matching `correlation` args because the file has no flow event for them.";
    IncrementalStateMissing = "incremental_state_missing", DataLoss,
        "A Perfetto packet needs interned data or defaults its sequence never sent (or lost); skipped.";
    InvalidString = "invalid_string", Info,
        "Invalid escapes or UTF-8 sequences in strings became U+FFFD.";
    InvalidTimestamp = "invalid_timestamp", DataLoss,
        "An event's `ts` or `dur` is not a usable number; the event is skipped (bad `ts`) or gets duration 0 (bad `dur`).";
    LargeMetadataSkipped = "large_metadata_skipped", Info,
        "A large top-level JSON member is not kept whole; only its scalar members are.";
    LegacyPhaseNotImported = "legacy_phase_not_imported", Info,
        "Perfetto legacy events of a phase the timeline does not draw (samples, async steps, objects) are not imported.";
    MalformedAnnotation = "malformed_annotation", DataLoss,
        "A Perfetto debug annotation does not decode; the args read before it are kept.";
    MalformedPacket = "malformed_packet", DataLoss,
        "A Perfetto packet (or track descriptor) does not decode; it is skipped (a track keeps a default name).";
    MalformedRecord = "malformed_record", DataLoss,
        "An XSpace record is damaged; it is skipped, or reading stops there keeping what came before.";
    MemoryAddressReused = "memory_address_reused", DataLoss,
        "The memory analysis found an allocation at an address whose earlier allocation was not freed (its free is missing); the earlier one is taken as freed then.";
    MemoryAllocatorMidCapture = "memory_allocator_mid_capture", Info,
        "An allocator's first memory event comes well after the capture's first one; what it held before is not in the profile, so its chart starts there.";
    MemoryEventWithoutAddress = "memory_event_without_address", Info,
        "A memory allocation or free has no address (older PyTorch profilers write only its size); it counts toward the bytes in use but cannot be paired, so it is never listed as a live or never-freed allocation.";
    MemoryFreeWithoutAllocation = "memory_free_without_allocation", Info,
        "A memory free matches no allocation in the capture (the block was allocated before it began); it lowers the bytes in use but is not paired.";
    MemoryNegativeTotal = "memory_negative_total", DataLoss,
        "An allocator's bytes in use fall below 0 (frees of memory allocated before the capture, with no stated totals); its series is raised by the deepest deficit, so the peak is a lower bound.";
    MetadataEventIgnored = "metadata_event_ignored", Info,
        "A Chrome `M` event has a name the importer does not use.";
    MissingDuration = "missing_duration", Info,
        "A Chrome `X` event has no `dur`; it is drawn with duration 0.";
    MissingPhase = "missing_phase", DataLoss,
        "A Chrome event has no `ph`; it is skipped.";
    MissingTimestamp = "missing_timestamp", DataLoss,
        "A Chrome event has no `ts`; it is skipped.";
    NegativeDuration = "negative_duration", DataLoss,
        "A slice has a negative duration; it is drawn with duration 0.";
    NotAnEvent = "not_an_event", DataLoss,
        "An entry of the Chrome event array is not an object; skipped.";
    ObjectAliveAtEnd = "object_alive_at_end", Info,
        "A Chrome object (`N`) is never deleted (`D`); its lifetime is closed at the end of the trace.";
    OverlapSublane = "overlap_sublane", Info,
        "A slice starts inside another on its track and ends after it (no proper nesting); it keeps its depth when that lane is free until its end, else it goes to the track's overflow lanes below the nesting; never clipped.";
    PacketNotImported = "packet_not_imported", Info,
        "Perfetto packets of a kind the timeline does not show are not imported.";
    PacketsLost = "packets_lost", DataLoss,
        "A Perfetto sequence lost packets; its events are skipped until its state is sent again.";
    TimestampOutOfRange = "timestamp_out_of_range", DataLoss,
        "An event's time is too far from the first event to hold in 64-bit picoseconds; skipped (Chrome JSON) or clamped (XSpace, Perfetto).";
    TrackEventFieldIgnored = "track_event_field_ignored", Info,
        "Perfetto track events carry a field the timeline does not show.";
    TrailingData = "trailing_data", Info,
        "Data follows the JSON value; it is ignored.";
    TruncatedInput = "truncated_input", DataLoss,
        "The input ends inside a record (first example: the offset in the decompressed stream); what was read before the cut is kept.";
    UnclosedAsyncBegin = "unclosed_async_begin", DataLoss,
        "An async begin has no end; it is closed at the end of the trace.";
    UnclosedBegin = "unclosed_begin", DataLoss,
        "A `B` event (or Perfetto slice begin) has no end; it is closed at the end of the trace.";
    UnknownClock = "unknown_clock", DataLoss,
        "A Perfetto packet is timed on a clock no snapshot of its sequence defines; skipped.";
    UnknownEventId = "unknown_event_id", Info,
        "An XSpace event refers to event metadata its plane does not have; it is named `event#<id>`.";
    UnknownInternedId = "unknown_interned_id", DataLoss,
        "A Perfetto event refers to an interned entry its sequence never defined; shown as a placeholder.";
    UnknownPhase = "unknown_phase", DataLoss,
        "Chrome events of a phase the importer does not know are not imported.";
    UnknownStatId = "unknown_stat_id", Info,
        "An XSpace stat refers to stat metadata its plane does not have; it is named `stat#<id>`.";
    UnknownTrackUuid = "unknown_track_uuid", Info,
        "Perfetto events use a track no TrackDescriptor describes; they are shown under \"Global\".";
    UnmatchedAsyncEnd = "unmatched_async_end", DataLoss,
        "An async end has no open begin with its id; ignored.";
    UnmatchedEnd = "unmatched_end", DataLoss,
        "An `E` event (or Perfetto slice end) has no open begin on its track; ignored.";
    UnmatchedFlowEnd = "unmatched_flow_end", Info,
        "A flow end has no start in the file (its producer is outside the capture, or the tool writes lone ends, as Kineto does for launches without GPU work); no arrow.";
    UnmatchedFlowStart = "unmatched_flow_start", Info,
        "A flow start has no step or end in the file; no arrow.";
    UnterminatedArray = "unterminated_array", Info,
        "The Chrome event array is not closed but the input ends after a complete event; everything is kept.";
}

impl DiagnosticKind {
    /// The kind called `name`, if the registry has one.
    pub fn from_name(name: &str) -> Option<DiagnosticKind> {
        DiagnosticKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
    }
}

/// Writes the name.
impl std::fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialOrd for DiagnosticKind {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Kinds order by name, so maps keyed by kind list them as the CLI and dumps print them.
impl Ord for DiagnosticKind {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.name().cmp(other.name())
    }
}

/// `docs/DIAGNOSTICS.md`: the registry as a Markdown table (name, severity, meaning).
pub fn markdown() -> String {
    let mut out = String::from(
        "# Diagnostics\n\n\
         Every per-record problem an import can report, with its severity and meaning. \
         Generated from `crate/src/diagnostics/registry.rs` \
         (`UPDATE_SNAPSHOTS=1 cargo test --test diagnostics` rewrites it; \
         the test fails when it is stale).\n\n\
         Severities: `info` (nothing was lost; the data was unusual), `data_loss` (some data \
         could not be placed or was cut), `error` (the file breaks its format's rules in a way \
         that may make results wrong).\n\n\
         | name | severity | meaning |\n|---|---|---|\n",
    );
    for kind in DiagnosticKind::ALL {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            kind.name(),
            kind.severity().as_str(),
            kind.meaning().replace('|', "\\|"),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_sorted_snake_case() {
        let names: Vec<&str> = DiagnosticKind::ALL.iter().map(|k| k.name()).collect();
        for name in &names {
            let snake = !name.is_empty()
                && name.starts_with(|c: char| c.is_ascii_lowercase())
                && !name.ends_with('_')
                && !name.contains("__")
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            assert!(snake, "{name:?} is not snake_case");
        }
        for pair in names.windows(2) {
            assert!(
                pair[0] < pair[1],
                "{:?} then {:?}: unsorted or repeated",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn every_kind_is_listed_once_and_found_by_name() {
        for (i, &kind) in DiagnosticKind::ALL.iter().enumerate() {
            assert_eq!(DiagnosticKind::from_name(kind.name()), Some(kind));
            assert_eq!(
                DiagnosticKind::ALL.iter().position(|&k| k == kind),
                Some(i),
                "{} listed twice",
                kind.name()
            );
            let meaning = kind.meaning();
            assert!(
                meaning.ends_with('.') && !meaning.contains('\n'),
                "{}: one line ending in a full stop",
                kind.name()
            );
        }
    }

    #[test]
    fn the_contract_names_are_kept() {
        for name in [
            "unclosed_begin",
            "unmatched_end",
            "unmatched_flow_end",
            "overlap_sublane",
            "unknown_phase",
            "negative_duration",
            "truncated_input",
            "aggregate_not_drawn",
            "degraded_import",
        ] {
            assert!(DiagnosticKind::from_name(name).is_some(), "{name}");
        }
        assert_eq!(
            DiagnosticKind::TruncatedInput.severity(),
            Severity::DataLoss
        );
    }
}
