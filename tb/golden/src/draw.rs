//! The free-running draw counter (抽签器) of GAME.md §3.

/// Number of values the draw counter takes (one per map) (GAME.md §3, decided: modulo 128).
pub const DRAW_MODULUS: u8 = 128;

/// The draw counter: counts `0, 1, …, 127, 0, …`, one step per clock cycle,
/// forced to 0 while reset is held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawCounter {
    value: u8,
}

impl DrawCounter {
    /// A counter at 0 (its value after reset).
    pub fn new() -> DrawCounter {
        DrawCounter { value: 0 }
    }

    /// One clock edge: 0 if reset is held in this cycle, else the next value
    /// modulo 128.
    pub fn tick(&mut self, reset_held: bool) {
        self.value = if reset_held {
            0
        } else {
            (self.value + 1) % DRAW_MODULUS
        };
    }

    /// The current value, 0 … 127.
    pub fn value(&self) -> u8 {
        self.value
    }
}
