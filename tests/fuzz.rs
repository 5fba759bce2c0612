//! The seeded random regression on the whole core (`generals fuzz`), for a
//! fixed budget. `GENERALS_SEED` replays a seed; `GENERALS_FUZZ_KEYS` makes
//! the run longer (nightly); the ignored test runs 50 000 keys.

use generals::app::{fuzz, FuzzOptions};
use generals_maps::committed_maps;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn run(keys: u64, video: bool, seed: u64) -> generals::app::FuzzReport {
    println!("fuzz: seed {seed}, {keys} keys, video {video} (replay: GENERALS_SEED={seed})");
    let r = fuzz(
        committed_maps(),
        &FuzzOptions {
            seed,
            keys,
            video,
            quiet: true,
            mix: Default::default(),
        },
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    println!("{r:?}");
    assert_eq!(r.keys, keys);
    assert!(r.stats.commands > keys / 2, "most keys become commands");
    assert!(r.stats.games >= 1, "at least one game started");
    assert!(r.cycles > 1_000_000, "a few million cycles at least");
    assert!(r.faults > 0, "PS/2 faults were injected");
    assert!(r.stats.captures > 0, "some moves captured cells");
    assert!(
        r.resets >= 1 && r.stats.resets >= 1,
        "a RESET hit a game in progress"
    );
    r
}

#[test]
fn random_regression_fixed_budget() {
    let keys = env_u64("GENERALS_FUZZ_KEYS", 2_000);
    let r = run(keys, false, env_u64("GENERALS_SEED", 11));
    assert!(
        r.stats.wins >= 1,
        "a game was played to GAME_OVER (the first game is the bot's)"
    );
}

#[test]
fn random_regression_with_every_pixel_checked() {
    run(300, true, env_u64("GENERALS_SEED", 12));
}

#[test]
#[ignore = "nightly: about 3 minutes"]
fn random_regression_long() {
    let r = run(50_000, false, env_u64("GENERALS_SEED", 13));
    assert!(
        r.stats.wins >= 5,
        "several games were won: {}",
        r.stats.wins
    );
}
