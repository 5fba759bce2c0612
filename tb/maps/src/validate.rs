//! The validator: decodes ROM words into maps and checks every rule of maps/README.md.
//! It shares no code with the generator (`generate.rs`) or the writer
//! (`write.rs`): it decodes the word layout and searches the board on its own.

use std::collections::VecDeque;
use std::fmt;
use std::path::PathBuf;

use crate::error::{DecodeError, MapError, Violation};
use crate::{
    read_rom_file, Element, ElementKind, Map, BOARD, MAX_NPC, MIN_CAPITAL_DISTANCE, MIN_NPC,
    NUM_MAPS, PADDING, ROM_DEPTH, WORDS_PER_MAP, WORD_MAX,
};

const CELLS: usize = BOARD as usize * BOARD as usize;

/// The inclusive range `lo..=hi` of mountains (and of towers) that rule 4
/// allows for `n` NPC elements: 35 %..65 % of `n` on the exact ratio.
pub fn share_bounds(n: usize) -> (usize, usize) {
    ((35 * n).div_ceil(100), 65 * n / 100)
}

/// Decodes one word: `Ok(None)` for padding, `Ok(Some(_))` for an element,
/// `Err(())` for an invalid word (off the board, or wider than 10 bits).
fn decode_one(value: u16) -> Result<Option<Element>, ()> {
    if value == PADDING {
        return Ok(None);
    }
    if value > WORD_MAX {
        return Err(());
    }
    let x = (value >> 6) as u8;
    let y = ((value >> 2) & 0xF) as u8;
    if x >= BOARD || y >= BOARD {
        return Err(());
    }
    let kind = match value & 0b11 {
        0b00 => ElementKind::Mountain,
        0b01 => ElementKind::Tower,
        0b10 => ElementKind::RedCapital,
        _ => ElementKind::BlueCapital,
    };
    Ok(Some(Element { x, y, kind }))
}

/// Decodes one ROM word: `Ok(None)` for padding, `Ok(Some(_))` for an element;
/// an invalid word is a [`Violation::InvalidWord`] naming `word`, the word's
/// index within its map.
pub fn decode_word(word: usize, value: u16) -> Result<Option<Element>, Violation> {
    decode_one(value).map_err(|()| Violation::InvalidWord { word, value })
}

/// Decodes a whole ROM image (4096 words) into its 128 maps, elements in ROM
/// order. Fails on the wrong length or on the first invalid word; it does not
/// check the map rules (see [`validate_map`]).
pub fn decode_rom(words: &[u16]) -> Result<Vec<Map>, DecodeError> {
    if words.len() != ROM_DEPTH {
        return Err(DecodeError::WrongLength { len: words.len() });
    }
    words
        .chunks(WORDS_PER_MAP)
        .enumerate()
        .map(|(map, chunk)| {
            let mut elements = Vec::new();
            for (word, &value) in chunk.iter().enumerate() {
                match decode_word(word, value) {
                    Ok(Some(e)) => elements.push(e),
                    Ok(None) => {}
                    Err(violation) => return Err(DecodeError::InvalidWord { map, violation }),
                }
            }
            Ok(Map { elements })
        })
        .collect()
}

fn index(x: u8, y: u8) -> usize {
    y as usize * BOARD as usize + x as usize
}

/// Labels the 4-connected components of the open cells; `None` on blocked cells.
fn components(open: &[bool; CELLS]) -> [Option<usize>; CELLS] {
    let mut label = [None; CELLS];
    let mut next = 0;
    for start in 0..CELLS {
        if !open[start] || label[start].is_some() {
            continue;
        }
        label[start] = Some(next);
        let mut queue = VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            for j in crate::neighbours(i) {
                if open[j] && label[j].is_none() {
                    label[j] = Some(next);
                    queue.push_back(j);
                }
            }
        }
        next += 1;
    }
    label
}

