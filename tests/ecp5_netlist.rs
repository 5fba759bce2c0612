//! The netlist that becomes the bitstream, co-simulated: yosys's `synth_ecp5`
//! maps `generals_core` to the ECP5's cells (LUT4s, flip-flops, carry cells,
//! block RAMs, LUT RAMs, wide-function muxes; tb/dut/build.rs), Verilator
//! compiles that netlist with yosys's models of those cells and this
//! project's model of the block RAM (tb/ecp5/), and the same bench — drivers,
//! scoreboard, golden models, VGA monitor — plays a whole machine-against-
//! machine game on it with every check on, beside the same game on the RTL.
//! What the generic netlist of tests/netlist.rs cannot show shows here: a
//! memory whose mapping to block or LUT RAM changed its read timing, its
//! initial contents (the map ROM, the font, the icons: INITVALs), its
//! byte enables or its behaviour when read and written at once, or logic
//! packed wrongly into carry chains and LUTs.

mod common;

use common::{maps, opts, run_opts};
use generals::env::dut::CoreModel;
use generals::run::play::PlayReport;
use generals_golden::machine::Seats;
use generals_golden::{run_with_machine, Phase};

/// Machine against machine on map 92, the shortest whole game (35 rounds,
/// tests/machine.rs), on `model`.
fn machine_game(model: CoreModel, name: &str) -> PlayReport {
    let mut o = opts(92, &[], name);
    o.seats = Seats {
        red: true,
        blue: true,
    };
    o.model = model;
    run_opts(&o)
}

#[test]
fn the_ecp5_netlist_plays_a_whole_machine_game_as_the_rtl_does() {
    let rtl = machine_game(CoreModel::Rtl, "ecp5-rtl");
    let ecp5 = machine_game(CoreModel::Ecp5, "ecp5-netlist");
    eprintln!(
        "ECP5 netlist: {} cycles in {:.1} s, {:.0} cycles/s (the RTL: {:.1} s)",
        ecp5.cycles,
        ecp5.seconds,
        ecp5.cycles as f64 / ecp5.seconds,
        rtl.seconds
    );
    let golden = run_with_machine(
        92,
        &[],
        &maps(),
        Seats {
            red: true,
            blue: true,
        },
        None,
    )
    .unwrap_or_else(|e| panic!("golden: {e}"));
    assert_eq!(
        ecp5.state, golden,
        "the ECP5 netlist ends where the golden runner ends"
    );
    assert_eq!(ecp5.state.phase, Phase::GameOver);
    assert_eq!(ecp5.state.round, 35);
    assert!(ecp5.stats.machine_commands > 100, "{:?}", ecp5.stats);
    assert!(ecp5.vga.frames_checked >= 2, "{:?}", ecp5.vga);
    assert_eq!(
        ecp5.state, rtl.state,
        "the ECP5 netlist ends where the RTL ends"
    );
    assert_eq!(ecp5.stats, rtl.stats, "the same commands, moves and rounds");
    assert_eq!(ecp5.vga, rtl.vga, "the same frames, every pixel checked");
    assert_eq!(ecp5.cycles, rtl.cycles, "cycle for cycle");
}
