//! The design must not depend on what its registers hold at power-up. The
//! model is built with `--x-initial unique`: by default every register
//! without a power-up value starts at 0 (as on the FPGA), and with a seed it
//! starts random. The same scripted game, every cycle checked (scoreboard
//! and VGA monitor), must pass and end the same under the default and three
//! seeds.

mod common;

use common::{maps, play_checked, POWER_UP_GAME};
use generals::env::core_env::CoreEnv;
use generals::env::driver::ps2::Ps2Timing;

#[test]
fn random_power_up_values_change_nothing() {
    let fresh = |init: Option<u32>| {
        let env = match init {
            None => CoreEnv::new(maps(), 1, Ps2Timing::default()),
            Some(s) => CoreEnv::with_random_init(maps(), 1, Ps2Timing::default(), s),
        };
        env.unwrap_or_else(|m| panic!("power-up {init:?}: {m}"))
    };
    let reference = play_checked(fresh(None), "power-up-zero", 1, POWER_UP_GAME);
    assert_eq!(reference.0, reference.1, "the RTL ends in the golden state");
    assert!(
        reference.2.moves >= 2,
        "the game moved troops: {:?}",
        reference.2
    );
    assert!(reference.3 >= 3, "frames checked: {}", reference.3);
    for seed in [1, 0x5eed, 0xdead_beef] {
        let run = play_checked(
            fresh(Some(seed)),
            &format!("power-up-seed-{seed:x}"),
            1,
            POWER_UP_GAME,
        );
        assert_eq!(run, reference, "init seed {seed:#x}");
    }
}
