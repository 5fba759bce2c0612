//! Scripted scenarios written by hand from the spec (docs/rules.md §3–§5), each
//! asserting the final state (as the JSON form) read from the RTL's debug
//! outputs. Every run is co-simulated: the bench also checks the RTL against
//! the golden model in every cycle (and, in `play` runs, every VGA pixel).
//!
//! Expected states are built from a picture of the map ([`common::fresh`])
//! plus the cells each scenario changes, worked out by hand in the comments.
//! Notation: `C` = a capital, `k` = troops sent, "end Rn" = the end of round n.

mod common;

use common::*;
use generals::env::core_env::hold_cycles;
use generals::env::driver::button::Press;
use generals_golden::script::Action;
use generals_golden::{Command, GameState, Kind, Mode, Owner, Phase, Player, Pos};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const RED: Owner = Owner::Red;
const BLUE: Owner = Owner::Blue;

/// Runs `script` on `map` with `play` and checks the final state against
/// `expected`, naming the golden model's view on a failure.
fn check_play(
    name: &str,
    map: u8,
    script: &str,
    expected: &GameState,
) -> generals::run::play::PlayReport {
    let report = run(map, script, name);
    let g = golden(map, script);
    assert_state(name, &report.state, expected, Some(&g));
    report
}

// ---------------------------------------------------------------------------
// Capture of NPC land and of an NPC tower (map 1: Red first).
// ---------------------------------------------------------------------------

/// The capture scenario on map 1, written with `w a s d` letters; the arrow
/// test rewrites the direction letters.
const CAPTURE_SCRIPT: &str = include_str!("../tb/scenarios/capture.keys");

/// Final state of [`CAPTURE_SCRIPT`], by hand (see the comments in it).
fn capture_expected() -> GameState {
    let mut e = fresh(1, &MAP1);
    e.round = 4;
    e.player = Player::Red;
    set(&mut e, 0, 8, RED, 3); // capital
    set(&mut e, 0, 7, RED, 1); // captured land
    set(&mut e, 0, 6, RED, 2); // captured tower, grown once
    set(&mut e, 9, 2, BLUE, 3);
    set(&mut e, 8, 2, BLUE, 1);
    set(&mut e, 8, 1, BLUE, 2);
    e.cursor_red = Pos::new(0, 6);
    e.cursor_blue = Pos::new(8, 1);
    e
}

/// NPC land and NPC towers are captured with any k > 0 (kind unchanged, an
/// NPC tower becomes the mover's tower), own targets are reinforced, Space
/// does nothing on an NPC or 1-troop cell, the border stops the cursor (at
/// the bottom, top and left rows and columns, in SELECT),
/// off-board targets do nothing, and towers grow every round while land does
/// not (rounds 1–3).
#[test]
fn capture_of_npc_land_and_npc_tower() {
    let r = check_play("capture", 1, CAPTURE_SCRIPT, &capture_expected());
    // 30 key presses, each one command (8 of them cursor steps to the top and
    // bottom rows and back, one refused at each); 6 moves, 4 of them
    // captures; 3 round ends.
    assert_eq!(r.stats.commands, 30);
    assert_eq!(r.stats.moves, 6);
    assert_eq!(r.stats.captures, 4);
    assert_eq!(r.stats.rounds, 3);
    assert_eq!(r.stats.games, 1);
}

/// The same scenario with the arrow keys (`E0 75` …) for every direction,
/// and keypad codes without `E0` (`75`, `6B`) and `E0` + a non-arrow code
/// (`E0 29`) mixed in: the arrows act as W/A/S/D and the others are ignored
/// (docs/rules.md §4), so the final state and the command count are the same.
#[test]
fn arrows_act_as_wasd_and_keypad_codes_are_ignored() {
    let mut script = String::new();
    for line in CAPTURE_SCRIPT.lines() {
        let (code, comment) = line.split_once('#').unwrap_or((line, ""));
        let code: Vec<&str> = code
            .split_whitespace()
            .map(|t| match t {
                "W" => "UP",
                "A" => "LEFT",
                "S" => "DOWN",
                "D" => "RIGHT",
                t => t,
            })
            .collect();
        script.push_str(&code.join(" "));
        script.push_str(" # ");
        script.push_str(comment);
        script.push('\n');
        // After every line: keypad 8 and keypad 4 (no E0) pressed and
        // released, and E0 29 (E0 + Space's code, not an arrow): ignored.
        script.push_str("RAW 75 F0 75 RAW 6B F0 6B RAW E0 29 E0 F0 29\n");
    }
    let r = check_play("arrows", 1, &script, &capture_expected());
    assert_eq!(
        r.stats.commands, 30,
        "the keypad / E0 codes must not become commands"
    );
}

