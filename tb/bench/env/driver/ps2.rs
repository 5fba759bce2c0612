//! PS/2 **driver**: turns bytes into the device-to-host waveform on
//! `ps2_clk`/`ps2_dat`, one 50 MHz cycle at a time, with a device clock
//! anywhere in 10–16.7 kHz, jitter, and injectable faults.

use crate::env::dut::KbdParams;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Slowest and fastest device clock a keyboard may use (docs/rules.md §4).
pub const DEVICE_HZ_MIN: u32 = 10_000;
/// See [`DEVICE_HZ_MIN`].
pub const DEVICE_HZ_MAX: u32 = 16_700;
/// A timing's jitter is below this fraction of a half period.
pub const JITTER_MAX: f64 = 0.2;
/// The idle gap between frames, in cycles, that a timing may have.
pub const GAP_CYCLES: std::ops::RangeInclusive<u32> = 500..=5_000;

/// Silence after a truncated frame: well past the receiver's timeout.
pub fn truncate_silence(rx: &KbdParams) -> u32 {
    rx.timeout_cycles * 2
}

/// A fault injected into one frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Fault {
    /// A clean frame.
    None,
    /// The parity bit is inverted: the receiver drops the frame.
    BadParity,
    /// The stop bit is 0: the receiver drops the frame.
    StopZero,
    /// Only the first `bits` bits (1..=10) are sent, then silence past the
    /// timeout: the receiver drops the frame.
    Truncate {
        /// Bits sent, start bit included.
        bits: u8,
    },
    /// [`Fault::Truncate`], with a spike on `ps2_clk` shorter than the filter
    /// early in the silence after the last bit (three filter lengths after
    /// its rising edge): the spike is no edge, so the time-out still runs
    /// from the last real one.
    TruncateGlitch {
        /// Bits sent, start bit included.
        bits: u8,
        /// Spike length in cycles (shorter than the filter).
        len: u32,
    },
    /// A spike on `ps2_clk` shorter than the filter, inside a high phase of
    /// bit `bit` (0..=10): the frame must still arrive intact.
    Glitch {
        /// Bit whose high phase carries the spike.
        bit: u8,
        /// Spike length in cycles (shorter than the filter).
        len: u32,
    },
}

impl Fault {
    /// A random fault: each of the four kinds with probability 1/`one_in`,
    /// otherwise none. Glitches are always shorter than the receiver's filter.
    pub fn random(rng: &mut ChaCha8Rng, one_in: u32, rx: &KbdParams) -> Fault {
        match rng.gen_range(0..one_in.max(5)) {
            0 => Fault::BadParity,
            1 => Fault::StopZero,
            2 => Fault::Truncate {
                bits: rng.gen_range(1..=10),
            },
            3 => Fault::Glitch {
                bit: rng.gen_range(0..=10),
                len: rng.gen_range(1..rx.filter_cycles - 10),
            },
            _ => Fault::None,
        }
    }

    /// Whether the receiver must drop (and count) this frame.
    pub fn drops_frame(self) -> bool {
        matches!(
            self,
            Fault::BadParity
                | Fault::StopZero
                | Fault::Truncate { .. }
                | Fault::TruncateGlitch { .. }
        )
    }
}

/// Timing of the simulated keyboard.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ps2Timing {
    /// Device clock in Hz (10 000 ..= 16 700).
    pub clock_hz: u32,
    /// Largest change of each half period, as a fraction of it (0.0 ..<
    /// [`JITTER_MAX`]).
    pub jitter: f64,
    /// Idle time between frames, in cycles ([`GAP_CYCLES`]).
    pub gap_cycles: u32,
}

impl Default for Ps2Timing {
    fn default() -> Self {
        Self {
            clock_hz: DEVICE_HZ_MAX,
            jitter: 0.05,
            gap_cycles: 2_000,
        }
    }
}

impl Ps2Timing {
    /// A half period of the clock without jitter, in cycles.
    pub fn nominal_half_period(&self) -> u32 {
        (crate::CLOCK_HZ / u64::from(self.clock_hz) / 2) as u32
    }

