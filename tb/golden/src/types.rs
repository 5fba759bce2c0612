//! The small value types of the game state and their numeric encodings
//! (docs/rules.md §1, §3, §5 and the RTL debug port of §7).

use generals_defs as defs;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use crate::keyboard::Command;

/// Board width and height in cells (docs/rules.md §1; `BOARD_SIDE`, shared with
/// the RTL through `generals_defs`).
pub const SIZE: u8 = defs::BOARD_SIDE as u8;
/// Number of cells on the board.
pub const CELLS: usize = defs::CELLS as usize;
/// Largest troop count a cell can hold; every addition saturates here (docs/rules.md §1).
pub const MAX_TROOPS: u16 = defs::TROOPS_MAX as u16;
/// The fewest troops a cell may move from (docs/rules.md §5).
pub const MOVE_MIN_TROOPS: u16 = defs::TROOPS_MOVE as u16;

/// A player (docs/rules.md §1 owner codes 1 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// Red, code 1.
    Red,
    /// Blue, code 2.
    Blue,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Red => Player::Blue,
            Player::Blue => Player::Red,
        }
    }

    /// Numeric code of the debug port: 1 = red, 2 = blue.
    pub fn code(self) -> u8 {
        match self {
            Player::Red => defs::PL_RED as u8,
            Player::Blue => defs::PL_BLUE as u8,
        }
    }

    /// Lower-case name as in the JSON form: `red` or `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Blue => "blue",
        }
    }

    /// The owner value of this player's cells.
    pub fn owner(self) -> Owner {
        match self {
            Player::Red => Owner::Red,
            Player::Blue => Owner::Blue,
        }
    }
}

/// Code of an optional player (winner, or a player field that is not
/// meaningful): 0 = none, 1 = red, 2 = blue.
pub fn player_code(p: Option<Player>) -> u8 {
    p.map_or(0, Player::code)
}

/// Who owns a cell (docs/rules.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Owner {
    /// Neutral, code 0.
    #[default]
    Npc,
    /// Red, code 1.
    Red,
    /// Blue, code 2.
    Blue,
}

impl Owner {
    /// Numeric code: 0 npc, 1 red, 2 blue.
    pub fn code(self) -> u8 {
        match self {
            Owner::Npc => defs::PL_NONE as u8,
            Owner::Red => defs::PL_RED as u8,
            Owner::Blue => defs::PL_BLUE as u8,
        }
    }

    /// Inverse of [`Owner::code`]; `None` for 3 or more.
    pub fn from_code(code: u8) -> Option<Owner> {
        [Owner::Npc, Owner::Red, Owner::Blue]
            .into_iter()
            .find(|o| o.code() == code)
    }

    /// The player owning the cell, if any.
    pub fn player(self) -> Option<Player> {
        match self {
            Owner::Npc => None,
            Owner::Red => Some(Player::Red),
            Owner::Blue => Some(Player::Blue),
        }
    }

    /// Lower-case name as in the JSON form.
    pub fn name(self) -> &'static str {
        match self {
            Owner::Npc => "npc",
            Owner::Red => "red",
            Owner::Blue => "blue",
        }
    }
}

impl From<Player> for Owner {
    fn from(p: Player) -> Owner {
        p.owner()
    }
}

/// What stands on a cell (docs/rules.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Land (also the empty cell), code 0.
    #[default]
    Land,
    /// Mountain, code 1. Nothing ever moves into a mountain.
    Mountain,
    /// Capital (王城), code 2.
    Capital,
    /// Tower (塔/city), code 3.
    Tower,
}

impl Kind {
    /// Numeric code: 0 land, 1 mountain, 2 capital, 3 tower.
    pub fn code(self) -> u8 {
        (match self {
            Kind::Land => defs::KIND_LAND,
            Kind::Mountain => defs::KIND_MOUNTAIN,
            Kind::Capital => defs::KIND_CAPITAL,
            Kind::Tower => defs::KIND_TOWER,
        }) as u8
    }

    /// Inverse of [`Kind::code`] (only the two low bits are used).
    pub fn from_code(code: u8) -> Kind {
        let code = code & ((1 << defs::KIND_W) - 1);
        [Kind::Land, Kind::Mountain, Kind::Capital]
            .into_iter()
            .find(|k| k.code() == code)
            .unwrap_or(Kind::Tower)
    }

    /// Lower-case name as in the JSON form.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Land => "land",
            Kind::Mountain => "mountain",
            Kind::Capital => "capital",
            Kind::Tower => "tower",
        }
    }
}

/// Game phase (docs/rules.md §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Title screen, code 0.
    #[default]
    Idle,
    /// A game is on, code 1.
    Playing,
    /// A capital was captured, code 2.
    GameOver,
}

impl Phase {
    /// Numeric code: 0 idle, 1 playing, 2 game over.
    pub fn code(self) -> u8 {
        (match self {
            Phase::Idle => defs::PH_IDLE,
            Phase::Playing => defs::PH_PLAYING,
            Phase::GameOver => defs::PH_OVER,
        }) as u8
    }

