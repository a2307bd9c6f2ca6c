//! Whether an analysis reproduces XProf 2.24.2 exactly, quirks included (`--xprof-compat`),
//! or follows the behaviour `docs/XPROF-PARITY.md` argues for.

/// The choice, passed to every analysis that has a documented difference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compat {
    /// Our behaviour (the default).
    #[default]
    Planeview,
    /// XProf 2.24.2's output, differences included.
    Xprof,
}

impl Compat {
    /// True for [`Compat::Xprof`].
    pub fn on(self) -> bool {
        self == Compat::Xprof
    }
}
