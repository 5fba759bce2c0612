//! The random regression's **sequence**: what the fuzzer does next, as
//! actions for the run to carry out (press RESET, press START for a map,
//! type a key with PS/2 faults). The policy lives here, beside the greedy player it
//! borrows from; `run::fuzz` only carries the actions out and counts.

use crate::env::core_env::hold_cycles;
use crate::env::driver::button::Press;
use crate::env::driver::ps2::{Fault, Ps2Timing};
use crate::env::dut::KbdParams;
use crate::env::greedy::towards;
use generals_golden::keyboard::{key_bytes, Command};
use generals_golden::{GameState, Mode, Phase, Pos};
use generals_maps::Map;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Picks a key for the random regression: mostly purposeful play (select a
/// strong cell, move towards the enemy capital), sometimes anything.
fn pick_key(g: &GameState, rng: &mut ChaCha8Rng) -> Command {
    if g.phase != Phase::Playing || rng.gen_bool(0.25) {
        return Command::ALL[rng.gen_range(0..6)];
    }
    let me = g.player;
    let cur = g.cursor(me);
    let enemy_cap = (0..100).map(Pos::from_index).find(|&p| {
        g.cell(p).kind == generals_golden::Kind::Capital && g.cell(p).owner == me.other().owner()
    });
    match g.mode {
        Mode::Select => {
            let c = g.cell(cur);
            if c.owner == me.owner() && c.troops >= 2 {
                return Command::Space;
            }
            // Walk to my strongest cell.
            let best = (0..100)
                .map(Pos::from_index)
                .filter(|&p| g.cell(p).owner == me.owner())
                .max_by_key(|&p| g.cell(p).troops)
                .unwrap_or(cur);
            towards(cur, best)
        }
        _ => {
            if rng.gen_bool(0.1) {
                return Command::Z;
            }
            match enemy_cap {
                Some(t) if rng.gen_bool(0.7) => towards(cur, t),
                _ => Command::ALL[rng.gen_range(0..4)],
            }
        }
    }
}

/// Greedy player game length (keys) below which a map counts as fast: the
/// fuzzer's "play to the end" games are drawn from these maps.
const FAST_GAME_KEYS: usize = 200;
/// Share of keys in a game played to the end that are random, not the greedy player's.
const FINISH_NOISE: f64 = 0.08;

/// How the random regression plays the game in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// Purposeful but noisy keys ([`pick_key`]), RESET now and then.
    Wander,
    /// The greedy player's keys with a little noise and no random RESET, on a
    /// map where the greedy player wins quickly: the game is played to GAME_OVER.
    Finish,
}

/// The maps on which the greedy player's game ends within [`FAST_GAME_KEYS`].
fn fast_maps(maps: &[Map]) -> Vec<u8> {
    (0..maps.len().min(128) as u8)
        .filter(|&m| crate::env::greedy::play_keys(m, maps, FAST_GAME_KEYS).is_some())
        .collect()
}

/// A START press for the fuzzer: clean, or with a few bounces.
fn fuzz_press(rng: &mut ChaCha8Rng) -> Press {
    if rng.gen_bool(0.3) {
        Press::bouncy(hold_cycles(), rng.gen_range(1..4), rng)
    } else {
        Press::clean(hold_cycles())
    }
}

/// What the fuzzer does next.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum FuzzAction {
    /// Press RESET.
    Reset(Press),
    /// Press START so that the draw counter picks `map` (ignored while a
    /// game is in progress, which is part of the test), with the machine's
    /// switches set to `switches` first (docs/rules.md §11: latched by START).
    Start {
        /// The map aimed at.
        map: u8,
        /// The press, perhaps bouncing.
        press: Press,
        /// `SW[1:0]`: the colours the machine plays.
        switches: u8,
    },
    /// Type one key: its PS/2 frames, each with its fault, after a change of
    /// the keyboard's timing if `timing` is set.
    Key {
        /// New keyboard timing, before the frames.
        timing: Option<Ps2Timing>,
        /// The frames to send, in order.
        frames: Vec<(u8, Fault)>,
    },
}

/// Where the run stands, as the policy needs it.
#[derive(Clone, Copy, Debug)]
pub struct FuzzProgress {
    /// Keys typed so far.
    pub keys: u64,
    /// Keys to type in all.
    pub keys_total: u64,
    /// Resets of a game in progress the scoreboard has seen.
    pub resets_seen: u64,
    /// Games started so far.
    pub games: u64,
}

