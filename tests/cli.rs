//! The `generals` command line as a person meets it: no panic on a closed
//! pipe or a full disk, outputs checked before any simulation, and messages
//! that name the problem. Runs the built binary.

mod common;
#[path = "cli/farm.rs"]
mod farm;

use common::x11::{start_xvfb, Children};
use std::fs::File;
use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn generals() -> Command {
    Command::new(env!("CARGO_BIN_EXE_generals"))
}

/// `generals play` of one key (`D`) on map 3, quiet: the run most of these
/// tests give their outputs to.
const PLAY_D: [&str; 6] = ["play", "--map", "3", "--keys", "D", "--quiet"];

/// [`PLAY_D`] with the options `extra`, run.
fn play_d(extra: &[&str]) -> Output {
    run(&[&PLAY_D[..], extra].concat())
}

fn run(args: &[&str]) -> Output {
    generals()
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run generals {args:?}: {e}"))
}

/// A fresh scratch folder for one test, `generals-<tag>-<pid>` in the
/// system's temporary folder.
fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("generals-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A character device made in `dir` (never the system's own): `full` is
/// (1, 7), whose writes fail with "no space", `null` (1, 3). Needs root,
/// as CI has.
fn device(dir: &Path, name: &str, minor: u32) -> PathBuf {
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    let status = Command::new("mknod")
        .arg(&path)
        .args(["c", "1", &minor.to_string()])
        .status()
        .expect("run mknod");
    assert!(status.success(), "mknod {}: needs root", path.display());
    path
}

/// A named pipe made in `dir`.
fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    let status = Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("run mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
    path
}

fn is_char_device(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_char_device())
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
}

