//! Key scripts: parsing, PS/2 bytes, and the golden-only runner.

mod common;

use common::{at, cell, small_map};
use generals_golden::{
    parse_script, run_script, Action, GameState, Key, Kind, LoadError, Mode, Owner, Phase, Player,
    Pos, RunError, ScriptError, Step, WAIT_MAX,
};

fn actions(text: &str) -> Vec<Action> {
    parse_script(text)
        .unwrap()
        .into_iter()
        .map(|s| s.action)
        .collect()
}

#[test]
fn every_keyword_parses_case_insensitively() {
    let a = actions("w A s D space Z up DOWN Left rIgHt start RESET wait 3 Raw e0 75");
    use Key::*;
    assert_eq!(
        a,
        vec![
            Action::Key(W),
            Action::Key(A),
            Action::Key(S),
            Action::Key(D),
            Action::Key(Space),
            Action::Key(Z),
            Action::Key(Up),
            Action::Key(Down),
            Action::Key(Left),
            Action::Key(Right),
            Action::Start,
            Action::Reset,
            Action::Wait(3),
            Action::Raw(vec![0xE0, 0x75]),
        ]
    );
}

#[test]
fn steps_keep_their_line_and_comments_are_skipped() {
    let text = "# a comment line\n\n  W  D # two keys, then a comment with W in it\nWAIT\n 60\nspace#no blank needed\n";
    let steps = parse_script(text).unwrap();
    assert_eq!(
        steps,
        vec![
            Step {
                line: 3,
                action: Action::Key(Key::W)
            },
            Step {
                line: 3,
                action: Action::Key(Key::D)
            },
            Step {
                line: 4,
                action: Action::Wait(60)
            },
            Step {
                line: 6,
                action: Action::Key(Key::Space)
            },
        ]
    );
    assert_eq!(parse_script("  # nothing\n"), Ok(vec![]));
}

