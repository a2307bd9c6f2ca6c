//! The report of a whole job from its ranks' partials: one clock, the steps side by side,
//! each collective matched across the ranks with its arrivals, and the problems of the set.
//!
//! - **Ranks.** Partials are ordered by (rank, file), so the report does not depend on the
//!   order they come in. A second file claiming a rank is left out; a file without a rank is
//!   numbered after the highest one; a rank of the stated world size without a file, a file
//!   without steps and a file of another format than the others are reported. Nothing of
//!   this is silent: each is a [`ReportProblem`].
//! - **Clock.** The job's `origin_ns` is the earliest time 0 of the ranks with wall-clock
//!   origins; a rank's clock offset is its origin minus the job's. A rank without a wall clock
//!   (when others have one) gets offset 0 and a problem.
//! - **Alignment** adds a shift per rank on top of the clock offset: `step:N` moves every rank's
//!   step N start to that of the lowest rank having step N, `collective:K` moves every rank's
//!   arrival at instance K to the lowest rank's. `offset_ps` = clock offset + shift: what the
//!   page adds to a rank's trace times to put them on the job clock.
//! - **Collectives.** Instances are matched by their key (see `collectives.rs`) and kept when at
//!   least two ranks ran them; `instance` numbers them by their earliest arrival on the clock
//!   alone (so the numbering does not change with the alignment). Arrival = the rank's start;
//!   skew = last − first arrival; wait of a rank = last arrival − its own; the late rank is the
//!   last to arrive (the lowest on a tie); algorithmic bandwidth = bytes / (latest end − last
//!   arrival), in GB/s (10^9 bytes per second), where the size is stated.
//! - **Steps.** Per step number: each rank's time, the slowest rank (longest step), the spread
//!   (longest − shortest), the straggler (the rank whose late arrivals at that step's
//!   collectives made the others wait longest) and that wait (`wait_caused_ps`: the others'
//!   total wait in the step's collectives).

use super::{RankPartial, RankStep};
use crate::model::Ps;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How the ranks' times are put on one clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum Align {
    /// The clocks as the files state them.
    Clock,
    /// Step `step` starts together on every rank.
    Step { step: i64 },
    /// Every rank arrives together at collective instance `instance`.
    Collective { instance: usize },
}

/// A problem of the set of files (never fatal).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ReportProblem {
    /// The file it is about (empty for the job as a whole).
    pub file: String,
    pub message: String,
}

/// One rank of the job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankEntry {
    pub rank: i64,
    pub host: Option<String>,
    pub file: String,
    /// Added to the rank's trace times, puts them on the job clock (clock offset + alignment
    /// shift).
    pub offset_ps: Ps,
    /// The clock offset alone (origin minus the job's origin).
    pub clock_offset_ps: Ps,
    /// The steps, on the job clock.
    pub steps: Vec<RankStep>,
    pub identity_source: super::IdentitySource,
}

/// One step across the ranks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportStep {
    pub step: i64,
    pub slowest_rank: Option<i64>,
    pub straggler_rank: Option<i64>,
    pub spread_ps: Ps,
    pub wait_caused_ps: Ps,
    /// Step time per rank.
    pub times_ps: BTreeMap<i64, Ps>,
}

/// One collective instance across the ranks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportCollective {
    pub name: String,
    pub step: Option<i64>,
    pub instance: usize,
    pub late_rank: i64,
    pub skew_ps: Ps,
    pub wait_ps: BTreeMap<i64, Ps>,
    /// Arrival per rank, on the job clock.
    pub arrival_ps: BTreeMap<i64, Ps>,
    /// The latest end over the ranks, on the job clock.
    pub end_ps: Ps,
    pub bytes: Option<u64>,
    pub algbw_gbps: Option<f64>,
}

/// Ranks × steps: step time and wait time (`None` where the rank has no such step).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HeatMap {
    pub ranks: Vec<i64>,
    pub steps: Vec<i64>,
    pub step_ps: Vec<Vec<Option<Ps>>>,
    pub wait_ps: Vec<Vec<Option<Ps>>>,
}

