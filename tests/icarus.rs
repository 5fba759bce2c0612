//! A second simulator, 4-state: the whole core under Icarus Verilog, driven
//! by `tb/icarus/replay_tb.v` with the very pin levels a checked Verilator
//! run drove (recorded per cycle). Icarus starts every register without a
//! power-up value at X, so this shows what a 2-state Verilator run hides:
//! after the power-on reset no output and no debug-port bit may be X or Z,
//! and the final state and the last frame must be the golden model's and
//! the golden renderer's, as they were in the Verilator run.

mod common;

use common::{maps, out_dir, steps};
use generals::env::core_env::{hold_cycles, CoreEnv};
use generals::env::driver::button::Press;
use generals::env::driver::ps2::Ps2Timing;
use generals::env::dut::CoreOut;
use generals::env::frames::write_mismatch_pngs;
use generals::env::monitor::state::decode_state;
use generals::env::scoreboard::core::FRAME_CYCLES;
use generals::run::play::{attach_vga_check, FrameOptions};
use generals_golden::{GameState, Phase};
use generals_golden_render as gr;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The Icarus model of the core with the replay bench, compiled once.
fn compile(dir: &Path) -> PathBuf {
    let vvp = dir.join("replay.vvp");
    let rtl = common::icarus::rtl_files(&["de2_115_top.v"]);
    common::icarus::compile("replay_tb", "tb/icarus/replay_tb.v", &rtl, &vvp);
    vvp
}

/// What the Icarus run printed: its final state and the last frame.
struct IcarusRun {
    state: GameState,
    frame: gr::Frame,
}

