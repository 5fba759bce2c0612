//! `generals speed`: the speed benchmark's runs, one JSON line each
//! (`scripts/speed` drives them).

use super::emit;
use super::{bound, count, maps};
use clap::Subcommand;
use generals::env::check_thread::Threads;
use generals::env::scoreboard::core::FRAME_CYCLES;
use generals::env::stimulus::Stimulus;
use generals::error::AppError;
use generals::infra::outputs::Plan;
use generals::run::play;
use generals::run::speed::{self, Scenario, SpeedRun, Variant};
use std::path::PathBuf;

/// The benchmark's default length: 12 frames from power-up.
const DEFAULT_CYCLES: u64 = 12 * FRAME_CYCLES;

/// The subcommands of `generals speed`.
#[derive(Subcommand)]
pub enum SpeedCmd {
    /// A checked run whose pins are written as a stimulus: the benchmark's
    /// fixed game (the built-in demo game, `--cycles` from power-up), or
    /// another scenario scripts/lockstep compares two RTL versions on.
    Record {
        /// Cycles of the demo game from power-up (1 … 10^10; a frame is
        /// 840 000; default 12 frames). The power-on reset (23 cycles) and,
        /// if the run goes past it, the START press that begins the game
        /// (about 150 000 cycles) always run whole: a shorter run simulates
        /// those. The other scenarios have their own length.
        #[arg(long, allow_negative_numbers = true, value_parser = count(1, bound::CYCLES))]
        cycles: Option<u64>,
        /// demo (the benchmark's game), machines, machine-red, title or
        /// fuzz-N (a fuzz run of seed N).
        #[arg(long, default_value = "demo", value_parser = |s: &str| s.parse::<Scenario>())]
        scenario: Scenario,
        /// Where to write the recorded pins (see `tb/bench/env/stimulus.rs`).
        #[arg(long, value_name = "FILE")]
        stimulus: PathBuf,
    },
    /// The numbers the runs are counted in and the models built with, as
    /// JSON: the clock, a frame's cycles, Verilator's options and the
    /// machine player's pause (scripts/speed and scripts/lockstep read them).
    Facts,
    /// One timed run: `checked` plays the fixed game with every check on;
    /// `unchecked` (Rust, one call of the model per run of steady pins),
    /// `watched` (Rust, stepping in the checked run's output-watching bursts)
    /// and `cxx` (a plain C++ loop) replay a recorded stimulus on the same
    /// model with no checks; `netlist` replays it in the C++ loop on the
    /// gate-level netlist.
    Run {
        /// How to simulate.
        #[arg(long, value_enum)]
        variant: Variant,
        /// The recorded pins (every variant but checked).
        #[arg(long, value_name = "FILE", required_if_eq_any = [("variant", "unchecked"), ("variant", "watched"), ("variant", "cxx"), ("variant", "netlist")])]
        stimulus: Option<PathBuf>,
        /// Cycles to simulate: checked from power-up (as `record` plays it:
        /// its reset and START press always run whole); the replays take the
        /// stimulus's first cycles (default: all of it, or 12 frames).
        /// --stimulus is ignored by checked, which plays the fixed game.
        #[arg(long, allow_negative_numbers = true, value_parser = count(1, bound::CYCLES))]
        cycles: Option<u64>,
    },
}

/// Prints a run's JSON line.
fn line(run: SpeedRun) -> Result<(), AppError> {
    emit(&run.to_json(play::peak_rss_kib().unwrap_or(0)))
}

/// `generals speed record|run`.
pub fn speed_cmd(cmd: SpeedCmd) -> Result<(), AppError> {
    match cmd {
        SpeedCmd::Record {
            cycles,
            scenario,
            stimulus,
        } => {
            if cycles.is_some() && scenario != Scenario::Demo {
                return Err(AppError::Usage(format!(
                    "--cycles sets the demo game's length; {scenario} has its own"
                )));
            }
            let mut plan = Plan::new();
            plan.stdout("the run's JSON line on standard output")?;
            let out = plan.file("--stimulus", &stimulus)?;
            let (run, stim) = speed::record(maps(), scenario, cycles.unwrap_or(DEFAULT_CYCLES))?;
            out.write(stim.to_text().as_bytes())?;
            line(run)
        }
        SpeedCmd::Facts => emit(
            &serde_json::json!({
                "clock_hz": generals::CLOCK_HZ,
                "frame_cycles": FRAME_CYCLES,
                "verilator_flags": generals_dut::VERILATOR_FLAGS,
                "bot_gap": generals_dut::BOT_GAP,
                "lockstep_scenarios": Scenario::LOCKSTEP.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            })
            .to_string(),
        ),
        SpeedCmd::Run {
            variant,
            stimulus,
            cycles,
        } => {
            let load = || -> Result<Stimulus, AppError> {
                let path = stimulus.as_ref().ok_or_else(|| {
                    AppError::Usage("--stimulus FILE is needed for a replay".into())
                })?;
                let s = Stimulus::read(path)?;
                Ok(match cycles {
                    Some(n) => s.truncated(n),
                    None => s,
                })
            };
            line(match variant {
                Variant::Checked | Variant::Checked2 => {
                    let threads = match variant {
                        Variant::Checked2 => Threads::Two,
                        _ => Threads::One,
                    };
                    speed::checked(maps(), cycles.unwrap_or(DEFAULT_CYCLES), false, threads)?.0
                }
                Variant::Unchecked => speed::unchecked(&load()?),
                Variant::Watched => speed::watched(&load()?),
                Variant::Cxx => speed::cxx(&load()?),
                Variant::Netlist => speed::netlist(&load()?)?,
            })
        }
    }
}
