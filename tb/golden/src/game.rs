//! The game state and the rules of docs/rules.md §3 and §5.

use generals_maps::{ElementKind, Map};
use thiserror::Error;

use crate::types::{
    sat_add, Cell, Command, Kind, Mode, Owner, Phase, Player, Pos, CELLS, MOVE_MIN_TROOPS,
};

/// Error of loading a map into a game ([`GameState::load`], [`GameState::start`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// The draw value names no map of the list given.
    #[error("map {index} does not exist (only {count} maps given)")]
    NoSuchMap {
        /// The map index asked for.
        index: u8,
        /// How many maps there are.
        count: usize,
    },
    /// An element lies off the 10 × 10 board.
    #[error("map {index}: element at ({x}, {y}) is off the board")]
    OffBoard {
        /// The map index.
        index: u8,
        /// Column of the element.
        x: u8,
        /// Row of the element.
        y: u8,
    },
    /// Two elements on one cell.
    #[error("map {index}: two elements on cell ({x}, {y})")]
    SharedCell {
        /// The map index.
        index: u8,
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// A player's capital is missing or given twice.
    #[error("map {index}: {count} {player} capitals (exactly one needed)")]
    Capitals {
        /// The map index.
        index: u8,
        /// Whose capital.
        player: &'static str,
        /// How many the map has.
        count: usize,
    },
}

/// Details of a move that was made (docs/rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// The player who moved.
    pub player: Player,
    /// Source cell.
    pub from: Pos,
    /// Target cell.
    pub to: Pos,
    /// Troops sent, `k`.
    pub sent: u16,
    /// Whether the target changed owner (to the mover).
    pub captured: bool,
}

/// What a command or a START did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The phase ignores the input (IDLE or GAME_OVER for a command, PLAYING
    /// for START). The state is unchanged.
    Ignored,
    /// In PLAYING, the rules say nothing happens (cursor at the border, Space
    /// on a cell that cannot move, Z in SELECT, a move into a mountain or off
    /// the board). The state is unchanged.
    NoEffect,
    /// A new game was started.
    Started,
    /// The current player's cursor moved one cell.
    CursorMoved,
    /// The mode changed (SELECT → MOVE-ALL, back to SELECT, or the toggle).
    ModeChanged,
    /// A move was made and the turn passed.
    Moved {
        /// The move.
        report: MoveReport,
        /// How many automatic passes followed (docs/rules.md §5, passing step 3).
        passes: u32,
    },
    /// A move captured the opponent's capital: the game is over.
    GameWon(MoveReport),
}

/// The whole architectural state of the game core except the draw counter
/// (which is [`crate::DrawCounter`]).
///
/// Fields are public so that tests can build any position; the rules keep
/// every troop count within 0 … 511. In IDLE only `phase` is meaningful
/// (docs/rules.md §5, decided); [`GameState::new`] and [`GameState::reset`] put
/// every other field in a fixed "blank" value so that states compare simply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// IDLE, PLAYING or GAME_OVER.
    pub phase: Phase,
    /// The winner, set only in GAME_OVER.
    pub winner: Option<Player>,
    /// Map index of the current game (blank value 0 in IDLE).
    pub map: u8,
    /// The player who moves first in each round (blank value Blue in IDLE).
    pub first: Player,
    /// The player whose turn it is (blank value Blue in IDLE).
    pub player: Player,
    /// Input mode of the current player.
    pub mode: Mode,
    /// Red's remembered cursor.
    pub cursor_red: Pos,
    /// Blue's remembered cursor.
    pub cursor_blue: Pos,
    /// Round number, starting at 1, 16-bit wrapping (blank value 0 in IDLE).
    pub round: u16,
    /// The 100 cells, index `y * 10 + x`.
    pub cells: [Cell; CELLS],
}

impl Default for GameState {
    fn default() -> Self {
        GameState::new()
    }
}

impl GameState {
    /// The state after reset: IDLE, everything else blank (NPC land with 0
    /// troops, cursors at (0, 0), round 0, SELECT, map 0, Blue first and current).
    pub fn new() -> GameState {
        GameState {
            phase: Phase::Idle,
            winner: None,
            map: 0,
            first: Player::Blue,
            player: Player::Blue,
            mode: Mode::Select,
            cursor_red: Pos::new(0, 0),
            cursor_blue: Pos::new(0, 0),
            round: 0,
            cells: [Cell::default(); CELLS],
        }
    }

