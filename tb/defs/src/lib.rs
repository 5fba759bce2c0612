//! The numbers and codes the Generals RTL and the bench share — the board's
//! side, the cell word's fields, the troop limit and the move threshold,
//! the phase, player, mode, kind and command codes, the clock — read at
//! build time from their one home, `rtl/generals_defs.vh`, which the RTL
//! includes. A change to one of them is a change to that file alone; each
//! is pinned to the project's written rules (`docs/rules.md`, "Shared
//! numbers and codes") by `tests/pinned.rs`, so that one wrong value cannot
//! make the RTL and the golden model agree on a wrong game.
//!
//! What is kept apart on purpose is not here: the golden model's rules and
//! its keyboard's scan-code table are written from the spec on their own,
//! so that they check the RTL's rather than repeat them.

include!(concat!(env!("OUT_DIR"), "/defs.rs"));
