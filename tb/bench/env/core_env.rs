//! The full-chip environment: PS/2 and button drivers → `generals_core` RTL,
//! checked every cycle by the core scoreboard (and, when attached, the VGA
//! monitor). High-level actions (press START for map N, send keys, wait
//! frames) are built on [`CoreEnv::step`].

use crate::env::driver::button::{ButtonDriver, Press};
use crate::env::driver::ps2::WireEvents;
use crate::env::driver::ps2::{Fault, Ps2Driver, Ps2Timing};
use crate::env::dut::{quiet_draw, CoreDut, CoreIn, CoreOut, PinWord, TraceError};
use crate::env::monitor::state::{decode_state, StateDecodeError};
use crate::env::scoreboard::core::{CoreScoreboard, CycleEvents, FRAME_CYCLES, START_LATENCY_MAX};
pub use crate::env::scoreboard::pixels::Shown;
use crate::env::stimulus::Stimulus;
use crate::infra::mismatch::Mismatch;
use generals_golden::script::{Action, Step};
use generals_golden::{Cell, GameState, Phase, Pos};
use generals_maps::Map;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::mem::MaybeUninit;
use std::path::Path;

/// How long the bench holds a button: twice the RTL's debounce length.
pub fn hold_cycles() -> u32 {
    2 * CoreDut::params().debounce_cycles
}
/// How long before the reset's end the frame of
/// [`CoreEnv::reset_while_typing`] starts, in cycles: its start bit falls in
/// reset, and it runs on for about two thirds of a frame after it.
pub const STRADDLE: u32 = 10_000;
/// The keyboard's clock while [`CoreEnv::reset_while_typing`] types, in Hz:
/// its period (4 000 cycles) is far from the receiver's arming time (3 000
/// cycles; 16.7 kHz's period, 2 994, is not), so a receiver that armed that
/// long after the reset whatever the bus did would meet the clock high,
/// and a start bit, within a period or two.
pub const STRADDLE_HZ: u32 = 12_500;
/// How long `WAIT TURN` waits for a person's turn before it fails.
const WAIT_TURN_FRAMES: u64 = 10_000;
/// The draw counter's modulus (one value per map), as the golden model has it.
const DRAW_MODULUS: u64 = generals_golden::DRAW_MODULUS as u64;

/// Something the environment calls after every checked cycle (the VGA
/// check, frame writers).
pub trait CycleHook {
    /// Called with the outputs of the cycle, what the display would latch
    /// (the golden state and the machine's colours as they were in the
    /// previous cycle, before this cycle's events) and the events.
    fn cycle(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: Shown<'_>,
        ev: &CycleEvents,
    ) -> Result<(), Mismatch>;

    /// Quiet cycles `first..` of a burst ([`CoreEnv::advance`]): no events,
    /// no state change. By default each is passed to [`CycleHook::cycle`].
    fn quiet(&mut self, first: u64, burst: Burst<'_>, before: Shown<'_>) -> Result<(), Mismatch> {
        let ev = CycleEvents::default();
        for (i, cycle) in (first..).take(burst.pins.len()).enumerate() {
            self.cycle(cycle, &burst.outputs(i), before, &ev)?;
        }
        Ok(())
    }

    /// Room for the pin words of the next burst, of at most `len` cycles,
    /// for a hook that keeps them for another thread
    /// ([`crate::env::check_thread`]): the burst writes them there itself,
    /// with non-temporal stores, and the hook is then told of its quiet
    /// cycles by [`CycleHook::quiet_written`] instead of
    /// [`CycleHook::quiet`]. `None` (the default): the burst writes into
    /// the environment's buffer. Asked only of a run's one hook.
    fn pin_room(&mut self, _len: usize) -> Result<Option<&mut [MaybeUninit<PinWord>]>, Mismatch> {
        Ok(None)
    }

