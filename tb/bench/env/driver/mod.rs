//! **Drivers**: turn transactions (bytes, button presses) into pin levels.

pub mod button;
pub mod ps2;
