//! Each table of a comparison: its matching rules, in order, and its rows.
//!
//! - kernels: `name+grid+block`, then `name` (the launch configuration changed);
//! - HLO ops: `computation` (same normalised module, same fingerprint of what the op
//!   computes, shapes included), `structure` (the same without shapes: the program compiled
//!   for other sizes), then `module+op` (same normalised module and op name, for ops whose
//!   module is not in the profile); within a rule, rows of the same op name pair first (for
//!   `module+op`: of the same expression), so renumbered fusions pair by what they compute and
//!   unchanged ones by name;
//! - framework ops: `type+operation`, then `operation` (the type changed), then `operation
//!   without numbers` (every digit run read as one `N`: `ProfilerStep#21` is
//!   `ProfilerStep#N`, paired longest with longest), host and device parts apart;
//! - events: `role+name`, then `role+name without numbers`;
//! - steps: `number`, or `position` (first with first) when no step number is on both sides.

use super::matching::{Pair, Rule, pair_rows};
use super::report::{
    DiffRow, EventKey, FrameworkOpKey, HloOpKey, KernelKey, Status, StepKey, TableTotal, pct,
};
use super::side::{EventSide, FrameworkOpSide, HloOpSide, KernelSide, StepSide};

/// A row of one side: its key columns and what is compared.
pub trait SideRow {
    /// The key columns.
    type Key: Clone + PartialEq;
    /// The key columns of this row.
    fn key(&self) -> Self::Key;
    /// The compared time, ps.
    fn time_ps(&self) -> i64;
    /// Occurrences.
    fn occurrences(&self) -> u64;
    /// Slice id of the longest occurrence.
    fn longest(&self) -> Option<u32>;
}

/// A rule's key from parts joined by a separator no name holds.
fn join(parts: &[&str]) -> String {
    parts.join("\u{1f}")
}

fn no_tie<T>(_: &T) -> String {
    String::new()
}

/// `name` with every run of digits replaced by `N` (`ProfilerStep#21` → `ProfilerStep#N`):
/// names that count steps, iterations or calls pair up across runs.
pub fn without_numbers(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut in_digits = false;
    for c in name.chars() {
        if c.is_ascii_digit() {
            if !in_digits {
                out.push('N');
            }
            in_digits = true;
        } else {
            out.push(c);
            in_digits = false;
        }
    }
    out
}

/// The kernel table.
pub fn kernels(base: &[KernelSide], cand: &[KernelSide]) -> (Vec<DiffRow<KernelKey>>, TableTotal) {
    let launch = |k: &KernelSide| Some(join(&[&k.kernel_name, &k.grid_dim, &k.block_dim]));
    let name = |k: &KernelSide| Some(k.kernel_name.clone());
    let dims = |k: &KernelSide| join(&[&k.grid_dim, &k.block_dim]);
    let rules = [
        Rule {
            name: "name+grid+block",
            key: &launch,
            tie: &no_tie,
        },
        Rule {
            name: "name",
            key: &name,
            tie: &dims,
        },
    ];
    rows(base, cand, &pair_rows(base, cand, &rules, |k| k.time_ps))
}

/// The HLO op table.
pub fn hlo_ops(base: &[HloOpSide], cand: &[HloOpSide]) -> (Vec<DiffRow<HloOpKey>>, TableTotal) {
    let computation = |o: &HloOpSide| o.computation.as_ref().map(|c| join(&[&o.module, c]));
    let structure = |o: &HloOpSide| o.structure.as_ref().map(|s| join(&[&o.module, s]));
    let op = |o: &HloOpSide| Some(join(&[&o.module, &o.hlo_op_name]));
    let name = |o: &HloOpSide| o.hlo_op_name.clone();
    let expression = |o: &HloOpSide| o.hlo_op_expression.clone();
    let rules = [
        Rule {
            name: "computation",
            key: &computation,
            tie: &name,
        },
        Rule {
            name: "structure",
            key: &structure,
            tie: &name,
        },
        Rule {
            name: "module+op",
            key: &op,
            tie: &expression,
        },
    ];
    rows(base, cand, &pair_rows(base, cand, &rules, |o| o.time_ps))
}

/// The framework op table.
pub fn framework_ops(
    base: &[FrameworkOpSide],
    cand: &[FrameworkOpSide],
) -> (Vec<DiffRow<FrameworkOpKey>>, TableTotal) {
    let full = |o: &FrameworkOpSide| Some(join(&[&o.host_or_device, &o.op_type, &o.operation]));
    let operation = |o: &FrameworkOpSide| Some(join(&[&o.host_or_device, &o.operation]));
    let numbered = |o: &FrameworkOpSide| {
        let op = without_numbers(&o.operation);
        (op != o.operation).then(|| join(&[&o.host_or_device, &op]))
    };
    let rules = [
        Rule {
            name: "type+operation",
            key: &full,
            tie: &no_tie,
        },
        Rule {
            name: "operation",
            key: &operation,
            tie: &no_tie,
        },
        Rule {
            name: "operation without numbers",
            key: &numbered,
            tie: &no_tie,
        },
    ];
    rows(base, cand, &pair_rows(base, cand, &rules, |o| o.time_ps))
}

/// The event table.
pub fn events(base: &[EventSide], cand: &[EventSide]) -> (Vec<DiffRow<EventKey>>, TableTotal) {
    let key = |e: &EventSide| Some(join(&[&e.role, &e.name]));
    let numbered = |e: &EventSide| {
        let name = without_numbers(&e.name);
        (name != e.name).then(|| join(&[&e.role, &name]))
    };
    let rules = [
        Rule {
            name: "role+name",
            key: &key,
            tie: &no_tie,
        },
        Rule {
            name: "role+name without numbers",
            key: &numbered,
            tie: &no_tie,
        },
    ];
    rows(base, cand, &pair_rows(base, cand, &rules, |e| e.time_ps))
}

