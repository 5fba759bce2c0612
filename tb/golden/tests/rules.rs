//! One test per rule of docs/rules.md §3 and §5, each on a small hand-built
//! position; every expected value is worked out by hand from the spec.

mod common;

use common::{at, cell, map, put, small_map, with_capitals};
use generals_golden::{
    Command, GameState, Kind, LoadError, Mode, MoveReport, Outcome, Owner, Phase, Player, Pos,
};
use generals_maps::ElementKind;

use Command::{Space, A, D, S, W, Z};
use Kind::{Capital, Land, Mountain, Tower};
use Owner::{Blue, Npc, Red};

fn apply_all(g: &mut GameState, cmds: &[Command]) -> Vec<Outcome> {
    cmds.iter().map(|&c| g.apply(c)).collect()
}

// ---------------------------------------------------------------- §3 start

#[test]
fn start_on_odd_map_loads_the_board_and_red_moves_first() {
    let maps = vec![small_map(), small_map()];
    let mut g = GameState::new();
    assert_eq!(g.start(1, &maps), Ok(Outcome::Started));
    assert_eq!(g.phase, Phase::Playing);
    assert_eq!(g.winner, None);
    assert_eq!(g.map, 1);
    assert_eq!(g.first, Player::Red);
    assert_eq!(g.player, Player::Red);
    assert_eq!(g.round, 1);
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(g.cursor_red, Pos::new(1, 1));
    assert_eq!(g.cursor_blue, Pos::new(8, 8));
    for y in 0..10 {
        for x in 0..10 {
            let expected = match (x, y) {
                (1, 1) => cell(Red, Capital, 2),
                (8, 8) => cell(Blue, Capital, 2),
                (2, 1) => cell(Npc, Mountain, 0),
                (1, 2) => cell(Npc, Tower, 0),
                _ => cell(Npc, Land, 0),
            };
            assert_eq!(at(&g, x, y), expected, "cell ({x}, {y})");
        }
    }
}

#[test]
fn start_on_even_map_blue_moves_first() {
    let maps = vec![small_map(), small_map(), small_map()];
    let mut g = GameState::new();
    assert_eq!(g.start(2, &maps), Ok(Outcome::Started));
    assert_eq!((g.map, g.first, g.player), (2, Player::Blue, Player::Blue));
    let mut g = GameState::new();
    g.start(0, &maps).unwrap();
    assert_eq!((g.map, g.first, g.player), (0, Player::Blue, Player::Blue));
}

#[test]
fn start_during_playing_is_ignored() {
    let maps = vec![small_map(), small_map()];
    let mut g = GameState::new();
    g.start(0, &maps).unwrap();
    g.apply(W);
    let before = g.clone();
    assert_eq!(g.start(1, &maps), Ok(Outcome::Ignored));
    assert_eq!(g, before);
    // Ignored even when the draw value names no map.
    assert_eq!(g.start(99, &maps), Ok(Outcome::Ignored));
    assert_eq!(g, before);
}

#[test]
fn start_in_game_over_starts_a_new_game() {
    let maps = vec![small_map(), small_map()];
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.phase = Phase::GameOver;
    g.winner = Some(Player::Red);
    assert_eq!(g.start(1, &maps), Ok(Outcome::Started));
    assert_eq!(g, GameState::load(1, &small_map()).unwrap());
    assert_eq!(g.winner, None);
}

#[test]
fn start_with_a_missing_or_broken_map_is_an_error() {
    let mut g = GameState::new();
    assert_eq!(
        g.start(3, &[small_map()]),
        Err(LoadError::NoSuchMap { index: 3, count: 1 })
    );
    assert_eq!(g, GameState::new(), "a failed start changes nothing");
    let no_blue = map(&[(0, 0, ElementKind::RedCapital)]);
    assert_eq!(
        GameState::load(4, &no_blue),
        Err(LoadError::Capitals {
            index: 4,
            player: "blue",
            count: 0
        })
    );
    let off = map(&[
        (0, 0, ElementKind::RedCapital),
        (9, 9, ElementKind::BlueCapital),
        (10, 3, ElementKind::Mountain),
    ]);
    assert_eq!(
        GameState::load(5, &off),
        Err(LoadError::OffBoard {
            index: 5,
            x: 10,
            y: 3
        })
    );
    let shared = map(&[
        (0, 0, ElementKind::RedCapital),
        (9, 9, ElementKind::BlueCapital),
        (9, 9, ElementKind::Tower),
    ]);
    assert_eq!(
        GameState::load(6, &shared),
        Err(LoadError::SharedCell {
            index: 6,
            x: 9,
            y: 9
        })
    );
}

