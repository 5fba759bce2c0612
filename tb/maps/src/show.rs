//! Text views of maps for people: one map as a grid, a set of maps as a line
//! of statistics.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::{CapitalPlacement, ElementKind, Map, BOARD};

fn glyph(kind: ElementKind) -> char {
    match kind {
        ElementKind::Mountain => '^',
        ElementKind::Tower => 'T',
        ElementKind::RedCapital => 'R',
        ElementKind::BlueCapital => 'B',
    }
}

fn distance(a: (u8, u8), b: (u8, u8)) -> u32 {
    u32::from(a.0.abs_diff(b.0)) + u32::from(a.1.abs_diff(b.1))
}

/// A text grid of one map: a heading line (capitals, their distance, N and
/// its split), x labels across the top, y labels down the left, one cell per
/// character: `.` land, `^` mountain, `T` tower, `R`/`B` the capitals, `*`
/// where several elements share a cell; elements off the board are listed
/// under the grid. Never panics, whatever the map holds.
pub fn show_map(map: &Map) -> String {
    let w = BOARD as usize;
    let mut grid = vec!['.'; w * w];
    let mut off_board = Vec::new();
    let mut seen = vec![false; w * w];
    for e in &map.elements {
        if e.x >= BOARD || e.y >= BOARD {
            off_board.push(format!("{} at ({},{})", e.kind, e.x, e.y));
            continue;
        }
        let i = e.y as usize * w + e.x as usize;
        grid[i] = if seen[i] { '*' } else { glyph(e.kind) };
        seen[i] = true;
    }
    let pos = |p: Option<(u8, u8)>| p.map_or("none".to_string(), |(x, y)| format!("({x},{y})"));
    let (red, blue) = (map.red_capital(), map.blue_capital());
    let mut out = format!("Red {}  Blue {}", pos(red), pos(blue));
    if let (Some(r), Some(b)) = (red, blue) {
        let _ = write!(out, "  distance {}", distance(r, b));
    }
    let (m, t) = (
        map.count(ElementKind::Mountain),
        map.count(ElementKind::Tower),
    );
    let _ = writeln!(out, "  N = {}: {m} mountains, {t} towers", m + t);
    out.push_str("  x");
    for x in 0..w {
        let _ = write!(out, " {x}");
    }
    out.push_str("\ny\n");
    for y in 0..w {
        let _ = write!(out, "{y}  ");
        for x in 0..w {
            let _ = write!(out, " {}", grid[y * w + x]);
        }
        out.push('\n');
    }
    out.push_str(". land  ^ mountain  T tower  R Red capital  B Blue capital  * shared cell\n");
    if !off_board.is_empty() {
        let _ = writeln!(out, "off the board: {}", off_board.join(", "));
    }
    out
}

/// One line of statistics over `maps`: how many, the range of N, mountains
/// and towers, the capital distance histogram, the placement classes, and
/// where each colour's capital sits (corner/edge/interior).
pub fn summary(maps: &[Map]) -> String {
    let mut n = Vec::new();
    let mut mountains = Vec::new();
    let mut towers = Vec::new();
    let mut distances = BTreeMap::new();
    let mut placements = BTreeMap::new();
    let mut zones = [[0usize; 3]; 2];
    for map in maps {
        let (m, t) = (
            map.count(ElementKind::Mountain),
            map.count(ElementKind::Tower),
        );
        n.push(m + t);
        mountains.push(m);
        towers.push(t);
        if let (Some(r), Some(b)) = (map.red_capital(), map.blue_capital()) {
            *distances.entry(distance(r, b)).or_insert(0) += 1;
            *placements.entry(CapitalPlacement::of(r, b)).or_insert(0) += 1;
            for (side, (x, y)) in [r, b].into_iter().enumerate() {
                let border = |v: u8| usize::from(v == 0 || v == BOARD - 1);
                zones[side][2 - border(x) - border(y)] += 1;
            }
        }
    }
    let range = |v: &[usize]| match (v.iter().min(), v.iter().max()) {
        (Some(lo), Some(hi)) => format!("{lo}..={hi}"),
        _ => "-".to_string(),
    };
    let mean = if n.is_empty() {
        0.0
    } else {
        n.iter().sum::<usize>() as f64 / n.len() as f64
    };
    let hist = |h: &BTreeMap<u32, usize>| {
        h.iter()
            .map(|(k, v)| format!("{k}:{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let classes = placements
        .iter()
        .map(|(k, v)| format!("{}:{v}", k.short()))
        .collect::<Vec<_>>()
        .join(" ");
    let z = |s: [usize; 3]| format!("{}/{}/{}", s[0], s[1], s[2]);
    format!(
        "{} maps; N {} (mean {mean:.1}); mountains {}; towers {}; capital distance {}; \
         placement {classes}; Red corner/edge/interior {}; Blue {}",
        maps.len(),
        range(&n),
        range(&mountains),
        range(&towers),
        hist(&distances),
        z(zones[0]),
        z(zones[1]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Element;

    #[test]
    fn grid_has_axes_glyphs_and_flags_broken_cells() {
        let at = |x, y, kind| Element { x, y, kind };
        let map = Map {
            elements: vec![
                at(0, 0, ElementKind::RedCapital),
                at(9, 9, ElementKind::BlueCapital),
                at(3, 0, ElementKind::Mountain),
                at(5, 0, ElementKind::Tower),
                at(2, 2, ElementKind::Mountain),
                at(2, 2, ElementKind::Tower),
                at(12, 1, ElementKind::Mountain),
            ],
        };
        let text = show_map(&map);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "Red (0,0)  Blue (9,9)  distance 18  N = 5: 3 mountains, 2 towers"
        );
        assert_eq!(lines[1], "  x 0 1 2 3 4 5 6 7 8 9");
        assert_eq!(lines[2], "y");
        assert_eq!(lines[3], "0   R . . ^ . T . . . .");
        assert_eq!(lines[5], "2   . . * . . . . . . .");
        assert_eq!(lines[12], "9   . . . . . . . . . B");
        assert_eq!(lines[14], "off the board: mountain at (12,1)");
        assert_eq!(lines.len(), 15);
    }

    #[test]
    fn empty_input_does_not_panic() {
        assert!(show_map(&Map::default()).starts_with("Red none  Blue none  N = 0"));
        assert!(summary(&[]).starts_with("0 maps; N - "));
    }
}
