//! The machine player (docs/rules.md §11) on the co-simulated RTL: whole games of
//! the machine against itself, a person's script (with `WAIT TURN`) against
//! each colour, keys typed on the machine's turn, and switches moved during a
//! game. The scoreboard checks in every cycle that each machine command is
//! the next one the golden machine player predicts, that no keyboard command
//! is applied on a machine's turn and no machine command on a person's, and
//! that the latched switches on the debug port are the golden ones; the final
//! states must equal the golden runner's (`run_with_machine`).

mod common;

use common::{maps, opts, out_dir, run_opts, steps};
use generals::env::core_env::{hold_cycles, CoreEnv};
use generals::env::driver::button::Press;
use generals::env::driver::ps2::Ps2Timing;
use generals::env::scoreboard::core::FRAME_CYCLES;
use generals::env::vga_check::VgaCheck;
use generals::run::play::attach_vga_check;
use generals::run::play::FrameOptions;
use generals_golden::keyboard::Command;
use generals_golden::machine::Seats;
use generals_golden::{run_with_machine, Phase, Player};
use std::cell::RefCell;
use std::rc::Rc;

const BOTH: Seats = Seats {
    red: true,
    blue: true,
};

/// Plays `script` on map `map` with the machine in `seats`, every check on;
/// the RTL's final state must be the golden runner's.
fn play_against(
    map: u8,
    seats: Seats,
    script: &str,
    name: &str,
) -> generals::run::play::PlayReport {
    let s = steps(script);
    let mut o = opts(map, &s, name);
    o.seats = seats;
    let r = run_opts(&o);
    let golden = run_with_machine(map, &s, &maps(), seats, None)
        .unwrap_or_else(|e| panic!("{name}: golden: {e}"));
    assert_eq!(
        r.state, golden,
        "{name}: the RTL ends where the golden runner ends"
    );
    r
}

/// Machine against machine, to GAME OVER: map 92 ends fastest (35 rounds),
/// map 9 takes about the median (99 rounds).
#[test]
fn machine_against_machine_plays_whole_games() {
    for (map, rounds) in [(92u8, 35u16), (9, 99)] {
        let r = play_against(map, BOTH, "", &format!("machine-{map}"));
        assert_eq!(r.state.phase, Phase::GameOver, "map {map}");
        assert_eq!(r.state.round, rounds, "map {map}");
        assert!(r.stats.machine_commands > 100, "map {map}: {:?}", r.stats);
        assert_eq!(r.stats.machine_commands, r.stats.commands, "map {map}");
        assert!(r.vga.frames_checked >= 2, "map {map}");
    }
}

/// A person against the machine, each colour: the person's keys wait for
/// the machine's turn to end (`WAIT TURN`). On map 3 Red moves first; on
/// map 2 Blue does, so there the machine (Blue) moves first.
#[test]
fn a_person_plays_the_machine_with_wait_turn() {
    let r = play_against(
        3,
        Seats::from_switches(2),
        include_str!("../tb/scenarios/machine-blue.keys"),
        "person-red",
    );
    assert!(r.stats.machine_commands >= 2, "{:?}", r.stats);
    assert!(
        r.stats.commands > r.stats.machine_commands,
        "the person's keys applied"
    );
    assert_eq!(r.state.player, Player::Red, "a person's turn at the end");
    let r = play_against(
        2,
        Seats::from_switches(1),
        "WAIT TURN SPACE W WAIT TURN SPACE A WAIT TURN",
        "person-blue",
    );
    assert!(r.stats.machine_commands >= 2, "{:?}", r.stats);
    assert_eq!(r.state.player, Player::Blue);
}

/// The same game stopped by `--max-rounds`: at the first command after which
/// the round is greater than the limit.
#[test]
fn a_machine_game_stops_at_the_round_limit() {
    let mut o = opts(9, &[], "machine-limit");
    o.seats = BOTH;
    o.max_rounds = Some(20);
    let r = run_opts(&o);
    let golden = run_with_machine(9, &[], &maps(), BOTH, Some(20)).expect("golden");
    assert_eq!(r.state, golden);
    assert_eq!(r.state.round, 21);
}

