//! The validator against hand-made maps: a legal one, then maps that break
//! one rule of maps/README.md each. Expected violations are worked out by hand.

mod common;

use common::{base_map, build, el, BASE_MOUNTAINS, BASE_TOWERS};
use generals_maps::{
    check_rom, decode_rom, decode_word, encode_word, validate_map, DecodeError, ElementKind,
    MapError, Violation, PADDING,
};

use ElementKind::{BlueCapital, Mountain, RedCapital, Tower};

#[test]
fn hand_made_legal_map_passes() {
    assert_eq!(validate_map(&base_map()), vec![]);
}

#[test]
fn capital_distance_11_is_rejected_and_12_accepted() {
    // (0,0) to (9,2): 9 + 2 = 11.
    let near = build(&[(0, 0)], &[(9, 2)], &BASE_MOUNTAINS, &BASE_TOWERS);
    assert_eq!(
        validate_map(&near),
        vec![Violation::CapitalsTooClose {
            red: (0, 0),
            blue: (9, 2),
            distance: 11
        }]
    );
    // (0,0) to (9,3): 9 + 3 = 12, the smallest legal distance.
    let edge = build(&[(0, 0)], &[(9, 3)], &BASE_MOUNTAINS, &BASE_TOWERS);
    assert_eq!(validate_map(&edge), vec![]);
}

#[test]
fn capitals_on_one_cell_break_rules_1_and_5() {
    let same = build(&[(0, 0)], &[(0, 0)], &BASE_MOUNTAINS, &BASE_TOWERS);
    assert_eq!(
        validate_map(&same),
        vec![
            Violation::CapitalsTooClose {
                red: (0, 0),
                blue: (0, 0),
                distance: 0
            },
            Violation::SharedCell {
                x: 0,
                y: 0,
                count: 2
            },
        ]
    );
}

#[test]
fn no_path_between_capitals_is_rejected() {
    // The anti-diagonal x + y = 9 is a wall for 4-neighbour steps (each step
    // changes x + y by one). 10 mountains + 14 towers: N = 24, both in 9..=15.
    let wall: Vec<(u8, u8)> = (0..10).map(|x| (x, 9 - x)).collect();
    let towers = [
        (2, 0),
        (5, 0),
        (1, 2),
        (4, 1),
        (0, 5),
        (2, 4),
        (3, 3),
        (9, 2),
        (7, 4),
        (5, 6),
        (8, 5),
        (3, 8),
        (6, 7),
        (9, 6),
    ];
    let map = build(&[(0, 0)], &[(9, 9)], &wall, &towers);
    assert_eq!(
        validate_map(&map),
        vec![Violation::NoPath {
            red: (0, 0),
            blue: (9, 9)
        }]
    );
}

#[test]
fn n_23_is_rejected() {
    // One tower fewer: 12 mountains + 11 towers = 23 (rule 4 for 23 is 9..=14).
    let map = build(&[(0, 0)], &[(9, 9)], &BASE_MOUNTAINS, &BASE_TOWERS[..11]);
    assert_eq!(validate_map(&map), vec![Violation::ElementCount { n: 23 }]);
}

#[test]
fn n_31_is_rejected_and_30_accepted() {
    let extra = [(1, 1), (4, 5), (7, 0), (2, 9), (9, 3), (6, 3), (8, 5)];
    // 12 mountains + 18 towers = 30 (rule 4 for 30 is 11..=19): legal.
    let mut towers = BASE_TOWERS.to_vec();
    towers.extend_from_slice(&extra[..6]);
    assert_eq!(
        validate_map(&build(&[(0, 0)], &[(9, 9)], &BASE_MOUNTAINS, &towers)),
        vec![]
    );
    // 12 + 19 = 31 (rule 4 for 31 would be 11..=20).
    towers.push(extra[6]);
    let map = build(&[(0, 0)], &[(9, 9)], &BASE_MOUNTAINS, &towers);
    assert_eq!(validate_map(&map), vec![Violation::ElementCount { n: 31 }]);
}

