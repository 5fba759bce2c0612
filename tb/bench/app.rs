//! The runs behind the CLI: a scripted co-simulated game (`play`, `demo`),
//! the random regression (`fuzz`), the keyboard-only session (`kbd`) and the
//! speed benchmark (`bench`). Each returns a report or a typed error.

use crate::core_env::{hold_cycles, CoreEnv};
use crate::driver::button::Press;
use crate::driver::ps2::{Fault, Ps2Timing};
use crate::dut::{CoreDut, CoreModel};
use crate::error::AppError;
use crate::frames::PngDumper;
use crate::kbd_env::KbdEnv;
use crate::mismatch::Mismatch;
use crate::outputs::{OutDir, OutFile, Plan};
use crate::progress::Progress;
use crate::scoreboard::core::{CoreStats, FRAME_CYCLES};
use crate::scoreboard::kbd::KbdStats;
pub use crate::vga_check::{attach_vga_check, FrameOptions, Outputs};
use crate::vga_check::{vga_check_with_sinks, VgaStats};
use generals_golden::keyboard::{key_bytes, Command};
use generals_golden::machine::Seats;
use generals_golden::script::{Action, Step};
use generals_golden::{GameState, Phase};
use generals_maps::Map;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::time::Instant;

/// Options of a scripted co-simulated game.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The map START draws.
    pub map: u8,
    /// The key script.
    pub steps: Vec<Step>,
    /// FST waveform file.
    pub trace: Option<PathBuf>,
    /// Frame outputs.
    pub frames: FrameOptions,
    /// Frames to wait after each key step (0: keys back to back).
    pub pace: u32,
    /// Seed of the PS/2 jitter.
    pub seed: u64,
    /// No progress line.
    pub quiet: bool,
    /// The colours the machine player plays (docs/rules.md §11).
    pub seats: Seats,
    /// With the machine playing: stop once the round exceeds this.
    pub max_rounds: Option<u16>,
    /// The RTL or one of its netlists.
    pub model: CoreModel,
    /// Non-zero: registers without a power-up value start random, drawn
    /// from this seed (every check must pass all the same).
    pub init_seed: u32,
}

