//! One job of a regression, run in a worker process of its own
//! (`generals regress job`): the run its kind names, with its seed and
//! budget, its outcome written as `result.json` into its folder, and on a
//! failure what a replay and the shrinking need (the run's actions or key
//! script) beside it.

use super::list::{Job, Kind};
use crate::env::dut::CoreModel;
use crate::env::sequence::FuzzMix;
use crate::error::AppError;
use crate::infra::outputs::OutDir;
use crate::run::fuzz::{self, FuzzOptions, FuzzReplay, RunExtras, Taken};
use crate::run::play::{self, FrameOptions, PlayOptions};
use generals_golden::machine::Seats;
use generals_golden::script::{Action, Key, Step};
use generals_maps::Map;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How a job ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every check passed.
    Pass,
    /// A check failed: the design (or the bench) is wrong.
    Fail,
    /// The job could not run (bad input, an output, a crash).
    Error,
    /// Not run: the regression was interrupted first.
    NotRun,
}

/// What a job's worker reports (`result.json`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// Cycles simulated.
    pub cycles: u64,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
    /// The failure's report.
    pub message: Option<String>,
    /// What failed, without the cycle or the cell: the failures with one
    /// signature are one group.
    pub signature: Option<String>,
    /// The command that replays this job.
    pub replay: String,
    /// Files the job saved (pictures of a pixel mismatch, its actions).
    pub saved: Vec<String>,
    /// Peak resident memory of the worker, KiB.
    pub peak_rss_kib: u64,
}

/// A failure's signature: the check that failed and its signal, with the
/// numbers in it (cycles, cells, counts) made `#`.
pub fn signature(signal: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in signal.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

/// The map a job plays on.
fn job_map(job: &Job) -> u8 {
    (job.seed % generals_maps::NUM_MAPS as u64) as u8
}

/// The machine's seats of a person-vs-machine job: Red or Blue.
fn job_seats(job: &Job) -> Seats {
    if job.seed >> 7 & 1 == 0 {
        Seats::from_switches(1)
    } else {
        Seats::from_switches(2)
    }
}

/// `--machine` for seats.
pub(super) fn machine_arg(s: Seats) -> &'static str {
    match (s.red, s.blue) {
        (true, true) => "both",
        (true, false) => "red",
        (false, true) => "blue",
        (false, false) => "none",
    }
}

/// A person's random keys: `keys` keys of the ten, `WAIT TURN` before most
/// of them when the machine plays (so most reach the person's turn, some
/// its own, where they are ignored).
fn random_script(seed: u64, keys: u64, machine: bool) -> Vec<Step> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5c21_97e0);
    const KEYS: [Key; 10] = [
        Key::W,
        Key::A,
        Key::S,
        Key::D,
        Key::Space,
        Key::Z,
        Key::Up,
        Key::Left,
        Key::Down,
        Key::Right,
    ];
    let mut steps = Vec::new();
    for i in 0..keys {
        if machine && rng.gen_bool(0.8) {
            steps.push(Step {
                line: i as usize + 1,
                action: Action::WaitTurn,
            });
        }
        // Space and the directions more often than Z.
        let k = if rng.gen_bool(0.3) {
            Key::Space
        } else {
            KEYS[rng.gen_range(0..KEYS.len())]
        };
        steps.push(Step {
            line: i as usize + 1,
            action: Action::Key(k),
        });
    }
    steps
}

/// The text of a key script (the rules' format).
pub fn script_text(steps: &[Step]) -> String {
    generals_golden::script::format_script(steps)
}

/// The play options of a script-based job (person-vs-machine, netlist,
/// power-up, machines) with `steps`, trace and mismatch folder as given.
pub fn play_options(
    job: &Job,
    steps: Vec<Step>,
    dir: &Path,
    trace: Option<PathBuf>,
) -> PlayOptions {
    let (seats, model, init_seed, max_rounds) = match job.kind {
        Kind::PersonVsMachine => (job_seats(job), CoreModel::Rtl, 0, None),
        Kind::Netlist => (Seats::PEOPLE, CoreModel::Netlist, 0, None),
        Kind::PowerUp => (Seats::PEOPLE, CoreModel::Rtl, (job.seed as u32) | 1, None),
        _ => (
            Seats::from_switches(3),
            CoreModel::Rtl,
            0,
            (job.budget > 0).then(|| job.budget.min(u64::from(u16::MAX)) as u16),
        ),
    };
    PlayOptions {
        map: job_map(job),
        steps,
        trace,
        frames: FrameOptions {
            mismatch_dir: dir.join("mismatch"),
            ..FrameOptions::default()
        },
        pace: 0,
        seed: job.seed,
        quiet: true,
        seats,
        max_rounds,
        model,
        init_seed,
    }
}

/// The `generals play` command that replays a script-based job's run with
/// the key script in `script`.
pub fn play_replay(job: &Job, script: Option<&Path>) -> String {
    let o = play_options(job, Vec::new(), Path::new("."), None);
    let mut cmd = format!("generals play --map {} --seed {}", o.map, o.seed);
    if o.seats != Seats::PEOPLE {
        cmd += &format!(" --machine {}", machine_arg(o.seats));
    }
    if let Some(r) = o.max_rounds {
        cmd += &format!(" --max-rounds {r}");
    }
    if let Some(s) = script {
        cmd += &format!(" --script {}", generals_maps::shown_path(s));
    }
    if o.model == CoreModel::Netlist {
        cmd += " --netlist";
    }
    if o.init_seed != 0 {
        cmd += &format!(" --power-up-seed {}", o.init_seed);
    }
    cmd + " --quiet"
}