/// Checks one map against every rule of maps/README.md (and that every element is
/// on the board) and returns every violation found, in rule order; empty if the
/// map is legal.
///
/// Rules 1, 2 and 6 need exactly one capital of each colour and are skipped
/// otherwise. When rule 2 fails, the two capitals' own regions are not also
/// reported as pockets under rule 6; pockets holding neither capital are.
pub fn validate_map(map: &Map) -> Vec<Violation> {
    let mut found = Vec::new();
    let mut on_cell = [0usize; CELLS];
    let mut mountain = [false; CELLS];
    let mut capitals: [Vec<(u8, u8)>; 2] = [Vec::new(), Vec::new()];
    let (mut mountains, mut towers) = (0, 0);
    for e in &map.elements {
        match e.kind {
            ElementKind::Mountain => mountains += 1,
            ElementKind::Tower => towers += 1,
            _ => {}
        }
        if e.x >= BOARD || e.y >= BOARD {
            found.push(Violation::OffBoard {
                x: e.x,
                y: e.y,
                kind: e.kind,
            });
            continue;
        }
        on_cell[index(e.x, e.y)] += 1;
        match e.kind {
            ElementKind::Mountain => mountain[index(e.x, e.y)] = true,
            ElementKind::RedCapital => capitals[0].push((e.x, e.y)),
            ElementKind::BlueCapital => capitals[1].push((e.x, e.y)),
            ElementKind::Tower => {}
        }
    }
    for (kind, list) in [ElementKind::RedCapital, ElementKind::BlueCapital]
        .into_iter()
        .zip(&capitals)
    {
        if list.len() != 1 {
            found.push(Violation::CapitalCount {
                kind,
                count: list.len(),
            });
        }
    }

    if let ([red], [blue]) = (capitals[0].as_slice(), capitals[1].as_slice()) {
        capital_rules(*red, *blue, &mountain, &mut found);
    }
    count_rules(mountains, towers, &on_cell, &mut found);
    found.sort_by_key(rule_order);
    found
}

/// The rules about the two capitals, for a map with one of each colour: far
/// enough apart, joined by a path, and no open region sealed off from both.
fn capital_rules(
    red: (u8, u8),
    blue: (u8, u8),
    mountain: &[bool; CELLS],
    found: &mut Vec<Violation>,
) {
    let distance = u32::from(red.0.abs_diff(blue.0)) + u32::from(red.1.abs_diff(blue.1));
    if distance < MIN_CAPITAL_DISTANCE {
        found.push(Violation::CapitalsTooClose {
            red,
            blue,
            distance,
        });
    }
    // A capital sharing a cell with a mountain is rule 5's business; here
    // it still counts as open so that rules 2 and 6 stay meaningful.
    let mut open = mountain.map(|m| !m);
    open[index(red.0, red.1)] = true;
    open[index(blue.0, blue.1)] = true;
    let label = components(&open);
    let red_region = label[index(red.0, red.1)];
    let blue_region = label[index(blue.0, blue.1)];
    if red_region != blue_region {
        found.push(Violation::NoPath { red, blue });
    }
    let mut reported = Vec::new();
    for (i, region) in label.iter().enumerate() {
        let Some(region) = *region else { continue };
        if region == red_region.unwrap_or(usize::MAX)
            || region == blue_region.unwrap_or(usize::MAX)
            || reported.contains(&region)
        {
            continue;
        }
        reported.push(region);
        found.push(Violation::SealedPocket {
            x: (i % BOARD as usize) as u8,
            y: (i / BOARD as usize) as u8,
            size: label.iter().filter(|&&l| l == Some(region)).count(),
        });
    }
}

/// The rules about counts: how many elements, the mountain/tower shares,
/// and one element per cell.
fn count_rules(
    mountains: usize,
    towers: usize,
    on_cell: &[usize; CELLS],
    found: &mut Vec<Violation>,
) {
    let n = mountains + towers;
    if !(MIN_NPC..=MAX_NPC).contains(&n) {
        found.push(Violation::ElementCount { n });
    }
    let (lo, hi) = share_bounds(n);
    for (kind, count) in [
        (ElementKind::Mountain, mountains),
        (ElementKind::Tower, towers),
    ] {
        if !(lo..=hi).contains(&count) {
            found.push(Violation::Share { kind, count, n });
        }
    }
    for (i, &count) in on_cell.iter().enumerate() {
        if count > 1 {
            found.push(Violation::SharedCell {
                x: (i % BOARD as usize) as u8,
                y: (i / BOARD as usize) as u8,
                count,
            });
        }
    }
}

fn rule_order(v: &Violation) -> u8 {
    match v {
        Violation::InvalidWord { .. } | Violation::OffBoard { .. } => 0,
        Violation::CapitalCount { .. } => 1,
        Violation::CapitalsTooClose { .. } => 2,
        Violation::NoPath { .. } => 3,
        Violation::ElementCount { .. } => 4,
        Violation::Share { .. } => 5,
        Violation::SharedCell { .. } => 6,
        Violation::SealedPocket { .. } => 7,
    }
}