    /// Name as in the JSON form: `idle`, `playing`, `game_over`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Playing => "playing",
            Phase::GameOver => "game_over",
        }
    }
}

/// Input mode of the current player (docs/rules.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Moving the cursor, code `0b00`.
    #[default]
    Select,
    /// A move sends all troops but one, code `0b10`.
    MoveAll,
    /// A move sends half the troops (rounded down), code `0b11`.
    MoveHalf,
}

impl Mode {
    /// The course design's 2-bit code: `0b00` select, `0b10` all, `0b11` half.
    pub fn code(self) -> u8 {
        (match self {
            Mode::Select => defs::MODE_SELECT,
            Mode::MoveAll => defs::MODE_ALL,
            Mode::MoveHalf => defs::MODE_HALF,
        }) as u8
    }

    /// Name as in the JSON form: `select`, `move_all`, `move_half`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Select => "select",
            Mode::MoveAll => "move_all",
            Mode::MoveHalf => "move_half",
        }
    }
}

/// A cell address: `x` = column 0 (left) … 9, `y` = row 0 (top) … 9 (docs/rules.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Pos {
    /// Column, 0 = left.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Pos {
    /// The cell `(x, y)`.
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Whether the address lies on the board.
    pub fn on_board(self) -> bool {
        self.x < SIZE && self.y < SIZE
    }

    /// Cell index `y * 10 + x` (the debug port's order).
    pub fn index(self) -> usize {
        usize::from(self.y) * usize::from(SIZE) + usize::from(self.x)
    }

    /// The cell at index `i` (`i < 100`).
    pub fn from_index(i: usize) -> Pos {
        let s = usize::from(SIZE);
        // i < 100, so both fit in a u8.
        Pos::new((i % s) as u8, (i / s % s) as u8)
    }

    /// The neighbour in the direction of `cmd`, or `None` if that is off the
    /// board (or `cmd` is not a direction).
    pub fn step(self, cmd: Command) -> Option<Pos> {
        let (dx, dy) = direction(cmd)?;
        let x = self.x.checked_add_signed(dx)?;
        let y = self.y.checked_add_signed(dy)?;
        let p = Pos::new(x, y);
        p.on_board().then_some(p)
    }
}

impl From<(u8, u8)> for Pos {
    fn from((x, y): (u8, u8)) -> Pos {
        Pos::new(x, y)
    }
}

/// Error of [`Cell::from_bits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum CellBitsError {
    /// The owner field holds 3, which names nobody.
    #[error("cell bits {bits:#06x}: owner field is 3 (only 0 npc, 1 red, 2 blue exist)")]
    BadOwner {
        /// The 13-bit value.
        bits: u16,
    },
    /// Bits above bit 12 are set.
    #[error("cell bits {bits:#06x}: bits above bit 12 are set")]
    TooWide {
        /// The value given.
        bits: u16,
    },
}

/// One board cell (docs/rules.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    /// Who owns it.
    pub owner: Owner,
    /// What stands on it.
    pub kind: Kind,
    /// Troops, 0 … 511.
    pub troops: u16,
}

impl Cell {
    /// Width of a cell on the debug port.
    pub const BITS: usize = defs::CELL_W as usize;

    /// A cell from its parts.
    pub const fn new(owner: Owner, kind: Kind, troops: u16) -> Cell {
        Cell {
            owner,
            kind,
            troops,
        }
    }

    /// The 13-bit debug-port value `owner << 11 | kind << 9 | troops`
    /// (troops above 511 are cut to their low 9 bits, which never happens in
    /// a state reached by the rules).
    pub fn to_bits(self) -> u16 {
        u16::from(self.owner.code()) << defs::CELL_OWNER
            | u16::from(self.kind.code()) << defs::CELL_KIND
            | (self.troops & MAX_TROOPS) << defs::CELL_TROOPS
    }

    /// Inverse of [`Cell::to_bits`].
    pub fn from_bits(bits: u16) -> Result<Cell, CellBitsError> {
        if bits >> defs::CELL_W != 0 {
            return Err(CellBitsError::TooWide { bits });
        }
        // bits < 2^13, so the shifted field fits in a u8.
        let owner = Owner::from_code((bits >> defs::CELL_OWNER) as u8)
            .ok_or(CellBitsError::BadOwner { bits })?;
        Ok(Cell {
            owner,
            kind: Kind::from_code((bits >> defs::CELL_KIND) as u8),
            troops: bits >> defs::CELL_TROOPS & MAX_TROOPS,
        })
    }
}

/// `a + b`, saturating at 511 (docs/rules.md §1: every addition saturates).
pub fn sat_add(a: u16, b: u16) -> u16 {
    a.saturating_add(b).min(MAX_TROOPS)
}

/// The step `(dx, dy)` of a direction command (W up, A left, S down, D
/// right; y grows downwards), `None` for Space and Z.
pub fn direction(cmd: Command) -> Option<(i8, i8)> {
    match cmd {
        Command::W => Some((0, -1)),
        Command::A => Some((-1, 0)),
        Command::S => Some((0, 1)),
        Command::D => Some((1, 0)),
        Command::Space | Command::Z => None,
    }
}