// ---------------------------------------------------------------------------
// A failed attack and a tie (map 38: Blue first).
// ---------------------------------------------------------------------------

/// Red (1,8) pushes along row 8 to (7,8); Blue (7,2) down column 7 to (7,7):
/// both paths are mountain-free (see the picture). Each player first feeds
/// the cell next to its capital ("trickle": C 2 -> 1, that cell +1, C back
/// to 2 at the round end), then marches (MOVE-ALL onto NPC land leaves 1
/// behind, so the stack loses 1 per step). Blue trickles one round longer so
/// that both fronts arrive in round 13.
///
/// Blue: b1 = (7,3) gets 1 in R1 and +1 in R2..R9 -> 9; march R10..R13:
///   b2 (7,4) 8, b3 (7,5) 7, b4 (7,6) 6, b5 (7,7) 5, leaving 1 on b1..b4.
///   (In R13 a D from b4 hits the mountain (8,6): nothing.)
///   Blue's C: 2 after every trickle round (R1..R9), then +1 per round end
///   R10..R14 -> 7; R15 has not ended.
/// Red: r1 = (2,8) 1 in R1, +1 in R2..R8 -> 8; march R9..R13: r2 (3,8) 7,
///   r3 6, r4 5, r5 (6,8) 4, r6 (7,8) 3, leaving 1 on r1..r5.
///   Red's C: 2 at end R8, +1 per end R9..R13 -> 7.
/// R14 Blue: b5 (5) MOVE-HALF down onto r6 (3): k = 2, 2 > 3 is false ->
///   failed: r6 = 1, b5 = 3, Blue's cursor stays on b5.
/// R14 Red: cursor A x6 to C (7): k = 6 to own r1: 1 + 6 = 7; C 1 -> end R14 2.
/// R15 Blue: b5 (3) MOVE-HALF onto r6 (1): k = 1, 1 > 1 false -> tie:
///   r6 = 0 and still Red's; b5 = 2. Red to play in round 15.
const ATTACK_SCRIPT: &str = include_str!("../tb/scenarios/attack.keys");

#[test]
fn failed_attack_and_tie() {
    let mut e = fresh(38, &MAP38);
    e.round = 15;
    e.player = Player::Red;
    // Blue
    set(&mut e, 7, 2, BLUE, 7);
    for y in 3..=6 {
        set(&mut e, 7, y, BLUE, 1);
    }
    set(&mut e, 7, 7, BLUE, 2); // b5: 5 - 2 - 1
                                // Red
    set(&mut e, 1, 8, RED, 2);
    set(&mut e, 2, 8, RED, 7);
    for x in 3..=6 {
        set(&mut e, x, 8, RED, 1);
    }
    set(&mut e, 7, 8, RED, 0); // tied: owner kept, 0 troops
    e.cursor_blue = Pos::new(7, 7); // failed attacks leave the cursor on the source
    e.cursor_red = Pos::new(2, 8);
    let r = check_play("attack", 38, ATTACK_SCRIPT, &e);
    assert_eq!(r.stats.rounds, 14);
}

// ---------------------------------------------------------------------------
// MOVE-HALF (map 1: Red first).
// ---------------------------------------------------------------------------

/// R1: Red C->(0,7) 1, Blue C->(8,2) 1; R2..R5 both trickle: (0,7) and (8,2)
/// reach 5, capitals 2 at every round end.
/// R6 Red: (0,7) 5, SPACE Z = MOVE-HALF, D onto NPC (1,7): k = 5/2 = 2 ->
///   (1,7) Red 2, (0,7) 3, cursor (1,7).
/// R6 Blue: (8,2) 5, SPACE Z SPACE SPACE: back to SELECT and in again, which
///   starts in MOVE-ALL [decided]; A onto NPC (7,2): k = 4 -> (7,2) 4, (8,2) 1.
///   End R6: capitals 3 and 3.
/// R7 Red: A to (0,7) (3); SPACE Z Z Z = MOVE-HALF (three toggles); S onto
///   the own capital (3): k = 3/2 = 1 -> C 4, (0,7) 2, cursor (0,8).
/// R7 Blue: (7,2) 4, SPACE Z Z = MOVE-ALL again; A onto NPC (6,2): k = 3 ->
///   (6,2) 3, (7,2) 1, cursor (6,2). End R7: Red C 5, Blue C 3 + 1 = 4.
const HALF_SCRIPT: &str = "
SPACE W  SPACE A                  # R1
S SPACE W  D SPACE A              # R2
S SPACE W  D SPACE A              # R3
S SPACE W  D SPACE A              # R4
S SPACE W  D SPACE A              # R5
SPACE Z D  SPACE Z SPACE SPACE A  # R6
A SPACE Z Z Z S  SPACE Z Z A      # R7
";