/// The job (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RanksReport {
    #[serde(with = "super::clock::decimal")]
    pub origin_ns: i64,
    pub align: Align,
    pub ranks: Vec<RankEntry>,
    pub steps: Vec<ReportStep>,
    pub collectives: Vec<ReportCollective>,
    pub heat: HeatMap,
    pub problems: Vec<ReportProblem>,
}

/// What matches one collective across ranks.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum MatchKey {
    Seq(Option<String>, String, i64),
    Run(String, String, u32),
    Step(Option<i64>, String, u32),
}

fn match_key(c: &super::RankCollective) -> MatchKey {
    match (c.seq, &c.group) {
        (Some(seq), _) => MatchKey::Seq(c.process_group.clone(), c.name.clone(), seq),
        (None, Some(run)) => MatchKey::Run(run.clone(), c.name.clone(), c.ordinal),
        (None, None) => MatchKey::Step(c.step, c.name.clone(), c.ordinal),
    }
}

/// A rank admitted to the report.
struct Member<'a> {
    rank: i64,
    p: &'a RankPartial,
    clock_ps: Ps,
}

/// Merges `partials` into the job's report (see the module doc).
pub fn merge_ranks(partials: &[RankPartial], align: Align) -> RanksReport {
    let mut problems = Vec::new();
    let (members, origin_ns) = admit(partials, &mut problems);
    // Collectives matched across ranks, ordered by their earliest arrival on the clock.
    let mut by_key: BTreeMap<MatchKey, BTreeMap<i64, &super::RankCollective>> = BTreeMap::new();
    for m in &members {
        for c in &m.p.collectives {
            by_key.entry(match_key(c)).or_default().insert(m.rank, c);
        }
    }
    let clock_of: BTreeMap<i64, Ps> = members.iter().map(|m| (m.rank, m.clock_ps)).collect();
    let mut instances: Vec<BTreeMap<i64, &super::RankCollective>> =
        by_key.into_values().filter(|r| r.len() >= 2).collect();
    let first_arrival = |r: &BTreeMap<i64, &super::RankCollective>| {
        r.iter()
            .map(|(k, c)| c.start_ps.saturating_add(clock_of[k]))
            .min()
            .unwrap_or(0)
    };
    instances.sort_by_cached_key(|r| {
        let (rank, name) = r
            .iter()
            .next()
            .map(|(k, c)| (*k, c.name.clone()))
            .unwrap_or_default();
        (first_arrival(r), name, rank)
    });
    let shifts = shifts(&members, &instances, align, &mut problems);
    let offset: BTreeMap<i64, Ps> = members
        .iter()
        .map(|m| (m.rank, m.clock_ps.saturating_add(shifts[&m.rank])))
        .collect();
    let collectives: Vec<ReportCollective> = instances
        .iter()
        .enumerate()
        .map(|(k, r)| report_collective(k, r, &offset))
        .collect();
    let ranks: Vec<RankEntry> = members
        .iter()
        .map(|m| RankEntry {
            rank: m.rank,
            host: m.p.host.clone(),
            file: m.p.file.clone(),
            offset_ps: offset[&m.rank],
            clock_offset_ps: m.clock_ps,
            steps: m
                .p
                .steps
                .iter()
                .map(|s| RankStep {
                    start_ps: s.start_ps.saturating_add(offset[&m.rank]),
                    ..s.clone()
                })
                .collect(),
            identity_source: m.p.identity_source,
        })
        .collect();
    let steps = report_steps(&ranks, &collectives);
    let heat = heat_map(&ranks, &steps, &collectives);
    problems.sort();
    problems.dedup();
    RanksReport {
        origin_ns,
        align,
        ranks,
        steps,
        collectives,
        heat,
        problems,
    }
}

