//! Directed tests written to close coverage (scripts/coverage): behaviour of
//! docs/rules.md that random stimulus reaches rarely or never, each driven on
//! purpose and checked every cycle like any other run, each asserting that
//! its functional bins (tb/bench/env/coverage/functional.rs) were hit. Positions
//! a real game reaches only after hundreds of rounds (a player without a
//! movable cell, a capital within reach) are set up through the backdoor
//! ([`CoreEnv::poke`]), which writes the RTL's board and the golden model's
//! alike.

mod common;

use common::{golden, maps, out_dir, Session};
use generals::env::coverage::functional::{self, Hits};
use generals::env::scoreboard::core::FRAME_CYCLES;
use generals::run::play::{attach_vga_check, FrameOptions};
use generals_golden::keyboard::Command;
use generals_golden::{Cell, GameState, Kind, Mode, Owner, Phase, Player, Pos};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn at(x: u8, y: u8) -> Pos {
    Pos { x, y }
}

fn cell(owner: Owner, kind: Kind, troops: u16) -> Cell {
    Cell {
        owner,
        kind,
        troops,
    }
}

/// Fails naming every bin of `ids` that `hits` lacks.
fn assert_hit(hits: &Hits, ids: &[&str]) {
    let missed: Vec<&&str> = ids.iter().filter(|id| hits.get(id) == 0).collect();
    assert!(missed.is_empty(), "bins not hit: {missed:?}");
}

fn key_name(c: Command) -> &'static str {
    match c {
        Command::W => "W",
        Command::A => "A",
        Command::S => "S",
        Command::D => "D",
        Command::Space => "SPACE",
        Command::Z => "Z",
    }
}

/// docs/rules.md §5's table, crossed: every key in every mode with each player to
/// move. The script is drawn at random against the golden model (seeded)
/// until the golden model has seen every combination, then played on the
/// RTL, whose scoreboard samples the bins.
#[test]
fn every_command_in_every_mode_for_both_players() {
    let map = 1;
    let mut g = golden(map, "");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen = std::collections::BTreeSet::new();
    let mut script = Vec::new();
    while seen.len() < 36 && script.len() < 5_000 {
        assert_eq!(g.phase, Phase::Playing, "the game goes on");
        // Mostly keys that reach move mode (Space on a strong own cell).
        let c = if rng.gen_bool(0.3) {
            generals::env::greedy::next_key(&g)
        } else {
            Command::ALL[rng.gen_range(0..6)]
        };
        seen.insert((c.code(), g.mode.code(), g.player.code()));
        g.apply(c);
        script.push(key_name(c));
    }
    assert_eq!(seen.len(), 36, "the golden model saw every combination");
    let _ = functional::take();
    let mut s = Session::start(map);
    s.keys(&script.join(" "));
    assert_eq!(s.state(), g, "the RTL ends where the golden model does");
    drop(s);
    let hits = functional::take();
    let mut ids = Vec::new();
    for c in ["W", "A", "S", "D", "SPACE", "Z"] {
        for m in ["select", "move_all", "move_half"] {
            for p in ["red", "blue"] {
                ids.push(format!("command/{c}/{m}/{p}"));
            }
        }
    }
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    assert_hit(&hits, &ids);
}

/// docs/rules.md §5's automatic pass: after a move, a player who owns no cell of
/// two troops or more is passed at once, as often as needed, rounds ending
/// as they would. Set up through the backdoor on map 1 (Red first): every
/// capital at 0 troops, Red with one land cell of 2.
#[test]
fn automatic_passes_of_either_player_and_of_both() {
    let _ = functional::take();
    let mut s = Session::start(1);
    let red_cap = at(0, 8);
    let blue_cap = at(9, 2);
    // Red's cursor rests on its capital (0, 8): a land cell of 2 beside it.
    s.env
        .poke(&[
            (red_cap, cell(Owner::Red, Kind::Capital, 0)),
            (blue_cap, cell(Owner::Blue, Kind::Capital, 0)),
            (at(1, 8), cell(Owner::Red, Kind::Land, 2)),
        ])
        .unwrap_or_else(|m| panic!("{m}"));
    // Red moves 1 onto (2, 8): no one has a cell of 2; Blue passes (the
    // round ends: capitals 1), Red passes, Blue passes (round ends:
    // capitals 2), and Red is to move again.
    let before = s.env.golden().round;
    s.keys("D SPACE D");
    let g = s.env.golden().clone();
    assert_eq!(g.player, Player::Red, "both passed: Red again");
    assert_eq!(g.round, before + 2, "two rounds ended");
    assert_eq!(g.cell(red_cap).troops, 2);
    // Red moves 1 from its capital (cursor on (2, 8): two steps left), so
    // it owns only cells of 1; then, on Blue's turn, its capital is set to
    // 0 through the backdoor: after Blue's move the round ends (Red's
    // capital grows to 1 only) and Red is passed.
    s.keys("A A SPACE W");
    s.env
        .poke(&[(red_cap, cell(Owner::Red, Kind::Capital, 0))])
        .unwrap_or_else(|m| panic!("{m}"));
    // Blue is to move: from its capital (cursor there), up.
    assert_eq!(s.env.golden().player, Player::Blue);
    s.keys("SPACE W");
    drop(s);
    let hits = functional::take();
    assert_hit(
        &hits,
        &[
            "turn/auto_pass_red",
            "turn/auto_pass_blue",
            "turn/auto_pass_both",
        ],
    );
}

