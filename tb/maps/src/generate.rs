//! The generator: 128 random maps that meet maps/README.md and make good games.
//!
//! Deterministic: one `ChaCha8Rng` seeded from a `u64` drives every choice,
//! and every draw goes through `gen_range` on `u32`, whose algorithm is fixed
//! by the pinned `rand =0.8.5`, so a seed gives the same maps on every machine.
//!
//! Per map, in this order:
//! 1. The capital placement class comes from a fixed plan (corner/edge/interior
//!    for each capital, see [`CapitalPlacement`]) shuffled over the 128 maps;
//!    the distance is drawn uniformly among those the class allows (≥ 12),
//!    then the pair uniformly among the class's ordered pairs at that
//!    distance, so Red and Blue take either end equally often.
//! 2. `N` is drawn uniformly from 24..=30, then the number of mountains
//!    uniformly from rule 4's range for that `N`; towers are the rest. These
//!    draws happen once per map, before any rejection, so rejection does not
//!    bias them.
//! 3. Mountains, then towers, are placed by "best of a few random candidates"
//!    (the candidate with the fewest like neighbours wins), which spreads them
//!    without making a regular lattice; placements are rejected and redrawn
//!    until the map passes the checks below.
//!
//! Checks beyond §2 (the floor), so that games are playable and fair:
//! - no mountain or tower on a capital's four neighbours (a capital is never
//!   walled in and never starts next to a free tower);
//! - every 8-connected cluster of mountains has at most [`MAX_CLUSTER`] cells,
//!   and the shortest route between the capitals is at most [`MAX_DETOUR`]
//!   steps longer than their Manhattan distance (no mazes);
//! - towers are shared fairly: as many towers (±1) are nearer to Red as to
//!   Blue (walking distance round mountains), each side's nearest tower is
//!   equally far (±1), and each side has as many towers (±1) within
//!   [`NEAR`] steps.
//!
//! Rules 2 and 6 are checked here with the generator's own search; the
//! separate validator then re-checks every map (see [`generate`]).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{Element, ElementKind, Map, BOARD, MAX_NPC, MIN_CAPITAL_DISTANCE, MIN_NPC, NUM_MAPS};

/// The seed of the committed maps (`maps/SEED`).
pub const DEFAULT_SEED: u64 = 20230601;

/// Largest 8-connected cluster of mountains.
const MAX_CLUSTER: usize = 4;
/// Largest excess of the capitals' walking distance over their Manhattan distance.
const MAX_DETOUR: u32 = 4;
/// Radius (walking steps) within which both sides get as many towers (±1).
const NEAR: u32 = 4;
/// Random candidate cells per mountain; the least crowded one wins.
const MOUNTAIN_CANDIDATES: usize = 3;
/// Random candidate cells per tower; the least crowded one wins.
const TOWER_CANDIDATES: usize = 3;
/// Tower layouts tried on one mountain layout before redrawing the mountains.
const TOWER_TRIES: usize = 50;
/// Mountain layouts tried before giving up (never reached in practice: most
/// maps need one or two; reaching it would mean the checks above are unsatisfiable).
const MOUNTAIN_TRIES: usize = 100_000;

const W: usize = BOARD as usize;
const CELLS: usize = W * W;

/// Where the two capitals of a map sit: each on a corner (4 cells), an edge
/// (the 32 other border cells) or the interior (64 cells); order-free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CapitalPlacement {
    /// Both on corners (necessarily opposite ones).
    CornerCorner,
    /// One on a corner, one on an edge.
    CornerEdge,
    /// One on a corner, one in the interior.
    CornerInterior,
    /// Both on edges.
    EdgeEdge,
    /// One on an edge, one in the interior.
    EdgeInterior,
    /// Both in the interior.
    InteriorInterior,
}

impl CapitalPlacement {
    /// Every class, in declaration order.
    pub const ALL: [CapitalPlacement; 6] = [
        CapitalPlacement::CornerCorner,
        CapitalPlacement::CornerEdge,
        CapitalPlacement::CornerInterior,
        CapitalPlacement::EdgeEdge,
        CapitalPlacement::EdgeInterior,
        CapitalPlacement::InteriorInterior,
    ];

    /// The class of a pair of cells.
    pub fn of(a: (u8, u8), b: (u8, u8)) -> CapitalPlacement {
        use CapitalPlacement::*;
        match (zone(a).min(zone(b)), zone(a).max(zone(b))) {
            (0, 0) => CornerCorner,
            (0, 1) => CornerEdge,
            (0, _) => CornerInterior,
            (1, 1) => EdgeEdge,
            (1, _) => EdgeInterior,
            _ => InteriorInterior,
        }
    }

