//! Golden model of Generals (docs/rules.md §3–§5): the rules engine, the draw
//! counter, the buttons and power-on reset, the PS/2 keyboard decoder and
//! its command FIFO, and key scripts; and the DVI output's TMDS encoder
//! (docs/board.md (the ULX3S)). Plain Rust, no RTL.
//!
//! The rules as implemented are described for people in `docs/rules.md`.

pub mod buttons;
pub mod draw;
pub mod game;
pub mod json;
pub mod keyboard;
pub mod machine;
pub mod port;
pub mod runner;
pub mod script;
pub mod text;
pub mod tmds;
pub mod types;

pub use draw::{DrawCounter, DRAW_MODULUS};
pub use game::{GameState, LoadError, MoveReport, Outcome};
pub use json::JsonError;
pub use port::PortScalars;
pub use runner::{run_script, run_with_machine, RunError};
pub use script::{parse_script, Action, Key, ScriptError, Step, WAIT_MAX};
pub use tmds::TmdsEncoder;
pub use types::{
    direction, player_code, sat_add, Cell, CellBitsError, Command, Kind, Mode, Owner, Phase,
    Player, Pos, CELLS, MAX_TROOPS, MOVE_MIN_TROOPS, SIZE,
};
