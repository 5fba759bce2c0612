//! The hardware's parameters (docs/parameters.md, their one home) checked
//! three ways: the table against the board build (Icarus elaborates
//! `de2_115_top` with its defaults and prints each value through the
//! hierarchy), the table against what the bench's Verilated models report,
//! and the table against the bounds docs/rules.md sets. A parameter changed in the
//! RTL, in the bench's build or in the table alone fails here.

mod common;

use generals::env::driver::ps2::{DEVICE_HZ_MAX, DEVICE_HZ_MIN};
use generals::env::dut::{CoreDut, KbdDut};
use generals::env::scoreboard::core::{SCAN_CYCLES, SCAN_CYCLES_PER_CELL};
use generals::CLOCK_HZ;
use generals_golden::CELLS;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The rows of docs/parameters.md's table: the first name in back-quotes of
/// the "where" column, and the board value.
fn table() -> BTreeMap<String, u64> {
    let path = PathBuf::from(ROOT).join("docs/parameters.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rows = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with('|')) {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        // | what | where | board value | from |
        let (Some(place), Some(value)) = (cols.get(2), cols.get(3)) else {
            continue;
        };
        let Ok(value) = value.parse::<u64>() else {
            continue; // the header and its rule
        };
        let name = place
            .split('`')
            .nth(1)
            .unwrap_or_else(|| panic!("docs/parameters.md: no `name` in `{line}`"));
        assert!(
            rows.insert(name.to_string(), value).is_none(),
            "docs/parameters.md: {name} twice"
        );
    }
    rows
}

/// The value of `name` in the table.
fn row(rows: &BTreeMap<String, u64>, name: &str) -> u64 {
    *rows
        .get(name)
        .unwrap_or_else(|| panic!("docs/parameters.md has no row for {name}"))
}

/// The board build's parameters, as tb/icarus/params_tb.v prints them.
fn board() -> BTreeMap<String, u64> {
    board_of(false)
}

/// The values the board top builds its core with: the DE2-115's, or with
/// `ulx3s` the ULX3S's (its ECP5 primitives stood in for).
fn board_of(ulx3s: bool) -> BTreeMap<String, u64> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("params");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    // One file per call: the tests run in parallel, and two of them
    // elaborate the DE2-115's top at once.
    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let vvp = dir.join(format!(
        "params-{}-{}-{n}.vvp",
        if ulx3s { "ulx3s" } else { "de2-115" },
        std::process::id()
    ));
    let mut rtl = common::icarus::rtl_files(&[]);
    let mut defines = Vec::new();
    if ulx3s {
        rtl.push(PathBuf::from(ROOT).join("boards/ulx3s/ulx3s_top.v"));
        rtl.push(PathBuf::from(ROOT).join("tb/icarus/ecp5_stubs.v"));
        defines.push("ULX3S");
    }
    common::icarus::compile_with("params_tb", "tb/icarus/params_tb.v", &rtl, &vvp, &defines);
    let run = Command::new("vvp")
        .current_dir(ROOT)
        .arg("-n")
        .arg(&vvp)
        .output()
        .unwrap_or_else(|e| panic!("vvp not found ({e}): run scripts/setup"));
    assert!(
        run.status.success(),
        "vvp failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let mut values = BTreeMap::new();
    for line in String::from_utf8_lossy(&run.stdout).lines() {
        let Some((name, value)) = line.split_once(' ') else {
            continue;
        };
        let value: u64 = value
            .trim()
            .parse()
            .unwrap_or_else(|e| panic!("params_tb: `{line}`: {e}"));
        // Both buttons print theirs: they must agree.
        if let Some(old) = values.insert(name.to_string(), value) {
            assert_eq!(old, value, "two values of {name} on the board");
        }
    }
    values
}

/// Cycles of `us` microseconds at the board's clock.
fn cycles_of_us(us: f64) -> f64 {
    us * CLOCK_HZ as f64 / 1e6
}

#[test]
fn the_board_is_built_with_the_tables_values() {
    let rows = table();
    let board = board();
    for (name, value) in &board {
        let expected = row(&rows, name);
        let actual = if name == "keyboard.FIFO_DEPTH_LOG2" {
            1 << value
        } else {
            *value
        };
        assert_eq!(
            actual, expected,
            "{name}: the board build against docs/parameters.md"
        );
    }
    // Every row but the bench's own is a board parameter.
    let unchecked: Vec<&String> = rows
        .keys()
        .filter(|n| !board.contains_key(*n) && !n.starts_with("scoreboard::"))
        .collect();
    assert!(
        unchecked.is_empty(),
        "rows the board build does not print: {unchecked:?}"
    );
}