    /// Quiet cycles `first..first + n` of a burst whose pin words are the
    /// first `n` of the room [`CycleHook::pin_room`] gave, as
    /// [`CycleHook::quiet`] has them for the others; `out` holds the
    /// outputs of the cycle before the burst.
    ///
    /// # Safety
    /// The burst has written those `n` words, and nothing else has been
    /// asked of the hook since [`CycleHook::pin_room`] gave the room.
    unsafe fn quiet_written(
        &mut self,
        _first: u64,
        _n: usize,
        _out: &CoreOut,
        _before: Shown<'_>,
    ) -> Result<(), Mismatch> {
        unreachable!("a hook that gives no pin room is never told of pins written into it")
    }

    /// Judges everything the hook was given before returning (a hook on a
    /// thread of its own, [`crate::env::check_thread`]); its first mismatch.
    /// A hook that judges as it is called has nothing left.
    fn finish(&mut self) -> Result<(), Mismatch> {
        Ok(())
    }
}

/// The quiet cycles of a burst ([`CoreDut::burst`]): every output as in
/// `out` but the VGA pins, which each cycle has here, and the draw counter,
/// which steps by one a cycle ([`quiet_draw`]).
#[derive(Clone, Copy)]
pub struct Burst<'a> {
    /// The VGA pins of each cycle.
    pub pins: &'a [PinWord],
    /// The outputs of the cycle before the burst.
    pub out: &'a CoreOut,
}

impl Burst<'_> {
    /// The outputs of quiet cycle `i`.
    pub fn outputs(&self, i: usize) -> CoreOut {
        self.pins[i].outputs(quiet_draw(self.out.draw, i), self.out)
    }
}

/// Bursts shorter than this are stepped cycle by cycle: a burst costs a few
/// hundred instructions to set up and check.
const BURST_MIN: u64 = 8;
/// The longest burst: its pin words stay in the processor's cache.
pub const BURST_MAX: usize = 2048;

/// A START press under way ([`CoreEnv::schedule_start`]).
#[derive(Clone, Copy, Debug)]
pub struct ScheduledStart {
    /// Cycles until the debounced press is recognised.
    pub cycles: u64,
    /// Whether it starts a game (pressed outside PLAYING).
    pub starts: bool,
}

/// Drivers, DUT and scoreboard of the whole core.
pub struct CoreEnv {
    /// The RTL.
    pub dut: CoreDut,
    /// Outputs of the last cycle.
    pub out: CoreOut,
    /// The keyboard.
    pub ps2: Ps2Driver,
    /// The RESET push-button.
    pub reset_btn: ButtonDriver,
    /// The START push-button.
    pub start_btn: ButtonDriver,
    /// The slide switches `SW[1:0]` (docs/rules.md §11: the machine plays Red, Blue),
    /// as driven now; a game takes them when START starts it.
    pub switches: u8,
    /// The scoreboard.
    pub sb: CoreScoreboard,
    /// The keyboard goes on typing through a reset (no idle wait for the
    /// receiver's arming time): [`CoreEnv::reset_while_typing`].
    types_through_reset: bool,
    hooks: Vec<Box<dyn CycleHook>>,
    prev_golden: GameState,
    /// Counts the changes of `prev_golden` ([`Shown::version`]).
    prev_version: u64,
    /// The pin levels of every cycle so far, when recording (speed benchmark).
    pub record: Option<Stimulus>,
    /// With a round limit: the golden state after the first command that
    /// took the round past it (a machine game's stopping point).
    pub round_limit: Option<u16>,
    /// See [`CoreEnv::round_limit`].
    pub stopped_at: Option<GameState>,
    /// The pin words of a burst.
    pins: Vec<PinWord>,
}

impl Drop for CoreEnv {
    /// The run's functional coverage goes to the coverage folder, if set.
    fn drop(&mut self) {
        // A hook on its own thread hands its coverage back as it stops.
        self.hooks.clear();
        crate::env::coverage::functional::flush();
    }
}

impl CoreEnv {
    /// A powered-up core (power-on reset done) playing from `maps`.
    pub fn new(maps: Vec<Map>, seed: u64, timing: Ps2Timing) -> Result<Self, Mismatch> {
        Self::with_recording(maps, seed, timing, false)
    }

