//! Known counter meanings: what a counter measures, its unit, whether it accumulates, and how
//! a utilisation follows from it. Counters not listed here are still shown, generically
//! (value, delta, rate), and the page says that their meaning is unknown.
//!
//! | name (case-insensitive) | unit | kind | utilisation | source |
//! |---|---|---|---|---|
//! | ends with `Total Allocated` | bytes | level | — | Kineto `[memory]` events (tracks `<device> Total Allocated`): bytes allocated by PyTorch's caching allocator |
//! | ends with `Total Reserved` | bytes | level | — | Kineto `[memory]` events: bytes reserved by the caching allocator |
//! | ends with `Net Allocated` | bytes | level | — | older Kineto `[memory]` events with only `Bytes`: the running sum of allocations and frees since the first event |
//! | ends with `_percent` or `%`, or contains `utilization` | percent | level | value / 100 | XSpace stats `hbm_utilization_percent`, `matrix_unit_utilization_percent` |
//! | contains `bytes` | bytes | level | — | naming convention (`bytes_allocated`, `peak_bytes_in_use`, ...) |
//! | contains `busy` | cycles | cumulative | Δbusy / Δcycles, with a sibling cycles counter of the same group | TPU performance counters (names like `Busy` beside `VF_Cycles`) |
//! | contains `cycles` | cycles | cumulative | — (the denominator above) | TPU performance counters (`VF_Cycles`) |
//!
//! "Cumulative" counters only grow while running (hardware event counts); their delta over a
//! window is what happened in it. "Level" counters are a state (bytes in use, a percentage);
//! their time-weighted mean and peak are what matter.

/// Whether a counter accumulates or states a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A level (bytes in use, percent): read its mean and peak.
    Level,
    /// A running count (events, cycles): read its delta.
    Cumulative,
}

/// How a utilisation in [0, 1] follows from a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utilisation {
    /// None is known.
    None,
    /// The value is a percentage: utilisation = value / 100.
    Percent,
    /// A busy-cycles count: utilisation = its delta / the delta of the group's cycles counter.
    BusyOverCycles,
}

/// What is known about a counter name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// What it measures, for a person.
    pub meaning: &'static str,
    /// Unit of its values.
    pub unit: Option<&'static str>,
    /// Level or cumulative.
    pub kind: Kind,
    /// How a utilisation follows from it.
    pub utilisation: Utilisation,
}

/// What the table of the module doc says about `name`, or `None` for an unknown counter.
pub fn lookup(name: &str) -> Option<Known> {
    let lower = name.to_ascii_lowercase();
    let known = |meaning, unit, kind, utilisation| {
        Some(Known {
            meaning,
            unit,
            kind,
            utilisation,
        })
    };
    if lower.ends_with("total allocated") {
        known(
            "bytes allocated by PyTorch's caching allocator on the device",
            Some("bytes"),
            Kind::Level,
            Utilisation::None,
        )
    } else if lower.ends_with("total reserved") {
        known(
            "bytes reserved by PyTorch's caching allocator on the device",
            Some("bytes"),
            Kind::Level,
            Utilisation::None,
        )
    } else if lower.ends_with("net allocated") {
        known(
            "bytes allocated on the device since profiling began, net of frees",
            Some("bytes"),
            Kind::Level,
            Utilisation::None,
        )
    } else if lower.ends_with("_percent") || lower.ends_with('%') || lower.contains("utilization") {
        known(
            "a percentage of a unit's capacity",
            Some("percent"),
            Kind::Level,
            Utilisation::Percent,
        )
    } else if lower.contains("bytes") {
        known(
            "a number of bytes",
            Some("bytes"),
            Kind::Level,
            Utilisation::None,
        )
    } else if lower.contains("busy") {
        known(
            "cycles in which a unit was busy",
            Some("cycles"),
            Kind::Cumulative,
            Utilisation::BusyOverCycles,
        )
    } else if lower.contains("cycles") {
        known(
            "elapsed clock cycles",
            Some("cycles"),
            Kind::Cumulative,
            Utilisation::None,
        )
    } else {
        None
    }
}

/// True for the counter that [`Utilisation::BusyOverCycles`] divides by.
pub fn is_cycles_counter(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.contains("cycles") && !lower.contains("busy")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_entries() {
        assert_eq!(lookup("GPU 0 Total Allocated").unwrap().unit, Some("bytes"));
        assert_eq!(lookup("CPU Total Reserved").unwrap().kind, Kind::Level);
        assert_eq!(lookup("GPU 0 Net Allocated").unwrap().unit, Some("bytes"));
        assert_eq!(
            lookup("hbm_utilization_percent").unwrap().utilisation,
            Utilisation::Percent
        );
        assert_eq!(lookup("Busy").unwrap().kind, Kind::Cumulative);
        assert!(is_cycles_counter("VF_Cycles"));
        assert!(!is_cycles_counter("mxu_busy_cycles"));
        assert_eq!(lookup("vector_load_count"), None);
    }
}
