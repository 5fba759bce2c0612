//! Encodings: debug-port cell bits, numeric codes, the JSON
//! form, the text form, and the draw counter. Expected values by hand.

// Binary literals are grouped by field: owner_kind_troops.
#![allow(clippy::unusual_byte_groupings)]

mod common;

use common::{put, small_map, with_capitals};
use generals_golden::{
    Cell, CellBitsError, Command, DrawCounter, GameState, JsonError, Kind, Mode, Owner, Phase,
    Player, Pos,
};

use Kind::{Capital, Land, Mountain, Tower};
use Owner::{Blue, Npc, Red};

// ---------------------------------------------------------------- cell bits

#[test]
fn cell_bits_are_owner_kind_troops() {
    // Blue (2) tower (3) with 300: 2<<11 | 3<<9 | 300 = 4096 + 1536 + 300.
    assert_eq!(Cell::new(Blue, Tower, 300).to_bits(), 5932);
    assert_eq!(Cell::new(Red, Capital, 2).to_bits(), 0b01_10_000000010);
    assert_eq!(Cell::new(Npc, Mountain, 0).to_bits(), 0b00_01_000000000);
    assert_eq!(Cell::new(Npc, Land, 511).to_bits(), 0x1FF);
    assert_eq!(Cell::from_bits(5932), Ok(Cell::new(Blue, Tower, 300)));
    assert_eq!(Cell::from_bits(0x1FF), Ok(Cell::new(Npc, Land, 511)));
}

#[test]
fn cell_bits_reject_owner_3_and_wide_values() {
    assert_eq!(
        Cell::from_bits(3 << 11),
        Err(CellBitsError::BadOwner { bits: 3 << 11 })
    );
    assert_eq!(
        Cell::from_bits(1 << 13),
        Err(CellBitsError::TooWide { bits: 1 << 13 })
    );
}

#[test]
fn cell_bits_round_trip_for_every_value() {
    for owner in [Npc, Red, Blue] {
        for kind in [Land, Mountain, Capital, Tower] {
            for troops in 0..=511 {
                let c = Cell::new(owner, kind, troops);
                assert_eq!(Cell::from_bits(c.to_bits()), Ok(c));
            }
        }
    }
}

// ---------------------------------------------------------------- codes

#[test]
fn numeric_codes_of_the_debug_port() {
    assert_eq!(
        [Phase::Idle, Phase::Playing, Phase::GameOver].map(Phase::code),
        [0, 1, 2]
    );
    assert_eq!([Player::Red, Player::Blue].map(Player::code), [1, 2]);
    assert_eq!(generals_golden::player_code(None), 0);
    assert_eq!([Npc, Red, Blue].map(Owner::code), [0, 1, 2]);
    assert_eq!(
        [Land, Mountain, Capital, Tower].map(Kind::code),
        [0, 1, 2, 3]
    );
    assert_eq!(
        [Mode::Select, Mode::MoveAll, Mode::MoveHalf].map(Mode::code),
        [0b00, 0b10, 0b11]
    );
    let mut g = with_capitals(Player::Red, Player::Blue, 5);
    g.mode = Mode::MoveHalf;
    g.map = 77;
    g.round = 300;
    let s = g.port_scalars();
    assert_eq!(
        (s.phase, s.winner, s.player, s.first, s.mode, s.map, s.round),
        (1, 0, 2, 1, 3, 77, 300)
    );
    assert_eq!((s.cursor_red, s.cursor_blue), ((0, 0), (9, 9)));
}

// ---------------------------------------------------------------- JSON

const NPC_LAND: &str = r#"{"owner":"npc","kind":"land","troops":0}"#;

