//! `generals machine-stats`: the golden machine player on every map.

use super::emit;
use super::{count, maps};
use clap::Args;
use generals::error::AppError;
use generals_golden::machine::{machine_vs_machine, machine_vs_random, GameEnd};
use generals_golden::Player;

/// The options of `generals machine-stats`.
#[derive(Args)]
pub struct StatsArgs {
    /// Seed of the random mover, 0 … 2^64 − 1 (map m draws from seed + m).
    #[arg(long, default_value_t = 8, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
    seed: u64,
}

/// One table row: the games, the wins, the undecided, the rounds' spread.
fn row(what: &str, games: &[GameEnd], wins: &dyn Fn(&GameEnd) -> bool) -> String {
    let mut r: Vec<u16> = games.iter().map(|g| g.rounds).collect();
    r.sort_unstable();
    let won = games.iter().filter(|g| wins(g)).count();
    let undecided = games.iter().filter(|g| g.winner.is_none()).count();
    format!(
        "{what:<34} {:>5} {won:>5}/{:<4} {undecided:>9} {:>6} {:>6} {:>6}",
        games.len(),
        games.len(),
        r.first().copied().unwrap_or(0),
        r.get(r.len() / 2).copied().unwrap_or(0),
        r.last().copied().unwrap_or(0),
    )
}

/// `generals machine-stats`: one table row per match-up.
pub fn machine_stats(a: StatsArgs) -> Result<(), AppError> {
    let maps = maps();
    let seed = a.seed;
    emit(&format!(
        "{:<34} {:>5} {:>10} {:>9} {:>6} {:>6} {:>6}",
        "match-up (docs/rules.md §11)", "games", "wins", "undecided", "min", "median", "max"
    ))?;
    emit(&format!("{:>71}", "rounds"))?;
    let mm = machine_vs_machine(&maps);
    emit(&row("machine vs machine (Red wins)", &mm, &|g| {
        g.winner == Some(Player::Red)
    }))?;
    for colour in [Player::Red, Player::Blue] {
        let games = machine_vs_random(&maps, colour, seed);
        emit(&row(
            &format!("machine {} vs random (seed {seed})", colour.name()),
            &games,
            &|g| g.winner == Some(colour),
        ))?;
    }
    Ok(())
}
