//! The regression farm (`generals regress`, `merge`, `replay`, its workers)
//! under the outputs rule every other command keeps: no panic, no write
//! outside its own files (a symbolic or hard link planted among them is
//! replaced, never written through; what it pointed at, a file or a device
//! made by `mknod` here, stays as it was), no hang, every bad file exit 2
//! naming the file, the field and the bound (never a mismatch blamed on the
//! RTL), every output checked before the first job. And the few cases of
//! the same rule found elsewhere: one destination under two names, outputs
//! inside each other, messages that echo invisible characters.

use super::{
    assert_no_panic, device, fifo, generals, is_char_device, names, output_within, scratch, stderr,
};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

/// No command here may take longer: a hang fails the test.
const LIMIT: Duration = Duration::from_secs(60);

/// A list of two quick tests: the keyboard alone (2 seeds) and a short fuzz.
fn list(dir: &Path) -> PathBuf {
    let p = dir.join("list.toml");
    std::fs::write(
        &p,
        "[[test]]\nname = \"k\"\nkind = \"kbd\"\nsmoke = { seeds = 2, budget = 40 }\nnightly = { seeds = 2, budget = 40 }\n\
         [[test]]\nname = \"f\"\nkind = \"fuzz\"\nsmoke = { seeds = 1, budget = 8 }\nnightly = { seeds = 1, budget = 8 }\n",
    )
    .expect("write list");
    p
}

/// The command `generals regress` of `list` into `out`.
fn regress_cmd(list: &Path, out: &Path) -> Command {
    let mut cmd = generals();
    cmd.args(["regress", "--quiet", "--seed", "5", "--list"])
        .arg(list)
        .arg("--out")
        .arg(out);
    cmd
}

/// `generals regress` of `list` into `out` (more options in `extra`), run.
fn regress(list: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut cmd = regress_cmd(list, out);
    cmd.args(extra);
    output_within(cmd, LIMIT)
}

/// `cmd` ends within the limit with exit status `code`, without a panic,
/// its message containing every one of `needles` and no mismatch.
fn refused(what: &str, cmd: Command, code: i32, needles: &[&str]) -> Output {
    let o = output_within(cmd, LIMIT);
    assert_no_panic(what, &o);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(code), "{what}: {err}");
    for n in needles {
        assert!(err.contains(n), "{what}: `{n}` not in: {err}");
    }
    assert!(
        !err.contains("MISMATCH"),
        "{what}: bad input blamed on the RTL: {err}"
    );
    o
}

/// A file whose content the farm must never change, and a device clone.
struct Victims {
    file: PathBuf,
    dev: PathBuf,
}

impl Victims {
    fn new(dir: &Path) -> Self {
        let file = dir.join("victim.txt");
        std::fs::write(&file, "precious").expect("write victim");
        Self {
            file,
            dev: device(dir, "null", 3),
        }
    }

    fn unchanged(&self, what: &str) {
        assert_eq!(
            std::fs::read_to_string(&self.file).expect("read victim"),
            "precious",
            "{what}: a file outside the run was written through a link"
        );
        assert!(
            is_char_device(&self.dev),
            "{what}: the device clone was replaced"
        );
    }
}

/// A valid replay file: START on map 3 (held twice the bench's debounce
/// length), then one key (`W`).
const REPLAY: &str = r#"{"seed":1,"timing":{"clock_hz":15000,"jitter":0.05,"gap_cycles":2000},"video":false,"actions":[
 {"drained":true,"action":{"Start":{"map":3,"press":{"stretches":[[100000,true]]},"switches":0}}},
 {"drained":false,"action":{"Key":{"timing":null,"frames":[[29,"None"]]}}}]}"#;

/// `REPLAY` with `from` replaced by `to`, written to `dir/name`.
fn replay_file(dir: &Path, name: &str, from: &str, to: &str) -> PathBuf {
    assert!(REPLAY.contains(from), "{from}");
    let p = dir.join(name);
    std::fs::write(&p, REPLAY.replacen(from, to, 1)).expect("write replay");
    p
}