    /// [`CoreEnv::new`], recording the input pins from power-up when `record`.
    pub fn with_recording(
        maps: Vec<Map>,
        seed: u64,
        timing: Ps2Timing,
        record: bool,
    ) -> Result<Self, Mismatch> {
        Self::with_dut(CoreDut::new(), maps, seed, timing, record)
    }

    /// [`CoreEnv::new`] on a core whose registers without a power-up value
    /// start random, drawn from `init_seed`: every check must pass all the same.
    pub fn with_random_init(
        maps: Vec<Map>,
        seed: u64,
        timing: Ps2Timing,
        init_seed: u32,
    ) -> Result<Self, Mismatch> {
        Self::with_dut(
            CoreDut::with_random_init(init_seed),
            maps,
            seed,
            timing,
            false,
        )
    }

    /// [`CoreEnv::with_recording`] on a model already opened (the RTL or
    /// one of its netlists, see [`CoreDut::open`]).
    pub fn with_dut(
        dut: CoreDut,
        maps: Vec<Map>,
        seed: u64,
        timing: Ps2Timing,
        record: bool,
    ) -> Result<Self, Mismatch> {
        crate::env::coverage::rtl::install();
        let params = CoreDut::params();
        let mut env = Self {
            dut,
            out: CoreOut::default(),
            ps2: Ps2Driver::new(timing, params.kbd, ChaCha8Rng::seed_from_u64(seed)),
            reset_btn: ButtonDriver::new(),
            start_btn: ButtonDriver::new(),
            switches: 0,
            sb: CoreScoreboard::new(maps, &params),
            types_through_reset: false,
            hooks: Vec::new(),
            prev_golden: GameState::new(),
            prev_version: 0,
            record: record.then(Stimulus::default),
            round_limit: None,
            stopped_at: None,
            pins: vec![PinWord::default(); BURST_MAX],
        };
        env.run(u64::from(params.por_cycles) + 8)?;
        Ok(env)
    }

    /// Adds a per-cycle hook (the VGA check, frame writer).
    pub fn add_hook(&mut self, hook: Box<dyn CycleHook>) {
        self.hooks.push(hook);
    }

    /// Dumps an FST waveform from now on.
    pub fn trace(&mut self, path: &Path) -> Result<(), TraceError> {
        self.dut.trace(path)
    }

    /// The golden state, which the RTL's state equals (or the run stopped).
    pub fn golden(&self) -> &GameState {
        &self.sb.pred.golden
    }

    /// A number that changes whenever [`CoreEnv::golden`] does (a command
    /// applied, a game started, a reset, a backdoor write): the version the
    /// hooks see as [`Shown::version`].
    pub fn golden_version(&self) -> u64 {
        self.prev_version
    }

    /// The architectural state read from the RTL: the debug port's scalars
    /// and the board RAM.
    pub fn rtl_state(&self) -> Result<GameState, StateDecodeError> {
        decode_state(&self.out, &self.dut.read_board())
    }

    /// One clock cycle, checked.
    pub fn step(&mut self) -> Result<CycleEvents, Mismatch> {
        let (input, wire) = self.drive();
        self.dut.tick(&input, &mut self.out);
        let r = self.check(&input, wire);
        r.map_err(|m| self.first_of(m))
    }

    /// Up to `max` (at least one) checked cycles; returns how many ran. A
    /// stretch in which the drivers hold the pins and the golden models
    /// predict that no output but the VGA pins and the draw counter changes
    /// runs as one burst of the model, which stops at the first cycle whose
    /// outputs do change (that cycle is then checked as [`CoreEnv::step`]
    /// checks it); every cycle of it is checked all the same, the draw
    /// counter by the scoreboard and the VGA pins by the hooks. Anything
    /// else is one [`CoreEnv::step`].
    pub fn advance(&mut self, max: u64) -> Result<u64, Mismatch> {
        let r = self.advance_unsettled(max);
        r.map_err(|m| self.first_of(m))
    }

