//! Property tests: seeded random command streams, legal and illegal, on every
//! committed map; after every command the invariants of docs/rules.md §1 and §5
//! are checked against the state before it.

mod common;

use common::{biased_move, legal_moves, move_commands};
use generals_golden::{
    Cell, Command, GameState, Kind, Mode, MoveReport, Outcome, Owner, Phase, CELLS, MAX_TROOPS,
};
use generals_maps::committed_maps;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Commands per map.
const COMMANDS: usize = 3000;
/// Fixed seed; each map gets `SEED + map`.
const SEED: u64 = 0x6E6E_7261_6C73;

/// The end-of-round growth of `round`, written out again here (docs/rules.md §5
/// step 1) so that the model's own code is not trusted for the check.
fn grow(cells: &mut [Cell; CELLS], round: u16) {
    for c in cells.iter_mut() {
        let eligible = match c.kind {
            Kind::Capital | Kind::Tower => true,
            Kind::Land => round.is_multiple_of(16),
            Kind::Mountain => false,
        };
        if c.owner != Owner::Npc && eligible && c.troops < 511 {
            c.troops += 1;
        }
    }
}

fn totals(cells: &[Cell; CELLS]) -> [i64; 3] {
    let mut t = [0i64; 3];
    for c in cells {
        t[usize::from(c.owner.code())] += i64::from(c.troops);
    }
    t
}

/// Check everything one command may do, given the state before and after.
fn check(before: &GameState, cmd: Command, out: Outcome, after: &GameState, ctx: &str) {
    // Troops never exceed 511.
    for (i, c) in after.cells.iter().enumerate() {
        assert!(c.troops <= MAX_TROOPS, "{ctx}: cell {i} has {}", c.troops);
    }
    // Outside PLAYING nothing changes.
    if before.phase != Phase::Playing {
        assert_eq!(out, Outcome::Ignored, "{ctx}");
        assert_eq!(after, before, "{ctx}");
        return;
    }
    // The game never stalls.
    assert!(
        after.phase == Phase::GameOver || after.can_move(after.player),
        "{ctx}: {:?} has no move after {cmd:?}",
        after.player
    );
    let changed: Vec<usize> = (0..CELLS)
        .filter(|&i| after.cells[i] != before.cells[i])
        .collect();
    let (report, won) = match out {
        Outcome::Moved { report, .. } => (report, false),
        Outcome::GameWon(report) => (report, true),
        Outcome::NoEffect => {
            assert_eq!(after, before, "{ctx}");
            return;
        }
        Outcome::CursorMoved | Outcome::ModeChanged => {
            assert!(
                changed.is_empty(),
                "{ctx}: {out:?} changed cells {changed:?}"
            );
            assert_eq!(after.player, before.player, "{ctx}");
            assert_eq!(after.round, before.round, "{ctx}");
            return;
        }
        Outcome::Ignored | Outcome::Started => panic!("{ctx}: {out:?} in PLAYING"),
    };
    check_move(before, cmd, &report, won, after, &changed, ctx);
}

/// A move (or the winning move): by the current player, from its cursor, in
/// move mode, with the troops, totals and growth docs/rules.md §5 gives.
fn check_move(
    before: &GameState,
    cmd: Command,
    report: &MoveReport,
    won: bool,
    after: &GameState,
    changed: &[usize],
    ctx: &str,
) {
    let p = before.player;
    assert_eq!(report.player, p, "{ctx}");
    assert_eq!(report.from, before.cursor(p), "{ctx}");
    assert_eq!(Some(report.to), report.from.step(cmd), "{ctx}");
    let s = before.cell(report.from);
    let t = before.cell(report.to);
    let k = match before.mode {
        Mode::MoveAll => s.troops - 1,
        Mode::MoveHalf => s.troops / 2,
        Mode::Select => panic!("{ctx}: a move from SELECT"),
    };
    assert_eq!(report.sent, k, "{ctx}");
    // Totals: what the source loses, the target's owners gain or lose.
    let mut expected = totals(&before.cells);
    let (pi, ti) = (usize::from(p.code()), usize::from(t.owner.code()));
    let k64 = i64::from(k);
    let t64 = i64::from(t.troops);
    expected[pi] -= k64;
    if t.owner == p.owner() {
        expected[pi] += k64.min(511 - t64);
    } else if k64 > t64 {
        expected[pi] += k64 - t64;
        expected[ti] -= t64;
    } else {
        expected[ti] -= k64;
    }
    // The board right after the move (docs/rules.md §5), before any growth.
    let mut board = before.cells;
    let mut s2 = s;
    s2.troops -= k;
    let mut t2 = t;
    if t.owner == p.owner() {
        t2.troops = (t.troops + k).min(511);
    } else if k > t.troops {
        t2.owner = p.owner();
        t2.troops = k - t.troops;
    } else {
        t2.troops -= k;
    }
    board[report.from.index()] = s2;
    board[report.to.index()] = t2;
    assert_eq!(report.captured, t2.owner != t.owner, "{ctx}");
    assert_eq!(totals(&board), expected, "{ctx}: move totals");
    let rounds = after.round.wrapping_sub(before.round);
    if won {
        assert_eq!(rounds, 0, "{ctx}: no round ends on a win");
        assert_eq!(after.player, p, "{ctx}");
        assert_eq!(after.winner, Some(p), "{ctx}");
        assert_eq!(after.cell(report.to).kind, Kind::Capital, "{ctx}");
    }
    assert!(rounds <= 4, "{ctx}: {rounds} rounds ended in one move");
    for r in 0..rounds {
        grow(&mut board, before.round.wrapping_add(r));
    }
    assert_eq!(totals(&after.cells), totals(&board), "{ctx}: growth totals");
    assert_eq!(after.cells, board, "{ctx}: board");
    // Without a round end, at most the two cells of the move change.
    if rounds == 0 {
        assert!(changed.len() <= 2, "{ctx}: {changed:?}");
        assert!(changed
            .iter()
            .all(|&i| i == report.from.index() || i == report.to.index()));
    }
    assert_eq!(after.mode, Mode::Select, "{ctx}");
}

