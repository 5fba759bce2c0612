//! The board's top (`rtl/de2_115_top.v`) simulated through its real pins:
//! KEY (active low: KEY[0] RESET, KEY[1] START), SW, the PS/2 pins, the VGA
//! DAC's pins, HEX0..HEX7, LEDR, LEDG.
//!
//! A game is played on the core with every check on (the scoreboard against
//! the golden model every cycle, every pixel against the golden renderer),
//! its pins recorded; the same pins then drive the board's top and a fresh
//! core side by side, and in every cycle the top's VGA pins must be the
//! core's (so the top shows what the checked core showed), `VGA_SYNC_N` low
//! (docs/display.md), `VGA_CLK` the 25 MHz pixel clock, and the displays what
//! the board's manual says for the game's state (tests/common/board.rs):
//! LEDR and LEDG one cycle after the state, HEX4..HEX0 once the round has
//! held long enough for their conversion, HEX5..HEX7 dark.

mod common;

use common::board::{expected, DARK};
use common::{maps, out_dir};
use generals::env::core_env::{hold_cycles, CoreEnv};
use generals::env::driver::button::Press;
use generals::env::driver::ps2::Ps2Timing;
use generals::env::dut::{CoreDut, CoreOut, TopDut, TopIn};
use generals::env::scoreboard::core::FRAME_CYCLES;
use generals::env::stimulus::inputs;
use generals::run::play::{attach_vga_check, FrameOptions};

/// Cycles the round must hold before HEX4..HEX0 show it: rtl/board_status.v
/// converts it to decimal in 17 steps, then shows it; twice that is safe.
const HEX_SETTLE: u32 = 40;

#[test]
fn the_board_top_plays_a_game_through_its_pins() {
    // 1. The checked game, its pins recorded: the switches on the title
    //    screen, a person's keys, RESET in the game, then the machine
    //    against itself to GAME OVER (map 92 ends in 35 rounds).
    let mut env = CoreEnv::with_recording(maps(), 3, Ps2Timing::default(), true)
        .unwrap_or_else(|m| panic!("{m}"));
    attach_vga_check(
        &mut env,
        &FrameOptions {
            mismatch_dir: out_dir("board-top"),
            ..FrameOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let press = Press::clean(hold_cycles());
    let step = |env: &mut CoreEnv, r: Result<(), generals::env::scoreboard::Mismatch>| {
        r.unwrap_or_else(|m| panic!("cycle {}: {m}", env.dut.cycle))
    };
    for sw in [1, 2, 3, 0] {
        env.switches = sw;
        let r = env.run(FRAME_CYCLES);
        step(&mut env, r);
    }
    let r = env.press_start(3, &press);
    step(&mut env, r);
    let keys = generals_golden::parse_script("SPACE D W W SPACE A").expect("script");
    for s in &keys {
        let r = env.run_step(3, s);
        step(&mut env, r);
    }
    let r = env.drain().and_then(|()| env.run(FRAME_CYCLES));
    step(&mut env, r);
    let r = env.press_reset(&press).and_then(|()| env.run(FRAME_CYCLES));
    step(&mut env, r);
    env.switches = 3;
    let r = env
        .run(FRAME_CYCLES)
        .and_then(|()| env.press_start(92, &press));
    step(&mut env, r);
    let r = env.run_until(400 * FRAME_CYCLES, "GAME OVER", |e| {
        e.golden().phase == generals_golden::Phase::GameOver
    });
    step(&mut env, r);
    let r = env.run(2 * FRAME_CYCLES);
    step(&mut env, r);
    assert_eq!(env.golden().round, 35, "map 92's machine game");
    let stim = env.record.take().expect("recorded");

    // 2. The same pins into the board's top and a fresh core.
    // The models' counts, in a coverage run (scripts/coverage).
    generals::env::coverage::rtl::install();
    let mut top = TopDut::new().expect("a build with the board top (GENERALS_BOARD_TOP)");
    let mut core = CoreDut::new();
    let mut out = CoreOut::default();
    let mut prev = CoreOut::default();
    let (mut cycle, mut steady, mut hex_checked, mut over_shown) = (0u64, 0u32, 0u64, false);
    let mut last_round_state = (u8::MAX, u16::MAX);
    for &(n, levels) in &stim.runs {
        let input = inputs(levels);
        let pins = TopIn {
            key: input.key_reset_n | input.key_start_n << 1,
            sw: input.sw,
            ps2_clk: input.ps2_clk,
            ps2_dat: input.ps2_dat,
        };
        for _ in 0..n {
            core.tick(&input, &mut out);
            let t = top.tick(&pins);
            cycle += 1;
            let vga = |o: &CoreOut| {
                (
                    o.vga_r,
                    o.vga_g,
                    o.vga_b,
                    o.vga_hs_n,
                    o.vga_vs_n,
                    o.vga_blank_n,
                    o.vga_clk,
                )
            };
            assert_eq!(
                (
                    t.vga_r,
                    t.vga_g,
                    t.vga_b,
                    t.vga_hs,
                    t.vga_vs,
                    t.vga_blank_n,
                    t.vga_clk
                ),
                vga(&out),
                "cycle {cycle}: the board's VGA pins differ from the checked core's"
            );
            assert_eq!(
                t.vga_sync_n, 0,
                "cycle {cycle}: VGA_SYNC_N is tied low (docs/display.md)"
            );
            // LEDR and LEDG: registered, so they show the state of the
            // cycle before.
            let want = expected(
                u32::from(prev.phase()),
                u32::from(prev.player()),
                u32::from(prev.round()),
                u32::from(prev.kbd_err),
            );
            let rst = out.rst != 0 || prev.rst != 0;
            if !rst {
                assert_eq!(
                    t.ledr, want[5],
                    "cycle {cycle}: LEDR (the keyboard's errors)"
                );
                assert_eq!(
                    u32::from(t.ledg),
                    want[6],
                    "cycle {cycle}: LEDG (turn, GAME OVER)"
                );
            }
            // HEX4..HEX0 once the shown round has held long enough.
            let shown_state = (out.phase(), out.round());
            steady = if shown_state == last_round_state {
                steady + 1
            } else {
                0
            };
            last_round_state = shown_state;
            if steady >= HEX_SETTLE && !rst {
                let want = expected(u32::from(out.phase()), 0, u32::from(out.round()), 0);
                let hex: Vec<u32> = t.hex[..5].iter().map(|&h| u32::from(h)).collect();
                assert_eq!(
                    hex,
                    want[..5].to_vec(),
                    "cycle {cycle}: HEX4..HEX0 (the round)"
                );
                hex_checked += 1;
            }
            assert_eq!(t.hex[5..], [DARK; 3], "cycle {cycle}: HEX7..HEX5 are dark");
            over_shown |= t.ledg >> 8 & 1 == 1;
            prev = out;
        }
    }
    assert_eq!(cycle, stim.cycles());
    assert!(
        hex_checked > stim.cycles() / 2,
        "HEX checked in most cycles: {hex_checked}"
    );
    assert!(over_shown, "LEDG[8] lit at GAME OVER");
}
