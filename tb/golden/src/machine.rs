//! Golden machine player (docs/rules.md §11), written from the spec: which move it
//! chooses, and the commands it types to make it. Plain Rust, no RTL; the
//! bench checks the RTL's machine against it command by command.

use crate::types::{Command, Kind, Player, Pos, CELLS, MOVE_MIN_TROOPS};
use crate::GameState;

/// Score of a move that captures the enemy capital (wins the game).
pub const SCORE_WIN: u16 = 30_000;
/// Base score of a capture of any other cell.
pub const SCORE_CAPTURE: u16 = 20_000;
/// Added to a capture when the target is a tower.
pub const BONUS_TOWER: u16 = 4_000;
/// Added to a capture when the target belongs to the enemy.
pub const BONUS_ENEMY: u16 = 2_000;
/// Base score of a transfer onto an own cell.
pub const SCORE_TRANSFER: u16 = 10_000;
/// Base score of an attack that captures nothing.
pub const SCORE_ATTACK: u16 = 1_000;
/// Weight of one step of distance to the enemy capital.
pub const DIST_WEIGHT: u16 = 100;
/// The largest distance on the board (9 + 9).
pub const DIST_MAX: u16 = 18;
/// Troop counts above this add nothing more to a score.
pub const TROOPS_CAP: u16 = 99;

/// The four directions, in the order candidates are taken.
const DIRECTIONS: [Command; 4] = [Command::W, Command::A, Command::S, Command::D];

/// Which colours the machine plays: switch `SW[0]` Red, `SW[1]` Blue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    /// The machine plays Red.
    pub red: bool,
    /// The machine plays Blue.
    pub blue: bool,
}

impl Seats {
    /// Nobody: two people, as in the course design.
    pub const PEOPLE: Seats = Seats {
        red: false,
        blue: false,
    };

    /// From the switch bits: bit 0 Red, bit 1 Blue.
    pub fn from_switches(sw: u8) -> Seats {
        Seats {
            red: sw & 1 != 0,
            blue: sw & 2 != 0,
        }
    }

    /// The switch bits.
    pub fn switches(self) -> u8 {
        u8::from(self.red) | u8::from(self.blue) << 1
    }

    /// Whether the machine plays `p`.
    pub fn plays(self, p: Player) -> bool {
        match p {
            Player::Red => self.red,
            Player::Blue => self.blue,
        }
    }
}

/// The move the machine chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The source cell (own, at least 2 troops).
    pub src: Pos,
    /// The direction of the move.
    pub dir: Command,
    /// The target cell.
    pub target: Pos,
    /// Its score.
    pub score: u16,
}

/// `|ax − bx| + |ay − by|`.
pub fn dist(a: Pos, b: Pos) -> u16 {
    u16::from(a.x.abs_diff(b.x)) + u16::from(a.y.abs_diff(b.y))
}

/// The cell of `p`'s opponent's capital, while it has one.
pub fn enemy_capital(g: &GameState, p: Player) -> Option<Pos> {
    let e = p.other().owner();
    (0..CELLS)
        .map(Pos::from_index)
        .find(|&c| g.cell(c).kind == Kind::Capital && g.cell(c).owner == e)
}

/// The score of moving everything but one troop from `s` to its neighbour
/// `t`, for player `p` whose enemy's capital is at `cap` (docs/rules.md §11).
pub fn score(g: &GameState, p: Player, cap: Pos, s: Pos, t: Pos) -> u16 {
    let k = g.cell(s).troops - 1;
    let target = g.cell(t);
    if t == cap && k > target.troops {
        SCORE_WIN
    } else if target.owner != p.owner() && k > target.troops {
        let tower = if target.kind == Kind::Tower {
            BONUS_TOWER
        } else {
            0
        };
        let enemy = if target.owner == p.other().owner() {
            BONUS_ENEMY
        } else {
            0
        };
        SCORE_CAPTURE + tower + enemy + DIST_WEIGHT * (DIST_MAX - dist(t, cap))
    } else if target.owner == p.owner() {
        // Neighbours differ by one step: this is 9 900 … 10 199.
        SCORE_TRANSFER + DIST_WEIGHT * dist(s, cap) + k.min(TROOPS_CAP) - DIST_WEIGHT * dist(t, cap)
    } else {
        SCORE_ATTACK + k.min(TROOPS_CAP)
    }
}

