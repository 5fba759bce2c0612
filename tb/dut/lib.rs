//! The Verilated models of the Generals RTL (`generals_core`, `kbd_frontend`)
//! and of its gate-level netlist, with the C ABI shim around them
//! (`tb/shim/shim.h`), compiled by this crate's build script and linked into
//! whatever uses it. The shim's Rust FFI is the `generals` crate's
//! (`generals::ffi`); this crate holds no Rust code besides the facts below.

/// The RTL folder the models were built from: `rtl/`, or `GENERALS_RTL_DIR`
/// at build time (scripts/mutants). Tests that hand the RTL to another tool
/// use this folder, so that they see the same design.
pub const RTL_DIR: &str = env!("GENERALS_RTL_BUILT");

/// What identifies the design the models are built from: a hash of the RTL
/// folder, the maps and the cover points. Coverage files carry it, so that
/// files of another design are never merged.
pub const BUILD_ID: &str = env!("GENERALS_BUILD_ID");

/// Whether the models are the coverage build (feature `coverage`): they
/// write coverage files into `GENERALS_COVERAGE_DIR`.
pub const COVERAGE: bool = cfg!(feature = "coverage");

include!(concat!(env!("OUT_DIR"), "/facts.rs"));
