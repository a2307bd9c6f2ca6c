//! Axis units for people: a time axis in the unit its data range fits (ns, µs, ms, s), a byte axis
//! in B/KiB/MiB/GiB, counts with k/M/G, and the exact values that hover titles show.

/// A scale for an axis: values divided by `per` read in `unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Unit name shown in the axis label (`ms`, `MiB`); empty for plain counts.
    pub unit: &'static str,
    /// Raw units per shown unit.
    pub per: f64,
}

/// Time units, largest first, in picoseconds.
const TIME_PS: [(&str, f64); 5] = [
    ("s", 1e12),
    ("ms", 1e9),
    ("µs", 1e6),
    ("ns", 1e3),
    ("ps", 1.0),
];

/// The time unit in which `max_ps` (the largest value on the axis) is at least 1, for values
/// given in `raw_ps` picoseconds each (1e6 for values in µs, 1e9 for ms).
pub fn time_scale(max: f64, raw_ps: f64) -> Scale {
    let ps = (max * raw_ps).abs();
    let (unit, unit_ps) = TIME_PS
        .iter()
        .copied()
        .find(|(_, u)| ps >= *u)
        .unwrap_or(TIME_PS[TIME_PS.len() - 1]);
    Scale {
        unit,
        per: unit_ps / raw_ps,
    }
}

/// The binary byte unit in which `max` bytes is at least 1 (B below 1 KiB).
pub fn byte_scale(max: f64) -> Scale {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut k = 0;
    let mut per = 1.0;
    while k + 1 < UNITS.len() && max.abs() >= per * 1024.0 {
        per *= 1024.0;
        k += 1;
    }
    Scale {
        unit: UNITS[k],
        per,
    }
}

/// The scale of an axis of values in `unit` (`us`/`µs`, `ms`, `ps`, `ns`, `s`, `bytes`) whose
/// largest value is `max`; None for other units (drawn as counts).
pub fn scale_for(unit: &str, max: f64) -> Option<Scale> {
    if matches!(unit, "bytes" | "B") {
        return Some(byte_scale(max));
    }
    unit_ps(unit).map(|ps| time_scale(max, ps))
}

/// Picoseconds in one `unit` of time (`ps`, `ns`, `us`/`µs`, `ms`, `s`); None for other units.
pub fn unit_ps(unit: &str) -> Option<f64> {
    match unit {
        "ps" => Some(1.0),
        "ns" => Some(1e3),
        "us" | "µs" => Some(1e6),
        "ms" => Some(1e9),
        "s" => Some(1e12),
        _ => None,
    }
}

/// A tick label of `v` (already in the axis unit) on an axis spanning `span` in that unit: as few
/// decimals as tell ticks about a tenth of the span apart.
pub fn tick(v: f64, span: f64) -> String {
    let step = (span / 10.0).abs();
    let decimals = if step > 0.0 && step.is_finite() {
        (-step.log10()).ceil().clamp(0.0, 6.0) as usize
    } else {
        0
    };
    let s = format!("{v:.decimals$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        "0".into()
    } else {
        s
    }
}

/// A count with a k/M/G/T suffix from 10,000 on ("12.5k", "3M"); smaller numbers as they are,
/// fractions with 3 significant digits ("0.125", "0.0001").
pub fn count(v: f64) -> String {
    let a = v.abs();
    for (suffix, f) in [("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)] {
        if a >= f && a >= 1e4 {
            return format!("{}{suffix}", trim(&format!("{:.2}", v / f)));
        }
    }
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        let decimals = ((-a.log10()).floor() as i64 + 3).clamp(3, 12) as usize;
        trim(&format!("{v:.decimals$}"))
    }
}

/// "1.50" → "1.5", "2.00" → "2".
fn trim(s: &str) -> String {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s.to_owned()
    }
}

/// A duration of `ps` picoseconds with about 4 significant digits in the unit that fits and the
/// value in whole ps: "1.235 ms (1234567000 ps)"; "0" for zero. For hover titles.
pub fn duration_title(ps: f64) -> String {
    if ps == 0.0 {
        return "0".into();
    }
    let s = time_scale(ps, 1.0);
    let v = ps / s.per;
    let digits = if v.abs() >= 1.0 {
        v.abs().log10().floor() as i32 + 1
    } else {
        1
    };
    let decimals = (4 - digits).clamp(0, 6) as usize;
    format!(
        "{} {} ({ps:.0} ps)",
        trim(&format!("{v:.decimals$}")),
        s.unit
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scales_follow_the_data_range() {
        assert_eq!(time_scale(1500.0, 1e6).unit, "ms");
        assert_eq!(time_scale(1500.0, 1e6).per, 1e3);
        assert_eq!(time_scale(0.5, 1e6).unit, "ns");
        assert_eq!(time_scale(2.0, 1e9).unit, "ms");
        assert_eq!(time_scale(2500.0, 1e9).unit, "s");
        assert_eq!(time_scale(0.0, 1e6).unit, "ps");
        assert_eq!(byte_scale(1000.0).unit, "B");
        assert_eq!(byte_scale(3.0 * 1024.0 * 1024.0).unit, "MiB");
        assert_eq!(scale_for("bytes", 2048.0).unwrap().per, 1024.0);
        assert!(scale_for("cycles", 1.0).is_none());
    }

    #[test]
    fn labels() {
        assert_eq!(tick(1.25, 10.0), "1");
        assert_eq!(tick(1.26, 1.0), "1.3");
        assert_eq!(tick(-0.0001, 1.0), "0");
        assert_eq!(count(12_500.0), "12.5k");
        assert_eq!(count(3_000_000.0), "3M");
        assert_eq!(count(9_999.0), "9999");
        assert_eq!(count(0.125), "0.125");
        assert_eq!(count(0.0001), "0.0001");
        assert_eq!(count(12.25), "12.25");
        assert_eq!(duration_title(1_234_567.0), "1.235 µs (1234567 ps)");
        assert_eq!(duration_title(5e9), "5 ms (5000000000 ps)");
        assert_eq!(
            duration_title(131756000.00000001),
            "131.8 µs (131756000 ps)"
        );
        assert_eq!(duration_title(0.0), "0");
    }
}