/// docs/rules.md §7's automatic pass right after the first player moved,
/// where the move's source is the mover's only movable cell
/// ([`generals::run::mutant::PASS_AFTER_RED`]; the generated mutants' check
/// set plays it too), worked by hand. Map 1, Red first; Blue's capital at 0
/// troops each time, so Blue is passed and the round ends. First Red moves
/// half from its capital of 4 into NPC land of 5 and fails, keeping 2 (3
/// after growth); then, MOVE-HALF chosen and left again with Z, all but one
/// from its capital of 3 into NPC land of 3, keeping 1 (2 after growth):
/// each time Red, whose capital can move again, is to move.
#[test]
fn blue_passed_after_red_moved_from_its_only_movable_cell() {
    let _ = functional::take();
    let [half, all] = generals::run::mutant::PASS_AFTER_RED;
    let mut s = Session::start(1);
    assert_eq!(s.env.golden().player, Player::Red, "map 1: Red first");
    for (corner, capital, npc, round) in [(half, 3, 3, 2), (all, 2, 1, 3)] {
        s.env
            .poke(&corner.board())
            .unwrap_or_else(|m| panic!("{m}"));
        s.keys(corner.keys);
        let g = s.env.golden().clone();
        let what = corner.keys;
        assert_eq!(
            g.player,
            Player::Red,
            "{what}: Blue passed: {}",
            g.to_json()
        );
        assert_eq!(g.round, round, "{what}: one round ended");
        assert_eq!(g.mode, Mode::Select, "{what}");
        assert_eq!(
            g.cell(at(0, 8)),
            cell(Owner::Red, Kind::Capital, capital),
            "{what}"
        );
        assert_eq!(
            g.cell(at(1, 8)),
            cell(Owner::Npc, Kind::Land, npc),
            "{what}"
        );
        assert_eq!(
            g.cell(at(9, 2)),
            cell(Owner::Blue, Kind::Capital, 1),
            "{what}"
        );
        assert_eq!(s.state().round, round, "{what}: the RTL's round");
    }
    drop(s);
    assert_hit(
        &functional::take(),
        &["turn/auto_pass_blue", "move/attack_fails"],
    );
}

/// docs/rules.md §11: the machine chooses an attack that captures nothing (score
/// 1 000 + min(k, 99)) when it can neither capture nor transfer. Map 2 (Blue,
/// a person, first; the machine plays Red): Red's only cell is its capital
/// with 3 troops, both its neighbours Blue cells of 9.
#[test]
fn the_machine_attacks_when_nothing_better_is_left() {
    let _ = functional::take();
    let mut s = Session::idle(2);
    s.env.switches = 0b01; // SW[0]: the machine plays Red
    s.press_start(
        2,
        &generals::env::driver::button::Press::clean(generals::env::core_env::hold_cycles()),
    );
    assert_eq!(s.env.golden().player, Player::Blue, "map 2: Blue first");
    s.env
        .poke(&[
            (at(0, 0), cell(Owner::Red, Kind::Capital, 3)),
            (at(1, 0), cell(Owner::Blue, Kind::Land, 9)),
            (at(0, 1), cell(Owner::Blue, Kind::Land, 9)),
        ])
        .unwrap_or_else(|m| panic!("{m}"));
    // Blue moves; then the machine (Red) chooses and types its attack.
    s.keys("SPACE W WAIT TURN");
    let g = s.env.golden().clone();
    assert_eq!(g.player, Player::Blue, "the machine moved");
    let attacked = [at(1, 0), at(0, 1)]
        .iter()
        .any(|&p| g.cell(p).owner == Owner::Blue && g.cell(p).troops == 7);
    assert!(attacked, "a Blue cell lost 2 troops: {}", g.to_json());
    drop(s);
    assert_hit(&functional::take(), &["machine/score_attack"]);
}

/// RESET on the title screen (docs/rules.md §3): still IDLE, START still starts.
#[test]
fn reset_on_the_title_screen() {
    let _ = functional::take();
    let mut s = Session::idle(5);
    s.press_reset();
    assert_eq!(s.state().phase, Phase::Idle);
    s.press_start(
        5,
        &generals::env::driver::button::Press::clean(generals::env::core_env::hold_cycles()),
    );
    assert_eq!(s.state().phase, Phase::Playing);
    drop(s);
    assert_hit(
        &functional::take(),
        &["game/reset_in_idle", "game/start_from_idle"],
    );
}

/// RESET pressed with a bounce of exactly 128 cycles before the hold (the
/// corners run's press, [`generals::run::mutant::bounced_press`]): the
/// bounce back clears the debouncer's count at bit 7, so the hold is counted
/// whole and `dbg_rst` rises when the predictor's debouncer says, every
/// cycle checked (generated mutant 537, `button.v:51`, held the count at 128
/// and recognised the press 128 cycles early).
#[test]
fn a_reset_press_bouncing_for_128_cycles_is_recognised_on_time() {
    let mut s = Session::start(1);
    assert_eq!(s.state().phase, Phase::Playing);
    s.env
        .press_reset(&generals::run::mutant::bounced_press())
        .unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(s.state().phase, Phase::Idle);
}

