//! The bench's errors. Each keeps its cause (map, script, stimulus, I/O,
//! image, GIF), and the exit status says which kind it was:
//! 1 the design failed a check, 2 bad input, 3 an output that cannot be
//! written, 0 a reader that closed standard output early.

use crate::env::dut::{NoDvi, NoNetlist};
use crate::env::stimulus::StimulusError;
use crate::infra::mismatch::Mismatch;
pub use crate::infra::outputs::{OutputError, TraceError};
use generals_golden::{RunError, ScriptError};
use generals_maps::{DecodeError, MapError, Report};
use std::io;

/// Why a command did not pass.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The RTL and the golden model disagree (exit status 1).
    #[error("{0}")]
    Mismatch(Box<Mismatch>),
    /// The greedy player found no map on which it finishes a game (exit status 1): the
    /// golden model or the greedy player is broken, not the input.
    #[error("no map gives a finished demo game within {max_keys} keys")]
    NoDemoGame {
        /// The key budget per map.
        max_keys: usize,
    },
    /// A map file that cannot be read or breaks a rule (exit status 2).
    #[error(transparent)]
    Map(MapError),
    /// Map files that `maps check` found faults in (exit status 2).
    #[error("{0}")]
    MapCheck(Box<Report>),
    /// A map ROM image that does not decode into maps (exit status 2).
    #[error("{path}: {source}")]
    Decode {
        /// The file.
        path: String,
        /// What is wrong.
        #[source]
        source: DecodeError,
    },
    /// A key script that does not parse (exit status 2).
    #[error("{name}: {source}")]
    Script {
        /// `--keys` or the script file.
        name: String,
        /// Where and what.
        #[source]
        source: ScriptError,
    },
    /// The golden model cannot play the game asked for (exit status 2).
    #[error(transparent)]
    Golden(#[from] RunError),
    /// A recorded stimulus file (exit status 2).
    #[error(transparent)]
    Stimulus(#[from] StimulusError),
    /// An input file that cannot be read (exit status 2).
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: String,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },
    /// Options that do not fit together or name nothing (exit status 2).
    #[error("{0}")]
    Usage(String),
    /// `--netlist` on a build without that netlist's model (exit status 2).
    #[error(transparent)]
    NoNetlist(#[from] NoNetlist),
    /// `--dvi` on a build without the DVI encoders' model (exit status 2).
    #[error(transparent)]
    NoDvi(#[from] NoDvi),
    /// An output that cannot be written (exit status 3).
    #[error(transparent)]
    Output(#[from] OutputError),
    /// Standard output was closed by its reader (`| head`): the command ends
    /// quietly, as command-line tools do (exit status 0).
    #[error("standard output closed")]
    ClosedPipe,
    /// A coverage file, floor or waiver file that cannot be used (exit
    /// status 2).
    #[error(transparent)]
    Coverage(Box<crate::env::coverage::report::CoverageError>),
    /// The coverage merged is below the committed floor (exit status 1).
    #[error("coverage below the floor:\n  {}", .0.join("\n  "))]
    BelowFloor(Vec<String>),
    /// Jobs of a regression failed (exit status 1); the summary says which.
    #[error("{0} regression job(s) failed")]
    RegressFailed(usize),
    /// Two results that should be the same differ (exit status 1).
    #[error("{0}")]
    Differs(String),
    /// A run stopped by an interrupt after writing what it had (exit status 130).
    #[error("interrupted")]
    Interrupted,
    /// Options clap rejected, its message already printed (exit status 2).
    #[error("bad options")]
    OptionsReported,
}

impl From<Mismatch> for AppError {
    fn from(m: Mismatch) -> Self {
        AppError::Mismatch(Box::new(m))
    }
}

impl From<MapError> for AppError {
    fn from(e: MapError) -> Self {
        AppError::Map(e)
    }
}

impl From<crate::infra::outputs::Error> for AppError {
    fn from(e: crate::infra::outputs::Error) -> Self {
        match e {
            crate::infra::outputs::Error::Refused(why) => AppError::Usage(why),
            crate::infra::outputs::Error::Write(e) => AppError::Output(e),
            crate::infra::outputs::Error::ClosedPipe => AppError::ClosedPipe,
        }
    }
}

impl From<crate::env::coverage::report::CoverageError> for AppError {
    fn from(e: crate::env::coverage::report::CoverageError) -> Self {
        match e {
            crate::env::coverage::report::CoverageError::Output(o) => o.into(),
            other => AppError::Coverage(Box::new(other)),
        }
    }
}

impl From<TraceError> for AppError {
    fn from(e: TraceError) -> Self {
        OutputError::Trace(e).into()
    }
}

impl AppError {
    /// Process exit status (see the module doc).
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Mismatch(_)
            | AppError::NoDemoGame { .. }
            | AppError::BelowFloor(_)
            | AppError::RegressFailed(_)
            | AppError::Differs(_) => 1,
            AppError::Interrupted => 130,
            AppError::Map(_)
            | AppError::MapCheck(_)
            | AppError::Decode { .. }
            | AppError::Script { .. }
            | AppError::Golden(_)
            | AppError::Stimulus(_)
            | AppError::Read { .. }
            | AppError::Usage(_)
            | AppError::OptionsReported
            | AppError::Coverage(_)
            | AppError::NoNetlist(_)
            | AppError::NoDvi(_) => 2,
            AppError::Output(_) => 3,
            AppError::ClosedPipe => 0,
        }
    }

    /// An I/O error writing `path` (standard output: see [`AppError::stdout`]).
    pub fn write(path: impl Into<String>, source: io::Error) -> Self {
        OutputError::io(path, source).into()
    }

    /// A write error on standard output: a closed pipe ends quietly.
    pub fn stdout(source: io::Error) -> Self {
        if source.kind() == io::ErrorKind::BrokenPipe {
            AppError::ClosedPipe
        } else {
            AppError::write("standard output", source)
        }
    }
}
