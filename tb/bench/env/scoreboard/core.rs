//! Core scoreboard: the game core's architectural state against the golden
//! models' prediction ([`crate::env::predictor`]) in every clock cycle (docs/verification.md
//! , revised: the board lives in a RAM).
//!
//! Protocol of the debug port: the scalar state changes only in a cycle in
//! which `dbg_applied` (a command was carried out; its code on `dbg_cmd`) or
//! `dbg_started` (a game started) is high, and in that cycle it already shows
//! the whole effect; and in the cycle after the internal reset was high.
//! Board cells change only through the RAM's write port (`dbg_we`,
//! `dbg_waddr`, `dbg_wdata`): a write is allowed only while a command or a
//! game start is being carried out, and must carry exactly the value the
//! cell has in the golden state after it; by the cycle the command is applied
//! (or the game started) every cell that differs between the golden states
//! before and after has been written. The whole board is read back from the
//! model and compared at every applied command, every start and every frame
//! ([`CoreScoreboard::compare_board`]).

use super::kbd::{KbdObs, KbdScoreboard};
use super::Mismatch;
use crate::env::coverage::functional::{self as coverage, Sample};
use crate::env::driver::ps2::SentFrame;
use crate::env::dut::{quiet_draw, CoreOut, CoreParams};
use crate::env::predictor::{CorePredictor, Edge};
use crate::ffi;
use generals_golden::keyboard::Command;
use generals_golden::{Cell, GameState, Phase, Pos, CELLS};
use generals_maps::Map;
use std::collections::VecDeque;

/// One video frame at 50 MHz: a command must be applied within this many
/// cycles of the end of its last PS/2 byte.
pub const FRAME_CYCLES: u64 = crate::env::monitor::vesa::vesa_numbers::FRAME_CYCLES;
/// Cycles the renderer's scan spends on one cell (docs/display.md, "Snapshot").
pub const SCAN_CYCLES_PER_CELL: u64 = 19;
/// Cycles after `dbg_snapshot` during which the renderer reads the cells from
/// the board RAM (docs/display.md, "Snapshot"; docs/parameters.md): a board
/// write then would tear the next frame, so none may happen.
pub const SCAN_CYCLES: u64 = CELLS as u64 * SCAN_CYCLES_PER_CELL;
/// A recognised START must start the game within this many cycles: the video
/// scan may hold the engine for about 3 000 cycles, then the map loads in
/// about 140.
pub const START_LATENCY_MAX: u64 = 8_192;
/// How much later than its `BOT_GAP` a machine command may be applied (docs/rules.md
/// §11: choosing takes up to a few thousand cycles — 100 cells read and up to
/// 400 candidates scored, about 2 300 — and the video scan may hold the engine
/// for about 3 500 more; the engine then takes a few hundred).
pub const MACHINE_SLACK: u64 = 8_192;

/// Events of one checked cycle, for statistics and frame dumps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CycleEvents {
    /// A command was applied.
    pub applied: Option<Command>,
    /// A game started.
    pub started: bool,
    /// The core was in reset.
    pub reset: bool,
    /// The board must now equal the golden board: read it back and call
    /// [`CoreScoreboard::compare_board`] (a command applied, a game
    /// started, or a frame's snapshot outside IDLE).
    pub compare_board: bool,
}

/// Counts over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoreStats {
    /// Commands applied (including ignored ones).
    pub commands: u64,
    /// Moves made (a command that changed the board).
    pub moves: u64,
    /// Cells that changed owner in a move.
    pub captures: u64,
    /// Games started.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Round ends.
    pub rounds: u64,
    /// Resets seen.
    pub resets: u64,
    /// Commands the machine player typed (and the golden machine predicted).
    pub machine_commands: u64,
    /// Keyboard commands consumed and ignored on a machine's turn.
    pub keys_on_machine_turn: u64,
}