#[test]
fn raw_takes_two_digit_hex_tokens_only() {
    assert_eq!(
        actions("RAW 1d F0 1D w"),
        vec![Action::Raw(vec![0x1D, 0xF0, 0x1D]), Action::Key(Key::W)]
    );
    // `1D2` is not a byte, and no keyword: it is named as a bad RAW byte.
    assert_eq!(
        parse_script("RAW 1D2"),
        Err(ScriptError::BadRawByte {
            line: 1,
            column: 5,
            token: "1D2".into()
        })
    );
    // RAW with no byte before the end or before a keyword is an empty RAW.
    assert_eq!(
        parse_script("W\nRAW"),
        Err(ScriptError::EmptyRaw { line: 2, column: 1 })
    );
    assert_eq!(
        parse_script("RAW d"),
        Err(ScriptError::EmptyRaw { line: 1, column: 1 })
    );
    // A token after RAW's bytes that is no byte and no keyword is reported
    // as a bad RAW byte, not as an unknown token.
    assert_eq!(
        parse_script("RAW 1D 0F0"),
        Err(ScriptError::BadRawByte {
            line: 1,
            column: 8,
            token: "0F0".into()
        })
    );
    let err = parse_script("RAW E0 7G").unwrap_err();
    assert_eq!(
        err,
        ScriptError::BadRawByte {
            line: 1,
            column: 8,
            token: "7G".into()
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains("line 1, column 8") && msg.contains("`7G` after RAW is not a byte"),
        "{msg}"
    );
    assert_eq!(
        parse_script("RAW 1D\nGG"),
        Err(ScriptError::BadRawByte {
            line: 2,
            column: 1,
            token: "GG".into()
        })
    );
    // A keyword after the bytes is still a keyword (UP has two letters).
    assert_eq!(
        actions("RAW E0 UP"),
        vec![Action::Raw(vec![0xE0]), Action::Key(Key::Up)]
    );
}

#[test]
fn errors_say_the_column_on_long_lines() {
    let line = format!("{}JUMP", "W ".repeat(40));
    let err = parse_script(&format!("S\n{line}")).unwrap_err();
    assert_eq!(
        err,
        ScriptError::UnknownToken {
            line: 2,
            column: 81,
            token: "JUMP".into()
        }
    );
    assert!(err.to_string().contains("line 2, column 81"), "{err}");
    // Columns count characters, not bytes, and tabs are one column.
    assert_eq!(
        parse_script("W\t将 X"),
        Err(ScriptError::UnknownToken {
            line: 1,
            column: 3,
            token: "将".into()
        })
    );
}

#[test]
fn messages_never_carry_control_characters() {
    // A binary file: escape sequences and other control bytes in a token.
    let text = "W \u{1b}[2J\u{7}\u{0}xyz";
    let err = parse_script(text).unwrap_err();
    let msg = err.to_string();
    assert!(!msg.chars().any(char::is_control), "{msg:?}");
    assert!(msg.contains("\\u{1b}[2J"), "{msg}");
    // A long token is cut.
    let long = "Q".repeat(500);
    let msg = parse_script(&long).unwrap_err().to_string();
    assert!(msg.len() < 200 && msg.contains('…'), "{msg}");
}

#[test]
fn errors_name_the_line_and_the_token() {
    let err = parse_script("W S\nD JUMP A").unwrap_err();
    assert_eq!(
        err,
        ScriptError::UnknownToken {
            line: 2,
            column: 3,
            token: "JUMP".into()
        }
    );
    let msg = err.to_string();
    assert!(msg.contains("line 2") && msg.contains("`JUMP`"), "{msg}");
    for (text, line, column, token) in [
        ("WAIT x", 1, 6, "x"),
        ("WAIT -1", 1, 6, "-1"),
        ("WAIT +5", 1, 6, "+5"),
        ("WAIT\n1.5", 2, 1, "1.5"),
        ("WAIT 4294967296", 1, 6, "4294967296"),
    ] {
        let err = parse_script(text).unwrap_err();
        assert_eq!(
            err,
            ScriptError::BadNumber {
                line,
                column,
                token: token.into()
            },
            "{text}"
        );
        assert!(err.to_string().contains(&format!("line {line}")));
    }
    assert_eq!(
        parse_script("W\nWAIT"),
        Err(ScriptError::MissingNumber { line: 2, column: 1 })
    );
    // An hour of frames at most: a script cannot ask for years.
    assert_eq!(actions("WAIT 216000"), vec![Action::Wait(WAIT_MAX)]);
    for too_long in ["WAIT 216001", "WAIT 4294967295"] {
        let e = parse_script(too_long).expect_err(too_long);
        assert!(
            matches!(e, ScriptError::BadNumber { .. }),
            "{too_long}: {e}"
        );
        assert!(e.to_string().contains("0 … 216000"), "{e}");
    }
}

#[test]
fn a_formatted_script_parses_back() {
    let text = "W space UP raw e0 75 f0 wait 12 WAIT TURN START RESET z";
    let steps = parse_script(text).expect("parses");
    let again = parse_script(&generals_golden::script::format_script(&steps)).expect("reparses");
    let actions = |s: &[Step]| s.iter().map(|s| s.action.clone()).collect::<Vec<_>>();
    assert_eq!(actions(&again), actions(&steps));
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    assert_eq!(
        actions("\u{feff}SPACE D"),
        vec![
            Action::Key(generals_golden::Key::Space),
            Action::Key(generals_golden::Key::D)
        ]
    );
    // Anywhere else it is an unknown token, named (escaped as it is not a
    // control character, it shows as itself).
    assert!(parse_script("SPACE \u{feff}D").is_err());
}

#[test]
fn wait_turn_waits_for_a_person() {
    assert_eq!(
        actions("WAIT TURN d wait turn"),
        vec![
            Action::WaitTurn,
            Action::Key(generals_golden::Key::D),
            Action::WaitTurn
        ]
    );
    assert!(matches!(
        parse_script("WAIT TURNS"),
        Err(ScriptError::BadNumber {
            line: 1,
            column: 6,
            ..
        })
    ));
}

#[test]
fn key_steps_send_make_then_break() {
    let bytes = |t: &str| parse_script(t).unwrap()[0].ps2_bytes();
    assert_eq!(bytes("W"), vec![0x1D, 0xF0, 0x1D]);
    assert_eq!(bytes("A"), vec![0x1C, 0xF0, 0x1C]);
    assert_eq!(bytes("S"), vec![0x1B, 0xF0, 0x1B]);
    assert_eq!(bytes("D"), vec![0x23, 0xF0, 0x23]);
    assert_eq!(bytes("SPACE"), vec![0x29, 0xF0, 0x29]);
    assert_eq!(bytes("Z"), vec![0x1A, 0xF0, 0x1A]);
    assert_eq!(bytes("UP"), vec![0xE0, 0x75, 0xE0, 0xF0, 0x75]);
    assert_eq!(bytes("LEFT"), vec![0xE0, 0x6B, 0xE0, 0xF0, 0x6B]);
    assert_eq!(bytes("DOWN"), vec![0xE0, 0x72, 0xE0, 0xF0, 0x72]);
    assert_eq!(bytes("RIGHT"), vec![0xE0, 0x74, 0xE0, 0xF0, 0x74]);
    assert_eq!(bytes("RAW 12 34"), vec![0x12, 0x34]);
    assert_eq!(bytes("START"), Vec::<u8>::new());
    assert_eq!(bytes("RESET"), Vec::<u8>::new());
    assert_eq!(bytes("WAIT 5"), Vec::<u8>::new());
}

fn run(map: u8, text: &str) -> GameState {
    let maps = vec![small_map(), small_map()];
    run_script(map, &parse_script(text).unwrap(), &maps).unwrap()
}

#[test]
fn runner_plays_keys_on_a_fresh_game() {
    // Map 1: Red first, Red capital (1,1) with 2. Space, S (down, onto the
    // NPC tower at (1,2)): k = 1 captures it. Then Blue: capital (8,8) with 2,
    // Space, LEFT arrow: (7,8) Blue land 1; round 1 ends: Red capital 1 + 1,
    // Red tower 1 + 1, Blue capital 1 + 1.
    let g = run(1, "SPACE S WAIT 2 SPACE LEFT");
    assert_eq!(g.phase, Phase::Playing);
    assert_eq!(g.round, 2);
    assert_eq!(g.player, Player::Red);
    assert_eq!(at(&g, 1, 1), cell(Owner::Red, Kind::Capital, 2));
    assert_eq!(at(&g, 1, 2), cell(Owner::Red, Kind::Tower, 2));
    assert_eq!(at(&g, 8, 8), cell(Owner::Blue, Kind::Capital, 2));
    assert_eq!(at(&g, 7, 8), cell(Owner::Blue, Kind::Land, 1));
    assert_eq!(g.cursor_red, Pos::new(1, 2));
    assert_eq!(g.cursor_blue, Pos::new(7, 8));
}

#[test]
fn runner_sends_raw_bytes_through_the_decoder() {
    // RAW 29 = Space make; F0 1D = a W break (ignored); E0 72 = down arrow.
    let g = run(1, "RAW 29 F0 1D E0 72");
    assert_eq!(at(&g, 1, 2), cell(Owner::Red, Kind::Tower, 1));
    assert_eq!(g.player, Player::Blue);
    // A lone make code moves the cursor; keypad 75 without E0 does nothing.
    let g = run(0, "RAW 1D 75");
    assert_eq!(g.cursor_blue, Pos::new(8, 7));
    assert_eq!(g.mode, Mode::Select);
}

#[test]
fn runner_reset_and_start() {
    let g = run(1, "SPACE RESET");
    assert_eq!(g, GameState::new());
    // Keys in IDLE are ignored; START begins map 1 again.
    let g = run(1, "S S RESET W START");
    assert_eq!(g, GameState::load(1, &small_map()).unwrap());
    // START while playing is ignored.
    let g = run(0, "S START");
    assert_eq!(g.cursor_blue, Pos::new(8, 9));
    // RESET clears the decoder: a dangling F0 does not eat the next make.
    let g = run(0, "RAW F0 RESET START RAW 1D");
    assert_eq!(g.cursor_blue, Pos::new(8, 7));
}

#[test]
fn runner_rejects_a_missing_map() {
    let maps = vec![small_map()];
    assert_eq!(
        run_script(5, &[], &maps),
        Err(RunError::Start(LoadError::NoSuchMap { index: 5, count: 1 }))
    );
}
