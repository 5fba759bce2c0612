//! Encodings of the game core's debug port (docs/verification.md): its small numeric
//! fields (the board travels on the board RAM's write port, one 13-bit cell
//! at a time: `Cell::to_bits`).

use crate::game::GameState;
use crate::types::player_code;

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
    /// The scalar fields as the debug port encodes them. In IDLE only
    /// `phase` is meaningful (docs/rules.md §5).
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
