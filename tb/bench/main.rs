//! `generals`: the command-line front end of the Generals co-simulation test
//! bench. Exit status: 0 pass, 1 RTL/golden mismatch, 2 bad input, 3 an
//! output that cannot be written.

use clap::{ArgGroup, Args, Parser, Subcommand};
use generals::app::{self, FrameOptions, FuzzOptions, OutputNames, PlayOptions, PlayOutputs};
use generals::bot;
use generals::dut::CoreModel;
use generals::error::AppError;
use generals::outputs::{emit, note, OutFile, Plan};
use generals::stimulus::Stimulus;
use generals_golden::machine::Seats;
use generals_golden::script::{parse_script, Step};
use generals_maps::{shown_path, Map};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Generals (将军棋) on an FPGA: Verilated RTL co-simulated against a Rust
/// golden model in every clock cycle, with PS/2 stimulus at the wire level
/// and VGA frames checked pixel by pixel and dumped to PNG/GIF.
#[derive(Parser)]
#[command(
    name = "generals",
    version,
    propagate_version = true,
    after_help = "Examples:\n  generals demo --out out/demo\n  generals play --map 3 --keys \"SPACE D W\" --gif out/g.gif --pace 1\n  generals golden --map 3 --script game.keys\n  generals fuzz --seed 42 --keys 1000\n  generals maps show 7\n\nExit status: 0 pass, 1 RTL/golden mismatch, 2 bad input, 3 an output that cannot be written."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// The main job: the machine plays itself (GAME.md §8) on a built-in map
    /// to GAME OVER, every cycle checked, writing its frames (PNG) and an
    /// animated GIF to an output folder.
    Demo {
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
    },
    /// Play a key script on the co-simulated RTL from power-up: START draws map
    /// N, the keys are sent over PS/2, everything is checked every cycle, and
    /// the final state (read from the RTL) is printed as JSON.
    Play(PlayArgs),
    /// Play the co-simulated chip live in a window, every check on: W A S D,
    /// arrows, Space, Z go over PS/2 (make and break); F1 START, F2 RESET (with
    /// bounce); F3/F4 flip SW[0]/SW[1] (the machine plays Red/Blue); Escape
    /// quits. The title shows simulated frames per second and the real-time
    /// factor. A mismatch stops the simulation and shows its report.
    Live {
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
    },
    /// Run the golden model alone (no RTL) on map N through a key script and
    /// print the final state as JSON: "what should happen?".
    Golden {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Seeded random regression on the whole core: random keys, START/RESET at
    /// random moments (with bounce), PS/2 faults, random maps and timings.
    Fuzz {
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
    },
    /// Keyboard front end alone: a seeded random PS/2 stream (keys, arrows,
    /// breaks, faults) into the RTL receiver and decoder with a stalling
    /// consumer, checked every cycle; prints the commands decoded.
    Kbd {
        /// Seed, 0 … 2^64 − 1 (printed; rerun with it to replay a failure).
        #[arg(long, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
        seed: Option<u64>,
        /// Bytes to send (1 … 10000000: a few hours of PS/2 traffic).
        #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = count(1, bound::KBD_BYTES))]
        bytes: u64,
        /// No progress line.
        #[arg(long)]
        quiet: bool,
    },
    /// The machine player of GAME.md §8 in the golden model alone: against
    /// itself on every map (every game must end), and against a seeded random
    /// mover playing either colour; prints a table.
    MachineStats {
        /// Seed of the random mover, 0 … 2^64 − 1 (map m draws from seed + m).
        #[arg(long, default_value_t = 8, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
        seed: u64,
    },
    /// The 128 initial maps: generate, check, show.
    Maps {
        #[command(subcommand)]
        cmd: MapsCmd,
    },
    /// The regression farm: every seed of every test of a tier of the list
    /// (regress/list.toml) on a pool of workers, with JUnit results,
    /// failures grouped and shrunk; sharded for a cluster (docs/regression.md).
    Regress(RegressArgs),
    /// Coverage: merge the files that runs of the coverage build wrote
    /// (scripts/coverage runs them), report, and check the committed floor.
    Coverage {
        #[command(subcommand)]
        cmd: CoverageCmd,
    },
    /// Runs of the speed benchmark, each printing one JSON line; scripts/bench
    /// runs them interleaved, under callgrind, and against Icarus Verilog.
    Bench {
        #[command(subcommand)]
        cmd: BenchCmd,
    },
}

