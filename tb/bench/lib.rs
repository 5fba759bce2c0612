//! Co-simulation test bench of Generals: the Verilated RTL driven from Rust
//! at the pin level and checked against the golden models every clock cycle.
//!
//! Parts, named as verification engineers do: [`driver`] (PS/2, buttons),
//! [`monitor`] (pins back into transactions), [`predictor`] (the golden
//! models stepped by the pins), [`scoreboard`] (RTL vs prediction),
//! [`coverage`], [`dut`] (the Verilated models) and the environments that
//! wire them together ([`kbd_env`], [`core_env`], with the VGA check of
//! [`vga_check`]).
//!
//! Two names are kept apart (docs/glossary.md): the *machine player* is the
//! RTL's (docs/rules.md §11, `machine_player.v`); [`greedy`] is the bench's own
//! simple player, which writes the person-driven demo's key script. The
//! *bench* is this crate; the *speed benchmark* is [`speed`].

/// The board's clock: 50 MHz (docs/rules.md), from the number's one home,
/// `rtl/generals_defs.vh` (through `generals_defs`).
pub const CLOCK_HZ: u64 = generals_defs::CLOCK_HZ as u64;

pub mod app;
pub mod bounds;
pub mod core_env;
pub mod coverage;
pub mod driver;
pub mod dut;
pub mod error;
mod ffi;
pub mod frames;
pub mod fuzz;
pub mod greedy;
pub mod inputs;
pub mod kbd_env;
pub mod live;
pub mod mismatch;
pub mod monitor;
pub mod outputs;
pub mod predictor;
pub mod progress;
pub mod regress;
pub mod scoreboard;
pub mod sequence;
pub mod speed;
pub mod stimulus;
pub mod vga_check;
