//! Debug-port **monitor**: decodes the core's architectural state (the debug
//! port's scalars and the board RAM's 100 words, docs/verification.md) into a golden
//! [`GameState`], so that it can be compared, printed and saved as JSON.

use crate::env::dut::CoreOut;
use generals_defs as defs;
use generals_golden::{Cell, CellBitsError, GameState, Mode, Phase, Player, Pos, CELLS};

/// A debug-port value that no state has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateDecodeError {
    /// `dbg_phase` is 3.
    #[error("phase code {0}")]
    Phase(u8),
    /// `dbg_player`, `dbg_first` or a non-zero `dbg_winner` is not 1 or 2.
    #[error("{what} code {code}")]
    Player {
        /// Which output.
        what: &'static str,
        /// The value.
        code: u8,
    },
    /// `dbg_mode` is 0b01.
    #[error("mode code {0:02b}")]
    Mode(u8),
    /// A board RAM word is not a cell.
    #[error("cell {index}: {source}")]
    Cell {
        /// Cell index, `y * 10 + x`.
        index: usize,
        /// What is wrong with its bits.
        #[source]
        source: CellBitsError,
    },
}

fn player(what: &'static str, code: u8) -> Result<Player, StateDecodeError> {
    match u32::from(code) {
        defs::PL_RED => Ok(Player::Red),
        defs::PL_BLUE => Ok(Player::Blue),
        _ => Err(StateDecodeError::Player { what, code }),
    }
}

/// The state the debug outputs `out` and the board RAM's words `board` show.
/// In IDLE only the phase is part of the contract: the rest stays blank.
pub fn decode_state(out: &CoreOut, board: &[u16; CELLS]) -> Result<GameState, StateDecodeError> {
    let mut s = GameState::new();
    s.phase = match u32::from(out.phase()) {
        defs::PH_IDLE => return Ok(s),
        defs::PH_PLAYING => Phase::Playing,
        defs::PH_OVER => Phase::GameOver,
        _ => return Err(StateDecodeError::Phase(out.phase())),
    };
    s.winner = match out.winner() {
        c if u32::from(c) == defs::PL_NONE => None,
        c => Some(player("winner", c)?),
    };
    s.player = player("player", out.player())?;
    s.first = player("first player", out.first())?;
    s.mode = match u32::from(out.mode()) {
        defs::MODE_SELECT => Mode::Select,
        defs::MODE_ALL => Mode::MoveAll,
        defs::MODE_HALF => Mode::MoveHalf,
        _ => return Err(StateDecodeError::Mode(out.mode())),
    };
    s.cursor_red = Pos::new(out.cursor_red() >> 4, out.cursor_red() & 0xF);
    s.cursor_blue = Pos::new(out.cursor_blue() >> 4, out.cursor_blue() & 0xF);
    s.round = out.round();
    s.map = out.map();
    for (index, (c, &bits)) in s.cells.iter_mut().zip(board).enumerate() {
        *c = Cell::from_bits(bits).map_err(|source| StateDecodeError::Cell { index, source })?;
    }
    Ok(s)
}
