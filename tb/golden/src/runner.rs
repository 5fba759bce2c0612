//! The golden-only runner behind `generals golden --map N (--keys … | --script FILE)`:
//! plays a key script on the golden model alone (no RTL).

use generals_maps::Map;
use thiserror::Error;

use crate::game::{GameState, LoadError};
use crate::keyboard::Decoder;
use crate::machine::{self, Seats};
use crate::script::{Action, Step};
use crate::types::Phase;

/// Error of [`run_script`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RunError {
    /// The game could not be started on the map asked for.
    #[error("cannot start a game: {0}")]
    Start(#[from] LoadError),
}

/// Play `steps` on a fresh game started on map `map` (first player by the
/// parity of `map`, docs/rules.md §3) and return the final state.
///
/// Each step acts as on the board: a key step's scan-code bytes
/// ([`Step::ps2_bytes`]) and RAW bytes go through the golden keyboard
/// decoder, and every command it yields is applied; `START` starts a new game
/// on map `map` (ignored while playing); `RESET` resets the game and the
/// keyboard decoder; `WAIT` does nothing.
pub fn run_script(map: u8, steps: &[Step], maps: &[Map]) -> Result<GameState, RunError> {
    run_with_machine(map, steps, maps, Seats::PEOPLE, None)
}

/// [`run_script`] with the machine player (docs/rules.md §11) playing the colours of
/// `seats`, as a person's keys meet it on the board when the machine is
/// quicker than a key: whenever a machine-played colour is to move, its whole
/// turn is played at once; a key on a machine's turn (only when a step comes
/// while the machine cannot move) is consumed and ignored; `WAIT TURN` waits
/// for the machine. After the last step the machine plays on until a person
/// is to move or the game is over. With `max_rounds`, the run stops at the
/// first applied command after which the round is greater than it.
pub fn run_with_machine(
    map: u8,
    steps: &[Step],
    maps: &[Map],
    seats: Seats,
    max_rounds: Option<u16>,
) -> Result<GameState, RunError> {
    let mut game = GameState::new();
    game.start(map, maps)?;
    let mut decoder = Decoder::new();
    let over = |g: &GameState| max_rounds.is_some_and(|r| g.round > r);
    let machine_plays = |g: &mut GameState| {
        while g.phase == Phase::Playing && seats.plays(g.player) && !over(g) {
            let Some((_, cmds)) = machine::turn(g, g.player) else {
                break;
            };
            for c in cmds {
                g.apply(c);
                if over(g) {
                    return;
                }
            }
        }
    };
    for step in steps {
        machine_plays(&mut game);
        if over(&game) {
            return Ok(game);
        }
        match &step.action {
            Action::Key(_) | Action::Raw(_) => {
                for byte in step.ps2_bytes() {
                    if let Some(cmd) = decoder.push(byte) {
                        if !(game.phase == Phase::Playing && seats.plays(game.player)) {
                            game.apply(cmd);
                            if over(&game) {
                                return Ok(game);
                            }
                        }
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
            Action::Wait(_) | Action::WaitTurn => {}
        }
    }
    machine_plays(&mut game);
    Ok(game)
}
