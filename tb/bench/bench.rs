//! The speed benchmark's runs (`generals bench …`, driven by `scripts/bench`):
//! one fixed game — the built-in demo game, for a given number of cycles —
//! simulated with every check on (recording its pins), and the recorded pins
//! replayed without checks, from Rust (run by run, and stepped as the checked
//! co-simulation steps the model) and from a plain C++ loop on the same
//! Verilated model and flags. Each run
//! reports its cycles, wall time and the final state read from the RTL, so
//! that the variants can be shown to have simulated the same game.

use crate::app::{attach_monitor, FrameOptions};
use crate::bot;
use crate::core_env::{hold_cycles, CoreEnv, BURST_MAX};
use crate::driver::button::Press;
use crate::driver::ps2::Ps2Timing;
use crate::dut::{CoreDut, CoreModel, CoreOut, NoNetlist};
use crate::error::AppError;
use crate::monitor::state::decode_state;
use crate::scoreboard::Mismatch;
use crate::stimulus::{inputs, Stimulus};
use generals_golden::script::Action;
use generals_maps::Map;
use std::path::PathBuf;
use std::time::Instant;

/// One measured run.
#[derive(Clone, Debug)]
pub struct BenchRun {
    /// `checked`, `unchecked`, `watched`, `cxx` or `netlist`.
    pub variant: &'static str,
    /// Cycles simulated.
    pub cycles: u64,
    /// Wall-clock seconds of the simulation (model construction excluded).
    pub seconds: f64,
    /// The final state on the RTL's debug port and board RAM, as JSON.
    pub final_state: String,
}

impl BenchRun {
    /// One line of JSON.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"variant\":\"{}\",\"cycles\":{},\"seconds\":{:.6},\"cycles_per_sec\":{:.1},\"final_state\":{}}}",
            self.variant,
            self.cycles,
            self.seconds,
            self.cycles as f64 / self.seconds.max(1e-9),
            self.final_state
        )
    }
}

fn final_state(out: &CoreOut, dut: &CoreDut) -> String {
    match decode_state(out, &dut.read_board()) {
        Ok(s) => s.to_json(),
        Err(e) => format!("\"undecodable: {e}\""),
    }
}

/// The fixed game with every check on (scoreboard and VGA monitor), for
/// `cycles` cycles from power-up; records the pins when `record`.
pub fn checked(
    maps: Vec<Map>,
    cycles: u64,
    record: bool,
) -> Result<(BenchRun, Option<Stimulus>), AppError> {
    let (map, steps) = bot::demo_game(&maps).ok_or(AppError::NoDemoGame {
        max_keys: bot::DEMO_KEYS_MAX,
    })?;
    let started = Instant::now();
    let mut env = CoreEnv::with_recording(maps, 1, Ps2Timing::default(), record)?;
    attach_monitor(
        &mut env,
        &FrameOptions {
            mismatch_dir: PathBuf::from("out/bench-mismatch"),
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
    result?;
    let run = BenchRun {
        variant: "checked",
        cycles: env.dut.cycle,
        seconds: started.elapsed().as_secs_f64(),
        final_state: final_state(&env.out, &env.dut),
    };
    Ok((run, env.record.take()))
}

/// The recorded pins replayed from Rust with every check off: each run of
/// steady pins is one [`CoreDut::hold`], the plain C++ loop of [`cxx`] over
/// that run, and nothing is watched (with no scoreboard there is no cycle to
/// stop at). By construction it costs about what [`cxx`] costs: what it
/// shows is that the Rust side of the bench adds nothing when nothing is
/// checked; [`watched`] shows what the checked run's stepping adds.
pub fn unchecked(stim: &Stimulus) -> BenchRun {
    timed("unchecked", CoreDut::new(), |dut, out| {
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
pub fn watched(stim: &Stimulus) -> BenchRun {
    let mut pins = vec![crate::dut::PinWord::default(); BURST_MAX];
    timed("watched", CoreDut::new(), |dut, out| {
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
pub fn cxx(stim: &Stimulus) -> BenchRun {
    replay(stim, CoreDut::new(), "cxx")
}

/// The recorded pins replayed in a plain C++ loop on the gate-level netlist.
pub fn netlist(stim: &Stimulus) -> Result<BenchRun, NoNetlist> {
    Ok(replay(
        stim,
        CoreDut::open(CoreModel::Netlist, 0)?,
        "netlist",
    ))
}

fn replay(stim: &Stimulus, dut: CoreDut, variant: &'static str) -> BenchRun {
    timed(variant, dut, |dut, out| dut.replay(stim, out))
}

/// Times `simulate` on `dut` (built beforehand, so construction is not
/// timed) and reports the cycles it ran and the state it ended in.
fn timed(
    variant: &'static str,
    mut dut: CoreDut,
    simulate: impl FnOnce(&mut CoreDut, &mut CoreOut),
) -> BenchRun {
    let mut out = CoreOut::default();
    let started = Instant::now();
    simulate(&mut dut, &mut out);
    BenchRun {
        variant,
        cycles: dut.cycle,
        seconds: started.elapsed().as_secs_f64(),
        final_state: final_state(&out, &dut),
    }
}
