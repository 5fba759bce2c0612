//! **Predictor**: the golden models of the whole core, stepped by the pins
//! the drivers drove, through each clock edge in the order the RTL's
//! registers step: the buttons' debouncers and the power-on reset, the draw
//! counter, the switches' synchroniser and the seats START latches (docs/rules.md
//! §3, §11), the golden game and the machine player's plan of its turn. It
//! says what the RTL must do; it compares nothing. The scoreboard
//! ([`crate::env::scoreboard::core`]) holds one, asks it, and compares.

use crate::env::coverage::functional::{self as coverage, Sample};
use crate::env::dut::CoreParams;
use generals_golden::buttons::ButtonsModel;
use generals_golden::keyboard::Command;
use generals_golden::machine::{self, Seats};
use generals_golden::{DrawCounter, GameState, Phase};
use generals_maps::Map;
use std::collections::VecDeque;

/// What one clock edge does to the pins' models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The core was in reset at this edge (the reset registered last cycle):
    /// the golden game was reset.
    pub in_reset: bool,
    /// The phase the game was in before the edge.
    pub phase_before: Phase,
    /// The internal reset after the edge (`dbg_rst`).
    pub rst: bool,
    /// The draw counter after the edge (`dbg_draw`).
    pub draw: u8,
    /// The seats after the edge (`dbg_seats`).
    pub seats: Seats,
}

/// The golden models of the core (see the module doc).
pub struct CorePredictor {
    /// The maps START loads.
    pub maps: Vec<Map>,
    /// The golden game state, as the RTL must show it now.
    pub golden: GameState,
    /// The draw counter.
    pub draw: DrawCounter,
    /// The buttons' debouncers and the power-on reset.
    pub buttons: ButtonsModel,
    /// The internal reset registered at the last edge.
    rst_prev: bool,
    /// The colours the machine plays (docs/rules.md §11), as latched at START.
    pub seats: Seats,
    /// The switches driven one and two cycles ago (the RTL synchronises them).
    sw_hist: [u8; 2],
    /// The debounced START press as the RTL's latch sees it at this edge
    /// (the button's registered output of the cycle before).
    start_press_prev: bool,
    /// The rest of the machine's turn as the golden machine planned it.
    machine_plan: VecDeque<Command>,
    /// The core was in reset at the last edge (a RESET press is sampled
    /// for coverage once, as it begins).
    reset_sampled: bool,
}

impl CorePredictor {
    /// The models of a core built with `params`, just powered up, playing
    /// from `maps`.
    pub fn new(maps: Vec<Map>, params: &CoreParams) -> Self {
        Self {
            maps,
            golden: GameState::new(),
            draw: DrawCounter::new(),
            buttons: ButtonsModel::new(params.debounce_cycles, params.por_cycles),
            rst_prev: true, // the core powers up in reset (rtl/generals_core.v)
            seats: Seats::PEOPLE,
            sw_hist: [0; 2],
            start_press_prev: false,
            machine_plan: VecDeque::new(),
            reset_sampled: true,
        }
    }

    /// Whether the core is in reset at this cycle's edge (the reset
    /// registered last cycle).
    pub fn in_reset(&self) -> bool {
        self.rst_prev
    }

    /// Steps the pins' models through one edge: `keys` are the button pin
    /// levels (RESET, START) before it, `sw` the switches. A reset
    /// registered at the last edge resets the golden game and the machine's
    /// plan (what else was in flight is the scoreboard's to clear).
    pub fn edge(&mut self, keys: (bool, bool), sw: u8) -> Edge {
        self.buttons.step(keys.0, keys.1);
        let in_reset = self.rst_prev;
        let phase_before = self.golden.phase;
        self.draw.tick(in_reset);
        if in_reset && !self.reset_sampled && self.buttons.reset.pressed() {
            coverage::sample(Sample::Reset(phase_before));
        }
        self.reset_sampled = in_reset;
        if in_reset {
            self.golden.reset();
            self.machine_plan.clear();
        }
        self.rst_prev = self.buttons.rst();
        // The switches, synchronised, latched by a START press outside
        // PLAYING (docs/rules.md §11); cleared by reset.
        let synced = self.sw_hist[1];
        self.sw_hist = [sw, self.sw_hist[0]];
        let press = std::mem::replace(&mut self.start_press_prev, self.buttons.start_press());
        if in_reset {
            self.seats = Seats::PEOPLE;
        } else if press && self.golden.phase != Phase::Playing {
            self.seats = Seats::from_switches(synced);
        }
        Edge {
            in_reset,
            phase_before,
            rst: self.buttons.rst(),
            draw: self.draw.value(),
            seats: self.seats,
        }
    }

    /// How many edges with the pins held at `keys` and `sw` change nothing
    /// a scoreboard sees: 0 unless no reset is registered, the switches are
    /// synchronised and no START press is on its way to the latch; then the
    /// buttons' quiet edges ([`ButtonsModel::quiet_for`]: unbounded when
    /// they are settled, else until a debounced level flips).
    ///
    /// [`ButtonsModel::quiet_for`]: generals_golden::buttons::ButtonsModel::quiet_for
    pub fn pins_quiet_for(&self, keys: (bool, bool), sw: u8) -> u64 {
        if self.rst_prev || self.sw_hist != [sw, sw] || self.start_press_prev {
            return 0;
        }
        self.buttons.quiet_for(keys.0, keys.1)
    }

    /// `n` edges within [`CorePredictor::pins_quiet_for`] with the pins at
    /// `keys`: the buttons' counts run on, the draw counter steps `n` times.
    pub fn skip_quiet(&mut self, keys: (bool, bool), n: u64) {
        self.buttons.skip(keys.0, keys.1, n);
        self.draw.advance(n);
    }

    /// A START press recognised at this edge outside reset (the game starts
    /// on it outside PLAYING).
    pub fn start_pressed(&self) -> bool {
        self.buttons.start_press() && !self.buttons.rst()
    }

    /// The colours the display marks as the machine's, as the RTL's registers
    /// hold them after this cycle: the live (synchronised) switches on the
    /// title screen, else the latched seats (docs/rules.md §11).
    pub fn shown_machine(&self) -> Seats {
        if self.golden.phase == Phase::Idle {
            Seats::from_switches(self.sw_hist[1])
        } else {
            self.seats
        }
    }

    /// Whether a machine-played colour is to move (its keyboard commands are
    /// consumed and ignored).
    pub fn machine_turn(&self) -> bool {
        self.golden.phase == Phase::Playing && self.seats.plays(self.golden.player)
    }

    /// The machine's next command, from the golden machine's plan of its turn.
    pub fn machine_next(&mut self) -> Option<Command> {
        if self.machine_plan.is_empty() {
            let (choice, cmds) = machine::turn(&self.golden, self.golden.player)?;
            coverage::sample(Sample::MachineChoice(&self.golden, choice));
            self.machine_plan = cmds.into();
        }
        self.machine_plan.front().copied()
    }

    /// The machine typed its next command.
    pub fn machine_typed(&mut self) {
        self.machine_plan.pop_front();
    }

    /// A game started: the machine plans afresh.
    pub fn machine_replan(&mut self) {
        self.machine_plan.clear();
    }
}