    /// The initial PLAYING state of map `index` (docs/rules.md §3): the map's
    /// elements on NPC land, mountains and towers with 0 troops, capitals
    /// with 2, round 1, SELECT, each cursor on its own capital, the first
    /// player (Red if `index` is odd, Blue if even) to move.
    pub fn load(index: u8, map: &Map) -> Result<GameState, LoadError> {
        let mut g = GameState::new();
        let mut taken = [false; CELLS];
        let mut red = Vec::new();
        let mut blue = Vec::new();
        for e in &map.elements {
            let p = Pos::new(e.x, e.y);
            if !p.on_board() {
                return Err(LoadError::OffBoard {
                    index,
                    x: e.x,
                    y: e.y,
                });
            }
            if std::mem::replace(&mut taken[p.index()], true) {
                return Err(LoadError::SharedCell {
                    index,
                    x: e.x,
                    y: e.y,
                });
            }
            g.cells[p.index()] = match e.kind {
                ElementKind::Mountain => Cell::new(Owner::Npc, Kind::Mountain, 0),
                ElementKind::Tower => Cell::new(Owner::Npc, Kind::Tower, 0),
                ElementKind::RedCapital => {
                    red.push(p);
                    Cell::new(Owner::Red, Kind::Capital, 2)
                }
                ElementKind::BlueCapital => {
                    blue.push(p);
                    Cell::new(Owner::Blue, Kind::Capital, 2)
                }
            };
        }
        for (player, caps) in [("red", &red), ("blue", &blue)] {
            if caps.len() != 1 {
                return Err(LoadError::Capitals {
                    index,
                    player,
                    count: caps.len(),
                });
            }
        }
        let first = if index % 2 == 1 {
            Player::Red
        } else {
            Player::Blue
        };
        g.phase = Phase::Playing;
        g.map = index;
        g.first = first;
        g.player = first;
        g.round = 1;
        g.cursor_red = red[0];
        g.cursor_blue = blue[0];
        Ok(g)
    }

    /// RESET: back to IDLE from anywhere (docs/rules.md §3), with the blank state of
    /// [`GameState::new`].
    pub fn reset(&mut self) {
        *self = GameState::new();
    }

    /// START with draw-counter value `draw_value` (docs/rules.md §3). In IDLE or
    /// GAME_OVER a new game on map `draw_value` begins ([`GameState::load`]);
    /// in PLAYING it is ignored (and `maps` is not looked at).
    pub fn start(&mut self, draw_value: u8, maps: &[Map]) -> Result<Outcome, LoadError> {
        if self.phase == Phase::Playing {
            return Ok(Outcome::Ignored);
        }
        let map = maps
            .get(usize::from(draw_value))
            .ok_or(LoadError::NoSuchMap {
                index: draw_value,
                count: maps.len(),
            })?;
        *self = GameState::load(draw_value, map)?;
        Ok(Outcome::Started)
    }

    /// The cell at `p` (which must be on the board).
    pub fn cell(&self, p: Pos) -> Cell {
        self.cells[p.index()]
    }

    /// The cell at `p`, mutable (for building positions in tests).
    pub fn cell_mut(&mut self, p: Pos) -> &mut Cell {
        &mut self.cells[p.index()]
    }

    /// `player`'s remembered cursor.
    pub fn cursor(&self, player: Player) -> Pos {
        match player {
            Player::Red => self.cursor_red,
            Player::Blue => self.cursor_blue,
        }
    }

    /// `player`'s remembered cursor, mutable.
    pub fn cursor_mut(&mut self, player: Player) -> &mut Pos {
        match player {
            Player::Red => &mut self.cursor_red,
            Player::Blue => &mut self.cursor_blue,
        }
    }

