//! The buttons and the power-on reset (docs/rules.md §3), worked by hand for a
//! 4-cycle debounce and a 3-cycle power-on reset: a key is synchronised by
//! two flip-flops, then its debounced level follows once the synchronised
//! level has differed for 4 edges in a row.

use generals_golden::buttons::{ButtonsModel, DebounceModel};

/// Edges with the pin at `key_n`; returns the edges (1-based, counted from
/// the first of these) at which a press was recognised.
fn presses(d: &mut DebounceModel, key_n: bool, edges: u32) -> Vec<u32> {
    (1..=edges)
        .filter(|_| {
            d.step(key_n);
            d.press()
        })
        .collect()
}

#[test]
fn a_press_is_recognised_after_two_sync_edges_and_four_debounce_edges() {
    let mut d = DebounceModel::new(4);
    assert!(presses(&mut d, true, 10).is_empty(), "released: no press");
    assert!(!d.pressed());
    // Low from edge 1: the synchroniser shows it before edge 3; edges 3, 4, 5
    // count 1, 2, 3; edge 6 flips the level.
    assert_eq!(presses(&mut d, false, 20), vec![6]);
    assert!(d.pressed());
    // The release takes as long and is not a press.
    assert!(presses(&mut d, true, 20).is_empty());
    assert!(!d.pressed());
}

#[test]
fn a_bounce_shorter_than_the_debounce_is_ignored() {
    let mut d = DebounceModel::new(4);
    presses(&mut d, true, 10);
    // Low before edges 1..=3 only: the synchronised level is low at edges
    // 3..=5, which count 1, 2, 3; at edge 6 it is high again, so the count
    // never reaches the edge that would flip the level (a fourth low edge).
    assert!(presses(&mut d, false, 3).is_empty());
    assert!(
        presses(&mut d, true, 10).is_empty(),
        "the count starts again"
    );
    assert!(!d.pressed());
}

#[test]
fn power_on_reset_holds_for_its_length_then_follows_reset() {
    let mut b = ButtonsModel::new(4, 3);
    let rst: Vec<bool> = (0..5)
        .map(|_| {
            b.step(true, true);
            b.rst()
        })
        .collect();
    assert_eq!(rst, vec![true, true, true, false, false]);
    // RESET held: debounced after 6 edges, reset one edge later (registered).
    let rst: Vec<bool> = (0..8)
        .map(|_| {
            b.step(false, true);
            b.rst()
        })
        .collect();
    assert_eq!(
        rst,
        vec![false, false, false, false, false, false, true, true]
    );
    assert!(!b.start_press());
}

/// A settled model is one that any number of edges at those levels leaves
/// as it is, which is what lets the bench skip them: over random pin
/// waveforms (long holds and short bounces), every edge taken while the
/// model says it is settled must change nothing, and it must say so often.
#[test]
fn an_edge_at_settled_levels_changes_nothing() {
    let mut m = ButtonsModel::new(4, 3);
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    let (mut settled, mut edges) = (0, 0);
    for _ in 0..400 {
        let r = next();
        let levels = (r & 1 != 0, r & 2 != 0);
        for _ in 0..(r >> 8) % 24 {
            let before = format!("{m:?}");
            let was = m.settled(levels.0, levels.1);
            m.step(levels.0, levels.1);
            edges += 1;
            if was {
                settled += 1;
                assert_eq!(format!("{m:?}"), before, "a settled model changed");
            }
        }
    }
    assert!(settled > edges / 4, "settled at {settled} of {edges} edges");
    // Not settled while a press is being debounced.
    let mut d = DebounceModel::new(4);
    d.step(false);
    assert!(!d.settled(false), "the synchroniser has not caught up");
}

/// The bench skips a button's counting edges in one step: over random pin
/// waveforms, from every state, `quiet_for` edges taken one by one change
/// nothing but the counts and end where `skip` ends, and the edge after
/// them changes something else (the budget is exact, not merely safe).
#[test]
fn a_count_skipped_is_the_edges_it_stands_for() {
    let mut m = ButtonsModel::new(6, 3);
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    let (mut counted, mut checked) = (0, 0);
    for _ in 0..600 {
        let r = next();
        let levels = (r & 1 != 0, r & 2 != 0);
        for _ in 0..(r >> 8) % 16 {
            let n = m.quiet_for(levels.0, levels.1);
            if n > 0 && n < u64::MAX {
                checked += 1;
                counted += n;
                let mut skipped = m.clone();
                skipped.skip(levels.0, levels.1, n);
                let (rst, press) = (m.rst(), m.start_press());
                for _ in 0..n {
                    m.step(levels.0, levels.1);
                    assert_eq!((m.rst(), m.start_press()), (rst, press));
                    assert_eq!(
                        (m.reset.pressed(), m.start.pressed()),
                        (skipped.reset.pressed(), skipped.start.pressed())
                    );
                }
                assert_eq!(format!("{m:?}"), format!("{skipped:?}"));
                let before = (m.reset.pressed(), m.start.pressed());
                m.step(levels.0, levels.1);
                assert_ne!(
                    (m.reset.pressed(), m.start.pressed()),
                    before,
                    "the edge after the budget flips a debounced level"
                );
            }
            m.step(levels.0, levels.1);
        }
    }
    assert!(checked > 50, "counts skipped {checked} times");
    assert!(counted > 100, "{counted} edges skipped");
}

/// A small repeatable stream of random words (xorshift64) from `seed`.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