    /// A two-letter name: `CC`, `CE`, `CI`, `EE`, `EI`, `II`.
    pub fn short(self) -> &'static str {
        match self {
            CapitalPlacement::CornerCorner => "CC",
            CapitalPlacement::CornerEdge => "CE",
            CapitalPlacement::CornerInterior => "CI",
            CapitalPlacement::EdgeEdge => "EE",
            CapitalPlacement::EdgeInterior => "EI",
            CapitalPlacement::InteriorInterior => "II",
        }
    }
}

/// How many of the 128 maps get each placement class. Corner–corner has only
/// two cell pairs, so it gets fewer maps; the rest are spread evenly.
const PLAN: [(CapitalPlacement, usize); 6] = [
    (CapitalPlacement::CornerCorner, 10),
    (CapitalPlacement::CornerEdge, 22),
    (CapitalPlacement::CornerInterior, 22),
    (CapitalPlacement::EdgeEdge, 26),
    (CapitalPlacement::EdgeInterior, 26),
    (CapitalPlacement::InteriorInterior, 22),
];

/// 0 = corner, 1 = edge, 2 = interior.
fn zone((x, y): (u8, u8)) -> u8 {
    let border = |v: u8| v == 0 || v == BOARD - 1;
    match (border(x), border(y)) {
        (true, true) => 0,
        (true, false) | (false, true) => 1,
        (false, false) => 2,
    }
}

fn manhattan(a: (u8, u8), b: (u8, u8)) -> u32 {
    u32::from(a.0.abs_diff(b.0)) + u32::from(a.1.abs_diff(b.1))
}

fn chebyshev(a: usize, b: usize) -> usize {
    (a % W).abs_diff(b % W).max((a / W).abs_diff(b / W))
}

fn cell(i: usize) -> (u8, u8) {
    ((i % W) as u8, (i / W) as u8)
}

fn idx((x, y): (u8, u8)) -> usize {
    y as usize * W + x as usize
}

/// A uniform index below `n` (`n` ≤ 100 here), drawn on `u32` for portability.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    rng.gen_range(0..n as u32) as usize
}

/// Ordered capital pairs (Red, Blue) of a class at legal distance, by distance,
/// then row-major.
fn legal_pairs(placement: CapitalPlacement) -> Vec<((u8, u8), (u8, u8))> {
    let mut pairs = Vec::new();
    for a in 0..CELLS {
        for b in 0..CELLS {
            let (a, b) = (cell(a), cell(b));
            if manhattan(a, b) >= MIN_CAPITAL_DISTANCE && CapitalPlacement::of(a, b) == placement {
                pairs.push((a, b));
            }
        }
    }
    // Stable: pairs of one distance keep their row-major order.
    pairs.sort_by_key(|&(a, b)| manhattan(a, b));
    pairs
}

/// The 8 cells around `i` that are on the board.
fn around(i: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((i % W) as i32, (i / W) as i32);
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(nx, ny)| {
            (nx, ny) != (x, y) && (0..W as i32).contains(&nx) && (0..W as i32).contains(&ny)
        })
        .map(|(nx, ny)| ny as usize * W + nx as usize)
}