/// Every problem of a ROM image: invalid words and broken rules, map by map,
/// each carrying `path` and the map index. Empty if all 128 maps are legal.
pub fn check_rom(path: &str, words: &[u16]) -> Vec<MapError> {
    if words.len() != ROM_DEPTH {
        return vec![MapError::Length {
            path: path.to_string(),
            len: words.len(),
        }];
    }
    let mut errors = Vec::new();
    for (map, chunk) in words.chunks(WORDS_PER_MAP).enumerate() {
        let mut violations = Vec::new();
        let mut elements = Vec::new();
        for (word, &value) in chunk.iter().enumerate() {
            match decode_word(word, value) {
                Ok(Some(e)) => elements.push(e),
                Ok(None) => {}
                Err(v) => violations.push(v),
            }
        }
        violations.extend(validate_map(&Map { elements }));
        errors.extend(violations.into_iter().map(|violation| MapError::Map {
            path: path.to_string(),
            map,
            violation,
        }));
    }
    errors
}

/// The outcome of [`check_files`]: every problem found, not just the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The files checked, as given.
    pub files: Vec<PathBuf>,
    /// Maps decoded and checked, over all files that could be read.
    pub maps_checked: usize,
    /// Every problem, in file order.
    pub errors: Vec<MapError>,
}

impl Report {
    /// True when no problem was found.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.errors {
            writeln!(f, "{e}")?;
        }
        write!(
            f,
            "checked {} file(s), {} map(s): ",
            self.files.len(),
            self.maps_checked
        )?;
        if self.is_ok() {
            write!(f, "all maps meet maps/README.md")
        } else {
            write!(f, "{} problem(s)", self.errors.len())
        }
    }
}

/// Reads each file (`.mif`, or `.hex`/`.mem` image), checks every map in it,
/// and, when several files are given, checks that they all hold the same
/// content as the first one that could be read.
pub fn check_files(paths: &[PathBuf]) -> Report {
    let mut report = Report {
        files: paths.to_vec(),
        ..Report::default()
    };
    let mut images: Vec<(String, Vec<u16>)> = Vec::new();
    for path in paths {
        let name = crate::shown_path(path);
        match read_rom_file(path) {
            Ok(words) => {
                report.maps_checked += NUM_MAPS;
                report.errors.extend(check_rom(&name, &words));
                images.push((name, words));
            }
            Err(e) => report.errors.push(e),
        }
    }
    if let Some(((first_name, first), rest)) = images.split_first() {
        for (name, words) in rest {
            let len = first.len().min(words.len());
            let differ: Vec<usize> = (0..len).filter(|&a| first[a] != words[a]).collect();
            if let Some(&addr) = differ.first() {
                report.errors.push(MapError::Mismatch {
                    a: first_name.clone(),
                    b: name.clone(),
                    count: differ.len(),
                    addr,
                    value_a: first[addr],
                    value_b: words[addr],
                });
            }
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_bounds_follow_the_exact_ratio() {
        // docs/rules.md: "for N = 24 that is 9 … 15 of each". The others by hand:
        // 35 % / 65 % of 30 = 10.5 / 19.5, of 23 = 8.05 / 14.95, of 26 =
        // 9.1 / 16.9, of 27 = 9.45 / 17.55; of 20 exactly 7 / 13 (inclusive).
        assert_eq!(share_bounds(24), (9, 15));
        assert_eq!(share_bounds(30), (11, 19));
        assert_eq!(share_bounds(23), (9, 14));
        assert_eq!(share_bounds(26), (10, 16));
        assert_eq!(share_bounds(27), (10, 17));
        assert_eq!(share_bounds(20), (7, 13));
    }

    #[test]
    fn pockets_are_reported_once_per_region() {
        // Mountains (1,0), (0,1) seal the corner (0,0); (8,9), (9,8) seal (9,9).
        let at = |x, y, kind| Element { x, y, kind };
        let mut elements = vec![
            at(0, 4, ElementKind::RedCapital),
            at(9, 5, ElementKind::BlueCapital),
        ];
        elements
            .extend([(1, 0), (0, 1), (8, 9), (9, 8)].map(|(x, y)| at(x, y, ElementKind::Mountain)));
        let pockets: Vec<Violation> = validate_map(&Map { elements })
            .into_iter()
            .filter(|v| matches!(v, Violation::SealedPocket { .. }))
            .collect();
        assert_eq!(
            pockets,
            vec![
                Violation::SealedPocket {
                    x: 0,
                    y: 0,
                    size: 1
                },
                Violation::SealedPocket {
                    x: 9,
                    y: 9,
                    size: 1
                },
            ]
        );
    }
}
