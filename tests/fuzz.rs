//! The seeded random regression on the whole core (`generals fuzz`), for a
//! fixed budget. `GENERALS_SEED` replays a seed; `GENERALS_FUZZ_KEYS` makes
//! the run longer (nightly); the ignored test runs 50 000 keys.

use generals::run::fuzz::{fuzz, FuzzOptions};
use generals_maps::committed_maps;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn run(keys: u64, video: bool, seed: u64) -> generals::run::fuzz::FuzzReport {
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
        generals::env::check_thread::Threads::One,
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

/// The counts of a seeded run, exactly (a replay of the same seed must do
/// the same): keys, faulty frames, RESETs, commands, moves, captures, games,
/// wins, rounds, machine commands, keys on the machine's turn, good bytes,
/// bad frames, cycles. Only when run with the default seed and budget.
fn exact(r: &generals::run::fuzz::FuzzReport, expected: [u64; 14]) {
    let got = [
        r.keys,
        r.faults,
        r.resets,
        r.stats.commands,
        r.stats.moves,
        r.stats.captures,
        r.stats.games,
        r.stats.wins,
        r.stats.rounds,
        r.stats.machine_commands,
        r.stats.keys_on_machine_turn,
        r.kbd.bytes,
        r.kbd.errors,
        r.cycles,
    ];
    assert_eq!(got, expected, "the seeded run's counts: {r:?}");
}

#[test]
fn random_regression_fixed_budget() {
    let keys = env_u64("GENERALS_FUZZ_KEYS", 2_000);
    let seed = env_u64("GENERALS_SEED", 11);
    let r = run(keys, false, seed);
    assert!(
        r.stats.wins >= 1,
        "a game was played to GAME_OVER (the first game is the greedy player's)"
    );
    if (seed, keys) == (11, 2_000) {
        exact(
            &r,
            [
                2000,
                314,
                2,
                3386,
                910,
                591,
                12,
                9,
                447,
                1637,
                179,
                6608,
                75,
                313_690_397,
            ],
        );
    }
}

#[test]
fn random_regression_with_every_pixel_checked() {
    let seed = env_u64("GENERALS_SEED", 12);
    let r = run(300, true, seed);
    if seed == 12 {
        exact(
            &r,
            [300, 37, 2, 283, 92, 37, 4, 1, 45, 0, 0, 1001, 6, 45_815_126],
        );
    }
}

/// The nightly tier runs this (farm/list.toml's fuzz is the same run at
/// scale): `cargo test --release --test fuzz -- --ignored`.
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