/// The core scoreboard (see the module doc).
pub struct CoreScoreboard {
    /// The golden models, stepped by the pins: what the RTL must do.
    pub pred: CorePredictor,
    /// The keyboard path (bytes, FIFO, counters).
    pub kbd: KbdScoreboard,
    /// Commands the core has taken from the FIFO but not yet applied, with
    /// the cycle their last byte ended.
    in_game: VecDeque<(Command, u64)>,
    /// START recognised: (draw value, cycle).
    pending_start: Option<(u8, u64)>,
    prev_kbd: (bool, bool, u8),
    /// The golden state after the START being carried out.
    start_after: Option<GameState>,
    /// The golden state after the command at the front of `in_game`.
    cmd_after: Option<GameState>,
    /// Cells written since the command or start being carried out began.
    written: u128,
    /// The machine's pacing: cycles it waits before each command.
    bot_gap: u64,
    /// The cycle of the last applied command or game start: the machine's
    /// next command may not be applied before `BOT_GAP` cycles after it.
    pace_from: u64,
    /// The cycle of the last `dbg_snapshot`.
    last_snapshot: Option<u64>,
    /// The golden scalars packed as the shim packs `CoreOut::scalars`, and the
    /// bits that are part of the contract (only the phase in IDLE).
    golden_scalars: (u64, u64),
    /// The last command carried out (0 after reset): `dbg_cmd` holds it
    /// between `dbg_applied` pulses.
    last_cmd: u8,
    /// Totals.
    pub stats: CoreStats,
}

impl CoreScoreboard {
    /// A scoreboard for a core built with `params`, just powered up,
    /// playing from `maps`.
    pub fn new(maps: Vec<Map>, params: &CoreParams) -> Self {
        Self {
            pred: CorePredictor::new(maps, params),
            kbd: KbdScoreboard::new(&params.kbd),
            in_game: VecDeque::new(),
            pending_start: None,
            prev_kbd: (false, false, 0),
            start_after: None,
            cmd_after: None,
            written: 0,
            bot_gap: u64::from(params.bot_gap),
            pace_from: 0,
            last_snapshot: None,
            golden_scalars: packed_scalars(&GameState::new()),
            last_cmd: 0,
            stats: CoreStats::default(),
        }
    }

    /// Whether the core is in reset at this cycle's edge (the reset
    /// registered last cycle).
    pub fn in_reset(&self) -> bool {
        self.pred.in_reset()
    }

    /// The driver finished a PS/2 frame.
    pub fn frame_sent(&mut self, frame: SentFrame) {
        self.kbd.frame_sent(frame);
    }

    /// The draw counter value the golden model holds now.
    pub fn draw(&self) -> u8 {
        self.pred.draw.value()
    }

    /// The golden state's scalars were written outside a command (a test's
    /// backdoor, [`crate::env::core_env::CoreEnv::poke_round`]): the port is
    /// compared with them from the next cycle on.
    pub fn golden_scalars_changed(&mut self) {
        self.golden_scalars = packed_scalars(&self.pred.golden);
    }

    /// The cycle of the last `dbg_snapshot` pulse since the last reset.
    pub fn last_snapshot(&self) -> Option<u64> {
        self.last_snapshot
    }

    /// True when every byte sent has been applied as a command.
    pub fn drained(&self) -> bool {
        self.kbd.drained() && self.in_game.is_empty() && self.pending_start.is_none()
    }

    /// True while a recognised START has not yet started its game.
    pub fn start_pending(&self) -> bool {
        self.pending_start.is_some()
    }

    /// Checks one cycle: `keys` are the button pin levels before this edge,
    /// `out` the RTL outputs after it. The golden models step through the
    /// edge in the order the RTL's registers do; each part compares what it
    /// predicts at once.
    pub fn check(
        &mut self,
        cycle: u64,
        keys: (bool, bool),
        sw: u8,
        out: &CoreOut,
    ) -> Result<CycleEvents, Mismatch> {
        let mut ev = CycleEvents::default();
        let edge = self.pred.edge(keys, sw);
        self.reset_and_draw(cycle, &edge, out, &mut ev)?;
        self.seats(cycle, &edge, out)?;
        self.keyboard(cycle, edge.in_reset, out)?;
        self.board_write(cycle, out)?;
        if ev.reset {
            self.last_cmd = 0;
        }
        if out.applied != 0 {
            self.command_applied(cycle, out, &mut ev)?;
            self.last_cmd = out.cmd;
        } else if out.cmd != self.last_cmd {
            return Err(held_cmd(cycle, self.last_cmd, out.cmd));
        }
        if out.started != 0 {
            self.game_started(cycle, out, &mut ev)?;
        }
        self.start_recognised(cycle);
        self.deadlines(cycle)?;
        if ev.reset || ev.started || ev.applied.is_some() {
            self.golden_scalars = packed_scalars(&self.pred.golden);
        }
        self.compare_state(cycle, out)?;
        if out.snapshot != 0 && self.pred.golden.phase != Phase::Idle {
            ev.compare_board = true;
        }
        Ok(ev)
    }