/// The fuzz options of a fuzz job.
pub fn fuzz_options(job: &Job) -> FuzzOptions {
    FuzzOptions {
        seed: job.seed,
        keys: job.budget,
        video: job.kind == Kind::FuzzVideo,
        quiet: true,
        mix: FuzzMix::default(),
    }
}

/// The file a failed fuzz job's actions are saved to, and a script-based
/// job's key script.
pub const ACTIONS: &str = "actions.json";
/// See [`ACTIONS`].
pub const SCRIPT: &str = "script.keys";

/// Runs `job`, saving what it needs into `dir`; never panics on a failure
/// of the design (that is its outcome).
pub fn run(job: &Job, maps: Vec<Map>, dir: &Path) -> Outcome {
    let started = Instant::now();
    let mut saved = Vec::new();
    let outcome =
        |status, cycles, failure: Option<(String, String)>, replay: String, saved: Vec<String>| {
            Outcome {
                status,
                cycles,
                seconds: started.elapsed().as_secs_f64(),
                signature: failure.as_ref().map(|f| f.0.clone()),
                message: failure.map(|f| f.1),
                replay,
                saved,
                peak_rss_kib: play::peak_rss_kib().unwrap_or(0),
            }
        };
    let fail = |e: &AppError| match e {
        AppError::Mismatch(m) => (Status::Fail, (signature(&m.signal), e.to_string())),
        other => (
            Status::Error,
            (format!("error: {}", error_kind(other)), other.to_string()),
        ),
    };
    match job.kind {
        Kind::Fuzz | Kind::FuzzVideo => {
            let opts = fuzz_options(job);
            let replay = format!(
                "generals fuzz --seed {} --keys {}{}",
                job.seed,
                job.budget,
                if opts.video { " --video" } else { "" }
            );
            let mut taken: Vec<Taken> = Vec::new();
            let extras = RunExtras {
                trace: None,
                mismatch_dir: Some(dir.join("mismatch")),
                ..Default::default()
            };
            match fuzz::fuzz_recorded(maps.clone(), &opts, &mut taken, &extras) {
                Ok(r) => outcome(Status::Pass, r.cycles, None, replay, saved),
                Err(e) => {
                    let (status, f) = fail(&e);
                    let rec = FuzzReplay {
                        seed: job.seed,
                        timing: fuzz::first_timing(&maps, job.seed, opts.mix),
                        video: opts.video,
                        actions: taken,
                    };
                    let text = serde_json::to_string(&rec).unwrap_or_default();
                    if let Ok(path) = OutDir::unchecked(dir).write(ACTIONS, text.as_bytes()) {
                        saved.push(path.display().to_string());
                    }
                    saved.extend(pictures(dir));
                    outcome(status, cycles_of(&e), Some(f), replay, saved)
                }
            }
        }
        Kind::Kbd => {
            let replay = format!("generals kbd --seed {} --bytes {}", job.seed, job.budget);
            match play::kbd_session(job.seed, job.budget, true) {
                Ok((_, _, cycles)) => outcome(Status::Pass, cycles, None, replay, saved),
                Err(e) => {
                    let (status, f) = fail(&e);
                    outcome(status, cycles_of(&e), Some(f), replay, saved)
                }
            }
        }
        Kind::Machines | Kind::PersonVsMachine | Kind::Netlist | Kind::PowerUp => {
            let steps = match job.kind {
                Kind::Machines => Vec::new(),
                Kind::PersonVsMachine => random_script(job.seed, job.budget, true),
                _ => random_script(job.seed, job.budget, false),
            };
            let script = (!steps.is_empty()).then(|| dir.join(SCRIPT));
            if let Some(p) = &script {
                if OutDir::unchecked(dir)
                    .write(SCRIPT, script_text(&steps).as_bytes())
                    .is_ok()
                {
                    saved.push(p.display().to_string());
                }
            }
            let replay = play_replay(job, script.as_deref());
            match play::play(maps, &play_options(job, steps, dir, None)) {
                Ok(r) => outcome(Status::Pass, r.cycles, None, replay, saved),
                Err(e) => {
                    let (status, f) = fail(&e);
                    saved.extend(pictures(dir));
                    outcome(status, cycles_of(&e), Some(f), replay, saved)
                }
            }
        }
    }
}

/// The cycle a mismatch happened at (the cycles the run got to).
fn cycles_of(e: &AppError) -> u64 {
    match e {
        AppError::Mismatch(m) => m.cycle,
        _ => 0,
    }
}

/// The pictures a pixel mismatch wrote into the job's folder.
fn pictures(dir: &Path) -> Vec<String> {
    ["expected.png", "actual.png", "diff.png"]
        .iter()
        .map(|n| dir.join("mismatch").join(n))
        .filter(|p| p.exists())
        .map(|p| p.display().to_string())
        .collect()
}

/// A short name of an error's kind, for the signature of an error.
fn error_kind(e: &AppError) -> &'static str {
    match e {
        AppError::Output(_) => "output",
        AppError::NoNetlist(_) => "no netlist model",
        AppError::Read { .. } => "read",
        _ => "other",
    }
}
