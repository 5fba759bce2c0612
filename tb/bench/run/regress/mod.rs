//! The regression farm (`generals regress`): every (test, seed) job of a
//! tier of the list (`farm/list.toml`) on a pool of worker processes,
//! one per core by default, each job a process of its own (`generals
//! regress job`), so that a crash is a failed job with its output kept,
//! never a lost regression. Results go into `--out`: `results.json`,
//! `junit.xml`, `summary.md`, a folder per job; failures are grouped by
//! signature and the first of each group shrunk (`generals regress
//! shrink`) to a short key script or replay file with its waveform.
//! `--shard K/N` runs a fixed 1/N of the jobs; `generals regress merge`
//! joins the shards' results into one report (docs/regression.md: Slurm).

pub mod job;
pub mod list;
pub mod results;
pub mod shrink;

use crate::error::AppError;
use crate::infra::outputs::{interrupt, note, OutDir, Plan};
use list::{Job, List, Tier};
use results::{Group, JobResult, Results};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The default list: the repository's.
pub fn default_list() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("farm/list.toml")
}

/// What `generals regress` was asked to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The list file.
    pub list: PathBuf,
    /// The tier.
    pub tier: Tier,
    /// Workers at a time.
    pub workers: usize,
    /// Seeds per test, overriding the list's.
    pub seeds: Option<u32>,
    /// Only these tests (all if empty).
    pub only: Vec<String>,
    /// The results' folder.
    pub out: PathBuf,
    /// `(k, n)`: the k-th of n shards.
    pub shard: Option<(u32, u32)>,
    /// The master seed.
    pub master: u64,
    /// Collect coverage (the coverage build).
    pub coverage: bool,
    /// Shrink the first failure of each group.
    pub shrink: bool,
    /// Wall time for each group's shrinking.
    pub shrink_budget: Duration,
    /// No progress bar.
    pub quiet: bool,
}

/// A worker process running a job (or a shrinking).
struct Running {
    child: Child,
    slot: usize,
    dir: PathBuf,
    started: Instant,
}

/// The program itself, to start workers with.
fn me() -> Result<PathBuf, AppError> {
    std::env::current_exe().map_err(|e| AppError::Usage(format!("cannot find this program: {e}")))
}

/// The files a job's worker leaves in its folder (see [`job`]); an earlier
/// run's are removed before the job starts, so that a stale result is
/// never read as this run's, and none of them is written through a link.
const JOB_FILES: &[&str] = &[
    "job.json",
    "result.json",
    "output.txt",
    job::ACTIONS,
    job::SCRIPT,
];
/// The pictures of a pixel mismatch, in a job's `mismatch/` folder and a
/// shrinking's `attempt/` folder.
const PICTURES: &[&str] = crate::env::frames::MISMATCH_NAMES;
/// The files a shrinking's worker leaves in its group's folder.
const GROUP_FILES: &[&str] = &[
    "shrink.json",
    "shrunk.json",
    "shrunk.keys",
    "wave.fst",
    "output.txt",
];
/// The names the farm gives its own files and folders in `--out`.
pub const OWN_NAMES: &[&str] = &[
    "results.json",
    "junit.xml",
    "summary.md",
    "jobs",
    "groups",
    "coverage",
];

/// Readies a worker's folder `dir` (inside the results' folder, every
/// component a real folder): an earlier run's files removed, a new
/// `output.txt` made for the worker's output.
fn ready(dir: &OutDir, files: &[&str], pictures: &str) -> Result<std::fs::File, AppError> {
    dir.clear(files)?;
    dir.own_folder(pictures)?.clear(PICTURES)?;
    Ok(dir.create_new("output.txt")?)
}

/// An option and its path as one argument (`--dir=PATH`), so that a path
/// starting with `-` reaches the worker as the path it is.
fn path_arg(option: &str, path: &Path) -> std::ffi::OsString {
    let mut a = std::ffi::OsString::from(format!("{option}="));
    a.push(path);
    a
}

fn spawn(
    args: &[std::ffi::OsString],
    output: std::fs::File,
    env: &[(String, PathBuf)],
) -> Result<Child, AppError> {
    let err = output
        .try_clone()
        .map_err(|e| AppError::write("a worker's output.txt", e))?;
    let mut cmd = Command::new(me()?);
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::from(output))
        .stderr(Stdio::from(err));
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn()
        .map_err(|e| AppError::Usage(format!("cannot start a worker: {e}")))
}