#[test]
fn mountain_share_of_34_percent_is_rejected() {
    // 10 mountains of N = 29 is 34.5 % (< 35 %, the least is 11 = ceil(10.15));
    // the 19 towers are then 65.5 % (> 65 %, the most is 18 = floor(18.85)).
    let mountains = &BASE_MOUNTAINS[..10];
    let mut towers = BASE_TOWERS.to_vec();
    towers.extend_from_slice(&[(1, 1), (4, 5), (7, 0), (2, 9), (9, 3), (6, 3), (8, 5)]);
    let map = build(&[(0, 0)], &[(9, 9)], mountains, &towers);
    assert_eq!(
        validate_map(&map),
        vec![
            Violation::Share {
                kind: Mountain,
                count: 10,
                n: 29
            },
            Violation::Share {
                kind: Tower,
                count: 19,
                n: 29
            },
        ]
    );
    // Exactly at the bounds for N = 24: 9 mountains (37.5 %) + 15 towers (62.5 %).
    let mut towers = BASE_TOWERS.to_vec();
    towers.extend_from_slice(&[(1, 1), (4, 5), (7, 0)]);
    let map = build(&[(0, 0)], &[(9, 9)], &BASE_MOUNTAINS[..9], &towers);
    assert_eq!(validate_map(&map), vec![]);
}

#[test]
fn rule_4_messages_give_the_legal_range() {
    let v = Violation::Share {
        kind: Mountain,
        count: 8,
        n: 24,
    };
    // docs/rules.md: "for N = 24 that is 9 … 15 of each".
    assert!(v.to_string().contains("9..=15"), "{v}");
    assert!(v.to_string().starts_with("rule 4:"), "{v}");
}

#[test]
fn two_elements_on_one_cell_are_rejected() {
    // The tower at (5,0) moved onto the mountain at (3,0).
    let mut towers = BASE_TOWERS;
    towers[0] = (3, 0);
    let map = build(&[(0, 0)], &[(9, 9)], &BASE_MOUNTAINS, &towers);
    assert_eq!(
        validate_map(&map),
        vec![Violation::SharedCell {
            x: 3,
            y: 0,
            count: 2
        }]
    );
}

#[test]
fn sealed_pocket_is_rejected() {
    // Mountains (3,9) and (6,9) moved to (0,8) and (1,9) seal the corner (0,9).
    let mut mountains = BASE_MOUNTAINS;
    mountains[10] = (0, 8);
    mountains[11] = (1, 9);
    let map = build(&[(0, 0)], &[(9, 9)], &mountains, &BASE_TOWERS);
    assert_eq!(
        validate_map(&map),
        vec![Violation::SealedPocket {
            x: 0,
            y: 9,
            size: 1
        }]
    );
}

#[test]
fn a_larger_pocket_is_reported_once_with_its_size() {
    // (9,0), (8,0) behind mountains (7,0), (8,1), (9,1) (the tower at (9,1)
    // moved to (1,1)); the three mountains replace (3,9), (6,9), (8,7).
    let mut mountains = BASE_MOUNTAINS;
    mountains[9] = (7, 0);
    mountains[10] = (8, 1);
    mountains[11] = (9, 1);
    let mut towers = BASE_TOWERS;
    towers[1] = (1, 1);
    let map = build(&[(0, 0)], &[(9, 9)], &mountains, &towers);
    assert_eq!(
        validate_map(&map),
        vec![Violation::SealedPocket {
            x: 8,
            y: 0,
            size: 2
        }]
    );
}

#[test]
fn three_capitals_are_rejected() {
    let map = build(&[(0, 0), (5, 5)], &[(9, 9)], &BASE_MOUNTAINS, &BASE_TOWERS);
    assert_eq!(
        validate_map(&map),
        vec![Violation::CapitalCount {
            kind: RedCapital,
            count: 2
        }]
    );
    let map = build(&[(0, 0)], &[(9, 9), (9, 8)], &BASE_MOUNTAINS, &BASE_TOWERS);
    assert_eq!(
        validate_map(&map),
        vec![Violation::CapitalCount {
            kind: BlueCapital,
            count: 2
        }]
    );
}

