//! Who a profile is: its rank (process index), host and world size, from the first source that
//! states it:
//! 1. the header PyTorch's profiler writes (`distributedInfo`: `rank`, `world_size`,
//!    `backend`);
//! 2. the global device ids its work ran on (stats `global_device_id`, else `device_ordinal`):
//!    JAX numbers the CPU devices of process `p` from `p · 2048`, accelerators contiguously
//!    (`p · local devices` up), so the process index is `min id / 2048` when the ids are
//!    multiples of that block, else `min id / number of ids`;
//! 3. the file name: `rank-3`, `rank3`, `rank_3`, `worker_3`, `host1`, `proc2`, `process2`,
//!    `node4` (the last path component, case-insensitive; the first of these words found).
//!
//! The host is the header's `host_name`, else the first of XSpace's `hostnames`.

use super::super::query::value_i64;
use crate::model::Trace;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Which source gave the rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IdentitySource {
    /// The profiler's `distributedInfo` header.
    #[serde(rename = "distributedInfo")]
    DistributedInfo,
    /// The global device ids the work ran on.
    #[serde(rename = "device ids")]
    DeviceIds,
    /// A number in the file name.
    #[serde(rename = "file name")]
    FileName,
    /// Nothing: the rank is unknown.
    #[serde(rename = "none")]
    None,
}

/// The identity of one profile.
#[derive(Debug)]
pub struct Identity {
    pub rank: Option<i64>,
    pub host: Option<String>,
    pub world_size: Option<i64>,
    pub backend: Option<String>,
    pub source: IdentitySource,
    /// Global device ids, ascending.
    pub devices: Vec<i64>,
}

/// JAX's block of CPU device ids per process.
const CPU_DEVICE_ID_BLOCK: i64 = 2048;

/// Words of a file name followed by the rank.
const NAME_WORDS: [&str; 7] = [
    "rank", "worker", "host", "process", "proc", "node", "trainer",
];

/// The identity of `trace`, read from the file named `file`.
pub fn identity(trace: &Trace, file: &str) -> Identity {
    let meta = &trace.metadata;
    let info = |key: &str| {
        meta.get("distributedInfo")
            .and_then(|d| d.get(key))
            .or_else(|| meta.get(&format!("distributedInfo.{key}")))
            .cloned()
    };
    let int = |v: Option<serde_json::Value>| v.and_then(|v| json_i64(&v));
    let devices = device_ids(trace);
    let host = meta
        .get("host_name")
        .and_then(|v| v.as_str())
        .or_else(|| meta.get("hostnames").and_then(|v| v.get(0)?.as_str()))
        .map(str::to_owned);
    let (rank, source) = if let Some(r) = int(info("rank")) {
        (Some(r), IdentitySource::DistributedInfo)
    } else if let Some(p) = process_of_devices(&devices) {
        (Some(p), IdentitySource::DeviceIds)
    } else if let Some(r) = rank_in_name(file) {
        (Some(r), IdentitySource::FileName)
    } else {
        (None, IdentitySource::None)
    };
    Identity {
        rank,
        host,
        world_size: int(info("world_size")),
        backend: info("backend").and_then(|v| v.as_str().map(str::to_owned)),
        source,
        devices,
    }
}

/// An integer from a JSON number or decimal text.
pub(super) fn json_i64(v: &serde_json::Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
}

/// The global device ids named by the stats of the trace's slices: `global_device_id`, else
/// `device_ordinal` (which XLA's CPU client numbers globally; on accelerators a line's device
/// ordinal may be local, so the global id is preferred wherever it is stated).
fn device_ids(trace: &Trace) -> Vec<i64> {
    let keys = ["global_device_id", "device_ordinal"].map(|k| trace.strings.lookup(k));
    let mut ids = [BTreeSet::new(), BTreeSet::new()];
    if keys.iter().all(Option::is_none) {
        return Vec::new();
    }
    let mut last_set = None;
    for &set in &trace.slices.args {
        if set.0 == 0 || last_set == Some(set) {
            continue;
        }
        last_set = Some(set);
        for (found, key) in ids.iter_mut().zip(keys) {
            if let Some(id) = key
                .and_then(|k| trace.args.find(set, k))
                .and_then(|v| value_i64(trace, v))
            {
                found.insert(id);
            }
        }
    }
    let [global, ordinals] = ids;
    if global.is_empty() { ordinals } else { global }
        .into_iter()
        .collect()
}

/// The process index the device ids imply (see the module doc).
fn process_of_devices(ids: &[i64]) -> Option<i64> {
    let (&min, &max) = (ids.first()?, ids.last()?);
    if min < 0 {
        return None;
    }
    if min % CPU_DEVICE_ID_BLOCK == 0 && max - min < CPU_DEVICE_ID_BLOCK {
        return Some(min / CPU_DEVICE_ID_BLOCK);
    }
    Some(min / ids.len() as i64)
}

/// The rank a file name states (see the module doc).
pub(super) fn rank_in_name(file: &str) -> Option<i64> {
    let name = file
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(file)
        .to_ascii_lowercase();
    NAME_WORDS.iter().find_map(|word| {
        name.match_indices(word).find_map(|(at, w)| {
            let rest = name[at + w.len()..].trim_start_matches(['-', '_', '.', ' ']);
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            // `processor7` or `hostname` are not `process 7` or a host number.
            let joined = name[at + w.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic());
            (!digits.is_empty() && !joined)
                .then(|| digits.parse().ok())
                .flatten()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_in_file_names() {
        for (name, rank) in [
            ("rank-3.pt.trace.json.gz", Some(3)),
            ("out/rank3.json", Some(3)),
            ("RANK_12.json", Some(12)),
            ("worker_3.pt.trace.json", Some(3)),
            ("plugins/profile/run/host1.xplane.pb", Some(1)),
            ("proc0/vm.xplane.pb", None),
            ("hostname.xplane.pb", None),
            ("trace.json", None),
            ("node-7_rank-2.json", Some(2)),
        ] {
            assert_eq!(rank_in_name(name), rank, "{name}");
        }
    }

    #[test]
    fn process_index_from_device_ids() {
        assert_eq!(process_of_devices(&[0, 1]), Some(0));
        assert_eq!(process_of_devices(&[2048, 2049]), Some(1));
        assert_eq!(process_of_devices(&[8, 9, 10, 11, 12, 13, 14, 15]), Some(1));
        assert_eq!(process_of_devices(&[0, 1, 2, 3]), Some(0));
        assert_eq!(process_of_devices(&[]), None);
    }
}