/// How a finished worker ended, in words.
fn exit_words(st: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (st.code(), st.signal()) {
        (Some(c), _) => format!("exited with status {c}"),
        (None, Some(s)) => format!("died by signal {s}"),
        _ => "ended".into(),
    }
}

/// Runs `items` on `workers` processes: `start(i)` starts item i's worker
/// (in its folder), `done(i, dir, exit)` takes its end. Stops starting new
/// ones, and stops the running ones (SIGTERM), when an interrupt comes;
/// returns whether one came.
fn pool(
    n: usize,
    workers: usize,
    mut start: impl FnMut(usize) -> Result<(Child, PathBuf), AppError>,
    mut done: impl FnMut(usize, &Path, String, f64),
) -> Result<bool, AppError> {
    let mut next = 0;
    let mut running: Vec<Running> = Vec::new();
    let mut interrupted = false;
    while next < n || !running.is_empty() {
        if interrupt::requested() && !interrupted {
            interrupted = true;
            for r in &mut running {
                let _ = Command::new("kill")
                    .args(["-TERM", &r.child.id().to_string()])
                    .status();
            }
        }
        while !interrupted && next < n && running.len() < workers {
            let (child, dir) = start(next)?;
            running.push(Running {
                child,
                slot: next,
                dir,
                started: Instant::now(),
            });
            next += 1;
        }
        let mut i = 0;
        while i < running.len() {
            match running[i].child.try_wait() {
                Ok(Some(st)) => {
                    let r = running.swap_remove(i);
                    let secs = r.started.elapsed().as_secs_f64();
                    done(r.slot, &r.dir, exit_words(st), secs);
                }
                Ok(None) => i += 1,
                Err(e) => return Err(AppError::Usage(format!("cannot wait for a worker: {e}"))),
            }
        }
        if interrupted && next < n && running.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(interrupted)
}

/// The progress bar (on standard error, when it is a terminal).
fn bar(n: usize, quiet: bool) -> indicatif::ProgressBar {
    if quiet {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(n as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} jobs, {msg}",
    ) {
        b.set_style(style.progress_chars("=> "));
    }
    b
}

/// `generals regress`: runs the jobs, groups and shrinks the failures,
/// writes the results; returns them (the caller prints the summary).
/// In steps: the list and the options checked, every output checked, the
/// jobs run on the pool, their results gathered, the failures grouped and
/// shrunk, the report written.
pub fn run(
    cfg: &Config,
    maps_check: impl Fn() -> Result<(), AppError>,
) -> Result<Results, AppError> {
    maps_check()?;
    let list = checked_list(cfg)?;
    let jobs = list::jobs(&list, cfg.tier, cfg.seeds, cfg.master, &cfg.only, cfg.shard);
    let folders = RunFolders::plan(cfg, &jobs)?;
    note(&format!(
        "regress: {} jobs of tier {} from master seed {} (replay the whole run: --seed {}), {} at a time, results in {}",
        jobs.len(),
        cfg.tier.name(),
        cfg.master,
        cfg.master,
        cfg.workers,
        generals_maps::shown_path(&cfg.out)
    ));
    let started = Instant::now();
    let (outcomes, interrupted) = run_jobs(cfg, &jobs, &folders)?;
    let mut res = Results {
        format: results::FORMAT.into(),
        list: cfg.list.display().to_string(),
        list_hash: list.hash(),
        build: generals_dut::BUILD_ID.into(),
        master_seed: cfg.master,
        tier: cfg.tier,
        seeds: cfg.seeds,
        only: cfg.only.clone(),
        shard: cfg.shard,
        workers: cfg.workers,
        wall_seconds: 0.0,
        interrupted,
        jobs: jobs
            .iter()
            .zip(outcomes)
            .map(|(j, r)| r.unwrap_or_else(|| JobResult::not_run(j)))
            .collect(),
        groups: Vec::new(),
        coverage: folders.coverage.as_ref().map(|_| "coverage".into()),
    };
    res.group();
    res.wall_seconds = started.elapsed().as_secs_f64();
    if cfg.shrink && !interrupted {
        shrink_groups(cfg, &folders.out, &mut res)?;
    }
    res.write(&folders.out)?;
    Ok(res)
}

/// The list, read and checked against the options: every `--test` names
/// one of its tests; `--coverage` only from the coverage build.
fn checked_list(cfg: &Config) -> Result<List, AppError> {
    let list = List::read(&cfg.list)?;
    if let Some(t) = cfg.only.iter().find(|t| list.test(t).is_none()) {
        let known: Vec<&str> = list.tests.iter().map(|t| t.name.as_str()).collect();
        return Err(AppError::Usage(format!(
            "--test {}: no such test in {} (it has {})",
            generals_maps::shown(t),
            generals_maps::shown_path(&cfg.list),
            known.join(", ")
        )));
    }
    if cfg.coverage && !generals_dut::COVERAGE {
        return Err(AppError::Usage(
            "--coverage needs the coverage build: cargo run --release --features coverage -- regress --coverage …"
                .into(),
        ));
    }
    Ok(list)
}

/// The run's folders, every one checked before the first job: the
/// results' folder with its report's files, a folder per job, the groups'
/// and the coverage's.
struct RunFolders {
    out: OutDir,
    /// One per job, in the jobs' order.
    jobs: Vec<OutDir>,
    coverage: Option<OutDir>,
}

impl RunFolders {
    fn plan(cfg: &Config, jobs: &[Job]) -> Result<Self, AppError> {
        let mut plan = Plan::new();
        plan.input("--list", &cfg.list)?;
        let out = plan.folder_owning("--out", &cfg.out, OWN_NAMES)?;
        for f in ["results.json", "junit.xml", "summary.md"] {
            out.file(f)?;
        }
        let job_dirs: Vec<OutDir> = jobs
            .iter()
            .map(|j| out.own_folder(&job_dir(j)))
            .collect::<Result<_, _>>()?;
        out.own_folder("groups")?;
        let coverage = cfg
            .coverage
            .then(|| out.own_folder("coverage"))
            .transpose()?;
        out.make()?;
        out.keep();
        if let Some(d) = &coverage {
            d.make()?;
        }
        Ok(Self {
            out,
            jobs: job_dirs,
            coverage,
        })
    }
}

/// Runs every job on the pool, the slowest kind first (the gate-level
/// netlist's cycles cost about fifty times the RTL's, so it must not run
/// alone at the end); returns each job's result in the list's order
/// (`None`: not run, the run was interrupted first) and whether an
/// interrupt came.
fn run_jobs(
    cfg: &Config,
    jobs: &[Job],
    folders: &RunFolders,
) -> Result<(Vec<Option<JobResult>>, bool), AppError> {
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| jobs[i].kind != list::Kind::Netlist);
    let env: Vec<(String, PathBuf)> = folders
        .coverage
        .iter()
        .map(|d| ("GENERALS_COVERAGE_DIR".to_string(), d.path().to_path_buf()))
        .collect();
    interrupt::graceful();
    let progress = bar(jobs.len(), cfg.quiet);
    let mut results: Vec<Option<JobResult>> = vec![None; jobs.len()];
    let (mut failed, mut cycles) = (0usize, 0u64);
    let interrupted = pool(
        jobs.len(),
        cfg.workers,
        |i| {
            let dir = &folders.jobs[order[i]];
            let output = ready(dir, JOB_FILES, "mismatch")?;
            let child = spawn(&worker_args(&jobs[order[i]], dir.path()), output, &env)?;
            Ok((child, dir.path().to_path_buf()))
        },
        |i, dir, exit, _secs| {
            let i = order[i];
            let outcome = results::read_outcome(dir, &exit);
            if !matches!(outcome.status, job::Status::Pass) {
                failed += 1;
            }
            cycles += outcome.cycles;
            let rel = dir
                .strip_prefix(&cfg.out)
                .unwrap_or(dir)
                .display()
                .to_string();
            results[i] = Some(JobResult {
                job: jobs[i].clone(),
                outcome,
                dir: rel,
            });
            progress.inc(1);
            progress.set_message(format!(
                "{failed} failed, {:.2} G cycles",
                cycles as f64 / 1e9
            ));
        },
    )?;
    progress.finish_and_clear();
    Ok((results, interrupted))
}

