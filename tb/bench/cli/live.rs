//! `generals live`: the chip in a window, played from the keyboard.

use super::{bound, count, map_number, maps, MachineArg, ThreadsArg};
use clap::Args;
use generals::error::AppError;
use generals::infra::outputs::{note, Plan};
use std::path::PathBuf;

/// The options of `generals live`.
#[derive(Args)]
pub struct LiveArgs {
    /// The map F1 draws (START timed for it); default: whatever the draw
    /// counter holds, as on the board.
    #[arg(long, allow_negative_numbers = true, value_parser = map_number, value_name = "N")]
    map: Option<u8>,
    /// The machine's switches at power-up (F3/F4 change them).
    #[arg(long, value_enum)]
    machine: Option<MachineArg>,
    /// Window scale: 1 (640 × 480) or 2.
    #[arg(long, default_value_t = 1, value_name = "1|2", allow_negative_numbers = true, value_parser = count(1, 2))]
    scale: u64,
    /// After each frame, write the frame number, the golden state it
    /// shows and the machine's colours as JSON to FILE (for scripts).
    #[arg(long, value_name = "FILE")]
    state_file: Option<PathBuf>,
    /// Stop after N frames (1 … 2160000: ten hours).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, bound::LIVE_FRAMES))]
    frames: Option<u64>,
    /// Folder for the pictures of a mismatch.
    #[arg(long, default_value = "out/mismatch", value_name = "DIR")]
    mismatch_dir: PathBuf,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Simulate as fast as the machine allows. Without it the chip runs at
    /// the board's pace (50 M cycles, 60 frames a second) and never faster;
    /// on a machine too slow for that, as fast as it can (the title bar
    /// shows the frames a second and the real-time factor).
    #[arg(long)]
    unpaced: bool,
    /// Press START at once, and again whenever no game is being played
    /// (with `--machine both`: the machine plays game after game,
    /// unattended, as `scripts/speed --live` measures it).
    #[arg(long)]
    autoplay: bool,
}

/// `generals live`: outputs checked before the window opens.
pub fn live(a: LiveArgs) -> Result<(), AppError> {
    let mut plan = Plan::new();
    let state_file = a
        .state_file
        .map(|f| plan.file("--state-file", &f))
        .transpose()?;
    plan.folder_owning(
        "--mismatch-dir",
        &a.mismatch_dir,
        generals::env::frames::MISMATCH_NAMES,
    )?;
    let opts = generals::run::live::LiveOptions {
        map: a.map,
        seats: MachineArg::seats(a.machine),
        scale: a.scale as u8, // 1 or 2 by its parser
        state_file,
        frames: a.frames,
        mismatch_dir: a.mismatch_dir,
        seed: 1,
        threads: a.threads.get(),
        unpaced: a.unpaced,
        autoplay: a.autoplay,
    };
    let r = generals::run::live::live(maps(), &opts)?;
    let secs = r.seconds.max(1e-9);
    note(&format!(
        "live: {} frames shown in {:.1} s ({:.1} a second), {} cycles ({:.3}x real time), every cycle checked",
        r.frames,
        r.seconds,
        r.frames as f64 / secs,
        r.cycles,
        r.cycles as f64 / generals::CLOCK_HZ as f64 / secs
    ));
    Ok(())
}
