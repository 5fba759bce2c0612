//! Keyboard scoreboard: every good byte the driver sent must come out of the
//! receiver, every dropped frame must be counted, and every command the
//! consumer pops must be the next one the golden decoder and FIFO predict.
//! A frame whose start bit fell in reset, or before the receiver re-armed
//! after it ([`RxArming`]), must vanish: no byte, no error.

use super::Mismatch;
use crate::env::coverage::functional::{self as coverage, FaultKind, Sample};
use crate::env::driver::ps2::{truncate_silence, Fault, SentFrame};
use crate::env::dut::KbdParams;
use generals_golden::keyboard::{Command, CommandFifo, Decoder, RxArming, StartVerdict};
use std::collections::VecDeque;

/// Cycles the byte path adds to the glitch filter (synchroniser, shift
/// register, output register) and a margin.
const BYTE_LATENCY_SLACK: u64 = 16;
/// Cycles the synchroniser adds to the glitch filter's delay, and a margin:
/// the receiver sees the line this much later than the pins, and counts its
/// idle time after reset from the reset, when its filtered clock is high.
pub const ARMING_SLACK: u32 = 16;
/// Cycles the synchroniser and the error counter's register add to the
/// glitch filter's delay before a frame cut short is counted, and a margin:
/// the receiver times it out this long after the time-out counted from its
/// last clock edge on the pins (docs/verification.md), not later.
pub const TIMEOUT_SLACK: u64 = 8;

/// Totals of a keyboard run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KbdStats {
    /// Good bytes received and checked.
    pub bytes: u64,
    /// Commands popped and checked.
    pub commands: u64,
    /// Bad frames sent (and counted by the receiver).
    pub errors: u64,
    /// Commands dropped on a full FIFO (predicted and counted).
    pub overflows: u64,
    /// Frames that started in reset or before the receiver re-armed after it
    /// (predicted lost, and lost).
    pub ignored: u64,
}

/// What the RTL showed in one cycle, as the scoreboard needs it.
#[derive(Clone, Copy, Debug, Default)]
pub struct KbdObs {
    /// A byte left the receiver this cycle.
    pub byte: Option<u8>,
    /// The receiver's byte output as it is, its valid high or low: between
    /// valid pulses it holds the last good byte (0 after reset).
    pub port_byte: u8,
    /// The consumer took this command at this cycle's clock edge.
    pub popped: Option<u8>,
    /// FIFO head, if the FIFO is not empty.
    pub head: Option<u8>,
    /// Error counter.
    pub err_count: u64,
    /// Overflow counter.
    pub ovf_count: u64,
}

/// The keyboard scoreboard (see the module doc).
#[derive(Debug)]
pub struct KbdScoreboard {
    /// Cycles from a frame's last falling edge until its byte must be out.
    byte_latency_max: u64,
    /// Cycles after a bad frame ends by which its error must be counted
    /// (a frame cut short: see [`KbdScoreboard::count_window`]).
    error_latency_max: u64,
    /// The glitch filter's length: a frame cut short is timed out from the
    /// filtered clock's last edge, this much after the pins'.
    filter_cycles: u64,
    /// The receiver's time-out: a frame cut short is dropped after this
    /// many cycles of a quiet clock, never sooner.
    timeout_cycles: u64,
    in_flight: VecDeque<SentFrame>,
    bad_frames: VecDeque<SentFrame>,
    /// The receiver's arming after reset, from the driven `ps2_clk`.
    arming: RxArming,
    /// Verdicts of the start bits of frames still on the wire, in order.
    starts: VecDeque<StartVerdict>,
    /// A frame whose fate the bench cannot predict (see `frame_sent`).
    unsure: Option<SentFrame>,
    /// A clean frame in the arming window, with [`KbdScoreboard::unsure_may_vanish`]:
    /// its byte arrives within the latency or never.
    may_vanish: Option<SentFrame>,
    /// A clean frame whose start bit falls in the arming window after a reset
    /// (where the golden arming model cannot tell the cycle the receiver arms
    /// in) may arrive whole or vanish whole, one at a time, instead of being
    /// an error of the bench: for sweeps across the window (tests/kbd.rs).
    /// Anything else (another byte, an error count) is still a mismatch.
    pub unsure_may_vanish: bool,
    decoder: Decoder,
    /// The last good byte out of the receiver (0 after reset), which its
    /// byte output holds until the next.
    held_byte: u8,
    /// The golden FIFO: commands with the cycle their last byte's frame ended.
    fifo: CommandFifo<(Command, u64)>,
    /// A command decoded last cycle, pushed at this cycle's edge.
    pending_push: Option<(Command, u64)>,
    /// Commands accepted, in order, with the cycle they were popped.
    pub popped_log: Vec<(u64, Command)>,
    /// Totals so far.
    pub stats: KbdStats,
}