/// The ranks admitted (one file per rank), their clock offsets and the job's origin; the
/// problems of the set on the way.
fn admit<'a>(
    partials: &'a [RankPartial],
    problems: &mut Vec<ReportProblem>,
) -> (Vec<Member<'a>>, i64) {
    let problem = |file: &str, message: String| ReportProblem {
        file: file.to_owned(),
        message,
    };
    let mut order: Vec<&RankPartial> = partials.iter().collect();
    order.sort_by(|a, b| {
        (a.rank.is_none(), a.rank, &a.file, a.origin_ns).cmp(&(
            b.rank.is_none(),
            b.rank,
            &b.file,
            b.origin_ns,
        ))
    });
    let mut taken: BTreeMap<i64, &str> = BTreeMap::new();
    let mut admitted: Vec<(i64, &RankPartial)> = Vec::new();
    for p in &order {
        let rank = match p.rank {
            Some(r) => r,
            None => {
                let r = taken.keys().next_back().map_or(0, |r| r + 1);
                problems.push(problem(
                    &p.file,
                    format!("no rank found in the file or its name; numbered {r}"),
                ));
                r
            }
        };
        if let Some(first) = taken.get(&rank) {
            problems.push(problem(
                &p.file,
                format!("claims rank {rank}, as {first} does; left out"),
            ));
            continue;
        }
        taken.insert(rank, &p.file);
        admitted.push((rank, p));
    }
    let world = admitted.iter().filter_map(|(_, p)| p.world_size).max();
    if let Some(w) = world {
        let missing: Vec<String> = (0..w)
            .filter(|r| !taken.contains_key(r))
            .map(|r| r.to_string())
            .collect();
        if !missing.is_empty() {
            problems.push(problem(
                "",
                format!(
                    "world size {w}, but no file for rank {}",
                    missing.join(", ")
                ),
            ));
        }
    }
    let mut formats: BTreeMap<&str, usize> = BTreeMap::new();
    for (_, p) in &admitted {
        *formats.entry(p.format.as_str()).or_default() += 1;
        if p.steps.is_empty() {
            problems.push(problem(
                &p.file,
                "no steps (no ProfilerStep#N or step markers)".into(),
            ));
        }
    }
    if formats.len() > 1 {
        let main = formats
            .iter()
            .max_by_key(|(f, n)| (**n, std::cmp::Reverse(**f)))
            .map(|(f, _)| *f)
            .unwrap_or("");
        for (_, p) in admitted.iter().filter(|(_, p)| p.format != main) {
            problems.push(problem(
                &p.file,
                format!("format {} differs from the job's {main}", p.format),
            ));
        }
    }
    let any_absolute = admitted.iter().any(|(_, p)| p.clock_absolute);
    let on_clock = |p: &RankPartial| p.clock_absolute || !any_absolute;
    let origin_ns = admitted
        .iter()
        .filter(|(_, p)| on_clock(p))
        .map(|(_, p)| p.origin_ns)
        .min()
        .unwrap_or(0);
    if !any_absolute && admitted.len() > 1 {
        problems.push(problem(
            "",
            "no file states wall-clock time; their own clocks are compared as they are".into(),
        ));
    }
    let members = admitted
        .into_iter()
        .map(|(rank, p)| {
            let clock_ps = if on_clock(p) {
                p.origin_ns.saturating_sub(origin_ns).saturating_mul(1000)
            } else {
                problems.push(problem(
                    &p.file,
                    "no wall-clock time; its time 0 is put at the job's".into(),
                ));
                0
            };
            Member { rank, p, clock_ps }
        })
        .collect();
    (members, origin_ns)
}