#[test]
fn reset_returns_to_idle_from_every_phase() {
    let maps = vec![small_map()];
    let mut g = GameState::new();
    g.start(0, &maps).unwrap();
    g.apply(S);
    g.reset();
    assert_eq!(g.phase, Phase::Idle);
    assert_eq!(g, GameState::new());
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.phase = Phase::GameOver;
    g.winner = Some(Player::Blue);
    g.reset();
    assert_eq!(g, GameState::new());
}

#[test]
fn idle_ignores_every_command() {
    let mut g = GameState::new();
    for c in Command::ALL {
        assert_eq!(g.apply(c), Outcome::Ignored);
    }
    assert_eq!(g, GameState::new());
}

#[test]
fn game_over_ignores_every_command() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.phase = Phase::GameOver;
    g.winner = Some(Player::Red);
    g.mode = Mode::MoveAll; // even with a mode that would move
    let before = g.clone();
    for c in Command::ALL {
        assert_eq!(g.apply(c), Outcome::Ignored);
    }
    assert_eq!(g, before);
}

// ---------------------------------------------------------------- §5 SELECT

#[test]
fn cursor_moves_one_cell_per_direction_key() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.cursor_red = Pos::new(4, 4);
    assert_eq!(g.apply(W), Outcome::CursorMoved);
    assert_eq!(g.cursor_red, Pos::new(4, 3));
    g.apply(A);
    assert_eq!(g.cursor_red, Pos::new(3, 3));
    g.apply(S);
    assert_eq!(g.cursor_red, Pos::new(3, 4));
    g.apply(D);
    assert_eq!(g.cursor_red, Pos::new(4, 4));
    assert_eq!(
        g.cursor_blue,
        Pos::new(9, 9),
        "only the current player's cursor moves"
    );
    assert_eq!(g.player, Player::Red);
    assert_eq!(g.mode, Mode::Select);
}

#[test]
fn cursor_at_the_border_does_not_move_or_wrap() {
    let mut g = with_capitals(Player::Red, Player::Blue, 5);
    g.cursor_blue = Pos::new(0, 0);
    let before = g.clone();
    assert_eq!(g.apply(W), Outcome::NoEffect);
    assert_eq!(g.apply(A), Outcome::NoEffect);
    assert_eq!(g, before);
    g.cursor_blue = Pos::new(9, 9);
    let before = g.clone();
    assert_eq!(g.apply(S), Outcome::NoEffect);
    assert_eq!(g.apply(D), Outcome::NoEffect);
    assert_eq!(g, before);
    g.cursor_blue = Pos::new(9, 0);
    assert_eq!(g.apply(D), Outcome::NoEffect);
    assert_eq!(g.apply(W), Outcome::NoEffect);
    assert_eq!(g.apply(A), Outcome::CursorMoved);
    assert_eq!(g.cursor_blue, Pos::new(8, 0));
}

#[test]
fn legal_steps_are_on_board_neighbours_that_are_not_mountains() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.cursor_red = Pos::new(0, 1);
    put(&mut g, 1, 1, Npc, Mountain, 0);
    put(&mut g, 0, 2, Blue, Land, 3);
    // Left is off the board, right a mountain; up (a capital) and down remain.
    let steps: Vec<_> = g.legal_steps().collect();
    assert_eq!(steps, vec![(W, Pos::new(0, 0)), (S, Pos::new(0, 2))]);
    // Blue's turn: Blue's cursor counts.
    g.player = Player::Blue;
    g.cursor_blue = Pos::new(9, 9);
    let steps: Vec<_> = g.legal_steps().collect();
    assert_eq!(steps, vec![(W, Pos::new(9, 8)), (A, Pos::new(8, 9))]);
}