    /// [`CoreEnv::advance`], its mismatch not yet weighed against the
    /// hooks' pending ones.
    fn advance_unsettled(&mut self, max: u64) -> Result<u64, Mismatch> {
        let (reset_for, key_reset_n) = self.reset_btn.steady();
        let (start_for, key_start_n) = self.start_btn.steady();
        let (clk, dat) = self.ps2.steady_level();
        let keys = (key_reset_n, key_start_n);
        let cycle = self.dut.cycle;
        let budget = max
            .min(reset_for)
            .min(start_for)
            .min(self.ps2.steady_for())
            .min(
                self.sb
                    .quiet_budget(cycle, keys, self.switches, clk, &self.out),
            );
        if budget < BURST_MIN {
            let (input, wire) = self.drive();
            self.dut.tick(&input, &mut self.out);
            self.check(&input, wire)?;
            return Ok(1);
        }
        let input = CoreIn {
            key_reset_n: u8::from(keys.0),
            key_start_n: u8::from(keys.1),
            ps2_clk: u8::from(clk),
            ps2_dat: u8::from(dat),
            sw: self.switches,
        };
        let before = self.out;
        let len = (budget as usize).min(BURST_MAX);
        // A run's one hook on another thread takes the pin words straight
        // from the model (no copy through `pins`).
        let room = match &mut self.hooks[..] {
            [hook] => hook.pin_room(len)?,
            _ => None,
        };
        let written = room.is_some();
        let q = match room {
            Some(room) => self.dut.burst_streamed(&input, &mut self.out, room),
            None => self.dut.burst(&input, &mut self.out, &mut self.pins[..len]),
        };
        self.quiet(cycle + 1, q, &input, &before, clk, written)?;
        if q == len {
            return Ok(q as u64);
        }
        // The burst stepped one more cycle, whose outputs changed.
        let (same, wire) = self.drive();
        debug_assert!(same == input && !wire.start && wire.sent.is_none());
        self.check(&input, wire)?;
        Ok(q as u64 + 1)
    }

    /// The `q` quiet cycles of a burst from cycle `first`, checked (the
    /// earliest mismatch wins, the scoreboard's before a hook's in a cycle);
    /// `written`: their pins went into the one hook's room
    /// ([`CycleHook::pin_room`]), else they are in `pins`.
    fn quiet(
        &mut self,
        first: u64,
        q: usize,
        input: &CoreIn,
        before: &CoreOut,
        clk: bool,
        written: bool,
    ) -> Result<(), Mismatch> {
        let n = q as u64;
        self.reset_btn.skip(n);
        self.start_btn.skip(n);
        self.ps2.skip(n);
        if let Some(r) = &mut self.record {
            r.push_n(crate::env::stimulus::levels(input), n);
        }
        let keys = (input.key_reset_n != 0, input.key_start_n != 0);
        let sb = self.sb.skip_quiet(first, n, before.draw, keys, clk);
        // Hooks see the cycles before a scoreboard mismatch only.
        let checked = match &sb {
            Ok(()) => q,
            Err(m) => (m.cycle - first) as usize,
        };
        let shown = Shown {
            state: &self.prev_golden,
            machine: self.sb.pred.shown_machine(),
            version: self.prev_version,
        };
        if written {
            // SAFETY: the burst wrote q >= checked words into the room the
            // one hook gave just before it, and nothing came between.
            unsafe { self.hooks[0].quiet_written(first, checked, before, shown)? };
            return sb;
        }
        let burst = Burst {
            pins: &self.pins[..checked],
            out: before,
        };
        for h in &mut self.hooks {
            h.quiet(first, burst, shown)?;
        }
        sb
    }

    /// The drivers' pin levels for the next cycle, and what the PS/2 driver
    /// did on the wire in it.
    #[inline(always)]
    fn drive(&mut self) -> (CoreIn, WireEvents) {
        let keys = (self.reset_btn.tick(), self.start_btn.tick());
        let ((clk, dat), wire) = self.ps2.tick();
        let input = CoreIn {
            key_reset_n: u8::from(keys.0),
            key_start_n: u8::from(keys.1),
            ps2_clk: u8::from(clk),
            ps2_dat: u8::from(dat),
            sw: self.switches,
        };
        (input, wire)
    }