/// The worker's command line for job `j` in folder `dir` (`generals regress
/// job`), each option and its value one argument.
fn worker_args(j: &Job, dir: &Path) -> Vec<std::ffi::OsString> {
    vec![
        "regress".into(),
        "job".into(),
        path_arg("--dir", dir),
        format!("--test={}", j.test).into(),
        format!("--kind={}", j.kind.name()).into(),
        format!("--index={}", j.index).into(),
        format!("--seed={}", j.seed).into(),
        format!("--budget={}", j.budget).into(),
    ]
}

/// A job's folder, relative to the results' folder.
fn job_dir(j: &Job) -> String {
    format!("jobs/{}/{:03}", j.test, j.index)
}

/// Shrinks the first failure of each group, each in a worker of its own.
fn shrink_groups(cfg: &Config, out: &OutDir, res: &mut Results) -> Result<(), AppError> {
    let todo: Vec<(usize, JobResult)> = res
        .groups
        .iter()
        .enumerate()
        .filter_map(|(gi, g)| {
            let first = res
                .jobs
                .iter()
                .find(|r| format!("{}#{}", r.job.test, r.job.index) == g.jobs[0])?;
            Some((gi, first.clone()))
        })
        .collect();
    for (gi, first) in &todo {
        if !shrink::shrinkable(first.job.kind, first.outcome.status) {
            res.groups[*gi].not_shrunk = Some(match first.outcome.status {
                job::Status::Error => "an error of the run, not a failed check".into(),
                _ => "the keyboard's jobs are replayed by their command, not shrunk".into(),
            });
        }
    }
    let todo: Vec<(usize, JobResult)> = todo
        .into_iter()
        .filter(|(_, r)| shrink::shrinkable(r.job.kind, r.outcome.status))
        .collect();
    if todo.is_empty() {
        return Ok(());
    }
    note(&format!(
        "regress: shrinking {} failure group(s)",
        todo.len()
    ));
    let mut found: Vec<Option<shrink::Shrunk>> = vec![None; todo.len()];
    let mut why: Vec<Option<String>> = vec![None; todo.len()];
    pool(
        todo.len(),
        cfg.workers,
        |i| {
            let (gi, r) = &todo[i];
            let dir = out.own_folder(&shrink::group_name(*gi))?;
            let output = ready(&dir, GROUP_FILES, "attempt")?;
            let args: Vec<std::ffi::OsString> = vec![
                "regress".into(),
                "shrink".into(),
                path_arg("--job-dir", &cfg.out.join(&r.dir)),
                path_arg("--out", dir.path()),
                format!("--seconds={}", cfg.shrink_budget.as_secs()).into(),
            ];
            Ok((spawn(&args, output, &[])?, dir.path().to_path_buf()))
        },
        |i, dir, exit, _| {
            let path = dir.join("shrink.json");
            match crate::infra::inputs::read_regular(&path, 16 << 20)
                .ok()
                .and_then(|b| serde_json::from_slice::<shrink::Shrunk>(&b).ok())
            {
                Some(s) => found[i] = Some(s),
                None => {
                    why[i] = Some(format!(
                        "the shrinking {exit} without a result (see {})",
                        dir.join("output.txt").display()
                    ))
                }
            }
        },
    )?;
    for (((gi, _), s), w) in todo.iter().zip(found).zip(why) {
        let g: &mut Group = &mut res.groups[*gi];
        g.shrunk = s.map(|mut s| {
            s.file = relative(&cfg.out, &s.file);
            s.wave = s.wave.map(|w| relative(&cfg.out, &w));
            s
        });
        g.not_shrunk = w;
    }
    Ok(())
}

