//! The free-running draw counter (抽签器) of docs/rules.md §3.

/// Number of values the draw counter takes (one per map) (docs/rules.md §3, decided: modulo 128).
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

    /// `n` clock edges without reset.
    pub fn advance(&mut self, n: u64) {
        self.value = ((u64::from(self.value) + n) % u64::from(DRAW_MODULUS)) as u8;
    }

    /// The current value, 0 … 127.
    pub fn value(&self) -> u8 {
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advance_is_that_many_ticks() {
        for start in [0u64, 5, 127] {
            for n in [0u64, 1, 122, 123, 128, 300] {
                let (mut ticked, mut advanced) = (DrawCounter::new(), DrawCounter::new());
                advanced.advance(start);
                (0..start).for_each(|_| ticked.tick(false));
                assert_eq!(advanced, ticked, "start {start}");
                (0..n).for_each(|_| ticked.tick(false));
                advanced.advance(n);
                assert_eq!(advanced, ticked, "{start} + {n}");
            }
        }
    }
}