    /// Checks the cycle just stepped with `input` on the pins.
    fn check(&mut self, input: &CoreIn, wire: WireEvents) -> Result<CycleEvents, Mismatch> {
        let keys = (input.key_reset_n != 0, input.key_start_n != 0);
        let clk = input.ps2_clk != 0;
        if let Some(r) = &mut self.record {
            r.push(crate::env::stimulus::levels(input));
        }
        // The receiver's reset this cycle is the one registered last cycle.
        self.sb.kbd.wire(clk, wire.start, self.sb.in_reset());
        if let Some(frame) = wire.sent {
            self.sb.frame_sent(frame);
        }
        let cycle = self.dut.cycle;
        let machine_before = self.sb.pred.shown_machine();
        let ev = self.sb.check(cycle, keys, self.switches, &self.out)?;
        if ev.reset && !self.types_through_reset {
            // A keyboard sends only on an idle bus; the receiver takes a start
            // bit only once the bus has idled for its arming time after reset.
            let rx = *self.ps2.rx();
            self.ps2.hold_off(rx.arm_cycles + rx.filter_cycles);
        }
        if ev.compare_board {
            self.sb.compare_board(cycle, &self.dut.read_board())?;
        }
        for h in &mut self.hooks {
            let before = Shown {
                state: &self.prev_golden,
                machine: machine_before,
                version: self.prev_version,
            };
            h.cycle(cycle, &self.out, before, &ev)?;
        }
        if ev.applied.is_some() || ev.started || ev.reset {
            self.prev_golden = self.sb.pred.golden.clone();
            self.prev_version += 1;
            if ev.applied.is_some()
                && self.stopped_at.is_none()
                && self
                    .round_limit
                    .is_some_and(|r| self.sb.pred.golden.round > r)
            {
                self.stopped_at = Some(self.sb.pred.golden.clone());
            }
        }
        Ok(ev)
    }

    /// Waits until every hook has judged every cycle so far (a hook on a
    /// thread of its own judges later than the cycle is simulated) and
    /// returns the run's first mismatch: `result`'s, or an earlier one a
    /// hook found. Every run ends with this: until it, a mismatch the VGA
    /// check found on its thread may not have been seen.
    pub fn settle<T>(&mut self, result: Result<T, Mismatch>) -> Result<T, Mismatch> {
        match result {
            Ok(v) => {
                for h in &mut self.hooks {
                    h.finish()?;
                }
                Ok(v)
            }
            Err(m) => Err(self.first_of(m)),
        }
    }

    /// The earlier of `m` and the hooks' first mismatch (`m` in a tie: in
    /// a cycle the scoreboard judges before the hooks).
    #[cold]
    fn first_of(&mut self, m: Mismatch) -> Mismatch {
        let mut first = m;
        for h in &mut self.hooks {
            if let Err(hm) = h.finish() {
                if hm.cycle < first.cycle {
                    first = hm;
                }
            }
        }
        first
    }

    /// `n` checked cycles.
    pub fn run(&mut self, n: u64) -> Result<(), Mismatch> {
        let end = self.dut.cycle + n;
        while self.dut.cycle < end {
            self.advance(end - self.dut.cycle)?;
        }
        Ok(())
    }

    /// Runs until `done` holds, failing with `what` after `limit` cycles.
    /// `done` is asked after every cycle in which something happened (an
    /// output other than the VGA pins and the draw counter changed, a
    /// driver changed a pin) and after at most a few thousand quiet cycles
    /// ([`CoreEnv::advance`]): a condition on the cycle count alone belongs
    /// in [`CoreEnv::run`].
    pub fn run_until(
        &mut self,
        limit: u64,
        what: &str,
        mut done: impl FnMut(&Self) -> bool,
    ) -> Result<(), Mismatch> {
        let start = self.dut.cycle;
        while !done(self) {
            if self.dut.cycle - start > limit {
                let m = Mismatch::new(
                    self.dut.cycle,
                    what,
                    format!("within {limit} cycles"),
                    "timed out",
                );
                return Err(self.first_of(m));
            }
            self.advance(limit.saturating_add(1) - (self.dut.cycle - start))?;
        }
        Ok(())
    }