#[test]
fn move_half_sends_half_rounded_down() {
    let mut e = fresh(1, &MAP1);
    e.round = 8;
    e.player = Player::Red;
    set(&mut e, 0, 8, RED, 5);
    set(&mut e, 0, 7, RED, 2);
    set(&mut e, 1, 7, RED, 2);
    set(&mut e, 9, 2, BLUE, 4);
    set(&mut e, 8, 2, BLUE, 1);
    set(&mut e, 7, 2, BLUE, 1);
    set(&mut e, 6, 2, BLUE, 3);
    e.cursor_red = Pos::new(0, 8);
    e.cursor_blue = Pos::new(6, 2);
    check_play("half", 1, HALF_SCRIPT, &e);
}

// ---------------------------------------------------------------------------
// Growth at round ends.
// ---------------------------------------------------------------------------

/// Map 1, Red first. After Red's move (the first player) nothing grows;
/// after Blue's (the second) round 1 ends: both capitals +1, the captured
/// land cells stay at 1 (1 is not a multiple of 16), round 2, Red to play.
#[test]
fn growth_at_end_of_round_1_capitals_only() {
    let mut s = Session::start(1);
    assert_state("start", &s.state(), &fresh(1, &MAP1), None);

    s.keys("SPACE W"); // Red: k = 1 to (0,7)
    let mut e = fresh(1, &MAP1);
    e.player = Player::Blue;
    set(&mut e, 0, 8, RED, 1);
    set(&mut e, 0, 7, RED, 1);
    e.cursor_red = Pos::new(0, 7);
    assert_state(
        "after Red's move (mid-round: no growth)",
        &s.state(),
        &e,
        None,
    );

    s.keys("SPACE A"); // Blue: k = 1 to (8,2)
    set(&mut e, 9, 2, BLUE, 1);
    set(&mut e, 8, 2, BLUE, 1);
    e.cursor_blue = Pos::new(8, 2);
    // round 1 ends: capitals 1 -> 2; land unchanged
    set(&mut e, 0, 8, RED, 2);
    set(&mut e, 9, 2, BLUE, 2);
    e.round = 2;
    e.player = Player::Red;
    assert_state("after round 1", &s.state(), &e, None);
    assert_eq!(s.stats().rounds, 1);
}

/// Map 1, Red first, 17 rounds of cheap moves.
/// Red: R1 C -> L = (0,7); then every round S SPACE W moves 1 from C (2) to
///   L, so after Red's move in round n L = n, C = 1, and C = 2 at every
///   round end.
/// Blue: R1 C -> (8,2) 1; R2 trickle -> 2; R3 (8,2) -> NPC tower (8,1): 1,
///   (8,2) 1; R4 from C (3: not moved in R3) k = 2 -> (8,2) 3; R5.. trickle
///   +1 -> (8,2) = n - 1 after round n (n >= 4). Tower: 1 in R3, +1 per
///   round end -> n - 1 at end Rn.
/// End R15 (round 16 starts): L 15, (8,2) 14, tower 14 (no land growth).
/// End R16: land +1 (16 is a multiple of 16): L 16 + 1 = 17, (8,2) 15 + 1 =
///   16; the tower still only +1 -> 15; capitals 2.
/// End R17: no land growth again: L 18, (8,2) 17, tower 16.
#[test]
fn growth_at_end_of_round_16_includes_land() {
    let mut s = Session::start(1);
    s.map1_rounds(15);
    let expect = |round: u16, l: u16, b: u16, t: u16| {
        let mut e = fresh(1, &MAP1);
        e.round = round;
        e.player = Player::Red;
        set(&mut e, 0, 8, RED, 2);
        set(&mut e, 0, 7, RED, l);
        set(&mut e, 9, 2, BLUE, 2);
        set(&mut e, 8, 2, BLUE, b);
        set(&mut e, 8, 1, BLUE, t);
        e.cursor_red = Pos::new(0, 7);
        e.cursor_blue = Pos::new(8, 2);
        e
    };
    assert_state("end of round 15", &s.state(), &expect(16, 15, 14, 14), None);

    s.keys("S SPACE W");
    let mut mid = expect(16, 16, 14, 14);
    mid.player = Player::Blue;
    set(&mut mid, 0, 8, RED, 1);
    assert_state("round 16, after Red's move", &s.state(), &mid, None);

    s.keys("D SPACE A");
    assert_state("end of round 16", &s.state(), &expect(17, 17, 16, 15), None);

    s.keys("S SPACE W D SPACE A");
    assert_state("end of round 17", &s.state(), &expect(18, 18, 17, 16), None);
    assert_eq!(s.stats().rounds, 17);
}

