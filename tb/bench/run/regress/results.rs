//! A regression's results: `results.json` (everything, for machines and for
//! merging shards), `junit.xml` (one test suite per test, one test case per
//! seed), `summary.md` and the table on the terminal; failures grouped by
//! signature.

use super::job::{Outcome, Status};
use super::list::{Job, Tier};
use super::shrink::Shrunk;
use crate::error::AppError;
use std::fmt::Write as _;
use std::path::Path;

/// The format of `results.json`.
pub const FORMAT: &str = "generals-regress-1";

/// The longest time a results file may give (a year): a JUnit report
/// cannot hold an endless duration.
const SECONDS_MAX: f64 = 365.0 * 86_400.0;

/// The largest `result.json` a worker writes.
const OUTCOME_MAX: u64 = 16 << 20;

/// One job and how it ended.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobResult {
    /// The job.
    pub job: Job,
    /// Its outcome.
    pub outcome: Outcome,
    /// Its folder (output, saved files), relative to the results' folder.
    pub dir: String,
}

impl JobResult {
    /// A job an interrupted run never started.
    pub fn not_run(job: &Job) -> Self {
        JobResult {
            job: job.clone(),
            outcome: Outcome {
                status: Status::NotRun,
                cycles: 0,
                seconds: 0.0,
                message: None,
                signature: None,
                replay: String::new(),
                saved: Vec::new(),
                peak_rss_kib: 0,
            },
            dir: String::new(),
        }
    }
}

/// Failures of one signature.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Group {
    /// The signature.
    pub signature: String,
    /// The jobs (`test#index`), in order.
    pub jobs: Vec<String>,
    /// Its first failure, shrunk (if it was).
    pub shrunk: Option<Shrunk>,
    /// Why it was not shrunk, if it was not.
    pub not_shrunk: Option<String>,
}

/// A regression's results (one shard's, or all).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Results {
    /// [`FORMAT`].
    pub format: String,
    /// The list file.
    pub list: String,
    /// Its content's hash.
    pub list_hash: String,
    /// The design the models were built from (its hash).
    pub build: String,
    /// The master seed every job's seed comes from.
    pub master_seed: u64,
    /// The tier.
    pub tier: Tier,
    /// Seeds per test, if overridden.
    pub seeds: Option<u32>,
    /// The tests run, if not all.
    pub only: Vec<String>,
    /// `[k, n]` of a shard; `None` for a whole run (or merged shards).
    pub shard: Option<(u32, u32)>,
    /// Workers.
    pub workers: usize,
    /// Wall-clock seconds of the whole run.
    pub wall_seconds: f64,
    /// Stopped by an interrupt: the jobs not run say so.
    pub interrupted: bool,
    /// Every job.
    pub jobs: Vec<JobResult>,
    /// The failures, grouped by signature.
    pub groups: Vec<Group>,
    /// Where coverage files went (the coverage build), relative.
    pub coverage: Option<String>,
}

impl Results {
    /// The failures grouped by signature, in job order.
    pub fn group(&mut self) {
        let mut groups: Vec<Group> = Vec::new();
        for r in &self.jobs {
            if !matches!(r.outcome.status, Status::Fail | Status::Error) {
                continue;
            }
            let sig = r
                .outcome
                .signature
                .clone()
                .unwrap_or_else(|| "unknown".into());
            let id = format!("{}#{}", r.job.test, r.job.index);
            match groups.iter_mut().find(|g| g.signature == sig) {
                Some(g) => g.jobs.push(id),
                None => groups.push(Group {
                    signature: sig,
                    jobs: vec![id],
                    shrunk: None,
                    not_shrunk: None,
                }),
            }
        }
        // Keep what an earlier grouping found out about a group.
        for g in &mut groups {
            if let Some(old) = self.groups.iter().find(|o| o.signature == g.signature) {
                g.shrunk = old.shrunk.clone();
                g.not_shrunk = old.not_shrunk.clone();
            }
        }
        self.groups = groups;
    }

