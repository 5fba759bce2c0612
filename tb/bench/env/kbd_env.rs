//! The keyboard-only test environment: PS/2 driver → `kbd_frontend` RTL →
//! a consumer played by the bench, checked every cycle by the keyboard
//! scoreboard.

use crate::env::coverage::functional::{self as coverage, Sample};
use crate::env::driver::ps2::{Fault, Ps2Driver, Ps2Timing};
use crate::env::dut::{KbdDut, KbdIn, KbdOut};
use crate::env::scoreboard::kbd::{KbdObs, KbdScoreboard, KbdStats};
use crate::infra::mismatch::Mismatch;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How the bench plays the command consumer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Consumer {
    /// Ready in every cycle.
    Ready,
    /// Not ready before this cycle, then ready.
    StallUntil(u64),
    /// Ready in a cycle with this probability.
    Random(f64),
    /// Ready with probability `p`, but now and then (a stall starts in a
    /// cycle with probability `stall_p`) not ready at all for `stall_cycles`:
    /// a consumer busy for long enough that the FIFO overflows.
    Bursty {
        /// Readiness outside a stall.
        p: f64,
        /// Chance per cycle that a stall starts.
        stall_p: f64,
        /// Length of a stall.
        stall_cycles: u64,
    },
}

impl Consumer {
    /// A [`Consumer::Bursty`] that is ready with probability `p` and stalls
    /// about once every 20 M cycles for 2.5 M cycles: at the slowest PS/2
    /// clock that is longer than ten keys, so the 8-deep FIFO overflows.
    pub fn bursty(p: f64) -> Self {
        Consumer::Bursty {
            p,
            stall_p: 1.0 / 20e6,
            stall_cycles: 2_500_000,
        }
    }
}

/// Cycles the bench holds reset at the start of a run.
const RESET_CYCLES: u64 = 4;

/// Quiet stretches shorter than this are stepped cycle by cycle
/// ([`KbdEnv::advance`]).
const BURST_MIN: u64 = 8;

/// Cycles until the first success of a trial with chance `p` per cycle,
/// counting from 0 (a geometric draw: the same as drawing every cycle).
fn cycles_until(rng: &mut ChaCha8Rng, p: f64) -> u64 {
    if p >= 1.0 {
        return 0;
    }
    if p <= 0.0 {
        return u64::MAX;
    }
    let u: f64 = rng.gen_range(f64::MIN_POSITIVE..1.0);
    (u.ln() / (1.0 - p).ln()) as u64
}

/// Driver, DUT and scoreboard of the keyboard front end, in lock step.
pub struct KbdEnv {
    /// The RTL.
    pub dut: KbdDut,
    /// The PS/2 driver.
    pub driver: Ps2Driver,
    /// The scoreboard.
    pub sb: KbdScoreboard,
    /// The consumer's behaviour.
    pub consumer: Consumer,
    rng: ChaCha8Rng,
    prev: KbdOut,
    /// A bursty consumer's stall lasts until this cycle.
    stall_until: u64,
    /// A bursty consumer's next stall starts at this cycle (drawn when the
    /// last one ended).
    next_stall: Option<u64>,
    /// Cycles of reset still to drive.
    reset_left: u64,
    /// A wire monitor for coverage: the falling `ps2_clk` edges since the
    /// frame on the wire began (`None` between frames), and the last level.
    frame_edges: Option<u8>,
    clk_prev: bool,
    dat_prev: bool,
    /// The length of the reset being driven.
    reset_len: u64,
}

impl Drop for KbdEnv {
    fn drop(&mut self) {
        coverage::flush();
    }
}

impl KbdEnv {
    /// A fresh environment; `seed` drives jitter and the random consumer.
    pub fn new(seed: u64, timing: Ps2Timing) -> Self {
        crate::env::coverage::rtl::install();
        let rx = KbdDut::params();
        let mut env = Self {
            dut: KbdDut::new(),
            driver: Ps2Driver::new(timing, rx, ChaCha8Rng::seed_from_u64(seed ^ 0x5053_3220)),
            sb: KbdScoreboard::new(&rx),
            consumer: Consumer::Ready,
            rng: ChaCha8Rng::seed_from_u64(seed),
            prev: KbdOut::default(),
            stall_until: 0,
            next_stall: None,
            reset_left: 0,
            frame_edges: None,
            clk_prev: true,
            dat_prev: true,
            reset_len: 0,
        };
        let reset = KbdIn {
            ps2_clk: 1,
            ps2_dat: 1,
            rst: 1,
            cmd_ready: 0,
        };
        for _ in 0..RESET_CYCLES {
            env.prev = env.dut.tick(&reset);
        }
        env.hold_keyboard_after_reset();
        env
    }