    /// How many cycles after `cycle` (the last one checked, whose outputs
    /// are `out`) the golden models predict quiet, with the pins held at
    /// `keys`, `sw` and `ps2_clk` = `clk`: every output but the VGA pins and
    /// the draw counter stays as it is, and no deadline falls. Such cycles
    /// are checked by [`CoreScoreboard::skip_quiet`], given that the RTL's
    /// outputs held too. 0 when the next cycle must be checked on its own.
    pub fn quiet_budget(
        &self,
        cycle: u64,
        keys: (bool, bool),
        sw: u8,
        clk: bool,
        out: &CoreOut,
    ) -> u64 {
        let events = out.applied | out.started | out.snapshot | out.we | out.kbd_byte_valid;
        let pins = self.pred.pins_quiet_for(keys, sw);
        if pins == 0 || events != 0 || (out.kbd_cmd_valid != 0 && out.kbd_cmd_ready != 0) {
            return 0;
        }
        let due = |deadline: u64| deadline.saturating_sub(cycle);
        let start = self
            .pending_start
            .map_or(u64::MAX, |(_, at)| due(at + START_LATENCY_MAX));
        let command = self
            .in_game
            .front()
            .map_or(u64::MAX, |&(_, end)| due(end + FRAME_CYCLES));
        let machine = self.machine_deadline().map_or(u64::MAX, due);
        self.kbd
            .quiet_budget(cycle, clk)
            .min(pins)
            .min(start)
            .min(command)
            .min(machine)
    }

    /// Checks `n` quiet cycles `first..` (within
    /// [`CoreScoreboard::quiet_budget`]) in which the RTL's outputs held:
    /// the golden models hold too, but the draw counter, which the RTL's
    /// stepped by one a cycle from `draw_before` ([`CoreDut::burst`] stops
    /// at any other value), as the golden counter must, and the buttons'
    /// debounce counts, which run on unseen (the pins held at `keys`).
    ///
    /// [`CoreDut::burst`]: crate::env::dut::CoreDut::burst
    pub fn skip_quiet(
        &mut self,
        first: u64,
        n: u64,
        draw_before: u8,
        keys: (bool, bool),
        clk: bool,
    ) -> Result<(), Mismatch> {
        // Equal in the first quiet cycle, both count alike after it.
        let mut next = self.pred.draw;
        next.tick(false);
        let rtl = quiet_draw(draw_before, 0);
        if n > 0 && rtl != next.value() {
            return Err(Mismatch::new(first, "draw counter", next.value(), rtl));
        }
        self.pred.skip_quiet(keys, n);
        self.kbd.skip_quiet(clk, n);
        Ok(())
    }

    /// The internal reset and the draw counter after the edge; a reset
    /// registered last cycle clears everything in flight.
    fn reset_and_draw(
        &mut self,
        cycle: u64,
        edge: &Edge,
        out: &CoreOut,
        ev: &mut CycleEvents,
    ) -> Result<(), Mismatch> {
        if edge.in_reset {
            ev.reset = true;
            if edge.phase_before != Phase::Idle {
                self.stats.resets += 1;
            }
            self.kbd.reset();
            self.in_game.clear();
            self.pending_start = None;
            self.start_after = None;
            self.cmd_after = None;
            self.written = 0;
            self.last_snapshot = None;
        }
        if (out.rst != 0) != edge.rst {
            return Err(
                Mismatch::new(cycle, "internal reset (dbg_rst)", edge.rst, out.rst != 0)
                    .note("reset = power-on or debounced RESET, registered"),
            );
        }
        if out.draw != edge.draw {
            return Err(Mismatch::new(cycle, "draw counter", edge.draw, out.draw));
        }
        Ok(())
    }

