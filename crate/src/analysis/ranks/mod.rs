//! A whole distributed job: what each rank's profile contributes ([`RankPartial`], one per
//! file: who it is, its clock, its steps and its collectives) and the job-wide report built
//! from several of them ([`RanksReport`]: which rank is slow, in which step, how long the others
//! wait for it).
//!
//! - `identity.rs`: the rank, host and world size a file states, and which source said so;
//! - `clock.rs`: the absolute time of the trace's time 0;
//! - `collectives.rs`: the collectives one rank ran, each with its match key;
//! - `merge.rs`: the report (alignment, per-step straggler, skew and wait per collective,
//!   the heat map, the problems of the set of files);
//! - `tables.rs`: one analysis table per rank merged into one with a `rank` column;
//! - `xla_sizes.rs`: an XLA collective's message size, from its instruction's operands.
//!
//! Partials are plain data (serde both ways): the page computes one per engine and sends them
//! back for the merge, which needs no profile.

mod clock;
mod collectives;
mod identity;
mod merge;
mod tables;
mod xla_sizes;

pub use collectives::RankCollective;
pub use identity::{Identity, IdentitySource, identity};
pub use merge::{
    Align, HeatMap, RankEntry, RanksReport, ReportCollective, ReportProblem, ReportStep,
    merge_ranks,
};
pub use tables::merge_tables;

use super::compat::Compat;
use crate::model::{Ps, Trace};
use serde::{Deserialize, Serialize};

/// One step of one rank, in that trace's time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankStep {
    /// The step number (`ProfilerStep#N` → N, XProf's step number).
    pub step: i64,
    /// Start, ps.
    pub start_ps: Ps,
    /// Duration, ps.
    pub time_ps: Ps,
}

/// What one profile contributes to a job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankPartial {
    /// The file's display name, as the caller gave it.
    pub file: String,
    /// The importer's format name (`chrome_json`, `xspace`, ...), to report mixed sets.
    pub format: String,
    /// The rank (process index) the file states or its name suggests.
    pub rank: Option<i64>,
    /// The host name.
    pub host: Option<String>,
    /// The world size the file states.
    pub world_size: Option<i64>,
    /// The communication backend the file states (`nccl`, `gloo`).
    pub backend: Option<String>,
    /// Where `rank` came from.
    pub identity_source: IdentitySource,
    /// Absolute ns since the epoch of the trace's time 0 (decimal text: it exceeds 2^53).
    #[serde(with = "clock::decimal")]
    pub origin_ns: i64,
    /// Whether `origin_ns` is wall time; when false, the trace's own clock of unknown epoch.
    pub clock_absolute: bool,
    /// The global device ids the file's work ran on (empty when it names none).
    pub devices: Vec<i64>,
    /// The steps, by number.
    pub steps: Vec<RankStep>,
    /// The collectives, in start order.
    pub collectives: Vec<RankCollective>,
}

impl RankPartial {
    /// The partial of `trace`, read from the file named `file` (the name only helps to find
    /// the rank when the content does not state it).
    pub fn of(trace: &Trace, file: &str) -> RankPartial {
        let id = identity::identity(trace, file);
        let clock = clock::origin(trace);
        let steps: Vec<RankStep> = super::steps::steps(trace, Compat::Planeview)
            .into_iter()
            .map(|s| RankStep {
                step: s.number,
                start_ps: s.start_ps,
                time_ps: s.duration_ps,
            })
            .collect();
        let collectives = collectives::collectives(trace, &steps);
        RankPartial {
            file: file.to_owned(),
            format: trace.format.as_str().to_owned(),
            rank: id.rank,
            host: id.host,
            world_size: id.world_size,
            backend: id.backend,
            identity_source: id.source,
            origin_ns: clock.origin_ns,
            clock_absolute: clock.absolute,
            devices: id.devices,
            steps,
            collectives,
        }
    }
}
