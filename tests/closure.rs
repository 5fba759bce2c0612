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
use generals_golden::{Cell, GameState, Kind, Owner, Phase, Player, Pos};
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