// ---------------------------------------------------------------------------
// Saturation at 511 (map 116: Blue first).
// ---------------------------------------------------------------------------

/// Blue (9,1) owns three towers next to each other: hub H = (8,2), and
/// (7,2), (8,3) beside it. Each round Blue moves one of the two outer towers
/// into H; Red just sloshes between its capital (4,8) and L = (4,7).
///
/// Blue: R1 C -> s = (8,1) 1; R2 trickle s 2; R3 s -> H: H 1 (captured);
///   R4 H -> (7,2) 1; R5 H -> (8,3) 1; ends: H 2, 2, 2 and (7,2) 2, 3,
///   (8,3) 2. R6 (8,3) 2 -> H: H 3 -> end 4; R7 (7,2) 4 -> H: 7 -> end 8;
///   R8 (8,3) 3 -> H: 10 -> end 11. From then on each outer tower is left
///   with 1 and grows twice before its next turn, so it sends 2: H gains
///   2 + 1 (its own growth) per round: H = 3n - 13 at end Rn, 509 at end R174.
///   R175 (7,2) sends 2: 509 + 2 = 511 exactly; end R175: 511 + 1 saturates
///   to 511. R176 (8,3) sends 2: 511 + 2 saturates to 511; end R176 511.
///   Blue's C is untouched after R2: C = n at end Rn -> 176. s = (8,1) keeps
///   1, +1 at each end of a multiple of 16 (11 of them up to 176) -> 12.
///   After R176: (8,3) 1 + 1 = 2, (7,2) 3.
/// Red: R1 C -> L (1); R2 trickle (L 2); then odd rounds L -> C, even
///   rounds C -> L. Red's total after end Rn is 2 + n (capital growth) +
///   floor(n / 16) (L is land). After an even round C -> L leaves C 2 at
///   the end, so at end R176 L = 2 + 176 + 11 - 2 = 187, C 2.
/// Keys are sent as make codes only (same commands, a third of the time).
#[test]
fn saturation_at_511() {
    let mut s = Session::start(116);
    let send = |s: &mut Session, text: &str| s.run_steps(&make_only(&steps(text)));
    send(&mut s, "SPACE A SPACE W"); // R1
    send(&mut s, "D SPACE A S SPACE W"); // R2
    send(&mut s, "SPACE S SPACE S"); // R3
    send(&mut s, "SPACE A SPACE W"); // R4
    send(&mut s, "D SPACE S SPACE S"); // R5
    send(&mut s, "SPACE W SPACE W"); // R6
    let round = |n: u32| {
        if n.is_multiple_of(2) {
            "S SPACE W SPACE W" // Blue (8,3) -> H; Red C -> L
        } else {
            "A SPACE D SPACE S" // Blue (7,2) -> H; Red L -> C
        }
    };
    // R7..R174 in batches (the keyboard queue is drained after each batch).
    let mut n = 7;
    while n <= 174 {
        let batch: Vec<&str> = (n..(n + 24).min(175)).map(round).collect();
        send(&mut s, &batch.join(" "));
        n = (n + 24).min(175);
    }
    let hub = |s: &Session| s.state().cell(Pos::new(8, 2));
    assert_eq!(s.state().round, 175);
    assert_eq!(hub(&s).troops, 509, "H = 3n - 13 at end R174");

    send(&mut s, "A SPACE D"); // R175 Blue: 509 + 2
    assert_eq!(hub(&s).troops, 511, "509 + 2 = 511");
    send(&mut s, "SPACE S"); // R175 Red; round ends: tower growth saturates
    assert_eq!(hub(&s).troops, 511, "511 + 1 saturates at 511");
    send(&mut s, "S SPACE W"); // R176 Blue: 511 + 2 saturates
    assert_eq!(hub(&s).troops, 511, "511 + 2 saturates at 511");
    assert_eq!(s.state().cell(Pos::new(8, 3)).troops, 1);
    send(&mut s, "SPACE W"); // R176 Red; round ends

    let mut e = fresh(116, &MAP116);
    e.round = 177;
    e.player = Player::Blue;
    set(&mut e, 9, 1, BLUE, 176);
    set(&mut e, 8, 1, BLUE, 12);
    set(&mut e, 8, 2, BLUE, 511);
    set(&mut e, 7, 2, BLUE, 3);
    set(&mut e, 8, 3, BLUE, 2);
    set(&mut e, 4, 8, RED, 2);
    set(&mut e, 4, 7, RED, 187);
    e.cursor_blue = Pos::new(8, 2);
    e.cursor_red = Pos::new(4, 7);
    assert_state("after round 176", &s.state(), &e, None);
    assert_eq!(s.stats().rounds, 176);
}

