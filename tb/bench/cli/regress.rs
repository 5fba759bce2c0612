//! `generals regress`: the regression farm's command line.

use super::emit;
use super::{bound, count};
use clap::{Args, Subcommand};
use generals::error::AppError;
use generals_maps::shown_path;
use std::path::PathBuf;

/// The options of `generals regress`: a run, or one of its subcommands.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct RegressArgs {
    #[command(subcommand)]
    cmd: Option<RegressCmd>,
    #[command(flatten)]
    run: RegressRun,
}

/// The options of a regression run.
#[derive(Args)]
pub struct RegressRun {
    /// The regression list.
    #[arg(long, value_name = "FILE")]
    list: Option<PathBuf>,
    /// The tier: smoke (CI) or nightly (10-100 times deeper).
    #[arg(long, value_enum, default_value = "smoke")]
    tier: generals::run::regress::list::Tier,
    /// Workers at a time, 1 … 256 (default: one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, bound::WORKERS))]
    jobs: Option<u64>,
    /// Seeds of each test, 1 … 100000, instead of the list's.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = count(1, bound::SEEDS))]
    seeds: Option<u64>,
    /// Only this test (repeat for more).
    #[arg(long = "test", value_name = "NAME")]
    tests: Vec<String>,
    /// The results' folder.
    #[arg(long, default_value = "out/regress", value_name = "DIR")]
    out: PathBuf,
    /// Run the K-th of N shards of the jobs (1 ≤ K ≤ N ≤ 10000), for a
    /// cluster; `generals regress merge` joins them.
    #[arg(long, value_name = "K/N", allow_hyphen_values = true, value_parser = shard)]
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

/// The subcommands of `generals regress`.
#[derive(Subcommand)]
pub enum RegressCmd {
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
    /// Replay a shrunk fuzz run (`shrunk.json` of a failure group); every
    /// number in the file is checked first (bad input, exit 2).
    Replay {
        /// The replay file.
        file: PathBuf,
        /// FST waveform of the run (not `-`: standard output carries the
        /// result line).
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
        kind: generals::run::regress::list::Kind,
        #[arg(long, value_parser = count(0, bound::SEEDS - 1))]
        index: u64,
        #[arg(long, value_parser = count(0, u64::MAX))]
        seed: u64,
        /// Checked against the kind's bound by the job.
        #[arg(long, value_parser = count(0, bound::KBD_BYTES))]
        budget: u64,
    },
    /// (A worker of `generals regress`: shrinks a failed job.)
    #[command(hide = true)]
    Shrink {
        #[arg(long)]
        job_dir: PathBuf,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, value_parser = count(1, 3600))]
        seconds: u64,
    },
}

/// A shard `K/N`.
fn shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("give K/N with 1 ≤ K ≤ N ≤ {}, e.g. 2/4", bound::SHARDS);
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u32, u32) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k >= 1 && k <= n && u64::from(n) <= bound::SHARDS {
        Ok((k, n))
    } else {
        Err(bad())
    }
}

/// `generals regress` and its subcommands.
pub fn regress_cmd(args: RegressArgs) -> Result<(), AppError> {
    use generals::run::regress;
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
                master: super::seed_or_random(r.seed),
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
            let mut plan = generals::infra::outputs::Plan::new();
            plan.input("the replay file", &file)?;
            plan.stdout("the result line on standard output")?;
            if let Some(t) = &trace {
                plan.file("--trace", t)?;
            }
            let rec = generals::run::fuzz::read_replay(&file)?;
            let extras = generals::run::fuzz::RunExtras {
                trace,
                mismatch_dir: None,
                ..Default::default()
            };
            let r = generals::run::fuzz::replay(super::maps(), &rec, false, &extras)?;
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
                index: index as u32, // below bound::SEEDS by its parser
                seed,
                budget,
            };
            regress::job_main(&job, &dir, super::maps())
        }
        Some(RegressCmd::Shrink {
            job_dir,
            out,
            seconds,
        }) => regress::shrink_main(
            &job_dir,
            &out,
            std::time::Duration::from_secs(seconds),
            super::maps(),
        ),
    }
}