fn env() -> CoreEnv {
    let mut env = CoreEnv::new(maps(), 5, Ps2Timing::default()).unwrap_or_else(|m| panic!("{m}"));
    attach_vga_check(
        &mut env,
        &FrameOptions {
            mismatch_dir: out_dir("machine-switches"),
            ..FrameOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    env
}

/// Keys typed while the machine plays are consumed and ignored; switches
/// moved during a game change nothing until the next START.
#[test]
fn keys_and_switches_during_a_machine_game() {
    let mut env = env();
    let run = |env: &mut CoreEnv| -> Result<(), generals::env::scoreboard::Mismatch> {
        env.switches = 3;
        env.run(FRAME_CYCLES)?;
        env.press_start(9, &Press::clean(hold_cycles()))?;
        let moved = env.sb.stats.machine_commands;
        // Keys while the machine plays both colours: consumed and ignored.
        // The switches go off: the game keeps the ones it started with.
        for _ in 0..4 {
            env.ps2.send_bytes(&[Command::D.make_code()]);
        }
        env.switches = 0;
        env.run(FRAME_CYCLES / 3)?;
        assert_eq!(env.golden().phase, Phase::Playing, "still playing");
        assert_eq!(
            env.out.seats, 3,
            "the game keeps the switches it started with"
        );
        assert!(
            env.sb.stats.machine_commands > moved,
            "the machine plays on"
        );
        assert_eq!(env.sb.stats.keys_on_machine_turn, 4, "{:?}", env.sb.stats);
        env.run_until(100 * FRAME_CYCLES, "GAME OVER", |e| {
            e.golden().phase == Phase::GameOver
        })?;
        // The next START takes the switches as they are now: two people.
        env.press_start(9, &Press::clean(hold_cycles()))?;
        env.run(FRAME_CYCLES / 4)?;
        assert_eq!(env.out.seats, 0);
        assert_eq!(env.golden().round, 1, "nobody plays: the game waits");
        Ok(())
    };
    run(&mut env).unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(env.sb.pred.seats, Seats::PEOPLE);
}

/// The title screen shows the switches as they are set now, frame by frame;
/// the side panel marks the colour the machine plays. Every pixel is checked
/// against the golden renderer by the monitor; the pixels read here (worked
/// out from docs/display.md: 'M' of MACHINE has glyph column 6 set, 'P' of
/// PLAYER does not) show that the switches reached the screen at all.
#[test]
fn title_screen_follows_the_switches_and_the_panel_marks_the_machine() {
    let mut env = CoreEnv::new(maps(), 6, Ps2Timing::default()).unwrap_or_else(|m| panic!("{m}"));
    let last: Rc<RefCell<Option<generals_golden_render::Frame>>> = Rc::default();
    let keep = Rc::clone(&last);
    let monitor = VgaCheck::new(out_dir("machine-title")).with_sink(Box::new(move |_, f, _| {
        *keep.borrow_mut() = Some(f.clone());
    }));
    env.add_hook(Box::new(monitor));
    let pixel = |last: &Rc<RefCell<Option<generals_golden_render::Frame>>>, x, y| {
        last.borrow().as_ref().expect("a frame").pixel(x, y)
    };
    const WHITE: [u8; 3] = [0xff; 3];
    use common::palette::{BG, BLUE_HI, PANEL};
    let run = |env: &mut CoreEnv| -> Result<(), generals::env::scoreboard::Mismatch> {
        // Red's value starts at x 184, Blue's at x 424 (y 384).
        for (sw, red, blue) in [(1u8, WHITE, BG), (2, BG, WHITE), (0, BG, BG)] {
            env.switches = sw;
            env.run(2 * FRAME_CYCLES)?;
            assert_eq!(pixel(&last, 196, 384), red, "switches {sw:02b}: Red's seat");
            assert_eq!(
                pixel(&last, 436, 384),
                blue,
                "switches {sw:02b}: Blue's seat"
            );
        }
        // The machine plays Blue: "AI" after Blue's name (row 16, y 339;
        // 'A' row 0 ...XX... from x 595 → x 601), none after Red's (y 239).
        env.switches = 2;
        env.run(FRAME_CYCLES)?;
        env.press_start(9, &Press::clean(hold_cycles()))?;
        env.run(2 * FRAME_CYCLES)?;
        assert_eq!(env.golden().phase, Phase::Playing);
        assert_eq!(pixel(&last, 601, 339), BLUE_HI, "Blue marked");
        assert_eq!(pixel(&last, 601, 239), PANEL, "Red not marked");
        Ok(())
    };
    run(&mut env).unwrap_or_else(|m| panic!("{m}"));
}
