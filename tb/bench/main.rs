//! `generals`: the command-line front end of the Generals co-simulation test
//! bench. Exit status: 0 pass, 1 RTL/golden mismatch, 2 bad input, 3 an
//! output that cannot be written, 130 interrupted (a regression stopped by
//! Ctrl-C after writing its results; other commands end by the signal
//! itself). Each command's options and what it runs are in a module of
//! `cli/`.

mod cli;

use clap::{Parser, Subcommand};
use cli::{coverage, demo, live, maps, mutant, play, random, regress, speed, stats};
use generals::error::AppError;
use generals::infra::outputs::note;
use std::process::ExitCode;

/// Generals (将军棋) on an FPGA: Verilated RTL co-simulated against a Rust
/// golden model in every clock cycle, with PS/2 stimulus at the wire level
/// and VGA frames checked pixel by pixel and dumped to PNG/GIF.
#[derive(Parser)]
#[command(
    name = "generals",
    version,
    propagate_version = true,
    after_help = "Examples:\n  generals demo --out out/demo\n  generals play --map 3 --keys \"SPACE D W\" --gif out/g.gif --pace 1\n  generals golden --map 3 --script game.keys\n  generals fuzz --seed 42 --keys 1000\n  generals maps show 7\n\nExit status: 0 pass, 1 RTL/golden mismatch, 2 bad input, 3 an output that cannot be written, 130 interrupted."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// The main job: the machine plays itself (docs/rules.md §11) on a built-in map
    /// to GAME OVER, every cycle checked, writing its frames (PNG) and an
    /// animated GIF to an output folder.
    Demo(demo::DemoArgs),
    /// Play a key script on the co-simulated RTL from power-up: START draws map
    /// N, the keys are sent over PS/2, everything is checked every cycle, and
    /// the final state (read from the RTL) is printed as JSON.
    Play(play::PlayArgs),
    /// Play the co-simulated chip live in a window, every check on: W A S D,
    /// arrows, Space, Z go over PS/2 (make and break); F1 START, F2 RESET (with
    /// bounce); F3/F4 flip SW[0]/SW[1] (the machine plays Red/Blue); Escape
    /// quits. The title shows simulated frames per second and the real-time
    /// factor. A mismatch stops the simulation and shows its report.
    Live(live::LiveArgs),
    /// Run the golden model alone (no RTL) on map N through a key script and
    /// print the final state as JSON: "what should happen?".
    Golden(play::GoldenArgs),
    /// Seeded random regression on the whole core: random keys, START/RESET at
    /// random moments (with bounce), PS/2 faults, random maps and timings.
    Fuzz(random::FuzzArgs),
    /// Keyboard front end alone: a seeded random PS/2 stream (keys, arrows,
    /// breaks, faults) into the RTL receiver and decoder with a stalling
    /// consumer, checked every cycle; prints a summary (--list: every
    /// command decoded too).
    Kbd(random::KbdArgs),
    /// The machine player of docs/rules.md §11 in the golden model alone: against
    /// itself on every map (every game must end), and against a seeded random
    /// mover playing either colour; prints a table.
    MachineStats(stats::StatsArgs),
    /// The 128 initial maps: generate, check, show.
    Maps {
        #[command(subcommand)]
        cmd: maps::MapsCmd,
    },
    /// The regression farm: every seed of every test of a tier of the list
    /// (farm/list.toml) on a pool of workers, with JUnit results,
    /// failures grouped and shrunk; sharded for a cluster (docs/regression.md).
    Regress(regress::RegressArgs),
    /// Coverage: merge the files that runs of the coverage build wrote
    /// (scripts/coverage runs them), report, and check the committed floor.
    Coverage {
        #[command(subcommand)]
        cmd: coverage::CoverageCmd,
    },
    /// The generated mutants' check set (a machine game, the hand-worked
    /// scenarios of `tb/scenarios/` in one run, a short fuzz, the person
    /// demo game and the corners run, every pixel checked) on mutants K … L
    /// of the design
    /// `scripts/mutants --generate` built into this binary: one JSON line a
    /// mutant, saying which check killed it. Only in that build.
    Mutant(mutant::MutantArgs),
    /// Runs of the speed benchmark, each printing one JSON line; scripts/speed
    /// runs them interleaved, under callgrind, and against Icarus Verilog.
    Speed {
        #[command(subcommand)]
        cmd: speed::SpeedCmd,
    },
}

/// Runs the command.
fn run(cli: Cli) -> Result<(), AppError> {
    match cli.cmd {
        Cmd::Demo(a) => demo::demo(a),
        Cmd::Play(a) => play::play(a),
        Cmd::Live(a) => live::live(a),
        Cmd::Golden(a) => play::golden(a),
        Cmd::Fuzz(a) => random::fuzz(a),
        Cmd::Kbd(a) => random::kbd(a),
        Cmd::MachineStats(a) => stats::machine_stats(a),
        Cmd::Maps { cmd } => maps::maps_cmd(cmd),
        Cmd::Regress(a) => regress::regress_cmd(a),
        Cmd::Coverage { cmd } => coverage::coverage_cmd(cmd),
        Cmd::Mutant(a) => mutant::mutant(a),
        Cmd::Speed { cmd } => speed::speed_cmd(cmd),
    }
}

fn main() -> ExitCode {
    generals::infra::outputs::interrupt::install();
    generals::env::coverage::rtl::install();
    let result = match Cli::try_parse() {
        Ok(cli) => run(cli),
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidUtf8 => Err(not_utf8()),
        Err(e) => clap_output(&e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            match &e {
                AppError::Mismatch(_) => note(&visible(&format!("FAIL: {e}"))),
                AppError::ClosedPipe | AppError::OptionsReported => {}
                _ => note(&visible(&format!("error: {e}"))),
            }
            ExitCode::from(e.exit_code())
        }
    }
}

/// A message with every control or invisible character escaped but its
/// own line breaks and tabs: whatever an input smuggled into it (an
/// escape sequence, a right-to-left override, a zero-width space) shows as
/// a code, never acts on the terminal.
fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c != '\n' && c != '\t' && generals_maps::unseen(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// An argument that is not UTF-8 where an option takes text: the option
/// named (clap's own message names none), the bytes shown.
fn not_utf8() -> AppError {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let Some(i) = args.iter().position(|a| a.to_str().is_none()) else {
        return AppError::Usage("an argument is not UTF-8 text".into());
    };
    let bad = args[i].to_string_lossy();
    let (option, value) = match bad.split_once('=') {
        Some((o, v)) if o.starts_with("--") && o.is_ascii() => (o.to_string(), v.to_string()),
        _ => match i.checked_sub(1).and_then(|j| args[j].to_str()) {
            Some(o) if o.starts_with('-') => (o.to_string(), bad.to_string()),
            _ => ("an argument".to_string(), bad.to_string()),
        },
    };
    AppError::Usage(format!(
        "{option}: `{}` is not UTF-8 text (shown with U+FFFD for the bytes that are not), which this option needs",
        generals_maps::shown(&value)
    ))
}

/// What clap has to say instead of a command: a usage error (on standard
/// error, exit 2) or the help or version text (on standard output, which,
/// like every output, may fail: exit 3, or 0 on a closed pipe).
fn clap_output(e: &clap::Error) -> Result<(), AppError> {
    if e.use_stderr() {
        let _ = e.print();
        return Err(AppError::OptionsReported);
    }
    e.print()
        .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
        .map_err(AppError::stdout)
}