#[test]
fn cursor_may_rest_on_a_mountain() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 1, 0, Npc, Mountain, 0);
    assert_eq!(g.apply(D), Outcome::CursorMoved);
    assert_eq!(g.cursor_red, Pos::new(1, 0));
}

#[test]
fn space_enters_move_all_on_an_own_cell_with_two_troops() {
    let mut g = with_capitals(Player::Red, Player::Red, 2);
    assert_eq!(g.apply(Space), Outcome::ModeChanged);
    assert_eq!(g.mode, Mode::MoveAll);
    assert_eq!(g.player, Player::Red);
}

#[test]
fn space_on_enemy_npc_small_or_mountain_cells_does_nothing() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 3, 3, Blue, Land, 9); // enemy
    put(&mut g, 4, 3, Npc, Tower, 7); // NPC with troops
    put(&mut g, 5, 3, Red, Land, 1); // own, one troop
    put(&mut g, 6, 3, Red, Land, 0); // own, none
    put(&mut g, 7, 3, Npc, Mountain, 0);
    put(&mut g, 8, 3, Npc, Land, 0);
    for x in 3..=8 {
        g.cursor_red = Pos::new(x, 3);
        let before = g.clone();
        assert_eq!(g.apply(Space), Outcome::NoEffect, "cursor at ({x}, 3)");
        assert_eq!(g, before);
    }
}

#[test]
fn z_in_select_does_nothing() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    let before = g.clone();
    assert_eq!(g.apply(Z), Outcome::NoEffect);
    assert_eq!(g, before);
}

// ---------------------------------------------------------------- §5 move modes

#[test]
fn z_toggles_move_all_and_move_half() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.apply(Space);
    assert_eq!(g.mode, Mode::MoveAll);
    assert_eq!(g.apply(Z), Outcome::ModeChanged);
    assert_eq!(g.mode, Mode::MoveHalf);
    assert_eq!(g.apply(Z), Outcome::ModeChanged);
    assert_eq!(g.mode, Mode::MoveAll);
}

#[test]
fn space_in_move_mode_returns_to_select() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    let before = g.clone();
    g.apply(Space);
    assert_eq!(g.apply(Space), Outcome::ModeChanged);
    assert_eq!(g, before);
    g.apply(Space);
    g.apply(Z);
    assert_eq!(g.apply(Space), Outcome::ModeChanged);
    assert_eq!(g, before);
}

#[test]
fn entering_move_mode_always_starts_in_move_all() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    apply_all(&mut g, &[Space, Z, Space]); // half, then back to select
    assert_eq!(g.mode, Mode::Select);
    g.apply(Space);
    assert_eq!(g.mode, Mode::MoveAll);
}

#[test]
fn move_all_onto_an_own_cell_adds_all_but_one() {
    // Red (first) at (0,0) capital 7, own land (1,0) with 3. D in MOVE-ALL:
    // k = 7 - 1 = 6, source 1, target 3 + 6 = 9; cursor follows; Blue's turn.
    let mut g = with_capitals(Player::Red, Player::Red, 7);
    put(&mut g, 1, 0, Red, Land, 3);
    g.apply(Space);
    let out = g.apply(D);
    assert_eq!(
        out,
        Outcome::Moved {
            report: MoveReport {
                player: Player::Red,
                from: Pos::new(0, 0),
                to: Pos::new(1, 0),
                sent: 6,
                captured: false
            },
            passes: 0
        }
    );
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 9));
    assert_eq!(g.cursor_red, Pos::new(1, 0));
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(g.player, Player::Blue);
    assert_eq!(g.round, 1, "the first player's move does not end the round");
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 7), "no growth");
}

