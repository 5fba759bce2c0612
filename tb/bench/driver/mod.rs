//! **Drivers**: turn transactions (bytes, button presses) into pin levels.

pub mod ps2;
