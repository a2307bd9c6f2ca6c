//! File-level metadata: header keys, capture times, device properties, HLO modules.

/// An HLO module stored in the profile (XSpace `/host:metadata`), kept as its serialized
/// `HloProto` for the HLO and analysis code to decode on demand.
#[derive(Clone, Debug, PartialEq)]
pub struct HloModuleBlob {
    /// Module name as the profile states it (`jit_f`).
    pub name: String,
    /// XLA program id (may exceed 2^53).
    pub program_id: Option<u64>,
    /// The serialized `xla.HloProto`; for a standalone HLO file, the file's bytes (HLO text,
    /// `HloProto` or `HloModuleProto`). `crate::hlo::HloModule::from_blob` reads all three.
    pub proto: Vec<u8>,
}

/// Key/value metadata of a trace, in source order, plus HLO modules.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Metadata {
    /// `(key, value)` pairs such as `("Task Environment/profile_start_time", 1700000000)`.
    pub entries: Vec<(String, serde_json::Value)>,
    /// Compiled HLO modules found in the profile.
    pub hlo_modules: Vec<HloModuleBlob>,
}

impl Metadata {
    /// Adds one entry.
    pub fn insert(&mut self, key: impl Into<String>, value: impl Into<serde_json::Value>) {
        self.entries.push((key.into(), value.into()));
    }

    /// The first value stored under `key`.
    pub fn get(&self, key: &str) -> Option<&serde_json::Value> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.hlo_modules
            .iter()
            .map(|m| m.proto.len() + m.name.len())
            .sum::<usize>()
            + self.entries.len() * 64
    }
}
