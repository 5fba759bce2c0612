//! The speed benchmark's runs (`generals speed …`, driven by `scripts/speed`):
//! one fixed game — the built-in demo game, for a given number of cycles —
//! simulated with every check on (recording its pins), and the recorded pins
//! replayed without checks, from Rust (run by run, and stepped as the checked
//! co-simulation steps the model) and from a plain C++ loop on the same
//! Verilated model and flags. Each run
//! reports its cycles, wall time and the final state read from the RTL, so
//! that the variants can be shown to have simulated the same game.

use crate::env::check_thread::Threads;
use crate::env::core_env::{hold_cycles, CoreEnv, BURST_MAX};
use crate::env::driver::button::Press;
use crate::env::driver::ps2::Ps2Timing;
use crate::env::dut::{CoreDut, CoreModel, CoreOut, NoNetlist};
use crate::env::greedy;
use crate::env::monitor::state::decode_state;
use crate::env::scoreboard::core::FRAME_CYCLES;
use crate::env::stimulus::{inputs, Stimulus};
use crate::error::AppError;
use crate::infra::mismatch::Mismatch;
use crate::run::play::{attach_vga_check, FrameOptions};
use generals_golden::script::Action;
use generals_maps::Map;
use std::path::PathBuf;
use std::time::Instant;

/// The ways the benchmark simulates its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// The co-simulation with every check on (plays the fixed game).
    Checked,
    /// The same with the VGA check on a thread of its own
    /// ([`crate::env::check_thread`]).
    Checked2,
    /// The recorded pins from Rust, one call of the model per run of steady
    /// pins, nothing checked.
    Unchecked,
    /// The recorded pins from Rust, stepped in the checked run's
    /// output-watching bursts, nothing judged.
    Watched,
    /// The recorded pins in a plain C++ loop on the same model.
    Cxx,
    /// The recorded pins in the C++ loop on the gate-level netlist.
    Netlist,
}

/// One measured run.
#[derive(Clone, Debug)]
pub struct SpeedRun {
    /// How it was simulated.
    pub variant: Variant,
    /// Cycles simulated.
    pub cycles: u64,
    /// Wall-clock seconds of the simulation (model construction excluded).
    pub seconds: f64,
    /// The final state on the RTL's debug port and board RAM (the golden
    /// model's JSON form), or a string saying why it could not be decoded.
    pub final_state: serde_json::Value,
}

/// A run's line of JSON, as `scripts/speed` reads it.
#[derive(serde::Serialize)]
struct Line<'a> {
    variant: Variant,
    cycles: u64,
    seconds: f64,
    cycles_per_sec: f64,
    clock_hz: u64,
    frame_cycles: u64,
    final_state: &'a serde_json::Value,
    peak_rss_kib: u64,
}

impl SpeedRun {
    /// One line of JSON, with the process's peak memory and the clock and
    /// frame length the script's figures are worked out with.
    pub fn to_json(&self, peak_rss_kib: u64) -> String {
        let line = Line {
            variant: self.variant,
            cycles: self.cycles,
            seconds: self.seconds,
            cycles_per_sec: self.cycles as f64 / self.seconds.max(1e-9),
            clock_hz: crate::CLOCK_HZ,
            frame_cycles: crate::env::scoreboard::core::FRAME_CYCLES,
            final_state: &self.final_state,
            peak_rss_kib,
        };
        // Numbers, strings and a JSON value: serialising cannot fail.
        serde_json::to_string(&line).unwrap_or_default()
    }
}

fn final_state(out: &CoreOut, dut: &CoreDut) -> serde_json::Value {
    match decode_state(out, &dut.read_board()) {
        Ok(s) => s.to_json_value(),
        Err(e) => serde_json::Value::String(format!("undecodable: {e}")),
    }
}