// ---------------------------------------------------------------------------
// Automatic pass (map 116: Blue first).
// ---------------------------------------------------------------------------

/// The scenario's keys (`tb/scenarios/pass.keys`), which the generated
/// mutants' check set plays too.
const PASS_SCRIPT: &str = include_str!("../tb/scenarios/pass.keys");

/// A script's parts between its `#>` lines (checkpoints where a test looks
/// at the state).
fn checkpoints(script: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    for line in script.lines() {
        if line.starts_with("#>") {
            parts.push(String::new());
        } else if let Some(last) = parts.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    parts
}

/// A player's capital always holds >= 2 at the start of that player's turn
/// (a move leaves >= 1 on the source, and exactly one round end lies between
/// two turns of a player), so a player can only be left with no cell >= 2 if
/// the enemy has just cut the capital down. Blue therefore marches to Red's
/// capital (4,8) along s1 (8,1), s2 (8,2)T, s3 (7,2)T, s4 (6,2), s5 (6,3),
/// s6 (6,4), s7 (6,5)T, s8 (5,5)T, s9 (4,5)T, s10 (4,6), using the towers'
/// growth; Red puts everything into L = (4,7), next to its capital.
///
/// Red: R1 C -> L; R2..R20 S SPACE W trickles 1 -> L = n after Red's move in
///   Rn, plus 1 at end R16 -> L = 21 after R20; C = 2 at every round end.
/// Blue (first):
///   R1 C -> s1 1; R2 trickle: s1 2; R3 s1 -> s2: tower 1; R4 s2 (2) -> s3:
///   tower 1. Ends: C 2, 2, 3, 4; s2 2 at end R3 and R4; s3 2 at end R4.
///   R5 C (4) -> s1: 1 + 3 = 4; R6..R11 trickle (+1): s1 10, C 2 at end R11;
///   s2 = s3 = 2 + 7 = 9 at end R11.
///   R12 s1 -> s2: 9 + 9 = 18 -> end 19 (s3 10, C 3).
///   R13 s2 -> s3: 10 + 18 = 28 -> end 29 (s2 2, C 4).
///   R14 s3 -> s4: 28; R15 s4 -> s5: 27; R16 s5 -> s6: 26, and end R16 adds 1
///   to all Blue land: s1 2, s4 2, s5 2, s6 27.
///   R17 s6 -> s7 (T): 26 -> end 27; R18 s7 -> s8 (T): 26 -> end 27;
///   R19 s8 -> s9 (T): 26 -> end 27; R20 s9 -> s10: 26 (s9 keeps 1 -> end 2).
/// R21 Blue: s10 (26) -> L (21): k = 25 > 21: Blue takes L with 4; s10 1.
/// R21 Red: its cursor was on L; S to C (2), SPACE, A onto NPC (3,8): 1; C 1.
///   End R21: C 2.
/// R22 Blue: L (4) MOVE-HALF onto Red's C (2): k = 2, not > 2: a tie, C 0,
///   L 2. Red owns C 0 and (3,8) 1: no cell >= 2 -> Red is passed at once;
///   Red is the second player, so round 22 ends (C 0 + 1 = 1): round 23,
///   Blue again.
/// R23 Blue: L (2) -> NPC (3,7): (3,7) 1, L 1. Red still has nothing >= 2
///   (C 1, (3,8) 1): passed again, round 23 ends (C 2): round 24, Blue.
/// Towers owned by Blue grow every round: s2 = 9 at end R11 + 1 at end R12,
///   swept to 1 in R13, so s2 = 1 + (n - 12) at end Rn (12 at end R23);
///   s3 = 1 + (n - 13) (11 at end R23); s7 = 1 + (n - 17) -> 7, s8 -> 6,
///   s9 -> 5. Blue's C: 2 at end R11, then +1 per round -> 14 at end R23.
#[test]
fn automatic_pass_when_no_cell_has_two_troops() {
    let parts = checkpoints(PASS_SCRIPT);
    assert_eq!(parts.len(), 3, "pass.keys: two `#>` checkpoints");
    let mut s = Session::start(116);
    s.keys(&parts[0]);
    assert_eq!(s.state().round, 21);
    assert_eq!(
        s.state().cell(Pos::new(4, 6)).troops,
        26,
        "s10 after the sweep"
    );
    assert_eq!(
        s.state().cell(Pos::new(4, 7)).troops,
        21,
        "Red's L = 20 + 1"
    );

    s.keys(&parts[1]); // R21 Blue takes L, R21 Red, R22 Blue ties Red's capital

    // Red was passed: round 22 ended at once and Blue is to move in round 23.
    let mut e = fresh(116, &MAP116);
    e.player = Player::Blue;
    e.round = 23;
    set(&mut e, 9, 1, BLUE, 13);
    set(&mut e, 8, 1, BLUE, 2);
    set(&mut e, 8, 2, BLUE, 11);
    set(&mut e, 7, 2, BLUE, 10);
    set(&mut e, 6, 2, BLUE, 2);
    set(&mut e, 6, 3, BLUE, 2);
    set(&mut e, 6, 4, BLUE, 1);
    set(&mut e, 6, 5, BLUE, 6);
    set(&mut e, 5, 5, BLUE, 5);
    set(&mut e, 4, 5, BLUE, 4);
    set(&mut e, 4, 6, BLUE, 1);
    set(&mut e, 4, 7, BLUE, 2);
    set(&mut e, 4, 8, RED, 1);
    set(&mut e, 3, 8, RED, 1);
    e.cursor_blue = Pos::new(4, 7); // a failed attack (tie) keeps the cursor
    e.cursor_red = Pos::new(3, 8);
    assert_state("after the tie on Red's capital", &s.state(), &e, None);

    s.keys(&parts[2]); // R23 Blue; Red passed again
    e.round = 24;
    set(&mut e, 4, 7, BLUE, 1);
    set(&mut e, 3, 7, BLUE, 1);
    e.cursor_blue = Pos::new(3, 7);
    set(&mut e, 4, 8, RED, 2);
    set(&mut e, 9, 1, BLUE, 14);
    set(&mut e, 8, 2, BLUE, 12);
    set(&mut e, 7, 2, BLUE, 11);
    set(&mut e, 6, 5, BLUE, 7);
    set(&mut e, 5, 5, BLUE, 6);
    set(&mut e, 4, 5, BLUE, 5);
    assert_state("after the second pass", &s.state(), &e, None);
    // Round ends: 21 played + 2 by passes.
    assert_eq!(s.stats().rounds, 23);
}

// ---------------------------------------------------------------------------
// Capital capture, GAME_OVER, and START for a new game.
// ---------------------------------------------------------------------------

/// Map 40 (Blue first; capitals B (0,0) and R (3,9), distance 12, the
/// closest possible) played by the bench's greedy player for both sides until a
/// capital falls. The last key is the capturing move; the test checks its
/// effect against the state just before it, by the rules: the target (the
/// loser's capital) becomes the mover's capital with k - troops, the source
/// keeps n - k, phase GAME_OVER with the mover as winner, the turn does not
/// pass (same player, same round, no growth), the cursor moves onto the
/// captured capital, mode SELECT. Then every key is ignored, and START
/// starts a fresh game on the map the draw counter selects (map 1 here).
#[test]
fn capital_capture_ends_game_keys_ignored_start_new_game() {
    let all = maps();
    let keys = generals::env::greedy::play_keys(40, &all, 2000).expect("greedy game on map 40");
    let (last, head) = keys.split_last().expect("a non-empty game");
    let Action::Key(last_key) = last.action else {
        panic!("the greedy player's keys are keys")
    };
    let mut s = Session::start(40);
    s.run_steps(head);
    let before = s.state();
    assert_eq!(
        before.phase,
        Phase::Playing,
        "the game is on before the last key"
    );
    assert_ne!(before.mode, Mode::Select, "the last key is a move");
    let p = before.player;
    let src = before.cursor(p);
    let cmd = last_key.command();
    assert!(matches!(
        cmd,
        Command::W | Command::A | Command::S | Command::D
    ));
    let tgt = src.step(cmd).expect("target on the board");
    // The loser's capital, from the picture of map 40.
    let loser_capital = match p {
        Player::Blue => Pos::new(3, 9),
        Player::Red => Pos::new(0, 0),
    };
    assert_eq!(
        tgt, loser_capital,
        "the last move attacks the enemy capital"
    );
    let n = before.cell(src).troops;
    let m = before.cell(tgt).troops;
    let k = if before.mode == Mode::MoveAll {
        n - 1
    } else {
        n / 2
    };
    assert!(
        k > m,
        "the capturing move sends more than the capital holds"
    );

    s.run_steps(std::slice::from_ref(last));
    let mut e = before.clone();
    e.phase = Phase::GameOver;
    e.winner = Some(p);
    e.mode = Mode::Select;
    e.cell_mut(src).troops = n - k;
    *e.cell_mut(tgt) = generals_golden::Cell::new(p.owner(), Kind::Capital, k - m);
    *e.cursor_mut(p) = tgt;
    assert_state("capital captured", &s.state(), &e, None);
    assert_eq!(s.stats().wins, 1);

    // GAME_OVER: every key is consumed and ignored.
    let cmds = s.stats().commands;
    s.keys("W A S D SPACE Z UP LEFT DOWN RIGHT SPACE S SPACE Z D");
    assert_eq!(s.stats().commands, cmds + 15, "keys are consumed");
    assert_state("keys in GAME_OVER", &s.state(), &e, None);

    // START: a new game on the drawn map (1: odd, so Red first).
    s.press_start(1, &Press::clean(hold_cycles()));
    assert_state("START after GAME_OVER", &s.state(), &fresh(1, &MAP1), None);
    assert_eq!(s.stats().games, 2);
    // And it plays: Red's first move as in the capture scenario.
    s.keys("SPACE W");
    let mut e = fresh(1, &MAP1);
    e.player = Player::Blue;
    set(&mut e, 0, 8, RED, 1);
    set(&mut e, 0, 7, RED, 1);
    e.cursor_red = Pos::new(0, 7);
    assert_state("first move of the new game", &s.state(), &e, None);
}

// ---------------------------------------------------------------------------
// RESET, START while playing, bouncing START.
// ---------------------------------------------------------------------------

/// RESET in the middle of a game returns to IDLE; keys in IDLE are consumed
/// and not kept for later (the next game starts untouched); START works again.
#[test]
fn reset_mid_game_returns_to_idle() {
    let mut s = Session::start(1);
    s.keys("SPACE W SPACE A S SPACE W"); // round 2, Blue to play
    assert_eq!(s.state().round, 2);
    s.press_reset();
    assert_eq!(s.state().phase, Phase::Idle);
    assert_eq!(s.stats().resets, 1);
    let cmds = s.stats().commands;
    s.keys("SPACE W A Z D");
    assert_eq!(s.stats().commands, cmds + 5, "keys are consumed in IDLE");
    assert_eq!(s.state().phase, Phase::Idle);
    s.press_start(2, &Press::clean(hold_cycles()));
    // Map 2 is even: Blue first; nothing of the IDLE keys applied.
    assert_state("START after RESET", &s.state(), &fresh(2, &MAP2), None);
}

/// Space enters move mode only on a cell of the player to move with two
/// troops or more (docs/rules.md §5): on the enemy's capital, which holds 2 at the
/// start, it does nothing. Red walks its cursor from its capital (0,8) to
/// Blue's (9,2) on map 1 (cursor keys in SELECT are free: still Red's turn)
/// and presses Space there: still SELECT, still Red.
#[test]
fn space_on_the_enemy_capital_does_nothing() {
    let mut s = Session::start(1);
    s.keys("D D D D D D D D D W W W W W W SPACE");
    let mut e = fresh(1, &MAP1);
    e.cursor_red = Pos::new(9, 2);
    assert_eq!(e.mode, Mode::Select);
    assert_eq!(e.player, Player::Red);
    assert_state("Space on Blue's capital", &s.state(), &e, None);
    assert_eq!(s.stats().commands, 16);
    assert_eq!(s.stats().moves, 0);
}

/// START while PLAYING is ignored: the state (map, board, turn) is kept and
/// the game goes on.
#[test]
fn start_during_playing_is_ignored() {
    let mut s = Session::start(1);
    s.keys("SPACE W"); // Red: (0,7) 1, C 1; Blue to play
    let mut e = fresh(1, &MAP1);
    e.player = Player::Blue;
    set(&mut e, 0, 8, RED, 1);
    set(&mut e, 0, 7, RED, 1);
    e.cursor_red = Pos::new(0, 7);
    assert_state("before START", &s.state(), &e, None);
    s.press_start(2, &Press::clean(hold_cycles())); // would draw map 2
    assert_state("START while playing", &s.state(), &e, None);
    assert_eq!(s.stats().games, 1);
    s.keys("SPACE A"); // Blue: (8,2) 1; round 1 ends
    set(&mut e, 8, 2, BLUE, 1);
    set(&mut e, 9, 2, BLUE, 2);
    set(&mut e, 0, 8, RED, 2);
    e.cursor_blue = Pos::new(8, 2);
    e.round = 2;
    e.player = Player::Red;
    assert_state("the game goes on", &s.state(), &e, None);
}

/// A START press with contact bounce (several short closures before and
/// after the hold) is one press: the debounced edge selects the intended map
/// (the bench times the press from its model of the debouncer), for an even
/// and an odd map, after a bouncy RESET too.
#[test]
fn bouncy_start_selects_intended_map() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED);
    let mut s = Session::idle(116);
    s.press_start(116, &Press::bouncy(hold_cycles(), 3, &mut rng));
    assert_state(
        "bouncy START, map 116",
        &s.state(),
        &fresh(116, &MAP116),
        None,
    );
    assert_eq!(s.stats().games, 1);
    s.env
        .press_reset(&Press::bouncy(hold_cycles(), 2, &mut rng))
        .unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(s.state().phase, Phase::Idle);
    s.press_start(1, &Press::bouncy(hold_cycles(), 4, &mut rng));
    assert_state("bouncy START, map 1", &s.state(), &fresh(1, &MAP1), None);
    assert_eq!(s.stats().games, 2);
}

