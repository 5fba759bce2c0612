//! The greedy player: a simple deterministic player of the bench (not the
//! RTL's machine player of docs/rules.md §11), run on the golden model alone, that
//! turns a game into a key script: the built-in person-driven demo game, and
//! the finishing keys of the fuzz's games.

use generals_golden::keyboard::Command;
use generals_golden::script::{Action, Key, Step};
use generals_golden::{GameState, Kind, Mode, Phase, Pos};
use generals_maps::Map;

/// The cursor key that brings `from` one step closer to `to` (W if equal).
pub fn towards(from: Pos, to: Pos) -> Command {
    if from.x < to.x {
        Command::D
    } else if from.x > to.x {
        Command::A
    } else if from.y < to.y {
        Command::S
    } else {
        Command::W
    }
}

fn key_of(cmd: Command) -> Key {
    match cmd {
        Command::W => Key::W,
        Command::A => Key::A,
        Command::S => Key::S,
        Command::D => Key::D,
        Command::Space => Key::Space,
        Command::Z => Key::Z,
    }
}

/// The next key of a greedy player: go to the strongest own cell, enter move
/// mode, and push towards the enemy capital around mountains.
pub fn next_key(g: &GameState) -> Command {
    let me = g.player;
    let cur = g.cursor(me);
    let cells = || (0..100).map(Pos::from_index);
    let target = cells()
        .find(|&p| g.cell(p).kind == Kind::Capital && g.cell(p).owner == me.other().owner())
        .unwrap_or(cur);
    match g.mode {
        Mode::Select => {
            let best = cells()
                .filter(|&p| g.cell(p).owner == me.owner() && g.cell(p).troops >= 2)
                .max_by_key(|&p| (g.cell(p).troops, std::cmp::Reverse(dist(p, target))))
                .unwrap_or(cur);
            if best == cur {
                Command::Space
            } else {
                towards(cur, best)
            }
        }
        _ => {
            // The legal step that gets closest to the enemy capital.
            g.legal_steps()
                .min_by_key(|&(_, p)| dist(p, target))
                .map_or(Command::Space, |(c, _)| c)
        }
    }
}

fn dist(a: Pos, b: Pos) -> u32 {
    u32::from(a.x.abs_diff(b.x)) + u32::from(a.y.abs_diff(b.y))
}

/// Plays map `map` with [`next_key`] for both players; returns the key
/// steps (one per line, from line 1) if the game ends (GAME_OVER) within
/// `max_keys` keys, `None` if it does not or the map cannot start.
pub fn play_keys(map: u8, maps: &[Map], max_keys: usize) -> Option<Vec<Step>> {
    let mut g = GameState::new();
    g.start(map, maps).ok()?;
    let mut steps = Vec::new();
    while g.phase == Phase::Playing && steps.len() < max_keys {
        let cmd = next_key(&g);
        g.apply(cmd);
        steps.push(Step {
            line: steps.len() + 1,
            action: Action::Key(key_of(cmd)),
        });
    }
    (g.phase == Phase::GameOver).then_some(steps)
}

/// The most keys the greedy player may spend on one demo game.
pub const DEMO_KEYS_MAX: usize = 2000;

/// The built-in demo: the map on which the greedy player's game is shortest
/// (ties: lowest map number), and that game's keys; `None` if no map's game
/// ends within [`DEMO_KEYS_MAX`] keys.
pub fn demo_game(maps: &[Map]) -> Option<(u8, Vec<Step>)> {
    (0..maps.len().min(128) as u8)
        .filter_map(|m| play_keys(m, maps, DEMO_KEYS_MAX).map(|k| (m, k)))
        .min_by_key(|(m, k)| (k.len(), *m))
}
