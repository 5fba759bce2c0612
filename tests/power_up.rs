//! The design must not depend on what its registers hold at power-up. The
//! model is built with `--x-initial unique`: by default every register
//! without a power-up value starts at 0 (as on the FPGA), and with a seed it
//! starts random. The same scripted game, every cycle checked (scoreboard
//! and VGA monitor), must pass and end the same under the default and three
//! seeds.

mod common;

use common::{maps, out_dir, steps};
use generals::app::{attach_monitor, FrameOptions};
use generals::core_env::{hold_cycles, CoreEnv};
use generals::driver::button::Press;
use generals::driver::ps2::Ps2Timing;
use generals::scoreboard::core::{CoreStats, FRAME_CYCLES};
use generals_golden::GameState;

/// Plays the game on `env`; returns what the run ended with.
fn play(mut env: CoreEnv, name: &str) -> (GameState, GameState, CoreStats, u64) {
    let outputs = attach_monitor(
        &mut env,
        &FrameOptions {
            mismatch_dir: out_dir(&format!("power-up-{name}")),
            ..FrameOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    let map = 1;
    let run = |env: &mut CoreEnv| -> Result<(), generals::scoreboard::Mismatch> {
        env.run(FRAME_CYCLES)?;
        env.press_start(map, &Press::clean(hold_cycles()))?;
        for step in steps("SPACE Z W SPACE A D S") {
            env.run_step(map, &step)?;
        }
        env.drain()?;
        env.run(2 * FRAME_CYCLES)
    };
    run(&mut env).unwrap_or_else(|m| panic!("{name}: {m}"));
    let frames = outputs.borrow().vga.frames_checked;
    let rtl = env.rtl_state().unwrap_or_else(|e| panic!("{name}: {e}"));
    (env.golden().clone(), rtl, env.sb.stats, frames)
}

#[test]
fn random_power_up_values_change_nothing() {
    let fresh = |init: Option<u32>| {
        let env = match init {
            None => CoreEnv::new(maps(), 1, Ps2Timing::default()),
            Some(s) => CoreEnv::with_random_init(maps(), 1, Ps2Timing::default(), s),
        };
        env.unwrap_or_else(|m| panic!("power-up {init:?}: {m}"))
    };
    let reference = play(fresh(None), "zero");
    assert_eq!(reference.0, reference.1, "the RTL ends in the golden state");
    assert!(
        reference.2.moves >= 2,
        "the game moved troops: {:?}",
        reference.2
    );
    assert!(reference.3 >= 3, "frames checked: {}", reference.3);
    for seed in [1, 0x5eed, 0xdead_beef] {
        let run = play(fresh(Some(seed)), &format!("seed-{seed:x}"));
        assert_eq!(run, reference, "init seed {seed:#x}");
    }
}