/// Walking distances from `from` round mountains (`u32::MAX`: unreachable).
fn walk(mountain: &[bool; CELLS], from: usize) -> [u32; CELLS] {
    let mut dist = [u32::MAX; CELLS];
    dist[from] = 0;
    let mut frontier = vec![from];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for i in frontier {
            for j in crate::neighbours(i) {
                if !mountain[j] && dist[j] == u32::MAX {
                    dist[j] = dist[i] + 1;
                    next.push(j);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// Chooses `count` cells that are not `taken` (and marks them), each the least
/// crowded by `crowding(already chosen, candidate)` of a few random candidates.
fn scatter(
    rng: &mut ChaCha8Rng,
    taken: &mut [bool; CELLS],
    count: usize,
    candidates: usize,
    crowding: impl Fn(&[usize], usize) -> usize,
) -> Vec<usize> {
    let mut placed = Vec::with_capacity(count);
    for _ in 0..count {
        let free: Vec<usize> = (0..CELLS).filter(|&i| !taken[i]).collect();
        let mut best: Option<(usize, usize)> = None;
        for _ in 0..candidates {
            let c = free[below(rng, free.len())];
            let score = crowding(&placed, c);
            if best.is_none() || best.is_some_and(|(_, s)| score < s) {
                best = Some((c, score));
            }
        }
        let (c, _) = best.expect("candidates > 0");
        taken[c] = true;
        placed.push(c);
    }
    placed
}

/// Mountain layout checks: rules 2 and 6, clusters, detour.
fn mountains_ok(mountain: &[bool; CELLS], red: usize, blue: usize, distance: u32) -> bool {
    let from_red = walk(mountain, red);
    // Rules 2 and 6: every open cell (the capitals included) is reachable.
    if (0..CELLS).any(|i| !mountain[i] && from_red[i] == u32::MAX) {
        return false;
    }
    if from_red[blue] > distance + MAX_DETOUR {
        return false;
    }
    let mut seen = [false; CELLS];
    for start in 0..CELLS {
        if !mountain[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut size) = (vec![start], 0);
        while let Some(i) = stack.pop() {
            size += 1;
            for j in around(i) {
                if mountain[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if size > MAX_CLUSTER {
            return false;
        }
    }
    true
}

/// Tower fairness: nearer-to-each-side counts, nearest tower, towers within NEAR.
fn towers_fair(towers: &[usize], from_red: &[u32; CELLS], from_blue: &[u32; CELLS]) -> bool {
    let close = |a: usize, b: usize| a.abs_diff(b) <= 1;
    let nearer_red = towers
        .iter()
        .filter(|&&t| from_red[t] < from_blue[t])
        .count();
    let nearer_blue = towers
        .iter()
        .filter(|&&t| from_blue[t] < from_red[t])
        .count();
    let nearest = |d: &[u32; CELLS]| towers.iter().map(|&t| d[t] as usize).min();
    let near = |d: &[u32; CELLS]| towers.iter().filter(|&&t| d[t] <= NEAR).count();
    close(nearer_red, nearer_blue)
        && match (nearest(from_red), nearest(from_blue)) {
            (Some(r), Some(b)) => close(r, b),
            _ => false,
        }
        && close(near(from_red), near(from_blue))
}

fn generate_map(rng: &mut ChaCha8Rng, placement: CapitalPlacement, map_index: usize) -> Map {
    // Distance first, uniformly among those the class allows, then a pair at
    // that distance: drawing a pair directly would favour distance 12, which
    // has by far the most pairs.
    let pairs = legal_pairs(placement);
    let mut distances: Vec<u32> = pairs.iter().map(|&(a, b)| manhattan(a, b)).collect();
    distances.dedup();
    let distance = distances[below(rng, distances.len())];
    let pairs: Vec<_> = pairs
        .into_iter()
        .filter(|&(a, b)| manhattan(a, b) == distance)
        .collect();
    let (red, blue) = pairs[below(rng, pairs.len())];
    let n = MIN_NPC + below(rng, MAX_NPC - MIN_NPC + 1);
    // Rule 4 on the exact ratio: 35·n ≤ 100·m ≤ 65·n.
    let (lo, hi) = ((35 * n).div_ceil(100), 65 * n / 100);
    let mountains = lo + below(rng, hi - lo + 1);
    let towers = n - mountains;
    let (r, b) = (idx(red), idx(blue));

    // Capitals and their four neighbours stay free of elements.
    let mut keep_clear = [false; CELLS];
    for c in [r, b] {
        keep_clear[c] = true;
        for j in crate::neighbours(c) {
            keep_clear[j] = true;
        }
    }
    for _ in 0..MOUNTAIN_TRIES {
        let mut taken = keep_clear;
        let mountain_cells = scatter(
            rng,
            &mut taken,
            mountains,
            MOUNTAIN_CANDIDATES,
            |placed, c| placed.iter().filter(|&&p| chebyshev(p, c) == 1).count(),
        );
        let mut mountain = [false; CELLS];
        for &c in &mountain_cells {
            mountain[c] = true;
        }
        if !mountains_ok(&mountain, r, b, distance) {
            continue;
        }
        let (from_red, from_blue) = (walk(&mountain, r), walk(&mountain, b));
        for _ in 0..TOWER_TRIES {
            let mut taken = taken;
            let tower_cells = scatter(rng, &mut taken, towers, TOWER_CANDIDATES, |placed, c| {
                placed.iter().filter(|&&p| chebyshev(p, c) <= 2).count()
            });
            if !towers_fair(&tower_cells, &from_red, &from_blue) {
                continue;
            }
            let mut kind = [None; CELLS];
            for &c in &mountain_cells {
                kind[c] = Some(ElementKind::Mountain);
            }
            for &c in &tower_cells {
                kind[c] = Some(ElementKind::Tower);
            }
            let capitals = [(r, ElementKind::RedCapital), (b, ElementKind::BlueCapital)];
            let npc = (0..CELLS).filter_map(|i| kind[i].map(|k| (i, k)));
            let elements = capitals
                .into_iter()
                .chain(npc)
                .map(|(i, kind)| {
                    let (x, y) = cell(i);
                    Element { x, y, kind }
                })
                .collect();
            return Map { elements };
        }
    }
    panic!(
        "generator bug: map {map_index}: no layout passed the checks after {MOUNTAIN_TRIES} tries"
    )
}

/// Generates the 128 maps for `seed`: capitals first (Red, then Blue), then
/// the mountains and towers in row-major order (by y, then x). Every map is
/// checked by the separate validator before it is returned.
///
/// # Panics
/// If the validator rejects a generated map or the generator cannot place a
/// map: both are bugs in this crate, never a property of the seed.
pub fn generate(seed: u64) -> Vec<Map> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut plan: Vec<CapitalPlacement> = PLAN.iter().flat_map(|&(p, k)| vec![p; k]).collect();
    assert_eq!(
        plan.len(),
        NUM_MAPS,
        "the placement plan must cover every map"
    );
    // Fisher–Yates on u32 draws (portable, unlike usize draws).
    for i in (1..plan.len()).rev() {
        let j = below(&mut rng, i + 1);
        plan.swap(i, j);
    }
    plan.iter()
        .enumerate()
        .map(|(i, &placement)| {
            let map = generate_map(&mut rng, placement, i);
            let violations = crate::validate_map(&map);
            assert!(
                violations.is_empty(),
                "generator bug: seed {seed}, map {i} breaks maps/README.md: {violations:?}"
            );
            map
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distances(p: CapitalPlacement) -> (u32, u32) {
        let d: Vec<u32> = legal_pairs(p)
            .iter()
            .map(|&(a, b)| manhattan(a, b))
            .collect();
        (*d.iter().min().unwrap(), *d.iter().max().unwrap())
    }

    #[test]
    fn corner_pairs_are_the_two_diagonals_both_ways() {
        assert_eq!(
            legal_pairs(CapitalPlacement::CornerCorner),
            vec![
                ((0, 0), (9, 9)),
                ((9, 0), (0, 9)),
                ((0, 9), (9, 0)),
                ((9, 9), (0, 0)),
            ]
        );
    }

    #[test]
    fn every_class_spans_the_distances_worked_out_by_hand() {
        // Corner–edge: (0,0)–(9,8) = 17; corner–interior: (0,0)–(8,8) = 16;
        // edge–edge: (0,1)–(9,8) = 16 (17 would need a corner); edge–interior:
        // (0,1)–(8,8) = 15; interior–interior: (1,1)–(8,8) = 14.
        use CapitalPlacement::*;
        assert_eq!(distances(CornerEdge), (12, 17));
        assert_eq!(distances(CornerInterior), (12, 16));
        assert_eq!(distances(EdgeEdge), (12, 16));
        assert_eq!(distances(EdgeInterior), (12, 15));
        assert_eq!(distances(InteriorInterior), (12, 14));
    }

    #[test]
    fn the_plan_covers_every_map_and_generate_follows_it() {
        assert_eq!(PLAN.iter().map(|&(_, k)| k).sum::<usize>(), NUM_MAPS);
        let mut counts = std::collections::BTreeMap::new();
        for map in generate(DEFAULT_SEED) {
            let (r, b) = (map.red_capital().unwrap(), map.blue_capital().unwrap());
            *counts.entry(CapitalPlacement::of(r, b)).or_insert(0) += 1;
        }
        assert_eq!(counts.into_iter().collect::<Vec<_>>(), PLAN.to_vec());
    }

    #[test]
    fn n_and_the_split_cover_their_legal_ranges() {
        let maps = generate(DEFAULT_SEED);
        let mut splits = std::collections::BTreeSet::new();
        for map in &maps {
            let m = map.count(ElementKind::Mountain);
            let t = map.count(ElementKind::Tower);
            splits.insert((m + t, m));
        }
        // The split is drawn over the whole of rule 4's range: some map sits
        // on the lower bound for its N and some on the upper bound.
        let bounds = |n| crate::share_bounds(n);
        assert!(splits.iter().any(|&(n, m)| m == bounds(n).0), "{splits:?}");
        assert!(splits.iter().any(|&(n, m)| m == bounds(n).1), "{splits:?}");
    }
}