/// The alignment shift of each rank.
fn shifts(
    members: &[Member],
    instances: &[BTreeMap<i64, &super::RankCollective>],
    align: Align,
    problems: &mut Vec<ReportProblem>,
) -> BTreeMap<i64, Ps> {
    let mut out: BTreeMap<i64, Ps> = members.iter().map(|m| (m.rank, 0)).collect();
    // The point each rank is aligned at, in its trace time.
    let points: BTreeMap<i64, Ps> = match align {
        Align::Clock => return out,
        Align::Step { step } => members
            .iter()
            .filter_map(|m| {
                m.p.steps
                    .iter()
                    .find(|s| s.step == step)
                    .map(|s| (m.rank, s.start_ps))
            })
            .collect(),
        Align::Collective { instance } => instances
            .get(instance)
            .map(|r| r.iter().map(|(k, c)| (*k, c.start_ps)).collect())
            .unwrap_or_default(),
    };
    let what = match align {
        Align::Step { step } => format!("step {step}"),
        Align::Collective { instance } => format!("collective instance {instance}"),
        Align::Clock => String::new(),
    };
    let clock: BTreeMap<i64, Ps> = members.iter().map(|m| (m.rank, m.clock_ps)).collect();
    let Some((&first, &at)) = points.iter().next() else {
        problems.push(ReportProblem {
            file: String::new(),
            message: format!("no rank has {what}; aligned by the clock"),
        });
        return out;
    };
    let reference = at.saturating_add(clock[&first]);
    for m in members {
        match points.get(&m.rank) {
            Some(&p) => {
                out.insert(
                    m.rank,
                    reference.saturating_sub(p.saturating_add(m.clock_ps)),
                );
            }
            None => problems.push(ReportProblem {
                file: m.p.file.clone(),
                message: format!("has no {what}; aligned by the clock"),
            }),
        }
    }
    out
}

fn report_collective(
    instance: usize,
    r: &BTreeMap<i64, &super::RankCollective>,
    offset: &BTreeMap<i64, Ps>,
) -> ReportCollective {
    let arrival: BTreeMap<i64, Ps> = r
        .iter()
        .map(|(k, c)| (*k, c.start_ps.saturating_add(offset[k])))
        .collect();
    let (mut late_rank, mut last) = (0, Ps::MIN);
    for (&k, &a) in &arrival {
        if a > last {
            (late_rank, last) = (k, a);
        }
    }
    let first = arrival.values().copied().min().unwrap_or(last);
    let end = r
        .iter()
        .map(|(k, c)| c.end_ps.saturating_add(offset[k]))
        .max()
        .unwrap_or(last);
    let bytes = r.values().find_map(|c| c.bytes);
    let algbw_gbps = bytes
        .filter(|_| end > last)
        .map(|b| b as f64 / (end - last) as f64 * 1e3);
    ReportCollective {
        name: r
            .values()
            .next()
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        step: r.values().find_map(|c| c.step),
        instance,
        late_rank,
        skew_ps: last - first,
        wait_ps: arrival.iter().map(|(&k, &a)| (k, last - a)).collect(),
        arrival_ps: arrival,
        end_ps: end,
        bytes,
        algbw_gbps,
    }
}

fn report_steps(ranks: &[RankEntry], collectives: &[ReportCollective]) -> Vec<ReportStep> {
    let mut by_step: BTreeMap<i64, BTreeMap<i64, Ps>> = BTreeMap::new();
    for r in ranks {
        for s in &r.steps {
            by_step.entry(s.step).or_default().insert(r.rank, s.time_ps);
        }
    }
    by_step
        .into_iter()
        .map(|(step, times)| {
            let mut slowest: Option<(i64, Ps)> = None;
            for (&k, &t) in &times {
                if slowest.is_none_or(|(_, best)| t > best) {
                    slowest = Some((k, t));
                }
            }
            let (min, max) = (times.values().min(), times.values().max());
            let mut caused: BTreeMap<i64, Ps> = BTreeMap::new();
            for c in collectives.iter().filter(|c| c.step == Some(step)) {
                *caused.entry(c.late_rank).or_default() += c.wait_ps.values().sum::<Ps>();
            }
            let mut straggler: Option<(i64, Ps)> = None;
            for (&k, &w) in &caused {
                if w > 0 && straggler.is_none_or(|(_, best)| w > best) {
                    straggler = Some((k, w));
                }
            }
            ReportStep {
                step,
                slowest_rank: slowest.map(|(k, _)| k),
                straggler_rank: straggler.map(|(k, _)| k),
                spread_ps: max.zip(min).map_or(0, |(a, b)| a - b),
                wait_caused_ps: caused.values().sum(),
                times_ps: times,
            }
        })
        .collect()
}

