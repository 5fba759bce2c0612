//! The reset and START paths, cycle by cycle: the documented behaviour of
//! the core's button synchroniser/debouncer and power-on reset, so that a
//! scoreboard knows when reset is held and when START is recognised.
//!
//! The debouncer (docs/rules.md §3, `rtl/button.v`): the key is synchronised by two
//! flip-flops; its debounced level follows the synchronised level once that
//! has differed from it for `DEBOUNCE_CYCLES` cycles in a row; a press is
//! recognised in the cycle the debounced level becomes "pressed". The core's
//! reset is registered and powers up asserted: held until the power-on reset
//! (`por_cycles`) ends, and while the debounced RESET is pressed. Both lengths are parameters of the
//! RTL; the bench reads them back from the Verilated model.

/// One debounced button.
#[derive(Clone, Debug)]
pub struct DebounceModel {
    length: u32,
    sync: [bool; 2],
    count: u32,
    pressed: bool,
    press: bool,
}

impl DebounceModel {
    /// At power-up: flip-flops at 0 (which reads as a low, pressed, pin).
    pub fn new(length: u32) -> Self {
        Self {
            length,
            sync: [false, false],
            count: 0,
            pressed: false,
            press: false,
        }
    }

    /// One clock edge with the pin level `key_n` before it.
    #[inline]
    pub fn step(&mut self, key_n: bool) {
        let raw_pressed = !self.sync[1];
        let flip = raw_pressed != self.pressed && self.count == self.length - 1;
        self.count = if raw_pressed == self.pressed || flip {
            0
        } else {
            self.count + 1
        };
        if flip {
            self.pressed = raw_pressed;
        }
        self.press = flip && raw_pressed;
        self.sync = [key_n, self.sync[0]];
    }

    /// Whether an edge with the pin at `key_n` changes nothing: the
    /// synchroniser holds `key_n`, the debounced level agrees with it, no
    /// count runs and no press was recognised at the last edge.
    pub fn settled(&self, key_n: bool) -> bool {
        self.sync == [key_n, key_n] && self.pressed != key_n && self.count == 0 && !self.press
    }

    /// How many edges with the pin at `key_n` change nothing but the count:
    /// `u64::MAX` when the button is settled ([`DebounceModel::settled`]);
    /// while the synchronised level differs from the debounced one and the
    /// count runs towards the flip, the edges before the one that flips;
    /// 0 otherwise (the synchroniser moving, a press just recognised, a
    /// count about to be cleared).
    pub fn quiet_for(&self, key_n: bool) -> u64 {
        if self.sync != [key_n, key_n] || self.press {
            return 0;
        }
        let raw_pressed = !key_n;
        if raw_pressed == self.pressed {
            return if self.count == 0 { u64::MAX } else { 0 };
        }
        u64::from(self.length - 1 - self.count)
    }

    /// `n` edges with the pin at `key_n`, at most
    /// [`DebounceModel::quiet_for`] of them: the count runs on by `n`.
    pub fn skip(&mut self, key_n: bool, n: u64) {
        debug_assert!(n <= self.quiet_for(key_n), "skipping past a change");
        let raw_pressed = !key_n;
        if raw_pressed != self.pressed {
            self.count += n as u32;
        }
    }

    /// Debounced level after the last edge.
    pub fn pressed(&self) -> bool {
        self.pressed
    }

    /// A press was recognised at the last edge.
    pub fn press(&self) -> bool {
        self.press
    }
}

/// Reset and START of the core.
#[derive(Clone, Debug)]
pub struct ButtonsModel {
    /// The RESET button.
    pub reset: DebounceModel,
    /// The START button.
    pub start: DebounceModel,
    por: u32,
    por_cycles: u32,
    rst: bool,
}

impl ButtonsModel {
    /// At power-up, with `debounce_cycles` of debounce per button and
    /// `por_cycles` of power-on reset.
    pub fn new(debounce_cycles: u32, por_cycles: u32) -> Self {
        Self {
            reset: DebounceModel::new(debounce_cycles),
            start: DebounceModel::new(debounce_cycles),
            por: 0,
            por_cycles,
            rst: true, // the core powers up in reset
        }
    }

    /// One clock edge with the two pin levels before it.
    #[inline]
    pub fn step(&mut self, key_reset_n: bool, key_start_n: bool) {
        let por_busy = self.por < self.por_cycles;
        self.rst = por_busy || self.reset.pressed();
        if por_busy {
            self.por += 1;
        }
        self.reset.step(key_reset_n);
        self.start.step(key_start_n);
    }

    /// Whether edges with the pins at these levels change nothing (so any
    /// number of them may be skipped): the power-on reset is over, the reset
    /// follows the debounced RESET, and both buttons are settled.
    pub fn settled(&self, key_reset_n: bool, key_start_n: bool) -> bool {
        self.por >= self.por_cycles
            && self.rst == self.reset.pressed()
            && self.reset.settled(key_reset_n)
            && self.start.settled(key_start_n)
    }

    /// How many edges with the pins at these levels change nothing but the
    /// buttons' counts ([`DebounceModel::quiet_for`]): `u64::MAX` when
    /// [`ButtonsModel::settled`], 0 while the power-on reset runs or the
    /// reset is about to follow the debounced RESET.
    pub fn quiet_for(&self, key_reset_n: bool, key_start_n: bool) -> u64 {
        if self.por < self.por_cycles || self.rst != self.reset.pressed() {
            return 0;
        }
        self.reset
            .quiet_for(key_reset_n)
            .min(self.start.quiet_for(key_start_n))
    }

    /// `n` edges with the pins at these levels, at most
    /// [`ButtonsModel::quiet_for`] of them.
    pub fn skip(&mut self, key_reset_n: bool, key_start_n: bool, n: u64) {
        self.reset.skip(key_reset_n, n);
        self.start.skip(key_start_n, n);
    }

    /// The core's internal reset after the last edge.
    pub fn rst(&self) -> bool {
        self.rst
    }

    /// START recognised at the last edge.
    pub fn start_press(&self) -> bool {
        self.start.press()
    }
}
