//! Text rendering of a state for people (`Display`).
//!
//! ```text
//! playing  map 1  round 1  turn red (first red)  mode move_all
//! red: 2 troops on 1 cells  blue: 2 troops on 1 cells
//!        0      1      2      3  …
//!  0  .-     .-     .-     .-    …
//!  1  .-    [rC  2] .^     .-    …
//!  2  .-     .T     .-     .-    …
//!  …
//!  8  …    (bC  2) .-
//! ```
//!
//! Each cell is five characters `OKnnn` between two markers: owner `r` red, `b` blue, `.` NPC; kind `-` land,
//! `^` mountain, `C` capital, `T` tower; troops right-aligned, blank when 0.
//! `[…]` marks the current player's cursor, `(…)` the other player's.

use std::fmt;

use crate::game::GameState;
use crate::types::{Kind, Owner, Phase, Pos, SIZE};

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.phase {
            Phase::Idle => return writeln!(f, "idle (title screen)"),
            Phase::Playing => write!(f, "playing")?,
            Phase::GameOver => {
                let w = self.winner.map_or("nobody", |p| p.name());
                write!(f, "game_over winner {w}")?;
            }
        }
        writeln!(
            f,
            "  map {}  round {}  turn {} (first {})  mode {}",
            self.map,
            self.round,
            self.player.name(),
            self.first.name(),
            self.mode.name()
        )?;
        writeln!(
            f,
            "red: {} troops on {} cells  blue: {} troops on {} cells",
            self.total_troops(Owner::Red),
            self.cell_count(Owner::Red),
            self.total_troops(Owner::Blue),
            self.cell_count(Owner::Blue)
        )?;
        let header: String = (0..SIZE).map(|x| format!("    {x}  ")).collect();
        writeln!(f, "   {}", header.trim_end())?;
        let mine = self.cursor(self.player);
        let theirs = self.cursor(self.player.other());
        for y in 0..SIZE {
            let mut line = format!("{y:>2} ");
            for x in 0..SIZE {
                let p = Pos::new(x, y);
                let c = self.cell(p);
                let (l, r) = if p == mine {
                    ('[', ']')
                } else if p == theirs {
                    ('(', ')')
                } else {
                    (' ', ' ')
                };
                let owner = match c.owner {
                    Owner::Npc => '.',
                    Owner::Red => 'r',
                    Owner::Blue => 'b',
                };
                let kind = match c.kind {
                    Kind::Land => '-',
                    Kind::Mountain => '^',
                    Kind::Capital => 'C',
                    Kind::Tower => 'T',
                };
                let troops = if c.troops == 0 {
                    String::new()
                } else {
                    c.troops.to_string()
                };
                line.push_str(&format!("{l}{owner}{kind}{troops:>3}{r}"));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}