/// A move whose key arrives while the renderer reads the board for the next
/// frame (docs/display.md, "Snapshot") waits until the scan is over: the
/// scoreboard fails on any board write in the scan window, and on a board that
/// differs from the golden one at a snapshot. The make code is timed from a
/// measured frame length to be received 300 cycles after a snapshot.
#[test]
fn a_move_waits_for_the_video_scan() {
    use generals::env::scoreboard::core::{FRAME_CYCLES, SCAN_CYCLES};
    let mut s = Session::start(1);
    s.keys("SPACE"); // Red (first on map 1) in MOVE-ALL on its capital (0,8) with 2
    let into = 300;
    let received = s
        .env
        .key_into_the_scan(0x1D, into) // W make: the move north
        .unwrap_or_else(|m| panic!("{m}"));
    let scan_start = s.env.sb.last_snapshot().expect("a snapshot");
    assert!(
        received >= scan_start && received < scan_start + SCAN_CYCLES,
        "the make code must arrive inside the scan window (at {received}, window from {scan_start})"
    );
    s.env.drain().unwrap_or_else(|m| panic!("{m}"));
    let mut e = fresh(1, &MAP1);
    e.player = Player::Blue;
    set(&mut e, 0, 8, RED, 1);
    set(&mut e, 0, 7, RED, 1);
    e.cursor_red = Pos::new(0, 7);
    // Two more frames: the moved board is shown, checked by the snapshots.
    s.env
        .run(2 * FRAME_CYCLES)
        .unwrap_or_else(|m| panic!("{m}"));
    assert_state("move during the scan", &s.state(), &e, None);
    assert_eq!(s.stats().moves, 1);
}