/// The fixed game with every check on (the scoreboards and the VGA check,
/// on `threads`), for `cycles` cycles from power-up; records the pins when
/// `record`.
pub fn checked(
    maps: Vec<Map>,
    cycles: u64,
    record: bool,
    threads: Threads,
) -> Result<(SpeedRun, Option<Stimulus>), AppError> {
    let (map, steps) = greedy::demo_game(&maps).ok_or(AppError::NoDemoGame {
        max_keys: greedy::DEMO_KEYS_MAX,
    })?;
    let started = Instant::now();
    let mut env = CoreEnv::with_recording(maps, 1, Ps2Timing::default(), record)?;
    attach_vga_check(
        &mut env,
        &FrameOptions {
            mismatch_dir: PathBuf::from("out/speed-mismatch"),
            threads,
            ..FrameOptions::default()
        },
    )?;
    let result = (|| -> Result<(), Mismatch> {
        // START at once: most of the cycles are spent in the game.
        if env.dut.cycle < cycles {
            env.press_start(map, &Press::clean(hold_cycles()))?;
        }
        let mut keys = steps.iter().filter_map(|s| match &s.action {
            Action::Key(_) => Some(s.ps2_bytes()),
            _ => None,
        });
        while env.dut.cycle < cycles {
            if env.ps2.idle() {
                if let Some(bytes) = keys.next() {
                    env.ps2.send_bytes(&bytes);
                }
            }
            env.advance(cycles - env.dut.cycle)?;
        }
        Ok(())
    })();
    env.settle(result)?;
    let variant = match threads {
        Threads::One => Variant::Checked,
        Threads::Two => Variant::Checked2,
    };
    Ok((checked_run(&env, started, variant), env.record.take()))
}

/// A checked run's figures: its cycles, its time since `started`, the state
/// it ended in.
fn checked_run(env: &CoreEnv, started: Instant, variant: Variant) -> SpeedRun {
    SpeedRun {
        variant,
        cycles: env.dut.cycle,
        seconds: started.elapsed().as_secs_f64(),
        final_state: final_state(&env.out, &env.dut),
    }
}

/// The recorded pins replayed from Rust with every check off: each run of
/// steady pins is one [`CoreDut::hold`], the plain C++ loop of [`cxx`] over
/// that run, and nothing is watched (with no scoreboard there is no cycle to
/// stop at). By construction it costs about what [`cxx`] costs: what it
/// shows is that the Rust side of the bench adds nothing when nothing is
/// checked; [`watched`] shows what the checked run's stepping adds.
pub fn unchecked(stim: &Stimulus) -> SpeedRun {
    timed(Variant::Unchecked, CoreDut::new(), |dut, out| {
        for &(n, l) in &stim.runs {
            dut.hold(l, n, out);
        }
    })
}

/// The recorded pins replayed from Rust as the checked co-simulation steps
/// the model (bursts of quiet cycles, [`CoreDut::burst`], each ending at the
/// first cycle whose outputs other than the VGA pins change, keeping each
/// cycle's VGA pins), with nothing judged: what watching the outputs for
/// the scoreboard costs, without the scoreboard.
pub fn watched(stim: &Stimulus) -> SpeedRun {
    let mut pins = vec![crate::env::dut::PinWord::default(); BURST_MAX];
    timed(Variant::Watched, CoreDut::new(), |dut, out| {
        for &(n, l) in &stim.runs {
            let input = inputs(l);
            let mut left = n as usize;
            while left > 0 {
                let len = left.min(BURST_MAX);
                let q = dut.burst(&input, out, &mut pins[..len]);
                left -= (q + usize::from(q < len)).min(left);
            }
        }
    })
}

/// The recorded pins replayed in a plain C++ loop on the same model.
pub fn cxx(stim: &Stimulus) -> SpeedRun {
    replay(stim, CoreDut::new(), Variant::Cxx)
}

/// The recorded pins replayed in a plain C++ loop on the gate-level netlist.
pub fn netlist(stim: &Stimulus) -> Result<SpeedRun, NoNetlist> {
    Ok(replay(
        stim,
        CoreDut::open(CoreModel::Netlist, 0)?,
        Variant::Netlist,
    ))
}

fn replay(stim: &Stimulus, dut: CoreDut, variant: Variant) -> SpeedRun {
    timed(variant, dut, |dut, out| dut.replay(stim, out))
}

/// Times `simulate` on `dut` (built beforehand, so construction is not
/// timed) and reports the cycles it ran and the state it ended in.
fn timed(
    variant: Variant,
    mut dut: CoreDut,
    simulate: impl FnOnce(&mut CoreDut, &mut CoreOut),
) -> SpeedRun {
    let mut out = CoreOut::default();
    let started = Instant::now();
    simulate(&mut dut, &mut out);
    SpeedRun {
        variant,
        cycles: dut.cycle,
        seconds: started.elapsed().as_secs_f64(),
        final_state: final_state(&out, &dut),
    }
}

