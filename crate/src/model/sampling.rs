//! The model's memory budget while importing, and the sampling that keeps it.
//!
//! Until the model reaches its budget, everything is kept. From then on the builder samples,
//! in levels that rise with the model's size (level `L` starts when the model holds
//! `budget × (1 + (L − 1) / 8)` bytes; a level never falls):
//!
//! | level | slices kept | instants and counter samples kept |
//! |---|---|---|
//! | 0 | all | all |
//! | 1 ..= 7 | those lasting at least 1 µs × 4^(L − 1) (1 µs, 4 µs, ... 4.1 ms) | 1 in 2^L per track |
//! | 8 (the model holds 1.875× its budget) | none | none |
//!
//! Long slices are what a timeline shows when zoomed out, so this keeps the shape of the
//! whole trace (every slice longer than the last level's threshold is kept, across the whole
//! time span) where truncating would lose its end. What was dropped is counted and reported
//! as one `degraded_import` diagnostic by [`Sampler::report`]; analyses over a sampled model
//! undercount, which that diagnostic states.
//!
//! The size is looked at every [`CHECK_EVERY`] additions, so the cost per event is one
//! decrement. It counts the rows in use (priced as `Trace::heap_bytes` prices them) rather
//! than the columns' capacity, so that a column doubling its room does not skip levels.

use super::{PS_PER_US, Ps, TrackId};
use crate::diagnostics::{DiagnosticKind, Diagnostics};

/// Additions between two looks at the model's size.
const CHECK_EVERY: u32 = 1 << 12;
/// The level at which nothing more is added.
const STOP_LEVEL: u32 = 8;

/// Decides, event by event, what a model over its budget still keeps (see the module doc).
#[derive(Debug)]
pub(super) struct Sampler {
    /// Bytes; `usize::MAX` means no budget.
    budget: usize,
    level: u32,
    until_check: u32,
    /// Events added before sampling started.
    kept_before: u64,
    /// Per-track counters for keeping 1 in 2^level instants and counter samples.
    ticks: Vec<u32>,
    dropped_slices: u64,
    dropped_points: u64,
}

impl Default for Sampler {
    fn default() -> Self {
        Sampler {
            budget: usize::MAX,
            level: 0,
            until_check: CHECK_EVERY,
            kept_before: 0,
            ticks: Vec::new(),
            dropped_slices: 0,
            dropped_points: 0,
        }
    }
}

impl Sampler {
    /// Sets the budget in bytes (`u64::MAX`: none).
    pub(super) fn set_budget(&mut self, bytes: u64) {
        self.budget = usize::try_from(bytes).unwrap_or(usize::MAX);
    }

    /// `n` rows of `bytes_each`, or fewer if they would take more than half the budget.
    pub(super) fn cap(&self, n: usize, bytes_each: usize) -> usize {
        n.min(self.budget / 2 / bytes_each.max(1))
    }

    /// Counts one addition; every [`CHECK_EVERY`] of them, asks `model` for the number of
    /// events added so far and the model's size in bytes, and raises the level if the
    /// model has grown past the next step.
    #[inline]
    pub(super) fn tick(&mut self, model: impl FnOnce() -> (usize, usize)) {
        self.until_check -= 1;
        if self.until_check == 0 {
            self.until_check = CHECK_EVERY;
            if self.budget != usize::MAX {
                let (events, bytes) = model();
                self.update(events, bytes);
            }
        }
    }

    fn update(&mut self, events: usize, bytes: usize) {
        let level = level_for(bytes, self.budget);
        if level > self.level {
            if self.level == 0 {
                self.kept_before = events as u64;
            }
            self.level = level;
        }
    }

    /// Whether a slice lasting `dur` is kept (counting it if not).
    #[inline]
    pub(super) fn keeps_slice(&mut self, dur: Ps) -> bool {
        if self.level == 0 {
            return true;
        }
        let keep = self.level < STOP_LEVEL && dur >= min_duration(self.level);
        self.dropped_slices += u64::from(!keep);
        keep
    }