/// Replays `stimulus` (a file) for `cycles` cycles with every check on.
fn replay(vvp: &Path, stimulus: &Path, cycles: u64, frame_file: &Path) -> IcarusRun {
    let out = Command::new("vvp")
        .current_dir(ROOT) // $readmemh paths are relative to the repository
        .arg("-n")
        .arg(vvp)
        .arg(format!("+stimulus={}", stimulus.display()))
        .arg(format!("+cycles={cycles}"))
        .arg("+xcheck")
        .arg("+state")
        .arg(format!("+frame={}", frame_file.display()))
        .output()
        .expect("vvp runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "vvp failed:\n{text}");
    if let Some(x) = text.lines().find(|l| l.starts_with("X ")) {
        panic!("Icarus: X or Z after the power-on reset: {x} (X <cycle> <group> <bits>)");
    }
    let done = text
        .lines()
        .find_map(|l| l.strip_prefix("cycles "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse::<u64>().ok());
    assert_eq!(done, Some(cycles), "Icarus ran the whole stimulus:\n{text}");
    let words: Vec<u64> = text
        .lines()
        .find_map(|l| l.strip_prefix("state "))
        .unwrap_or_else(|| panic!("no state line:\n{text}"))
        .split_whitespace()
        .map(|w| u64::from_str_radix(w, 16).unwrap_or_else(|e| panic!("state word {w}: {e}")))
        .collect();
    assert_eq!(words.len(), 101, "scalars and 100 cells");
    let out_port = CoreOut {
        scalars: words[0],
        ..CoreOut::default()
    };
    let board: [u16; 100] = std::array::from_fn(|i| words[i + 1] as u16);
    let state = decode_state(&out_port, &board).unwrap_or_else(|e| panic!("Icarus state: {e}"));
    assert!(text.contains("frame written"), "no complete frame:\n{text}");
    let pixels: Vec<[u8; 3]> = std::fs::read_to_string(frame_file)
        .expect("frame file")
        .lines()
        .map(|l| {
            let v = u32::from_str_radix(l.trim(), 16).unwrap_or_else(|e| panic!("pixel {l}: {e}"));
            [(v >> 16) as u8, (v >> 8) as u8, v as u8]
        })
        .collect();
    assert_eq!(pixels.len(), gr::WIDTH * gr::HEIGHT, "a whole frame");
    IcarusRun {
        state,
        frame: gr::Frame { pixels },
    }
}

#[test]
fn four_state_simulation_agrees_with_verilator_and_the_golden_model() {
    let dir = out_dir("icarus");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let vvp = compile(&dir);

    // A short scripted game, checked every cycle in Verilator (core
    // the scoreboards and the VGA check), its pins recorded from power-up.
    let map = 3;
    let mut env = CoreEnv::with_recording(maps(), 1, Ps2Timing::default(), true)
        .unwrap_or_else(|m| panic!("{m}"));
    attach_vga_check(
        &mut env,
        &FrameOptions {
            mismatch_dir: dir.join("verilator-mismatch"),
            ..FrameOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let run = |env: &mut CoreEnv| -> Result<(), generals::env::scoreboard::Mismatch> {
        env.press_start(map, &Press::clean(hold_cycles()))?;
        for step in steps("D SPACE D") {
            env.run_step(map, &step)?;
        }
        env.drain()?;
        // Until the last complete frame shows the final state, and no
        // longer (Icarus's time is what the test costs): the next snapshot
        // latches it, and the frame drawn from it is complete one frame
        // later, at the fall of vsync 10 lines after its last visible line.
        let drained = env.dut.cycle;
        env.run_until(2 * FRAME_CYCLES, "a snapshot after the last command", |e| {
            e.sb.last_snapshot().is_some_and(|s| s >= drained)
        })?;
        env.run(FRAME_CYCLES + FRAME_CYCLES / 16)
    };
    run(&mut env).unwrap_or_else(|m| panic!("Verilator: {m}"));
    let golden = env.golden().clone();
    assert_eq!(golden.phase, Phase::Playing);
    assert_eq!(
        env.rtl_state().expect("decodable"),
        golden,
        "Verilator's final state"
    );
    let cycles = env.dut.cycle;
    assert!(cycles >= FRAME_CYCLES, "at least a frame: {cycles}");
    let stimulus = env.record.take().expect("recorded");
    let stim_file = dir.join("stimulus.txt");
    std::fs::write(&stim_file, stimulus.to_text()).expect("write stimulus");

    let icarus = replay(&vvp, &stim_file, cycles, &dir.join("last_frame.hex"));
    assert_eq!(icarus.state, golden, "Icarus's final state");
    let expected = gr::render(&golden);
    if let Some(i) =
        (0..expected.pixels.len()).find(|&i| expected.pixels[i] != icarus.frame.pixels[i])
    {
        let (x, y) = (i % gr::WIDTH, i / gr::WIDTH);
        let pictures = write_mismatch_pngs(
            &dir.join("icarus-mismatch"),
            &expected,
            &icarus.frame,
            (gr::WIDTH as u64 - 1, gr::HEIGHT as u64 - 1),
        )
        .unwrap_or_else(|e| e.to_string());
        panic!(
            "Icarus's last frame differs from the golden renderer's at ({x}, {y}): {:?} vs {:?}; pictures: {pictures}",
            expected.pixels[i], icarus.frame.pixels[i]
        );
    }
}

/// The widths of the signals `replay_tb.v` declares (`reg`/`wire`, with or
/// without a range).
fn declared_widths(text: &str) -> std::collections::HashMap<String, u32> {
    let mut widths = std::collections::HashMap::new();
    for line in text.lines() {
        let line = line.trim();
        let Some(rest) = line
            .strip_prefix("wire")
            .or_else(|| line.strip_prefix("reg"))
        else {
            continue;
        };
        let rest = rest.trim();
        let (width, names) = match rest.strip_prefix('[') {
            Some(r) => {
                let (range, names) = r.split_once(']').expect("a closed range");
                let (hi, lo) = range.split_once(':').expect("a [hi:lo] range");
                let (hi, lo): (u32, u32) = (
                    hi.trim().parse().expect("a number"),
                    lo.trim().parse().expect("a number"),
                );
                (hi - lo + 1, names)
            }
            None => (1, rest),
        };
        for name in names.trim_end_matches(';').split(',') {
            let name = name.split('=').next().unwrap_or("").trim();
            if !name.is_empty() {
                widths.insert(name.to_string(), width);
            }
        }
    }
    widths
}

/// The signals of a concatenation `{a, b, …}` that follows `marker`, with
/// each one's lowest bit and width (the last signal is bit 0).
fn concatenation(
    text: &str,
    marker: &str,
    widths: &std::collections::HashMap<String, u32>,
) -> Vec<(String, u32, u32)> {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("replay_tb.v has no `{marker}`"));
    let rest = &text[at + marker.len()..];
    let open = rest.find('{').expect("a concatenation");
    let close = rest.find('}').expect("a closed concatenation");
    let names: Vec<&str> = rest[open + 1..close].split(',').map(str::trim).collect();
    let mut lsb = 0;
    let mut fields = Vec::new();
    for name in names.iter().rev() {
        let w = *widths
            .get(*name)
            .unwrap_or_else(|| panic!("replay_tb.v does not declare `{name}`"));
        fields.push((name.to_string(), lsb, w));
        lsb += w;
    }
    fields
}

/// The Icarus bench packs the debug scalars and reads the levels byte as
/// the shim does: `tb/shim/shim.h` is the one home of both layouts
/// (`CORE_SCALAR_*`, `CORE_LEVEL_*`), and this holds the Verilog copy to it.
#[test]
fn the_icarus_bench_packs_as_the_shim() {
    use generals::env::dut::layout;
    let text = std::fs::read_to_string(Path::new(ROOT).join("tb/icarus/replay_tb.v"))
        .expect("tb/icarus/replay_tb.v");
    let widths = declared_widths(&text);
    let scalars = concatenation(&text, "dbg_state =", &widths);
    let expected: Vec<(String, u32, u32)> = layout::SCALARS
        .iter()
        .map(|&(n, lsb, w)| (n.to_string(), lsb, w))
        .collect();
    assert_eq!(
        scalars, expected,
        "replay_tb.v's dbg_state against shim.h's CORE_SCALAR_*"
    );
    let last = scalars.last().expect("fields");
    assert_eq!(last.1 + last.2, layout::SCALAR_BITS);
    let levels = concatenation(&text, "got == 2 && done < limit) begin", &widths);
    let expected: Vec<(String, u32)> = layout::LEVELS
        .iter()
        .map(|&(n, b)| (n.to_string(), b))
        .collect();
    let got: Vec<(String, u32)> = levels.iter().map(|(n, b, _)| (n.clone(), *b)).collect();
    assert_eq!(
        got, expected,
        "replay_tb.v's levels against shim.h's CORE_LEVEL_*"
    );
    let last = levels.last().expect("pins");
    assert_eq!(last.1 + last.2, layout::LEVEL_BITS);
}
