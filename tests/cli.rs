//! The `generals` command line as a person meets it: no panic on a closed
//! pipe or a full disk, outputs checked before any simulation, and messages
//! that name the problem. Runs the built binary.

use std::fs::File;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn generals() -> Command {
    Command::new(env!("CARGO_BIN_EXE_generals"))
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

/// stdout is /dev/full: an output error, exit 3, naming standard output.
fn full_device(args: &[&str]) {
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
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
        &["play", "--map", "3", "--keys", "D", "--quiet"],
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
        let o = run(&["play", "--map", "3", "--keys", "D", "--quiet", flag, value]);
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

/// The waveform writer replaces whatever is at its path: anything there but
/// a regular file is refused and left as it was (a symbolic link and a
/// folder here; not a device, which a lost check would destroy). The final
/// state goes to a device as to a file.
#[test]
fn outputs_to_devices_and_links() {
    let scratch = scratch("dev");
    let target = scratch.join("target.txt");
    std::fs::write(&target, "keep").expect("write");
    let link = scratch.join("link.fst");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let dir = scratch.join("dir.fst");
    std::fs::create_dir_all(&dir).expect("dir");
    for path in [link.to_str().expect("utf-8"), dir.to_str().expect("utf-8")] {
        let o = run(&[
            "play", "--map", "3", "--keys", "D", "--quiet", "--trace", path,
        ]);
        assert_eq!(o.status.code(), Some(3), "--trace {path}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write") && stderr(&o).contains(path),
            "--trace {path}: {}",
            stderr(&o)
        );
    }
    let meta = std::fs::symlink_metadata(&link).expect("link");
    assert!(meta.file_type().is_symlink(), "the link is still a link");
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "keep");
    for path in ["/dev/null", "/dev/stdout"] {
        let o = run(&["golden", "--map", "3", "--keys", "D", "--state-json", path]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "--state-json {path}: {}",
            stderr(&o)
        );
    }
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
/// output error naming the file and the encoder's cause, exit 3: not bad
/// input, and not a mismatch.
#[test]
fn a_frame_write_failing_mid_run_is_an_output_error() {
    let o = run(&[
        "play",
        "--map",
        "3",
        "--keys",
        "D",
        "--quiet",
        "--gif",
        "/dev/full",
    ]);
    assert_no_panic("--gif /dev/full", &o);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("/dev/full: cannot write GIF"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("FAIL"), "{}", stderr(&o));
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