    /// The seats: the switches, synchronised, latched by a START press
    /// outside PLAYING (docs/rules.md §11); cleared by reset.
    fn seats(&mut self, cycle: u64, edge: &Edge, out: &CoreOut) -> Result<(), Mismatch> {
        if out.seats != edge.seats.switches() {
            return Err(Mismatch::new(
                cycle,
                "machine seats (dbg_seats)",
                format!("{:02b}", edge.seats.switches()),
                format!("{:02b}", out.seats),
            )
            .note("SW[1:0], synchronised, latched by START outside PLAYING"));
        }
        Ok(())
    }

    /// The keyboard path: the FIFO pops at this edge if ready and valid were
    /// high before it; a popped command is handed to the game engine.
    fn keyboard(&mut self, cycle: u64, in_reset: bool, out: &CoreOut) -> Result<(), Mismatch> {
        let (prev_valid, prev_ready, prev_cmd) = self.prev_kbd;
        let obs = KbdObs {
            byte: (out.kbd_byte_valid != 0).then_some(out.kbd_byte),
            port_byte: out.kbd_byte,
            popped: (!in_reset && prev_valid && prev_ready).then_some(prev_cmd),
            head: (out.kbd_cmd_valid != 0).then_some(out.kbd_cmd),
            err_count: u64::from(out.kbd_err),
            ovf_count: u64::from(out.kbd_ovf),
        };
        self.prev_kbd = (out.kbd_cmd_valid != 0, out.kbd_cmd_ready != 0, out.kbd_cmd);
        let overflows = self.kbd.stats.overflows;
        let taken = self.kbd.check(cycle, &obs)?;
        // docs/rules.md §4: no command is ever lost. The keyboard alone may drop
        // one at a full FIFO (its consumer may stall); in the whole core the
        // engine takes each within a few hundred cycles while a PS/2 byte
        // takes half a millisecond, so a command dropped here is a bug.
        if self.kbd.stats.overflows != overflows {
            return Err(Mismatch::new(
                cycle,
                "keyboard command lost (FIFO overflow in the whole core)",
                "every decoded command taken by the engine",
                format!("{} dropped", self.kbd.stats.overflows - overflows),
            )
            .note("the engine did not take commands from the keyboard's FIFO in time"));
        }
        if let Some((cmd, end)) = taken {
            if self.pred.machine_turn() {
                self.stats.keys_on_machine_turn += 1;
                coverage::sample(Sample::KeyOnMachineTurn(self.pred.golden.player));
            } else {
                self.in_game.push_back((cmd, end));
            }
        }
        Ok(())
    }

    /// A write on the board RAM's port: never during the video scan, and
    /// only the golden after-value of a command or start being carried out.
    fn board_write(&mut self, cycle: u64, out: &CoreOut) -> Result<(), Mismatch> {
        if out.snapshot != 0 {
            self.last_snapshot = Some(cycle);
        }
        if out.we == 0 {
            return Ok(());
        }
        if let Some(s) = self.last_snapshot.filter(|&s| cycle - s <= SCAN_CYCLES) {
            return Err(Mismatch::new(
                cycle,
                "board write (dbg_we) during the video scan",
                format!("none within {SCAN_CYCLES} cycles of the snapshot at cycle {s}"),
                format!("cell {} written {} cycles after it", out.waddr, cycle - s),
            )
            .note("the renderer reads the cells then: the next frame would tear"));
        }
        self.check_write(cycle, out)
    }