/// A JSON board of NPC land with the listed cells replaced.
fn board_json(special: &[(usize, usize, &str)]) -> String {
    let rows: Vec<String> = (0..10)
        .map(|y| {
            let cells: Vec<&str> = (0..10)
                .map(|x| {
                    special
                        .iter()
                        .find(|s| s.0 == x && s.1 == y)
                        .map_or(NPC_LAND, |s| s.2)
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!("[{}]", rows.join(","))
}

#[test]
fn json_text_of_the_start_of_map_1() {
    let g = GameState::load(1, &small_map()).unwrap();
    let board = board_json(&[
        (1, 1, r#"{"owner":"red","kind":"capital","troops":2}"#),
        (2, 1, r#"{"owner":"npc","kind":"mountain","troops":0}"#),
        (1, 2, r#"{"owner":"npc","kind":"tower","troops":0}"#),
        (8, 8, r#"{"owner":"blue","kind":"capital","troops":2}"#),
    ]);
    let expected = format!(
        r#"{{"phase":"playing","winner":null,"map":1,"first":"red","round":1,"player":"red","mode":"select","cursor":{{"red":[1,1],"blue":[8,8]}},"board":{board}}}"#
    );
    assert_eq!(g.to_json(), expected);
}

#[test]
fn json_text_of_idle_has_null_map_first_player() {
    let expected = format!(
        r#"{{"phase":"idle","winner":null,"map":null,"first":null,"round":0,"player":null,"mode":"select","cursor":{{"red":[0,0],"blue":[0,0]}},"board":{}}}"#,
        board_json(&[])
    );
    assert_eq!(GameState::new().to_json(), expected);
}

#[test]
fn json_text_of_game_over() {
    let mut g = with_capitals(Player::Blue, Player::Red, 5);
    put(&mut g, 9, 8, Red, Land, 7);
    g.cursor_red = Pos::new(9, 8);
    g.map = 4;
    g.round = 12;
    g.apply(Command::Space);
    g.apply(Command::S); // 6 > 5: Red takes the Blue capital with 1
    let board = board_json(&[
        (0, 0, r#"{"owner":"red","kind":"capital","troops":5}"#),
        (9, 8, r#"{"owner":"red","kind":"land","troops":1}"#),
        (9, 9, r#"{"owner":"red","kind":"capital","troops":1}"#),
    ]);
    let expected = format!(
        r#"{{"phase":"game_over","winner":"red","map":4,"first":"blue","round":12,"player":"red","mode":"select","cursor":{{"red":[9,9],"blue":[9,9]}},"board":{board}}}"#
    );
    assert_eq!(g.to_json(), expected);
}

#[test]
fn json_round_trips() {
    let mut g = GameState::load(3, &small_map()).unwrap();
    for c in [
        Command::Space,
        Command::S,
        Command::A,
        Command::Space,
        Command::Z,
    ] {
        g.apply(c);
    }
    g.round = 65535;
    for state in [g.clone(), GameState::new(), {
        let mut o = g.clone();
        o.phase = Phase::GameOver;
        o.winner = Some(Player::Blue);
        o
    }] {
        let text = state.to_json();
        let back = GameState::from_json(&text).unwrap();
        assert_eq!(back, state);
        assert_eq!(back.to_json(), text);
    }
}

#[test]
fn json_parse_rejects_bad_states() {
    let good = GameState::load(1, &small_map()).unwrap().to_json();
    let idle = GameState::new().to_json();
    let cases: Vec<(String, &str)> = vec![
        ("{".into(), "state JSON"),
        (
            good.replace(r#""map":1"#, r#""map":null"#),
            "\"map\" must be set in phase playing",
        ),
        (
            idle.replace(r#""map":null"#, r#""map":3"#),
            "\"map\" must be null in phase idle",
        ),
        (
            good.replace(r#""first":"red""#, r#""first":null"#),
            "\"first\"",
        ),
        (
            good.replace(r#""player":"red""#, r#""player":null"#),
            "\"player\"",
        ),
        (
            good.replace(r#""winner":null"#, r#""winner":"red""#),
            "winner",
        ),
        (
            good.replace(r#""troops":2"#, r#""troops":512"#),
            "512 troops",
        ),
        (
            good.replace(r#""red":[1,1]"#, r#""red":[10,1]"#),
            "off the board",
        ),
        (
            good.replace(r#""mode":"select""#, r#""mode":"move""#),
            "state JSON",
        ),
        (
            good.replace(r#""round":1"#, r#""round":1,"extra":0"#),
            "extra",
        ),
        (
            good.replace(r#""owner":"red""#, r#""owner":"green""#),
            "state JSON",
        ),
    ];
    for (text, needle) in cases {
        let err: JsonError = GameState::from_json(&text).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains(needle), "{msg:?} should contain {needle:?}");
    }
    // A board of 9 rows is rejected.
    let short = good.replacen(&format!("[{}],", [NPC_LAND; 10].join(",")), "", 1);
    assert_ne!(short, good);
    assert!(matches!(
        GameState::from_json(&short),
        Err(JsonError::Parse(_))
    ));
}

// ---------------------------------------------------------------- text

#[test]
fn display_shows_board_cursor_mode_and_turn() {
    let mut g = GameState::load(1, &small_map()).unwrap();
    g.apply(Command::Space);
    let text = g.to_string();
    assert!(text.starts_with("playing  map 1  round 1  turn red (first red)  mode move_all\n"));
    assert!(text.contains("red: 2 troops on 1 cells"), "{text}");
    // Row 1: (0,1) NPC land, (1,1) Red capital 2 under Red's cursor, (2,1) mountain.
    let row1 = text.lines().find(|l| l.starts_with(" 1 ")).unwrap();
    assert!(row1.starts_with(" 1  .-    [rC  2] .^   "), "{row1:?}");
    // Row 8: Blue's capital under Blue's (remembered) cursor.
    let row8 = text.lines().find(|l| l.starts_with(" 8 ")).unwrap();
    assert!(row8.contains("(bC  2)"), "{row8:?}");
    assert_eq!(text.lines().count(), 2 + 1 + 10);
    assert_eq!(GameState::new().to_string(), "idle (title screen)\n");
}

// ---------------------------------------------------------------- draw counter

#[test]
fn draw_counter_counts_modulo_128_and_resets_to_0() {
    let mut d = DrawCounter::new();
    assert_eq!(d.value(), 0);
    for expected in 1..=127 {
        d.tick(false);
        assert_eq!(d.value(), expected);
    }
    d.tick(false);
    assert_eq!(d.value(), 0, "127 wraps to 0");
    for _ in 0..50 {
        d.tick(false);
    }
    assert_eq!(d.value(), 50);
    d.tick(true);
    assert_eq!(d.value(), 0);
    d.tick(true);
    assert_eq!(d.value(), 0, "held at 0 while reset is held");
    d.tick(false);
    assert_eq!(d.value(), 1);
}
