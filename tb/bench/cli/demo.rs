//! `generals demo`: the main job.

use super::emit;
use super::{bound, count, maps, ThreadsArg};
use clap::Args;
use generals::env::dut::CoreModel;
use generals::env::greedy;
use generals::error::AppError;
use generals::infra::outputs::{note, Plan};
use generals::run::play::{self, FrameOptions, OutputNames, PlayOptions, PlayOutputs};
use generals_golden::machine::Seats;
use generals_maps::shown_path;
use std::path::PathBuf;

/// The options of `generals demo`.
#[derive(Args)]
pub struct DemoArgs {
    /// Output folder.
    #[arg(long, default_value = "out/demo")]
    out: PathBuf,
    /// Play the built-in person's game (a key script over PS/2) instead.
    #[arg(long)]
    person: bool,
    /// Write every N-th frame as PNG (1 … 1000000).
    #[arg(long, default_value_t = 5, value_name = "N", allow_negative_numbers = true, value_parser = count(1, bound::EVERY))]
    every: u64,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// The machine-against-machine demo's map: a game of about the median
/// length (99 rounds; `generals machine-stats`).
const DEMO_MACHINE_MAP: u8 = 9;

/// `generals demo`: the machine against itself (or the built-in person's
/// game), every cycle checked, frames, GIF and final state written.
pub fn demo(a: DemoArgs) -> Result<(), AppError> {
    let maps = maps();
    let out = &a.out;
    let (map, steps, seats) = if a.person {
        let (map, steps) = greedy::demo_game(&maps).ok_or(AppError::NoDemoGame {
            max_keys: greedy::DEMO_KEYS_MAX,
        })?;
        (map, steps, Seats::PEOPLE)
    } else {
        (DEMO_MACHINE_MAP, Vec::new(), Seats::from_switches(3))
    };
    let gif = out.join("game.gif");
    let frames = out.join("frames");
    let json = out.join("final_state.json");
    let mut plan = Plan::new();
    let folder = plan.folder("--out", out)?;
    let json_out = plan.file("--out", &json)?;
    let who = if a.person {
        format!("{} keys", steps.len())
    } else {
        "the machine against itself".to_string()
    };
    note(&format!("demo: map {map}, {who}, every cycle checked (RTL vs golden model, every pixel vs golden renderer)"));
    let opts = PlayOptions {
        map,
        steps,
        trace: None,
        frames: FrameOptions {
            dir: Some(frames.clone()),
            every: a.every,
            gif: Some(gif.clone()),
            mismatch_dir: out.join("mismatch"),
            dvi: false,
            threads: a.threads.get(),
        },
        pace: if a.person { 1 } else { 0 },
        seed: 1,
        quiet: a.quiet,
        seats,
        max_rounds: None,
        model: CoreModel::Rtl,
        init_seed: 0,
    };
    let names = OutputNames {
        trace: "--out",
        frames: "--out",
        gif: "--out",
        mismatch: "--out",
    };
    let outs = PlayOutputs::plan(&mut plan, &opts, names)?;
    let r = play::play_planned(maps, &opts, outs)?;
    json_out.write((r.state.to_json() + "\n").as_bytes())?;
    folder.keep();
    emit(&r.state.to_string())?;
    emit(&format!(
        "pass: {} cycles ({:.2} s of game time) in {:.1} s wall; {} commands ({} by the machine), {} moves, {} captures, {} rounds completed; {} frames, {} checked pixel by pixel",
        r.cycles,
        r.cycles as f64 / generals::CLOCK_HZ as f64,
        r.seconds,
        r.stats.commands,
        r.stats.machine_commands,
        r.stats.moves,
        r.stats.captures,
        r.stats.rounds,
        r.vga.frames,
        r.vga.frames_checked
    ))?;
    emit(&format!(
        "wrote: {} ({} images), {} PNG frames in {}, {}",
        shown_path(&gif),
        r.gif_images,
        r.pngs,
        shown_path(&frames),
        shown_path(&json)
    ))
}
