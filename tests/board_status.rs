//! The board's own displays (`rtl/board_status.v`, under Icarus): the round in
//! decimal on HEX4..HEX0 with leading zeros dark, the keyboard's error count
//! on LEDR, whose turn on LEDG. The segment patterns are written here from the
//! DE2-115 user manual (segments a..g on bits 0..6, lit when low), not taken
//! from the RTL.

mod common;

use common::board::expected;
use generals::env::dut::RTL_DIR;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::process::Command;

fn parse(line: &str) -> Vec<u32> {
    line.split_whitespace()
        .map(|w| u32::from_str_radix(w, 16).unwrap_or_else(|e| panic!("`{line}`: {e}")))
        .collect()
}

#[test]
fn displays_show_round_errors_and_turn() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("board-status");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let mut cases: Vec<[u32; 4]> = vec![
        [1, 1, 1, 0],
        [1, 2, 9, 1],
        [1, 1, 10, 2],
        [1, 2, 99, 65_535],
        [1, 1, 100, 3],
        [2, 1, 1_000, 4],
        [2, 2, 10_007, 5],
        [1, 1, 65_535, 6],
        [0, 1, 42, 7],
        [1, 0, 5, 8],
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..40 {
        cases.push([
            rng.gen_range(0..3),
            rng.gen_range(1..3),
            rng.gen_range(0..=65_535),
            rng.gen_range(0..=65_535),
        ]);
    }
    let case_file = dir.join("cases.txt");
    let text: String = cases
        .iter()
        .map(|c| format!("{} {} {} {}\n", c[0], c[1], c[2], c[3]))
        .collect();
    std::fs::write(&case_file, text).expect("write cases");

    let vvp = dir.join("board_status.vvp");
    common::icarus::compile(
        "board_status_tb",
        "tb/icarus/board_status_tb.v",
        &[PathBuf::from(RTL_DIR).join("board_status.v")],
        &vvp,
    );
    let run = Command::new("vvp")
        .arg("-n")
        .arg(&vvp)
        .arg(format!("+cases={}", case_file.display()))
        .output()
        .expect("vvp runs");
    let text = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("VCD"))
        .collect();
    assert_eq!(lines.len(), cases.len() + 1, "one line per case:\n{text}");
    assert_eq!(
        parse(lines[0]),
        vec![0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0, 0],
        "after reset: all dark"
    );
    for (c, line) in cases.iter().zip(&lines[1..]) {
        assert_eq!(
            parse(line),
            expected(c[0], c[1], c[2], c[3]),
            "phase {} player {} round {} errors {}",
            c[0],
            c[1],
            c[2],
            c[3]
        );
    }
}