fn replay(file: &Path) -> Command {
    let mut cmd = generals();
    cmd.args(["regress", "replay"]).arg(file);
    cmd
}

/// Edits the `results.json` of shard folder `dir`.
fn edit_results(dir: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let p = dir.join("results.json");
    let mut v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&p).expect("read results")).expect("json");
    edit(&mut v);
    std::fs::write(&p, v.to_string()).expect("write results");
}

/// Two shards of the list's run, in `dir/s1` and `dir/s2`.
fn shards(dir: &Path, list: &Path) -> (PathBuf, PathBuf) {
    let (s1, s2) = (dir.join("s1"), dir.join("s2"));
    for (k, s) in [(1, &s1), (2, &s2)] {
        let o = regress(list, s, &["--shard", &format!("{k}/2")]);
        assert_eq!(o.status.code(), Some(0), "shard {k}: {}", stderr(&o));
    }
    (s1, s2)
}

fn merge(out: &Path, shards: &[&Path]) -> Command {
    let mut cmd = generals();
    cmd.args(["regress", "merge", "--out"])
        .arg(out)
        .args(shards);
    cmd
}

#[test]
fn farm_inputs_that_panicked_are_bad_input() {
    let dir = scratch("farm-panics");
    let (s1, s2) = shards(&dir, &list(&dir));
    for shard in [[0u32, 2], [5, 2], [1, 4_000_000_000]] {
        edit_results(&s1, |v| v["shard"] = serde_json::json!(shard));
        refused(
            &format!("merge of shard {shard:?}"),
            merge(&dir.join("m"), &[&s1, &s2]),
            2,
            &["results.json", "shard", "1 ≤ K ≤ N ≤ 10000"],
        );
    }
    edit_results(&s1, |v| {
        v["shard"] = serde_json::json!([1, 2]);
        v["jobs"][0]["outcome"]["seconds"] = serde_json::json!(1e300);
    });
    refused(
        "endless seconds",
        merge(&dir.join("m"), &[&s1, &s2]),
        2,
        &["jobs[0].outcome.seconds"],
    );
    assert!(!dir.join("m").exists(), "nothing merged");
    let f = replay_file(&dir, "jitter.json", "\"jitter\":0.05", "\"jitter\":1e308");
    refused(
        "jitter 1e308",
        replay(&f),
        2,
        &["jitter.json", "timing.jitter", "< 0.2"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn farm_never_writes_through_a_link_planted_among_its_files() {
    let dir = scratch("farm-links");
    let victims = Victims::new(&dir);
    let l = list(&dir);
    let out = dir.join("out");
    let o = regress(&l, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // Links to the file and to the device, and a hard link, at the names of
    // the job files a second run writes, and at the report's.
    let job = out.join("jobs/k/000");
    std::os::unix::fs::symlink(&victims.file, job.join("x")).expect("symlink");
    std::fs::rename(job.join("x"), job.join("output.txt")).expect("plant");
    std::fs::remove_file(job.join("job.json")).expect("rm");
    std::fs::hard_link(&victims.file, job.join("job.json")).expect("hard link");
    std::fs::remove_file(job.join("result.json")).expect("rm");
    std::os::unix::fs::symlink(&victims.dev, job.join("result.json")).expect("symlink");
    std::fs::remove_file(out.join("summary.md")).expect("rm");
    std::os::unix::fs::symlink(&victims.file, out.join("summary.md")).expect("symlink");
    std::fs::remove_file(out.join("results.json")).expect("rm");
    std::os::unix::fs::symlink(dir.join("nothing"), out.join("results.json")).expect("dangling");
    let o = regress(&l, &out, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    victims.unchanged("a second run over planted links");
    assert!(
        !dir.join("nothing").exists(),
        "a dangling link was followed"
    );
    for f in ["output.txt", "job.json", "result.json"] {
        let m = std::fs::symlink_metadata(job.join(f)).expect("meta");
        assert!(m.is_file(), "{f} is the run's own file again");
    }
    assert!(std::fs::read_to_string(job.join("result.json"))
        .expect("read")
        .contains("\"pass\""));
    // A folder of the run's that is a link to a folder outside: refused
    // before any job, nothing written there.
    let outside = dir.join("outside");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::rename(out.join("jobs"), dir.join("old-jobs")).expect("move");
    std::os::unix::fs::symlink(&outside, out.join("jobs")).expect("symlink");
    refused(
        "jobs/ a link",
        regress_cmd(&l, &out),
        3,
        &["jobs", "symbolic link", "not followed"],
    );
    assert!(names(&outside).is_empty(), "written into the link's folder");
    // Merged coverage files: a link at a merged file's name is replaced.
    let (s1, s2) = shards(&dir, &l);
    for (s, n) in [(&s1, "a.dat"), (&s2, "b.dat")] {
        edit_results(s, |v| v["coverage"] = serde_json::json!("coverage"));
        std::fs::create_dir_all(s.join("coverage")).expect("mkdir");
        std::fs::write(s.join("coverage").join(n), format!("counts of {n}")).expect("write");
    }
    let m = dir.join("m");
    std::fs::create_dir_all(m.join("coverage")).expect("mkdir");
    std::os::unix::fs::symlink(&victims.file, m.join("coverage/a.dat")).expect("symlink");
    std::os::unix::fs::symlink(&victims.dev, m.join("coverage/b.dat")).expect("symlink");
    let o = output_within(merge(&m, &[&s1, &s2]), LIMIT);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    victims.unchanged("merged coverage over planted links");
    assert_eq!(
        std::fs::read_to_string(m.join("coverage/a.dat")).expect("read"),
        "counts of a.dat"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn farm_never_hangs_on_a_fifo_or_an_endless_count() {
    let dir = scratch("farm-hangs");
    let (s1, s2) = shards(&dir, &list(&dir));
    let pipe = fifo(&dir, "pipe");
    edit_results(&s1, |v| v["list"] = serde_json::json!(pipe));
    // The list is only read to order the jobs: a FIFO there is not waited on.
    let o = output_within(merge(&dir.join("m"), &[&s1, &s2]), LIMIT);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_file(s1.join("results.json"));
    std::os::unix::fs::symlink(&pipe, s1.join("results.json")).expect("symlink");
    refused(
        "results.json a FIFO",
        merge(&dir.join("m2"), &[&s1, &s2]),
        2,
        &["results.json", "FIFO"],
    );
    let f = replay_file(
        &dir,
        "long.json",
        "[[100000,true]]",
        &format!("[{}]", vec!["[4294967295,true]"; 50].join(",")),
    );
    refused(
        "50 endless presses",
        replay(&f),
        2,
        &["long.json", "stretches"],
    );
    let f = replay_file(&dir, "hold.json", "[[100000,true]]", "[[4294967295,true]]");
    refused(
        "one endless press",
        replay(&f),
        2,
        &["hold.json", "cycles; at most"],
    );
    refused("a replay file that is a FIFO", replay(&pipe), 2, &["FIFO"]);
    let mut worker = generals();
    worker.args([
        "regress",
        "job",
        "--dir=x",
        "--test=k",
        "--kind=kbd",
        "--index=0",
        "--seed=1",
        "--budget=18446744073709551615",
    ]);
    refused("the worker's budget", worker, 2, &["--budget"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_replay_file_is_bad_input_never_a_mismatch() {
    let dir = scratch("farm-replay");
    let ok = replay_file(&dir, "ok.json", "\"video\"", "\"video\"");
    let o = output_within(replay(&ok), LIMIT);
    assert_eq!(o.status.code(), Some(0), "the valid file: {}", stderr(&o));
    for (from, to, field) in [
        ("\"clock_hz\":15000", "\"clock_hz\":0", "timing.clock_hz"),
        ("\"map\":3", "\"map\":200", "actions[0].Start.map"),
        (
            "\"switches\":0",
            "\"switches\":255",
            "actions[0].Start.switches",
        ),
        ("[[100000,true]]", "[[10,true]]", "actions[0].Start.press"),
        ("[[100000,true]]", "[]", "actions[0].Start.press"),
        (
            "[[29,\"None\"]]",
            "[[29,{\"Glitch\":{\"bit\":3,\"len\":4294967295}}]]",
            "Glitch.len",
        ),
        (
            "[[29,\"None\"]]",
            "[[29,{\"Truncate\":{\"bits\":0}}]]",
            "Truncate.bits",
        ),
        (
            "\"gap_cycles\":2000",
            "\"gap_cycles\":4294967295",
            "timing.gap_cycles",
        ),
        (
            "\"timing\":null",
            "\"timing\":{\"clock_hz\":1,\"jitter\":0.0,\"gap_cycles\":2000}",
            "actions[1].Key.timing.clock_hz",
        ),
    ] {
        let f = replay_file(&dir, "bad.json", from, to);
        refused(
            &format!("{from} -> {to}"),
            replay(&f),
            2,
            &["bad.json", field],
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn farm_outputs_are_checked_before_the_first_job() {
    let dir = scratch("farm-plan");
    let l = list(&dir);
    // A folder where the report's file goes: refused before any job.
    let out = dir.join("out");
    std::fs::create_dir_all(out.join("results.json")).expect("mkdir");
    let o = refused(
        "results.json a folder",
        regress_cmd(&l, &out),
        3,
        &["results.json", "folder"],
    );
    assert!(!out.join("jobs").exists(), "jobs ran: {}", stderr(&o));
    // `-` is not a folder; a path starting with `-` is one like any other.
    let mut c = generals();
    c.args(["regress", "--quiet", "--list"])
        .arg(&l)
        .args(["--out", "-"]);
    refused("--out -", c, 2, &["--out -", "standard output"]);
    let o = output_within(
        {
            let mut c = generals();
            c.current_dir(&dir)
                .args(["regress", "--quiet", "--seed", "5", "--list"])
                .arg(&l)
                .arg("--out=-odd");
            c
        },
        LIMIT,
    );
    assert_eq!(o.status.code(), Some(0), "--out=-odd: {}", stderr(&o));
    assert!(dir.join("-odd/results.json").is_file());
    // Inputs are never outputs.
    let (s1, s2) = shards(&dir, &l);
    let before = std::fs::read(s1.join("results.json")).expect("read");
    refused(
        "merge --out s1 s1 s2",
        merge(&s1, &[&s1, &s2]),
        2,
        &["--out", "same"],
    );
    assert_eq!(
        std::fs::read(s1.join("results.json")).expect("read"),
        before
    );
    let r = replay_file(&dir, "r.json", "\"video\"", "\"video\"");
    let mut c = replay(&r);
    c.arg("--trace").arg(&r);
    refused("replay X --trace X", c, 2, &["--trace", "same"]);
    let mut c = replay(&r);
    c.args(["--trace", "-"]);
    refused("replay --trace -", c, 2, &["--trace -", "standard output"]);
    assert!(std::fs::read_to_string(&r)
        .expect("read")
        .contains("\"actions\""));
    // A merged coverage file that cannot be read is an error, not skipped.
    for s in [&s1, &s2] {
        edit_results(s, |v| v["coverage"] = serde_json::json!("coverage"));
        std::fs::create_dir_all(s.join("coverage")).expect("mkdir");
    }
    std::fs::create_dir_all(s2.join("coverage/sub.dat")).expect("mkdir");
    refused(
        "a coverage file that is a folder",
        merge(&dir.join("m"), &[&s1, &s2]),
        2,
        &["sub.dat", "folder"],
    );
    assert!(!dir.join("m").exists(), "nothing merged");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_destination_under_two_names_and_outputs_inside_outputs_are_refused() {
    let dir = scratch("two-names");
    let d = |p: &str| dir.join(p).to_str().expect("utf-8").to_string();
    let play = |extra: &[&str]| {
        let mut c = generals();
        c.args(["play", "--map", "3", "--keys", "D", "--quiet"])
            .args(extra);
        c
    };
    refused(
        "--state-json - --gif /proc/self/fd/1",
        play(&["--state-json", "-", "--gif", "/proc/self/fd/1"]),
        2,
        &["--gif /proc/self/fd/1", "--state-json -", "same"],
    );
    refused(
        "--state-json /dev/stdout --trace -",
        play(&["--state-json", "/dev/stdout", "--trace", "-"]),
        2,
        &["same"],
    );
    let mut c = generals();
    c.args(["speed", "record", "--stimulus", "-"]);
    refused(
        "speed record --stimulus -",
        c,
        2,
        &["--stimulus -", "standard output"],
    );
    refused(
        "a frame's name",
        play(&[
            "--frames",
            &d("f"),
            "--state-json",
            &d("f/frame_000001.png"),
        ]),
        2,
        &["--state-json", "frame_*.png"],
    );
    refused(
        "a mismatch picture's name",
        play(&["--mismatch-dir", &d("mm"), "--gif", &d("mm/diff.png")]),
        2,
        &["--gif", "diff.png"],
    );
    refused(
        "frames inside the state file",
        play(&["--frames", &d("x/f"), "--state-json", &d("x")]),
        2,
        &["--frames", "inside", "--state-json", "is a file"],
    );
    refused(
        "a trace inside the GIF",
        play(&["--gif", &d("g"), "--trace", &d("g/t.fst")]),
        2,
        &["--trace", "inside", "--gif"],
    );
    refused(
        "x.json/.",
        play(&["--state-json", &d("x.json/.")]),
        2,
        &["ends in `/.`"],
    );
    assert!(names(&dir).is_empty(), "nothing made: {:?}", names(&dir));
    let script = dir.join("s.keys");
    std::fs::write(&script, "D\n").expect("write");
    let mut c = generals();
    c.args(["golden", "--map", "3", "--script"])
        .arg(&script)
        .arg("--state-json")
        .arg(&script);
    refused("the script as the state file", c, 2, &["--script", "same"]);
    assert_eq!(std::fs::read_to_string(&script).expect("read"), "D\n");
    // Outputs side by side in one folder stay allowed.
    let o = output_within(
        play(&[
            "--frames",
            &d("all"),
            "--gif",
            &d("all/game.gif"),
            "--state-json",
            &d("all/s.json"),
        ]),
        LIMIT,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_coverage_report_is_written_whole_or_not_at_all() {
    let dir = scratch("cov-report");
    let runs = dir.join("runs");
    std::fs::create_dir_all(&runs).expect("mkdir");
    let out = dir.join("report");
    std::fs::create_dir_all(out.join("summary.txt")).expect("a folder at the third file");
    let mut c = generals();
    c.args(["coverage", "report"])
        .arg(&runs)
        .arg("--out")
        .arg(&out);
    refused("summary.txt a folder", c, 3, &["summary.txt", "folder"]);
    let mut left = names(&out);
    left.retain(|n| n != "summary.txt");
    assert!(left.is_empty(), "written before the check: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn messages_show_invisible_characters_escaped_and_name_the_option() {
    let dir = scratch("invisible");
    for (ch, code) in [
        ('\u{feff}', "feff"),
        ('\u{200b}', "200b"),
        ('\u{202e}', "202e"),
    ] {
        let bad = dir.join(format!("a{ch}b/"));
        let mut c = generals();
        c.args(["golden", "--map", "3", "--keys", "D", "--state-json"])
            .arg(&bad);
        let o = refused(&format!("U+{code}"), c, 2, &[&format!("\\u{{{code}}}")]);
        assert!(
            !stderr(&o).contains(ch),
            "U+{code} printed raw: {}",
            stderr(&o)
        );
    }
    let mut c = generals();
    c.args(["regress", "--shard", "-1/2"]);
    refused("--shard -1/2", c, 2, &["--shard", "K/N"]);
    let mut c = generals();
    c.args(["regress", "--test"])
        .arg(std::ffi::OsStr::from_bytes(b"ab\xff"));
    refused("invalid UTF-8", c, 2, &["--test", "not UTF-8"]);
    let _ = std::fs::remove_dir_all(&dir);
}
