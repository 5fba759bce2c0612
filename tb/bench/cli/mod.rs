//! The command line's pieces: one module per command (its options and
//! what it runs), and what several commands share here: the parsers of
//! numbers with their bounds, the game options of `play` and `golden`.

pub mod coverage;
pub mod demo;
pub mod live;
pub mod maps;
pub mod mutant;
pub mod play;
pub mod random;
pub mod regress;
pub mod speed;
pub mod stats;

use clap::{ArgGroup, Args};
use generals::env::check_thread::Threads;
use generals::error::AppError;
use generals::infra::outputs::{OutFile, Plan};
use generals_golden::machine::Seats;
use generals_golden::script::{parse_script, Step};
use generals_maps::{shown_path, Map};
use std::path::Path;

/// Writes `text` and a newline to standard output (`generals::infra::outputs::emit`,
/// its error as the command's).
pub fn emit(text: &str) -> Result<(), AppError> {
    Ok(generals::infra::outputs::emit(text)?)
}

/// The committed 128 maps.
pub fn maps() -> Vec<Map> {
    generals_maps::committed_maps()
}

/// The seed given, or one drawn from the clock and the process.
pub fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        (t as u64) ^ u64::from(std::process::id())
    })
}

/// A map number: 0 … 127, with one message for every way to get it wrong.
pub fn map_number(text: &str) -> Result<u8, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (0..128).contains(&n) => Ok(n as u8),
        _ => Err("map numbers are 0 … 127 (128 maps)".into()),
    }
}

/// A parser for a whole number in `lo ..= hi` (clap names the option in
/// its message: "invalid value '-1' for '--pace <FRAMES>': …").
pub fn count(lo: u64, hi: u64) -> impl Fn(&str) -> Result<u64, String> + Clone {
    move |text: &str| match text.trim().parse::<i128>() {
        Ok(n) if n >= i128::from(lo) && n <= i128::from(hi) => Ok(n as u64),
        _ if hi == u64::MAX => Err(format!("a whole number {lo} … 2^64 − 1 is needed")),
        _ => Err(format!("a whole number {lo} … {hi} is needed")),
    }
}

/// The bounds of the numbers options take (one home for the options and
/// the files the farm reads: `generals::infra::bounds`).
pub use generals::infra::bounds as bound;

/// The largest key script read, from a file or standard input (the person
/// demo's is under 1 KB).
const SCRIPT_FILE_MAX: u64 = 16 << 20;

/// Which colours the machine plays.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum MachineArg {
    /// SW[0]: the machine plays Red.
    Red,
    /// SW[1]: the machine plays Blue.
    Blue,
    /// Both switches: machine against machine.
    Both,
}

impl MachineArg {
    /// The seats the switches give (people in both without the option).
    pub fn seats(arg: Option<MachineArg>) -> Seats {
        match arg {
            None => Seats::PEOPLE,
            Some(MachineArg::Red) => Seats::from_switches(1),
            Some(MachineArg::Blue) => Seats::from_switches(2),
            Some(MachineArg::Both) => Seats::from_switches(3),
        }
    }
}

/// How many threads a checked run uses (docs/speed.md, "Two threads").
#[derive(Args, Clone, Copy, Debug)]
pub struct ThreadsArg {
    /// `two`: the VGA check (with the DVI check and the frame writers) runs
    /// on a thread of its own beside the simulation, which hands it each
    /// cycle's pins through a bounded queue (16 batches of up to 16 384
    /// cycles, about 5 ms of the board's time: the simulation waits while
    /// it is full). `one`: the checks in the simulation's own loop. Either
    /// way every cycle is judged and a mismatch gives the same report; with
    /// `two` the simulation stops shortly after the cycle it names (a few
    /// thousand cycles, at most the queue's 262 144). Default: `two` on a
    /// machine with two cores or more.
    #[arg(long, value_enum, value_name = "N")]
    threads: Option<Threads>,
}

impl ThreadsArg {
    /// The choice, or the default for this machine.
    pub fn get(self) -> Threads {
        self.threads.unwrap_or_else(Threads::auto)
    }
}

/// The game of `play` and `golden`: the map, the keys, the machine.
#[derive(Args)]
#[command(group = ArgGroup::new("script_source").args(["keys", "script"]))]
pub struct GameArgs {
    /// Map number START draws, 0 … 127 (odd: Red moves first).
    #[arg(long, allow_negative_numbers = true, value_parser = map_number, value_name = "N")]
    pub map: u8,
    /// Key script inline, e.g. "SPACE D W" (or give --script).
    #[arg(long)]
    pub keys: Option<String>,
    /// Key script file, `-` for standard input (or give --keys).
    #[arg(long, value_name = "FILE")]
    pub script: Option<std::path::PathBuf>,
    /// Where to write the final state as JSON ("-": stdout).
    #[arg(long, value_name = "PATH|-", default_value = "-")]
    pub state_json: String,
    /// The machine player (docs/rules.md §11) plays this colour, or both: the
    /// switches SW[0] (Red) and SW[1] (Blue) are set before START. The run
    /// ends at GAME OVER, at --max-rounds, or, with a person's keys, once
    /// every key is applied and a person is to move. Use `WAIT TURN` in a
    /// person's script before each key that follows the machine's move.
    #[arg(long, value_enum)]
    pub machine: Option<MachineArg>,
    /// With --machine: stop at the first command after which the round is
    /// greater than R (1 … 65535).
    #[arg(long, value_name = "R", requires = "machine", allow_negative_numbers = true, value_parser = count(1, bound::ROUNDS))]
    pub max_rounds: Option<u64>,
}

impl GameArgs {
    /// The key script, read and parsed (empty for a machine-only game).
    pub fn steps(&self) -> Result<Vec<Step>, AppError> {
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
    pub fn rounds(&self) -> Option<u16> {
        self.max_rounds.map(|r| r as u16)
    }

    /// The final state as printed: with `--machine`, which colours it played.
    pub fn state_text(&self, state: &generals_golden::GameState) -> String {
        let mut json = state.to_json_value();
        if self.machine.is_some() {
            let s = MachineArg::seats(self.machine);
            if let Some(doc) = json.as_object_mut() {
                doc.insert(
                    "machine".into(),
                    serde_json::json!({ "red": s.red, "blue": s.blue }),
                );
            }
        }
        json.to_string()
    }

    /// Checks the state-JSON destination into `plan` before the run, with
    /// the key script as an input no output may replace.
    pub fn state_out(&self, plan: &mut Plan) -> Result<OutFile, AppError> {
        if let Some(s) = &self.script {
            plan.input("--script", s)?;
        }
        Ok(plan.file("--state-json", Path::new(&self.state_json))?)
    }
}

/// Writes the final state to its destination.
pub fn write_state(dest: &OutFile, json: &str) -> Result<(), AppError> {
    Ok(dest.write(format!("{json}\n").as_bytes())?)
}
