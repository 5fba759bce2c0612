//! `generals coverage`: merge, report and check the floor.

use super::emit;
use clap::Subcommand;
use generals::error::AppError;
use generals_maps::shown_path;
use std::path::PathBuf;

/// The subcommands of `generals coverage`.
#[derive(Subcommand)]
pub enum CoverageCmd {
    /// Merge coverage files (the RTL's .dat, the functional bins' .json;
    /// folders are searched) into a report folder: rtl.dat (merged by
    /// verilator_coverage), rtl.info (lcov, for genhtml), bins.json,
    /// bins.html, summary.txt. Prints the totals and what was not hit;
    /// with --floor, exits 1 when a figure is below it. A file that is not
    /// a coverage file of this build is refused, and nothing is merged.
    Report {
        /// Coverage files or folders of them.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<PathBuf>,
        /// The report folder.
        #[arg(long, default_value = "out/coverage/report", value_name = "DIR")]
        out: PathBuf,
        /// The committed floor (tb/bench/env/coverage/floor.toml).
        #[arg(long, value_name = "FILE")]
        floor: Option<PathBuf>,
        /// What is left out, with reasons (tb/bench/env/coverage/waivers.toml).
        #[arg(long, value_name = "FILE")]
        waivers: Option<PathBuf>,
        /// Print every point and bin not hit, and what each run added.
        #[arg(long)]
        detail: bool,
    },
}

/// `generals coverage report`.
pub fn coverage_cmd(cmd: CoverageCmd) -> Result<(), AppError> {
    match cmd {
        CoverageCmd::Report {
            inputs,
            out,
            floor,
            waivers,
            detail,
        } => {
            let (report, below) = generals::env::coverage::report::report_cmd(
                &inputs,
                &out,
                floor.as_deref(),
                waivers.as_deref(),
            )?;
            emit(report.summary(detail).trim_end())?;
            emit(&format!("wrote {}", shown_path(&out)))?;
            if below.is_empty() {
                Ok(())
            } else {
                Err(AppError::BelowFloor(below))
            }
        }
    }
}
