//! `generals fuzz` (the whole core under random stimulus) and `generals
//! kbd` (the keyboard front end alone).

use super::emit;
use super::{bound, count, maps, seed_or_random, ThreadsArg};
use clap::Args;
use generals::error::AppError;
use generals::infra::outputs::note;
use generals::run::fuzz::{self, FuzzOptions};
use generals::run::play;

/// The options of `generals fuzz`.
#[derive(Args)]
pub struct FuzzArgs {
    /// Seed, 0 … 2^64 − 1 (printed; rerun with it to replay a failure).
    #[arg(long, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
    seed: Option<u64>,
    /// Keys to send (1 … 1000000: about an hour of game time).
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = count(1, bound::FUZZ_KEYS))]
    keys: u64,
    /// Check the VGA output pixel by pixel too (slower).
    #[arg(long)]
    video: bool,
    /// Send no PS/2 faults (every frame well-formed).
    #[arg(long)]
    no_faults: bool,
    /// Never let the machine play (the switches stay off).
    #[arg(long)]
    no_machine: bool,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// The options of `generals kbd`.
#[derive(Args)]
pub struct KbdArgs {
    /// Seed, 0 … 2^64 − 1 (printed; rerun with it to replay a failure).
    #[arg(long, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
    seed: Option<u64>,
    /// Bytes to send (1 … 10000000: a few hours of PS/2 traffic).
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = count(1, bound::KBD_BYTES))]
    bytes: u64,
    /// Also print every command decoded, in order (one line).
    #[arg(long)]
    list: bool,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
}

/// `generals fuzz`: prints its seed first (the replay), then a summary.
pub fn fuzz(a: FuzzArgs) -> Result<(), AppError> {
    let seed = seed_or_random(a.seed);
    note(&format!(
        "fuzz: seed {seed} (replay: generals fuzz --seed {seed} --keys {}{}{}{})",
        a.keys,
        if a.video { " --video" } else { "" },
        if a.no_faults { " --no-faults" } else { "" },
        if a.no_machine { " --no-machine" } else { "" },
    ));
    let r = fuzz::fuzz(
        maps(),
        &FuzzOptions {
            seed,
            keys: a.keys,
            video: a.video,
            quiet: a.quiet,
            mix: generals::env::sequence::FuzzMix {
                faults: !a.no_faults,
                machine: !a.no_machine,
            },
        },
        a.threads.get(),
    )?;
    emit(&format!(
        "pass: seed {} | {} keys, {} faulty frames, {} FIFO overflows | {} commands, {} moves, {} captures, {} rounds completed, {} games, {} won, {} resets | {} cycles in {:.1} s",
        r.seed, r.keys, r.faults, r.kbd.overflows, r.stats.commands, r.stats.moves, r.stats.captures, r.stats.rounds, r.stats.games, r.stats.wins, r.stats.resets, r.cycles, r.seconds
    ))
}

/// `generals kbd`: a summary, and with `--list` every command decoded.
pub fn kbd(a: KbdArgs) -> Result<(), AppError> {
    let seed = seed_or_random(a.seed);
    note(&format!(
        "kbd: seed {seed} (replay: generals kbd --seed {seed} --bytes {})",
        a.bytes
    ));
    let (stats, cmds, cycles) = play::kbd_session(seed, a.bytes, a.quiet)?;
    if a.list {
        let names: Vec<String> = cmds.iter().map(|c| format!("{c:?}")).collect();
        emit(&format!("decoded: {}", names.join(" ")))?;
    }
    emit(&format!(
        "pass: {} good bytes, {} bad frames dropped and counted, {} commands, {} overflows, {} cycles",
        stats.bytes, stats.errors, stats.commands, stats.overflows, cycles
    ))
}