    /// Sends `byte` so that the receiver takes it `into` cycles into a
    /// frame's video scan (docs/display.md, "Snapshot"), where a command
    /// must wait for the scan to end: with the keyboard drained, a probe
    /// byte (0x00, no key's code: the decoder ignores it) measures how long
    /// a byte takes from being queued to being received; the byte is then
    /// queued that long before the scan that follows the next snapshot by a
    /// frame. Returns the cycle in which it was received.
    pub fn key_into_the_scan(&mut self, byte: u8, into: u64) -> Result<u64, Mismatch> {
        self.drain()?;
        let queued = self.dut.cycle;
        self.ps2.send(0x00, Fault::None);
        self.run_until(FRAME_CYCLES, "probe byte", |e| e.out.kbd_byte_valid != 0)?;
        let latency = self.dut.cycle - queued;
        self.drain()?;
        self.run_until(2 * FRAME_CYCLES, "a snapshot", |e| e.out.snapshot != 0)?;
        let arrive = self.dut.cycle + FRAME_CYCLES + into;
        self.run(arrive - latency - self.dut.cycle)?;
        self.ps2.send(byte, Fault::None);
        self.run_until(2 * FRAME_CYCLES, "the timed byte", |e| {
            e.out.kbd_byte_valid != 0
        })?;
        Ok(self.dut.cycle)
    }

    /// A test's backdoor: sets cells of the board to `cells` in the RTL
    /// (board RAM and the machine player's copy, [`CoreDut::poke_cell`]) and
    /// in the golden model at once, outside the video scan, between two
    /// commands of a game in progress, on a person's turn: a position a game
    /// reaches only after hundreds of rounds, set up in one step. Every
    /// check goes on as before; the next frame shows the new board.
    pub fn poke(&mut self, cells: &[(Pos, Cell)]) -> Result<(), Mismatch> {
        self.backdoor_ready()?;
        for &(p, c) in cells {
            if !self.dut.poke_cell(p.index() as u8, c.to_bits()) {
                return Err(Mismatch::new(
                    self.dut.cycle,
                    "backdoor write",
                    "a model with a backdoor (the RTL, the generated mutants' design)",
                    "a netlist",
                ));
            }
            *self.sb.pred.golden.cell_mut(p) = c;
            *self.prev_golden.cell_mut(p) = c;
            self.prev_version += 1;
        }
        Ok(())
    }

    /// Waits for where a backdoor may write: a game in progress, on a
    /// person's turn, outside the video scan (which copies the state for the
    /// next frame).
    fn backdoor_ready(&mut self) -> Result<(), Mismatch> {
        self.drain()?;
        let g = self.golden();
        if g.phase != Phase::Playing || self.sb.pred.machine_turn() {
            return Err(Mismatch::new(
                self.dut.cycle,
                "backdoor write",
                "a game in progress, on a person's turn",
                format!(
                    "{:?}, machine's turn: {}",
                    g.phase,
                    self.sb.pred.machine_turn()
                ),
            ));
        }
        // Outside the scan, which copies the cells for the next frame.
        self.run_until(FRAME_CYCLES, "the video scan over", |e| {
            e.sb.last_snapshot()
                .is_none_or(|s| e.dut.cycle > s + crate::env::scoreboard::core::SCAN_CYCLES)
        })?;
        Ok(())
    }

    /// A test's backdoor: sets the round number to `round` in the RTL
    /// ([`CoreDut::poke_round`]) and in the golden model at once, where
    /// [`CoreEnv::poke`] writes: a round a game reaches only after hours of
    /// play (the panel's five digits, a 16-round boundary), set in one step.
    pub fn poke_round(&mut self, round: u16) -> Result<(), Mismatch> {
        self.backdoor_ready()?;
        if !self.dut.poke_round(round) {
            return Err(Mismatch::new(
                self.dut.cycle,
                "backdoor write",
                "a model with a round backdoor (the RTL)",
                "a netlist or the generated mutants' design",
            ));
        }
        self.sb.pred.golden.round = round;
        self.sb.golden_scalars_changed();
        self.prev_golden.round = round;
        self.prev_version += 1;
        Ok(())
    }