/// The move `p` makes (docs/rules.md §11): the best-scoring candidate, the earlier
/// one on a tie. `None` when `p` has no candidate or no enemy capital.
pub fn choose(g: &GameState, p: Player) -> Option<Choice> {
    let cap = enemy_capital(g, p)?;
    let mut best: Option<Choice> = None;
    for s in (0..CELLS).map(Pos::from_index) {
        let c = g.cell(s);
        if c.owner != p.owner() || c.troops < MOVE_MIN_TROOPS {
            continue;
        }
        for dir in DIRECTIONS {
            let Some(t) = s.step(dir) else { continue };
            if g.cell(t).kind == Kind::Mountain {
                continue;
            }
            let score = score(g, p, cap, s, t);
            if best.is_none_or(|b| score > b.score) {
                best = Some(Choice {
                    src: s,
                    dir,
                    target: t,
                    score,
                });
            }
        }
    }
    best
}

/// The commands that carry out `choice` from `p`'s cursor: `W`/`S` until the
/// row matches, then `A`/`D` until the column matches, `Space`, the direction.
pub fn commands(g: &GameState, p: Player, choice: &Choice) -> Vec<Command> {
    let from = g.cursor(p);
    let to = choice.src;
    let rows = if from.y > to.y {
        Command::W
    } else {
        Command::S
    };
    let cols = if from.x > to.x {
        Command::A
    } else {
        Command::D
    };
    let mut out = Vec::new();
    out.extend(std::iter::repeat_n(
        rows,
        usize::from(from.y.abs_diff(to.y)),
    ));
    out.extend(std::iter::repeat_n(
        cols,
        usize::from(from.x.abs_diff(to.x)),
    ));
    out.push(Command::Space);
    out.push(choice.dir);
    out
}

/// The whole turn of the machine playing `p`: its choice and the commands.
pub fn turn(g: &GameState, p: Player) -> Option<(Choice, Vec<Command>)> {
    let choice = choose(g, p)?;
    Some((choice, commands(g, p, &choice)))
}

/// How a played-out game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner, or `None` when the round limit came first.
    pub winner: Option<Player>,
    /// The round the game ended in.
    pub rounds: u16,
    /// Commands applied.
    pub commands: u64,
}

/// Plays `g` out: each turn `mover` gives the current player's commands,
/// which are applied one by one until the turn passes or the game ends.
/// Stops at GAME_OVER or once the round exceeds `max_rounds`; a mover that
/// gives no command also ends the game (as undecided).
pub fn play_out(
    mut g: GameState,
    max_rounds: u16,
    mut mover: impl FnMut(&GameState) -> Vec<Command>,
) -> GameEnd {
    let mut commands = 0;
    while g.phase == crate::Phase::Playing && g.round <= max_rounds {
        let (p, round) = (g.player, g.round);
        let cmds = mover(&g);
        if cmds.is_empty() {
            break;
        }
        for c in cmds {
            g.apply(c);
            commands += 1;
            if g.phase != crate::Phase::Playing || g.player != p || g.round != round {
                break;
            }
        }
    }
    GameEnd {
        winner: g.winner,
        rounds: g.round,
        commands,
    }
}

/// A random mover (for the machine's statistics): a uniformly drawn move
/// among the candidates of docs/rules.md §11, all troops but one, typed as the
/// machine types.
pub fn random_turn(g: &GameState, rng: &mut impl rand::Rng) -> Vec<Command> {
    let p = g.player;
    let mut cands = Vec::new();
    for s in (0..CELLS).map(Pos::from_index) {
        let c = g.cell(s);
        if c.owner != p.owner() || c.troops < MOVE_MIN_TROOPS {
            continue;
        }
        for dir in DIRECTIONS {
            if let Some(t) = s.step(dir).filter(|&t| g.cell(t).kind != Kind::Mountain) {
                cands.push(Choice {
                    src: s,
                    dir,
                    target: t,
                    score: 0,
                });
            }
        }
    }
    if cands.is_empty() {
        return Vec::new();
    }
    let pick = cands[rng.gen_range(0..cands.len())];
    commands(g, p, &pick)
}

/// Round limit of the statistics' games: far beyond any game that ends.
pub const STATS_ROUND_LIMIT: u16 = 5_000;

/// The machine against itself on every map of `maps` (map `m` started as
/// START with draw value `m` would), one game each.
pub fn machine_vs_machine(maps: &[generals_maps::Map]) -> Vec<GameEnd> {
    (0..maps.len())
        .map(|m| {
            let g = start(maps, m);
            play_out(g, STATS_ROUND_LIMIT, |g| {
                turn(g, g.player).map(|t| t.1).unwrap_or_default()
            })
        })
        .collect()
}