    /// `dbg_applied`: on a machine's turn the command must come from the
    /// machine and be the next one the golden machine typed; otherwise from
    /// the keyboard, the next one taken from it, within a frame of its last
    /// byte. The golden model applies it, and every cell it changed must have
    /// been written.
    fn command_applied(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        ev: &mut CycleEvents,
    ) -> Result<(), Mismatch> {
        let by_machine = out.cmd_src != 0;
        if by_machine != self.pred.machine_turn() {
            let who = |m: bool| if m { "machine" } else { "keyboard" };
            return Err(Mismatch::new(
                cycle,
                "command source (dbg_cmd_src)",
                who(self.pred.machine_turn()),
                who(by_machine),
            )
            .note(format!(
                "{} to move; the machine plays {:?}",
                self.pred.golden.player.name(),
                self.pred.seats
            )));
        }
        let actual = Command::from_code(out.cmd);
        if by_machine {
            let expected = self.pred.machine_next();
            if expected != actual || actual.is_none() {
                return Err(Mismatch::new(
                    cycle,
                    "machine command (dbg_cmd)",
                    format!("{expected:?}"),
                    format!("{actual:?} ({:03b})", out.cmd),
                )
                .note(format!("golden state: {}", self.pred.golden.to_json())));
            }
            self.paced(cycle)?;
            self.pred.machine_typed();
            self.stats.machine_commands += 1;
            return self.apply_checked(cycle, expected.unwrap_or(Command::W), true, ev);
        }
        match self.in_game.pop_front() {
            Some((cmd, end)) if Some(cmd) == actual => {
                if cycle > end + FRAME_CYCLES {
                    return Err(Mismatch::new(
                        cycle,
                        "command latency",
                        format!("<= {FRAME_CYCLES} cycles"),
                        cycle - end,
                    )
                    .note(format!(
                        "command {cmd:?} whose last byte ended at cycle {end}"
                    )));
                }
                self.apply_checked(cycle, cmd, false, ev)
            }
            Some((cmd, _)) => Err(Mismatch::new(
                cycle,
                "applied command (dbg_cmd)",
                format!("{cmd:?}"),
                format!("{actual:?} ({:03b})", out.cmd),
            )),
            None => Err(Mismatch::new(
                cycle,
                "applied command (dbg_cmd)",
                "none (no command taken from the keyboard)",
                format!("{actual:?} ({:03b})", out.cmd),
            )),
        }
    }

    /// The golden model applies `cmd`; every cell it changed must have been
    /// written.
    fn apply_checked(
        &mut self,
        cycle: u64,
        cmd: Command,
        by_machine: bool,
        ev: &mut CycleEvents,
    ) -> Result<(), Mismatch> {
        let before = self.pred.golden.clone();
        self.apply(cmd, by_machine);
        self.cmd_after = None;
        self.pace_from = cycle;
        if self.pending_start.is_none() {
            self.check_written(cycle, &before, "command applied (dbg_applied)")?;
        }
        ev.applied = Some(cmd);
        ev.compare_board = true;
        Ok(())
    }

    /// docs/rules.md §11 pacing: a machine command comes `BOT_GAP` cycles after the
    /// command or game start before it, give or take the choosing and the
    /// engine ([`MACHINE_SLACK`]).
    fn paced(&self, cycle: u64) -> Result<(), Mismatch> {
        let waited = cycle - self.pace_from;
        let (min, max) = self.pace_window();
        if (min..=max).contains(&waited) {
            return Ok(());
        }
        Err(Mismatch::new(
            cycle,
            "machine pacing",
            format!("{min}..={max} cycles after the last command or start"),
            waited,
        )
        .note(format!("BOT_GAP = {}", self.bot_gap)))
    }

    /// `dbg_started`: only after a recognised START, never with a command;
    /// the golden model starts the game on the drawn map, and every cell the
    /// map load changed must have been written.
    fn game_started(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        ev: &mut CycleEvents,
    ) -> Result<(), Mismatch> {
        if out.applied != 0 {
            return Err(Mismatch::new(
                cycle,
                "dbg_started with dbg_applied",
                "never both",
                "both high",
            ));
        }
        let Some((value, _)) = self.pending_start.take() else {
            return Err(Mismatch::new(
                cycle,
                "game start (dbg_started)",
                "no start (no START recognised in IDLE/GAME_OVER)",
                "started",
            ));
        };
        let before = self.pred.golden.clone();
        if let Err(e) = self.pred.golden.start(value, &self.pred.maps) {
            return Err(Mismatch::new(cycle, "golden start", "a loadable map", e));
        }
        self.start_after = None;
        self.pred.machine_replan();
        self.pace_from = cycle;
        self.check_written(cycle, &before, "game started (dbg_started)")?;
        coverage::sample(Sample::Started {
            from: before.phase,
            after: &self.pred.golden,
            seats: self.pred.seats,
        });
        self.stats.games += 1;
        ev.started = true;
        ev.compare_board = true;
        Ok(())
    }

    /// A START press recognised outside PLAYING: the game must start on the
    /// map the draw counter shows now.
    fn start_recognised(&mut self, cycle: u64) {
        if self.pred.start_pressed() && self.pred.golden.phase == Phase::Playing {
            coverage::sample(Sample::StartIgnored);
        }
        if self.pred.start_pressed()
            && self.pred.golden.phase != Phase::Playing
            && self.pending_start.is_none()
        {
            self.pending_start = Some((self.pred.draw.value(), cycle));
            let mut after = self.pred.golden.clone();
            // A map that cannot load is reported when the core starts the game.
            self.start_after = after
                .start(self.pred.draw.value(), &self.pred.maps)
                .ok()
                .map(|_| after);
        }
    }