impl KbdScoreboard {
    /// An empty scoreboard for a front end built with `rx`.
    pub fn new(rx: &KbdParams) -> Self {
        Self {
            byte_latency_max: u64::from(rx.filter_cycles) + BYTE_LATENCY_SLACK,
            error_latency_max: u64::from(truncate_silence(rx)),
            timeout_cycles: u64::from(rx.timeout_cycles),
            filter_cycles: u64::from(rx.filter_cycles),
            in_flight: VecDeque::new(),
            bad_frames: VecDeque::new(),
            arming: RxArming::new(rx.arm_cycles, rx.filter_cycles + ARMING_SLACK),
            starts: VecDeque::new(),
            unsure: None,
            may_vanish: None,
            unsure_may_vanish: false,
            decoder: Decoder::new(),
            held_byte: 0,
            fifo: CommandFifo::new(rx.fifo_depth as usize),
            pending_push: None,
            popped_log: Vec::new(),
            stats: KbdStats::default(),
        }
    }

    /// The wire in this cycle: `clk` as driven, whether a frame's start bit
    /// fell, and whether the receiver is in reset at this cycle's edge.
    pub fn wire(&mut self, clk: bool, start: bool, in_reset: bool) {
        let verdict = if in_reset {
            self.arming.reset(clk);
            StartVerdict::Ignored
        } else {
            self.arming.step(clk)
        };
        if start {
            self.starts.push_back(verdict);
        }
    }

    /// The driver finished a frame.
    pub fn frame_sent(&mut self, frame: SentFrame) {
        match self.starts.pop_front() {
            Some(StartVerdict::Ignored) => {
                self.stats.ignored += 1;
                return;
            }
            Some(StartVerdict::Unsure) => {
                if self.unsure_may_vanish && frame.fault == Fault::None && self.may_vanish.is_none()
                {
                    self.may_vanish = Some(frame);
                } else {
                    self.unsure.get_or_insert(frame);
                }
                return;
            }
            Some(StartVerdict::Taken) | None => {}
        }
        coverage::sample(Sample::Ps2Frame {
            byte: frame.byte,
            fault: match frame.fault {
                Fault::None => FaultKind::None,
                Fault::BadParity => FaultKind::BadParity,
                Fault::StopZero => FaultKind::StopZero,
                Fault::Truncate { .. } | Fault::TruncateGlitch { .. } => FaultKind::Truncated,
                Fault::Glitch { .. } => FaultKind::Glitch,
            },
        });
        if frame.fault.drops_frame() {
            self.bad_frames.push_back(frame);
            self.stats.errors += 1;
        } else {
            self.in_flight.push_back(frame);
        }
    }

    /// The keyboard front end was reset: prefixes, FIFO and counters cleared;
    /// frames on the wire are lost.
    pub fn reset(&mut self) {
        for v in &mut self.starts {
            *v = StartVerdict::Ignored;
        }
        self.decoder.reset();
        self.held_byte = 0;
        self.fifo.reset();
        self.pending_push = None;
        self.bad_frames.clear();
        self.in_flight.clear();
        self.may_vanish = None;
        self.stats.errors = 0;
        self.stats.overflows = 0;
    }

    /// Commands the golden FIFO still holds.
    pub fn queued(&self) -> usize {
        self.fifo.len() + usize::from(self.pending_push.is_some())
    }

    /// True when everything sent has been received and popped.
    pub fn drained(&self) -> bool {
        self.in_flight.is_empty() && self.may_vanish.is_none() && self.queued() == 0
    }

    /// Checks one cycle. `popped` is the command the RTL handed over at this
    /// cycle's edge (the bench raised ready while valid was high).
    /// Returns the command popped, with the cycle its last frame ended.
    #[inline]
    pub fn check(&mut self, cycle: u64, obs: &KbdObs) -> Result<Option<(Command, u64)>, Mismatch> {
        if let Some(f) = self.unsure.take() {
            return Err(unsure_start(cycle, &f));
        }
        match obs.byte {
            Some(b) => self.held_byte = b,
            None if obs.port_byte != self.held_byte => {
                return Err(Mismatch::new(
                    cycle,
                    "keyboard byte held between bytes",
                    hex(self.held_byte),
                    hex(obs.port_byte),
                )
                .note("the receiver's byte output (dbg_kbd_byte) keeps the last good byte, 0 after reset, while its valid is low"));
            }
            None => {}
        }
        if self.quiet(cycle, obs) {
            return Ok(None);
        }
        self.check_busy(cycle, obs)
    }