fn relative(base: &Path, p: &str) -> String {
    Path::new(p)
        .strip_prefix(base)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|_| p.to_string())
}

/// `generals regress job`: one job, in its folder; writes `result.json`.
pub fn job_main(job: &Job, dir: &Path, maps: Vec<generals_maps::Map>) -> Result<(), AppError> {
    job.check()
        .map_err(|why| AppError::Usage(format!("regress job: {why}")))?;
    let folder = OutDir::unchecked(dir);
    folder.write("job.json", pretty(job)?.as_bytes())?;
    let outcome = job::run(job, maps, dir);
    folder.write("result.json", pretty(&outcome)?.as_bytes())?;
    Ok(())
}

/// A worker's file as pretty JSON.
fn pretty<T: serde::Serialize>(v: &T) -> Result<String, AppError> {
    serde_json::to_string_pretty(v)
        .map_err(|e| AppError::Usage(format!("cannot write a worker's file: {e}")))
}

/// `generals regress shrink`: shrinks the failed job of folder `job_dir`
/// into `out` (`shrink.json`, the script or replay file, the waveform).
pub fn shrink_main(
    job_dir: &Path,
    out: &Path,
    budget: Duration,
    maps: Vec<generals_maps::Map>,
) -> Result<(), AppError> {
    let outcome = results::read_outcome(job_dir, "ended");
    let job: Job = {
        let path = job_dir.join("job.json");
        let name = generals_maps::shown_path(&path);
        let bytes = crate::infra::inputs::read_regular(&path, 1 << 20).map_err(|source| {
            AppError::Read {
                path: name.clone(),
                source,
            }
        })?;
        let job: Job =
            serde_json::from_slice(&bytes).map_err(|e| AppError::Usage(format!("{name}: {e}")))?;
        job.check()
            .map_err(|why| AppError::Usage(format!("{name}: {why}")))?;
        job
    };
    let sig = outcome.signature.ok_or_else(|| {
        AppError::Usage(format!(
            "{}: the job did not fail",
            generals_maps::shown_path(job_dir)
        ))
    })?;
    let s = shrink::shrink(&job, &sig, job_dir, out, maps, budget)?;
    OutDir::unchecked(out).write("shrink.json", pretty(&s)?.as_bytes())?;
    Ok(())
}