/// What the fuzzer may do, besides typing keys and pressing buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FuzzMix {
    /// Inject PS/2 faults (bad parity, stop bit 0, truncation, glitches).
    pub faults: bool,
    /// Set the machine's switches at random before a START (docs/rules.md §11).
    pub machine: bool,
}

impl Default for FuzzMix {
    fn default() -> Self {
        Self {
            faults: true,
            machine: true,
        }
    }
}

/// The fuzzer's policy and its random source (see the module doc).
pub struct FuzzSequence {
    rng: ChaCha8Rng,
    fast: Vec<u8>,
    plan: Plan,
    /// The last START aimed at a fast map, to be played to the end.
    finishing_start: bool,
    mix: FuzzMix,
}

impl FuzzSequence {
    /// A sequence for `maps`, seeded with `seed`, doing what `mix` allows.
    pub fn new(maps: &[Map], seed: u64, mix: FuzzMix) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            fast: fast_maps(maps),
            plan: Plan::Wander,
            finishing_start: false,
            mix,
        }
    }

    /// The keyboard's first timing.
    pub fn first_timing(&mut self) -> Ps2Timing {
        Ps2Timing::random(&mut self.rng)
    }

    /// True while the greedy player plays the game to its end: its next key must be
    /// chosen on the state every earlier key has reached (drain first).
    pub fn finishing(&self) -> bool {
        self.plan == Plan::Finish
    }

    /// The START just carried out left the game `playing` or not.
    pub fn started(&mut self, playing: bool) {
        if playing && self.finishing_start {
            self.plan = Plan::Finish;
        }
        self.finishing_start = false;
    }

    /// The next action for the golden state `g`; the frames' faults respect
    /// the receiver's parameters `rx`.
    pub fn next(&mut self, g: &GameState, at: FuzzProgress, rx: &KbdParams) -> FuzzAction {
        let rng = &mut self.rng;
        if g.phase != Phase::Playing {
            self.plan = Plan::Wander;
        }
        let roll: f64 = rng.gen();
        // One RESET mid-game in every run, whatever the dice say.
        if at.resets_seen == 0 && at.keys >= at.keys_total * 3 / 4 && g.phase == Phase::Playing {
            return FuzzAction::Reset(Press::clean(hold_cycles()));
        }
        if g.phase != Phase::Playing && roll < 0.5 {
            let finish = !self.fast.is_empty() && (at.games == 0 || rng.gen_bool(0.5));
            let map = if finish {
                self.fast[rng.gen_range(0..self.fast.len())]
            } else {
                rng.gen_range(0..128)
            };
            self.finishing_start = finish;
            let press = fuzz_press(rng);
            // A game played to the end is the people's (the greedy player types);
            // otherwise the machine plays a colour, or both, now and then.
            let switches = if self.mix.machine && !finish && rng.gen_bool(0.3) {
                rng.gen_range(1..4)
            } else {
                0
            };
            return FuzzAction::Start {
                map,
                press,
                switches,
            };
        }
        if roll < 0.004 && self.plan == Plan::Wander {
            return FuzzAction::Reset(fuzz_press(rng));
        }
        if roll < 0.01 {
            // START while playing: must be ignored.
            let map = rng.gen_range(0..128);
            return FuzzAction::Start {
                map,
                press: Press::clean(hold_cycles()),
                switches: 0,
            };
        }
        let timing = (roll < 0.02).then(|| Ps2Timing::random(rng));
        let cmd = match self.plan {
            Plan::Finish if !rng.gen_bool(FINISH_NOISE) => crate::env::greedy::next_key(g),
            Plan::Finish => Command::ALL[rng.gen_range(0..6)],
            Plan::Wander => pick_key(g, rng),
        };
        let faults = self.mix.faults;
        let mut frames: Vec<(u8, Fault)> = key_bytes(cmd, rng.gen_bool(0.3))
            .into_iter()
            .map(|b| {
                let f = Fault::random(rng, 100, rx);
                (b, if faults { f } else { Fault::None })
            })
            .collect();
        if rng.gen_bool(0.05) {
            frames.push((rng.gen(), Fault::None)); // any other code: ignored
        }
        FuzzAction::Key { timing, frames }
    }
}