/// The options of `generals play`.
#[derive(Args)]
struct PlayArgs {
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
    /// Play on the gate-level netlist that yosys synthesises from the RTL
    /// (built with the bench), not on the RTL: the same checks, so a
    /// simulation/synthesis mismatch shows here and not on the board.
    #[arg(long)]
    netlist: bool,
    /// Start the registers that have no power-up value at random values
    /// drawn from this seed (1 … 2^32 − 1; 0: all zero, as on the FPGA):
    /// every check must pass all the same.
    #[arg(long, value_name = "S", default_value_t = 0, allow_negative_numbers = true, value_parser = count(0, u64::from(u32::MAX)))]
    power_up_seed: u64,
}

#[derive(Subcommand)]
enum BenchCmd {
    /// The fixed game (the built-in demo game) with every check on, for a
    /// number of cycles from power-up; writes the pins it drove.
    Record {
        /// Cycles to simulate from power-up (1 … 10^10; a frame is 840 000).
        /// The power-on reset (23 cycles) and, if the run goes past it, the
        /// START press that begins the game (about 150 000 cycles) always
        /// run whole: a shorter run simulates those.
        #[arg(long, default_value_t = 12 * 840_000, allow_negative_numbers = true, value_parser = count(1, bound::CYCLES))]
        cycles: u64,
        /// Where to write the recorded pins (see `tb/bench/stimulus.rs`).
        #[arg(long, value_name = "FILE")]
        stimulus: PathBuf,
    },
    /// One timed run: `checked` plays the fixed game with every check on;
    /// `unchecked` (Rust, one call of the model per run of steady pins),
    /// `watched` (Rust, stepping in the checked run's output-watching bursts)
    /// and `cxx` (a plain C++ loop) replay a recorded stimulus on the same
    /// model with no checks; `netlist` replays it in the C++ loop on the
    /// gate-level netlist.
    Run {
        /// checked, unchecked, watched, cxx or netlist.
        #[arg(long, value_parser = ["checked", "unchecked", "watched", "cxx", "netlist"])]
        variant: String,
        /// The recorded pins (every variant but checked).
        #[arg(long, value_name = "FILE", required_if_eq_any = [("variant", "unchecked"), ("variant", "watched"), ("variant", "cxx"), ("variant", "netlist")])]
        stimulus: Option<PathBuf>,
        /// Cycles to simulate: checked from power-up (as `record` plays it:
        /// its reset and START press always run whole); the replays take the
        /// stimulus's first cycles (default: all of it, or 12 frames).
        /// --stimulus is ignored by checked, which plays the fixed game.
        #[arg(long, allow_negative_numbers = true, value_parser = count(1, bound::CYCLES))]
        cycles: Option<u64>,
    },
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
struct RegressArgs {
    #[command(subcommand)]
    cmd: Option<RegressCmd>,
    #[command(flatten)]
    run: RegressRun,
}

/// The options of a regression run.
#[derive(Args)]
struct RegressRun {
    /// The regression list.
    #[arg(long, value_name = "FILE")]
    list: Option<PathBuf>,
    /// The tier: smoke (CI) or nightly (10-100 times deeper).
    #[arg(long, value_enum, default_value = "smoke")]
    tier: generals::regress::list::Tier,
    /// Workers at a time, 1 … 256 (default: one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, 256))]
    jobs: Option<u64>,
    /// Seeds of each test, 1 … 100000, instead of the list's.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, 100_000))]
    seeds: Option<u64>,
    /// Only this test (repeat for more).
    #[arg(long = "test", value_name = "NAME")]
    tests: Vec<String>,
    /// The results' folder.
    #[arg(long, default_value = "out/regress", value_name = "DIR")]
    out: PathBuf,
    /// Run the K-th of N shards of the jobs (1 ≤ K ≤ N ≤ 10000), for a
    /// cluster; `generals regress merge` joins them.
    #[arg(long, value_name = "K/N", value_parser = shard)]
    shard: Option<(u32, u32)>,
    /// The master seed every job's seed comes from (default: random, printed).
    #[arg(long, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
    seed: Option<u64>,
    /// Collect coverage into DIR/coverage (run from the coverage build).
    #[arg(long)]
    coverage: bool,
    /// Do not shrink failures.
    #[arg(long)]
    no_shrink: bool,
    /// Wall time for each failure group's shrinking, 1 … 3600 s.
    #[arg(long, default_value_t = 120, value_name = "S", allow_negative_numbers = true, value_parser = count(1, 3600))]
    shrink_seconds: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Subcommand)]
