//! Co-simulation test bench of Generals: the Verilated RTL driven from Rust
//! at the pin level and checked against the golden models every clock cycle.
//!
//! In three layers, each using only those below it: [`infra`] (outputs,
//! inputs, bounds, the mismatch report), [`env`] (the Verilated models and
//! the driver, monitor, predictor, scoreboard and coverage around them) and
//! [`run`] (what each command runs); [`error`] is the errors of all three,
//! as the command line reports them.
//!
//! Two names are kept apart (docs/glossary.md): the *machine player* is the
//! RTL's (docs/rules.md §11, `machine_player.v`); [`env::greedy`] is the
//! bench's own simple player, which writes the person-driven demo's key
//! script. The *bench* is this crate; the *speed benchmark* is
//! [`run::speed`].

/// The board's clock: 50 MHz (docs/rules.md), from the number's one home,
/// `rtl/generals_defs.vh` (through `generals_defs`).
pub const CLOCK_HZ: u64 = generals_defs::CLOCK_HZ as u64;

pub mod env;
pub mod error;
mod ffi;
pub mod infra;
pub mod run;
