//! Helpers shared by the integration tests: hand-built positions and maps.
#![allow(dead_code)] // each test file uses a different part

use generals_golden::{Cell, Command, GameState, Kind, Mode, Owner, Phase, Player, Pos};
use generals_maps::{Element, ElementKind, Map};

/// A PLAYING state on an all-NPC-land board: round 1, SELECT, `player` to
/// move, `first` first, both cursors at (0, 0). Put cells with [`put`].
pub fn blank(first: Player, player: Player) -> GameState {
    let mut g = GameState::new();
    g.phase = Phase::Playing;
    g.first = first;
    g.player = player;
    g.round = 1;
    g.mode = Mode::Select;
    g
}

/// Set cell (x, y).
pub fn put(g: &mut GameState, x: u8, y: u8, owner: Owner, kind: Kind, troops: u16) {
    *g.cell_mut(Pos::new(x, y)) = Cell::new(owner, kind, troops);
}

/// The cell (x, y).
pub fn at(g: &GameState, x: u8, y: u8) -> Cell {
    g.cell(Pos::new(x, y))
}

/// A cell value.
pub fn cell(owner: Owner, kind: Kind, troops: u16) -> Cell {
    Cell::new(owner, kind, troops)
}

/// A blank position with a Red capital at (0, 0) and a Blue capital at
/// (9, 9), each with `troops`, and both cursors on their capitals.
pub fn with_capitals(first: Player, player: Player, troops: u16) -> GameState {
    let mut g = blank(first, player);
    put(&mut g, 0, 0, Owner::Red, Kind::Capital, troops);
    put(&mut g, 9, 9, Owner::Blue, Kind::Capital, troops);
    g.cursor_red = Pos::new(0, 0);
    g.cursor_blue = Pos::new(9, 9);
    g
}

/// A map from `(x, y, kind)` triples.
pub fn map(elements: &[(u8, u8, ElementKind)]) -> Map {
    Map {
        elements: elements
            .iter()
            .map(|&(x, y, kind)| Element { x, y, kind })
            .collect(),
    }
}

/// A small legal-looking map: Red capital (1, 1), Blue capital (8, 8), a
/// mountain at (2, 1) and an NPC tower at (1, 2).
pub fn small_map() -> Map {
    map(&[
        (1, 1, ElementKind::RedCapital),
        (8, 8, ElementKind::BlueCapital),
        (2, 1, ElementKind::Mountain),
        (1, 2, ElementKind::Tower),
    ])
}

/// The SELECT-mode commands that walk a cursor from `from` to `to`: first
/// along x, then along y.
pub fn walk(from: Pos, to: Pos) -> Vec<Command> {
    let mut cmds = Vec::new();
    let dx = i16::from(to.x) - i16::from(from.x);
    let dy = i16::from(to.y) - i16::from(from.y);
    let h = if dx > 0 { Command::D } else { Command::A };
    let v = if dy > 0 { Command::S } else { Command::W };
    for _ in 0..dx.unsigned_abs() {
        cmds.push(h);
    }
    for _ in 0..dy.unsigned_abs() {
        cmds.push(v);
    }
    cmds
}

/// The commands of a whole move by the current player of `g` (in SELECT):
/// walk to `from`, Space, Z if `half`, then `dir`.
pub fn move_commands(g: &GameState, from: Pos, dir: Command, half: bool) -> Vec<Command> {
    let mut cmds = walk(g.cursor(g.player), from);
    cmds.push(Command::Space);
    if half {
        cmds.push(Command::Z);
    }
    cmds.push(dir);
    cmds
}

/// Every legal move of the current player: (source, direction) with an own
/// source of ≥ 2 troops and a target on the board that is not a mountain.
pub fn legal_moves(g: &GameState) -> Vec<(Pos, Command)> {
    let mut moves = Vec::new();
    for i in 0..100 {
        let p = Pos::from_index(i);
        let c = g.cell(p);
        if c.owner != g.player.owner() || c.troops < 2 {
            continue;
        }
        for dir in [Command::W, Command::A, Command::S, Command::D] {
            if let Some(t) = p.step(dir) {
                if g.cell(t).kind != Kind::Mountain {
                    moves.push((p, dir));
                }
            }
        }
    }
    moves
}

/// Number of steps from every cell to `goal` over cells that are not
/// mountains (`u16::MAX` where unreachable).
pub fn distances(g: &GameState, goal: Pos) -> [u16; 100] {
    let mut d = [u16::MAX; 100];
    let mut queue = std::collections::VecDeque::from([goal]);
    d[goal.index()] = 0;
    while let Some(p) = queue.pop_front() {
        for dir in [Command::W, Command::A, Command::S, Command::D] {
            if let Some(n) = p.step(dir) {
                if g.cell(n).kind != Kind::Mountain && d[n.index()] == u16::MAX {
                    d[n.index()] = d[p.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
    }
    d
}

/// Where `player`'s capital is, if it still owns one.
pub fn capital_of(g: &GameState, player: Player) -> Option<Pos> {
    (0..100)
        .map(Pos::from_index)
        .find(|&p| g.cell(p).kind == Kind::Capital && g.cell(p).owner == player.owner())
}

/// Rounds after which a self-played game counts as unfinished.
pub const ROUND_LIMIT: u16 = 1000;

/// The key commands of one move for the current player of `g` (PLAYING,
/// SELECT): usually the biggest stack marching one step along a shortest
/// path towards the enemy capital with MOVE-ALL, sometimes (15 %) a random
/// legal move in a random mode.
pub fn biased_move(g: &GameState, rng: &mut impl rand::Rng) -> Vec<Command> {
    use rand::seq::SliceRandom;
    let moves = legal_moves(g);
    assert!(!moves.is_empty(), "{:?} has no move:\n{g}", g.player);
    let enemy = capital_of(g, g.player.other()).expect("the enemy capital stands while playing");
    let dist = distances(g, enemy);
    let (from, dir, half) = if rng.gen_bool(0.15) {
        let &(from, dir) = moves.choose(rng).expect("not empty");
        (from, dir, rng.gen_bool(0.3))
    } else {
        let biggest = moves
            .iter()
            .map(|(p, _)| g.cell(*p).troops)
            .max()
            .expect("not empty");
        let best = moves
            .iter()
            .filter(|(p, _)| g.cell(*p).troops == biggest)
            .map(|&(p, d)| (dist[p.step(d).expect("legal").index()], p, d))
            .min_by_key(|&(d, ..)| d)
            .expect("not empty");
        (best.1, best.2, false)
    };
    move_commands(g, from, dir, half)
}

/// Play one [`biased_move`] on `g`, checking that only its last command
/// makes the move.
pub fn play_biased_move(g: &mut GameState, rng: &mut impl rand::Rng) {
    let cmds = biased_move(g, rng);
    let last = cmds.len() - 1;
    for (i, c) in cmds.into_iter().enumerate() {
        let out = g.apply(c);
        let is_move = matches!(
            out,
            generals_golden::Outcome::Moved { .. } | generals_golden::Outcome::GameWon(_)
        );
        assert_eq!(is_move, i == last, "command {i} {c:?} gave {out:?}");
    }
}