/// The ULX3S builds the same core with the same values (docs/board.md (the ULX3S): "same
/// parameters, same timing").
#[test]
fn the_ulx3s_builds_the_core_with_the_de2_115s_values() {
    let de2 = board();
    let ulx3s = board_of(true);
    assert!(!ulx3s.is_empty(), "the ULX3S's top printed nothing");
    assert_eq!(
        ulx3s, de2,
        "the ULX3S's core parameters against the DE2-115's"
    );
}

/// The bench builds both models with the board's values, all but `BOT_GAP`,
/// and its scoreboard's scan window is the table's.
#[test]
fn the_bench_models_report_the_tables_values() {
    let rows = table();
    let core = CoreDut::params();
    let kbd = KbdDut::params();
    for (what, k) in [
        ("the core's keyboard", core.kbd),
        ("the keyboard model", kbd),
    ] {
        assert_eq!(
            (
                u64::from(k.filter_cycles),
                u64::from(k.timeout_cycles),
                u64::from(k.arm_cycles),
                u64::from(k.fifo_depth)
            ),
            (
                row(&rows, "ps2_rx.FILTER_CYCLES"),
                row(&rows, "ps2_rx.TIMEOUT_CYCLES"),
                row(&rows, "ps2_rx.ARM_CYCLES"),
                row(&rows, "keyboard.FIFO_DEPTH_LOG2")
            ),
            "{what}: filter, timeout, re-arm, FIFO depth"
        );
    }
    assert_eq!(
        u64::from(core.debounce_cycles),
        row(&rows, "button.DEBOUNCE_CYCLES")
    );
    assert_eq!(
        u64::from(core.por_cycles),
        row(&rows, "generals_core.POR_CYCLES")
    );
    // Small, so that a machine's game takes seconds; never the board's.
    assert!(core.bot_gap > 0 && u64::from(core.bot_gap) < row(&rows, "machine_player.BOT_GAP"));
    assert_eq!(SCAN_CYCLES, row(&rows, "scoreboard::core::SCAN_CYCLES"));
}

/// The table's values within what docs/rules.md says of them.
#[test]
fn the_tables_values_are_within_the_spec() {
    let rows = table();
    let v = |name: &str| row(&rows, name) as f64;
    // §3: "default 1 ms = 50 000 cycles at 50 MHz".
    assert_eq!(v("button.DEBOUNCE_CYCLES"), cycles_of_us(1_000.0));
    assert!(v("generals_core.POR_CYCLES") >= 1.0);
    // §4: the device clock runs at 10 to 16.7 kHz; the driver jitters each
    // half-period by up to 15 %.
    let slowest_half = 1.15 * CLOCK_HZ as f64 / f64::from(DEVICE_HZ_MIN) / 2.0;
    let fastest_half = 0.85 * CLOCK_HZ as f64 / f64::from(DEVICE_HZ_MAX) / 2.0;
    let filter = v("ps2_rx.FILTER_CYCLES");
    assert!(
        filter > 1.0 && filter < fastest_half / 4.0,
        "the filter only takes glitches"
    );
    // §4: a gap "longer than the receiver's timeout (≈ 100 µs)" ends a frame.
    let timeout = v("ps2_rx.TIMEOUT_CYCLES");
    assert!((cycles_of_us(90.0)..=cycles_of_us(110.0)).contains(&timeout));
    assert!(
        timeout > slowest_half + filter,
        "no frame at 10 kHz times out"
    );
    // Re-arming: longer than the high phase at 10 kHz, within the timeout.
    let arm = v("ps2_rx.ARM_CYCLES");
    assert!(arm - filter > slowest_half && arm <= timeout);
    // §4: no command is ever lost: room for one at least.
    assert!(v("keyboard.FIFO_DEPTH_LOG2") >= 1.0);
    // §8: "default 10 000 000 = 0.2 s".
    assert_eq!(v("machine_player.BOT_GAP"), cycles_of_us(200_000.0));
    // docs/display.md, "Snapshot": one cell per 19 cycles, within vblank.
    assert_eq!(SCAN_CYCLES, CELLS as u64 * SCAN_CYCLES_PER_CELL);
    assert!(v("scoreboard::core::SCAN_CYCLES") < 45.0 * 800.0 * 2.0);
}