    /// A random legal timing.
    pub fn random(rng: &mut ChaCha8Rng) -> Self {
        Self {
            clock_hz: rng.gen_range(DEVICE_HZ_MIN..=DEVICE_HZ_MAX),
            jitter: rng.gen_range(0.0..0.15),
            gap_cycles: rng.gen_range(*GAP_CYCLES.start()..*GAP_CYCLES.end()),
        }
    }
}

/// What the driver reports when a frame has left the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SentFrame {
    /// The byte the frame carried.
    pub byte: u8,
    /// The fault injected into it.
    pub fault: Fault,
    /// Cycle at which its last bit's falling edge (or the truncation) happened.
    pub end_cycle: u64,
    /// The first cycle of the clock's high level after the frame's last low
    /// phase: from here the wire is quiet until the next frame, and a frame
    /// cut short is timed out from its last edge, this one.
    pub quiet_from: u64,
}

/// What the wire did in one cycle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WireEvents {
    /// A frame's start bit fell in this cycle.
    pub start: bool,
    /// The frame that ended in this cycle, if any.
    pub sent: Option<SentFrame>,
}

/// One stretch of constant line levels.
#[derive(Clone, Copy, Debug)]
struct Segment {
    cycles: u32,
    clk: bool,
    dat: bool,
    /// The frame ends after this segment's first cycle.
    ends_frame: bool,
    /// The segment's first cycle is the frame's start-bit falling edge.
    starts_frame: bool,
}

/// The PS/2 driver: queue bytes with [`Ps2Driver::send`], then call
/// [`Ps2Driver::tick`] once per cycle and put its levels on the pins.
pub struct Ps2Driver {
    timing: Ps2Timing,
    rx: KbdParams,
    rng: ChaCha8Rng,
    queue: VecDeque<(u8, Fault)>,
    wave: VecDeque<Segment>,
    current: Option<(u8, Fault)>,
    cycle: u64,
    level: (bool, bool),
    /// No frame starts on the wire before this cycle.
    hold_until: u64,
}

impl Ps2Driver {
    /// A driver with the given timing, in front of a receiver built with
    /// `rx` (its filter and timeout shape the glitches and the silences);
    /// `rng` drives the jitter.
    pub fn new(timing: Ps2Timing, rx: KbdParams, rng: ChaCha8Rng) -> Self {
        Self {
            timing,
            rx,
            rng,
            queue: VecDeque::new(),
            wave: VecDeque::new(),
            current: None,
            cycle: 0,
            level: (true, true),
            hold_until: 0,
        }
    }

    /// The timing of the frames not yet started.
    pub fn timing(&self) -> Ps2Timing {
        self.timing
    }

    /// The parameters of the receiver this driver is in front of.
    pub fn rx(&self) -> &KbdParams {
        &self.rx
    }

    /// Queues one frame.
    pub fn send(&mut self, byte: u8, fault: Fault) {
        self.queue.push_back((byte, fault));
    }