    /// Presses START so that the draw counter reads `map` when the press is
    /// recognised, and runs until the game has started (or, in PLAYING,
    /// until the ignored press is over).
    pub fn press_start(&mut self, map: u8, press: &Press) -> Result<(), Mismatch> {
        let start = self.schedule_start(map, press)?;
        self.run(start.cycles)?;
        self.finish_start(map, start)
    }

    /// The first half of [`CoreEnv::press_start`]: presses START (timed
    /// for `map`) and says in how many cycles the debounced press will be
    /// recognised; run those (doing what a test wants meanwhile), then
    /// [`CoreEnv::finish_start`].
    pub fn schedule_start(&mut self, map: u8, press: &Press) -> Result<ScheduledStart, Mismatch> {
        self.run_until(u64::MAX, "START button idle", |e| e.start_btn.idle())?;
        // Recognition latency of this waveform: run the predictor on a copy.
        let k = press
            .start_latency(self.sb.pred.buttons.clone())
            .ok_or_else(|| {
                Mismatch::new(
                    self.dut.cycle,
                    "START press",
                    "a press the debouncer recognises",
                    "too short or too bouncy",
                )
            })?;
        let v = u64::from(self.sb.draw());
        let delay = (u64::from(map) + 2 * DRAW_MODULUS - v - k % DRAW_MODULUS) % DRAW_MODULUS;
        self.start_btn.press(delay as u32, press);
        Ok(ScheduledStart {
            cycles: delay + k,
            starts: self.sb.pred.golden.phase != Phase::Playing,
        })
    }

    /// The second half of [`CoreEnv::press_start`], once the press is
    /// recognised: runs until the game has started on `map` (or, in
    /// PLAYING, until the ignored press is over).
    pub fn finish_start(&mut self, map: u8, start: ScheduledStart) -> Result<(), Mismatch> {
        if start.starts {
            self.run_until(START_LATENCY_MAX, "game start", |e| !e.sb.start_pending())?;
            // The predictor chose the delay; make sure the draw really hit `map`.
            if self.sb.pred.golden.map != map {
                return Err(Mismatch::new(
                    self.dut.cycle,
                    "map drawn by START",
                    map,
                    self.sb.pred.golden.map,
                ));
            }
        }
        self.run_until(u64::MAX, "START released", |e| {
            e.start_btn.idle() && !e.sb.pred.buttons.start.pressed()
        })
    }

    /// Presses RESET (with the keyboard quiet) and runs until it is released.
    pub fn press_reset(&mut self, press: &Press) -> Result<(), Mismatch> {
        self.drain()?;
        self.reset_btn.press(0, press);
        self.run_until(u64::MAX, "RESET released", Self::reset_over)?;
        self.run(2)
    }

    /// RESET pressed with a keyboard that does not wait for it (docs/rules.md
    /// §4): a frame of `byte` starts [`STRADDLE`] cycles before the reset's
    /// end (a debounce after the button's release) and runs on well past it,
    /// then `after` more follow, each after the usual idle gap. The frame
    /// whose start bit fell in reset must vanish, however long it runs on;
    /// the bus idles for longer than the arming time before each of the
    /// others, which arrive. Returns the frames typed.
    pub fn reset_while_typing(
        &mut self,
        byte: u8,
        after: usize,
        press: &Press,
    ) -> Result<usize, Mismatch> {
        self.drain()?;
        self.types_through_reset = true;
        let timing = Ps2Timing {
            clock_hz: STRADDLE_HZ,
            ..self.ps2.timing()
        };
        let result = self.typing_with(timing, |e| {
            e.reset_btn.press(0, press);
            e.run_until(u64::MAX, "RESET's pin released", |e| e.reset_btn.idle())?;
            let debounce = CoreDut::params().debounce_cycles;
            e.ps2.hold_exactly(debounce.saturating_sub(STRADDLE));
            for _ in 0..=after {
                e.ps2.send(byte, Fault::None);
            }
            e.run_until(u64::MAX, "RESET released", Self::reset_over)?;
            e.drain()
        });
        self.types_through_reset = false;
        result.map(|()| after + 1)
    }

