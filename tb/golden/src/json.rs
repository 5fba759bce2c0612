//! The JSON form of a game state (one line, no spaces, fixed key order):
//!
//! ```text
//! {"phase":"idle|playing|game_over","winner":null|"red"|"blue","map":N,
//!  "first":"red|blue","round":R,"player":"red|blue",
//!  "mode":"select|move_all|move_half","cursor":{"red":[x,y],"blue":[x,y]},
//!  "board":[[{"owner":"npc|red|blue","kind":"land|mountain|capital|tower","troops":T},…],…]}
//! ```
//!
//! `board` is 10 rows (y = 0 … 9) of 10 cells (x = 0 … 9). In IDLE, `map`,
//! `first` and `player` are `null`; otherwise they are set.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::GameState;
use crate::types::{Cell, Mode, Phase, Player, Pos, CELLS, MAX_TROOPS, SIZE};

/// Error of [`GameState::from_json`].
#[derive(Debug, Error)]
pub enum JsonError {
    /// Not JSON, or not of the state's shape (a key missing or unknown, a
    /// value of the wrong type or spelling, a board not 10 × 10).
    #[error("state JSON: {0}")]
    Parse(#[from] serde_json::Error),
    /// `map`, `first` or `player` is set in IDLE, or null outside IDLE.
    #[error("state JSON: \"{field}\" must be {} in phase {phase}", if *.null_expected { "null" } else { "set" })]
    Presence {
        /// The key.
        field: &'static str,
        /// The phase's JSON name.
        phase: &'static str,
        /// Whether null was expected.
        null_expected: bool,
    },
    /// `winner` is set outside GAME_OVER or null in GAME_OVER.
    #[error("state JSON: \"winner\" must be set exactly in phase game_over (phase is {phase})")]
    Winner {
        /// The phase's JSON name.
        phase: &'static str,
    },
    /// A cell holds more than 511 troops.
    #[error("state JSON: cell ({x}, {y}) has {troops} troops (at most 511)")]
    Troops {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The count given.
        troops: u16,
    },
    /// A cursor lies off the board.
    #[error("state JSON: {player} cursor [{x}, {y}] is off the board")]
    Cursor {
        /// Whose cursor.
        player: &'static str,
        /// Column given.
        x: u8,
        /// Row given.
        y: u8,
    },
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CursorView {
    red: [u8; 2],
    blue: [u8; 2],
}

/// The serialised form; field order is the JSON key order.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateView {
    phase: Phase,
    winner: Option<Player>,
    map: Option<u8>,
    first: Option<Player>,
    round: u16,
    player: Option<Player>,
    mode: Mode,
    cursor: CursorView,
    board: [[Cell; SIZE as usize]; SIZE as usize],
}

impl GameState {
    /// The JSON form of the state (see the module documentation).
    pub fn to_json(&self) -> String {
        // Serialising plain structs, enums and integers cannot fail.
        serde_json::to_string(&self.view()).unwrap_or_default()
    }

    /// The JSON form as a value, for a document that holds a state.
    pub fn to_json_value(&self) -> serde_json::Value {
        serde_json::to_value(self.view()).unwrap_or_default()
    }

    fn view(&self) -> StateView {
        let idle = self.phase == Phase::Idle;
        let mut board = [[Cell::default(); SIZE as usize]; SIZE as usize];
        for (i, c) in self.cells.iter().enumerate() {
            let p = Pos::from_index(i);
            board[usize::from(p.y)][usize::from(p.x)] = *c;
        }
        StateView {
            phase: self.phase,
            winner: self.winner,
            map: (!idle).then_some(self.map),
            first: (!idle).then_some(self.first),
            round: self.round,
            player: (!idle).then_some(self.player),
            mode: self.mode,
            cursor: CursorView {
                red: [self.cursor_red.x, self.cursor_red.y],
                blue: [self.cursor_blue.x, self.cursor_blue.y],
            },
            board,
        }
    }

    /// Parse the JSON form back. Checks the shape, that `map`, `first` and
    /// `player` are null exactly in IDLE, that `winner` is set exactly in
    /// GAME_OVER, troops ≤ 511 and cursors on the board. In IDLE the null
    /// fields take the blank values of [`GameState::new`].
    pub fn from_json(text: &str) -> Result<GameState, JsonError> {
        let v: StateView = serde_json::from_str(text)?;
        let idle = v.phase == Phase::Idle;
        let phase = v.phase.name();
        let blank = GameState::new();
        let map = present("map", phase, idle, v.map)?.unwrap_or(blank.map);
        let first = present("first", phase, idle, v.first)?.unwrap_or(blank.first);
        let player = present("player", phase, idle, v.player)?.unwrap_or(blank.player);
        if v.winner.is_some() != (v.phase == Phase::GameOver) {
            return Err(JsonError::Winner { phase });
        }
        let mut cells = [Cell::default(); CELLS];
        for (y, row) in v.board.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                if c.troops > MAX_TROOPS {
                    return Err(JsonError::Troops {
                        x,
                        y,
                        troops: c.troops,
                    });
                }
                cells[y * usize::from(SIZE) + x] = *c;
            }
        }
        let cursor = |player: &'static str, [x, y]: [u8; 2]| {
            let p = Pos::new(x, y);
            if p.on_board() {
                Ok(p)
            } else {
                Err(JsonError::Cursor { player, x, y })
            }
        };
        Ok(GameState {
            phase: v.phase,
            winner: v.winner,
            map,
            first,
            player,
            mode: v.mode,
            cursor_red: cursor("red", v.cursor.red)?,
            cursor_blue: cursor("blue", v.cursor.blue)?,
            round: v.round,
            cells,
        })
    }
}

/// Check that `value` is null exactly in IDLE.
fn present<T>(
    field: &'static str,
    phase: &'static str,
    idle: bool,
    value: Option<T>,
) -> Result<Option<T>, JsonError> {
    if value.is_some() == idle {
        Err(JsonError::Presence {
            field,
            phase,
            null_expected: idle,
        })
    } else {
        Ok(value)
    }
}