#[test]
fn missing_capitals_are_rejected() {
    let map = build(&[], &[], &BASE_MOUNTAINS, &BASE_TOWERS);
    assert_eq!(
        validate_map(&map),
        vec![
            Violation::CapitalCount {
                kind: RedCapital,
                count: 0
            },
            Violation::CapitalCount {
                kind: BlueCapital,
                count: 0
            },
        ]
    );
}

#[test]
fn off_board_elements_are_reported_not_indexed() {
    let mut map = base_map();
    map.elements[2] = el(10, 3, Mountain); // was the mountain (3,0)
    assert_eq!(
        validate_map(&map),
        vec![Violation::OffBoard {
            x: 10,
            y: 3,
            kind: Mountain
        }]
    );
}

#[test]
fn words_encode_and_decode_as_game_md_lays_them_out() {
    // word = x << 6 | y << 2 | type, worked by hand.
    let cases = [
        (el(0, 0, RedCapital), 0x002),
        (el(9, 9, BlueCapital), 0x267), // 0x240 | 0x24 | 3
        (el(9, 3, Tower), 0x24D),       // 0x240 | 0x0C | 1
        (el(1, 0, Mountain), 0x040),
        (el(0, 9, Mountain), 0x024),
    ];
    for (e, word) in cases {
        assert_eq!(encode_word(&e), word, "{e:?}");
        assert_eq!(decode_word(0, word), Ok(Some(e)), "{word:#05X}");
    }
    assert_eq!(decode_word(0, PADDING), Ok(None));
    // x = 15, y = 15 with another type, x = 10, y = 10, and an 11-bit value.
    for bad in [0x3FD_u16, 0x3FF, 0x280, 0x028, 0x400] {
        assert_eq!(
            decode_word(7, bad),
            Err(Violation::InvalidWord {
                word: 7,
                value: bad
            })
        );
    }
}

#[test]
fn check_rom_reports_invalid_words_and_rules_with_path_and_map() {
    let mut words = vec![PADDING; 4096];
    // Map 3: just two capitals 18 apart, then an invalid word (x = 10).
    words[96] = 0x002;
    words[97] = 0x267;
    words[98] = 0x280;
    let errors = check_rom("x.hex", &words);
    let map3: Vec<String> = errors
        .iter()
        .filter(|e| matches!(e, MapError::Map { map: 3, .. }))
        .map(|e| e.to_string())
        .collect();
    // The invalid word, then rule 3 (N = 0; rule 4 holds vacuously: 0 of 0).
    assert_eq!(map3.len(), 2, "{map3:#?}");
    assert!(
        map3[0].starts_with("x.hex: map 3: word 2 = 0x280 is invalid"),
        "{}",
        map3[0]
    );
    assert!(
        map3[1].starts_with("x.hex: map 3: rule 3: N = 0"),
        "{}",
        map3[1]
    );
    // Every other map (all padding) lacks both capitals and N.
    let map0 = errors
        .iter()
        .filter(|e| matches!(e, MapError::Map { map: 0, .. }));
    assert_eq!(map0.count(), 3); // 0 Red, 0 Blue, N = 0 (rule 4 holds vacuously)
    assert_eq!(
        check_rom("short.hex", &words[..100]),
        vec![MapError::Length {
            path: "short.hex".into(),
            len: 100
        }]
    );
}

#[test]
fn decode_rom_refuses_invalid_images() {
    assert_eq!(
        decode_rom(&[PADDING; 10]),
        Err(DecodeError::WrongLength { len: 10 })
    );
    let mut words = vec![PADDING; 4096];
    words[32 * 5 + 4] = 0x3F0; // x = 15, y = 12
    assert_eq!(
        decode_rom(&words),
        Err(DecodeError::InvalidWord {
            map: 5,
            violation: Violation::InvalidWord {
                word: 4,
                value: 0x3F0
            }
        })
    );
    words[32 * 5 + 4] = 0x24D;
    let maps = decode_rom(&words).expect("valid words");
    assert_eq!(maps.len(), 128);
    assert_eq!(maps[5].elements, vec![el(9, 3, Tower)]);
}
