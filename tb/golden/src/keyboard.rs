//! Golden PS/2 keyboard decoder (docs/rules.md §4): scan code set 2 bytes in, game
//! commands out. Written from the spec, independent of the RTL.

/// Scan code prefix of the extended keys (the arrows).
pub const PREFIX_EXTENDED: u8 = 0xE0;
/// Scan code prefix of a key release.
pub const PREFIX_BREAK: u8 = 0xF0;

/// A game command, with the course design's 3-bit code as discriminant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Command {
    /// W or the up arrow: `000`.
    W = 0,
    /// A or the left arrow: `001`.
    A = 1,
    /// S or the down arrow: `010`.
    S = 2,
    /// D or the right arrow: `011`.
    D = 3,
    /// Space: `100`.
    Space = 4,
    /// Z: `101`.
    Z = 5,
}

impl Command {
    /// All six commands in code order.
    pub const ALL: [Command; 6] = [
        Command::W,
        Command::A,
        Command::S,
        Command::D,
        Command::Space,
        Command::Z,
    ];

    /// The 3-bit command code.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The command with this 3-bit code, if any (6 and 7 are not commands).
    pub fn from_code(code: u8) -> Option<Command> {
        Command::ALL.get(usize::from(code)).copied()
    }

    /// The make code of the plain key (W A S D Space Z).
    pub fn make_code(self) -> u8 {
        match self {
            Command::W => 0x1D,
            Command::A => 0x1C,
            Command::S => 0x1B,
            Command::D => 0x23,
            Command::Space => 0x29,
            Command::Z => 0x1A,
        }
    }

    /// The code that follows `E0` for the arrow acting as this command.
    pub fn arrow_code(self) -> Option<u8> {
        match self {
            Command::W => Some(0x75),
            Command::A => Some(0x6B),
            Command::S => Some(0x72),
            Command::D => Some(0x74),
            Command::Space | Command::Z => None,
        }
    }
}

/// Byte-by-byte decoder: remembers whether an `E0` and/or an `F0` came
/// before the current byte. Any byte other than a prefix ends the sequence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decoder {
    extended: bool,
    release: bool,
}

impl Decoder {
    /// A decoder at the start of a sequence.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets any prefix seen (the keyboard front end's reset).
    pub fn reset(&mut self) {
        *self = Self::default();
    }

    /// Feeds one correctly received byte; returns the command it completes.
    pub fn push(&mut self, byte: u8) -> Option<Command> {
        match byte {
            PREFIX_EXTENDED => {
                self.extended = true;
                None
            }
            PREFIX_BREAK => {
                self.release = true;
                None
            }
            code => {
                let (extended, release) = (self.extended, self.release);
                self.reset();
                if release {
                    return None;
                }
                Command::ALL.into_iter().find(|c| {
                    if extended {
                        c.arrow_code() == Some(code)
                    } else {
                        c.make_code() == code
                    }
                })
            }
        }
    }
}

/// The keyboard's command FIFO (docs/rules.md §4): commands in order; a command
/// decoded while it is full is dropped and counted, never stored. Generic so
/// that a scoreboard can keep its own data (when the bytes ended) with each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandFifo<T> {
    depth: usize,
    items: std::collections::VecDeque<T>,
    /// Commands dropped because the FIFO was full (16-bit saturating in the RTL).
    pub overflows: u64,
}

impl<T> CommandFifo<T> {
    /// An empty FIFO of `depth` entries.
    pub fn new(depth: usize) -> Self {
        Self {
            depth,
            items: std::collections::VecDeque::with_capacity(depth),
            overflows: 0,
        }
    }

    /// Stores `item`, or drops and counts it when the FIFO is full.
    pub fn push(&mut self, item: T) {
        if self.items.len() < self.depth {
            self.items.push_back(item);
        } else {
            self.overflows += 1;
        }
    }

    /// Takes the oldest entry.
    pub fn pop(&mut self) -> Option<T> {
        self.items.pop_front()
    }

