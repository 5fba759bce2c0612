//! Co-simulation test bench of Generals: the Verilated RTL driven from Rust
//! at the pin level and checked against the golden models every clock cycle.
//!
//! Parts, named as verification engineers do: [`driver`] (PS/2, buttons),
//! [`scoreboard`] (RTL vs golden), [`dut`] (the Verilated models) and the
//! environments that wire them together ([`kbd_env`]).

pub mod app;
pub mod bench;
pub mod bot;
pub mod core_env;
pub mod coverage;
pub mod driver;
pub mod dut;
pub mod error;
mod ffi;
pub mod frames;
pub mod fuzz;
pub mod kbd_env;
pub mod live;
pub mod monitor;
pub mod outputs;
pub mod progress;
pub mod regress;
pub mod scoreboard;
pub mod sequence;
pub mod stimulus;