    /// [`KbdScoreboard::check`] in a cycle where something happens or is due.
    #[inline(never)]
    fn check_busy(&mut self, cycle: u64, obs: &KbdObs) -> Result<Option<(Command, u64)>, Mismatch> {
        let accepted = self.predict_edge(cycle, obs)?;
        self.compare(cycle, obs)?;
        Ok(accepted)
    }

    /// How many cycles after `cycle` (the last one checked) are quiet on the
    /// keyboard path if the RTL's outputs hold and `ps2_clk` stays at `clk`:
    /// nothing pending, no bad frame to count, no byte due before then.
    /// 0 when the next cycle may not be skipped.
    pub fn quiet_budget(&self, cycle: u64, clk: bool) -> u64 {
        if self.unsure.is_some()
            || self.pending_push.is_some()
            || !self.bad_frames.is_empty()
            || self.arming.clk() != clk
        {
            return 0;
        }
        self.in_flight
            .front()
            .into_iter()
            .chain(self.may_vanish.as_ref())
            .map(|f| self.byte_due(f).saturating_sub(cycle))
            .min()
            .unwrap_or(u64::MAX)
    }

    /// `n` quiet cycles (within [`KbdScoreboard::quiet_budget`]) out of reset
    /// with `ps2_clk` held at `clk`: only the receiver's arming advances.
    pub fn skip_quiet(&mut self, clk: bool, n: u64) {
        self.arming.hold(clk, n);
    }

    /// Most cycles nothing happens on the keyboard path and nothing is due:
    /// then the whole check reduces to these comparisons.
    #[inline]
    fn quiet(&self, cycle: u64, obs: &KbdObs) -> bool {
        let head = self.fifo.head().map(|&(c, _)| c);
        obs.byte.is_none()
            && obs.popped.is_none()
            && self.pending_push.is_none()
            && self.bad_frames.is_empty()
            && obs.err_count == self.stats.errors
            && obs.ovf_count == self.stats.overflows
            && obs.head.and_then(Command::from_code) == head
            && obs.head.is_some() == head.is_some()
            && self
                .in_flight
                .front()
                .is_none_or(|f| cycle <= self.byte_due(f))
            && self.may_vanish.is_none()
    }

    /// The golden FIFO and decoder through this cycle's clock edge: the RTL
    /// pops first, then pushes last cycle's command, then decodes the byte
    /// that arrived. The popped command and the arrived byte are checked.
    fn predict_edge(
        &mut self,
        cycle: u64,
        obs: &KbdObs,
    ) -> Result<Option<(Command, u64)>, Mismatch> {
        let mut accepted = None;
        if let Some(code) = obs.popped {
            let actual = Command::from_code(code);
            match self.fifo.pop() {
                Some((exp, end)) if Some(exp) == actual => {
                    self.stats.commands += 1;
                    self.popped_log.push((cycle, exp));
                    accepted = Some((exp, end));
                }
                Some((exp, _)) => {
                    return Err(Mismatch::new(
                        cycle,
                        "command",
                        cmd_name(Some(exp)),
                        code_name(code),
                    ))
                }
                None => {
                    return Err(Mismatch::new(
                        cycle,
                        "command",
                        "none (FIFO empty)",
                        code_name(code),
                    ))
                }
            }
        }
        if let Some(cmd) = self.pending_push.take() {
            self.fifo.push(cmd);
            if self.fifo.overflows != self.stats.overflows {
                coverage::sample(Sample::FifoOverflow);
            }
            self.stats.overflows = self.fifo.overflows;
        }
        if let (Some(byte), Some(f)) = (obs.byte, self.may_vanish) {
            // Whole: its byte, within the latency; anything else is garbage.
            self.may_vanish = None;
            if f.byte != byte || cycle > self.byte_due(&f) {
                return Err(Mismatch::new(
                    cycle,
                    "received byte",
                    format!("{} or nothing (a frame in the arming window)", hex(f.byte)),
                    hex(byte),
                )
                .note(format!("frame sent ending at cycle {}", f.end_cycle)));
            }
            self.take_byte(byte, &f);
        } else if let Some(byte) = obs.byte {
            match self.in_flight.pop_front() {
                Some(f) if f.byte == byte => self.take_byte(byte, &f),
                Some(f) => {
                    return Err(
                        Mismatch::new(cycle, "received byte", hex(f.byte), hex(byte))
                            .note(format!("frame sent ending at cycle {}", f.end_cycle)),
                    )
                }
                None => return Err(Mismatch::new(cycle, "received byte", "none", hex(byte))),
            }
        }
        Ok(accepted)
    }

    /// The last cycle by which good frame `f`'s byte must be out.
    fn byte_due(&self, f: &SentFrame) -> u64 {
        f.end_cycle + self.byte_latency_max
    }