enum RegressCmd {
    /// Join the results of shards (`--shard K/N` runs of one regression) into
    /// one report; refuses shards of another list, build or master seed.
    Merge {
        /// The merged report's folder.
        #[arg(long, default_value = "out/regress", value_name = "DIR")]
        out: PathBuf,
        /// The shards' results folders.
        #[arg(required = true, value_name = "DIR")]
        shards: Vec<PathBuf>,
    },
    /// Say whether two results folders hold the same run (the same jobs
    /// with the same outcomes: a cluster's merged shards against a local
    /// run, say); exits 0 if so, 1 naming the first difference if not.
    Compare {
        /// The first results folder.
        #[arg(value_name = "DIR")]
        a: PathBuf,
        /// The second results folder.
        #[arg(value_name = "DIR")]
        b: PathBuf,
    },
    /// Replay a shrunk fuzz run (`shrunk.json` of a failure group).
    Replay {
        /// The replay file.
        file: PathBuf,
        /// FST waveform of the run.
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
    },
    /// (A worker of `generals regress`: one job.)
    #[command(hide = true)]
    Job {
        #[arg(long)]
        dir: PathBuf,
        #[arg(long)]
        test: String,
        #[arg(long, value_enum)]
        kind: generals::regress::list::Kind,
        #[arg(long)]
        index: u32,
        #[arg(long)]
        seed: u64,
        #[arg(long)]
        budget: u64,
    },
    /// (A worker of `generals regress`: shrinks a failed job.)
    #[command(hide = true)]
    Shrink {
        #[arg(long)]
        job_dir: PathBuf,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        seconds: u64,
    },
}

/// A shard `K/N`.
fn shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || "give K/N with 1 ≤ K ≤ N ≤ 10000, e.g. 2/4".to_string();
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u32, u32) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k >= 1 && k <= n && n <= 10_000 {
        Ok((k, n))
    } else {
        Err(bad())
    }
}

#[derive(Subcommand)]
enum CoverageCmd {
    /// Merge coverage files (the RTL's .dat, the functional bins' .json;
    /// folders are searched) into a report folder: rtl.dat (merged by
    /// verilator_coverage), rtl.info (lcov, for genhtml), bins.json,
    /// bins.html, summary.txt. Prints the totals and what was not hit;
    /// with --floor, exits 1 when a figure is below it. A file that is not
    /// a coverage file of this build is refused, and nothing is merged.
    Report {
        /// Coverage files or folders of them.
        #[arg(required = true, value_name = "INPUT")]
        inputs: Vec<PathBuf>,
        /// The report folder.
        #[arg(long, default_value = "out/coverage/report", value_name = "DIR")]
        out: PathBuf,
        /// The committed floor (coverage/floor.toml).
        #[arg(long, value_name = "FILE")]
        floor: Option<PathBuf>,
        /// What is left out, with reasons (coverage/waivers.toml).
        #[arg(long, value_name = "FILE")]
        waivers: Option<PathBuf>,
        /// Print every point and bin not hit, and what each run added.
        #[arg(long)]
        detail: bool,
    },
}