    /// RESET on an idle bus, then a frame of `byte` whose start bit falls
    /// `from_arming` cycles after the receiver's arming time (docs/rules.md
    /// §4; negative: before it), the keyboard's clock without jitter: a
    /// keyboard that sends too soon, whose frame must vanish, or, within the
    /// scoreboard's margin around the arming time, one that may arrive whole
    /// or vanish whole ([`crate::env::scoreboard::kbd::KbdScoreboard::unsure_may_vanish`]).
    pub fn reset_then_frame(
        &mut self,
        byte: u8,
        from_arming: i32,
        press: &Press,
    ) -> Result<(), Mismatch> {
        self.drain()?;
        self.reset_btn.press(0, press);
        self.run_until(u64::MAX, "RESET applied", |e| e.sb.in_reset())?;
        self.run_until(u64::MAX, "RESET over", |e| !e.sb.in_reset())?;
        let timing = Ps2Timing {
            jitter: 0.0,
            ..self.ps2.timing()
        };
        self.typing_with(timing, |e| {
            // The frame's first clock phase is high: its start bit falls a
            // half period after the frame begins.
            let rx = *e.ps2.rx();
            let hold = i64::from(rx.arm_cycles) + i64::from(from_arming)
                - i64::from(timing.nominal_half_period());
            e.ps2.hold_exactly(hold.max(0) as u32);
            e.ps2.send(byte, Fault::None);
            e.run_until(u64::MAX, "RESET released", Self::reset_over)?;
            e.drain()?;
            // Past the time-out: a frame taken from a later data bit is
            // counted as bad only then.
            e.run(2 * u64::from(rx.timeout_cycles))
        })
    }

    /// Runs `body` with the keyboard typing at `timing`, and the timing it
    /// had restored after, whatever `body` returns.
    fn typing_with<T>(
        &mut self,
        timing: Ps2Timing,
        body: impl FnOnce(&mut Self) -> Result<T, Mismatch>,
    ) -> Result<T, Mismatch> {
        let before = self.ps2.timing();
        self.ps2.set_timing(timing);
        let result = body(self);
        self.ps2.set_timing(before);
        result
    }

    /// The RESET button released and the reset it made over.
    fn reset_over(&self) -> bool {
        self.reset_btn.idle()
            && !self.sb.pred.buttons.reset.pressed()
            && !self.sb.pred.buttons.rst()
    }

    /// Runs until every byte sent has been received and applied.
    pub fn drain(&mut self) -> Result<(), Mismatch> {
        let limit = (self.ps2.pending() as u64 + 2) * FRAME_CYCLES;
        self.run_until(
            limit,
            "keyboard drained (all bytes sent and applied)",
            |e| e.ps2.idle() && e.sb.drained(),
        )
    }

    /// Runs one script step (docs/rules.md key-script format); `map` is the map a
    /// `START` draws.
    pub fn run_step(&mut self, map: u8, step: &Step) -> Result<(), Mismatch> {
        match &step.action {
            Action::Start => {
                self.drain()?;
                self.press_start(map, &Press::clean(hold_cycles()))
            }
            Action::Reset => self.press_reset(&Press::clean(hold_cycles())),
            // A pause in typing: the keys before it are sent and applied first.
            Action::Wait(frames) => {
                self.drain()?;
                self.run(u64::from(*frames) * FRAME_CYCLES)
            }
            // The machine moves meanwhile (docs/rules.md §11); a whole machine game
            // is a few hundred frames at the bench's pace.
            Action::WaitTurn => {
                self.drain()?;
                self.run_until(WAIT_TURN_FRAMES * FRAME_CYCLES, "a person's turn", |e| {
                    !e.sb.pred.machine_turn()
                })
            }
            _ => {
                self.ps2.send_bytes(&step.ps2_bytes());
                Ok(())
            }
        }
    }
}
