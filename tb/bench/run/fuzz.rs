//! The random regression on the whole core (`generals fuzz`): random keys
//! (arrows or letters), START and RESET at random moments (sometimes
//! bouncing), PS/2 faults and timings, random maps and machine switches;
//! every cycle checked. The first game, and about half of the others, are
//! played to the end by the greedy player (`greedy.rs`) with some noise.
//!
//! A run records the actions it carried out ([`Taken`]); the same actions
//! replay the run exactly ([`FuzzReplay`]), and any subset of them is a run
//! too — what the regression's shrinking needs.

use crate::env::core_env::CoreEnv;
use crate::env::driver::ps2::{Fault, Ps2Timing};
use crate::env::scoreboard::core::{CoreStats, FRAME_CYCLES};
use crate::env::scoreboard::kbd::KbdStats;
use crate::env::sequence::{FuzzAction, FuzzMix, FuzzProgress, FuzzSequence};
use crate::env::stimulus::Stimulus;
use crate::error::AppError;
use crate::infra::progress::Progress;
use crate::run::play::{attach_vga_check, FrameOptions};
use generals_golden::Phase;
use generals_maps::Map;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of the random regression.
#[derive(Clone, Copy, Debug)]
pub struct FuzzOptions {
    /// Seed of everything random.
    pub seed: u64,
    /// Keys to send in all.
    pub keys: u64,
    /// Check the VGA output too (slower).
    pub video: bool,
    /// No progress line.
    pub quiet: bool,
    /// What the fuzzer may do besides keys and buttons.
    pub mix: FuzzMix,
}

/// What the random regression covered.
#[derive(Clone, Copy, Debug, Default)]
pub struct FuzzReport {
    /// The seed (replay with `--seed`).
    pub seed: u64,
    /// Keys sent.
    pub keys: u64,
    /// Frames sent with a fault.
    pub faults: u64,
    /// RESET presses.
    pub resets: u64,
    /// Scoreboard counts.
    pub stats: CoreStats,
    /// Keyboard counts.
    pub kbd: KbdStats,
    /// Cycles simulated.
    pub cycles: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// One action as a run carried it out: whether the run first drained the
/// keyboard (the greedy player chooses its keys on the state every earlier key
/// reached), then the action.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Taken {
    /// All keys sent before were applied first.
    pub drained: bool,
    /// What was done.
    pub action: FuzzAction,
}

/// A run that can be replayed: the keyboard's first timing, the seed of the
/// PS/2 jitter, whether the video was checked, and the actions in order.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct FuzzReplay {
    /// The fuzz seed the actions came from (the jitter's seed derives from it).
    pub seed: u64,
    /// The keyboard's timing at power-up.
    pub timing: Ps2Timing,
    /// Every pixel checked too.
    pub video: bool,
    /// The actions.
    pub actions: Vec<Taken>,
}

/// Where a run's actions come from.
enum Source<'a> {
    Random(Box<FuzzSequence>),
    Replay(std::slice::Iter<'a, Taken>),
}

/// What else a run does: a waveform, a folder for mismatch pictures.
#[derive(Clone, Debug, Default)]
pub struct RunExtras {
    /// FST waveform of the whole run.
    pub trace: Option<PathBuf>,
    /// Where a pixel mismatch's pictures go (default `out/fuzz-mismatch`).
    pub mismatch_dir: Option<PathBuf>,
    /// The model to fuzz: the RTL, or one of its netlists or generated
    /// mutants (`run::mutant`).
    pub model: crate::env::dut::CoreModel,
    /// With video: the VGA check in the simulation's loop, or on a thread
    /// of its own ([`crate::env::check_thread`]).
    pub threads: crate::env::check_thread::Threads,
}

/// The random regression (see the module doc).
pub fn fuzz(
    maps: Vec<Map>,
    opts: &FuzzOptions,
    threads: crate::env::check_thread::Threads,
) -> Result<FuzzReport, AppError> {
    let extras = RunExtras {
        threads,
        ..RunExtras::default()
    };
    fuzz_recorded(maps, opts, &mut Vec::new(), &extras)
}

