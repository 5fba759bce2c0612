//! Encodings of the game core's debug port (GAME.md §7): the small numeric
//! fields, and the whole board as one 1300-bit vector (the port itself now
//! carries the board RAM's write port, one 13-bit cell at a time, instead).
//! Plain shifts.

use crate::game::GameState;
use crate::types::{player_code, Cell, CellBitsError, CELLS};

/// Number of 32-bit words holding the 1300-bit board vector.
pub const BOARD_WORDS: usize = (CELLS * Cell::BITS).div_ceil(32);

/// Pack 100 cells into the debug port's board vector: cell `i = y * 10 + x`
/// occupies bits `[13 i, 13 i + 13)`, bit `j` of the vector is bit `j % 32`
/// of word `j / 32`; bits 1300 … 1311 are 0.
pub fn pack_cells(cells: &[Cell; CELLS]) -> [u32; BOARD_WORDS] {
    let mut words = [0u32; BOARD_WORDS];
    for (i, c) in cells.iter().enumerate() {
        let bit = i * Cell::BITS;
        let wide = u64::from(c.to_bits()) << (bit % 32);
        words[bit / 32] |= wide as u32; // low half (truncation intended)
        if bit % 32 + Cell::BITS > 32 {
            words[bit / 32 + 1] |= (wide >> 32) as u32;
        }
    }
    words
}

/// Inverse of [`pack_cells`] (bits 1300 … 1311 are not looked at).
pub fn unpack_cells(words: &[u32; BOARD_WORDS]) -> Result<[Cell; CELLS], CellBitsError> {
    let mut cells = [Cell::default(); CELLS];
    for (i, c) in cells.iter_mut().enumerate() {
        let bit = i * Cell::BITS;
        let lo = u64::from(words[bit / 32]);
        let hi = words.get(bit / 32 + 1).map_or(0, |&w| u64::from(w));
        let wide = (hi << 32 | lo) >> (bit % 32);
        *c = Cell::from_bits((wide & 0x1FFF) as u16)?;
    }
    Ok(cells)
}

/// The scalar fields of the debug port, numerically encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PortScalars {
    /// 0 idle, 1 playing, 2 game over.
    pub phase: u8,
    /// 0 none, 1 red, 2 blue.
    pub winner: u8,
    /// Current player: 1 red, 2 blue.
    pub player: u8,
    /// First player: 1 red, 2 blue.
    pub first: u8,
    /// `0b00` select, `0b10` move-all, `0b11` move-half.
    pub mode: u8,
    /// Map index.
    pub map: u8,
    /// Round number.
    pub round: u16,
    /// Red's cursor `(x, y)`.
    pub cursor_red: (u8, u8),
    /// Blue's cursor `(x, y)`.
    pub cursor_blue: (u8, u8),
}

impl GameState {
    /// The board as the debug port's 1300-bit vector ([`pack_cells`]).
    pub fn pack_board(&self) -> [u32; BOARD_WORDS] {
        pack_cells(&self.cells)
    }

    /// The scalar fields as the debug port encodes them. In IDLE only
    /// `phase` is meaningful (GAME.md §5).
    pub fn port_scalars(&self) -> PortScalars {
        PortScalars {
            phase: self.phase.code(),
            winner: player_code(self.winner),
            player: self.player.code(),
            first: self.first.code(),
            mode: self.mode.code(),
            map: self.map,
            round: self.round,
            cursor_red: (self.cursor_red.x, self.cursor_red.y),
            cursor_blue: (self.cursor_blue.x, self.cursor_blue.y),
        }
    }
}