/// The machine playing `machine` against the random mover on every map;
/// map `m`'s game draws from `seed + m`.
pub fn machine_vs_random(maps: &[generals_maps::Map], machine: Player, seed: u64) -> Vec<GameEnd> {
    use rand::SeedableRng;
    (0..maps.len())
        .map(|m| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed.wrapping_add(m as u64));
            play_out(start(maps, m), STATS_ROUND_LIMIT, |g| {
                if g.player == machine {
                    turn(g, g.player).map(|t| t.1).unwrap_or_default()
                } else {
                    random_turn(g, &mut rng)
                }
            })
        })
        .collect()
}

fn start(maps: &[generals_maps::Map], m: usize) -> GameState {
    let index = u8::try_from(m).unwrap_or(u8::MAX);
    let mut g = GameState::new();
    // The committed maps always load; a map that does not stays IDLE and
    // plays out as an undecided game of round 0.
    let _ = g.start(index, maps);
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Cell, Mode, Owner, Phase};

    const RED: Owner = Owner::Red;
    const BLUE: Owner = Owner::Blue;
    const NPC: Owner = Owner::Npc;

    /// An empty board in PLAYING, Red to move, with Blue's capital at
    /// (8, 8) holding 50 and Red's at (1, 1) holding 1 (no move from it).
    fn board() -> GameState {
        let mut g = GameState::new();
        g.phase = Phase::Playing;
        g.player = Player::Red;
        g.first = Player::Red;
        g.round = 1;
        g.mode = Mode::Select;
        set(&mut g, 8, 8, BLUE, Kind::Capital, 50);
        set(&mut g, 1, 1, RED, Kind::Capital, 1);
        g.cursor_red = Pos::new(1, 1);
        g.cursor_blue = Pos::new(8, 8);
        g
    }

    fn set(g: &mut GameState, x: u8, y: u8, owner: Owner, kind: Kind, troops: u16) {
        g.cells[Pos::new(x, y).index()] = Cell::new(owner, kind, troops);
    }

    fn pick(g: &GameState) -> (Pos, Command, u16) {
        let c = choose(g, Player::Red).expect("a candidate");
        (c.src, c.dir, c.score)
    }

    #[test]
    fn each_score_class_beats_the_lower_ones() {
        // Red's 10 at (4, 4): W (4, 3) empty land, A (3, 4) own land (1
        // troop: no move from it), S (4, 5) Blue land holding 20, D (5, 4) a
        // mountain.
        let mut g = board();
        set(&mut g, 4, 4, RED, Kind::Land, 10);
        set(&mut g, 3, 4, RED, Kind::Land, 1);
        set(&mut g, 4, 5, BLUE, Kind::Land, 20);
        set(&mut g, 5, 4, NPC, Kind::Mountain, 0);
        // Capture of NPC land 9 steps from the capital: 20 000 + 100 * 9.
        assert_eq!(pick(&g), (Pos::new(4, 4), Command::W, 20_900));
        // Without it: the transfer from (4, 4) to (3, 4), one step further
        // from the capital: 10 000 - 100 + 9, beats the attack (1 009).
        set(&mut g, 4, 3, NPC, Kind::Mountain, 0);
        assert_eq!(pick(&g), (Pos::new(4, 4), Command::A, 9_909));
        // Without both: the attack on Blue's 20.
        set(&mut g, 3, 4, NPC, Kind::Mountain, 0);
        assert_eq!(pick(&g), (Pos::new(4, 4), Command::S, 1_009));
        // Blue's 20 down to 8: a capture of an enemy cell 7 steps from the
        // capital: 20 000 + 2 000 + 100 * 11.
        set(&mut g, 4, 5, BLUE, Kind::Land, 8);
        assert_eq!(pick(&g), (Pos::new(4, 4), Command::S, 23_100));
        // A tower within reach elsewhere, 13 steps away, scores more:
        // 20 000 + 4 000 + 100 * 5.
        set(&mut g, 1, 2, NPC, Kind::Tower, 0);
        set(&mut g, 1, 1, RED, Kind::Capital, 3);
        assert_eq!(pick(&g), (Pos::new(1, 1), Command::S, 24_500));
        // The capital within reach wins over everything: 51 moved onto 50.
        set(&mut g, 8, 7, RED, Kind::Land, 52);
        assert_eq!(pick(&g), (Pos::new(8, 7), Command::S, SCORE_WIN));
        // Not with only as many troops as the capital holds (50 onto 50):
        // that move is an attack, and the tower comes first again.
        set(&mut g, 8, 7, RED, Kind::Land, 51);
        assert_eq!(pick(&g), (Pos::new(1, 1), Command::S, 24_500));
    }

    #[test]
    fn a_tie_goes_to_the_earlier_candidate() {
        // Two Red cells of 5 whose every neighbour is Blue land with 50:
        // every candidate is an attack of 1 004. The first is (0, 0) then
        // its first direction on the board and not a mountain, S.
        let mut g = board();
        set(&mut g, 1, 1, NPC, Kind::Land, 0);
        for (x, y) in [(1, 0), (0, 1), (1, 2), (0, 3), (2, 0)] {
            set(&mut g, x, y, BLUE, Kind::Land, 50);
        }
        set(&mut g, 0, 0, RED, Kind::Land, 5);
        set(&mut g, 0, 2, RED, Kind::Land, 5);
        set(&mut g, 1, 1, RED, Kind::Capital, 1);
        assert_eq!(pick(&g), (Pos::new(0, 0), Command::S, 1_004));
        // W is tried before S: with (0, 0) gone, (0, 2) goes up.
        set(&mut g, 0, 0, BLUE, Kind::Land, 50);
        assert_eq!(pick(&g), (Pos::new(0, 2), Command::W, 1_004));
    }

    #[test]
    fn the_cursor_travels_rows_first_then_columns() {
        let mut g = board();
        g.cursor_red = Pos::new(7, 2);
        let c = Choice {
            src: Pos::new(3, 6),
            dir: Command::A,
            target: Pos::new(2, 6),
            score: 0,
        };
        use Command::*;
        assert_eq!(
            commands(&g, Player::Red, &c),
            vec![S, S, S, S, A, A, A, A, Space, A]
        );
        g.cursor_red = Pos::new(0, 9);
        assert_eq!(
            commands(&g, Player::Red, &c),
            vec![W, W, W, D, D, D, Space, A]
        );
        g.cursor_red = Pos::new(3, 6);
        assert_eq!(commands(&g, Player::Red, &c), vec![Space, A]);
    }

    #[test]
    fn typed_commands_make_the_chosen_move() {
        let mut g = board();
        set(&mut g, 4, 4, RED, Kind::Land, 10);
        g.cursor_red = Pos::new(9, 0);
        let (choice, cmds) = turn(&g, Player::Red).expect("a move");
        for c in cmds {
            g.apply(c);
        }
        assert_eq!(g.cell(choice.src).troops, 1);
        assert_eq!(g.cell(choice.target), Cell::new(RED, Kind::Land, 9));
        assert_eq!(g.player, Player::Blue, "the turn passed");
    }

    #[test]
    fn the_machine_takes_a_capital_in_reach() {
        let mut g = board();
        set(&mut g, 7, 8, RED, Kind::Land, 60);
        let end = play_out(g, 10, |g| {
            turn(g, g.player).map(|t| t.1).unwrap_or_default()
        });
        assert_eq!(end.winner, Some(Player::Red));
        assert_eq!(end.rounds, 1);
    }

    #[test]
    fn an_automatic_pass_gives_the_machine_the_next_turn_at_once() {
        // Red (first) moves; Blue's only cell holds 1 troop, so Blue's turn
        // is passed (docs/rules.md §5): the round ends and Red, the machine, is to
        // move again at once. Blue's mover is never asked.
        let mut g = board();
        set(&mut g, 8, 8, BLUE, Kind::Capital, 1);
        set(&mut g, 4, 4, RED, Kind::Land, 30);
        let (_, cmds) = turn(&g, Player::Red).expect("a move");
        for c in cmds {
            g.apply(c);
        }
        assert_eq!((g.player, g.round), (Player::Red, 2), "Blue's turn passed");
        // ... and its next move is there to make.
        assert!(turn(&g, Player::Red).is_some());
    }

    #[test]
    fn seats_follow_the_switches() {
        assert_eq!(Seats::from_switches(0), Seats::PEOPLE);
        let red = Seats::from_switches(1);
        assert!(red.plays(Player::Red) && !red.plays(Player::Blue));
        let both = Seats::from_switches(3);
        assert!(both.plays(Player::Red) && both.plays(Player::Blue));
        assert_eq!(both.switches(), 3);
    }
}