/// The largest coverage file a merge copies.
const COVERAGE_FILE_MAX: u64 = 256 << 20;

/// `generals regress merge`: the shards' results (and coverage) into one
/// report in `out`. Everything is read and checked before anything is
/// written: a shard's folder is an input, which the report's folder may not
/// be; a coverage file that cannot be read is bad input (exit 2), one that
/// cannot be written an output error (exit 3), never skipped.
pub fn merge_main(dirs: &[PathBuf], out: &Path) -> Result<Results, AppError> {
    let mut plan = Plan::new();
    for d in dirs {
        plan.input("a shard's folder", d)?;
    }
    let dir = plan.folder_owning("--out", out, OWN_NAMES)?;
    let mut parts = Vec::new();
    for d in dirs {
        parts.push((d.display().to_string(), Results::read(d)?));
    }
    let merged = results::merge(parts)?;
    for f in ["results.json", "junit.xml", "summary.md"] {
        dir.file(f)?;
    }
    // The coverage files, read whole first (the merged report's own names:
    // two shards may not bring one name).
    let mut coverage: Vec<(String, Vec<u8>)> = Vec::new();
    let cov = if merged.coverage.is_some() {
        let cov = dir.own_folder("coverage")?;
        for d in dirs {
            let from = d.join("coverage");
            let Ok(rd) = std::fs::read_dir(&from) else {
                continue;
            };
            for e in rd {
                let e = e.map_err(|source| AppError::Read {
                    path: generals_maps::shown_path(&from),
                    source,
                })?;
                let name = e.file_name().to_string_lossy().into_owned();
                let path = e.path();
                let bytes = crate::infra::inputs::read_regular(&path, COVERAGE_FILE_MAX).map_err(
                    |source| AppError::Read {
                        path: generals_maps::shown_path(&path),
                        source,
                    },
                )?;
                if coverage.iter().any(|(n, _)| *n == name) {
                    return Err(AppError::Usage(format!(
                        "{}: two shards hold a coverage file of this name",
                        generals_maps::shown_path(&path)
                    )));
                }
                cov.file(&name)?;
                coverage.push((name, bytes));
            }
        }
        Some(cov)
    } else {
        None
    };
    dir.make()?;
    dir.keep();
    if let Some(cov) = &cov {
        cov.make()?;
        for (name, bytes) in &coverage {
            cov.write(name, bytes)?;
        }
    }
    merged.write(&dir)?;
    Ok(merged)
}