/// RESET pressed while a key repeats (typematic), at three points of the
/// stream: the frame the internal reset cuts is lost whole (after reset the
/// receiver waits for an idle bus), nothing garbled reaches the game (the
/// scoreboard checks every byte and every cycle), the keys after it are
/// consumed in IDLE, and the next game starts untouched.
#[test]
fn reset_during_typematic_repeat() {
    let mut cut = 0;
    for delay in [0u64, 23_400, 61_700] {
        let mut s = Session::start(1);
        s.env.ps2.send_bytes(&[Command::D.make_code(); 24]);
        let run = |s: &mut Session| -> Result<(), generals::env::scoreboard::Mismatch> {
            s.env.run(150_000 + delay)?;
            s.env.reset_btn.press(0, &Press::clean(hold_cycles()));
            s.env.run_until(u64::MAX, "RESET released", |e| {
                e.reset_btn.idle() && !e.sb.pred.buttons.reset.pressed() && !e.sb.pred.buttons.rst()
            })?;
            s.env.drain()
        };
        run(&mut s).unwrap_or_else(|m| panic!("RESET {delay} cycles into the burst: {m}"));
        assert_eq!(s.state().phase, Phase::Idle, "delay {delay}");
        assert_eq!(s.env.ps2.pending(), 0, "every frame sent");
        cut += s.env.sb.kbd.stats.ignored;
        s.press_start(2, &Press::clean(hold_cycles()));
        assert_state("START after RESET", &s.state(), &fresh(2, &MAP2), None);
    }
    assert!(cut >= 1, "at least one reset cut a frame");
}