/// What a scripted game did.
#[derive(Clone, Debug)]
pub struct PlayReport {
    /// The final state read from the RTL's debug outputs.
    pub state: GameState,
    /// Scoreboard counts.
    pub stats: CoreStats,
    /// Monitor counts.
    pub vga: VgaStats,
    /// Cycles simulated.
    pub cycles: u64,
    /// PNG files written.
    pub pngs: u64,
    /// GIF images written.
    pub gif_images: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The names of a run's outputs in messages: the options that gave them.
#[derive(Clone, Copy, Debug)]
pub struct OutputNames {
    /// The waveform's.
    pub trace: &'static str,
    /// The PNG folder's.
    pub frames: &'static str,
    /// The GIF's.
    pub gif: &'static str,
    /// The mismatch pictures' folder's.
    pub mismatch: &'static str,
}

impl OutputNames {
    /// `generals play`'s options.
    pub const PLAY: OutputNames = OutputNames {
        trace: "--trace",
        frames: "--frames",
        gif: "--gif",
        mismatch: "--mismatch-dir",
    };
}

/// A run's outputs, checked before it starts (see [`crate::outputs`]).
#[derive(Debug)]
pub struct PlayOutputs {
    trace: Option<OutFile>,
    frames: Option<OutDir>,
    gif: Option<OutFile>,
}

impl PlayOutputs {
    /// Checks the outputs of `opts` into `plan`, named as `names` says.
    pub fn plan(plan: &mut Plan, opts: &PlayOptions, names: OutputNames) -> Result<Self, AppError> {
        let file = |plan: &mut Plan, name, p: &Option<PathBuf>| {
            p.as_ref().map(|p| plan.file(name, p)).transpose()
        };
        // Written only on a mismatch, by the pixel scoreboard: checked here.
        plan.folder_owning(
            names.mismatch,
            &opts.frames.mismatch_dir,
            crate::frames::MISMATCH_NAMES,
        )?;
        Ok(Self {
            trace: file(plan, names.trace, &opts.trace)?,
            frames: opts
                .frames
                .dir
                .as_ref()
                .map(|d| plan.folder_owning(names.frames, d, crate::frames::FRAME_NAMES))
                .transpose()?,
            gif: file(plan, names.gif, &opts.frames.gif)?,
        })
    }
}

/// Plays a script on the co-simulated core, checked every cycle, from
/// power-up; its outputs are checked first.
pub fn play(maps: Vec<Map>, opts: &PlayOptions) -> Result<PlayReport, AppError> {
    let outs = PlayOutputs::plan(&mut Plan::new(), opts, OutputNames::PLAY)?;
    play_planned(maps, opts, outs)
}

/// [`play`] with its outputs checked by the caller (with its own, into one
/// [`Plan`]).
pub fn play_planned(
    maps: Vec<Map>,
    opts: &PlayOptions,
    outs: PlayOutputs,
) -> Result<PlayReport, AppError> {
    let started = Instant::now();
    let dut = CoreDut::open(opts.model, opts.init_seed)?;
    let mut env = CoreEnv::with_dut(dut, maps, opts.seed, Ps2Timing::default(), false)?;
    let trace = match &outs.trace {
        Some(t) => {
            let staged = t.stage()?;
            env.trace(staged.path()).map_err(|e| e.named(&t.label()))?;
            Some(staged)
        }
        None => None,
    };
    let outputs = vga_check_with_sinks(&mut env, outs.frames, outs.gif.as_ref(), &opts.frames)?;
    let mut progress = Progress::new(opts.quiet);
    env.switches = opts.seats.switches();
    env.round_limit = opts.max_rounds;
    // Let the title screen show for a frame, then START draws the map.
    env.run(FRAME_CYCLES)?;
    env.press_start(opts.map, &Press::clean(hold_cycles()))?;
    let mut final_state = None;
    let result = (|| -> Result<(), Mismatch> {
        // With a pace, the initial board is on screen for that long too.
        env.run(u64::from(opts.pace) * FRAME_CYCLES)?;
        for (i, step) in opts.steps.iter().enumerate() {
            env.run_step(opts.map, step)?;
            if matches!(step.action, Action::Key(_) | Action::Raw(_)) && opts.pace > 0 {
                env.drain()?;
                env.run(u64::from(opts.pace) * FRAME_CYCLES)?;
            }
            progress.tick(|| {
                format!(
                    "step {}/{} (line {}), cycle {}, {} commands",
                    i + 1,
                    opts.steps.len(),
                    step.line,
                    env.dut.cycle,
                    env.sb.stats.commands
                )
            });
        }
        env.drain()?;
        if opts.seats != Seats::PEOPLE {
            machine_plays_out(&mut env, opts, &mut progress)?;
            final_state = Some(
                env.stopped_at
                    .clone()
                    .unwrap_or_else(|| env.golden().clone()),
            );
        }
        // Two more frames: the final state is latched and shown in full.
        env.run(2 * FRAME_CYCLES + FRAME_CYCLES / 8)
    })();
    progress.finish();
    env.dut.close_trace();
    // The waveform is kept whether the run passed or failed: it is what
    // shows a mismatch.
    let label = trace.as_ref().map(|t| t.output().label());
    if let Some(t) = trace {
        t.commit()?;
    }
    result.map_err(|m| match &label {
        Some(l) => m.note(format!("waveform: {l}")),
        None => m,
    })?;
    let state = env.rtl_state().map_err(|e| {
        Mismatch::new(
            env.dut.cycle,
            "debug outputs",
            "a decodable state",
            e.to_string(),
        )
    })?;
    // With the machine playing on, the state to print is the one the run
    // stopped at (the RTL equalled it then: checked in that cycle).
    let state = final_state.unwrap_or(state);
    let mut o = outputs.borrow_mut();
    o.check()?;
    let pngs = o.pngs.take().map_or(0, PngDumper::finish);
    let gif_images = match o.gif.take() {
        Some(g) => g.finish()?,
        None => 0,
    };
    Ok(PlayReport {
        state,
        stats: env.sb.stats,
        vga: o.vga,
        cycles: env.dut.cycle,
        pngs,
        gif_images,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// After the script: the machine plays on until the game is over, the round
/// passes `max_rounds`, or (with a person in the game) a person is to move.
fn machine_plays_out(
    env: &mut CoreEnv,
    opts: &PlayOptions,
    progress: &mut Progress,
) -> Result<(), Mismatch> {
    let person = !(opts.seats.red && opts.seats.blue);
    let over = |env: &CoreEnv| {
        let g = env.golden();
        g.phase != Phase::Playing
            || env.stopped_at.is_some()
            || (person && !env.sb.pred.machine_turn())
    };
    while !over(env) {
        env.advance(u64::MAX)?;
        progress.tick(|| {
            format!(
                "machine: round {}, cycle {}, {} machine commands",
                env.golden().round,
                env.dut.cycle,
                env.sb.stats.machine_commands
            )
        });
    }
    Ok(())
}

pub use crate::fuzz::{fuzz, FuzzOptions, FuzzReport};

/// The keyboard-only session: random bytes (keys, breaks, other codes,
/// faults) into `kbd_frontend`, with a randomly stalling consumer.
pub fn kbd_session(
    seed: u64,
    bytes: u64,
    quiet: bool,
) -> Result<(KbdStats, Vec<Command>, u64), AppError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut env = KbdEnv::new(seed, Ps2Timing::random(&mut rng));
    env.consumer = crate::kbd_env::Consumer::bursty(0.3);
    let mut progress = Progress::new(quiet);
    let mut sent = 0;
    while sent < bytes {
        let cmd = Command::ALL[rng.gen_range(0..6)];
        for b in key_bytes(cmd, rng.gen_bool(0.3)) {
            let fault = Fault::random(&mut rng, 40, env.driver.rx());
            env.send_fault(b, fault);
            sent += 1;
        }
        while env.driver.pending() > 2 {
            env.step()?;
        }
        progress.tick(|| format!("{sent}/{bytes} bytes, cycle {}", env.dut.cycle));
    }
    let stats = env.run(1000, 100 * FRAME_CYCLES)?;
    progress.finish();
    let cmds = env.sb.popped_log.iter().map(|&(_, c)| c).collect();
    Ok((stats, cmds, env.dut.cycle))
}

/// Peak resident memory of this process, in KiB (Linux), if known.
pub fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
