//! A scripted co-simulated game (`generals play`, `generals demo`) and the
//! keyboard-only session (`generals kbd`). Each returns a report or a typed
//! error.

use crate::env::check_thread::Threads;
use crate::env::core_env::{hold_cycles, CoreEnv};
use crate::env::driver::button::Press;
use crate::env::driver::ps2::{Fault, Ps2Timing};
use crate::env::dut::{CoreDut, CoreModel, CoreOut};
use crate::env::frames::GifWriter;
use crate::env::frames::PngDumper;
use crate::env::kbd_env::KbdEnv;
use crate::env::scoreboard::core::{CoreStats, FRAME_CYCLES};
use crate::env::scoreboard::kbd::KbdStats;
use crate::env::vga_check::{FrameSink, VgaCheck, VgaStats};
use crate::error::AppError;
use crate::infra::mismatch::Mismatch;
use crate::infra::outputs::{OutDir, OutFile, Plan};
use crate::infra::progress::Progress;
use generals_golden::keyboard::{key_bytes, Command};
use generals_golden::machine::Seats;
use generals_golden::script::{Action, Step};
use generals_golden::{GameState, Phase};
use generals_maps::Map;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
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

/// A run's outputs, checked before it starts (see [`crate::infra::outputs`]).
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
            crate::env::frames::MISMATCH_NAMES,
        )?;
        Ok(Self {
            trace: file(plan, names.trace, &opts.trace)?,
            frames: opts
                .frames
                .dir
                .as_ref()
                .map(|d| plan.folder_owning(names.frames, d, crate::env::frames::FRAME_NAMES))
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
    let result = env.settle(result);
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
    let mut o = lock(&outputs);
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

/// The keyboard-only session: random bytes (keys, breaks, other codes,
/// faults) into `kbd_frontend`, with a randomly stalling consumer.
pub fn kbd_session(
    seed: u64,
    bytes: u64,
    quiet: bool,
) -> Result<(KbdStats, Vec<Command>, u64), AppError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut env = KbdEnv::new(seed, Ps2Timing::random(&mut rng));
    env.consumer = crate::env::kbd_env::Consumer::bursty(0.3);
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

/// Where the frames of a run go.
#[derive(Clone, Debug, Default)]
pub struct FrameOptions {
    /// Folder for PNG frames.
    pub dir: Option<PathBuf>,
    /// Write every N-th frame.
    pub every: u64,
    /// Animated GIF of the whole game.
    pub gif: Option<PathBuf>,
    /// Folder for expected/actual/diff pictures of a mismatch.
    pub mismatch_dir: PathBuf,
    /// Check the ULX3S's DVI output too: its encoders' every symbol
    /// (docs/board.md (the ULX3S), docs/display.md).
    pub dvi: bool,
    /// The VGA check in the simulation's loop or on a thread of its own
    /// (then the run must end with [`CoreEnv::settle`]).
    pub threads: Threads,
}

/// Adds the VGA check, with PNG/GIF sinks as asked, to `env`.
pub fn attach_vga_check(env: &mut CoreEnv, opts: &FrameOptions) -> Result<SharedOutputs, AppError> {
    let mut plan = Plan::new();
    let frames = opts
        .dir
        .as_ref()
        .map(|d| plan.folder("--frames", d))
        .transpose()?;
    let gif = opts
        .gif
        .as_ref()
        .map(|g| plan.file("--gif", g))
        .transpose()?;
    vga_check_with_sinks(env, frames, gif.as_ref(), opts)
}

/// Adds the VGA check to `env`, writing frames into the checked outputs.
fn vga_check_with_sinks(
    env: &mut CoreEnv,
    frames: Option<OutDir>,
    gif: Option<&OutFile>,
    opts: &FrameOptions,
) -> Result<SharedOutputs, AppError> {
    let outputs = Arc::new(Mutex::new(Outputs {
        pngs: frames.map(|d| PngDumper::new(d, opts.every)),
        gif: gif.map(GifWriter::create).transpose()?,
        vga: VgaStats::default(),
        error: None,
    }));
    let make = {
        let outputs = Arc::clone(&outputs);
        let (mismatch_dir, dvi) = (opts.mismatch_dir.clone(), opts.dvi);
        move || -> Result<StatsTap, AppError> {
            let sink_out = Arc::clone(&outputs);
            let sink: FrameSink = Box::new(move |n, frame, _checked| {
                let mut o = lock(&sink_out);
                let mut written: Result<(), AppError> = Ok(());
                if let Some(p) = &mut o.pngs {
                    written = p.frame(n, frame).map_err(AppError::from);
                }
                if let (Ok(()), Some(g)) = (&written, &mut o.gif) {
                    written = g.frame(frame).map_err(AppError::from);
                }
                if let Err(e) = written {
                    o.stop(e);
                }
            });
            let mut monitor = VgaCheck::new(mismatch_dir).with_sink(sink);
            if dvi {
                monitor = monitor.with_dvi()?;
            }
            Ok(StatsTap {
                monitor,
                out: outputs,
            })
        }
    };
    env.add_hook(opts.threads.hook(make)?);
    Ok(outputs)
}

/// The frame outputs, shared with the VGA check's thread.
pub type SharedOutputs = Arc<Mutex<Outputs>>;

/// The outputs, locked (a panic elsewhere while they were held leaves them
/// as they were: they hold no invariant a half-done update could break).
pub fn lock(o: &SharedOutputs) -> std::sync::MutexGuard<'_, Outputs> {
    o.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Frame outputs shared between the VGA check's sink and the run.
pub struct Outputs {
    /// PNG frame writer, if asked for.
    pub pngs: Option<PngDumper>,
    /// GIF writer, if asked for.
    pub gif: Option<GifWriter>,
    /// The VGA check's counts, copied at each snapshot.
    pub vga: VgaStats,
    /// The first frame that could not be written. The run goes on, checked,
    /// but writes nothing more; it ends with this error.
    pub error: Option<AppError>,
}

impl Outputs {
    /// A frame could not be written: keep the error, stop writing.
    fn stop(&mut self, e: AppError) {
        self.pngs = None;
        self.gif = None;
        self.error.get_or_insert(e);
    }

    /// The first write error, if any.
    pub fn check(&mut self) -> Result<(), AppError> {
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Runs the VGA check and copies its counts out after every cycle.
struct StatsTap {
    monitor: VgaCheck,
    out: SharedOutputs,
}

impl crate::env::core_env::CycleHook for StatsTap {
    fn cycle(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: crate::env::core_env::Shown<'_>,
        ev: &crate::env::scoreboard::core::CycleEvents,
    ) -> Result<(), Mismatch> {
        self.monitor.cycle(cycle, out, before, ev)?;
        if out.snapshot != 0 {
            lock(&self.out).vga = self.monitor.stats();
        }
        Ok(())
    }

    // No snapshot in quiet cycles: nothing to copy.
    fn quiet(
        &mut self,
        first: u64,
        burst: crate::env::core_env::Burst<'_>,
        before: crate::env::core_env::Shown<'_>,
    ) -> Result<(), Mismatch> {
        self.monitor.quiet(first, burst, before)
    }
}
