//! The committed maps: reproducible from maps/SEED, legal, varied and fair.

mod common;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use common::{committed, maps_dir};
use generals_maps::{
    check_files, committed_maps, decode_rom, generate, generate_files, read_mif, summary,
    CapitalPlacement, ElementKind, Map, DEFAULT_SEED,
};

fn committed_seed() -> u64 {
    let text = committed("SEED");
    text.trim()
        .parse()
        .unwrap_or_else(|e| panic!("maps/SEED `{text}` is not a u64: {e}"))
}

#[test]
fn regenerating_with_the_committed_seed_reproduces_the_files_byte_for_byte() {
    let seed = committed_seed();
    let files = generate_files(seed).expect("generation passes its own checks");
    // Compare as bytes: a changed line ending or trailing newline must fail too.
    for (name, generated) in [
        ("maps.mif", &files.mif),
        ("maps.hex", &files.hex),
        ("SEED", &files.seed_file),
    ] {
        let on_disk = std::fs::read(maps_dir().join(name)).expect("committed file");
        if on_disk != generated.as_bytes() {
            let line = generated
                .lines()
                .zip(String::from_utf8_lossy(&on_disk).lines())
                .position(|(a, b)| a != b)
                .map_or("the end".to_string(), |i| format!("line {}", i + 1));
            panic!("maps/{name} differs from a regeneration with seed {seed}, first at {line}");
        }
    }
}

#[test]
fn the_committed_seed_is_the_default_seed() {
    assert_eq!(committed_seed(), DEFAULT_SEED);
}

#[test]
fn every_committed_map_passes_the_validator_and_both_files_agree() {
    let dir = maps_dir();
    let report = check_files(&[dir.join("maps.mif"), dir.join("maps.hex")]);
    assert!(report.is_ok(), "{report}");
    assert_eq!(report.maps_checked, 256);
}

#[test]
fn committed_maps_returns_the_128_maps_of_the_mif() {
    let maps = committed_maps();
    assert_eq!(maps.len(), 128);
    let words = read_mif("maps.mif", &committed("maps.mif")).expect("committed MIF");
    assert_eq!(maps, decode_rom(&words).expect("decodes"));
    assert_eq!(maps, generate(committed_seed()));
}

#[test]
fn generation_is_deterministic_and_depends_on_the_seed() {
    let a = generate(1);
    assert_eq!(a, generate(1));
    assert_ne!(a, generate(2));
    // Other seeds (including the extremes) also give legal maps: `generate`
    // panics otherwise, as it re-checks every map with the validator.
    for seed in [0, u64::MAX] {
        assert_eq!(generate(seed).len(), 128);
    }
}

#[test]
fn capitals_come_first_then_elements_in_row_major_order() {
    for (i, map) in committed_maps().iter().enumerate() {
        let kinds: Vec<ElementKind> = map.elements.iter().map(|e| e.kind).collect();
        assert_eq!(
            kinds[..2],
            [ElementKind::RedCapital, ElementKind::BlueCapital],
            "map {i}"
        );
        let cells: Vec<(u8, u8)> = map.elements[2..].iter().map(|e| (e.y, e.x)).collect();
        assert!(
            cells.windows(2).all(|w| w[0] < w[1]),
            "map {i} is not row-major"
        );
    }
}

fn zone((x, y): (u8, u8)) -> &'static str {
    match (x == 0 || x == 9, y == 0 || y == 9) {
        (true, true) => "corner",
        (false, false) => "interior",
        _ => "edge",
    }
}