    /// The oldest entry (the RTL's `cmd_o` while `cmd_valid_o`).
    pub fn head(&self) -> Option<&T> {
        self.items.front()
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Empties it and clears the overflow count (the front end's reset).
    pub fn reset(&mut self) {
        self.items.clear();
        self.overflows = 0;
    }
}

/// Whether the receiver takes a frame whose start bit falls now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartVerdict {
    /// Taken: the frame is received (or counted as bad) as usual.
    Taken,
    /// Ignored: it fell in reset or before the receiver re-armed; the frame
    /// yields no byte and no error.
    Ignored,
    /// Within `slack` cycles of the arming time: either may happen.
    Unsure,
}

/// The receiver's re-synchronisation after reset **[decided]** (docs/rules.md §4
/// says a bad frame re-synchronises on the next start bit; a reset in the
/// middle of a frame must not take a later data bit for one): after reset a
/// start bit counts only once `ps2_clk` has stayed high, without an edge, for
/// `arm_cycles`; from then on every start bit counts until the next reset.
/// Fed the `ps2_clk` level as driven, once per cycle.
#[derive(Clone, Debug)]
pub struct RxArming {
    arm: u64,
    slack: u64,
    run: u64,
    armed: bool,
    /// An unsure start bit may have armed the receiver.
    maybe_armed: bool,
    prev_clk: bool,
}

impl RxArming {
    /// A receiver in reset. `slack` covers the receiver's synchroniser and
    /// glitch filter, which shift its view of the line by a few cycles.
    pub fn new(arm_cycles: u32, slack: u32) -> Self {
        Self {
            arm: u64::from(arm_cycles),
            slack: u64::from(slack),
            run: 0,
            armed: false,
            maybe_armed: false,
            prev_clk: true,
        }
    }

    /// One cycle of reset: the receiver disarms and starts counting afresh.
    pub fn reset(&mut self, clk: bool) {
        self.run = 0;
        self.armed = false;
        self.maybe_armed = false;
        self.prev_clk = clk;
    }

    /// `n` cycles out of reset with `ps2_clk` held at `clk`, the level of the
    /// cycle before: the same as `n` calls of [`RxArming::step`] with no edge.
    pub fn hold(&mut self, clk: bool, n: u64) {
        debug_assert_eq!(self.prev_clk, clk, "hold: the line must not change");
        if clk {
            self.run += n;
            if self.run >= self.arm + self.slack {
                self.armed = true;
            }
        } else {
            self.run = 0;
        }
    }

    /// The `ps2_clk` level of the last cycle.
    pub fn clk(&self) -> bool {
        self.prev_clk
    }

    /// True once start bits count.
    pub fn armed(&self) -> bool {
        self.armed
    }