    /// Queues clean frames.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.send(b, Fault::None);
        }
    }

    /// Queues a spike on `ps2_clk` while the bus is idle (between frames).
    pub fn send_idle_glitch(&mut self, len: u32) {
        // byte 0 with a marker the waveform builder knows: see `build`.
        self.queue
            .push_back((0, Fault::Glitch { bit: u8::MAX, len }));
    }

    /// Keeps the bus idle for `cycles` before the next frame goes on the wire
    /// (a frame already on it finishes): after a reset the receiver takes a
    /// start bit only once the bus has been idle for a while.
    pub fn hold_off(&mut self, cycles: u32) {
        self.hold_until = self.hold_until.max(self.cycle + u64::from(cycles));
    }

    /// Starts no frame before `cycles` from now, and any queued frame then,
    /// whatever [`Ps2Driver::hold_off`] asked for before: a keyboard that
    /// sends before the receiver has re-armed after a reset, whose frame the
    /// receiver must ignore.
    pub fn hold_exactly(&mut self, cycles: u32) {
        self.hold_until = self.cycle + u64::from(cycles);
    }

    /// Changes the timing for frames not yet started.
    pub fn set_timing(&mut self, timing: Ps2Timing) {
        self.timing = timing;
    }

    /// The line levels `(ps2_clk, ps2_dat)` of the last cycle.
    pub fn level(&self) -> (bool, bool) {
        self.level
    }

    /// True when nothing is queued or on the wire.
    pub fn idle(&self) -> bool {
        self.queue.is_empty() && self.wave.is_empty() && self.current.is_none()
    }

    /// Frames queued or on the wire.
    pub fn pending(&self) -> usize {
        self.queue.len() + usize::from(self.current.is_some())
    }

    /// How many more cycles [`Ps2Driver::tick`] holds the levels it returns
    /// next, with no start bit and no frame end: the rest of a segment, or an
    /// idle line (`u64::MAX` with nothing queued). 0 at an edge.
    pub fn steady_for(&self) -> u64 {
        match self.wave.front() {
            Some(seg) if !seg.starts_frame && !seg.ends_frame => u64::from(seg.cycles - 1),
            Some(_) => 0,
            None if self.queue.is_empty() => u64::MAX,
            None => self.hold_until.saturating_sub(self.cycle),
        }
    }

    /// The levels the next [`Ps2Driver::steady_for`] ticks hold.
    pub fn steady_level(&self) -> (bool, bool) {
        self.wave
            .front()
            .map_or((true, true), |seg| (seg.clk, seg.dat))
    }

    /// `n` ticks at once, `n` at most [`Ps2Driver::steady_for`].
    pub fn skip(&mut self, n: u64) {
        debug_assert!(n <= self.steady_for());
        if n == 0 {
            return;
        }
        self.level = self.steady_level();
        if let Some(seg) = self.wave.front_mut() {
            seg.cycles -= n as u32;
        }
        self.cycle += n;
    }

    /// Advances one cycle. Returns the line levels `(ps2_clk, ps2_dat)` for
    /// this cycle, whether a start bit falls in it, and the frame that ended
    /// in it, if any.
    #[inline]
    pub fn tick(&mut self) -> ((bool, bool), WireEvents) {
        // Most cycles hold a level: inside a segment, or on an idle line.
        let quiet = match self.wave.front_mut() {
            Some(seg) if seg.cycles > 1 && !seg.starts_frame && !seg.ends_frame => {
                seg.cycles -= 1;
                self.level = (seg.clk, seg.dat);
                true
            }
            Some(_) => false,
            None if self.queue.is_empty() || self.cycle < self.hold_until => {
                self.level = (true, true);
                true
            }
            None => false,
        };
        if quiet {
            self.cycle += 1;
            return (
                self.level,
                WireEvents {
                    start: false,
                    sent: None,
                },
            );
        }
        self.tick_edge()
    }

    /// [`Ps2Driver::tick`] where a segment or a frame begins or ends.
    #[inline(never)]
    fn tick_edge(&mut self) -> ((bool, bool), WireEvents) {
        if self.wave.is_empty() && self.cycle >= self.hold_until {
            if let Some((byte, fault)) = self.queue.pop_front() {
                self.build(byte, fault);
                self.current = Some((byte, fault));
            }
        }
        let mut ended = None;
        let mut start = false;
        // Where a frame ends: the cycles until the clock rises after it.
        let low_left = match self.wave.front() {
            Some(seg) if seg.ends_frame => self
                .wave
                .iter()
                .take_while(|s| !s.clk)
                .map(|s| u64::from(s.cycles))
                .sum(),
            _ => 0,
        };
        if let Some(seg) = self.wave.front_mut() {
            self.level = (seg.clk, seg.dat);
            start = std::mem::take(&mut seg.starts_frame);
            if seg.ends_frame {
                seg.ends_frame = false;
                if let Some((byte, fault)) = self.current {
                    if matches!(fault, Fault::Glitch { bit: u8::MAX, .. }) {
                        // Not a frame: no receiver sees it end, so the
                        // coverage model hears of it here.
                        crate::env::coverage::functional::sample(
                            crate::env::coverage::functional::Sample::Ps2Frame {
                                byte,
                                fault: crate::env::coverage::functional::FaultKind::IdleGlitch,
                            },
                        );
                    } else {
                        ended = Some(SentFrame {
                            byte,
                            fault,
                            end_cycle: self.cycle,
                            quiet_from: self.cycle + low_left,
                        });
                    }
                }
            }
            seg.cycles -= 1;
            if seg.cycles == 0 {
                self.wave.pop_front();
                if self.wave.is_empty() {
                    self.current = None;
                }
            }
        } else {
            self.level = (true, true);
        }
        self.cycle += 1;
        (self.level, WireEvents { start, sent: ended })
    }

    fn half_period(&mut self) -> u32 {
        let nominal = crate::CLOCK_HZ as f64 / f64::from(self.timing.clock_hz) / 2.0;
        let j = self.timing.jitter;
        let factor = if j > 0.0 {
            1.0 + self.rng.gen_range(-j..=j)
        } else {
            1.0
        };
        (nominal * factor).round().max(1.0) as u32
    }

    fn push(&mut self, cycles: u32, clk: bool, dat: bool) {
        if cycles > 0 {
            self.wave.push_back(Segment {
                cycles,
                clk,
                dat,
                ends_frame: false,
                starts_frame: false,
            });
        }
    }

    fn mark_end(&mut self) {
        if let Some(last) = self.wave.back_mut() {
            last.ends_frame = true;
        }
    }

    /// Appends the waveform of one frame and the idle gap after it.
    fn build(&mut self, byte: u8, fault: Fault) {
        if let Fault::Glitch { bit: u8::MAX, len } = fault {
            let gap = self.timing.gap_cycles.max(2 * self.rx.filter_cycles);
            self.push(gap / 2, true, true);
            self.push(len, false, true);
            self.push(gap / 2, true, true);
            self.mark_end();
            return;
        }
        let parity = byte.count_ones().is_multiple_of(2); // odd parity over data + parity
        let mut bits = vec![false];
        bits.extend((0..8).map(|i| byte >> i & 1 == 1));
        bits.push(parity ^ (fault == Fault::BadParity));
        bits.push(fault != Fault::StopZero);
        let sent = match fault {
            Fault::Truncate { bits } | Fault::TruncateGlitch { bits, .. } => {
                usize::from(bits.clamp(1, 10))
            }
            _ => bits.len(),
        };
        let mut dat = true;
        for (i, &bit) in bits.iter().take(sent).enumerate() {
            // The device changes data in the middle of the high phase and
            // the host samples it on the falling edge that follows.
            let high = self.half_period();
            let (h1, h2) = (high / 2, high - high / 2);
            match fault {
                Fault::Glitch { bit: g, len }
                    if usize::from(g) == i && h1 > len + 2 * self.rx.filter_cycles =>
                {
                    let before = (h1 - len) / 2;
                    self.push(before, true, dat);
                    self.push(len, false, dat);
                    self.push(h1 - len - before, true, dat);
                }
                _ => self.push(h1, true, dat),
            }
            dat = bit;
            self.push(h2, true, dat);
            let low = self.half_period();
            self.push(1, false, dat);
            if i == 0 {
                if let Some(first) = self.wave.back_mut() {
                    first.starts_frame = true;
                }
            }
            if i + 1 == sent {
                self.mark_end();
            }
            self.push(low - 1, false, dat);
        }
        let tail = if sent < bits.len() {
            truncate_silence(&self.rx)
        } else {
            self.timing.gap_cycles
        };
        let high = self.half_period();
        match fault {
            Fault::TruncateGlitch { len, .. } => {
                // Early in the high phase after the last bit, past the
                // filter's reach of its rising edge: the receiver's idle
                // count is still small (below 1 024) when the spike comes.
                let before = 3 * self.rx.filter_cycles;
                self.push(before, true, dat);
                self.push(len, false, dat);
                self.push(high.saturating_sub(before + len).max(1), true, dat);
            }
            _ => self.push(high, true, dat),
        }
        self.push(tail, true, true);
    }
}
