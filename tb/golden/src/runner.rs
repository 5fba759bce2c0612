//! The golden-only runner behind `generals golden --map N (--keys … | --script FILE)`:
//! plays a key script on the golden model alone (no RTL).

use generals_maps::Map;
use thiserror::Error;

use crate::game::{GameState, LoadError};
use crate::keyboard::Decoder;
use crate::script::{Action, Step};

/// Error of [`run_script`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RunError {
    /// The game could not be started on the map asked for.
    #[error("cannot start a game: {0}")]
    Start(#[from] LoadError),
}

/// Play `steps` on a fresh game started on map `map` (first player by the
/// parity of `map`, GAME.md §3) and return the final state.
///
/// Each step acts as on the board: a key step's scan-code bytes
/// ([`Step::ps2_bytes`]) and RAW bytes go through the golden keyboard
/// decoder, and every command it yields is applied; `START` starts a new game
/// on map `map` (ignored while playing); `RESET` resets the game and the
/// keyboard decoder; `WAIT` does nothing.
pub fn run_script(map: u8, steps: &[Step], maps: &[Map]) -> Result<GameState, RunError> {
    let mut game = GameState::new();
    game.start(map, maps)?;
    let mut decoder = Decoder::new();
    for step in steps {
        match &step.action {
            Action::Key(_) | Action::Raw(_) => {
                for byte in step.ps2_bytes() {
                    if let Some(cmd) = decoder.push(byte) {
                        game.apply(cmd);
                    }
                }
            }
            Action::Start => {
                game.start(map, maps)?;
            }
            Action::Reset => {
                game.reset();
                decoder.reset();
            }
            Action::Wait(_) => {}
        }
    }
    Ok(game)
}