#[test]
fn move_half_of_seven_sends_three() {
    // k = floor(7 / 2) = 3; source keeps 4; NPC land (0,1) with 0 becomes Red 3.
    let mut g = with_capitals(Player::Red, Player::Red, 7);
    apply_all(&mut g, &[Space, Z]);
    let out = g.apply(S);
    assert!(matches!(out, Outcome::Moved { report, .. } if report.sent == 3 && report.captured));
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 4));
    assert_eq!(at(&g, 0, 1), cell(Red, Land, 3));
    assert_eq!(g.cursor_red, Pos::new(0, 1));
}

#[test]
fn move_half_of_two_sends_one() {
    let mut g = with_capitals(Player::Red, Player::Red, 2);
    apply_all(&mut g, &[Space, Z, D]);
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 1));
}

#[test]
fn move_all_of_two_sends_one() {
    let mut g = with_capitals(Player::Red, Player::Red, 2);
    apply_all(&mut g, &[Space, D]);
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 1));
}

#[test]
fn capturing_npc_land_with_troops_leaves_the_difference() {
    // NPC land (1,0) holding 2 (possible after an earlier tie-less attack);
    // k = 6 > 2: Red owns it with 6 - 2 = 4.
    let mut g = with_capitals(Player::Red, Player::Red, 7);
    put(&mut g, 1, 0, Npc, Land, 2);
    apply_all(&mut g, &[Space, D]);
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 4));
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
}

#[test]
fn capturing_an_npc_tower_keeps_it_a_tower() {
    let mut g = with_capitals(Player::Blue, Player::Blue, 5);
    put(&mut g, 9, 8, Npc, Tower, 0);
    apply_all(&mut g, &[Space, W]); // k = 4 > 0
    assert_eq!(at(&g, 9, 8), cell(Blue, Tower, 4));
    assert_eq!(g.cursor_blue, Pos::new(9, 8));
}

#[test]
fn attack_on_an_equal_enemy_leaves_owner_and_zero() {
    // Red sends k = 6 - 1 = 5 into Blue land with 5: tie, Blue keeps it with 0.
    let mut g = with_capitals(Player::Red, Player::Red, 6);
    put(&mut g, 0, 1, Blue, Land, 5);
    apply_all(&mut g, &[Space, S]);
    assert_eq!(at(&g, 0, 1), cell(Blue, Land, 0));
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
    assert_eq!(g.cursor_red, Pos::new(0, 0), "cursor stays on the source");
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(g.player, Player::Blue, "a failed attack is still a move");
}

#[test]
fn attack_on_a_stronger_enemy_only_reduces_it() {
    // k = 4 - 1 = 3 into Blue land 10: 7 left, still Blue.
    let mut g = with_capitals(Player::Red, Player::Red, 4);
    put(&mut g, 1, 0, Blue, Land, 10);
    apply_all(&mut g, &[Space, D]);
    assert_eq!(at(&g, 1, 0), cell(Blue, Land, 7));
    assert_eq!(g.cursor_red, Pos::new(0, 0));
}

#[test]
fn attack_on_a_weaker_enemy_takes_it() {
    // k = 7 - 1 = 6 into Blue land 4: Red owns it with 2.
    let mut g = with_capitals(Player::Red, Player::Red, 7);
    put(&mut g, 1, 0, Blue, Land, 4);
    let out = apply_all(&mut g, &[Space, D]);
    assert!(matches!(out[1], Outcome::Moved { report, .. } if report.captured && report.sent == 6));
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 2));
    assert_eq!(g.cursor_red, Pos::new(1, 0));
}

#[test]
fn capturing_an_enemy_tower_keeps_it_a_tower() {
    // Blue (first) half-sends floor(9 / 2) = 4 into Red tower 3: Blue tower
    // with 1; the capital keeps 5.
    let mut g = with_capitals(Player::Blue, Player::Blue, 9);
    put(&mut g, 8, 9, Red, Tower, 3);
    apply_all(&mut g, &[Space, Z, A]);
    assert_eq!(at(&g, 8, 9), cell(Blue, Tower, 1));
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 5));
    assert_eq!(g.cursor_blue, Pos::new(8, 9));
}

