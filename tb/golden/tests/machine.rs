//! The machine player (docs/rules.md §11) on the committed maps: the reference
//! figures the spec gives for its policy. Against itself every game ends;
//! against a random mover it wins on every map, playing either colour.

use generals_golden::machine::{machine_vs_machine, machine_vs_random, GameEnd};
use generals_golden::Player;
use generals_maps::committed_maps;

/// The seed of the random mover; map `m` draws from `SEED + m`.
const SEED: u64 = 8;

fn rounds(games: &[GameEnd]) -> Vec<u16> {
    let mut r: Vec<u16> = games.iter().map(|g| g.rounds).collect();
    r.sort_unstable();
    r
}

#[test]
fn machine_against_machine_ends_on_every_map() {
    let games = machine_vs_machine(&committed_maps());
    assert_eq!(games.len(), 128);
    let undecided: Vec<usize> = (0..games.len())
        .filter(|&m| games[m].winner.is_none())
        .collect();
    assert!(
        undecided.is_empty(),
        "games that did not end: maps {undecided:?}"
    );
    let r = rounds(&games);
    println!(
        "rounds: min {} median {} max {}",
        r[0],
        r[r.len() / 2],
        r[r.len() - 1]
    );
}

#[test]
fn machine_beats_a_random_mover_with_either_colour() {
    let maps = committed_maps();
    for colour in [Player::Red, Player::Blue] {
        let games = machine_vs_random(&maps, colour, SEED);
        let lost: Vec<usize> = (0..games.len())
            .filter(|&m| games[m].winner != Some(colour))
            .collect();
        assert!(
            lost.is_empty(),
            "{colour:?} machine did not win on maps {lost:?}"
        );
    }
}