fn heat_map(
    ranks: &[RankEntry],
    steps: &[ReportStep],
    collectives: &[ReportCollective],
) -> HeatMap {
    let step_numbers: Vec<i64> = steps.iter().map(|s| s.step).collect();
    let mut waits: BTreeMap<(i64, i64), Ps> = BTreeMap::new();
    for c in collectives {
        if let Some(step) = c.step {
            for (&k, &w) in &c.wait_ps {
                *waits.entry((k, step)).or_default() += w;
            }
        }
    }
    let rank_numbers: Vec<i64> = ranks.iter().map(|r| r.rank).collect();
    let has: BTreeSet<(i64, i64)> = ranks
        .iter()
        .flat_map(|r| r.steps.iter().map(move |s| (r.rank, s.step)))
        .collect();
    HeatMap {
        step_ps: rank_numbers
            .iter()
            .map(|&k| steps.iter().map(|s| s.times_ps.get(&k).copied()).collect())
            .collect(),
        wait_ps: rank_numbers
            .iter()
            .map(|&k| {
                step_numbers
                    .iter()
                    .map(|&s| {
                        waits
                            .get(&(k, s))
                            .copied()
                            .or(has.contains(&(k, s)).then_some(0))
                    })
                    .collect()
            })
            .collect(),
        ranks: rank_numbers,
        steps: step_numbers,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{IdentitySource, RankCollective};
    use super::*;
    use proptest::prelude::*;

    /// A job of `jitter.len()` ranks: rank r's step s starts at `s · 1 ms + jitter[r][s]` on a
    /// clock `origin[r]` ns after a common epoch, with two collectives per step.
    fn job(jitter: &[Vec<i64>], origin: &[i64]) -> Vec<RankPartial> {
        jitter
            .iter()
            .enumerate()
            .map(|(r, jit)| {
                let steps: Vec<RankStep> = jit
                    .iter()
                    .enumerate()
                    .map(|(s, j)| RankStep {
                        step: s as i64,
                        start_ps: s as i64 * 1_000_000_000 + j,
                        time_ps: 900_000_000 - j,
                    })
                    .collect();
                let collectives = steps
                    .iter()
                    .flat_map(|s| {
                        (0..2).map(move |k| RankCollective {
                            name: "all_reduce".into(),
                            step: Some(s.step),
                            ordinal: k,
                            seq: None,
                            group: None,
                            process_group: None,
                            start_ps: s.start_ps
                                + 100_000_000 * (k as i64 + 1)
                                + (s.time_ps % 7) * k as i64,
                            end_ps: s.start_ps + 800_000_000,
                            bytes: Some(1 << 20),
                            devices: 1,
                        })
                    })
                    .collect();
                RankPartial {
                    file: format!("rank-{r}.json"),
                    format: "chrome_json".into(),
                    rank: Some(r as i64),
                    host: None,
                    world_size: Some(jitter.len() as i64),
                    backend: None,
                    identity_source: IdentitySource::DistributedInfo,
                    origin_ns: 1_700_000_000_000_000_000 + origin[r],
                    clock_absolute: true,
                    devices: Vec::new(),
                    steps,
                    collectives,
                }
            })
            .collect()
    }

    fn jobs() -> impl Strategy<Value = (Vec<Vec<i64>>, Vec<i64>)> {
        (2usize..6, 1usize..5).prop_flat_map(|(ranks, steps)| {
            (
                proptest::collection::vec(
                    proptest::collection::vec(0i64..50_000_000, steps),
                    ranks,
                ),
                proptest::collection::vec(0i64..1_000_000, ranks),
            )
        })
    }

    fn aligns() -> impl Strategy<Value = Align> {
        prop_oneof![
            Just(Align::Clock),
            (0i64..5).prop_map(|step| Align::Step { step }),
            (0usize..6).prop_map(|instance| Align::Collective { instance }),
        ]
    }

    proptest! {
        #[test]
        fn the_order_of_the_partials_does_not_matter(
            (jitter, origin) in jobs(),
            align in aligns(),
            seed in any::<u64>(),
        ) {
            let partials = job(&jitter, &origin);
            let mut shuffled = partials.clone();
            let mut s = seed;
            for i in (1..shuffled.len()).rev() {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                shuffled.swap(i, (s >> 33) as usize % (i + 1));
            }
            prop_assert_eq!(merge_ranks(&partials, align), merge_ranks(&shuffled, align));
        }

        #[test]
        fn a_rank_shifted_on_its_clock_gets_the_opposite_offset_under_step_alignment(
            (jitter, origin) in jobs(),
            d in -5_000_000i64..5_000_000,
            step in any::<proptest::sample::Index>(),
        ) {
            let step = step.index(jitter[0].len()) as i64;
            let partials = job(&jitter, &origin);
            let mut shifted = partials.clone();
            let r = shifted.len() - 1;
            for s in &mut shifted[r].steps {
                s.start_ps += d;
            }
            for c in &mut shifted[r].collectives {
                c.start_ps += d;
                c.end_ps += d;
            }
            let align = Align::Step { step };
            let (a, b) = (merge_ranks(&partials, align), merge_ranks(&shifted, align));
            prop_assert_eq!(b.ranks[r].offset_ps, a.ranks[r].offset_ps - d);
            // On the job clock nothing moved.
            prop_assert_eq!(&a.ranks[r].steps, &b.ranks[r].steps);
            prop_assert_eq!(&a.collectives, &b.collectives);
        }

        #[test]
        fn waits_end_at_the_last_arrival_and_skew_is_the_spread(
            (jitter, origin) in jobs(),
            align in aligns(),
        ) {
            let report = merge_ranks(&job(&jitter, &origin), align);
            prop_assert_eq!(report.collectives.len(), jitter[0].len() * 2);
            for c in &report.collectives {
                let last = *c.arrival_ps.values().max().unwrap();
                let first = *c.arrival_ps.values().min().unwrap();
                prop_assert_eq!(c.skew_ps, last - first);
                prop_assert_eq!(c.arrival_ps[&c.late_rank], last);
                prop_assert_eq!(c.wait_ps[&c.late_rank], 0);
                for (k, w) in &c.wait_ps {
                    prop_assert_eq!(*w, last - c.arrival_ps[k]);
                }
            }
            if let Align::Collective { instance } = align {
                if let Some(c) = report.collectives.get(instance) {
                    prop_assert_eq!(c.skew_ps, 0);
                }
            }
            for s in &report.steps {
                let caused: Ps = report
                    .collectives
                    .iter()
                    .filter(|c| c.step == Some(s.step))
                    .map(|c| c.wait_ps.values().sum::<Ps>())
                    .sum();
                prop_assert_eq!(s.wait_caused_ps, caused);
            }
        }
    }

    #[test]
    fn problems_of_the_set_are_reported() {
        let mut partials = job(&[vec![0, 0], vec![0, 0], vec![0, 0]], &[0, 0, 0]);
        partials[0].world_size = Some(4);
        partials[2].rank = Some(1);
        partials[2].file = "copy-of-rank-1.json".into();
        partials[0].steps.clear();
        partials.push(RankPartial {
            file: "unnamed.pb".into(),
            format: "xspace".into(),
            rank: None,
            ..partials[0].clone()
        });
        let report = merge_ranks(&partials, Align::Clock);
        let problems: Vec<String> = report
            .problems
            .iter()
            .map(|p| format!("{}: {}", p.file, p.message))
            .collect();
        assert_eq!(
            problems,
            [
                ": world size 4, but no file for rank 3",
                "rank-0.json: no steps (no ProfilerStep#N or step markers)",
                // The files of one rank are taken in name order.
                "rank-1.json: claims rank 1, as copy-of-rank-1.json does; left out",
                "unnamed.pb: format xspace differs from the job's chrome_json",
                "unnamed.pb: no rank found in the file or its name; numbered 2",
                "unnamed.pb: no steps (no ProfilerStep#N or step markers)",
            ]
        );
        assert_eq!(
            report.ranks.iter().map(|r| r.rank).collect::<Vec<_>>(),
            [0, 1, 2]
        );
    }
}
