//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use generals_maps::{Element, ElementKind, Map};

/// The repository's `maps/` directory.
pub fn maps_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../maps");
    dir.canonicalize().unwrap_or(dir)
}

/// Text of a committed file under `maps/`.
pub fn committed(name: &str) -> String {
    let path = maps_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn el(x: u8, y: u8, kind: ElementKind) -> Element {
    Element { x, y, kind }
}

pub const BASE_MOUNTAINS: [(u8, u8); 12] = [
    (3, 0),
    (6, 1),
    (1, 3),
    (4, 3),
    (8, 3),
    (2, 5),
    (6, 5),
    (0, 7),
    (4, 7),
    (8, 7),
    (3, 9),
    (6, 9),
];

pub const BASE_TOWERS: [(u8, u8); 12] = [
    (5, 0),
    (9, 1),
    (2, 2),
    (7, 2),
    (0, 4),
    (5, 4),
    (9, 5),
    (3, 6),
    (7, 7),
    (1, 8),
    (5, 8),
    (9, 7),
];

/// Builds a map from capitals, mountains and towers (in that order).
pub fn build(
    red: &[(u8, u8)],
    blue: &[(u8, u8)],
    mountains: &[(u8, u8)],
    towers: &[(u8, u8)],
) -> Map {
    let mut elements = Vec::new();
    for (list, kind) in [
        (red, ElementKind::RedCapital),
        (blue, ElementKind::BlueCapital),
        (mountains, ElementKind::Mountain),
        (towers, ElementKind::Tower),
    ] {
        elements.extend(list.iter().map(|&(x, y)| el(x, y, kind)));
    }
    Map { elements }
}

/// A legal map worked out by hand from maps/README.md: Red (0,0), Blue (9,9)
/// (distance 18), N = 24 = 12 mountains + 12 towers (rule 4 allows 9..=15 of
/// each), no two mountains touching even diagonally (so no pocket, and the
/// capitals are joined), no two elements on one cell.
pub fn base_map() -> Map {
    build(&[(0, 0)], &[(9, 9)], &BASE_MOUNTAINS, &BASE_TOWERS)
}