#[derive(Subcommand)]
enum MapsCmd {
    /// Generate 128 maps from a seed and write maps.mif and maps.hex.
    Gen {
        /// Seed of the generator, 0 … 2^64 − 1.
        #[arg(long, default_value_t = generals_maps::DEFAULT_SEED, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
        seed: u64,
        /// Output folder (the committed maps are in maps/: write there only on purpose).
        #[arg(long, default_value = "out/maps")]
        out: PathBuf,
    },
    /// Check map files (.mif, .hex) against every rule of GAME.md §2; with
    /// both kinds given, also that they hold the same content.
    Check {
        /// Files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print one map as a text grid.
    Show {
        /// Map number, 0 … 127.
        #[arg(allow_negative_numbers = true, value_parser = map_number)]
        n: u8,
        /// Map file (default: the committed maps).
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

#[derive(Args)]
#[command(group = ArgGroup::new("script_source").args(["keys", "script"]))]
struct GameArgs {
    /// Map number START draws, 0 … 127 (odd: Red moves first).
    #[arg(long, allow_negative_numbers = true, value_parser = map_number, value_name = "N")]
    map: u8,
    /// Key script inline, e.g. "SPACE D W" (or give --script).
    #[arg(long)]
    keys: Option<String>,
    /// Key script file, `-` for standard input (or give --keys).
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// Where to write the final state as JSON ("-": stdout).
    #[arg(long, value_name = "PATH|-", default_value = "-")]
    state_json: String,
    /// The machine player (GAME.md §8) plays this colour, or both: the
    /// switches SW[0] (Red) and SW[1] (Blue) are set before START. The run
    /// ends at GAME OVER, at --max-rounds, or, with a person's keys, once
    /// every key is applied and a person is to move. Use `WAIT TURN` in a
    /// person's script before each key that follows the machine's move.
    #[arg(long, value_enum)]
    machine: Option<MachineArg>,
    /// With --machine: stop at the first command after which the round is
    /// greater than R (1 … 65535).
    #[arg(long, value_name = "R", requires = "machine", allow_negative_numbers = true, value_parser = count(1, 65_535))]
    max_rounds: Option<u64>,
}

/// Which colours the machine plays.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum MachineArg {
    /// SW[0]: the machine plays Red.
    Red,
    /// SW[1]: the machine plays Blue.
    Blue,
    /// Both switches: machine against machine.
    Both,
}

impl MachineArg {
    fn seats(arg: Option<MachineArg>) -> Seats {
        match arg {
            None => Seats::PEOPLE,
            Some(MachineArg::Red) => Seats::from_switches(1),
            Some(MachineArg::Blue) => Seats::from_switches(2),
            Some(MachineArg::Both) => Seats::from_switches(3),
        }
    }
}

/// A map number: 0 … 127, with one message for every way to get it wrong.
fn map_number(text: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (0..128).contains(&n) => Ok(n as u8),
        _ => Err("map numbers are 0 … 127 (128 maps)".into()),
    }
}

/// A parser for a whole number in `lo ..= hi` (clap names the option in
/// its message: "invalid value '-1' for '--pace <FRAMES>': …").
fn count(lo: u64, hi: u64) -> impl Fn(&str) -> Result<u64, String> + Clone {
    move |text: &str| match text.trim().parse::<i128>() {
        Ok(n) if n >= i128::from(lo) && n <= i128::from(hi) => Ok(n as u64),
        _ if hi == u64::MAX => Err(format!("a whole number {lo} … 2^64 − 1 is needed")),
        _ => Err(format!("a whole number {lo} … {hi} is needed")),
    }
}

/// The bounds of the numbers options take: hours of simulated time, not
/// years (a frame is 16.8 ms of game time).
mod bound {
    /// `--every`: frames between two PNGs.
    pub const EVERY: u64 = 1_000_000;
    /// `--pace`: frames after each key, a minute.
    pub const PACE: u64 = 3_600;
    /// `fuzz --keys`: about an hour of game time.
    pub const FUZZ_KEYS: u64 = 1_000_000;
    /// `kbd --bytes`: a few hours of PS/2 traffic.
    pub const KBD_BYTES: u64 = 10_000_000;
    /// `live --frames`: ten hours.
    pub const LIVE_FRAMES: u64 = 2_160_000;
    /// `bench --cycles`: 200 s of game time.
    pub const CYCLES: u64 = 10_000_000_000;
    /// The frames a `play` waits in all (`WAIT`s and `--pace` after each
    /// key): two hours.
    pub const PLAY_FRAMES: u64 = 432_000;
}

/// The largest key script read, from a file or standard input (the person
/// demo's is under 1 KB).
const SCRIPT_FILE_MAX: u64 = 16 << 20;

impl GameArgs {
    fn steps(&self) -> Result<Vec<Step>, AppError> {
        let (name, text) = match (&self.keys, &self.script) {
            (Some(k), _) => ("--keys".to_string(), k.clone()),
            (None, Some(p)) => {
                let stdin = p.as_os_str() == "-";
                let name = if stdin {
                    "standard input".to_string()
                } else {
                    shown_path(p)
                };
                let bytes = if stdin {
                    generals_maps::read_limited(std::io::stdin().lock(), SCRIPT_FILE_MAX)
                } else {
                    generals_maps::read_capped(p, SCRIPT_FILE_MAX)
                }
                .map_err(|source| AppError::Read {
                    path: name.clone(),
                    source,
                })?;
                // Bytes that are not UTF-8 become U+FFFD, which the parser
                // rejects with its line and column.
                let text = String::from_utf8_lossy(&bytes).into_owned();
                (name, text)
            }
            (None, None) if self.machine.is_some() => return Ok(Vec::new()),
            (None, None) => {
                return Err(AppError::Usage("give --keys, --script or --machine".into()))
            }
        };
        parse_script(&text).map_err(|source| AppError::Script { name, source })
    }