    /// The last cycle in which the machine, to move, may type its next
    /// command (docs/rules.md §11 pacing, [`CoreScoreboard::paced`]); none
    /// when a person is to move or no game is being played.
    fn machine_deadline(&self) -> Option<u64> {
        (self.pred.machine_turn() && self.pending_start.is_none())
            .then(|| self.pace_from + self.pace_window().1)
    }

    /// The cycles a machine command may come after the command or game
    /// start before it: at least `BOT_GAP`, at most [`MACHINE_SLACK`] more.
    fn pace_window(&self) -> (u64, u64) {
        (self.bot_gap, self.bot_gap + MACHINE_SLACK)
    }

    /// A START not carried out in time, a command not applied within a
    /// frame of its last byte, or a machine to move that stopped typing.
    fn deadlines(&self, cycle: u64) -> Result<(), Mismatch> {
        if let Some((_, at)) = self.pending_start {
            if cycle > at + START_LATENCY_MAX {
                return Err(Mismatch::new(
                    cycle,
                    "game start (dbg_started)",
                    format!("within {START_LATENCY_MAX} cycles of START at cycle {at}"),
                    "no start",
                ));
            }
        }
        if let Some(&(cmd, end)) = self.in_game.front() {
            if cycle > end + FRAME_CYCLES {
                return Err(Mismatch::new(
                    cycle,
                    "command latency",
                    format!("{cmd:?} applied within one frame"),
                    "not applied",
                )
                .note(format!("its last byte ended at cycle {end}")));
            }
        }
        if let Some(last) = self.machine_deadline() {
            if cycle > last {
                let (min, max) = self.pace_window();
                return Err(Mismatch::new(
                    cycle,
                    "machine pacing",
                    format!("a command {min}..={max} cycles after the last command or start"),
                    "none: the machine to move typed nothing",
                )
                .note(format!(
                    "last command or start at cycle {}; golden state: {}",
                    self.pace_from,
                    self.pred.golden.to_json()
                )));
            }
        }
        Ok(())
    }

    /// The golden state the cells being written now must reach: after the
    /// START being carried out, else after the command being carried out.
    fn write_target(&mut self) -> Option<&GameState> {
        if self.pending_start.is_some() {
            return self.start_after.as_ref();
        }
        let cmd = match self.in_game.front() {
            Some(&(cmd, _)) => cmd,
            None if self.pred.machine_turn() => self.pred.machine_next()?,
            None => return None,
        };
        if self.cmd_after.is_none() {
            let mut after = self.pred.golden.clone();
            after.apply(cmd);
            self.cmd_after = Some(after);
        }
        self.cmd_after.as_ref()
    }

    /// A write on the board RAM's port: allowed only while a command or a
    /// start is carried out, and only with the cell's golden after-value.
    fn check_write(&mut self, cycle: u64, out: &CoreOut) -> Result<(), Mismatch> {
        let idx = usize::from(out.waddr);
        let value = Cell::from_bits(out.wdata);
        let shown = match value {
            Ok(c) => cell_text(Some(c)),
            Err(_) => format!("undecodable bits {:#06x}", out.wdata),
        };
        let Some(after) = self.write_target() else {
            return Err(Mismatch::new(
                cycle,
                "board write (dbg_we)",
                "none: no command or START is being carried out",
                format!("cell {idx} <- {shown}"),
            ));
        };
        if idx >= CELLS {
            return Err(Mismatch::new(
                cycle,
                "board write address (dbg_waddr)",
                format!("a cell 0 … {}", CELLS - 1),
                idx,
            ));
        }
        let exp = after.cells[idx];
        if value != Ok(exp) {
            let p = Pos::from_index(idx);
            let note = format!("golden state after: {}", after.to_json());
            if let Some(m) = self.machine_other_move(cycle, idx, value.ok()) {
                return Err(m.note(note));
            }
            return Err(Mismatch::new(
                cycle,
                format!("board write to cell ({}, {})", p.x, p.y),
                format!("{} (its value after the command)", cell_text(Some(exp))),
                shown,
            )
            .note(note));
        }
        self.written |= 1u128 << idx;
        Ok(())
    }