/// The names in folder `d`, sorted.
fn names(d: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `cmd` to its end, killing it (and failing the test) if it takes
/// longer than `limit`: a hang fails rather than stalls the suite.
fn output_within(mut cmd: Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let t = Instant::now();
    while matches!(child.try_wait(), Ok(None)) {
        if t.elapsed() > limit {
            let _ = child.kill();
            let o = child.wait_with_output().expect("wait");
            panic!("{cmd:?} still ran after {limit:?}: {}", stderr(&o));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("wait")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_no_panic(what: &str, o: &Output) {
    let err = stderr(o);
    assert!(
        !err.contains("panicked") && o.status.code() != Some(101),
        "{what}: panicked: {err}"
    );
}

/// stdout is a pipe whose reader has gone: the command ends quietly, exit 0.
fn closed_pipe(args: &[&str]) {
    let mut child = generals()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take()); // the reader closes at once
    let o = child.wait_with_output().expect("wait");
    assert_no_panic(&format!("{args:?} | true"), &o);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert!(
        !stderr(&o).contains("error"),
        "{args:?}: a closed pipe is not an error: {}",
        stderr(&o)
    );
}

/// stdout is a full device (made in a scratch folder): an output error,
/// exit 3, naming standard output.
fn full_device(args: &[&str]) {
    let dir = scratch("stdout-full");
    let full = File::options()
        .write(true)
        .open(device(&dir, "full", 7))
        .expect("the full device");
    let o = generals().args(args).stdout(full).output().expect("run");
    assert_no_panic(&format!("{args:?} > /dev/full"), &o);
    assert_eq!(o.status.code(), Some(3), "{args:?}: {}", stderr(&o));
    assert!(
        stderr(&o).contains("standard output: cannot write"),
        "{args:?}: {}",
        stderr(&o)
    );
}

#[test]
fn output_never_panics() {
    for args in [
        &["golden", "--map", "3", "--keys", "D"][..],
        &["maps", "show", "3"],
        &PLAY_D,
        &["kbd", "--bytes", "20", "--quiet", "--seed", "1"],
        &["--help"],
        &["play", "--help"],
    ] {
        closed_pipe(args);
        full_device(args);
    }
}

#[test]
fn unwritable_outputs_fail_before_the_simulation() {
    let scratch = scratch("cli");
    let a_file = scratch.join("a-file");
    std::fs::write(&a_file, "x").expect("write");
    let below_file = a_file.join("sub");
    let below = below_file.to_str().expect("utf-8 path");
    let dir = scratch.to_str().expect("utf-8 path");
    for (flag, value) in [
        ("--state-json", below),
        ("--state-json", dir),
        ("--frames", below),
        ("--gif", &format!("{below}/g.gif")),
        ("--trace", &format!("{below}/t.fst")),
        ("--mismatch-dir", below),
    ] {
        let t = Instant::now();
        let o = play_d(&[flag, value]);
        assert_eq!(o.status.code(), Some(3), "{flag} {value}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write"),
            "{flag}: {}",
            stderr(&o)
        );
        assert!(
            !stderr(&o).contains("pass:"),
            "{flag}: the check must come before the run"
        );
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "{flag}: reported only after {:?}",
            t.elapsed()
        );
    }
    // The check leaves nothing behind, and an existing file keeps its content
    // when the run is refused for another reason.
    std::fs::write(scratch.join("state.json"), "old").expect("write");
    let state = scratch.join("state.json");
    let o = run(&[
        "golden",
        "--map",
        "3",
        "--keys",
        "JUMP",
        "--state-json",
        state.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&state).expect("read"), "old");
    let o = run(&["maps", "gen", "--out", &format!("{below}/maps")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("cannot write"), "{}", stderr(&o));
    // An output folder that is a file is named as such.
    let file = a_file.to_str().expect("utf-8");
    for args in [
        &["demo", "--out", file][..],
        &["maps", "gen", "--out", file],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(
            stderr(&o).contains("exists and is not a folder"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

/// A link to a file is written through (the link stays, its target gets
/// the output); a folder is refused; the final state goes to a device as to
/// a file.
#[test]
fn outputs_to_devices_and_links() {
    let scratch = scratch("dev");
    let target = scratch.join("target.fst");
    std::fs::write(&target, "keep").expect("write");
    let link = scratch.join("link.fst");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let o = play_d(&["--trace", link.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(is_link(&link), "the link is still a link");
    let fst = std::fs::read(&target).expect("read");
    assert!(fst.len() > 1000, "the waveform went to the link's target");
    let dir = scratch.join("dir.fst");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.to_str().expect("utf-8");
    let o = play_d(&["--trace", path]);
    assert_eq!(o.status.code(), Some(3), "--trace {path}: {}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("--trace {path}: cannot write")),
        "{}",
        stderr(&o)
    );
    let null = device(&scratch, "null", 3);
    for path in [null.to_str().expect("utf-8"), "/dev/stdout"] {
        let o = run(&["golden", "--map", "3", "--keys", "D", "--state-json", path]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "--state-json {path}: {}",
            stderr(&o)
        );
    }
    assert!(is_char_device(&null), "a device stays a device");
    let o = run(&[
        "golden",
        "--map",
        "3",
        "--keys",
        "D",
        "--state-json",
        "/dev/stdout",
    ]);
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("\"phase\":\"playing\""),
        "the state reached stdout: {}",
        String::from_utf8_lossy(&o.stdout)
    );
    // A reader that has gone: quiet, as with `-`.
    closed_pipe(&[
        "golden",
        "--map",
        "3",
        "--keys",
        "D",
        "--state-json",
        "/dev/stdout",
    ]);
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn options_are_checked_with_one_message_each() {
    for (args, needle) in [
        (
            &["golden", "--map", "-1", "--keys", "D"][..],
            "map numbers are 0 … 127",
        ),
        (
            &["golden", "--map=-1", "--keys", "D"],
            "map numbers are 0 … 127",
        ),
        (
            &["golden", "--map", "128", "--keys", "D"],
            "map numbers are 0 … 127",
        ),
        (&["maps", "show", "128"], "map numbers are 0 … 127"),
        (&["maps", "show", "-1"], "map numbers are 0 … 127"),
        (
            &["play", "--map", "3"],
            "give --keys, --script or --machine",
        ),
        (
            &[
                "play", "--map", "3", "--keys", "D", "--frames", "x", "--every", "0",
            ],
            "1 … 1000000",
        ),
        (
            &["play", "--map", "3", "--keys", "D", "--every", "2"],
            "--frames",
        ),
        (&["golden", "--map", "3", "--keys", "RAW E0 7G"], "column 8"),
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_binary_script_file_gives_a_clean_message() {
    let path = std::env::temp_dir().join(format!("generals-cli-bin-{}.keys", std::process::id()));
    // Control characters, and bytes that are not UTF-8: each named by its
    // line and column, nothing echoed raw.
    for (bytes, place) in [
        (&b"W \x1b[2J\x07 S"[..], "line 1, column 3"),
        (b"W S\nD \xff\xfe A", "line 2, column 3"),
    ] {
        std::fs::write(&path, bytes).expect("write");
        let o = run(&[
            "golden",
            "--map",
            "3",
            "--script",
            path.to_str().expect("utf-8"),
        ]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert!(err.contains(place), "{err}");
        assert!(
            !err.trim_end().chars().any(|c| c.is_control() && c != '\n'),
            "control characters echoed: {err:?}"
        );
    }
    let _ = std::fs::remove_file(&path);
    // `-` reads the script from standard input.
    let mut child = generals()
        .args(["golden", "--map", "3", "--script", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), b"D").expect("write stdin");
    let o = child.wait_with_output().expect("wait");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("\"cursor\":{\"red\":[3,"), "{out}");
}

/// A frame file that fails during the run (the GIF on a full device) is an
/// output error naming the option and the file, exit 3: not bad input, and
/// not a mismatch. The device stays a device.
#[test]
fn a_frame_write_failing_mid_run_is_an_output_error() {
    let scratch = scratch("gif-full");
    let full = device(&scratch, "full", 7);
    let path = full.to_str().expect("utf-8");
    let o = play_d(&["--gif", path]);
    assert_no_panic("--gif full", &o);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("--gif {path}: cannot write")),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("FAIL"), "{}", stderr(&o));
    assert!(is_char_device(&full));
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn play_on_the_netlist_prints_what_the_rtl_prints() {
    let args = ["play", "--map", "3", "--keys", "RIGHT SPACE D", "--quiet"];
    let rtl = run(&args);
    let gates = run(&[&args[..], &["--netlist"]].concat());
    assert!(gates.status.success(), "{}", stderr(&gates));
    assert!(
        stderr(&gates).contains("gate-level netlist"),
        "the report says which model ran: {}",
        stderr(&gates)
    );
    assert!(rtl.status.success(), "{}", stderr(&rtl));
    assert!(!gates.stdout.is_empty());
    assert_eq!(gates.stdout, rtl.stdout, "the same final state");
}

/// `--netlist` takes the netlist's kind, `generic` when it is given alone
/// (followed by another option or last), and refuses any other: each run
/// here stops at its unwritable output, after the options were taken and
/// before a model runs (the ECP5 netlist's game: tests/ecp5_netlist.rs).
#[test]
fn netlist_takes_its_kind() {
    let scratch = scratch("netlist-kind");
    let dir = scratch.to_str().expect("utf-8 path");
    let game = ["play", "--map", "3", "--keys", "D", "--quiet"];
    for kind in [
        &["--netlist"][..],
        &["--netlist", "generic"],
        &["--netlist", "ecp5"],
    ] {
        let mut args = game.to_vec();
        args.extend_from_slice(kind);
        args.extend_from_slice(&["--state-json", dir]);
        let o = run(&args);
        assert_eq!(o.status.code(), Some(3), "{kind:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write"),
            "{kind:?}: {}",
            stderr(&o)
        );
    }
    let o = run(&[&game[..], &["--netlist", "ice40"]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("generic") && stderr(&o).contains("ecp5"),
        "the message names the kinds: {}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&scratch);
}

/// `maps show` draws a map that breaks the rules all the same, and says which
/// rules; a good map draws without a word.
#[test]
fn maps_show_warns_of_a_broken_map() {
    let dir = scratch("show");
    let o = run(&["maps", "gen", "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let hex = dir.join("maps.hex");
    let text = std::fs::read_to_string(&hex).expect("read");
    let o = run(&["maps", "show", "0", "--file", hex.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    // Word 1 (Blue's capital) made a copy of word 0 (Red's): two Red
    // capitals on one cell, no Blue one.
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = lines[0];
    std::fs::write(&hex, lines.join("\n") + "\n").expect("write");
    let o = run(&["maps", "show", "0", "--file", hex.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("map 0:"));
    let err = stderr(&o);
    assert!(
        err.contains("warning: map 0") && err.contains("0 Blue capital(s)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn machine_stats_prints_its_table() {
    let o = run(&["machine-stats"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("machine")).collect();
    assert_eq!(rows.len(), 3, "{text}");
    // Every game ends, and the machine beats the random mover on every map.
    for row in &rows {
        assert!(row.contains(" 0 "), "no undecided game: {row}");
    }
    assert!(
        rows[1].contains("128/128") && rows[2].contains("128/128"),
        "{text}"
    );
}

#[test]
fn machine_options_are_checked() {
    let o = run(&["golden", "--map", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--machine"), "{}", stderr(&o));
    let o = run(&["golden", "--map", "3", "--keys", "D", "--max-rounds", "4"]);
    assert_eq!(o.status.code(), Some(2), "--max-rounds needs --machine");
    let both = |rounds: &str| {
        run(&[
            "golden",
            "--map",
            "3",
            "--machine",
            "both",
            "--max-rounds",
            rounds,
        ])
    };
    assert_eq!(both("0").status.code(), Some(2), "rounds start at 1");
    let o = both("4");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("\"round\":5"), "{out}");
    assert!(
        out.contains("\"machine\":{\"red\":true,\"blue\":true}"),
        "{out}"
    );
}

/// The main job: the machine plays itself to GAME OVER on the RTL, every
/// cycle checked; the frames and the GIF are written and the final state is
/// the golden model's for the same game.
#[test]
fn demo_plays_the_machine_against_itself_to_game_over() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-demo");
    let _ = std::fs::remove_dir_all(&dir);
    let o = run(&["demo", "--quiet", "--out", &dir.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("by the machine"), "{text}");
    let golden = generals_golden::run_with_machine(
        9,
        &[],
        &generals_maps::committed_maps(),
        generals_golden::machine::Seats::from_switches(3),
        None,
    )
    .expect("the golden machine game on map 9");
    assert_eq!(golden.phase, generals_golden::Phase::GameOver);
    let written = std::fs::read_to_string(dir.join("final_state.json")).expect("final_state.json");
    assert_eq!(written.trim_end(), golden.to_json());
    let pngs = std::fs::read_dir(dir.join("frames"))
        .expect("frames")
        .count();
    assert!(pngs >= 3, "{pngs} PNG frames");
    let gif = std::fs::metadata(dir.join("game.gif")).expect("game.gif");
    assert!(
        gif.len() > 100_000,
        "a GIF of many frames: {} bytes",
        gif.len()
    );
}

/// Without a screen the live window cannot open: one message, exit 3.
#[test]
fn live_without_a_screen_says_so() {
    let o = generals()
        .args(["live", "--frames", "1"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run generals live");
    assert_no_panic("live without DISPLAY", &o);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot open the window") && stderr(&o).contains("Xvfb"),
        "{}",
        stderr(&o)
    );
}

/// Issue: outputs never replace or delete what the run does not own. `live
/// --state-file` writes into a device or a FIFO in place (a full device is
/// exit 3), through a link, and never touches a neighbour named like a
/// temporary file; a link to nothing is refused before the window opens.
#[test]
fn live_state_file_never_replaces_what_is_there() {
    common::x11::require_tools();
    let dir = scratch("live-state");
    let mut children = Children(Vec::new());
    let display = start_xvfb(&mut children);
    let live = |state: &Path| {
        let mut cmd = generals();
        cmd.args(["live", "--frames", "2", "--state-file"])
            .arg(state)
            .arg("--mismatch-dir")
            .arg(dir.join("mismatch"))
            .env("DISPLAY", &display);
        output_within(cmd, Duration::from_secs(60))
    };
    let full = device(&dir, "full", 7);
    let o = live(&full);
    assert_eq!(o.status.code(), Some(3), "a full device: {}", stderr(&o));
    assert!(stderr(&o).contains("--state-file"), "{}", stderr(&o));
    assert!(is_char_device(&full), "the device is still a device");
    let null = device(&dir, "null", 3);
    let o = live(&null);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(is_char_device(&null));
    // A FIFO: a reader gets one JSON object a frame; it stays a FIFO.
    let pipe = fifo(&dir, "pipe");
    let reader = {
        let pipe = pipe.clone();
        std::thread::spawn(move || std::fs::read_to_string(pipe).expect("read the FIFO"))
    };
    let o = live(&pipe);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = reader.join().expect("reader");
    assert!(text.lines().count() >= 2, "{text}");
    assert!(text.lines().all(|l| l.starts_with("{\"frame\":")), "{text}");
    assert!(std::fs::symlink_metadata(&pipe)
        .expect("meta")
        .file_type()
        .is_fifo());
    // A link to a file: written through.
    let target = dir.join("target.json");
    std::fs::write(&target, "old").expect("write");
    let link = dir.join("link.json");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let o = live(&link);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(is_link(&link));
    assert!(std::fs::read_to_string(&target)
        .expect("read")
        .starts_with("{\"frame\":"));
    // A neighbour named like the old temporary file is not touched.
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).expect("dir");
    std::fs::write(sub.join("st.tmp"), "mine").expect("write");
    let o = live(&sub.join("st.json"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(sub.join("st.tmp")).expect("read"),
        "mine"
    );
    assert_eq!(names(&sub), ["st.json", "st.tmp"], "no temporary left");
    // A link to nothing: refused before the window, left as it was.
    let dangling = dir.join("dangling.json");
    std::os::unix::fs::symlink(dir.join("nothing"), &dangling).expect("symlink");
    let t = Instant::now();
    let o = live(&dangling);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("symbolic link to nothing"),
        "{}",
        stderr(&o)
    );
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(is_link(&dangling) && !dir.join("nothing").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A link to nothing among the outputs is refused before the run, and
/// nothing is made or removed: not the link's target, not the link.
#[test]
fn dangling_links_are_refused_before_the_run() {
    let dir = scratch("dangling");
    let dangling = dir.join("dang.json");
    std::os::unix::fs::symlink(dir.join("nothing.json"), &dangling).expect("symlink");
    let o = play_d(&[
        "--state-json",
        dangling.to_str().expect("utf-8"),
        "--trace",
        "/proc/version/x",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(is_link(&dangling), "the link stays");
    assert_eq!(names(&dir), ["dang.json"], "nothing made");
    // demo --out D with D/final_state.json a link to nothing and D/game.gif
    // a link to a full device.
    let out = dir.join("demo");
    std::fs::create_dir_all(&out).expect("dir");
    let full = device(&dir, "full", 7);
    std::os::unix::fs::symlink(dir.join("gone.json"), out.join("final_state.json"))
        .expect("symlink");
    std::os::unix::fs::symlink(&full, out.join("game.gif")).expect("symlink");
    let o = run(&["demo", "--quiet", "--out", out.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("final_state.json"), "{}", stderr(&o));
    assert_eq!(
        names(&out),
        ["final_state.json", "game.gif"],
        "nothing made"
    );
    assert!(is_link(&out.join("final_state.json")) && is_link(&out.join("game.gif")));
    assert!(is_char_device(&full));
    let _ = std::fs::remove_dir_all(&dir);
}

/// An output that fails at the end of a run (the GIF into a full device
/// through a link) fails the run, exit 3; the link and the device stay, the
/// final state is not written, and no temporary file is left.
#[test]
fn an_output_failing_at_the_end_leaves_the_rest_as_it_was() {
    let dir = scratch("demo-full");
    let out = dir.join("demo");
    std::fs::create_dir_all(&out).expect("dir");
    let full = device(&dir, "full", 7);
    std::os::unix::fs::symlink(&full, out.join("game.gif")).expect("symlink");
    let o = run(&["demo", "--quiet", "--out", out.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("game.gif: cannot write"),
        "{}",
        stderr(&o)
    );
    assert!(is_link(&out.join("game.gif")) && is_char_device(&full));
    assert!(!out.join("final_state.json").exists());
    let left: Vec<String> = names(&out)
        .into_iter()
        .filter(|n| n.starts_with(".generals"))
        .collect();
    assert!(left.is_empty(), "temporaries left: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `maps gen` writes its files whole or not at all: with `maps.hex` a link
/// to a full device, the old `maps.mif` is left as it was.
#[test]
fn maps_gen_never_leaves_a_pair_that_does_not_match() {
    let dir = scratch("maps-pair");
    std::fs::write(dir.join("maps.mif"), "old").expect("write");
    let full = device(&dir, "full", 7);
    std::os::unix::fs::symlink(&full, dir.join("maps.hex")).expect("symlink");
    let o = run(&["maps", "gen", "--out", dir.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("maps.hex: cannot write"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("maps.mif")).expect("read"),
        "old"
    );
    assert_eq!(names(&dir), ["full", "maps.hex", "maps.mif"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two outputs on one path are refused before the run, naming both.
#[test]
fn one_path_for_two_outputs_is_refused() {
    let dir = scratch("same-path");
    let x = dir.join("x");
    let x = x.to_str().expect("utf-8");
    for extra in [&["--gif", x][..], &["--trace", x], &["--frames", x]] {
        let o = play_d(&[&["--state-json", x][..], extra].concat());
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("--state-json") && err.contains(extra[0]) && err.contains("same"),
            "{err}"
        );
    }
    assert!(names(&dir).is_empty(), "nothing made");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every count has a bound, and a number out of range names its option and
/// the range; none of these runs for ever.
#[test]
fn every_number_has_a_bound_and_names_its_option() {
    let dir = scratch("bounds");
    let stim = dir.join("years.stim");
    std::fs::write(&stim, "4294967295 f\n".repeat(4)).expect("write");
    let stim = stim.to_str().expect("utf-8");
    for (args, needle) in [
        (
            &["play", "--map", "3", "--keys", "WAIT 4294967295"][..],
            "0 … 216000",
        ),
        (
            &[
                "play",
                "--map",
                "3",
                "--keys",
                "WAIT 216000 WAIT 216000 WAIT 216000",
            ],
            "a run waits at most 432000 frames",
        ),
        (
            &["play", "--map", "3", "--keys", "D", "--pace", "4294967295"],
            "--pace",
        ),
        (&["fuzz", "--keys", "18446744073709551615"], "--keys"),
        (&["kbd", "--bytes", "18446744073709551615"], "--bytes"),
        (
            &["speed", "run", "--variant", "cxx", "--stimulus", stim],
            "more than 10000000000 cycles",
        ),
        (
            &["play", "--map", "3", "--keys", "D", "--pace", "-1"],
            "--pace",
        ),
        (&["fuzz", "--seed", "-1"], "--seed"),
        (&["demo", "--every", "-5"], "--every"),
        (&["fuzz", "--keys", "-1"], "--keys"),
        (
            &[
                "golden",
                "--map",
                "3",
                "--machine",
                "red",
                "--max-rounds",
                "-1",
            ],
            "--max-rounds",
        ),
    ] {
        let t = Instant::now();
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(
            !stderr(&o).contains("unexpected argument"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "{args:?} took {:?}",
            t.elapsed()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// SIGINT or SIGTERM mid-run: the process ends by the signal, and no output
/// file, temporary or empty, is left behind (the folders it made go too).
#[test]
fn an_interrupted_run_leaves_nothing_behind() {
    for signal in ["INT", "TERM"] {
        let dir = scratch(&format!("interrupt-{signal}"));
        let mut child = generals()
            .args(["play", "--map", "3", "--keys", "WAIT 3000", "--quiet"])
            .arg("--gif")
            .arg(dir.join("new/g.gif"))
            .arg("--state-json")
            .arg(dir.join("st.json"))
            .arg("--trace")
            .arg(dir.join("t.fst"))
            .arg("--mismatch-dir")
            .arg(dir.join("mm"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        std::thread::sleep(Duration::from_millis(1500));
        assert!(matches!(child.try_wait(), Ok(None)), "still running");
        let pid = child.id().to_string();
        assert!(Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .expect("kill")
            .success());
        let o = child.wait_with_output().expect("wait");
        let number = if signal == "INT" { 2 } else { 15 };
        assert_eq!(o.status.signal(), Some(number), "{}", stderr(&o));
        assert!(names(&dir).is_empty(), "left behind: {:?}", names(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Messages for paths: an empty path names its option; a path ending in `/`
/// that names no folder says so; a file name with control characters is
/// shown escaped; a script starting with a byte-order mark reads as without.
#[test]
fn path_messages_name_the_option_and_escape_the_name() {
    let dir = scratch("path-messages");
    let o = run(&["golden", "--map", "3", "--keys", "D", "--state-json", ""]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--state-json: the path is empty"),
        "{}",
        stderr(&o)
    );
    let gdir = format!("{}/gdir/", dir.display());
    let o = play_d(&["--gif", &gdir]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--gif") && stderr(&o).contains("there is no folder"),
        "{}",
        stderr(&o)
    );
    let odd = dir.join("bad\x1b[31mname\n.mif");
    std::fs::write(&odd, "WIDTH=3;").expect("write");
    let o = generals()
        .args(["maps", "check"])
        .arg(&odd)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let all = stderr(&o) + &String::from_utf8_lossy(&o.stdout);
    assert!(all.contains("\\u{1b}[31mname\\n.mif"), "{all}");
    assert!(
        !all.contains('\x1b'),
        "an escape reached the terminal: {all:?}"
    );
    let bom = dir.join("bom.keys");
    std::fs::write(&bom, "\u{feff}SPACE D\n").expect("write");
    let o = run(&[
        "golden",
        "--map",
        "3",
        "--script",
        bom.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let plain = run(&["golden", "--map", "3", "--keys", "SPACE D"]);
    assert_eq!(o.stdout, plain.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `generals mutant` and `play --mutant` in a build without the generated
/// mutants' design (every build but `scripts/mutants --generate`'s): a
/// clear error, exit 2, naming how to build one; bad ranges are refused.
#[test]
fn mutant_without_the_generated_design_is_bad_input() {
    for args in [
        &["mutant", "0"][..],
        &["mutant", "3..5"],
        &["play", "--map", "1", "--keys", "D", "--mutant", "1"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("scripts/mutants --generate"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert_no_panic(&format!("{args:?}"), &o);
    }
    for bad in ["5..3", "x", "-1", "1..", "4294967296"] {
        let o = run(&["mutant", bad]);
        assert_eq!(o.status.code(), Some(2), "mutant {bad}: {}", stderr(&o));
        assert_no_panic(&format!("mutant {bad}"), &o);
    }
    let o = run(&[
        "play",
        "--map",
        "1",
        "--keys",
        "D",
        "--mutant",
        "1",
        "--netlist",
    ]);
    assert_eq!(
        o.status.code(),
        Some(2),
        "--mutant with --netlist: {}",
        stderr(&o)
    );
}