/// One random command: a uniformly random one, or (half the time in
/// SELECT) the start of a whole move, random or biased towards the enemy
/// capital (so that games end and restart); a planned move is followed to
/// its end.
fn pick(g: &GameState, rng: &mut ChaCha8Rng, plan: &mut Vec<Command>) -> Command {
    if let Some(c) = plan.pop() {
        return c;
    }
    if g.phase == Phase::Playing && g.mode == Mode::Select && rng.gen_bool(0.5) {
        *plan = if rng.gen_bool(0.5) {
            biased_move(g, rng)
        } else {
            let moves = legal_moves(g);
            let &(from, dir) = moves.choose(rng).expect("never stalled");
            move_commands(g, from, dir, rng.gen_bool(0.3))
        };
        plan.reverse();
        if let Some(c) = plan.pop() {
            return c;
        }
    }
    Command::ALL[rng.gen_range(0..6)]
}

#[test]
fn random_command_streams_keep_every_invariant_on_every_map() {
    let maps = committed_maps();
    assert_eq!(maps.len(), 128);
    let (mut moves, mut wins, mut rounds_ended) = (0u64, 0u64, 0u64);
    for (m, _) in maps.iter().enumerate() {
        let m8 = u8::try_from(m).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(SEED + m as u64);
        let mut g = GameState::new();
        g.start(m8, &maps).unwrap();
        let mut plan = Vec::new();
        for n in 0..COMMANDS {
            if g.phase == Phase::GameOver && rng.gen_bool(0.2) {
                g.start(m8, &maps).unwrap();
                plan.clear();
            }
            if g.phase == Phase::Playing && rng.gen_bool(0.01) {
                let before = g.clone();
                let other = rng.gen_range(0..128u8);
                assert_eq!(g.start(other, &maps), Ok(Outcome::Ignored), "map {m}");
                assert_eq!(g, before, "map {m}: START while playing");
            }
            let cmd = pick(&g, &mut rng, &mut plan);
            let before = g.clone();
            let out = g.apply(cmd);
            let ctx = format!("map {m} command {n} ({cmd:?}, seed {})", SEED + m as u64);
            check(&before, cmd, out, &g, &ctx);
            match out {
                Outcome::Moved { .. } => moves += 1,
                Outcome::GameWon(_) => wins += 1,
                _ => {}
            }
            rounds_ended += u64::from(g.round.wrapping_sub(before.round));
            if g.phase == Phase::Idle {
                panic!("{ctx}: IDLE without RESET");
            }
        }
    }
    println!("{moves} moves, {wins} wins, {rounds_ended} round ends checked");
    // The streams must actually exercise moves, round ends and wins.
    assert!(moves > 10_000, "{moves} moves");
    assert!(rounds_ended > 5_000, "{rounds_ended} round ends");
    assert!(wins > 0);
}

#[test]
fn long_games_saturate_without_exceeding_511() {
    // Many rounds of passing small moves back and forth make capitals and
    // towers reach 511; the invariants must hold at the cap.
    let maps = committed_maps();
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut saw_cap = false;
    for m in [0u8, 1, 64, 127] {
        let mut g = GameState::new();
        g.start(m, &maps).unwrap();
        for n in 0..4000 {
            // Move one troop (half of 2 or 3 is 1) back and forth when
            // possible; otherwise any legal move.
            let moves = legal_moves(&g);
            let small: Vec<_> = moves
                .iter()
                .filter(|(p, _)| g.cell(*p).troops <= 3)
                .copied()
                .collect();
            let Some(&(from, dir)) = small.choose(&mut rng).or_else(|| moves.choose(&mut rng))
            else {
                panic!("map {m}: {:?} has no legal move", g.player);
            };
            for cmd in move_commands(&g, from, dir, true) {
                let before = g.clone();
                let out = g.apply(cmd);
                check(&before, cmd, out, &g, &format!("map {m} move {n} {cmd:?}"));
            }
            if g.phase != Phase::Playing {
                break;
            }
            saw_cap |= g.cells.iter().any(|c| c.troops == MAX_TROOPS);
        }
    }
    assert!(saw_cap, "some cell reached 511");
}