/// A checked run whose pins are recorded as a stimulus: the benchmark's
/// fixed game, and the other scenarios scripts/lockstep compares two
/// versions of the RTL on (`generals speed record --scenario NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// The benchmark's fixed game (the person-driven demo game).
    Demo,
    /// Both colours played by the machine player on map 9, 40 frames: a
    /// whole game and the GAME OVER screen after it.
    Machines,
    /// The machine plays Red against an idle person on map 3, 10 frames.
    MachineRed,
    /// The title screen while the switches change.
    Title,
    /// A seeded fuzz run of 400 keys: random keys, START and RESET with
    /// bounce, PS/2 faults and timings, switch changes, random maps.
    Fuzz(u64),
}

impl Scenario {
    /// The scenarios scripts/lockstep records by default.
    pub const LOCKSTEP: [Scenario; 8] = [
        Scenario::Demo,
        Scenario::Machines,
        Scenario::MachineRed,
        Scenario::Title,
        Scenario::Fuzz(0),
        Scenario::Fuzz(1),
        Scenario::Fuzz(2),
        Scenario::Fuzz(3),
    ];
    /// Keys of a fuzz scenario.
    pub const FUZZ_KEYS: u64 = 400;
}

impl std::fmt::Display for Scenario {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Scenario::Demo => write!(f, "demo"),
            Scenario::Machines => write!(f, "machines"),
            Scenario::MachineRed => write!(f, "machine-red"),
            Scenario::Title => write!(f, "title"),
            Scenario::Fuzz(n) => write!(f, "fuzz-{n}"),
        }
    }
}

impl std::str::FromStr for Scenario {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "demo" => Ok(Scenario::Demo),
            "machines" => Ok(Scenario::Machines),
            "machine-red" => Ok(Scenario::MachineRed),
            "title" => Ok(Scenario::Title),
            _ => s
                .strip_prefix("fuzz-")
                .and_then(|n| n.parse().ok())
                .map(Scenario::Fuzz)
                .ok_or_else(|| {
                    "a scenario is demo, machines, machine-red, title or fuzz-N (N a seed)".into()
                }),
        }
    }
}

/// Plays `scenario` with every check on (the scoreboards; the VGA check
/// too for the demo game) and returns the run and the pins it drove. The
/// demo game runs for `cycles` from power-up; the other scenarios have
/// their own length.
pub fn record(
    maps: Vec<Map>,
    scenario: Scenario,
    cycles: u64,
) -> Result<(SpeedRun, Stimulus), AppError> {
    let started = Instant::now();
    let fixed = |switches: u8, map: Option<u8>, frames: &[(u8, u64)]| {
        let mut env = CoreEnv::with_recording(maps.clone(), 1, Ps2Timing::default(), true)?;
        env.switches = switches;
        let result = (|| -> Result<(), Mismatch> {
            env.run(FRAME_CYCLES)?;
            if let Some(m) = map {
                env.press_start(m, &Press::clean(hold_cycles()))?;
            }
            for &(sw, n) in frames {
                env.switches = sw;
                env.run(n)?;
            }
            Ok(())
        })();
        result?;
        let run = checked_run(&env, started, Variant::Checked);
        Ok::<_, AppError>((run, env.record.take().unwrap_or_default()))
    };
    match scenario {
        Scenario::Demo => {
            let (run, stim) = checked(maps, cycles, true, Threads::One)?;
            Ok((run, stim.unwrap_or_default()))
        }
        Scenario::Machines => fixed(3, Some(9), &[(3, 40 * FRAME_CYCLES)]),
        Scenario::MachineRed => fixed(1, Some(3), &[(1, 10 * FRAME_CYCLES)]),
        Scenario::Title => fixed(
            0,
            None,
            &[
                (0, FRAME_CYCLES),
                (1, FRAME_CYCLES + 12_345),
                (2, FRAME_CYCLES + 12_345),
                (3, FRAME_CYCLES + 12_345),
                (0, FRAME_CYCLES + 12_345),
                (2, FRAME_CYCLES + 12_345),
            ],
        ),
        Scenario::Fuzz(seed) => {
            let opts = crate::run::fuzz::FuzzOptions {
                seed,
                keys: Scenario::FUZZ_KEYS,
                video: false,
                quiet: true,
                mix: crate::env::sequence::FuzzMix::default(),
            };
            let (report, stim) = crate::run::fuzz::fuzz_stimulus(maps, &opts)?;
            let run = SpeedRun {
                variant: Variant::Checked,
                cycles: report.cycles,
                seconds: report.seconds,
                final_state: serde_json::Value::Null,
            };
            Ok((run, stim))
        }
    }
}
