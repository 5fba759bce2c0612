//! **Scoreboards**: compare what the RTL does with what the golden models
//! predict, every cycle, and stop at the first difference.

pub mod core;
pub mod dvi;
pub mod kbd;
pub mod pixels;

pub use crate::infra::mismatch::Mismatch;
