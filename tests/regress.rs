//! `generals regress` as a verification team uses it: shards that merge into
//! the report of a whole run, a worker that crashes is a failed job with its
//! output kept, Ctrl-C stops the workers and still writes the results, and
//! every bad input is one clear message with exit status 2.

use generals::run::regress::results::Results;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn generals() -> Command {
    Command::new(env!("CARGO_BIN_EXE_generals"))
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("generals-regress-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch");
    d
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A list of one test of `kind` whose smoke tier has `seeds` of `budget`.
fn list(dir: &Path, tests: &[(&str, &str, u32, u64)]) -> PathBuf {
    let mut text = String::new();
    for (name, kind, seeds, budget) in tests {
        text += &format!(
            "[[test]]\nname = \"{name}\"\nkind = \"{kind}\"\nsmoke = {{ seeds = {seeds}, budget = {budget} }}\nnightly = {{ seeds = {seeds}, budget = {budget} }}\n"
        );
    }
    let p = dir.join("list.toml");
    std::fs::write(&p, text).expect("write list");
    p
}

#[test]
fn shards_merge_into_the_report_of_a_whole_run() {
    let dir = scratch("shards");
    let l = list(
        &dir,
        &[
            ("m", "machines", 3, 6),
            ("f", "fuzz", 2, 30),
            ("p", "person-vs-machine", 2, 20),
        ],
    );
    let run = |extra: &[&str], out: &Path| {
        let o = generals()
            .args(["regress", "--quiet", "--seed", "5", "--list"])
            .arg(&l)
            .arg("--out")
            .arg(out)
            .args(extra)
            .output()
            .expect("run");
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
    };
    run(&[], &dir.join("whole"));
    for k in 1..=3 {
        run(&["--shard", &format!("{k}/3")], &dir.join(format!("s{k}")));
    }
    let o = generals()
        .args(["regress", "merge", "--out"])
        .arg(dir.join("merged"))
        .args((1..=3).map(|k| dir.join(format!("s{k}"))))
        .output()
        .expect("merge");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let whole = Results::read(&dir.join("whole")).expect("whole");
    let merged = Results::read(&dir.join("merged")).expect("merged");
    assert_eq!(whole.jobs.len(), 7);
    assert_eq!(merged.comparable(), whole.comparable());
    // The same, as a script on a cluster checks it; a shard is not the whole.
    let compare = |a: &str, b: &str| {
        generals()
            .args(["regress", "compare"])
            .args([dir.join(a), dir.join(b)])
            .output()
            .expect("compare")
    };
    let o = compare("merged", "whole");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "equal: 7 jobs, 0 failed"
    );
    let o = compare("whole", "s1");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("s1") && stderr(&o).contains("differ"),
        "{}",
        stderr(&o)
    );
    let junit = std::fs::read_to_string(dir.join("merged/junit.xml")).expect("junit");
    assert!(
        junit.contains("<testsuite name=\"m\" tests=\"3\""),
        "{junit}"
    );
    // A shard missing, or one given twice, or one of another run: refused.
    for (shards, needle) in [
        (vec!["s1", "s2"], "shard 3/3 is missing"),
        (vec!["s1", "s1", "s2", "s3"], "given twice"),
        (vec!["whole"], "not of a shard"),
    ] {
        let o = generals()
            .args(["regress", "merge", "--out"])
            .arg(dir.join("bad"))
            .args(shards.iter().map(|s| dir.join(s)))
            .output()
            .expect("merge");
        assert_eq!(o.status.code(), Some(2), "{shards:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{shards:?}: {}", stderr(&o));
    }
    let mut other = Results::read(&dir.join("s3")).expect("s3");
    other.build = "another build".into();
    std::fs::write(
        dir.join("s3/results.json"),
        serde_json::to_string(&other).expect("json"),
    )
    .expect("write");
    let o = generals()
        .args(["regress", "merge", "--out"])
        .arg(dir.join("bad"))
        .args((1..=3).map(|k| dir.join(format!("s{k}"))))
        .output()
        .expect("merge");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the build"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The worker process of the job that is running, a child of `parent`.