    /// `--max-rounds` (at most 65 535 by its parser).
    fn rounds(&self) -> Option<u16> {
        self.max_rounds.map(|r| r as u16)
    }

    /// The final state as printed: with `--machine`, which colours it played.
    fn state_text(&self, state: &generals_golden::GameState) -> String {
        let json = state.to_json();
        match self.machine {
            None => json,
            Some(_) => {
                let s = MachineArg::seats(self.machine);
                let body = json.strip_suffix('}').unwrap_or(&json);
                format!(
                    "{body},\"machine\":{{\"red\":{},\"blue\":{}}}}}",
                    s.red, s.blue
                )
            }
        }
    }

    /// Checks the state-JSON destination into `plan` before the run.
    fn state_out(&self, plan: &mut Plan) -> Result<OutFile, AppError> {
        plan.file("--state-json", Path::new(&self.state_json))
    }
}

/// Writes the final state to its destination.
fn write_state(dest: &OutFile, json: &str) -> Result<(), AppError> {
    dest.write(format!("{json}\n").as_bytes())
}

fn maps() -> Vec<Map> {
    generals_maps::committed_maps()
}

fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        (t as u64) ^ u64::from(std::process::id())
    })
}

fn run(cli: Cli) -> Result<(), AppError> {
    match cli.cmd {
        Cmd::Demo {
            out,
            every,
            quiet,
            person,
        } => demo(&out, every, quiet, person),
        Cmd::Play(args) => play_cmd(args),
        Cmd::Live {
            map,
            machine,
            scale,
            state_file,
            frames,
            mismatch_dir,
        } => {
            let mut plan = Plan::new();
            let state_file = state_file
                .map(|f| plan.file("--state-file", &f))
                .transpose()?;
            plan.folder("--mismatch-dir", &mismatch_dir)?;
            let opts = generals::live::LiveOptions {
                map,
                seats: MachineArg::seats(machine),
                scale: scale as u8,
                state_file,
                frames,
                mismatch_dir,
                seed: 1,
            };
            let r = generals::live::live(maps(), &opts)?;
            note(&format!(
                "live: {} frames, {} cycles in {:.1} s ({:.3}x real time), every cycle checked",
                r.frames,
                r.cycles,
                r.seconds,
                r.cycles as f64 / 50e6 / r.seconds.max(1e-9)
            ));
            Ok(())
        }
        Cmd::Golden { game } => {
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
        Cmd::Fuzz {
            seed,
            keys,
            video,
            no_faults,
            no_machine,
            quiet,
        } => {
            let seed = seed_or_random(seed);
            note(&format!(
                "fuzz: seed {seed} (replay: generals fuzz --seed {seed} --keys {keys}{}{}{})",
                if video { " --video" } else { "" },
                if no_faults { " --no-faults" } else { "" },
                if no_machine { " --no-machine" } else { "" },
            ));
            let r = app::fuzz(
                maps(),
                &FuzzOptions {
                    seed,
                    keys,
                    video,
                    quiet,
                    mix: generals::sequence::FuzzMix {
                        faults: !no_faults,
                        machine: !no_machine,
                    },
                },
            )?;
            emit(&format!(
                "pass: seed {} | {} keys, {} faulty frames, {} FIFO overflows | {} commands, {} moves, {} captures, {} rounds completed, {} games, {} won, {} resets | {} cycles in {:.1} s",
                r.seed, r.keys, r.faults, r.kbd.overflows, r.stats.commands, r.stats.moves, r.stats.captures, r.stats.rounds, r.stats.games, r.stats.wins, r.stats.resets, r.cycles, r.seconds
            ))
        }
        Cmd::Kbd { seed, bytes, quiet } => {
            let seed = seed_or_random(seed);
            note(&format!(
                "kbd: seed {seed} (replay: generals kbd --seed {seed} --bytes {bytes})"
            ));
            let (stats, cmds, cycles) = app::kbd_session(seed, bytes, quiet)?;
            let names: Vec<String> = cmds.iter().map(|c| format!("{c:?}")).collect();
            emit(&format!("decoded: {}", names.join(" ")))?;
            emit(&format!(
                "pass: {} good bytes, {} bad frames dropped and counted, {} commands, {} overflows, {} cycles",
                stats.bytes, stats.errors, stats.commands, stats.overflows, cycles
            ))
        }
        Cmd::MachineStats { seed } => machine_stats(seed),
        Cmd::Maps { cmd } => maps_cmd(cmd),
        Cmd::Coverage { cmd } => coverage_cmd(cmd),
        Cmd::Regress(args) => regress_cmd(args),
        Cmd::Bench { cmd } => bench_cmd(cmd),
    }
}

/// Refuses a script whose waits (its `WAIT`s, and `--pace` after each key)
/// add up to more than [`bound::PLAY_FRAMES`].
fn waits_in_bounds(steps: &[Step], pace: u64) -> Result<(), AppError> {
    use generals_golden::script::Action;
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
fn play_cmd(a: PlayArgs) -> Result<(), AppError> {
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
        },
        pace: a.pace as u32, // at most bound::PACE
        seed: a.seed,
        quiet: a.quiet,
        seats: MachineArg::seats(a.game.machine),
        max_rounds: a.game.rounds(),
        model: if a.netlist {
            CoreModel::Netlist
        } else {
            CoreModel::Rtl
        },
        init_seed: a.power_up_seed as u32, // at most u32::MAX by its parser
    };
    let outs = PlayOutputs::plan(&mut plan, &opts, OutputNames::PLAY)?;
    let r = app::play_planned(maps(), &opts, outs)?;
    note(&format!(
        "pass{}: {} cycles ({:.1} ms simulated) in {:.1} s; {} commands, {} moves, {} frames checked pixel by pixel",
        if opts.model == CoreModel::Netlist { " (gate-level netlist)" } else { "" },
        r.cycles,
        r.cycles as f64 / 50_000.0,
        r.seconds,
        r.stats.commands,
        r.stats.moves,
        r.vga.frames_checked
    ));
    write_state(&state_out, &a.game.state_text(&r.state))
}