/// The step table.
pub fn steps(base: &[StepSide], cand: &[StepSide]) -> (Vec<DiffRow<StepKey>>, TableTotal) {
    let number = |s: &StepSide| Some(s.step.to_string());
    let rules = [Rule {
        name: "number",
        key: &number,
        tie: &no_tie,
    }];
    let mut pairs = pair_rows(base, cand, &rules, |s| s.time_ps);
    if pairs.iter().all(|p| p.rule.is_none()) {
        pairs = by_position(base.len(), cand.len());
    }
    rows(base, cand, &pairs)
}

/// First with first, second with second; the longer side's rest on its own.
fn by_position(base: usize, cand: usize) -> Vec<Pair> {
    (0..base.max(cand))
        .map(|k| Pair {
            base: (k < base).then_some(k),
            cand: (k < cand).then_some(k),
            rule: (k < base && k < cand).then_some("position"),
        })
        .collect()
}

/// The rows of `pairs`, by `abs(delta_ps)` descending (ties keep the pairs' order), and their
/// totals.
fn rows<T: SideRow>(base: &[T], cand: &[T], pairs: &[Pair]) -> (Vec<DiffRow<T::Key>>, TableTotal) {
    let mut total = TableTotal::default();
    let mut out: Vec<DiffRow<T::Key>> = pairs
        .iter()
        .map(|p| {
            let b = p.base.map(|i| &base[i]);
            let c = p.cand.map(|i| &cand[i]);
            let time = |r: Option<&T>| r.map_or(0, SideRow::time_ps);
            let (base_ps, cand_ps) = (time(b), time(c));
            let status = match (b, c) {
                (Some(_), Some(_)) => Status::Matched,
                (None, _) => Status::Added,
                (_, None) => Status::Removed,
            };
            match status {
                Status::Matched => total.matched += 1,
                Status::Added => total.added += 1,
                Status::Removed => total.removed += 1,
            }
            total.base_ps += base_ps;
            total.cand_ps += cand_ps;
            total.delta_ps += cand_ps - base_ps;
            let key = c.or(b).map(SideRow::key).expect("a pair has a row");
            let base_key = b.map(SideRow::key).filter(|k| c.is_some() && *k != key);
            DiffRow {
                key,
                base_key,
                base_ps,
                cand_ps,
                delta_ps: cand_ps - base_ps,
                delta_pct: pct(cand_ps - base_ps, base_ps),
                base_occurrences: b.map_or(0, SideRow::occurrences),
                cand_occurrences: c.map_or(0, SideRow::occurrences),
                status,
                rule: p.rule,
                base_longest: b.and_then(SideRow::longest),
                cand_longest: c.and_then(SideRow::longest),
            }
        })
        .collect();
    out.sort_by_key(|r| std::cmp::Reverse(r.delta_ps.unsigned_abs()));
    (out, total)
}

impl SideRow for KernelSide {
    type Key = KernelKey;
    fn key(&self) -> KernelKey {
        KernelKey {
            kernel_name: self.kernel_name.clone(),
            grid_dim: self.grid_dim.clone(),
            block_dim: self.block_dim.clone(),
        }
    }
    fn time_ps(&self) -> i64 {
        self.time_ps
    }
    fn occurrences(&self) -> u64 {
        self.occurrences
    }
    fn longest(&self) -> Option<u32> {
        self.longest
    }
}

impl SideRow for HloOpSide {
    type Key = HloOpKey;
    fn key(&self) -> HloOpKey {
        HloOpKey {
            module: self.module.clone(),
            hlo_op_name: self.hlo_op_name.clone(),
            category: self.category.clone(),
            hlo_op_expression: self.hlo_op_expression.clone(),
        }
    }
    fn time_ps(&self) -> i64 {
        self.time_ps
    }
    fn occurrences(&self) -> u64 {
        self.occurrences
    }
    fn longest(&self) -> Option<u32> {
        self.longest
    }
}

impl SideRow for FrameworkOpSide {
    type Key = FrameworkOpKey;
    fn key(&self) -> FrameworkOpKey {
        FrameworkOpKey {
            host_or_device: self.host_or_device.clone(),
            op_type: self.op_type.clone(),
            operation: self.operation.clone(),
        }
    }
    fn time_ps(&self) -> i64 {
        self.time_ps
    }
    fn occurrences(&self) -> u64 {
        self.occurrences
    }
    fn longest(&self) -> Option<u32> {
        self.longest
    }
}

impl SideRow for EventSide {
    type Key = EventKey;
    fn key(&self) -> EventKey {
        EventKey {
            role: self.role.clone(),
            name: self.name.clone(),
        }
    }
    fn time_ps(&self) -> i64 {
        self.time_ps
    }
    fn occurrences(&self) -> u64 {
        self.occurrences
    }
    fn longest(&self) -> Option<u32> {
        self.longest
    }
}

impl SideRow for StepSide {
    type Key = StepKey;
    fn key(&self) -> StepKey {
        StepKey { step: self.step }
    }
    fn time_ps(&self) -> i64 {
        self.time_ps
    }
    fn occurrences(&self) -> u64 {
        1
    }
    fn longest(&self) -> Option<u32> {
        self.longest
    }
}
