//! The ULX3S's DVI output (docs/board.md (the ULX3S); docs/display.md, "DVI") checked in
//! every cycle: its encoders (`rtl/dvi_tmds.v`) run beside the core on the
//! core's VGA pins, and every symbol of every lane is compared with a golden
//! TMDS encoder's, decoded back to its pixel or control code, and its
//! running disparity held to its bound, through whole games.

mod common;

use common::{golden, maps, opts, run_opts, steps};
use generals_golden::machine::Seats;
use generals_golden::run_with_machine;

/// A whole game of the machine against itself, the DVI check on from
/// power-up to GAME OVER: every pixel of every frame, the title screen's,
/// the board's and the final one's, goes through the encoders.
#[test]
fn a_machine_game_passes_the_dvi_check_in_every_pixel() {
    let both = Seats::from_switches(3);
    let mut o = opts(9, &[], "dvi-machines");
    o.seats = both;
    o.frames.dvi = true;
    let r = run_opts(&o);
    let expected = run_with_machine(9, &[], &maps(), both, None).expect("golden");
    assert_eq!(r.state, expected, "the game's end");
    // One pixel every second cycle, from the cycle the check started (the
    // bench's power-on reset and START's press come before the game).
    assert!(
        r.vga.dvi_pixels * 2 + 1_000_000 >= r.cycles && r.vga.dvi_pixels * 2 <= r.cycles,
        "{} DVI pixels in {} cycles",
        r.vga.dvi_pixels,
        r.cycles
    );
}

/// A person's short game: the cursor, move mode and a move, with the DVI
/// check on; the end state is the golden model's.
#[test]
fn a_person_game_passes_the_dvi_check() {
    let script = "SPACE D SPACE S Z SPACE A";
    let mut o = opts(3, &steps(script), "dvi-person");
    o.frames.dvi = true;
    o.pace = 1;
    let r = run_opts(&o);
    assert_eq!(r.state, golden(3, script));
    assert!(r.vga.dvi_pixels > 0);
}
