//! Coverage: what the tests exercised.
//!
//! - [`rtl`]: the RTL's line, branch, toggle and cover-point counts, which a
//!   model built for coverage (`GENERALS_COVERAGE`, see `tb/dut/build.rs`)
//!   writes when it is dropped;
//! - [`functional`]: the functional coverage model, bins written from
//!   docs/rules.md and sampled from what the bench sees (never from RTL
//!   internals);
//! - [`report`]: merging the files of many runs and checking a floor.
//!
//! A run writes its files into `GENERALS_COVERAGE_DIR` when that is set, one
//! file per model or collector, named after the run: the test that ran it
//! (libtest names each test's thread after the test) or the program.

pub mod functional;
pub mod report;
pub mod rtl;

use std::path::PathBuf;

/// The format of a bins file.
pub const FORMAT: &str = "generals-coverage-1";

/// The build the files of this program belong to: a hash of the RTL, the
/// maps and the cover points it was built from.
pub fn build_id() -> &'static str {
    generals_dut::BUILD_ID
}
use std::sync::atomic::{AtomicU64, Ordering};

/// The folder coverage files go to, if coverage is being collected.
pub fn dir() -> Option<PathBuf> {
    std::env::var_os("GENERALS_COVERAGE_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The name of the run that is writing: `program::test` inside a test
/// program, the program's name (and `GENERALS_COVERAGE_RUN`, if set, after
/// it) elsewhere.
pub fn run_name() -> String {
    let program = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|s| match s.rsplit_once('-') {
            // Cargo's test programs end in -<hash>.
            Some((name, hash))
                if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) =>
            {
                name.to_string()
            }
            _ => s,
        })
        .unwrap_or_else(|| "generals".into());
    let thread = std::thread::current();
    match thread.name() {
        Some(t) if t != "main" => format!("{program}::{t}"),
        _ => match std::env::var("GENERALS_COVERAGE_RUN") {
            Ok(r) if !r.is_empty() => format!("{program}::{r}"),
            _ => program,
        },
    }
}

/// A new file name in `dir` for `what` of this run: the run's name (made
/// safe for a file name), the process and a counter, so that no two writers
/// share one.
pub fn file_in(dir: &std::path::Path, what: &str, ext: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let run: String = run_name()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '.'
            }
        })
        .collect();
    dir.join(format!("{run}.{what}.{}-{n}.{ext}", std::process::id()))
}