fn worker_of(parent: u32) -> Option<u32> {
    let text = std::fs::read_to_string(format!("/proc/{parent}/task/{parent}/children")).ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[test]
fn a_crashed_worker_is_a_failed_job_with_its_output_kept() {
    let dir = scratch("crash");
    let l = list(
        &dir,
        &[("long", "fuzz", 1, 20_000), ("short", "machines", 1, 4)],
    );
    let out = dir.join("out");
    let child = generals()
        .args([
            "regress",
            "--quiet",
            "--no-shrink",
            "--jobs",
            "1",
            "--seed",
            "1",
            "--list",
        ])
        .arg(&l)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let t = Instant::now();
    let worker = loop {
        if let Some(w) = worker_of(child.id()) {
            break w;
        }
        assert!(t.elapsed() < Duration::from_secs(20), "no worker started");
        std::thread::sleep(Duration::from_millis(20));
    };
    std::thread::sleep(Duration::from_millis(300));
    assert!(Command::new("kill")
        .args(["-ABRT", &worker.to_string()])
        .status()
        .expect("kill")
        .success());
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let r = Results::read(&out).expect("results");
    let crashed = &r.jobs[0];
    assert_eq!(crashed.job.test, "long");
    let msg = crashed.outcome.message.clone().unwrap_or_default();
    assert!(msg.contains("died by signal 6"), "{msg}");
    assert!(
        out.join(&crashed.dir).join("output.txt").exists(),
        "output kept"
    );
    assert_eq!(r.counts(), (1, 1, 0), "the other job ran");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_stops_the_workers_and_writes_the_results_so_far() {
    let dir = scratch("interrupt");
    let l = list(&dir, &[("long", "fuzz", 4, 20_000)]);
    let out = dir.join("out");
    let child = generals()
        .args(["regress", "--quiet", "--jobs", "1", "--seed", "1", "--list"])
        .arg(&l)
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let t = Instant::now();
    while worker_of(child.id()).is_none() {
        assert!(t.elapsed() < Duration::from_secs(20), "no worker started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let worker = worker_of(child.id()).expect("worker");
    assert!(Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill")
        .success());
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(
        !Path::new(&format!("/proc/{worker}")).exists()
            || std::fs::read_to_string(format!("/proc/{worker}/stat"))
                .is_ok_and(|s| s.contains(") Z")),
        "the worker was stopped"
    );
    let r = Results::read(&out).expect("results written");
    assert!(r.interrupted);
    let (_, _, not_run) = r.counts();
    assert!(not_run >= 3, "{:?}", r.counts());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_message_and_exit_2() {
    let dir = scratch("bad");
    let broken = dir.join("broken.toml");
    std::fs::write(
        &broken,
        "[[test]]\nname = \"a\"\nkind = \"fuzz\"\nsmoke = { seeds = 1 budget = 1 }\n",
    )
    .expect("write");
    let unknown = dir.join("unknown.toml");
    std::fs::write(
        &unknown,
        "[[test]]\nname = \"a\"\nkind = \"juggle\"\nsmoke = { seeds = 1, budget = 1 }\nnightly = { seeds = 1, budget = 1 }\n",
    )
    .expect("write");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").expect("write");
    let b = broken.to_str().expect("utf-8");
    let u = unknown.to_str().expect("utf-8");
    let f = file.to_str().expect("utf-8");
    for (args, needle) in [
        (vec!["--list", b], "broken.toml: line 4"),
        (vec!["--list", u], "unknown.toml: line 3"),
        (vec!["--test", "nosuch"], "--test nosuch: no such test"),
        (vec!["--tier", "weekly"], "weekly"),
        (vec!["--shard", "5/4"], "K/N"),
        (vec!["--shard", "0/4"], "K/N"),
        (vec!["--jobs", "0"], "--jobs"),
        (vec!["--out", f], "not a folder"),
    ] {
        let o = generals().arg("regress").args(&args).output().expect("run");
        let code = o.status.code();
        assert!(
            code == Some(2) || (needle == "not a folder" && code == Some(3)),
            "{args:?}: {code:?} {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