/// [`fuzz`], recording into `taken` the actions carried out (kept when the
/// run fails, for a replay of it).
pub fn fuzz_recorded(
    maps: Vec<Map>,
    opts: &FuzzOptions,
    taken: &mut Vec<Taken>,
    extras: &RunExtras,
) -> Result<FuzzReport, AppError> {
    let mut seq = FuzzSequence::new(&maps, opts.seed, opts.mix);
    let timing = seq.first_timing();
    run(
        maps,
        opts,
        timing,
        Source::Random(Box::new(seq)),
        taken,
        extras,
        false,
    )
    .map(|(r, _)| r)
}

/// [`fuzz`], recording the input pins of every cycle (a stimulus for
/// scripts/lockstep: `generals speed record --scenario fuzz-N`).
pub fn fuzz_stimulus(
    maps: Vec<Map>,
    opts: &FuzzOptions,
) -> Result<(FuzzReport, Stimulus), AppError> {
    let mut seq = FuzzSequence::new(&maps, opts.seed, opts.mix);
    let timing = seq.first_timing();
    let (report, stim) = run(
        maps,
        opts,
        timing,
        Source::Random(Box::new(seq)),
        &mut Vec::new(),
        &RunExtras::default(),
        true,
    )?;
    Ok((report, stim.unwrap_or_default()))
}

/// Replays a recorded run (or a part of one).
pub fn replay(
    maps: Vec<Map>,
    r: &FuzzReplay,
    quiet: bool,
    extras: &RunExtras,
) -> Result<FuzzReport, AppError> {
    let opts = FuzzOptions {
        seed: r.seed,
        keys: u64::MAX,
        video: r.video,
        quiet,
        mix: FuzzMix::default(),
    };
    run(
        maps,
        &opts,
        r.timing,
        Source::Replay(r.actions.iter()),
        &mut Vec::new(),
        extras,
        false,
    )
    .map(|(r, _)| r)
}

/// The first keyboard timing of a fuzz seed (what a replay file records).
pub fn first_timing(maps: &[Map], seed: u64, mix: FuzzMix) -> Ps2Timing {
    FuzzSequence::new(maps, seed, mix).first_timing()
}

fn run(
    maps: Vec<Map>,
    opts: &FuzzOptions,
    timing: Ps2Timing,
    mut source: Source<'_>,
    taken: &mut Vec<Taken>,
    extras: &RunExtras,
    record: bool,
) -> Result<(FuzzReport, Option<Stimulus>), AppError> {
    let started = Instant::now();
    let dut = crate::env::dut::CoreDut::open(extras.model, 0)?;
    let mut env = CoreEnv::with_dut(dut, maps, opts.seed ^ 0xF00D, timing, record)?;
    let staged = match &extras.trace {
        Some(t) => {
            let out = crate::infra::outputs::Plan::new().file("--trace", t)?;
            let staged = out.stage()?;
            env.trace(staged.path())
                .map_err(|e| e.named(&out.label()))?;
            Some(staged)
        }
        None => None,
    };
    if opts.video {
        let dir = extras
            .mismatch_dir
            .clone()
            .unwrap_or_else(|| PathBuf::from("out/fuzz-mismatch"));
        attach_vga_check(
            &mut env,
            &FrameOptions {
                mismatch_dir: dir,
                threads: extras.threads,
                ..FrameOptions::default()
            },
        )?;
    }
    let mut report = FuzzReport {
        seed: opts.seed,
        ..FuzzReport::default()
    };
    let mut progress = Progress::new(opts.quiet);
    let result = (|| -> Result<(), AppError> {
        loop {
            progress.tick(|| {
                format!(
                    "seed {} key {}, cycle {}, {} moves, {} games, {} won",
                    opts.seed,
                    report.keys,
                    env.dut.cycle,
                    env.sb.stats.moves,
                    env.sb.stats.games,
                    env.sb.stats.wins
                )
            });
            let next = match &mut source {
                Source::Random(seq) => {
                    if report.keys >= opts.keys {
                        break;
                    }
                    let drained = seq.finishing();
                    if drained {
                        env.drain()?;
                    }
                    let at = FuzzProgress {
                        keys: report.keys,
                        keys_total: opts.keys,
                        resets_seen: env.sb.stats.resets,
                        games: env.sb.stats.games,
                    };
                    let g = env.golden().clone();
                    let action = seq.next(&g, at, env.ps2.rx());
                    taken.push(Taken {
                        drained,
                        action: action.clone(),
                    });
                    action
                }
                Source::Replay(it) => match it.next() {
                    None => break,
                    Some(t) => {
                        if t.drained {
                            env.drain()?;
                        }
                        t.action.clone()
                    }
                },
            };
            match next {
                FuzzAction::Reset(press) => {
                    env.press_reset(&press)?;
                    report.resets += 1;
                }
                FuzzAction::Start {
                    map,
                    press,
                    switches,
                } => {
                    if env.golden().phase != Phase::Playing {
                        env.switches = switches;
                    }
                    env.press_start(map, &press)?;
                    if let Source::Random(seq) = &mut source {
                        seq.started(env.golden().phase == Phase::Playing);
                    }
                }
                FuzzAction::Key { timing, frames } => {
                    if let Some(t) = timing {
                        env.ps2.set_timing(t);
                    }
                    for (byte, fault) in frames {
                        report.faults += u64::from(fault != Fault::None);
                        env.ps2.send(byte, fault);
                    }
                    report.keys += 1;
                    // Keep the golden key choice close to the state it was made for.
                    if env.ps2.pending() > 6 {
                        env.run_until(64 * FRAME_CYCLES, "keyboard backlog", |e| {
                            e.ps2.pending() <= 2
                        })?;
                    }
                }
            }
        }
        env.drain()?;
        Ok(())
    })();
    // The VGA check's thread judges the last cycles before the run passes.
    let result = result.and_then(|()| env.settle(Ok(())).map_err(AppError::from));
    progress.finish();
    env.dut.close_trace();
    if let Some(t) = staged {
        t.commit()?; // kept pass or fail: it shows the failure
    }
    result?;
    report.stats = env.sb.stats;
    report.kbd = env.sb.kbd.stats;
    report.cycles = env.dut.cycle;
    report.seconds = started.elapsed().as_secs_f64();
    Ok((report, env.record.take()))
}