#[test]
fn addition_to_an_own_cell_saturates_at_511() {
    // k = 5 - 1 = 4 onto own land 510: 511, not 514.
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 1, 0, Red, Land, 510);
    apply_all(&mut g, &[Space, D]);
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 511));
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
}

#[test]
fn a_big_move_from_511_sends_510() {
    let mut g = with_capitals(Player::Red, Player::Red, 511);
    put(&mut g, 1, 0, Blue, Land, 500);
    apply_all(&mut g, &[Space, D]);
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 10));
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 1));
}

#[test]
fn move_into_a_mountain_does_nothing_and_stays_in_move_mode() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 1, 0, Npc, Mountain, 0);
    g.apply(Space);
    let before = g.clone();
    assert_eq!(g.apply(D), Outcome::NoEffect);
    assert_eq!(g, before);
    assert_eq!(g.mode, Mode::MoveAll);
    g.apply(Z);
    let before = g.clone();
    assert_eq!(g.apply(D), Outcome::NoEffect);
    assert_eq!(g, before);
    assert_eq!(g.mode, Mode::MoveHalf);
    // The move can still be made in another direction.
    assert!(matches!(g.apply(S), Outcome::Moved { .. }));
}

#[test]
fn move_off_the_board_does_nothing_and_stays_in_move_mode() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    g.apply(Space);
    let before = g.clone();
    assert_eq!(g.apply(W), Outcome::NoEffect);
    assert_eq!(g.apply(A), Outcome::NoEffect);
    assert_eq!(g, before);
    assert_eq!((g.mode, g.player), (Mode::MoveAll, Player::Red));
}

#[test]
fn moving_onto_the_own_capital_reinforces_it() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 1, 0, Red, Land, 8);
    g.cursor_red = Pos::new(1, 0);
    apply_all(&mut g, &[Space, A]);
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 12));
    assert_eq!(g.phase, Phase::Playing);
}

#[test]
fn capturing_the_enemy_capital_wins_without_passing_or_growth() {
    // Red is the second player (Blue first), so passing would end the round.
    // Red land (8,9) with 9 sends 8 into the Blue capital with 5: captured, 3.
    let mut g = with_capitals(Player::Blue, Player::Red, 5);
    put(&mut g, 8, 9, Red, Land, 9);
    put(&mut g, 5, 5, Red, Tower, 4);
    g.cursor_red = Pos::new(8, 9);
    g.round = 16;
    g.apply(Space);
    let out = g.apply(D);
    assert_eq!(
        out,
        Outcome::GameWon(MoveReport {
            player: Player::Red,
            from: Pos::new(8, 9),
            to: Pos::new(9, 9),
            sent: 8,
            captured: true
        })
    );
    assert_eq!(g.phase, Phase::GameOver);
    assert_eq!(g.winner, Some(Player::Red));
    assert_eq!(at(&g, 9, 9), cell(Red, Capital, 3));
    assert_eq!(
        at(&g, 8, 9),
        cell(Red, Land, 1),
        "no land growth at round 16"
    );
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 5), "no capital growth");
    assert_eq!(at(&g, 5, 5), cell(Red, Tower, 4), "no tower growth");
    assert_eq!(g.player, Player::Red);
    assert_eq!(g.round, 16);
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(g.cursor_red, Pos::new(9, 9));
}

#[test]
fn an_attack_on_the_capital_that_fails_does_not_end_the_game() {
    // Tie on the Blue capital: 0 left, still Blue's, game goes on.
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 8, 9, Red, Land, 6);
    put(&mut g, 5, 5, Blue, Land, 3); // so that Blue still has a move
    g.cursor_red = Pos::new(8, 9);
    apply_all(&mut g, &[Space, D]);
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 0));
    assert_eq!(g.phase, Phase::Playing);
    assert_eq!(g.winner, None);
    assert_eq!(g.player, Player::Blue);
}

// ---------------------------------------------------------------- §5 passing

