//! The verification **environment**, named as verification engineers do:
//! [`dut`] (the Verilated models), [`driver`] (PS/2, buttons), [`monitor`]
//! (pins back into transactions), [`predictor`] (the golden models stepped
//! by the pins), [`scoreboard`] (RTL against prediction), [`coverage`], and
//! the environments that wire them ([`kbd_env`], [`core_env`], with the VGA
//! check of [`vga_check`] and its frame sinks, [`frames`], on a thread of
//! its own with [`check_thread`]); the stimulus:
//! recorded pins ([`stimulus`]), the fuzz's sequence ([`sequence`]) and the
//! bench's own simple player ([`greedy`]).

pub mod check_thread;
pub mod core_env;
pub mod coverage;
pub mod driver;
pub mod dut;
pub mod frames;
pub mod greedy;
pub mod kbd_env;
pub mod monitor;
pub mod predictor;
pub mod scoreboard;
pub mod sequence;
pub mod stimulus;
pub mod vga_check;