/// `generals machine-stats`: one table row per match-up.
fn machine_stats(seed: u64) -> Result<(), AppError> {
    use generals_golden::machine::{machine_vs_machine, machine_vs_random, GameEnd};
    use generals_golden::Player;
    let maps = maps();
    let row = |what: &str, games: &[GameEnd], wins: &dyn Fn(&GameEnd) -> bool| {
        let mut r: Vec<u16> = games.iter().map(|g| g.rounds).collect();
        r.sort_unstable();
        let won = games.iter().filter(|g| wins(g)).count();
        let undecided = games.iter().filter(|g| g.winner.is_none()).count();
        format!(
            "{what:<34} {:>5} {won:>5}/{:<4} {undecided:>9} {:>6} {:>6} {:>6}",
            games.len(),
            games.len(),
            r.first().copied().unwrap_or(0),
            r.get(r.len() / 2).copied().unwrap_or(0),
            r.last().copied().unwrap_or(0),
        )
    };
    emit(&format!(
        "{:<34} {:>5} {:>10} {:>9} {:>6} {:>6} {:>6}",
        "match-up (GAME.md §8)", "games", "wins", "undecided", "min", "median", "max"
    ))?;
    emit(&format!("{:>71}", "rounds"))?;
    let mm = machine_vs_machine(&maps);
    emit(&row("machine vs machine (Red wins)", &mm, &|g| {
        g.winner == Some(Player::Red)
    }))?;
    for colour in [Player::Red, Player::Blue] {
        let games = machine_vs_random(&maps, colour, seed);
        emit(&row(
            &format!("machine {} vs random (seed {seed})", colour.name()),
            &games,
            &|g| g.winner == Some(colour),
        ))?;
    }
    Ok(())
}

/// The machine-against-machine demo's map: a game of about the median
/// length (99 rounds; `generals machine-stats`).
const DEMO_MACHINE_MAP: u8 = 9;

