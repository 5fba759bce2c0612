//! `generals play` (the RTL, checked) and `generals golden` (the golden
//! model alone).

use super::{bound, count, maps, write_state, GameArgs, MachineArg, ThreadsArg};
use clap::Args;
use generals::env::dut::CoreModel;
use generals::error::AppError;
use generals::infra::outputs::{note, Plan};
use generals::run::play::{self, FrameOptions, OutputNames, PlayOptions, PlayOutputs};
use generals_golden::script::{Action, Step};
use std::path::PathBuf;

/// The options of `generals play`.
#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// FST waveform of the whole run (view with GTKWave).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Write PNG frames into this folder.
    #[arg(long, value_name = "DIR")]
    frames: Option<PathBuf>,
    /// With --frames: write every N-th frame (1 … 1000000).
    #[arg(long, default_value_t = 1, value_name = "N", requires = "frames", allow_negative_numbers = true, value_parser = count(1, bound::EVERY))]
    every: u64,
    /// Write an animated GIF of the game (one image per displayed state).
    #[arg(long, value_name = "FILE")]
    gif: Option<PathBuf>,
    /// Frames to wait after each key, so that every state is on screen
    /// (0 … 3600: a minute).
    #[arg(long, default_value_t = 0, value_name = "FRAMES", allow_negative_numbers = true, value_parser = count(0, bound::PACE))]
    pace: u64,
    /// Seed of the PS/2 clock jitter, 0 … 2^64 − 1.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
    seed: u64,
    /// Folder for expected/actual/diff pictures of a display mismatch.
    #[arg(long, default_value = "out/mismatch", value_name = "DIR")]
    mismatch_dir: PathBuf,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
    /// Check the ULX3S's DVI output too (docs/board.md, "The ULX3S"): its TMDS
    /// encoders run beside the core on the VGA pins, and every symbol of
    /// every lane is compared with a golden encoder's, decoded back to its
    /// pixel or control code, and its running disparity held to ±8.
    #[arg(long)]
    dvi: bool,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Play on a netlist synthesised from the RTL (built with the bench),
    /// not on the RTL: the same checks, so a simulation/synthesis mismatch
    /// shows here and not on the board. `generic` (also `--netlist` alone):
    /// yosys's generic gates; `ecp5`: the ECP5 netlist of `synth_ecp5`, the
    /// one that becomes the bitstream, its cells (block RAMs included)
    /// simulated by their models.
    #[arg(long, value_enum, value_name = "KIND", num_args = 0..=1, default_missing_value = "generic")]
    netlist: Option<NetlistArg>,
    /// Play on the design with the generated mutants, with mutant K active
    /// (0: none): only in a build made by `scripts/mutants --generate`
    /// (docs/testing.md, "Generated mutants").
    #[arg(long, value_name = "K", conflicts_with_all = ["netlist", "power_up_seed"], value_parser = count(0, u64::from(u32::MAX)))]
    mutant: Option<u64>,
    /// Start the registers that have no power-up value at random values
    /// drawn from this seed (1 … 2^32 − 1; 0: all zero, as on the FPGA):
    /// every check must pass all the same.
    #[arg(long, value_name = "S", default_value_t = 0, allow_negative_numbers = true, value_parser = count(0, u64::from(u32::MAX)))]
    power_up_seed: u64,
}

/// Which netlist `--netlist` plays on.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum NetlistArg {
    /// yosys's generic gates (`synth`, `abc`).
    Generic,
    /// The ECP5's cells (`synth_ecp5`).
    Ecp5,
}

/// The options of `generals golden`.
#[derive(Args)]
pub struct GoldenArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Refuses a script whose waits (its `WAIT`s, and `--pace` after each key)
/// add up to more than [`bound::PLAY_FRAMES`].
fn waits_in_bounds(steps: &[Step], pace: u64) -> Result<(), AppError> {
    let frames: u64 = steps
        .iter()
        .map(|s| match s.action {
            Action::Wait(n) => u64::from(n),
            Action::Key(_) | Action::Raw(_) => pace,
            _ => 0,
        })
        .sum();
    if frames > bound::PLAY_FRAMES {
        return Err(AppError::Usage(format!(
            "the script waits {frames} frames in all (its WAITs, and --pace {pace} after each key); \
             a run waits at most {} frames (two hours of game time)",
            bound::PLAY_FRAMES
        )));
    }
    Ok(())
}

/// `generals play`: outputs checked first, then the checked run.
pub fn play(a: PlayArgs) -> Result<(), AppError> {
    let steps = a.game.steps()?;
    waits_in_bounds(&steps, a.pace)?;
    let mut plan = Plan::new();
    let state_out = a.game.state_out(&mut plan)?;
    let opts = PlayOptions {
        map: a.game.map,
        steps,
        trace: a.trace,
        frames: FrameOptions {
            dir: a.frames,
            every: a.every,
            gif: a.gif,
            mismatch_dir: a.mismatch_dir,
            dvi: a.dvi,
            threads: a.threads.get(),
        },
        pace: a.pace as u32, // at most bound::PACE
        seed: a.seed,
        quiet: a.quiet,
        seats: MachineArg::seats(a.game.machine),
        max_rounds: a.game.rounds(),
        model: match (a.mutant, a.netlist) {
            (Some(k), _) => CoreModel::Generated(k as u32), // at most u32::MAX by its parser
            (None, None) => CoreModel::Rtl,
            (None, Some(NetlistArg::Generic)) => CoreModel::Netlist,
            (None, Some(NetlistArg::Ecp5)) => CoreModel::Ecp5,
        },
        init_seed: a.power_up_seed as u32, // at most u32::MAX by its parser
    };
    let outs = PlayOutputs::plan(&mut plan, &opts, OutputNames::PLAY)?;
    let r = play::play_planned(maps(), &opts, outs)?;
    note(&format!(
        "pass{}: {} cycles ({:.1} ms simulated) in {:.1} s; {} commands, {} moves, {} frames checked pixel by pixel{}",
        match opts.model {
            CoreModel::Rtl => "",
            CoreModel::Netlist => " (gate-level netlist)",
            CoreModel::Ecp5 => " (ECP5 netlist)",
            CoreModel::Generated(_) => " (generated mutants' design)",
        },
        r.cycles,
        r.cycles as f64 * 1e3 / generals::CLOCK_HZ as f64,
        r.seconds,
        r.stats.commands,
        r.stats.moves,
        r.vga.frames_checked,
        if opts.frames.dvi {
            format!(", {} DVI pixels (3 symbols each) checked", r.vga.dvi_pixels)
        } else {
            String::new()
        }
    ));
    write_state(&state_out, &a.game.state_text(&r.state))
}

/// `generals golden`: the golden model alone, its final state as JSON.
pub fn golden(a: GoldenArgs) -> Result<(), AppError> {
    let game = a.game;
    let steps = game.steps()?;
    let state_out = game.state_out(&mut Plan::new())?;
    let state = generals_golden::run_with_machine(
        game.map,
        &steps,
        &maps(),
        MachineArg::seats(game.machine),
        game.rounds(),
    )?;
    write_state(&state_out, &game.state_text(&state))
}