    /// On the machine's turn a wrong choice of move shows first in its
    /// move's board writes (the cursor keys before it may be the same): when
    /// the written `value` of cell `idx` is what another command of the
    /// machine would have left there, the mismatch is the machine's command,
    /// named as such.
    fn machine_other_move(
        &mut self,
        cycle: u64,
        idx: usize,
        value: Option<Cell>,
    ) -> Option<Mismatch> {
        if self.pending_start.is_some() || !self.in_game.is_empty() || !self.pred.machine_turn() {
            return None;
        }
        let value = value?;
        let expected = self.pred.machine_next()?;
        let golden = &self.pred.golden;
        let other = Command::ALL
            .into_iter()
            .filter(|&c| c != expected)
            .find(|&c| {
                let mut g = golden.clone();
                g.apply(c);
                g.cells[idx] == value && g.cells[idx] != golden.cells[idx]
            })?;
        let p = Pos::from_index(idx);
        Some(
            Mismatch::new(
                cycle,
                "machine command (dbg_cmd), seen in its move's board write",
                format!("{expected:?}"),
                format!(
                    "{other:?} (cell ({}, {}) written as that command leaves it)",
                    p.x, p.y
                ),
            )
            .note(format!("golden machine's state: {}", golden.to_json())),
        )
    }

    /// Every cell that differs between `before` and the golden state now must
    /// have been written; then a new command or start begins.
    fn check_written(
        &mut self,
        cycle: u64,
        before: &GameState,
        what: &str,
    ) -> Result<(), Mismatch> {
        let missing = (0..CELLS).find(|&i| {
            before.cells[i] != self.pred.golden.cells[i] && self.written & (1u128 << i) == 0
        });
        self.written = 0;
        if let Some(i) = missing {
            let p = Pos::from_index(i);
            return Err(Mismatch::new(
                cycle,
                what,
                format!(
                    "cell ({}, {}) written with {} before",
                    p.x,
                    p.y,
                    cell_text(Some(self.pred.golden.cells[i]))
                ),
                "never written",
            )
            .note(format!("golden state: {}", self.pred.golden.to_json())));
        }
        Ok(())
    }

    /// Compares the board read back from the RTL's RAM with the golden board.
    pub fn compare_board(&self, cycle: u64, cells: &[u16; CELLS]) -> Result<(), Mismatch> {
        let g = &self.pred.golden;
        if g.phase == Phase::Idle {
            return Ok(()); // docs/rules.md §5: in IDLE only the phase is part of the contract
        }
        for (i, &bits) in cells.iter().enumerate() {
            let exp = g.cells[i];
            let act = Cell::from_bits(bits).ok();
            if act != Some(exp) {
                let p = Pos::from_index(i);
                return Err(Mismatch::new(
                    cycle,
                    format!("cell ({}, {}) read back from the board RAM", p.x, p.y),
                    cell_text(Some(exp)),
                    cell_text(act),
                )
                .note(format!("golden state: {}", g.to_json())));
            }
        }
        Ok(())
    }

    fn apply(&mut self, cmd: Command, by_machine: bool) {
        let before = self.pred.golden.clone();
        let outcome = self.pred.golden.apply(cmd);
        coverage::sample(Sample::Command {
            before: &before,
            cmd,
            outcome,
            after: &self.pred.golden,
            by_machine,
        });
        self.stats.commands += 1;
        if before.cells != self.pred.golden.cells {
            self.stats.moves += 1;
            let owners = |s: &GameState| s.cells.iter().map(|c| c.owner).collect::<Vec<_>>();
            let (a, b) = (owners(&before), owners(&self.pred.golden));
            self.stats.captures += a.iter().zip(&b).filter(|(x, y)| x != y).count() as u64;
        }
        self.stats.rounds += u64::from(self.pred.golden.round.wrapping_sub(before.round));
        if self.pred.golden.phase == Phase::GameOver && before.phase == Phase::Playing {
            self.stats.wins += 1;
        }
    }