fn demo(out: &Path, every: u64, quiet: bool, person: bool) -> Result<(), AppError> {
    let maps = maps();
    let (map, steps, seats) = if person {
        let (map, steps) = bot::demo_game(&maps).ok_or(AppError::NoDemoGame {
            max_keys: bot::DEMO_KEYS_MAX,
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
    let who = if person {
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
            every,
            gif: Some(gif.clone()),
            mismatch_dir: out.join("mismatch"),
        },
        pace: if person { 1 } else { 0 },
        seed: 1,
        quiet,
        seats,
        max_rounds: None,
        model: CoreModel::Rtl,
        init_seed: 0,
    };
    let outs = PlayOutputs::plan(
        &mut plan,
        &opts,
        OutputNames {
            trace: "--out",
            frames: "--out",
            gif: "--out",
            mismatch: "--out",
        },
    )?;
    let r = app::play_planned(maps, &opts, outs)?;
    json_out.write((r.state.to_json() + "\n").as_bytes())?;
    folder.keep();
    emit(&r.state.to_string())?;
    emit(&format!(
        "pass: {} cycles ({:.2} s of game time) in {:.1} s wall; {} commands ({} by the machine), {} moves, {} captures, {} rounds completed; {} frames, {} checked pixel by pixel",
        r.cycles,
        r.cycles as f64 / 50e6,
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

fn bench_cmd(cmd: BenchCmd) -> Result<(), AppError> {
    let rss = || app::peak_rss_kib().unwrap_or(0);
    let line = |run: generals::bench::BenchRun| {
        let json = run.to_json();
        emit(&format!(
            "{},\"peak_rss_kib\":{}}}",
            &json[..json.len() - 1],
            rss()
        ))
    };
    match cmd {
        BenchCmd::Record { cycles, stimulus } => {
            let out = Plan::new().file("--stimulus", &stimulus)?;
            let (run, stim) = generals::bench::checked(maps(), cycles, true)?;
            let stim = stim.unwrap_or_default();
            out.write(stim.to_text().as_bytes())?;
            line(run)
        }
        BenchCmd::Run {
            variant,
            stimulus,
            cycles,
        } => {
            let load = |cycles: Option<u64>| -> Result<Stimulus, AppError> {
                let path = stimulus.as_ref().ok_or_else(|| {
                    AppError::Usage("--stimulus FILE is needed for a replay".into())
                })?;
                let s = Stimulus::read(path)?;
                Ok(match cycles {
                    Some(n) => s.truncated(n),
                    None => s,
                })
            };
            match variant.as_str() {
                "checked" => {
                    let (run, _) =
                        generals::bench::checked(maps(), cycles.unwrap_or(12 * 840_000), false)?;
                    line(run)
                }
                "unchecked" => line(generals::bench::unchecked(&load(cycles)?)),
                "watched" => line(generals::bench::watched(&load(cycles)?)),
                "netlist" => line(generals::bench::netlist(&load(cycles)?)?),
                "cxx" => line(generals::bench::cxx(&load(cycles)?)),
                other => Err(AppError::Usage(format!("no benchmark variant `{other}`"))),
            }
        }
    }
}

fn regress_cmd(args: RegressArgs) -> Result<(), AppError> {
    use generals::regress;
    match args.cmd {
        None => {
            let r = args.run;
            let cfg = regress::Config {
                list: r.list.unwrap_or_else(regress::default_list),
                tier: r.tier,
                workers: r.jobs.map_or_else(
                    || std::thread::available_parallelism().map_or(1, |n| n.get()),
                    |n| n as usize,
                ),
                seeds: r.seeds.map(|n| n as u32),
                only: r.tests,
                out: r.out,
                shard: r.shard,
                master: seed_or_random(r.seed),
                coverage: r.coverage,
                shrink: !r.no_shrink,
                shrink_budget: std::time::Duration::from_secs(r.shrink_seconds),
                quiet: r.quiet,
            };
            let res = regress::run(&cfg, || Ok(()))?;
            emit(res.summary().trim_end())?;
            let (_, failed, _) = res.counts();
            if res.interrupted {
                Err(AppError::Interrupted)
            } else if failed > 0 {
                Err(AppError::RegressFailed(failed))
            } else {
                Ok(())
            }
        }
        Some(RegressCmd::Merge { out, shards }) => {
            let res = regress::merge_main(&shards, &out)?;
            emit(res.summary().trim_end())?;
            emit(&format!("wrote {}", shown_path(&out)))?;
            let (_, failed, _) = res.counts();
            if failed > 0 {
                Err(AppError::RegressFailed(failed))
            } else {
                Ok(())
            }
        }
        Some(RegressCmd::Compare { a, b }) => {
            let (ra, rb) = (
                regress::results::Results::read(&a)?,
                regress::results::Results::read(&b)?,
            );
            match regress::results::difference(&ra, &rb) {
                None => {
                    let (_, failed, _) = ra.counts();
                    emit(&format!("equal: {} jobs, {failed} failed", ra.jobs.len()))
                }
                Some(d) => Err(AppError::Differs(format!(
                    "{} and {}: {d}",
                    shown_path(&a),
                    shown_path(&b)
                ))),
            }
        }
        Some(RegressCmd::Replay { file, trace }) => {
            let rec = generals::fuzz::read_replay(&file)?;
            let extras = generals::fuzz::RunExtras {
                trace,
                mismatch_dir: None,
            };
            let r = generals::fuzz::replay(maps(), &rec, false, &extras)?;
            emit(&format!(
                "pass: {} actions replayed, {} cycles, {} commands",
                rec.actions.len(),
                r.cycles,
                r.stats.commands
            ))
        }
        Some(RegressCmd::Job {
            dir,
            test,
            kind,
            index,
            seed,
            budget,
        }) => {
            let job = regress::list::Job {
                test,
                kind,
                index,
                seed,
                budget,
            };
            regress::job_main(&job, &dir, maps())
        }
        Some(RegressCmd::Shrink {
            job_dir,
            out,
            seconds,
        }) => regress::shrink_main(
            &job_dir,
            &out,
            std::time::Duration::from_secs(seconds),
            maps(),
        ),
    }
}

fn coverage_cmd(cmd: CoverageCmd) -> Result<(), AppError> {
    match cmd {
        CoverageCmd::Report {
            inputs,
            out,
            floor,
            waivers,
            detail,
        } => {
            let (report, below) = generals::coverage::report::report_cmd(
                &inputs,
                &out,
                floor.as_deref(),
                waivers.as_deref(),
            )?;
            emit(report.summary(detail).trim_end())?;
            emit(&format!("wrote {}", shown_path(&out)))?;
            if below.is_empty() {
                Ok(())
            } else {
                Err(AppError::BelowFloor(below))
            }
        }
    }
}

fn maps_cmd(cmd: MapsCmd) -> Result<(), AppError> {
    match cmd {
        MapsCmd::Gen { seed, out } => {
            let mut plan = Plan::new();
            let folder = plan.folder("--out", &out)?;
            let files = generals_maps::generate_files(seed)?;
            let texts = [
                ("maps.mif", &files.mif),
                ("maps.hex", &files.hex),
                ("SEED", &files.seed_file),
            ];
            let mut outs = Vec::new();
            for (name, _) in &texts {
                outs.push(plan.file("--out", &out.join(name))?);
            }
            // All three are written whole before any is put in place, so a
            // failure leaves the old pair (or none), never a mixed one.
            folder.make()?;
            let mut staged = Vec::new();
            for (o, (_, text)) in outs.iter().zip(&texts) {
                let mut s = o.stage()?;
                s.file()
                    .write_all(text.as_bytes())
                    .map_err(|e| AppError::write(o.label(), e))?;
                staged.push(s);
            }
            generals::outputs::commit_all(staged)?;
            folder.keep();
            emit(&format!(
                "wrote {} and {} from seed {seed}",
                shown_path(&out.join("maps.mif")),
                shown_path(&out.join("maps.hex"))
            ))
        }
        MapsCmd::Check { files } => {
            let report = generals_maps::check_files(&files);
            if report.is_ok() {
                emit(&format!(
                    "ok: {} file(s), every map meets every rule of GAME.md §2",
                    files.len()
                ))
            } else {
                Err(AppError::MapCheck(Box::new(report)))
            }
        }
        MapsCmd::Show { n, file } => {
            let maps = match &file {
                Some(f) => {
                    let words = generals_maps::read_rom_file(f)?;
                    generals_maps::decode_rom(&words).map_err(|source| AppError::Decode {
                        path: shown_path(f),
                        source,
                    })?
                }
                None => maps(),
            };
            let m = maps.get(usize::from(n)).ok_or_else(|| {
                AppError::Usage(format!("no map {n}: the file holds {}", maps.len()))
            })?;
            emit(&format!("map {n}:\n{}", generals_maps::show_map(m)))?;
            // Shown all the same (a broken map is worth seeing), but said.
            for v in generals_maps::validate_map(m) {
                note(&format!("warning: map {n} breaks GAME.md §2: {v}"));
            }
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    generals::outputs::interrupt::install();
    let result = match Cli::try_parse() {
        Ok(cli) => run(cli),
        Err(e) => clap_output(&e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            match &e {
                AppError::Mismatch(_) => note(&format!("FAIL: {e}")),
                AppError::ClosedPipe | AppError::OptionsReported => {}
                _ => note(&format!("error: {e}")),
            }
            ExitCode::from(e.exit_code())
        }
    }
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
