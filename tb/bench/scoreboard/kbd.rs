//! Keyboard scoreboard: every good byte the driver sent must come out of the
//! receiver, every dropped frame must be counted, and every command the
//! consumer pops must be the next one the golden decoder and FIFO predict.

use super::Mismatch;
use crate::driver::ps2::{SentFrame, RX_FILTER_CYCLES, TRUNCATE_SILENCE};
use generals_golden::keyboard::{Command, Decoder};
use std::collections::VecDeque;

/// Depth of the RTL's command FIFO (`keyboard.v`, FIFO_DEPTH_LOG2 = 3).
pub const FIFO_DEPTH: usize = 8;
/// Cycles from a frame's last falling edge until its byte must be out:
/// synchroniser, glitch filter and a margin.
const BYTE_LATENCY_MAX: u64 = RX_FILTER_CYCLES as u64 + 16;
/// Cycles after a bad frame ends by which its error must be counted.
const ERROR_LATENCY_MAX: u64 = TRUNCATE_SILENCE as u64;

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
}

/// What the RTL showed in one cycle, as the scoreboard needs it.
#[derive(Clone, Copy, Debug, Default)]
pub struct KbdObs {
    /// A byte left the receiver this cycle.
    pub byte: Option<u8>,
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
#[derive(Debug, Default)]
pub struct KbdScoreboard {
    in_flight: VecDeque<SentFrame>,
    bad_frames: VecDeque<SentFrame>,
    decoder: Decoder,
    /// Commands with the cycle their last byte's frame ended.
    fifo: VecDeque<(Command, u64)>,
    /// A command decoded last cycle, pushed at this cycle's edge.
    pending_push: Option<(Command, u64)>,
    /// Commands accepted, in order, with the cycle they were popped.
    pub popped_log: Vec<(u64, Command)>,
    /// Totals so far.
    pub stats: KbdStats,
}

impl KbdScoreboard {
    /// An empty scoreboard.
    pub fn new() -> Self {
        Self::default()
    }

    /// The driver finished a frame.
    pub fn frame_sent(&mut self, frame: SentFrame) {
        if frame.fault.drops_frame() {
            self.bad_frames.push_back(frame);
            self.stats.errors += 1;
        } else {
            self.in_flight.push_back(frame);
        }
    }

    /// The keyboard front end was reset: prefixes, FIFO and counters cleared.
    pub fn reset(&mut self) {
        self.decoder.reset();
        self.fifo.clear();
        self.pending_push = None;
        self.bad_frames.clear();
        self.in_flight.clear();
        self.stats.errors = 0;
        self.stats.overflows = 0;
    }

    /// Commands the golden FIFO still holds.
    pub fn queued(&self) -> usize {
        self.fifo.len() + usize::from(self.pending_push.is_some())
    }

    /// True when everything sent has been received and popped.
    pub fn drained(&self) -> bool {
        self.in_flight.is_empty() && self.queued() == 0
    }

    /// Checks one cycle. `popped` is the command the RTL handed over at this
    /// cycle's edge (the bench raised ready while valid was high).
    /// Returns the command popped, with the cycle its last frame ended.
    pub fn check(&mut self, cycle: u64, obs: &KbdObs) -> Result<Option<(Command, u64)>, Mismatch> {
        // Most cycles nothing happens on the keyboard path and nothing is due:
        // the same checks as below then reduce to these comparisons.
        let head = self.fifo.front().map(|&(c, _)| c);
        if obs.byte.is_none()
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
                .is_none_or(|f| cycle <= f.end_cycle + BYTE_LATENCY_MAX)
        {
            return Ok(None);
        }
        // Clock edge: the RTL pops first, then pushes last cycle's command.
        let mut accepted = None;
        if let Some(code) = obs.popped {
            let actual = Command::from_code(code);
            match self.fifo.pop_front() {
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
            if self.fifo.len() < FIFO_DEPTH {
                self.fifo.push_back(cmd);
            } else {
                self.stats.overflows += 1;
            }
        }
        if let Some(byte) = obs.byte {
            match self.in_flight.pop_front() {
                Some(f) if f.byte == byte => {
                    self.stats.bytes += 1;
                    self.pending_push = self.decoder.push(byte).map(|c| (c, f.end_cycle));
                }
                Some(f) => {
                    return Err(
                        Mismatch::new(cycle, "received byte", hex(f.byte), hex(byte))
                            .note(format!("frame sent ending at cycle {}", f.end_cycle)),
                    )
                }
                None => return Err(Mismatch::new(cycle, "received byte", "none", hex(byte))),
            }
        }
        if let Some(f) = self.in_flight.front() {
            if cycle > f.end_cycle + BYTE_LATENCY_MAX {
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
        let head = self.fifo.front().map(|&(c, _)| c);
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
        let overdue = self
            .bad_frames
            .iter()
            .filter(|f| cycle > f.end_cycle + ERROR_LATENCY_MAX)
            .count() as u64;
        let sent_bad = self.stats.errors;
        let must_have = sent_bad - self.bad_frames.len() as u64 + overdue;
        if obs.err_count > sent_bad || obs.err_count < must_have {
            return Err(Mismatch::new(
                cycle,
                "frame error counter",
                format!("{must_have}..={sent_bad}"),
                obs.err_count,
            )
            .note(format!("bad frames pending: {:?}", self.bad_frames)));
        }
        // Bad frames counted by the RTL are settled.
        let settled = obs.err_count - (sent_bad - self.bad_frames.len() as u64);
        for _ in 0..settled {
            self.bad_frames.pop_front();
        }
        Ok(accepted)
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

fn cmd_name(c: Option<Command>) -> String {
    match c {
        Some(c) => format!("{c:?} ({:03b})", c.code()),
        None => "empty".into(),
    }
}