    /// Jobs passed, failed (or in error), not run.
    pub fn counts(&self) -> (usize, usize, usize) {
        let n = |s: &[Status]| {
            self.jobs
                .iter()
                .filter(|r| s.contains(&r.outcome.status))
                .count()
        };
        (
            n(&[Status::Pass]),
            n(&[Status::Fail, Status::Error]),
            n(&[Status::NotRun]),
        )
    }

    /// Checked cycles in all.
    pub fn cycles(&self) -> u64 {
        self.jobs.iter().map(|r| r.outcome.cycles).sum()
    }

    /// The summary as a Markdown table (the terminal shows the same).
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let (pass, fail, not_run) = self.counts();
        let _ = writeln!(
            s,
            "regression: tier {}, master seed {} (replay: generals regress --tier {} --seed {}{}), {} jobs on {} workers{}",
            self.tier.name(),
            self.master_seed,
            self.tier.name(),
            self.master_seed,
            self.seeds.map(|n| format!(" --seeds {n}")).unwrap_or_default(),
            self.jobs.len(),
            self.workers,
            self.shard.map(|(k, n)| format!(", shard {k}/{n}")).unwrap_or_default()
        );
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "| test | jobs | passed | failed | not run | M cycles | seconds |"
        );
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|");
        // Per test, in the order the jobs come: jobs, passed, failed, not
        // run, cycles, seconds.
        let mut rows: Vec<(&str, [u64; 5], f64)> = Vec::new();
        for r in &self.jobs {
            let i = match rows.iter().position(|(t, _, _)| *t == r.job.test) {
                Some(i) => i,
                None => {
                    rows.push((&r.job.test, [0; 5], 0.0));
                    rows.len() - 1
                }
            };
            let (_, n, secs) = &mut rows[i];
            n[0] += 1;
            n[match r.outcome.status {
                Status::Pass => 1,
                Status::Fail | Status::Error => 2,
                Status::NotRun => 3,
            }] += 1;
            n[4] += r.outcome.cycles;
            *secs += r.outcome.seconds;
        }
        for (test, n, secs) in &rows {
            let _ = writeln!(
                s,
                "| {test} | {} | {} | {} | {} | {:.1} | {secs:.1} |",
                n[0],
                n[1],
                n[2],
                n[3],
                n[4] as f64 / 1e6
            );
        }
        let _ = writeln!(
            s,
            "| **all** | {} | {pass} | {fail} | {not_run} | {:.1} | {:.1} wall |",
            self.jobs.len(),
            self.cycles() as f64 / 1e6,
            self.wall_seconds
        );
        if self.wall_seconds > 0.0 {
            let _ = writeln!(
                s,
                "\n{:.1} M checked cycles a second on {} workers.",
                self.cycles() as f64 / self.wall_seconds / 1e6,
                self.workers
            );
        }
        if self.interrupted {
            let _ = writeln!(s, "\n**Interrupted**: the jobs not run are listed as such.");
        }
        if !self.groups.is_empty() {
            let _ = writeln!(s, "\nfailures, grouped by what failed:\n");
            for (i, g) in self.groups.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "{}. `{}`: {} job(s): {}",
                    i + 1,
                    g.signature,
                    g.jobs.len(),
                    g.jobs.join(", ")
                );
                if let Some(first) = self
                    .jobs
                    .iter()
                    .find(|r| format!("{}#{}", r.job.test, r.job.index) == g.jobs[0])
                {
                    let _ = writeln!(s, "   - replay: `{}`", first.outcome.replay);
                }
                match (&g.shrunk, &g.not_shrunk) {
                    (Some(sh), _) => {
                        let _ = writeln!(
                            s,
                            "   - shrunk from {} to {} actions ({} key{}){}: `{}`",
                            sh.before,
                            sh.after,
                            sh.keys,
                            if sh.keys == 1 { "" } else { "s" },
                            if sh.confirmed { "" } else { ", NOT confirmed" },
                            sh.replay
                        );
                        if let Some(w) = &sh.wave {
                            let _ = writeln!(s, "   - waveform: {w}");
                        }
                    }
                    (None, Some(why)) => {
                        let _ = writeln!(s, "   - not shrunk: {why}");
                    }
                    _ => {}
                }
            }
        }
        s
    }

    /// The JUnit XML: a test suite per test, a test case per seed, with its
    /// seed, cycles, duration and replay command as properties, and a
    /// failure's message and saved files.
    pub fn junit(&self) -> Result<String, AppError> {
        use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};
        let mut report = Report::new("generals regress");
        let mut suites: Vec<TestSuite> = Vec::new();
        for r in &self.jobs {
            let i = match suites.iter().position(|s| s.name.as_str() == r.job.test) {
                Some(i) => i,
                None => {
                    suites.push(TestSuite::new(r.job.test.clone()));
                    suites.len() - 1
                }
            };
            let status = match r.outcome.status {
                Status::Pass => TestCaseStatus::success(),
                Status::Fail | Status::Error => {
                    let kind = if r.outcome.status == Status::Fail {
                        NonSuccessKind::Failure
                    } else {
                        NonSuccessKind::Error
                    };
                    let mut st = TestCaseStatus::non_success(kind);
                    st.set_message(r.outcome.signature.clone().unwrap_or_default());
                    let mut text = r.outcome.message.clone().unwrap_or_default();
                    if !r.outcome.saved.is_empty() {
                        text += &format!("\nsaved: {}", r.outcome.saved.join(", "));
                    }
                    st.set_description(text);
                    st
                }
                Status::NotRun => {
                    let mut st = TestCaseStatus::skipped();
                    st.set_message("not run: the regression was interrupted");
                    st
                }
            };
            let mut tc = TestCase::new(format!("seed {}", r.job.seed), status);
            tc.set_classname(format!("regress.{}", r.job.test));
            tc.set_time(std::time::Duration::from_secs_f64(
                r.outcome.seconds.max(0.0),
            ));
            tc.add_property(Property::new("seed", r.job.seed.to_string()));
            tc.add_property(Property::new("index", r.job.index.to_string()));
            tc.add_property(Property::new("cycles", r.outcome.cycles.to_string()));
            tc.add_property(Property::new("replay", r.outcome.replay.clone()));
            suites[i].add_test_case(tc);
        }
        report.add_test_suites(suites);
        report
            .to_string()
            .map_err(|e| AppError::Usage(format!("cannot write the JUnit XML: {e}")))
    }

    /// Writes `results.json`, `junit.xml` and `summary.md` into `dir`.
    pub fn write(&self, dir: &crate::infra::outputs::OutDir) -> Result<(), AppError> {
        let json = serde_json::to_string_pretty(self)
            .map_err(|e| AppError::Usage(format!("cannot write the results: {e}")))?;
        dir.write("results.json", json.as_bytes())?;
        dir.write("junit.xml", self.junit()?.as_bytes())?;
        dir.write("summary.md", self.summary().as_bytes())?;
        Ok(())
    }

    /// Reads the `results.json` of folder `dir`.
    pub fn read(dir: &Path) -> Result<Results, AppError> {
        let path = dir.join("results.json");
        let name = generals_maps::shown_path(&path);
        let bytes = crate::infra::inputs::read_regular(&path, 256 << 20).map_err(|source| {
            AppError::Read {
                path: name.clone(),
                source,
            }
        })?;
        let r: Results = serde_json::from_slice(&bytes).map_err(|e| {
            AppError::Usage(format!("{name}: not the results of a regression ({e})"))
        })?;
        if r.format != FORMAT {
            return Err(AppError::Usage(format!(
                "{name}: format `{}`, this program reads `{FORMAT}`",
                generals_maps::shown(&r.format)
            )));
        }
        r.check()
            .map_err(|why| AppError::Usage(format!("{name}: {why}")))?;
        Ok(r)
    }

    /// Checks results read from a file: every count within the bound its
    /// option has, every index in range, every time a number of seconds,
    /// every group with a job.
    pub fn check(&self) -> Result<(), String> {
        use crate::infra::bounds::{SEEDS, SHARDS, WORKERS};
        if let Some((k, n)) = self.shard {
            if !(1..=SHARDS).contains(&u64::from(n)) || !(1..=n).contains(&k) {
                return Err(format!(
                    "shard [{k}, {n}]: a shard is [K, N] with 1 ≤ K ≤ N ≤ {SHARDS}"
                ));
            }
        }
        if !(1..=WORKERS).contains(&(self.workers as u64)) {
            return Err(format!("workers {}: 1 … {WORKERS}", self.workers));
        }
        if let Some(n) = self.seeds {
            if !(1..=SEEDS).contains(&u64::from(n)) {
                return Err(format!("seeds {n}: 1 … {SEEDS}"));
            }
        }
        let seconds = |what: &str, s: f64| {
            if s.is_finite() && (0.0..=SECONDS_MAX).contains(&s) {
                Ok(())
            } else {
                Err(format!("{what} {s}: 0 … {SECONDS_MAX} seconds"))
            }
        };
        seconds("wall_seconds", self.wall_seconds)?;
        for (i, r) in self.jobs.iter().enumerate() {
            r.job.check().map_err(|why| format!("jobs[{i}]: {why}"))?;
            seconds(&format!("jobs[{i}].outcome.seconds"), r.outcome.seconds)?;
        }
        if let Some(i) = self.groups.iter().position(|g| g.jobs.is_empty()) {
            return Err(format!("groups[{i}]: a group with no job"));
        }
        Ok(())
    }

    /// The results with what differs between runs of the same jobs taken out
    /// (times, memory, folders): two runs of the same seeds compare equal.
    pub fn comparable(&self) -> serde_json::Value {
        let jobs: Vec<serde_json::Value> = self
            .jobs
            .iter()
            .map(|r| {
                serde_json::json!({
                    "test": r.job.test, "index": r.job.index, "seed": r.job.seed,
                    "status": r.outcome.status, "cycles": r.outcome.cycles,
                    "signature": r.outcome.signature, "replay": without_folder(&r.outcome.replay),
                })
            })
            .collect();
        let groups: Vec<serde_json::Value> = self
            .groups
            .iter()
            .map(|g| serde_json::json!({"signature": g.signature, "jobs": g.jobs}))
            .collect();
        serde_json::json!({
            "list_hash": self.list_hash, "build": self.build, "master_seed": self.master_seed,
            "tier": self.tier, "seeds": self.seeds, "only": self.only, "jobs": jobs, "groups": groups,
        })
    }
}

