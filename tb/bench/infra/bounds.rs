//! The bounds of every count the bench takes, from an option or from a file
//! it reads (a regression list, a shard's results, a replay file): hours of
//! simulated time, not years (a frame is 16.8 ms of game time). An option's
//! parser and a file's checker use the same constant, so a file cannot ask
//! for what the command line refuses.

/// `--every`: frames between two PNGs.
pub const EVERY: u64 = 1_000_000;
/// `--pace`: frames after each key, a minute.
pub const PACE: u64 = 3_600;
/// `fuzz --keys`: about an hour of game time.
pub const FUZZ_KEYS: u64 = 1_000_000;
/// `kbd --bytes`: a few hours of PS/2 traffic.
pub const KBD_BYTES: u64 = 10_000_000;
/// `live --frames`: ten hours.
pub const LIVE_FRAMES: u64 = 2_160_000;
/// `speed --cycles`: 200 s of game time.
pub const CYCLES: u64 = 10_000_000_000;
/// The frames a `play` waits in all (`WAIT`s and `--pace` after each key):
/// two hours.
pub const PLAY_FRAMES: u64 = 432_000;
/// `--max-rounds`: the round counter's range.
pub const ROUNDS: u64 = 65_535;
/// The random keys of a script-based regression job (person against the
/// machine, the netlist, random power-up values).
pub const SCRIPT_KEYS: u64 = 100_000;
/// `regress --jobs`: workers at a time.
pub const WORKERS: u64 = 256;
/// `regress --seeds` and a list's seeds of a test.
pub const SEEDS: u64 = 100_000;
/// `regress --shard K/N`: N.
pub const SHARDS: u64 = 10_000;
/// The actions of a replay file: every key of the longest fuzz run, and a
/// button press for each.
pub const REPLAY_ACTIONS: u64 = 2 * FUZZ_KEYS;
/// The PS/2 frames of one key of a replay file (the longest, a released
/// arrow key, is three; a few more for a fault's repeat).
pub const KEY_FRAMES: u64 = 16;
/// The stretches of one button press of a replay file (the fuzz's bounciest
/// press has 13: three bounces each way around the hold).
pub const PRESS_STRETCHES: u64 = 16;