    /// One cycle out of reset with `ps2_clk` at `clk`. Returns the verdict
    /// for a start bit falling in this cycle (meaningful on a falling edge).
    pub fn step(&mut self, clk: bool) -> StartVerdict {
        let fell = self.prev_clk && !clk;
        self.prev_clk = clk;
        let verdict = if self.armed {
            StartVerdict::Taken
        } else if fell && (self.maybe_armed || self.run + self.slack >= self.arm) {
            self.maybe_armed = true;
            StartVerdict::Unsure
        } else {
            StartVerdict::Ignored
        };
        if clk {
            self.run += 1;
            if self.run >= self.arm + self.slack {
                self.armed = true;
            }
        } else {
            self.run = 0;
        }
        verdict
    }
}

/// Decodes a whole byte stream.
pub fn decode(bytes: &[u8]) -> Vec<Command> {
    let mut d = Decoder::new();
    bytes.iter().filter_map(|&b| d.push(b)).collect()
}

/// The bytes a key press and release send: make then break, arrows with `E0`.
pub fn key_bytes(cmd: Command, arrow: bool) -> Vec<u8> {
    let mut bytes = make_bytes(cmd, arrow);
    bytes.extend(break_bytes(cmd, arrow));
    bytes
}

/// The bytes a keyboard sends when the key goes down (an arrow for W A S D
/// when `arrow`; Space and Z have no arrow).
pub fn make_bytes(cmd: Command, arrow: bool) -> Vec<u8> {
    match (arrow, cmd.arrow_code()) {
        (true, Some(a)) => vec![PREFIX_EXTENDED, a],
        _ => vec![cmd.make_code()],
    }
}

/// The bytes a keyboard sends when the key comes up: `F0` before the code.
pub fn break_bytes(cmd: Command, arrow: bool) -> Vec<u8> {
    match (arrow, cmd.arrow_code()) {
        (true, Some(a)) => vec![PREFIX_EXTENDED, PREFIX_BREAK, a],
        _ => vec![PREFIX_BREAK, cmd.make_code()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn falls_after(arming: &mut RxArming, high: u32) -> StartVerdict {
        for _ in 0..high {
            arming.step(true);
        }
        arming.step(false)
    }

    /// Holding the line for `n` cycles at once is `n` steps: each pair of
    /// models meets the same falls afterwards with the same verdicts.
    #[test]
    fn holding_the_line_is_stepping_it() {
        for (clk, n) in [(true, 2_000), (true, 2_990), (true, 5_000), (false, 700)] {
            let (mut a, mut b) = (RxArming::new(3_000, 16), RxArming::new(3_000, 16));
            a.reset(clk);
            b.reset(clk);
            for _ in 0..n {
                a.step(clk);
            }
            b.hold(clk, n);
            assert_eq!(a.armed(), b.armed(), "held {n} at {clk}");
            for high in [10, 1_000, 2_980, 3_100] {
                assert_eq!(falls_after(&mut a, high), falls_after(&mut b, high));
            }
        }
        let mut b = RxArming::new(3_000, 16);
        b.reset(true);
        b.hold(true, 3_016);
        assert!(b.armed(), "held long enough: armed");
    }

    #[test]
    fn a_start_bit_counts_only_after_the_bus_idled_since_reset() {
        let mut a = RxArming::new(3_000, 16);
        a.reset(true);
        // Inside a frame the clock is high for at most a half period.
        assert_eq!(falls_after(&mut a, 2_500), StartVerdict::Ignored);
        assert_eq!(falls_after(&mut a, 2_983), StartVerdict::Ignored);
        assert_eq!(falls_after(&mut a, 2_990), StartVerdict::Unsure);
        assert!(!a.armed());
        // It may have armed: what follows is unsure until a long idle.
        assert_eq!(falls_after(&mut a, 100), StartVerdict::Unsure);
        assert_eq!(falls_after(&mut a, 3_016), StartVerdict::Taken);
        assert!(a.armed());
        // Armed until the next reset, however short the high phases.
        assert_eq!(falls_after(&mut a, 10), StartVerdict::Taken);
        a.reset(false);
        assert!(!a.armed());
        assert_eq!(falls_after(&mut a, 100), StartVerdict::Ignored);
    }

    #[test]
    fn make_codes_from_the_spec() {
        assert_eq!(
            decode(&[0x1D, 0x1C, 0x1B, 0x23, 0x29, 0x1A]),
            Command::ALL.to_vec()
        );
    }

    #[test]
    fn arrows_act_as_wasd() {
        let bytes = [0xE0, 0x75, 0xE0, 0x6B, 0xE0, 0x72, 0xE0, 0x74];
        use Command::*;
        assert_eq!(decode(&bytes), vec![W, A, S, D]);
    }

    #[test]
    fn breaks_keypad_and_other_codes_are_ignored() {
        // F0 1D, E0 F0 75, keypad 75 without E0, E0 then a non-arrow, F1.
        let bytes = [0xF0, 0x1D, 0xE0, 0xF0, 0x75, 0x75, 0x6B, 0xE0, 0x1D, 0x05];
        assert_eq!(decode(&bytes), vec![]);
    }

    #[test]
    fn prefixes_count_in_either_order() {
        // The up arrow's break, its prefixes the other way round; then the
        // arrow's make, E0 after F0 again.
        assert_eq!(decode(&[0xF0, 0xE0, 0x75]), vec![]);
        assert_eq!(decode(&[0xF0, 0xE0, 0x75, 0xE0, 0x75]), vec![Command::W]);
    }

    #[test]
    fn prefix_applies_only_to_the_next_code() {
        assert_eq!(decode(&[0xF0, 0x1D, 0x1D]), vec![Command::W]);
        assert_eq!(decode(&[0xE0, 0x1D, 0x1D]), vec![Command::W]);
    }

    #[test]
    fn key_bytes_round_trip() {
        for c in Command::ALL {
            assert_eq!(decode(&key_bytes(c, false)), vec![c]);
            assert_eq!(decode(&key_bytes(c, true)), vec![c]);
        }
    }

    #[test]
    fn a_full_fifo_drops_and_counts_the_newest_command() {
        let mut f = CommandFifo::new(2);
        for c in [Command::W, Command::A, Command::S, Command::D] {
            f.push(c);
        }
        assert_eq!((f.len(), f.overflows), (2, 2));
        assert_eq!(f.pop(), Some(Command::W));
        f.push(Command::Z);
        assert_eq!(f.pop(), Some(Command::A), "the oldest first");
        assert_eq!(f.pop(), Some(Command::Z));
        assert_eq!(f.pop(), None);
        f.push(Command::Space);
        f.reset();
        assert_eq!((f.is_empty(), f.overflows), (true, 0));
    }
}