    /// Queues clean frames.
    pub fn send(&mut self, bytes: &[u8]) {
        self.driver.send_bytes(bytes);
    }

    /// Queues one frame with a fault.
    pub fn send_fault(&mut self, byte: u8, fault: Fault) {
        self.driver.send(byte, fault);
    }

    /// One clock cycle, checked.
    /// Drives reset for `cycles` from the next cycle on, whatever is on the
    /// wire: a frame in flight is lost, and the driver then holds the
    /// keyboard off until the receiver has re-armed.
    pub fn reset(&mut self, cycles: u64) {
        self.reset_left = cycles.max(1);
        self.reset_len = self.reset_left;
    }

    /// Coverage of where in a frame a reset falls (docs/rules.md §4: a byte in
    /// flight may be lost), as a monitor on the wire sees it: a frame begins
    /// when the data line falls while the clock is high (the start bit, bit
    /// 0, is on the wire), and bit k is on the wire after the clock's k-th
    /// falling edge.
    fn watch_frame(&mut self, (clk, dat): (bool, bool), ended: bool, in_reset: bool) {
        if self.frame_edges.is_none() && self.dat_prev && !dat && clk {
            self.frame_edges = Some(0);
        }
        let first_reset_cycle = in_reset && self.reset_left == self.reset_len;
        if let Some(n) = &mut self.frame_edges {
            if self.clk_prev && !clk {
                *n = n.saturating_add(1);
            }
            if first_reset_cycle {
                let bit = (*n).min(coverage::FRAME_BITS - 1);
                coverage::sample(Sample::ResetMidFrame(bit));
            }
        }
        if ended || in_reset {
            self.frame_edges = None;
        }
        self.clk_prev = clk;
        self.dat_prev = dat;
    }

    /// A keyboard sends only on an idle bus; the receiver takes a start bit
    /// only once the bus has idled for its arming time after reset.
    fn hold_keyboard_after_reset(&mut self) {
        let rx = *self.driver.rx();
        self.driver.hold_off(rx.arm_cycles + rx.filter_cycles);
    }

    pub fn step(&mut self) -> Result<(), Mismatch> {
        let ((clk, dat), wire) = self.driver.tick();
        let in_reset = self.reset_left > 0;
        self.watch_frame((clk, dat), wire.sent.is_some(), in_reset);
        if in_reset {
            self.reset_left -= 1;
            self.sb.reset();
            if self.reset_left == 0 {
                self.hold_keyboard_after_reset();
            }
        }
        self.sb.wire(clk, wire.start, in_reset);
        let cycle = self.dut.cycle;
        let ready = match self.consumer {
            Consumer::Ready => true,
            Consumer::StallUntil(c) => cycle >= c,
            Consumer::Random(p) => self.rng.gen_bool(p),
            Consumer::Bursty {
                p,
                stall_p,
                stall_cycles,
            } => {
                let rng = &mut self.rng;
                let start = *self
                    .next_stall
                    .get_or_insert_with(|| cycle.saturating_add(cycles_until(rng, stall_p)));
                if cycle >= start {
                    self.stall_until = start.saturating_add(stall_cycles);
                    self.next_stall = Some(
                        self.stall_until
                            .saturating_add(cycles_until(&mut self.rng, stall_p)),
                    );
                }
                cycle >= self.stall_until && self.rng.gen_bool(p)
            }
        };
        let input = KbdIn {
            ps2_clk: u8::from(clk),
            ps2_dat: u8::from(dat),
            rst: u8::from(in_reset),
            cmd_ready: u8::from(ready),
        };
        let out = self.dut.tick(&input);
        if let Some(frame) = wire.sent {
            self.sb.frame_sent(frame);
        }
        let obs = KbdObs {
            byte: (out.byte_valid != 0).then_some(out.byte_),
            port_byte: out.byte_,
            popped: (!in_reset && ready && self.prev.cmd_valid != 0).then_some(self.prev.cmd),
            head: (out.cmd_valid != 0).then_some(out.cmd),
            err_count: u64::from(out.err_count),
            ovf_count: u64::from(out.ovf_count),
        };
        self.prev = out;
        self.sb.check(cycle, &obs).map(|_| ())
    }