    /// Whether an instant or counter sample on `track` is kept (counting it if not).
    #[inline]
    pub(super) fn keeps_point(&mut self, track: TrackId) -> bool {
        if self.level == 0 {
            return true;
        }
        let keep = self.level < STOP_LEVEL && {
            let i = track.index();
            if i >= self.ticks.len() {
                self.ticks.resize(i + 1, 0);
            }
            let tick = self.ticks[i];
            self.ticks[i] = tick.wrapping_add(1);
            tick % (1 << self.level) == 0
        };
        self.dropped_points += u64::from(!keep);
        keep
    }

    /// Reports what sampling dropped, if it started, as one `degraded_import` diagnostic.
    pub(super) fn report(&self, diagnostics: &mut Diagnostics) {
        if self.level == 0 {
            return;
        }
        let mib = self.budget >> 20;
        let last = if self.level >= STOP_LEVEL {
            format!(
                "at {}× the budget nothing more was added",
                f64::from(STOP_LEVEL + 7) / 8.0
            )
        } else {
            format!(
                "at the end slices shorter than {} µs were dropped and 1 in {} instants and \
                 counter samples per track kept",
                min_duration(self.level) / PS_PER_US,
                1u64 << self.level
            )
        };
        diagnostics.record_many(
            DiagnosticKind::DegradedImport,
            self.dropped_slices + self.dropped_points,
            format!(
                "the model reached its memory budget ({mib} MiB) after {} events; from then on \
                 it was sampled to stay near it ({last}): {} slices and {} instants or counter \
                 samples dropped, so statistics undercount",
                self.kept_before, self.dropped_slices, self.dropped_points
            ),
        );
    }
}

/// The sampling level for a model of `bytes` under `budget` (see the module doc).
fn level_for(bytes: usize, budget: usize) -> u32 {
    if bytes < budget {
        return 0;
    }
    let over_eighths = (bytes - budget) as u128 * 8 / (budget.max(1) as u128);
    (1 + over_eighths).min(u128::from(STOP_LEVEL)) as u32
}

/// The shortest slice kept at `level` ≥ 1: 1 µs × 4^(level − 1).
fn min_duration(level: u32) -> Ps {
    PS_PER_US << (2 * (level - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rise_by_eighths_of_the_budget_and_stop_at_eight() {
        let budget = 800;
        assert_eq!(level_for(799, budget), 0);
        assert_eq!(level_for(800, budget), 1);
        assert_eq!(level_for(899, budget), 1);
        assert_eq!(level_for(900, budget), 2);
        assert_eq!(level_for(1499, budget), 7);
        assert_eq!(level_for(1500, budget), STOP_LEVEL);
        assert_eq!(level_for(usize::MAX, budget), STOP_LEVEL);
        assert_eq!(min_duration(1), PS_PER_US);
        assert_eq!(min_duration(7), 4096 * PS_PER_US);
    }

    #[test]
    fn past_the_budget_short_slices_and_most_points_are_dropped() {
        let mut s = Sampler::default();
        s.set_budget(1000);
        for _ in 0..CHECK_EVERY - 1 {
            s.tick(|| unreachable!("not yet"));
        }
        s.tick(|| (5, 1000));
        assert_eq!(s.level, 1);
        assert!(s.keeps_slice(PS_PER_US));
        assert!(!s.keeps_slice(PS_PER_US - 1));
        let kept = (0..8).filter(|_| s.keeps_point(TrackId(3))).count();
        assert_eq!(kept, 4, "1 in 2 per track");
        assert!(s.keeps_point(TrackId(0)), "each track has its own count");
        let mut d = Diagnostics::default();
        s.report(&mut d);
        let diag = d.get(DiagnosticKind::DegradedImport).expect("reported");
        assert_eq!(diag.count, 5);
        assert!(
            diag.examples[0].contains("after 5 events"),
            "{}",
            diag.examples[0]
        );
    }

    #[test]
    fn without_a_budget_nothing_is_ever_dropped() {
        let mut s = Sampler::default();
        for _ in 0..3 * CHECK_EVERY {
            s.tick(|| (0, usize::MAX));
        }
        assert!(s.keeps_slice(0) && s.keeps_point(TrackId(0)));
        let mut d = Diagnostics::default();
        s.report(&mut d);
        assert!(d.is_empty());
    }
}