/// Red attacks and fails (its cursor stays on the source), then captures
/// Blue's capital: GAME OVER with Red the winner, on screen, every pixel
/// checked (docs/rules.md §5 and docs/display.md).
#[test]
fn red_fails_an_attack_then_wins_on_screen() {
    let _ = functional::take();
    let mut s = Session::start(1);
    attach_vga_check(
        &mut s.env,
        &FrameOptions {
            mismatch_dir: out_dir("closure-red-wins"),
            ..FrameOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // Red (cursor on its capital, (0, 8)) has 30 beside it at (0, 7), a
    // Blue cell of 40 above that; Blue's capital (9, 2) has 2 troops.
    s.env
        .poke(&[
            (at(0, 7), cell(Owner::Red, Kind::Land, 30)),
            (at(0, 6), cell(Owner::Blue, Kind::Land, 40)),
            (at(8, 2), cell(Owner::Red, Kind::Land, 9)),
        ])
        .unwrap_or_else(|m| panic!("{m}"));
    // W: onto (0, 7); Space, W: 29 against 40 fails, the cursor stays.
    s.keys("W SPACE W");
    assert_eq!(s.env.golden().cursor_red, at(0, 7), "the cursor stayed");
    // Blue moves 1 from its capital, down.
    s.keys("SPACE S");
    // Red: to (8, 2), then right into Blue's capital.
    s.keys("D D D D D D D D W W W W W SPACE D");
    s.env
        .run(3 * FRAME_CYCLES)
        .unwrap_or_else(|m| panic!("{m}"));
    let g: GameState = s.env.golden().clone();
    assert_eq!(g.phase, Phase::GameOver, "{}", g.to_json());
    assert_eq!(g.winner, Some(Player::Red));
    drop(s);
    assert_hit(
        &functional::take(),
        &[
            "move/attack_fails",
            "move/cursor_stays",
            "move/capture_capital",
            "game/won_by_red",
            "screen/over_red",
        ],
    );
}

/// The longest machine game on the committed maps (map 43: 787 rounds), on
/// the RTL: the round counter past 255, cells at the troop ceiling, growth
/// there (docs/rules.md §1: additions saturate at 511).
#[test]
fn the_longest_machine_game_reaches_the_troop_ceiling() {
    let _ = functional::take();
    let mut s = Session::idle(43);
    s.env.switches = 0b11;
    s.press_start(
        43,
        &generals::env::driver::button::Press::clean(generals::env::core_env::hold_cycles()),
    );
    let limit = 2_000 * FRAME_CYCLES;
    s.env
        .run_until(limit, "the end of the machine game", |e| {
            e.golden().phase == Phase::GameOver
        })
        .unwrap_or_else(|m| panic!("{m}"));
    let g = s.env.golden().clone();
    assert_eq!(g.round, 787, "the golden machine's game on map 43");
    let expect = generals_golden::run_with_machine(
        43,
        &[],
        &maps(),
        generals_golden::machine::Seats::from_switches(3),
        None,
    )
    .expect("golden");
    assert_eq!(g, expect);
    drop(s);
    assert_hit(
        &functional::take(),
        &["turn/growth_at_ceiling", "move/transfer_saturates"],
    );
}

/// A key whose command reaches the engine while START loads the map is
/// consumed and ignored (the phase is still IDLE until the game starts,
/// docs/rules.md §5), and the game starts untouched. The moment the key is sent
/// is bisected between one whose command lands in IDLE, before the press is
/// recognised, and one whose command lands in the new game, until one lands
/// in between: in the load.
#[test]
fn a_key_during_the_map_load_is_ignored() {
    use generals::env::driver::button::Press;
    #[derive(Debug, PartialEq)]
    enum Landed {
        Idle,
        Load,
        Game,
    }
    // The key `lead` cycles before the START press is recognised.
    let trial = |lead: u64| -> Landed {
        let mut s = Session::idle(7);
        let start = s
            .env
            .schedule_start(7, &Press::clean(generals::env::core_env::hold_cycles()))
            .unwrap_or_else(|m| panic!("{m}"));
        let send_at = start.cycles.saturating_sub(lead);
        s.env.run(send_at).unwrap_or_else(|m| panic!("{m}"));
        let sent = s.env.sb.stats.commands;
        s.env.ps2.send_bytes(&[Command::D.make_code()]);
        s.env
            .run(start.cycles - send_at)
            .unwrap_or_else(|m| panic!("{m}"));
        let recognised = s.env.sb.stats.commands;
        s.env
            .run_until(FRAME_CYCLES, "game start", |e| !e.sb.start_pending())
            .unwrap_or_else(|m| panic!("{m}"));
        let started = s.env.sb.stats.commands;
        s.env.drain().unwrap_or_else(|m| panic!("{m}"));
        s.env
            .finish_start(7, start)
            .unwrap_or_else(|m| panic!("{m}"));
        let landed = if recognised > sent {
            Landed::Idle
        } else if started > recognised {
            Landed::Load
        } else {
            Landed::Game
        };
        let expected = golden(7, if landed == Landed::Game { "D" } else { "" });
        assert_eq!(s.state(), expected, "lead {lead}: {landed:?}");
        landed
    };
    let (mut game, mut idle) = (0u64, 60_000u64);
    assert_eq!(trial(game), Landed::Game);
    assert_eq!(trial(idle), Landed::Idle);
    loop {
        assert!(idle - game > 1, "no lead lands in the load: {game}..{idle}");
        let mid = (game + idle) / 2;
        match trial(mid) {
            Landed::Load => break,
            Landed::Game => game = mid,
            Landed::Idle => idle = mid,
        }
    }
}

/// A game on map 1 with the VGA check on, and the frames it has checked.
struct Watched {
    s: Session,
    out: generals::run::play::SharedOutputs,
    checked: u64,
}

impl Watched {
    /// START on map 1, the VGA check writing a mismatch's pictures to `dir`.
    fn start(dir: &str) -> Watched {
        let mut s = Session::start(1);
        let out = attach_vga_check(
            &mut s.env,
            &FrameOptions {
                mismatch_dir: out_dir(dir),
                ..FrameOptions::default()
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
        Watched { s, out, checked: 0 }
    }

    /// Runs three frames, at least two of them checked pixel by pixel.
    fn three_frames(&mut self, what: &str) {
        self.s
            .env
            .run(3 * FRAME_CYCLES)
            .unwrap_or_else(|m| panic!("{what}: {m}"));
        let frames = generals::run::play::lock(&self.out).vga.frames_checked;
        assert!(
            frames >= self.checked + 2,
            "{what}: frames checked {} → {frames}",
            self.checked
        );
        self.checked = frames;
    }
}

/// The side panel's largest numbers, every pixel checked (docs/display.md,
/// "Side panel"; docs/rules.md §1): every cell at the troop ceiling, so that
/// Red's total is the largest the rules allow (99 cells of 511: 50 589,
/// five digits) and Blue's a single cell's; then the board split in two
/// (Red 50 cells, Blue 50); then Red 84 cells and Blue 16 (8 176, whose
/// conversion passes 4 088, a thousands digit of 4); then the other way round
/// (Blue 42 924, a hundreds digit of 9). Long games reach such
/// totals only without the VGA check; here the panel's double dabble and
/// its layout are compared with the golden renderer at each of them.
#[test]
fn the_panel_shows_the_largest_totals_pixel_by_pixel() {
    let max = u32::from(generals_golden::MAX_TROOPS);
    let mut w = Watched::start("closure-largest-totals");
    // Each board's cells of Red's and of Blue's, all at the ceiling.
    let cells = [(99, 1), (50, 50), (84, 16), (16, 84)];
    let boards = generals::run::mutant::largest_totals();
    for ((what, board), (red, blue)) in boards.into_iter().zip(cells) {
        w.s.env
            .poke(&board)
            .unwrap_or_else(|m| panic!("{what}: {m}"));
        w.three_frames(what);
        let g = w.s.env.golden().clone();
        assert_eq!(
            (g.total_troops(Owner::Red), g.total_troops(Owner::Blue)),
            (red * max, blue * max),
            "{what}"
        );
    }
}

/// The side panel's largest rounds, every pixel checked, and the round's
/// wrap (docs/rules.md §1 and §10.1, docs/display.md "Side panel"): the
/// round set through the backdoor to 100 (three digits, an odd hundreds
/// digit), 10 000 (five digits, zeros within) and 65 535, the largest; then
/// round 65 535 played out on map 1 (Red moves 1 from its capital up to
/// (0, 7), Blue 1 from its capital left to (8, 2)): 65 535 is no multiple
/// of 16, so land does not grow, and the round wraps to 0, shown as "0".
/// Round 0 played out the same way ends at a multiple of 16: owned land
/// grows by 1. A land cell of each player's, set to 5 far from the moves,
/// shows the growth. Long games reach such rounds only without the VGA
/// check (a round is about 240 000 cycles of the machine's play).
#[test]
fn the_panel_shows_the_largest_rounds_and_the_round_wraps() {
    let mut w = Watched::start("closure-largest-rounds");
    for round in [100u16, 10_000, 65_535] {
        w.s.env
            .poke_round(round)
            .unwrap_or_else(|m| panic!("round {round}: {m}"));
        w.three_frames(&format!("round {round}"));
        assert_eq!(w.s.env.golden().round, round);
    }
    let (red_land, blue_land) = (at(3, 9), at(6, 9));
    w.s.env
        .poke(&[
            (red_land, cell(Owner::Red, Kind::Land, 5)),
            (blue_land, cell(Owner::Blue, Kind::Land, 5)),
        ])
        .unwrap_or_else(|m| panic!("{m}"));
    w.s.keys("SPACE W SPACE A"); // round 65 535: Red up, Blue left
    let g = w.s.env.golden().clone();
    assert_eq!(g.round, 0, "65 535 wraps to 0");
    assert_eq!(
        (g.cell(red_land).troops, g.cell(blue_land).troops),
        (5, 5),
        "no land growth at the end of round 65 535"
    );
    w.three_frames("round 0");
    w.s.keys("S SPACE W D SPACE A"); // round 0: the same moves again
    let g = w.s.env.golden().clone();
    assert_eq!(g.round, 1);
    assert_eq!(
        (g.cell(red_land).troops, g.cell(blue_land).troops),
        (6, 6),
        "land grows at the end of round 0, a multiple of 16"
    );
    w.three_frames("round 1");
}

/// The automatic pass's test of the move's own cells (docs/rules.md §5) at
/// a 16-round boundary: the move's source and target, land left with 1
/// troop each, grow to 2 as round 16 ends and are the mover's only movable
/// cells, so the mover must be to move again after the other player is
/// passed. Map 1, Red first, round 16 set through the backdoor; Red owns
/// its capital at 0 and (1, 8), land of 2; Blue its capital at 0 and
/// (1, 7), land of 3. Red moves 1 right from (1, 8) onto NPC land of 1 at
/// (2, 8): a tie, (2, 8) stays NPC with 0. Blue moves 2 down from (1, 7)
/// and takes (1, 8) with 1, keeping 1: round 16 ends, the capitals grow to
/// 1, and both of Blue's land cells to 2 (16 is a multiple of 16). Red, with
/// its capital of 1, is passed; Blue is to move in round 17. (A growth that
/// left land out of that test would pass Blue too: round 18, Red to move.)
#[test]
fn the_moves_own_land_grown_at_round_16_keeps_the_mover_in_play() {
    let mut s = Session::start(1);
    let (red_cap, blue_cap) = (at(0, 8), at(9, 2));
    let (red_src, npc, blue_src) = (at(1, 8), at(2, 8), at(1, 7));
    s.env
        .poke(&[
            (red_cap, cell(Owner::Red, Kind::Capital, 0)),
            (red_src, cell(Owner::Red, Kind::Land, 2)),
            (npc, cell(Owner::Npc, Kind::Land, 1)),
            (blue_cap, cell(Owner::Blue, Kind::Capital, 0)),
            (blue_src, cell(Owner::Blue, Kind::Land, 3)),
        ])
        .unwrap_or_else(|m| panic!("{m}"));
    s.env.poke_round(16).unwrap_or_else(|m| panic!("{m}"));
    let owned = |g: &GameState| {
        g.cells
            .iter()
            .filter(|c| matches!(c.owner, Owner::Red | Owner::Blue))
            .count()
    };
    assert_eq!(owned(s.env.golden()), 4, "only the cells set are owned");
    s.keys("D SPACE D"); // Red: cursor to (1, 8), MOVE-ALL, right: a tie
    s.keys("A A A A A A A A S S S S S SPACE S"); // Blue: cursor to (1, 7), MOVE-ALL, down
    let g = s.env.golden().clone();
    assert_eq!(
        (g.round, g.player),
        (17, Player::Blue),
        "Red passed, Blue plays"
    );
    assert_eq!(g.cell(red_cap).troops, 1);
    for p in [blue_src, red_src] {
        assert_eq!(g.cell(p), cell(Owner::Blue, Kind::Land, 2), "{p:?}");
    }
    assert_eq!(g.cell(npc), cell(Owner::Npc, Kind::Land, 0));
}

/// The buttons at the edges of the phases (docs/rules.md §3), every cycle
/// checked: START held across a RESET, pressed and released inside it, and
/// held past a game's end; RESET held across a game's end; each with contact
/// bounce. A held button must never act twice, a press recognised during
/// RESET must not start a game, and a release is never a press.
#[test]
fn buttons_held_across_reset_and_past_a_games_end() {
    use generals::env::driver::button::Press;
    let d = generals::env::core_env::hold_cycles() / 2;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut s = Session::start(1);
    let phase = |s: &Session| s.env.golden().phase;
    // A press held `n` cycles whose contact bounces, on press and release,
    // are those of a press of the bench's usual length (each shorter than a
    // quarter of the debounce length): a long hold, not a series of presses.
    let held = |n: u32, rng: &mut ChaCha8Rng| {
        let mut p = Press::bouncy(2 * d, 2, rng);
        let longest = (0..p.stretches.len())
            .max_by_key(|&i| p.stretches[i].0)
            .unwrap_or(0);
        p.stretches[longest].0 = n;
        p
    };
    let settle = |s: &mut Session, what: &str| {
        s.env
            .run_until(100 * u64::from(d), what, |e| {
                e.start_btn.idle() && e.reset_btn.idle()
            })
            .unwrap_or_else(|m| panic!("{what}: {m}"));
        s.env
            .run(3 * u64::from(d))
            .unwrap_or_else(|m| panic!("{what}: {m}"));
    };

    // PLAYING: START goes down (ignored in PLAYING), RESET is pressed and
    // released while START is held, START is released after: IDLE, and the
    // held START starts nothing.
    s.env.start_btn.press(0, &held(8 * d, &mut rng));
    s.env
        .reset_btn
        .press(2 * d, &Press::bouncy(2 * d, 2, &mut rng));
    settle(&mut s, "START held across RESET, in PLAYING");
    assert_eq!(
        phase(&s),
        Phase::Idle,
        "RESET ends the game; the held START starts none"
    );

    // IDLE: RESET held, START pressed and released inside it: no game.
    s.env.reset_btn.press(0, &held(8 * d, &mut rng));
    s.env
        .start_btn
        .press(2 * d, &Press::bouncy(2 * d, 3, &mut rng));
    settle(&mut s, "START inside RESET, in IDLE");
    assert_eq!(
        phase(&s),
        Phase::Idle,
        "a START recognised during RESET starts no game"
    );

    // IDLE: START pressed, RESET pressed while START is still held after
    // the game has started: the game starts, then RESET ends it.
    s.env.start_btn.press(0, &held(6 * d, &mut rng));
    s.env
        .reset_btn
        .press(4 * d, &Press::bouncy(2 * d, 1, &mut rng));
    settle(&mut s, "RESET while START is held after it started a game");
    assert_eq!(phase(&s), Phase::Idle);

    // A game that ends while START and RESET are both held: Red captures
    // Blue's capital (set up through the backdoor) with START held from
    // before the capture to after GAME OVER; then RESET, held across the
    // next START's press.
    s.press_start(1, &Press::clean(2 * d));
    s.env
        .poke(&[
            (at(0, 7), cell(Owner::Red, Kind::Land, 30)),
            (at(9, 3), cell(Owner::Red, Kind::Land, 40)),
            (at(9, 2), cell(Owner::Blue, Kind::Capital, 1)),
        ])
        .unwrap_or_else(|m| panic!("{m}"));
    s.env.start_btn.press(0, &held(60 * d, &mut rng));
    // Red's cursor (0, 8) to (9, 3): up 5, right 9; then attack up.
    s.keys("W W W W W D D D D D D D D D SPACE W");
    assert_eq!(phase(&s), Phase::GameOver, "Red took Blue's capital");
    settle(&mut s, "START held past the game's end");
    assert_eq!(
        phase(&s),
        Phase::GameOver,
        "the held START, released in GAME_OVER, starts nothing"
    );
    s.env.reset_btn.press(0, &held(8 * d, &mut rng));
    s.env.start_btn.press(d, &held(10 * d, &mut rng));
    settle(&mut s, "RESET held across a START in GAME_OVER");
    assert_eq!(
        phase(&s),
        Phase::Idle,
        "RESET wins; START, still held after it, starts nothing"
    );
}

/// Growth crossed with round ends (docs/rules.md §5): one and two round ends
/// in one command, at round 1 and at a multiple of 16, for capitals, towers
/// and land. Map 1, Red first; positions set up through the backdoor, every
/// owned cell but the mover's at 0 troops, so that after the mover's command
/// nobody owns a cell of 2 and the turn passes automatically until growth
/// gives someone one. Worked by hand in the comments; every cycle checked.
#[test]
fn growth_with_one_and_two_round_ends_at_round_1_and_16() {
    let _ = functional::take();
    let (red_cap, blue_cap) = (at(0, 8), at(9, 2));
    let (red_tower, blue_tower, blue_land) = (at(0, 7), at(8, 1), at(8, 2));
    let zeroed = |extra: &[(Pos, Cell)]| {
        let mut cells = vec![
            (red_cap, cell(Owner::Red, Kind::Capital, 0)),
            (blue_cap, cell(Owner::Blue, Kind::Capital, 0)),
            (blue_tower, cell(Owner::Blue, Kind::Tower, 0)),
            (blue_land, cell(Owner::Blue, Kind::Land, 0)),
        ];
        cells.extend_from_slice(extra);
        cells
    };

    // Round 1, one round end: Red moves 1 from (1, 8) to (2, 8); Blue, with
    // its land at 3, moves 2 of them on: round 1 ends, capitals and towers
    // grow by 1 (0 -> 1), land does not.
    let mut s = Session::start(1);
    s.env
        .poke(&zeroed(&[
            (red_tower, cell(Owner::Red, Kind::Tower, 0)),
            (at(1, 8), cell(Owner::Red, Kind::Land, 2)),
            (at(2, 8), cell(Owner::Npc, Kind::Land, 0)),
            (blue_land, cell(Owner::Blue, Kind::Land, 3)),
            (at(8, 3), cell(Owner::Npc, Kind::Land, 0)),
        ]))
        .unwrap_or_else(|m| panic!("{m}"));
    s.keys("D SPACE D"); // Red: cursor (0, 8) -> (1, 8), MOVE-ALL, right
    s.keys("A SPACE S"); // Blue: cursor (9, 2) -> (8, 2), MOVE-ALL, down
    let g = s.env.golden().clone();
    assert_eq!(g.round, 2, "round 1 ended once");
    assert_eq!(g.cell(red_tower).troops, 1, "the Red tower grew by 1");
    assert_eq!(g.cell(red_cap).troops, 1, "Red's capital grew by 1");
    drop(s);

    // Round 1, two round ends: Red moves 1 from (1, 8) to (2, 8); no one
    // owns a cell of 2: Blue passes (round 1 ends: capitals and towers 1),
    // Red passes, Blue passes (round 2 ends: capitals and towers 2); Red to
    // move. The corners run's position (TWO_ROUND_ENDS) is this one.
    let mut s = Session::start(1);
    let corner = generals::run::mutant::TWO_ROUND_ENDS;
    let board = zeroed(&[
        (red_tower, cell(Owner::Red, Kind::Tower, 0)),
        (at(1, 8), cell(Owner::Red, Kind::Land, 2)),
        (at(2, 8), cell(Owner::Npc, Kind::Land, 0)),
    ]);
    let mut set = corner.board();
    set.sort_by_key(|&(p, _)| p.index());
    let mut worked = board.clone();
    worked.sort_by_key(|&(p, _)| p.index());
    assert_eq!(set, worked, "TWO_ROUND_ENDS is this position");
    s.env.poke(&board).unwrap_or_else(|m| panic!("{m}"));
    s.keys(corner.keys);
    let g = s.env.golden().clone();
    assert_eq!(
        (g.round, g.player),
        (3, Player::Red),
        "rounds 1 and 2 ended in one command"
    );
    assert_eq!(g.cell(red_tower).troops, 2);
    assert_eq!(g.cell(blue_cap).troops, 2);
    drop(s);

    // Rounds 15 and 16 in one command: the scenario's moves to round 15
    // (tests/scenarios.rs, growth_at_end_of_round_16_includes_land), then
    // Red (cursor on (0, 7), land of 2) moves 1 up onto neutral (0, 6).
    // Blue passes: round 15 ends (capitals, towers 0 -> 1; land stays, 15
    // is no multiple of 16); Red, with cells of 1, passes; Blue passes:
    // round 16 ends (capitals, towers 1 -> 2; land +1: Blue's (8, 2) 0 -> 1).
    let mut s = Session::start(1);
    s.map1_rounds(14);
    assert_eq!(s.env.golden().round, 15);
    s.env
        .poke(&zeroed(&[
            (at(0, 7), cell(Owner::Red, Kind::Land, 2)),
            (at(0, 6), cell(Owner::Npc, Kind::Land, 0)),
        ]))
        .unwrap_or_else(|m| panic!("{m}"));
    s.keys("SPACE W");
    let g = s.env.golden().clone();
    assert_eq!(
        (g.round, g.player),
        (17, Player::Red),
        "rounds 15 and 16 ended in one command"
    );
    assert_eq!(
        g.cell(blue_land).troops,
        1,
        "land grew once, at round 16's end"
    );
    assert_eq!(g.cell(blue_tower).troops, 2);
    drop(s);

    // One round end at a multiple of 16 is the scenario's own (round 16).
    let mut s = Session::start(1);
    s.map1_rounds(16);
    assert_eq!(s.env.golden().round, 17);
    drop(s);
    assert_hit(
        &functional::take(),
        &[
            "turn/grow_capital_single_round1",
            "turn/grow_tower_single_round1",
            "turn/grow_capital_double_round1",
            "turn/grow_tower_double_round1",
            "turn/grow_capital_single_16",
            "turn/grow_tower_single_16",
            "turn/grow_land_single_16",
            "turn/grow_capital_double_16",
            "turn/grow_tower_double_16",
            "turn/grow_land_double_16",
        ],
    );
}

/// The corners run's moves after [`PASS_AFTER_RED`]
/// ([`generals::run::mutant::CornerMoves`]), worked by hand, so that each
/// does what the check set says it does. Map 1, Red first, round 4 after
/// the pass corners' two round ends and Red's timed W: 1 from its capital
/// of 2 onto (0,7), NPC land of 0, taken (the cursor follows); Blue (its
/// capital of 1) passed; capitals +1. Then from (0,7) set to 200, MOVE-HALF
/// right onto NPC land of 1: 100 go, 99 take it, 100 stay; Blue (1 again)
/// passed, round 5. Then from (1,7) set to 200 the same onto (2,7); Blue's
/// capital, set to 5, can move, so Blue is to move, round 5 still. Then
/// Blue's capital, set to 4 and its only cell, sends half (2) left onto NPC
/// land of 129 and fails (NPC 127, the capital keeps 2); Blue, second, ends the
/// round (capitals +1: Blue 3, Red's, set to 0, 1); Red's lands, set to 1,
/// cannot move, nor its capital: Red is passed, and Blue, whose only
/// movable cell is the move's source, is to move, round 6. Then Blue's
/// failed attacks end round after round, Red passed each time, to round 15,
/// and round 16 much as in
/// `the_moves_own_land_grown_at_round_16_keeps_the_mover_in_play`, but with
/// Blue's move a tie with Red's land of 1, so that its source, grown to 2,
/// is its only movable cell: Blue is to move in round 17. Then Blue's 1 from
/// its capital fails on a Red tower set to 2, which grows back to 2 as
/// round 17 ends, Red's only movable cell: Red is to move in round 18.
///
/// [`PASS_AFTER_RED`]: generals::run::mutant::PASS_AFTER_RED
#[test]
fn the_corners_runs_moves_leave_the_states_worked_by_hand() {
    let moves = generals::run::mutant::CornerMoves::parse().unwrap_or_else(|e| panic!("{e}"));
    let mut s = Session::start(1);
    let mut seen = Vec::new();
    moves
        .play(&mut s.env, |env| seen.push(env.golden().clone()))
        .unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(
        seen.len(),
        6,
        "two pass corners, the timed W, two MOVE-HALFs, Red passed after Blue"
    );
    let red = |troops| cell(Owner::Red, Kind::Land, troops);
    // What each move leaves: who is to move, the round, Red's cursor, cells.
    type Left = (&'static str, Player, u16, Pos, Vec<(Pos, Cell)>);
    let expect: [Left; 4] = [
        (
            "the timed W",
            Player::Red,
            4,
            at(0, 7),
            vec![
                (at(0, 7), red(1)),
                (at(0, 8), cell(Owner::Red, Kind::Capital, 2)),
                (at(9, 2), cell(Owner::Blue, Kind::Capital, 2)),
            ],
        ),
        (
            "MOVE-HALF from 200, Blue passed",
            Player::Red,
            5,
            at(1, 7),
            vec![
                (at(0, 7), red(100)),
                (at(1, 7), red(99)),
                (at(0, 8), cell(Owner::Red, Kind::Capital, 3)),
                (at(9, 2), cell(Owner::Blue, Kind::Capital, 2)),
            ],
        ),
        (
            "MOVE-HALF from 200, Blue to move",
            Player::Blue,
            5,
            at(2, 7),
            vec![
                (at(0, 7), red(100)),
                (at(1, 7), red(100)),
                (at(2, 7), red(99)),
                (at(9, 2), cell(Owner::Blue, Kind::Capital, 5)),
            ],
        ),
        (
            "Blue's MOVE-HALF from its capital fails, Red passed",
            Player::Blue,
            6,
            at(2, 7),
            vec![
                (at(9, 2), cell(Owner::Blue, Kind::Capital, 3)),
                (at(8, 2), cell(Owner::Npc, Kind::Land, 127)),
                (at(0, 8), cell(Owner::Red, Kind::Capital, 1)),
                (at(0, 7), red(1)),
                (at(1, 7), red(1)),
                (at(2, 7), red(1)),
            ],
        ),
    ];
    for (g, (what, player, round, cursor, cells)) in seen[2..].iter().zip(expect) {
        assert_eq!(g.player, player, "{what}: to move: {}", g.to_json());
        assert_eq!(g.round, round, "{what}: round");
        assert_eq!(g.mode, Mode::Select, "{what}: mode");
        assert_eq!(g.cursor_red, cursor, "{what}: Red's cursor");
        for (p, c) in cells {
            assert_eq!(g.cell(p), c, "{what}: cell {p:?}");
        }
    }
    assert_eq!(s.state().round, 6, "the RTL's round");
    // Then round by round to 15, and round 16 (GROWN_AT_16).
    moves
        .play_to_round_16(&mut s.env)
        .unwrap_or_else(|m| panic!("{m}"));
    // Round 16's end as worked by hand (GROWN_AT_16), then Blue's failed
    // attack on Red's tower of 2 (TARGET_GROWN): round 17 ends, the tower
    // grows back to 2, Red's only movable cell, and Red is to move.
    let g = s.env.golden().clone();
    assert_eq!((g.round, g.player), (18, Player::Red), "Red to move");
    assert_eq!(g.cell(at(0, 8)), cell(Owner::Red, Kind::Capital, 1));
    assert_eq!(g.cell(at(9, 2)), cell(Owner::Blue, Kind::Capital, 2));
    assert_eq!(g.cell(at(8, 2)), cell(Owner::Red, Kind::Tower, 2));
    assert_eq!(g.cell(at(1, 7)), cell(Owner::Blue, Kind::Land, 2));
    assert_eq!(g.cell(at(1, 8)), red(1));
    assert_eq!(g.cell(at(2, 8)), cell(Owner::Npc, Kind::Land, 0));
    assert_eq!(s.state().round, 18, "the RTL's round");
}

/// The machine's corners of the corners run
/// ([`generals::run::mutant::MACHINE_CORNERS`]), worked by hand (docs/rules.md
/// §5–§7 and §11). Map 1, the machine plays Blue; each time Red attacks
/// (0,8)'s 4 into NPC land (1,8) of 5 and fails (NPC 2, the capital keeps 1),
/// Blue's machine moves, and Blue, second, ends the round (capitals +1).
/// First: Blue's capital of 70 takes the NPC land of 30 to its left (69
/// beats 30; the attacks on 100 above and below score less): 39 there, 1
/// left. Then: from land (5,0) of 5, the capture of NPC land of 3 to its
/// right (k = 4) beats the attacks on 100 (left) and 10 (below): 1 there.
/// Last: of two transfers of 4 from land of 5 on the bottom row onto
/// Blue's land of 1, the one from (6,9) up to (6,8), nearer Red's capital
/// (6 against 7), beats the earlier one from (3,9) right to (4,9), farther
/// (5 against 4): 5 there, 1 left. Then: from land (5,8) of 5, D takes the
/// NPC tower of 0 at (6,8), which scores more than A's capture of the NPC
/// land of 0 at (4,8): a tower of 4, 5 after the round. Last: from land (1,8) of 20, 17 after
/// Red's failed attack, A takes Red's capital of 1 (16 beats 1), which
/// wins over W's capture of Red's tower of 5: the capital Blue's with 15,
/// GAME OVER, Blue the winner, no growth.
#[test]
fn the_machine_corners_choose_as_worked_by_hand() {
    let _ = functional::take();
    let moves = generals::run::mutant::CornerMoves::parse().unwrap_or_else(|e| panic!("{e}"));
    let mut s = Session::idle(1);
    s.env.switches = generals::run::mutant::MACHINE_BLUE;
    s.press_start(
        1,
        &generals::env::driver::button::Press::clean(generals::env::core_env::hold_cycles()),
    );
    assert_eq!(s.env.golden().player, Player::Red, "map 1: Red first");
    let mut seen = Vec::new();
    moves
        .play_machine(&mut s.env, |env| seen.push(env.golden().clone()))
        .unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(seen.len(), 5, "five positions");
    let npc = |troops| cell(Owner::Npc, Kind::Land, troops);
    let blue = |troops| cell(Owner::Blue, Kind::Land, troops);
    let capital = |owner, troops| cell(owner, Kind::Capital, troops);
    type Left = (&'static str, u16, Vec<(Pos, Cell)>);
    let expect: [Left; 5] = [
        (
            "the capital of 70 captures the 30",
            2,
            vec![
                (at(8, 2), blue(39)),
                (at(9, 2), capital(Owner::Blue, 2)),
                (at(9, 1), npc(100)),
                (at(9, 3), npc(100)),
                (at(1, 8), npc(2)),
                (at(0, 8), capital(Owner::Red, 2)),
            ],
        ),
        (
            "the land of 5 captures the 3",
            3,
            vec![
                (at(6, 0), blue(1)),
                (at(5, 0), blue(1)),
                (at(5, 1), npc(10)),
                (at(4, 0), npc(100)),
                (at(9, 2), capital(Owner::Blue, 2)),
                (at(1, 8), npc(2)),
                (at(0, 8), capital(Owner::Red, 2)),
            ],
        ),
        (
            "the nearer transfer, from (6,9), though (3,9) comes first",
            4,
            vec![
                (at(6, 8), blue(5)),
                (at(6, 9), blue(1)),
                (at(3, 9), blue(5)),
                (at(4, 9), blue(1)),
                (at(9, 2), capital(Owner::Blue, 2)),
                (at(1, 8), npc(2)),
                (at(0, 8), capital(Owner::Red, 2)),
            ],
        ),
        (
            "the tower of 0 taken, not the land of 0 four cells from Red's capital",
            5,
            vec![
                (at(6, 8), cell(Owner::Blue, Kind::Tower, 5)),
                (at(5, 8), blue(1)),
                (at(4, 8), npc(0)),
                (at(5, 7), npc(100)),
                (at(5, 9), npc(100)),
                (at(9, 2), capital(Owner::Blue, 2)),
                (at(1, 8), npc(2)),
                (at(0, 8), capital(Owner::Red, 2)),
            ],
        ),
        (
            "the capital taken, not the tower",
            5,
            vec![
                (at(0, 8), capital(Owner::Blue, 15)),
                (at(1, 8), blue(1)),
                (at(1, 7), cell(Owner::Red, Kind::Tower, 5)),
                (at(9, 2), capital(Owner::Blue, 1)),
            ],
        ),
    ];
    for (i, (g, (what, round, cells))) in seen.iter().zip(expect).enumerate() {
        // The last position ends the game: Blue wins and stays the player.
        let (phase, player) = if i == 4 {
            (Phase::GameOver, Player::Blue)
        } else {
            (Phase::Playing, Player::Red)
        };
        assert_eq!(
            (g.phase, g.player),
            (phase, player),
            "{what}: {}",
            g.to_json()
        );
        assert_eq!(g.round, round, "{what}: round");
        for (p, c) in cells {
            assert_eq!(g.cell(p), c, "{what}: cell {p:?}");
        }
    }
    assert_eq!(s.state().round, 5, "the RTL's round");
    drop(s);
    assert_hit(&functional::take(), &["machine/score_capture"]);
}

/// The keyboard's corners of the corners run
/// ([`generals::run::mutant::keyboard_corners`]) on the core, every cycle
/// checked (docs/rules.md §4; the scoreboard checks the error count, which
/// RESET clears, in every cycle): the glitched frame's W arrives; the
/// break with its prefixes the other way round arrives, three bytes that
/// decode to no command (the keyboard scoreboard checks that); of the
/// frames typed through RESET, the one whose start bit fell in reset is lost
/// whole (though it runs on long after the reset) and the others arrive;
/// the frame sent too soon after a reset is lost; the arming sweep's frames
/// arrive whole or are lost whole.
#[test]
fn the_keyboard_corners_on_the_core() {
    let mut s = Session::idle(1);
    let typed = generals::run::mutant::keyboard_corners(&mut s.env)
        .unwrap_or_else(|m| panic!("{m}")) as u64;
    let stats = s.env.sb.kbd.stats;
    // The arming sweep's frames go either way (the next test pins where).
    let sweep = generals::run::mutant::ARMING_SWEEP.count() as u64;
    let raw = generals::run::mutant::BREAK_THEN_EXTENDED.len() as u64;
    assert_eq!(
        stats.bytes + stats.ignored,
        1 + raw + typed + 1 + sweep,
        "every frame arrived whole or was lost whole: {stats:?}"
    );
    assert!(
        stats.bytes >= raw + typed && stats.ignored >= 2,
        "the glitched W, the break and the typed after the reset arrive; the one in reset and the early one do not: {stats:?}"
    );
}

/// The corners run's arming sweep ([`generals::run::mutant::ARMING_SWEEP`])
/// spans the cycle in which the receiver, as built, arms after a reset: on
/// the core, a frame after each reset with its start bit in each cycle of the
/// scoreboard's margin around the arming time (docs/rules.md §4) is lost
/// whole before some cycle and taken whole from it on, and the sweep holds
/// that cycle and the one before it (where a receiver arming on a falling
/// clock would differ). Every cycle checked; a frame in the margin may go
/// either way, never in part.
#[test]
fn the_corners_arming_sweep_spans_the_cycle_the_receiver_arms_in() {
    use generals::env::core_env::hold_cycles;
    use generals::env::driver::button::Press;
    let mut s = Session::idle(1);
    s.env.sb.kbd.unsure_may_vanish = true;
    // The scoreboard's margin, and 16 cycles beyond it on each side.
    let reach = (generals::env::dut::KbdDut::params().filter_cycles
        + generals::env::scoreboard::kbd::ARMING_SLACK) as i32
        + 16;
    let mut first_taken = None;
    for d in -reach..=reach {
        let before = s.env.sb.kbd.stats;
        s.env
            .reset_then_frame(Command::W.make_code(), d, &Press::clean(hold_cycles()))
            .unwrap_or_else(|m| panic!("start bit {d} cycles from the arming time: {m}"));
        let after = s.env.sb.kbd.stats;
        let taken = after.bytes == before.bytes + 1 && after.ignored == before.ignored;
        let lost = after.bytes == before.bytes && after.ignored == before.ignored + 1;
        assert!(taken || lost, "{d}: {before:?} then {after:?}");
        match (taken, first_taken) {
            (true, None) => first_taken = Some(d),
            (false, Some(t)) => panic!("{d}: lost after {t} was taken"),
            _ => {}
        }
    }
    let armed = first_taken.expect("no frame of the margin taken");
    eprintln!("the receiver takes a start bit from {armed} cycles after the arming time");
    let sweep = generals::run::mutant::ARMING_SWEEP;
    assert!(
        sweep.contains(&(armed - 1)) && sweep.contains(&armed),
        "{sweep:?} misses {} and {armed}",
        armed - 1
    );
}

/// The corners run's win ([`generals::run::mutant::RED_WINS`]), worked by
/// hand (docs/rules.md §6): Red's 200 beside Blue's capital of 70 moves 199
/// into it, takes it with 129 (it stays a capital, now Red's) and keeps 1:
/// GAME OVER, Red the winner, the round unchanged.
#[test]
fn the_corners_red_win_is_worked_by_hand() {
    let corner = generals::run::mutant::RED_WINS;
    let mut s = Session::start(1);
    s.env
        .poke(&corner.board())
        .unwrap_or_else(|m| panic!("{m}"));
    s.keys(corner.keys);
    let g = s.env.golden().clone();
    assert_eq!(g.phase, Phase::GameOver, "{}", g.to_json());
    assert_eq!(g.winner, Some(Player::Red));
    assert_eq!(g.round, 1);
    assert_eq!(g.cell(at(9, 2)), cell(Owner::Red, Kind::Capital, 129));
    assert_eq!(g.cell(at(8, 2)), cell(Owner::Red, Kind::Land, 1));
    assert_eq!(s.state().phase, Phase::GameOver, "the RTL's phase");
}