    /// Up to `max` (at least one) checked cycles; returns how many ran. A
    /// stretch in which the driver holds the wire, nothing is due on the
    /// keyboard path and the FIFO is empty (so the consumer's readiness
    /// changes nothing) runs as one burst of the model, which stops at the
    /// first cycle whose outputs change; that cycle is then checked as
    /// [`KbdEnv::step`] checks it, and the quiet ones before it, whose
    /// outputs held, are quiet for the scoreboard too. Anything else is one
    /// [`KbdEnv::step`].
    pub fn advance(&mut self, max: u64) -> Result<u64, Mismatch> {
        let cycle = self.dut.cycle;
        let (clk, dat) = self.driver.steady_level();
        // With a command at the FIFO's head, the consumer must hold off.
        let consumer = if self.prev.cmd_valid != 0 {
            self.not_ready_for(cycle)
        } else {
            u64::MAX
        };
        let budget = if self.reset_left > 0 {
            0
        } else {
            max.min(self.driver.steady_for())
                .min(self.sb.quiet_budget(cycle, clk))
                .min(consumer)
        };
        if budget < BURST_MIN {
            self.step()?;
            return Ok(1);
        }
        // The FIFO stays empty in the quiet cycles and was empty before the
        // loud one, or the consumer is not ready in any of them: either way
        // it takes nothing.
        let input = KbdIn {
            ps2_clk: u8::from(clk),
            ps2_dat: u8::from(dat),
            rst: 0,
            cmd_ready: 0,
        };
        let (q, out) = self.dut.burst(&input, budget);
        self.driver.skip(q);
        self.sb.skip_quiet(clk, q);
        if q == budget {
            return Ok(q);
        }
        // The loud cycle, stepped by the burst: checked as a step checks it.
        let ((_, _), wire) = self.driver.tick();
        debug_assert!(!wire.start && wire.sent.is_none());
        self.sb.wire(clk, false, false);
        let obs = KbdObs {
            byte: (out.byte_valid != 0).then_some(out.byte_),
            port_byte: out.byte_,
            popped: None,
            head: (out.cmd_valid != 0).then_some(out.cmd),
            err_count: u64::from(out.err_count),
            ovf_count: u64::from(out.ovf_count),
        };
        self.prev = out;
        self.sb.check(cycle + q, &obs)?;
        Ok(q + 1)
    }

    /// How many cycles from `cycle` on the consumer is certainly not ready:
    /// a stall under way, or a consumer that has not started yet.
    fn not_ready_for(&self, cycle: u64) -> u64 {
        match self.consumer {
            Consumer::StallUntil(c) => c.saturating_sub(cycle),
            Consumer::Bursty { .. } => self.stall_until.saturating_sub(cycle),
            Consumer::Ready | Consumer::Random(_) => 0,
        }
    }

    /// `n` checked cycles ([`KbdEnv::advance`]).
    pub fn run_cycles(&mut self, n: u64) -> Result<(), Mismatch> {
        let end = self.dut.cycle + n;
        while self.dut.cycle < end {
            self.advance(end - self.dut.cycle)?;
        }
        Ok(())
    }

    /// Runs until the driver is idle and the scoreboard has seen every byte
    /// and command, plus `settle` cycles; fails after `max_cycles`.
    pub fn run(&mut self, settle: u64, max_cycles: u64) -> Result<KbdStats, Mismatch> {
        let start = self.dut.cycle;
        loop {
            let elapsed = self.dut.cycle - start;
            self.advance(max_cycles.saturating_add(1).saturating_sub(elapsed).max(1))?;
            if self.driver.idle() && self.sb.drained() {
                break;
            }
            if self.dut.cycle - start > max_cycles {
                return Err(Mismatch::new(
                    self.dut.cycle,
                    "end of run",
                    "all bytes received and commands popped",
                    format!(
                        "{} frames unsent, {} commands queued",
                        self.driver.pending(),
                        self.sb.queued()
                    ),
                ));
            }
        }
        self.run_cycles(settle)?;
        Ok(self.sb.stats)
    }
}