    /// The steps the current player's cursor can take in move mode (docs/rules.md
    /// §5): each direction key whose neighbour is on the board and not a
    /// mountain, with that neighbour. The one home of "a legal target"; the
    /// bench's greedy player asks here.
    pub fn legal_steps(&self) -> impl Iterator<Item = (Command, Pos)> + '_ {
        let cur = self.cursor(self.player);
        [Command::W, Command::A, Command::S, Command::D]
            .into_iter()
            .filter_map(move |c| cur.step(c).map(|p| (c, p)))
            .filter(|&(_, p)| self.cell(p).kind != Kind::Mountain)
    }

    /// Whether `player` owns a cell with at least 2 troops (i.e. has a move).
    pub fn can_move(&self, player: Player) -> bool {
        self.cells
            .iter()
            .any(|c| c.owner == player.owner() && c.troops >= MOVE_MIN_TROOPS)
    }

    /// Sum of the troops on `owner`'s cells.
    pub fn total_troops(&self, owner: Owner) -> u32 {
        self.cells
            .iter()
            .filter(|c| c.owner == owner)
            .map(|c| u32::from(c.troops))
            .sum()
    }

    /// Number of cells `owner` holds.
    pub fn cell_count(&self, owner: Owner) -> usize {
        self.cells.iter().filter(|c| c.owner == owner).count()
    }

    /// Apply one keyboard command (docs/rules.md §5). Outside PLAYING every command
    /// is ignored.
    pub fn apply(&mut self, cmd: Command) -> Outcome {
        if self.phase != Phase::Playing {
            return Outcome::Ignored;
        }
        match (self.mode, cmd) {
            (Mode::Select, Command::Space) => {
                let c = self.cell(self.cursor(self.player));
                if c.owner == self.player.owner() && c.troops >= MOVE_MIN_TROOPS {
                    self.mode = Mode::MoveAll;
                    Outcome::ModeChanged
                } else {
                    Outcome::NoEffect
                }
            }
            (Mode::Select, Command::Z) => Outcome::NoEffect,
            (Mode::Select, dir) => {
                let cur = self.cursor_mut(self.player);
                match cur.step(dir) {
                    Some(next) => {
                        *cur = next;
                        Outcome::CursorMoved
                    }
                    None => Outcome::NoEffect,
                }
            }
            (_, Command::Space) => {
                self.mode = Mode::Select;
                Outcome::ModeChanged
            }
            (Mode::MoveAll, Command::Z) => {
                self.mode = Mode::MoveHalf;
                Outcome::ModeChanged
            }
            (Mode::MoveHalf, Command::Z) => {
                self.mode = Mode::MoveAll;
                Outcome::ModeChanged
            }
            (mode, dir) => self.try_move(mode, dir),
        }
    }

    /// A direction pressed in MOVE-ALL or MOVE-HALF.
    fn try_move(&mut self, mode: Mode, dir: Command) -> Outcome {
        let p = self.player;
        let from = self.cursor(p);
        let Some(to) = from.step(dir) else {
            return Outcome::NoEffect; // off the board
        };
        let mut t = self.cell(to);
        if t.kind == Kind::Mountain {
            return Outcome::NoEffect;
        }
        let mut s = self.cell(from);
        if s.owner != p.owner() || s.troops < MOVE_MIN_TROOPS {
            // Unreachable by the rules: move mode is entered only on an own
            // cell with ≥ 2 troops and neither changes while in move mode.
            return Outcome::NoEffect;
        }
        let k = if mode == Mode::MoveHalf {
            s.troops / 2
        } else {
            s.troops - 1
        };
        s.troops -= k;
        let was_enemy_capital = t.kind == Kind::Capital && t.owner == p.other().owner();
        let mut captured = false;
        if t.owner == p.owner() {
            t.troops = sat_add(t.troops, k);
        } else if k > t.troops {
            t.owner = p.owner();
            t.troops = k - t.troops;
            captured = true;
        } else {
            t.troops -= k;
        }
        self.cells[from.index()] = s;
        self.cells[to.index()] = t;
        if t.owner == p.owner() {
            *self.cursor_mut(p) = to;
        }
        self.mode = Mode::Select;
        let report = MoveReport {
            player: p,
            from,
            to,
            sent: k,
            captured,
        };
        if was_enemy_capital && captured {
            self.phase = Phase::GameOver;
            self.winner = Some(p);
            return Outcome::GameWon(report);
        }
        let passes = self.pass_turn();
        Outcome::Moved { report, passes }
    }

    /// Pass the turn after the current player moved, with the automatic
    /// passes (docs/rules.md §5, "Passing the turn"). Returns the number of
    /// automatic passes.
    fn pass_turn(&mut self) -> u32 {
        let mut passes = 0;
        loop {
            if self.player != self.first {
                self.end_round();
            }
            self.player = self.player.other();
            self.mode = Mode::Select;
            if self.can_move(self.player) {
                return passes;
            }
            // The rules guarantee an end (capitals grow every round); a
            // hand-built board where no player owns any cell would not, so
            // stop there rather than loop for ever.
            if self.cell_count(Owner::Red) + self.cell_count(Owner::Blue) == 0 {
                return passes;
            }
            passes += 1;
        }
    }

    /// End of round: growth, then `round += 1` (docs/rules.md §5, passing step 1).
    fn end_round(&mut self) {
        // Divisible by 16: the low four bits are 0.
        let land_grows = self.round & 0xF == 0;
        for c in self.cells.iter_mut() {
            let grows = match c.kind {
                Kind::Capital | Kind::Tower => true,
                Kind::Land => land_grows,
                Kind::Mountain => false,
            };
            if c.owner != Owner::Npc && grows {
                c.troops = sat_add(c.troops, 1);
            }
        }
        self.round = self.round.wrapping_add(1);
    }
}
