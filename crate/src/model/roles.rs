//! What a track and a process are, as the importer that read them knows it: analyses ask for
//! these roles (a host thread, a device stream, the XLA ops line, ...) instead of a format or
//! a plane name, so every importer feeds every analysis. The devices behind device processes
//! are listed with what the source states about them ([`DeviceTable`]).

use super::ProcessId;
use serde_json::{Map, Value};

/// What a timeline row holds. One byte per track.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TrackRole {
    /// Nothing more is known (instant rows, markers, unrecognised lines).
    #[default]
    Other = 0,
    /// A CPU thread: framework ops, runtime calls, Python functions.
    HostThread = 1,
    /// Work a device ran: a GPU stream (kernels, copies), a line of a TPU core or another
    /// accelerator.
    DeviceStream = 2,
    /// The XLA modules (programs) a device ran, one slice per run.
    XlaModules = 3,
    /// The XLA ops (HLO instructions) a device ran.
    XlaOps = 4,
    /// Asynchronous XLA ops (copies, collectives in flight).
    XlaAsyncOps = 5,
    /// Training or inference steps, one slice per step.
    Steps = 6,
    /// Framework ops (TensorFlow, JAX) placed on a device's timeline.
    FrameworkOps = 7,
    /// Framework name scopes placed on a device's timeline.
    FrameworkNameScope = 8,
    /// Source code or Python stack frames of device work.
    SourceCode = 9,
    /// A line a profiler derived from others, of a kind not listed above.
    DerivedOther = 10,
    /// A counter series.
    Counters = 11,
    /// Asynchronous operations that overlap by nature.
    Async = 12,
}

impl TrackRole {
    /// The stable name the CLI dump and the page use.
    pub fn as_str(self) -> &'static str {
        match self {
            TrackRole::Other => "other",
            TrackRole::HostThread => "host_thread",
            TrackRole::DeviceStream => "device_stream",
            TrackRole::XlaModules => "xla_modules",
            TrackRole::XlaOps => "xla_ops",
            TrackRole::XlaAsyncOps => "xla_async_ops",
            TrackRole::Steps => "steps",
            TrackRole::FrameworkOps => "framework_ops",
            TrackRole::FrameworkNameScope => "framework_name_scope",
            TrackRole::SourceCode => "source_code",
            TrackRole::DerivedOther => "derived",
            TrackRole::Counters => "counters",
            TrackRole::Async => "async",
        }
    }
}

/// What a process group is. One byte per process.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ProcessRole {
    /// Not a host or a device (metadata planes, a trace's global instants).
    #[default]
    Other = 0,
    /// The host: its threads run the framework and launch device work.
    Host = 1,
    /// A GPU.
    Gpu = 2,
    /// A TPU TensorCore.
    TpuCore = 3,
    /// Another device (a TPU SparseCore, an MTIA, ...).
    Device = 4,
}

impl ProcessRole {
    /// The stable name the CLI dump and the page use.
    pub fn as_str(self) -> &'static str {
        match self {
            ProcessRole::Other => "other",
            ProcessRole::Host => "host",
            ProcessRole::Gpu => "gpu",
            ProcessRole::TpuCore => "tpu_core",
            ProcessRole::Device => "device",
        }
    }

    /// True for the device roles.
    pub fn is_device(self) -> bool {
        matches!(
            self,
            ProcessRole::Gpu | ProcessRole::TpuCore | ProcessRole::Device
        )
    }
}

/// One device behind a device process.
#[derive(Clone, Debug, PartialEq)]
pub struct Device {
    /// The process that holds its timeline.
    pub process: ProcessId,
    /// The device's number as the source numbers it (`/device:GPU:3`, Kineto's device id).
    pub index: u32,
    /// Its product name (`Tesla V100-SXM2-16GB`, `TPU v6 Lite`), empty when not stated.
    pub name: String,
    /// What the source states about it, as written (Kineto `deviceProperties`, XSpace device
    /// plane stats).
    pub properties: Map<String, Value>,
}

impl Device {
    /// A numeric property (numbers, or numbers written as text).
    pub fn number(&self, key: &str) -> Option<f64> {
        let v = self.properties.get(key)?;
        v.as_f64()
            .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
    }
}

/// The devices of a trace, in the order importers found them.
#[derive(Clone, Debug, Default)]
pub struct DeviceTable {
    /// One entry per device process.
    pub rows: Vec<Device>,
}

impl DeviceTable {
    /// The device of `process`, if it is one.
    pub fn of_process(&self, process: ProcessId) -> Option<&Device> {
        self.rows.iter().find(|d| d.process == process)
    }

    /// Approximate bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.rows
            .iter()
            .map(|d| 64 + d.name.len() + d.properties.len() * 48)
            .sum()
    }
}