    /// Frame `f`'s byte, received as predicted: decoded, its command (if it
    /// ends one) pushed at the next edge.
    fn take_byte(&mut self, byte: u8, f: &SentFrame) {
        self.stats.bytes += 1;
        self.pending_push = self.decoder.push(byte).map(|c| (c, f.end_cycle));
    }

    /// The cycles in which the receiver may count bad frame `f`, first and
    /// last: a frame cut short from the time-out counted from its last
    /// clock edge on the pins to the time-out counted from the filtered
    /// clock's, within [`TIMEOUT_SLACK`]; any other from its end to
    /// `error_latency_max` cycles after it.
    fn count_window(&self, f: &SentFrame) -> (u64, u64) {
        match f.fault {
            Fault::Truncate { .. } | Fault::TruncateGlitch { .. } => {
                let timed_out = f.quiet_from + self.timeout_cycles;
                (timed_out, timed_out + self.filter_cycles + TIMEOUT_SLACK)
            }
            _ => (f.end_cycle, f.end_cycle + self.error_latency_max),
        }
    }

    /// The state after the edge against the golden one: no byte overdue, the
    /// FIFO head, the overflow counter, and the error counter within what
    /// the bad frames sent allow (a bad frame is counted when the receiver
    /// notices, within [`KbdScoreboard::count_window`]).
    fn compare(&mut self, cycle: u64, obs: &KbdObs) -> Result<(), Mismatch> {
        if let Some(f) = self.may_vanish {
            if cycle > self.byte_due(&f) {
                // Vanished whole.
                self.may_vanish = None;
                self.stats.ignored += 1;
            }
        }
        if let Some(f) = self.in_flight.front() {
            if cycle > self.byte_due(f) {
                return Err(Mismatch::new(
                    cycle,
                    "received byte",
                    hex(f.byte),
                    "nothing (byte lost)",
                )
                .note(format!(
                    "frame ended at cycle {} with fault {:?}",
                    f.end_cycle, f.fault
                )));
            }
        }
        let head = self.fifo.head().map(|&(c, _)| c);
        if obs.head.and_then(Command::from_code) != head || (obs.head.is_some() && head.is_none()) {
            return Err(Mismatch::new(
                cycle,
                "FIFO head (cmd_valid/cmd)",
                cmd_name(head),
                obs.head.map(code_name).unwrap_or_else(|| "empty".into()),
            ));
        }
        if obs.ovf_count != self.stats.overflows {
            return Err(Mismatch::new(
                cycle,
                "overflow counter",
                self.stats.overflows,
                obs.ovf_count,
            ));
        }
        let (mut overdue, mut countable) = (0, 0);
        for f in &self.bad_frames {
            let (first, last) = self.count_window(f);
            countable += u64::from(cycle >= first);
            overdue += u64::from(cycle > last);
        }
        let sent_bad = self.stats.errors;
        let settled_before = sent_bad - self.bad_frames.len() as u64;
        let must_have = settled_before + overdue;
        let may_have = settled_before + countable;
        if obs.err_count > may_have || obs.err_count < must_have {
            return Err(Mismatch::new(
                cycle,
                "frame error counter",
                format!("{must_have}..={may_have}"),
                obs.err_count,
            )
            .note(format!(
                "bad frames pending: {:?}; a frame cut short counts only after \
                 {} cycles of a quiet clock",
                self.bad_frames, self.timeout_cycles
            )));
        }
        // Bad frames counted by the RTL are settled.
        let settled = obs.err_count - settled_before;
        for _ in 0..settled {
            self.bad_frames.pop_front();
        }
        Ok(())
    }
}

fn hex(b: u8) -> String {
    format!("0x{b:02X}")
}

fn code_name(code: u8) -> String {
    match Command::from_code(code) {
        Some(c) => format!("{c:?} ({code:03b})"),
        None => format!("invalid code {code:03b}"),
    }
}

/// A frame whose start bit fell within the receiver's arming slack after a
/// reset, where the golden arming model cannot tell whether the receiver
/// takes it: the bench must not send one there.
#[cold]
fn unsure_start(cycle: u64, f: &SentFrame) -> Mismatch {
    Mismatch::new(
        cycle,
        "PS/2 frame after reset",
        "a start bit clearly before or after the receiver re-arms",
        format!("frame 0x{:02X} ending at cycle {}", f.byte, f.end_cycle),
    )
    .note("the bench started it within the arming slack: hold the keyboard off longer after reset")
}

fn cmd_name(c: Option<Command>) -> String {
    match c {
        Some(c) => format!("{c:?} ({:03b})", c.code()),
        None => "empty".into(),
    }
}