    fn compare_state(&mut self, cycle: u64, out: &CoreOut) -> Result<(), Mismatch> {
        let (exp, mask) = self.golden_scalars;
        if (out.scalars ^ exp) & mask == 0 {
            return Ok(());
        }
        // They differ: find the field for the report.
        let g = &self.pred.golden;
        if out.phase() != g.phase.code() {
            return Err(Mismatch::new(
                cycle,
                "phase",
                g.phase.name(),
                phase_name(out.phase()),
            ));
        }
        if g.phase == Phase::Idle {
            return Ok(()); // docs/rules.md §5: in IDLE only the phase is part of the contract
        }
        let s = g.port_scalars();
        let xy = |p: (u8, u8)| (p.0 << 4) | p.1;
        let fields: [(&str, u32, u32); 9] = [
            ("winner", s.winner.into(), out.winner().into()),
            ("player", s.player.into(), out.player().into()),
            ("first", s.first.into(), out.first().into()),
            ("mode", s.mode.into(), out.mode().into()),
            (
                "cursor red {x,y}",
                xy(s.cursor_red).into(),
                out.cursor_red().into(),
            ),
            (
                "cursor blue {x,y}",
                xy(s.cursor_blue).into(),
                out.cursor_blue().into(),
            ),
            ("round", s.round.into(), out.round().into()),
            ("map", s.map.into(), out.map().into()),
            ("phase", s.phase.into(), out.phase().into()),
        ];
        for (name, exp, act) in fields {
            if exp != act {
                return Err(
                    Mismatch::new(cycle, name, format!("{exp:#x}"), format!("{act:#x}"))
                        .note(format!("golden state: {}", g.to_json())),
                );
            }
        }
        // Every field agrees, so bits outside them differ: report the words.
        Err(Mismatch::new(
            cycle,
            "debug-port scalars (packed by the shim)",
            format!("{exp:#x}"),
            format!("{:#x}", out.scalars & mask),
        ))
    }
}

/// The golden state's scalars packed as `CoreOut::scalars` (tb/shim/shim.h),
/// with the mask of the bits in the contract: only the phase in IDLE
/// (docs/rules.md §5).
fn packed_scalars(g: &GameState) -> (u64, u64) {
    let s = g.port_scalars();
    let xy = |p: (u8, u8)| u64::from((p.0 << 4) | p.1);
    let v = u64::from(s.phase) << ffi::CORE_SCALAR_PHASE_LSB
        | u64::from(s.winner) << ffi::CORE_SCALAR_WINNER_LSB
        | u64::from(s.player) << ffi::CORE_SCALAR_PLAYER_LSB
        | u64::from(s.first) << ffi::CORE_SCALAR_FIRST_LSB
        | u64::from(s.mode) << ffi::CORE_SCALAR_MODE_LSB
        | xy(s.cursor_red) << ffi::CORE_SCALAR_CURSOR_RED_LSB
        | xy(s.cursor_blue) << ffi::CORE_SCALAR_CURSOR_BLUE_LSB
        | u64::from(s.round) << ffi::CORE_SCALAR_ROUND_LSB
        | u64::from(s.map) << ffi::CORE_SCALAR_MAP_LSB;
    // In IDLE only the phase is defined (docs/verification.md).
    let mask = if g.phase == Phase::Idle {
        ((1u64 << ffi::CORE_SCALAR_PHASE_W) - 1) << ffi::CORE_SCALAR_PHASE_LSB
    } else {
        (1u64 << ffi::CORE_SCALAR_BITS) - 1
    };
    (v, mask)
}

fn phase_name(code: u8) -> String {
    match code {
        0 => "idle".into(),
        1 => "playing".into(),
        2 => "game_over".into(),
        c => format!("invalid ({c})"),
    }
}

fn cell_text(c: Option<Cell>) -> String {
    match c {
        Some(c) => format!("{} {} {}", c.owner.name(), c.kind.name(), c.troops),
        None => "undecodable bits".into(),
    }
}

/// `dbg_cmd` moved while `dbg_applied` was low.
#[cold]
fn held_cmd(cycle: u64, last: u8, actual: u8) -> Mismatch {
    Mismatch::new(
        cycle,
        "applied command held (dbg_cmd)",
        format!("{last:03b}, the last command carried out"),
        format!("{actual:03b}"),
    )
    .note("dbg_cmd keeps the last command carried out (0 after reset) while dbg_applied is low")
}