#[test]
fn the_first_players_move_passes_the_turn_without_ending_the_round() {
    let mut g = with_capitals(Player::Blue, Player::Blue, 5);
    put(&mut g, 5, 5, Red, Tower, 3);
    apply_all(&mut g, &[Space, W]);
    assert_eq!(g.player, Player::Red);
    assert_eq!(g.round, 1);
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 5));
    assert_eq!(at(&g, 5, 5), cell(Red, Tower, 3));
}

#[test]
fn the_second_players_move_ends_the_round_with_growth() {
    // Red first, Blue second, round 1 (not a multiple of 16): owned capitals
    // and towers +1, owned land unchanged, NPC unchanged; round 2; Red's turn.
    let mut g = with_capitals(Player::Red, Player::Blue, 5);
    put(&mut g, 2, 2, Red, Tower, 3);
    put(&mut g, 3, 2, Red, Land, 4);
    put(&mut g, 7, 7, Blue, Land, 6);
    put(&mut g, 4, 4, Npc, Tower, 2);
    apply_all(&mut g, &[Space, W]); // Blue capital 5 -> 1, (9,8) Blue land 4
    assert_eq!(g.round, 2);
    assert_eq!(g.player, Player::Red);
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 6));
    assert_eq!(at(&g, 2, 2), cell(Red, Tower, 4));
    assert_eq!(at(&g, 3, 2), cell(Red, Land, 4));
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 2));
    assert_eq!(at(&g, 9, 8), cell(Blue, Land, 4));
    assert_eq!(at(&g, 7, 7), cell(Blue, Land, 6));
    assert_eq!(at(&g, 4, 4), cell(Npc, Tower, 2));
}

fn end_round(round: u16) -> GameState {
    // Blue (second) moves at the given round; returns the state after.
    let mut g = with_capitals(Player::Red, Player::Blue, 5);
    g.round = round;
    put(&mut g, 3, 3, Red, Land, 4);
    put(&mut g, 6, 6, Blue, Land, 7);
    put(&mut g, 4, 4, Npc, Land, 3);
    apply_all(&mut g, &[Space, W]);
    g
}

#[test]
fn land_grows_at_the_end_of_round_16_but_not_15() {
    let g = end_round(15);
    assert_eq!(g.round, 16);
    assert_eq!(at(&g, 3, 3), cell(Red, Land, 4));
    assert_eq!(at(&g, 6, 6), cell(Blue, Land, 7));
    assert_eq!(at(&g, 9, 8), cell(Blue, Land, 4), "the land just taken");
    let g = end_round(16);
    assert_eq!(g.round, 17);
    assert_eq!(at(&g, 3, 3), cell(Red, Land, 5));
    assert_eq!(at(&g, 6, 6), cell(Blue, Land, 8));
    assert_eq!(at(&g, 9, 8), cell(Blue, Land, 5));
    assert_eq!(at(&g, 4, 4), cell(Npc, Land, 3), "NPC land never grows");
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 6));
    let g = end_round(17);
    assert_eq!(at(&g, 3, 3), cell(Red, Land, 4));
    let g = end_round(32);
    assert_eq!(at(&g, 3, 3), cell(Red, Land, 5));
    let g = end_round(48);
    assert_eq!(at(&g, 6, 6), cell(Blue, Land, 8));
}

#[test]
fn growth_saturates_at_511() {
    let mut g = with_capitals(Player::Red, Player::Blue, 511);
    put(&mut g, 2, 2, Red, Tower, 510);
    put(&mut g, 3, 3, Red, Land, 511);
    g.round = 32;
    apply_all(&mut g, &[Space, W]); // Blue capital sends 510, keeps 1
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 511));
    assert_eq!(at(&g, 2, 2), cell(Red, Tower, 511));
    assert_eq!(at(&g, 3, 3), cell(Red, Land, 511));
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 2));
    assert_eq!(at(&g, 9, 8), cell(Blue, Land, 511), "510 + 1 at round 32");
}