/// A replay command without the results folder it names: a script-based
/// job's replay gives its key script as `DIR/jobs/TEST/NNN/script.keys`,
/// `DIR` being the run's `--out`, which two runs of the same jobs (a
/// shard's, the whole run's) need not share.
fn without_folder(replay: &str) -> String {
    replay
        .split(' ')
        .map(|w| match w.find("/jobs/") {
            Some(i) => &w[i + 1..],
            None => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Where two runs' results differ ([`Results::comparable`]): `None` when
/// they are the same, else the first difference, said briefly.
pub fn difference(a: &Results, b: &Results) -> Option<String> {
    let (a, b) = (a.comparable(), b.comparable());
    if a == b {
        return None;
    }
    let brief = |v: &serde_json::Value| {
        let t = v.to_string();
        if t.chars().count() > 300 {
            t.chars().take(300).collect::<String>() + "…"
        } else {
            t
        }
    };
    let (serde_json::Value::Object(a), serde_json::Value::Object(b)) = (&a, &b) else {
        return Some("the results differ".into());
    };
    for (k, va) in a {
        let vb = &b[k];
        if va == vb {
            continue;
        }
        if let (serde_json::Value::Array(ja), serde_json::Value::Array(jb)) = (va, vb) {
            if ja.len() == jb.len() {
                if let Some((x, y)) = ja.iter().zip(jb).find(|(x, y)| x != y) {
                    return Some(format!(
                        "{k} differ, first: {} against {}",
                        brief(x),
                        brief(y)
                    ));
                }
            }
        }
        return Some(format!("{k} differs: {} against {}", brief(va), brief(vb)));
    }
    Some("the results differ".into())
}

/// Merges the results of shards `parts` (read from their folders `dirs`):
/// one list, one build, one master seed, tier and seed count, every shard
/// of one split present once; the jobs in the list's order.
pub fn merge(parts: Vec<(String, Results)>) -> Result<Results, AppError> {
    let Some((first_dir, first)) = parts.first().cloned() else {
        return Err(AppError::Usage("give the shards' folders".into()));
    };
    let n = match first.shard {
        Some((_, n)) => n,
        None => {
            return Err(AppError::Usage(format!(
                "{first_dir}: the results of a whole run, not of a shard"
            )))
        }
    };
    let mut seen = vec![false; n as usize];
    let mut jobs: Vec<JobResult> = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    let mut wall: f64 = 0.0;
    let mut interrupted = false;
    for (dir, r) in &parts {
        let differs = |what: &str| {
            AppError::Usage(format!(
                "{dir}: {what} differs from {first_dir}'s: shards of another regression are not merged"
            ))
        };
        if r.list_hash != first.list_hash {
            return Err(differs("the list"));
        }
        if r.build != first.build {
            return Err(differs("the build (the design the models were built from)"));
        }
        if (r.master_seed, r.tier, r.seeds, &r.only)
            != (first.master_seed, first.tier, first.seeds, &first.only)
        {
            return Err(differs("the master seed, tier, seed count or tests"));
        }
        let Some((k, m)) = r.shard else {
            return Err(AppError::Usage(format!(
                "{dir}: the results of a whole run, not of a shard"
            )));
        };
        if m != n {
            return Err(differs(&format!("the number of shards ({m})")));
        }
        if std::mem::replace(&mut seen[(k - 1) as usize], true) {
            return Err(AppError::Usage(format!("{dir}: shard {k}/{n} given twice")));
        }
        for j in &r.jobs {
            let mut j = j.clone();
            j.dir = format!("{dir}/{}", j.dir);
            jobs.push(j);
        }
        for g in &r.groups {
            let mut g = g.clone();
            if let Some(sh) = &mut g.shrunk {
                sh.file = format!("{dir}/{}", sh.file);
                sh.wave = sh.wave.as_ref().map(|w| format!("{dir}/{w}"));
            }
            groups.push(g);
        }
        wall = wall.max(r.wall_seconds);
        interrupted |= r.interrupted;
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(AppError::Usage(format!("shard {}/{n} is missing", k + 1)));
    }
    // The list's order: the tests in first appearance order of a whole run
    // (shard order interleaves them), then by index.
    let list = super::list::List::read(Path::new(&first.list)).ok();
    let order = |t: &str| {
        list.as_ref()
            .and_then(|l| l.tests.iter().position(|d| d.name == t))
            .unwrap_or(usize::MAX)
    };
    jobs.sort_by(|a, b| {
        (order(&a.job.test), &a.job.test, a.job.index).cmp(&(
            order(&b.job.test),
            &b.job.test,
            b.job.index,
        ))
    });
    let mut merged = Results {
        shard: None,
        wall_seconds: wall,
        interrupted,
        jobs,
        groups,
        coverage: first.coverage.as_ref().map(|_| "coverage".to_string()),
        ..first
    };
    merged.group();
    Ok(merged)
}

/// One job's result from its worker's folder; a worker that left none (it
/// crashed) is a failed job that says how it ended, its output kept.
pub fn read_outcome(dir: &Path, exit: &str) -> Outcome {
    let path = dir.join("result.json");
    let read = crate::infra::inputs::read_regular(&path, OUTCOME_MAX)
        .ok()
        .and_then(|b| serde_json::from_slice::<Outcome>(&b).ok())
        .filter(|o| o.seconds.is_finite() && (0.0..=SECONDS_MAX).contains(&o.seconds));
    read.unwrap_or_else(|| Outcome {
        status: Status::Error,
        cycles: 0,
        seconds: 0.0,
        message: Some(format!(
            "the worker {exit} without a result; its output: {}",
            dir.join("output.txt").display()
        )),
        signature: Some(format!(
            "error: worker {}",
            exit.split(' ').next().unwrap_or(exit)
        )),
        replay: String::new(),
        saved: vec![dir.join("output.txt").display().to_string()],
        peak_rss_kib: 0,
    })
}