#[test]
fn map_statistics_show_varied_maps() {
    let maps = committed_maps();
    let line = summary(&maps);
    println!("{line}");
    assert!(line.starts_with("128 maps; N 24..=30"), "{line}");

    let n: BTreeSet<usize> = maps.iter().map(|m| m.elements.len() - 2).collect();
    assert_eq!(n, (24..=30).collect(), "every N in 24..=30 occurs");
    let mut distance = BTreeMap::new();
    let mut zones = BTreeSet::new();
    let mut placements = BTreeSet::new();
    for m in &maps {
        let (r, b) = (m.red_capital().unwrap(), m.blue_capital().unwrap());
        *distance
            .entry(r.0.abs_diff(b.0) + r.1.abs_diff(b.1))
            .or_insert(0) += 1;
        zones.insert(("Red", zone(r)));
        zones.insert(("Blue", zone(b)));
        placements.insert(CapitalPlacement::of(r, b));
    }
    // Every distance from the minimum 12 to the maximum 18 (opposite corners),
    // none taking more than a third of the maps.
    assert_eq!(
        distance.keys().copied().collect::<Vec<_>>(),
        (12..=18).collect::<Vec<u8>>()
    );
    assert!(distance.values().all(|&k| k <= 128 / 3), "{distance:?}");
    // Each colour's capital on corners, edges and the interior; every class.
    assert_eq!(zones.len(), 6, "{zones:?}");
    assert_eq!(placements.len(), 6);
    // Sides swapped: Red is sometimes left of / above Blue, sometimes not.
    let red_left = maps
        .iter()
        .filter(|m| m.red_capital().unwrap().0 < m.blue_capital().unwrap().0)
        .count();
    assert!(
        (32..=96).contains(&red_left),
        "Red left of Blue in {red_left} of 128 maps"
    );
}

/// Walking distances round mountains (independent of the crate's searches).
fn walk(map: &Map, from: (u8, u8)) -> [[u32; 10]; 10] {
    let mut blocked = [[false; 10]; 10];
    for e in &map.elements {
        if e.kind == ElementKind::Mountain {
            blocked[e.y as usize][e.x as usize] = true;
        }
    }
    let mut dist = [[u32::MAX; 10]; 10];
    dist[from.1 as usize][from.0 as usize] = 0;
    let mut queue = VecDeque::from([(from.0 as i32, from.1 as i32)]);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[y as usize][x as usize];
        for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
            if (0..10).contains(&nx) && (0..10).contains(&ny) {
                let (ux, uy) = (nx as usize, ny as usize);
                if !blocked[uy][ux] && dist[uy][ux] == u32::MAX {
                    dist[uy][ux] = d + 1;
                    queue.push_back((nx, ny));
                }
            }
        }
    }
    dist
}

#[test]
fn committed_maps_are_open_and_fair() {
    for (i, map) in committed_maps().iter().enumerate() {
        let (r, b) = (map.red_capital().unwrap(), map.blue_capital().unwrap());
        // No element on a capital's four neighbours: never walled in.
        for e in &map.elements[2..] {
            for c in [r, b] {
                assert!(
                    c.0.abs_diff(e.x) + c.1.abs_diff(e.y) > 1,
                    "map {i}: {e:?} next to capital {c:?}"
                );
            }
        }
        // As many towers nearer to each side (±1), nearest towers equally far (±1).
        let (dr, db) = (walk(map, r), walk(map, b));
        let towers: Vec<(usize, usize)> = map
            .elements
            .iter()
            .filter(|e| e.kind == ElementKind::Tower)
            .map(|e| (e.x as usize, e.y as usize))
            .collect();
        let red = towers.iter().filter(|&&(x, y)| dr[y][x] < db[y][x]).count();
        let blue = towers.iter().filter(|&&(x, y)| db[y][x] < dr[y][x]).count();
        assert!(
            red.abs_diff(blue) <= 1,
            "map {i}: {red} towers nearer Red, {blue} nearer Blue"
        );
        let nearest = |d: &[[u32; 10]; 10]| towers.iter().map(|&(x, y)| d[y][x]).min().unwrap();
        assert!(
            nearest(&dr).abs_diff(nearest(&db)) <= 1,
            "map {i}: nearest towers"
        );
        // The route between the capitals is no maze: at most 4 steps of detour.
        let manhattan = u32::from(r.0.abs_diff(b.0) + r.1.abs_diff(b.1));
        assert!(
            dr[b.1 as usize][b.0 as usize] <= manhattan + 4,
            "map {i}: detour"
        );
    }
}