#[test]
fn the_round_counter_wraps_at_16_bits() {
    let g = end_round(65535);
    assert_eq!(g.round, 0);
    assert_eq!(
        at(&g, 3, 3),
        cell(Red, Land, 4),
        "65535 is not a multiple of 16"
    );
    // Round 0 (after the wrap) is divisible by 16: land grows when it ends.
    let g = end_round(0);
    assert_eq!(g.round, 1);
    assert_eq!(at(&g, 3, 3), cell(Red, Land, 5));
}

#[test]
fn a_player_without_a_move_is_passed_automatically() {
    // Red first. Blue owns only its capital with 1. After Red's move, Blue
    // (second) is passed: the round ends (Blue capital 2, Red capital 5 -> 1
    // -> 2), round 2, and it is Red's turn again.
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    put(&mut g, 9, 9, Blue, Capital, 1);
    let out = apply_all(&mut g, &[Space, D]);
    assert!(
        matches!(out[1], Outcome::Moved { passes: 1, .. }),
        "{out:?}"
    );
    assert_eq!(g.player, Player::Red);
    assert_eq!(g.round, 2);
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 2));
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 2));
    assert_eq!(at(&g, 1, 0), cell(Red, Land, 4));
}

#[test]
fn automatic_passes_chain_until_someone_can_move() {
    // Blue first. Blue capital 0 (after a tie), Blue land (5,5) with 2;
    // Red capital 0 and nothing else.
    // Blue moves (5,5) -> (5,4) all: 1 + 1.
    // Red (second) has no move: pass 1, round 1 ends: caps 1 and 1; round 2.
    // Blue (first): capital 1, lands 1 and 1: pass 2, no round end.
    // Red: capital 1: pass 3, round 2 ends: caps 2 and 2; round 3.
    // Blue: capital 2: plays.
    let mut g = with_capitals(Player::Blue, Player::Blue, 0);
    put(&mut g, 5, 5, Blue, Land, 2);
    g.cursor_blue = Pos::new(5, 5);
    let out = apply_all(&mut g, &[Space, W]);
    assert!(
        matches!(out[1], Outcome::Moved { passes: 3, .. }),
        "{out:?}"
    );
    assert_eq!(g.player, Player::Blue);
    assert_eq!(g.round, 3);
    assert_eq!(g.mode, Mode::Select);
    assert_eq!(at(&g, 0, 0), cell(Red, Capital, 2));
    assert_eq!(at(&g, 9, 9), cell(Blue, Capital, 2));
    assert_eq!(at(&g, 5, 5), cell(Blue, Land, 1));
    assert_eq!(at(&g, 5, 4), cell(Blue, Land, 1));
    assert!(g.can_move(Player::Blue));
}

#[test]
fn each_player_keeps_their_own_cursor() {
    let mut g = with_capitals(Player::Red, Player::Red, 5);
    // Red moves from its capital to (1,0).
    apply_all(&mut g, &[Space, D]);
    assert_eq!(g.player, Player::Blue);
    assert_eq!(
        g.cursor_blue,
        Pos::new(9, 9),
        "Blue's cursor is where Blue left it"
    );
    // Blue moves its cursor around, then back, then moves up.
    apply_all(&mut g, &[A, A, D, D, Space, W]);
    assert_eq!(g.cursor_blue, Pos::new(9, 8));
    assert_eq!(g.player, Player::Red);
    assert_eq!(
        g.cursor_red,
        Pos::new(1, 0),
        "Red's cursor is where Red's move ended"
    );
    g.apply(S);
    assert_eq!(g.cursor_red, Pos::new(1, 1));
    assert_eq!(g.cursor_blue, Pos::new(9, 8));
}

#[test]
fn command_codes_follow_the_course_design() {
    let codes: Vec<u8> = [W, A, S, D, Space, Z].iter().map(|c| c.code()).collect();
    assert_eq!(codes, vec![0, 1, 2, 3, 4, 5]);
    for code in 0..6 {
        assert_eq!(Command::from_code(code).map(Command::code), Some(code));
    }
    assert_eq!(Command::from_code(6), None);
    assert_eq!(Command::from_code(7), None);
}
