//! Gate-level co-simulation: yosys synthesises `generals_core` to generic
//! gates (tb/dut/build.rs), Verilator compiles that netlist, and the same bench —
//! drivers, scoreboard, golden model, VGA monitor — plays a game on it with
//! every check on. A difference between what the RTL simulates and what
//! synthesis builds (an `ifdef`'d ROM image, a `translate_off`, an initial
//! value synthesis drops) shows here, not on the board.

mod common;

use common::{maps, play_checked, POWER_UP_GAME};
use generals::env::core_env::CoreEnv;
use generals::env::driver::ps2::Ps2Timing;
use generals::env::dut::{CoreDut, CoreModel};

fn env_on(model: CoreModel, init_seed: u32) -> CoreEnv {
    let dut = CoreDut::open(model, init_seed).unwrap_or_else(|e| panic!("{e}"));
    CoreEnv::with_dut(dut, maps(), 1, Ps2Timing::default(), false)
        .unwrap_or_else(|m| panic!("{model:?} power-up: {m}"))
}

#[test]
fn the_netlist_plays_the_game_the_rtl_plays() {
    let rtl = play_checked(env_on(CoreModel::Rtl, 0), "netlist-rtl", 1, POWER_UP_GAME);
    let gates = play_checked(
        env_on(CoreModel::Netlist, 0),
        "netlist-gates",
        1,
        POWER_UP_GAME,
    );
    assert_eq!(gates.0, gates.1, "the netlist ends in the golden state");
    assert!(gates.2.moves >= 2, "the game moved troops: {:?}", gates.2);
    assert!(gates.3 >= 3, "frames checked: {}", gates.3);
    assert_eq!(gates, rtl, "the netlist's run equals the RTL's");
}

#[test]
fn the_netlist_does_not_depend_on_power_up_values() {
    let zero = play_checked(
        env_on(CoreModel::Netlist, 0),
        "netlist-zero",
        1,
        "SPACE Z W",
    );
    let random = play_checked(
        env_on(CoreModel::Netlist, 0x5eed),
        "netlist-seed",
        1,
        "SPACE Z W",
    );
    assert_eq!(random, zero, "random power-up values change the outcome");
}