/// Reads a replay file.
pub fn read_replay(path: &Path) -> Result<FuzzReplay, AppError> {
    let name = generals_maps::shown_path(path);
    let bytes =
        crate::infra::inputs::read_regular(path, 256 << 20).map_err(|source| AppError::Read {
            path: name.clone(),
            source,
        })?;
    let rec: FuzzReplay = serde_json::from_slice(&bytes).map_err(|e| {
        AppError::Usage(format!(
            "{name}: not a replay file of `generals regress` ({e})"
        ))
    })?;
    rec.check()
        .map_err(|why| AppError::Usage(format!("{name}: {why}")))?;
    Ok(rec)
}

impl FuzzReplay {
    /// Checks every number of a replay against what a run can carry out
    /// and the checks assume (the ranges the fuzz draws from, the rules'
    /// keyboard clock, the maps, the switches, a START press the debouncer
    /// recognises), so that a bad file is bad input naming the field and
    /// its bound, never a mismatch blamed on the design, and no file runs
    /// for years.
    pub fn check(&self) -> Result<(), String> {
        use crate::env::core_env::hold_cycles;
        use crate::env::dut::CoreDut;
        use crate::infra::bounds::{KEY_FRAMES, PRESS_STRETCHES, REPLAY_ACTIONS};
        check_timing("timing", &self.timing)?;
        if self.actions.len() as u64 > REPLAY_ACTIONS {
            return Err(format!(
                "actions: {} of them, at most {REPLAY_ACTIONS}",
                self.actions.len()
            ));
        }
        let params = CoreDut::params();
        let press_ok = |at: &str, press: &crate::env::driver::button::Press, start: bool| {
            if press.stretches.is_empty() || press.stretches.len() as u64 > PRESS_STRETCHES {
                return Err(format!(
                    "{at}: a press of {} stretches; 1 … {PRESS_STRETCHES}",
                    press.stretches.len()
                ));
            }
            let hold = hold_cycles();
            if let Some(i) = press.stretches.iter().position(|&(n, _)| n > hold) {
                return Err(format!(
                    "{at}: stretch {i} is {} cycles; at most {hold} (the bench's hold, twice the debounce length)",
                    press.stretches[i].0
                ));
            }
            if start && !recognised(press, params.debounce_cycles, params.por_cycles) {
                return Err(format!(
                    "{at}: a START press the debouncer never recognises (no stretch held {} cycles): too short or too bouncy",
                    params.debounce_cycles
                ));
            }
            Ok(())
        };
        for (i, t) in self.actions.iter().enumerate() {
            let at = format!("actions[{i}]");
            match &t.action {
                FuzzAction::Reset(p) => press_ok(&format!("{at}.Reset"), p, false)?,
                FuzzAction::Start {
                    map,
                    press,
                    switches,
                } => {
                    if usize::from(*map) >= generals_maps::NUM_MAPS {
                        return Err(format!(
                            "{at}.Start.map: {map}; maps are 0 … {}",
                            generals_maps::NUM_MAPS - 1
                        ));
                    }
                    if *switches > 3 {
                        return Err(format!("{at}.Start.switches: {switches}; SW[1:0] is 0 … 3"));
                    }
                    press_ok(&format!("{at}.Start.press"), press, true)?;
                }
                FuzzAction::Key { timing, frames } => {
                    if let Some(t) = timing {
                        check_timing(&format!("{at}.Key.timing"), t)?;
                    }
                    if frames.len() as u64 > KEY_FRAMES {
                        return Err(format!(
                            "{at}.Key.frames: {} frames; at most {KEY_FRAMES}",
                            frames.len()
                        ));
                    }
                    for (k, (_, fault)) in frames.iter().enumerate() {
                        check_fault(&format!("{at}.Key.frames[{k}]"), *fault, &params.kbd)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Whether the debouncer recognises `press` as a press, started from a
/// settled, released button after power-up (as a START is pressed: the
/// run waits for the button to be idle first).
fn recognised(press: &crate::env::driver::button::Press, debounce: u32, por: u32) -> bool {
    let mut model = generals_golden::buttons::ButtonsModel::new(debounce, por);
    for _ in 0..u64::from(debounce) * 2 + u64::from(por) + 8 {
        model.step(true, true);
    }
    press.start_latency(model).is_some()
}

/// A keyboard timing of a replay: the clock docs/rules.md allows, the jitter and
/// idle gap the fuzz draws from.
fn check_timing(at: &str, t: &Ps2Timing) -> Result<(), String> {
    use crate::env::driver::ps2::{DEVICE_HZ_MAX, DEVICE_HZ_MIN, GAP_CYCLES, JITTER_MAX};
    if !(DEVICE_HZ_MIN..=DEVICE_HZ_MAX).contains(&t.clock_hz) {
        return Err(format!(
            "{at}.clock_hz: {}; a keyboard's clock is {DEVICE_HZ_MIN} … {DEVICE_HZ_MAX} Hz",
            t.clock_hz
        ));
    }
    if !(t.jitter.is_finite() && (0.0..JITTER_MAX).contains(&t.jitter)) {
        return Err(format!(
            "{at}.jitter: {:?}; 0 ≤ jitter < {JITTER_MAX}",
            t.jitter
        ));
    }
    if !GAP_CYCLES.contains(&t.gap_cycles) {
        return Err(format!(
            "{at}.gap_cycles: {}; {} … {} cycles",
            t.gap_cycles,
            GAP_CYCLES.start(),
            GAP_CYCLES.end()
        ));
    }
    Ok(())
}

/// A frame's fault of a replay: the bits a truncated frame keeps, the bit
/// and length of a glitch the receiver must filter.
fn check_fault(at: &str, f: Fault, rx: &crate::env::dut::KbdParams) -> Result<(), String> {
    match f {
        Fault::Truncate { bits } if !(1..=10).contains(&bits) => {
            Err(format!("{at}: Truncate.bits {bits}; 1 … 10"))
        }
        Fault::Glitch { bit, .. } if bit > 10 => Err(format!("{at}: Glitch.bit {bit}; 0 … 10")),
        Fault::TruncateGlitch { bits, .. } if !(1..=10).contains(&bits) => {
            Err(format!("{at}: TruncateGlitch.bits {bits}; 1 … 10"))
        }
        Fault::Glitch { len, .. } | Fault::TruncateGlitch { len, .. }
            if len == 0 || len >= rx.filter_cycles.saturating_sub(10) =>
        {
            let kind = if matches!(f, Fault::Glitch { .. }) {
                "Glitch"
            } else {
                "TruncateGlitch"
            };
            Err(format!(
                "{at}: {kind}.len {len}; 1 … {} cycles (shorter than the receiver's filter, which must remove it)",
                rx.filter_cycles.saturating_sub(11)
            ))
        }
        _ => Ok(()),
    }
}
