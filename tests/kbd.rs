//! Keyboard front end (rtl/kbd_frontend.v) against the golden decoder, every
//! cycle: docs/rules.md §4. Each test sends bytes at the wire level and lets the
//! keyboard scoreboard check every byte, command, error and overflow count;
//! the asserts below add the end totals worked out from the spec.

use generals::env::driver::ps2::{Fault, Ps2Timing, DEVICE_HZ_MAX, DEVICE_HZ_MIN};
use generals::env::dut::KbdDut;
use generals::env::kbd_env::{Consumer, KbdEnv};
use generals::env::scoreboard::kbd::{KbdStats, ARMING_SLACK};
use generals::CLOCK_HZ;
use generals_golden::keyboard::{Command, Command::*};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plenty of cycles for the bytes of one test.
const LIMIT: u64 = 2_000_000_000;

fn run(env: &mut KbdEnv) -> KbdStats {
    env.run(2_000, LIMIT).unwrap_or_else(|m| panic!("{m}"))
}

fn commands(env: &KbdEnv) -> Vec<Command> {
    env.sb.popped_log.iter().map(|&(_, c)| c).collect()
}

fn env_at(hz: u32) -> KbdEnv {
    KbdEnv::new(
        7,
        Ps2Timing {
            clock_hz: hz,
            jitter: 0.1,
            gap_cycles: 1_000,
        },
    )
}

#[test]
fn every_key_and_arrow_at_both_clock_limits() {
    for hz in [DEVICE_HZ_MIN, DEVICE_HZ_MAX] {
        let mut env = env_at(hz);
        // W A S D Space Z make codes, then the four arrows (docs/rules.md §4).
        env.send(&[0x1D, 0x1C, 0x1B, 0x23, 0x29, 0x1A]);
        env.send(&[0xE0, 0x75, 0xE0, 0x6B, 0xE0, 0x72, 0xE0, 0x74]);
        let s = run(&mut env);
        assert_eq!(
            commands(&env),
            vec![W, A, S, D, Space, Z, W, A, S, D],
            "at {hz} Hz"
        );
        assert_eq!((s.bytes, s.errors, s.overflows), (14, 0, 0));
    }
}

#[test]
fn breaks_keypad_codes_and_other_keys_are_ignored() {
    let mut env = env_at(12_000);
    env.send(&[0xF0, 0x1D, 0xE0, 0xF0, 0x75]); // breaks of W and of the up arrow
    env.send(&[0x75, 0x6B, 0x72, 0x74]); // keypad 8 4 2 6 without E0
    env.send(&[0xE0, 0x1D, 0x15, 0x76, 0xAA, 0xFA]); // E0 + non-arrow, Q, Esc, BAT, ACK
    env.send(&[0x1A]); // Z still decodes after all that
    let s = run(&mut env);
    assert_eq!(commands(&env), vec![Z]);
    assert_eq!(s.bytes, 16);
}

#[test]
fn typematic_repeat_repeats_the_command() {
    let mut env = env_at(16_000);
    // A held key re-sends its make code; one release at the end.
    env.send(&[0x1C, 0x1C, 0x1C, 0x1C, 0xF0, 0x1C]);
    env.send(&[0xE0, 0x74, 0xE0, 0x74, 0xE0, 0xF0, 0x74]);
    run(&mut env);
    assert_eq!(commands(&env), vec![A, A, A, A, D, D]);
}

#[test]
fn stalled_consumer_loses_and_duplicates_nothing() {
    let mut env = env_at(DEVICE_HZ_MAX);
    // Six keys (fewer than the FIFO holds) while the consumer is not ready
    // for the time of about 20 frames.
    env.consumer = Consumer::StallUntil(20 * 35_000);
    for c in [W, A, S, D, Space, Z] {
        env.send(&[c.make_code(), 0xF0, c.make_code()]);
    }
    let s = run(&mut env);
    assert_eq!(commands(&env), vec![W, A, S, D, Space, Z]);
    assert_eq!(s.overflows, 0);
    let first_pop = env.sb.popped_log[0].0;
    assert!(
        first_pop >= 20 * 35_000,
        "popped at {first_pop}, during the stall"
    );
}

#[test]
fn full_fifo_counts_every_dropped_command() {
    let mut env = env_at(DEVICE_HZ_MAX);
    // 12 key presses while stalled far longer than they take: the FIFO keeps
    // the first `depth` commands and counts 12 - depth overflows.
    let depth = KbdDut::params().fifo_depth as usize;
    env.consumer = Consumer::StallUntil(3_000_000);
    let keys = [W, A, S, D, Space, Z, W, A, S, D, Space, Z];
    for c in keys {
        env.send(&[c.make_code()]);
    }
    let s = run(&mut env);
    assert!(
        depth < keys.len(),
        "the test needs more keys than the FIFO holds"
    );
    assert_eq!(commands(&env), keys[..depth].to_vec());
    assert_eq!(s.overflows, (keys.len() - depth) as u64);
}

/// A command that arrives at a full FIFO in the very cycle the consumer
/// takes one is kept (docs/rules.md §4: "no command is ever lost"): the slot the
/// pop frees takes it. The consumer's first ready cycle is swept across the
/// arrival of the ninth command's byte: ready from one cycle earlier keeps
/// it; ready from one cycle later drops and counts it; the boundary between
/// the two is the cycle in which the push and the pop meet.
#[test]
fn a_command_arriving_as_a_full_fifo_is_popped_is_kept() {
    let depth = KbdDut::params().fifo_depth as usize;
    let keys = [W, A, S, D, Space, Z, W, A, S, D];
    assert!(keys.len() > depth);
    let arrive = |stall: u64| {
        let mut env = env_at(DEVICE_HZ_MAX);
        env.consumer = Consumer::StallUntil(stall);
        for c in &keys[..=depth] {
            env.send(&[c.make_code()]);
        }
        let s = run(&mut env);
        (s.overflows, commands(&env))
    };
    // The cycle the (depth + 1)-th byte shows on the receiver's output,
    // from a run whose consumer never takes anything in time.
    let mut env = env_at(DEVICE_HZ_MAX);
    env.consumer = Consumer::StallUntil(u64::MAX);
    for c in &keys[..=depth] {
        env.send(&[c.make_code()]);
    }
    let mut seen = 0;
    let mut arrival = None;
    while arrival.is_none() {
        env.step().unwrap_or_else(|m| panic!("{m}"));
        if env.sb.stats.bytes > seen {
            seen = env.sb.stats.bytes;
            if seen == depth as u64 + 1 {
                arrival = Some(env.dut.cycle);
            }
        }
    }
    let arrival = arrival.expect("the last byte arrived");
    let results: Vec<(u64, u64)> = (arrival.saturating_sub(3)..arrival + 4)
        .map(|stall| (stall, arrive(stall).0))
        .collect();
    let kept_from = results.iter().rev().find(|r| r.1 == 0).map(|r| r.0);
    let dropped_from = results.iter().find(|r| r.1 == 1).map(|r| r.0);
    match (kept_from, dropped_from) {
        (Some(k), Some(d)) => assert_eq!(d, k + 1, "a sharp boundary: {results:?}"),
        _ => panic!("the sweep did not cross the boundary: {results:?}"),
    }
    let (ovf, got) = arrive(kept_from.unwrap_or(0));
    assert_eq!(ovf, 0);
    assert_eq!(got, keys[..=depth].to_vec(), "nothing lost at the boundary");
}

#[test]
fn random_readiness_never_loses_a_command() {
    let mut env = env_at(DEVICE_HZ_MAX);
    env.consumer = Consumer::Random(0.001);
    let keys = [D, D, S, Space, A, Z, Z, W];
    for c in keys {
        env.send(&[c.make_code(), 0xF0, c.make_code()]);
    }
    run(&mut env);
    assert_eq!(commands(&env), keys.to_vec());
}

/// One fault, then a clean key: the fault is dropped and counted (or, for a
/// glitch, ignored) and never corrupts the key after it.
fn fault_then_key(fault: Fault, byte: u8) -> (KbdStats, Vec<Command>) {
    let mut env = env_at(13_000);
    env.send_fault(byte, fault);
    env.send(&[0x23]); // D
    let s = run(&mut env);
    (s, commands(&env))
}

#[test]
fn bad_parity_is_dropped_and_counted() {
    let (s, cmds) = fault_then_key(Fault::BadParity, 0x1D);
    assert_eq!((s.errors, s.bytes, cmds), (1, 1, vec![D]));
}

#[test]
fn stop_bit_zero_is_dropped_and_counted() {
    let (s, cmds) = fault_then_key(Fault::StopZero, 0x1D);
    assert_eq!((s.errors, s.bytes, cmds), (1, 1, vec![D]));
}

#[test]
fn truncated_frames_time_out_and_are_counted() {
    for bits in 1..=10 {
        let (s, cmds) = fault_then_key(Fault::Truncate { bits }, 0x1D);
        assert_eq!(
            (s.errors, s.bytes, cmds.clone()),
            (1, 1, vec![D]),
            "truncated after {bits} bits"
        );
    }
}

/// The error count past 1 024 (bit 10): a thousand frames cut short after
/// the start bit, the cheapest bad frame, each counted, and a key after
/// them still decodes. (The generated mutants' corners run does the same.)
#[test]
fn the_error_count_counts_past_a_thousand_and_twenty_four() {
    const FRAMES: u64 = 1_030;
    let mut env = env_at(DEVICE_HZ_MAX);
    for _ in 0..FRAMES {
        env.send_fault(0x1D, Fault::Truncate { bits: 1 });
    }
    env.send(&[0x23]); // D
    let s = run(&mut env);
    assert_eq!((s.errors, s.bytes, commands(&env)), (FRAMES, 1, vec![D]));
}

/// A spike on the clock in the silence after a frame cut short is no edge:
/// the frame is still dropped at the time-out counted from its last real
/// edge, not sooner (the scoreboard's bound) and not later.
#[test]
fn a_spike_after_a_frame_cut_short_does_not_move_its_time_out() {
    let filter = KbdDut::params().filter_cycles;
    for len in [1, filter / 2, filter - 1] {
        let (s, cmds) = fault_then_key(Fault::TruncateGlitch { bits: 5, len }, 0x1D);
        assert_eq!(
            (s.errors, s.bytes, cmds),
            (1, 1, vec![D]),
            "a spike of {len} cycles"
        );
    }
}

#[test]
fn a_dropped_prefix_does_not_apply() {
    // F0 lost to a parity error: "1D" that follows reads as a make (docs/rules.md §4).
    let (s, cmds) = fault_then_key(Fault::BadParity, 0xF0);
    assert_eq!((s.errors, cmds), (1, vec![D]));
    let mut env = env_at(13_000);
    env.send_fault(0xE0, Fault::StopZero);
    env.send(&[0x75]); // keypad 8 alone: ignored
    env.send(&[0xE0, 0x75]); // the real up arrow
    let s = run(&mut env);
    assert_eq!((s.errors, commands(&env)), (1, vec![W]));
}

#[test]
fn clock_glitches_shorter_than_the_filter_are_not_edges() {
    let filter = KbdDut::params().filter_cycles;
    for bit in [0u8, 3, 9, 10] {
        // filter - 1: the longest spike the filter must remove.
        for len in [1, 20, filter - 20, filter - 1] {
            let (s, cmds) = fault_then_key(Fault::Glitch { bit, len }, 0x1B);
            assert_eq!(
                (s.errors, s.bytes, cmds),
                (0, 2, vec![S, D]),
                "glitch in bit {bit}, {len} cycles"
            );
        }
    }
    let mut env = env_at(13_000);
    env.driver.send_idle_glitch(filter - 10);
    env.send(&[0x29]);
    let s = run(&mut env);
    assert_eq!((s.errors, commands(&env)), (0, vec![Space]));
}

/// The seed of the random stream: `GENERALS_SEED` or a fixed default.
fn seed() -> u64 {
    std::env::var("GENERALS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_231_121)
}

#[test]
fn random_stream_of_forty_thousand_bytes() {
    let seed = seed();
    println!("random PS/2 stream: seed {seed} (replay: GENERALS_SEED={seed} cargo test --release --test kbd random_stream)");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut env = KbdEnv::new(seed, Ps2Timing::random(&mut rng));
    env.consumer = Consumer::bursty(0.05);
    let (mut sent, mut faults) = (0u64, 0u64);
    while sent < 40_000 {
        if rng.gen_bool(0.01) {
            env.driver.set_timing(Ps2Timing::random(&mut rng));
        }
        let bytes: Vec<u8> = match rng.gen_range(0..10) {
            0..=5 => {
                let c = Command::ALL[rng.gen_range(0..6)];
                generals_golden::keyboard::key_bytes(c, rng.gen_bool(0.3))
            }
            6 => vec![rng.gen()],                 // any code at all
            7 => vec![0xE0, rng.gen()],           // extended, mostly not arrows
            8 => vec![0xF0, rng.gen()],           // some release
            _ => vec![0x1D; rng.gen_range(2..5)], // typematic W
        };
        for b in bytes {
            let fault = Fault::random(&mut rng, 50, env.driver.rx());
            faults += u64::from(fault.drops_frame());
            env.send_fault(b, fault);
            sent += 1;
        }
        while env.driver.pending() > 4 {
            env.advance(u64::MAX)
                .unwrap_or_else(|m| panic!("seed {seed}: {m}"));
        }
    }
    let s = env
        .run(2_000, LIMIT)
        .unwrap_or_else(|m| panic!("seed {seed}: {m}"));
    println!(
        "seed {seed}: {sent} bytes, {} good, {} dropped, {} commands, {} overflows, {} cycles",
        s.bytes, s.errors, s.commands, s.overflows, env.dut.cycle
    );
    assert_eq!(s.errors, faults);
    assert_eq!(s.bytes + s.errors, sent);
    if seed == 20_231_121 {
        // The default seed's exact figures: a replay must do the same.
        assert_eq!(
            (
                sent,
                s.bytes,
                s.errors,
                s.commands,
                s.overflows,
                env.dut.cycle
            ),
            (40_001, 37_566, 2_435, 11_318, 591, 1_857_073_686)
        );
    }
    assert!(
        s.overflows > 0,
        "the consumer's stalls should overflow the FIFO now and then"
    );
}

/// Steps until the `n`-th falling edge of `ps2_clk` from now.
fn step_to_fall(env: &mut KbdEnv, n: u32) {
    let mut seen = 0;
    let mut prev = env.driver.level().0;
    while seen < n {
        env.step().unwrap_or_else(|m| panic!("{m}"));
        let clk = env.driver.level().0;
        if prev && !clk {
            seen += 1;
        }
        prev = clk;
    }
}

/// RESET while a frame is on the wire, at every bit (on the falling edge, in
/// the low phase, in the next high phase), at both clock limits: the cut
/// frame yields nothing (no byte, no error: after reset the receiver waits
/// for an idle bus instead of taking a later data bit for a start bit), and
/// the next whole frame is decoded. The scoreboard checks every cycle too.
#[test]
fn reset_at_any_bit_of_a_frame_never_yields_garbage() {
    let _ = generals::env::coverage::functional::take();
    for hz in [DEVICE_HZ_MIN, DEVICE_HZ_MAX] {
        let half = (CLOCK_HZ / u64::from(hz) / 2) as u32;
        // While the start bit is on the wire, before its falling edge.
        let mut env = env_at(hz);
        env.send(&[W.make_code(), D.make_code()]);
        while env.driver.level().1 {
            env.step().unwrap_or_else(|m| panic!("{m}"));
        }
        env.reset(4);
        let stats = run(&mut env);
        assert_eq!(commands(&env), vec![D], "{hz} Hz, reset in the start bit");
        assert_eq!((stats.ignored, stats.errors), (1, 0), "{hz} Hz");
        for bit in 0..=10u32 {
            for offset in [0, half / 2, half + half / 2] {
                let what = format!("{hz} Hz, reset {offset} cycles after bit {bit} fell");
                let mut env = env_at(hz);
                env.send(&[W.make_code(), D.make_code()]);
                step_to_fall(&mut env, bit + 1);
                for _ in 0..offset {
                    env.step().unwrap_or_else(|m| panic!("{what}: {m}"));
                }
                env.reset(4);
                let stats = env
                    .run(2_000, LIMIT)
                    .unwrap_or_else(|m| panic!("{what}: {m}"));
                let got = commands(&env);
                assert_eq!(stats.errors, 0, "{what}: a frame counted as bad");
                if bit < 10 {
                    assert_eq!(got, vec![D], "{what}");
                    assert_eq!(stats.ignored, 1, "{what}: the cut frame");
                } else if offset == 0 {
                    // The stop bit was on the wire, not yet in the receiver.
                    assert_eq!(got, vec![D], "{what}");
                } else {
                    // The stop bit was in: W arrived before the reset.
                    assert_eq!(got, vec![W, D], "{what}");
                }
            }
        }
    }
    // The wire monitor saw a reset with each bit of a frame on the wire.
    let hits = generals::env::coverage::functional::take();
    for bit in 0..11 {
        let bin = format!("ps2/reset_at_bit_{bit:02}");
        assert!(hits.get(&bin) > 0, "{bin} not hit: {hits:?}");
    }
}

/// docs/rules.md §4 (re-arming after reset): a start bit that falls in any
/// cycle around the receiver's arming time yields its frame whole or not at
/// all, never a later data bit taken for a start bit. Swept cycle by cycle
/// across the window where the keyboard scoreboard cannot tell the cycle the
/// receiver arms in (its filter and synchroniser; there it takes the frame as
/// received whole or lost whole), at 16.7 kHz without jitter. Catches the
/// listed mutant ps2-armed-on-an-edge, which arms in the cycle its idle count
/// is reached even when the clock falls in it.
#[test]
fn a_start_bit_in_any_cycle_around_re_arming_is_taken_whole_or_not_at_all() {
    let rx = KbdDut::params();
    let timing = Ps2Timing {
        clock_hz: DEVICE_HZ_MAX,
        jitter: 0.0,
        gap_cycles: 1_000,
    };
    let half = i64::from(timing.nominal_half_period());
    // The scoreboard's margin, and 16 cycles beyond it on each side.
    let reach = i64::from(rx.filter_cycles + ARMING_SLACK) + 16;
    let (mut taken, mut lost) = (0, 0);
    for d in -reach..=reach {
        let mut env = KbdEnv::new(7, timing);
        env.sb.unsure_may_vanish = true;
        env.reset(4);
        for _ in 0..4 {
            env.step().unwrap_or_else(|m| panic!("{m}"));
        }
        // The frame's first clock phase is high; its start bit falls a half
        // period after it begins: `d` cycles from the arming time.
        let hold = i64::from(rx.arm_cycles) + d - half;
        env.driver.hold_exactly(hold as u32);
        env.send(&[W.make_code()]);
        // Past the time-out: a frame taken from a later data bit is counted
        // as bad only then.
        let settle = 2 * u64::from(rx.timeout_cycles);
        let stats = env
            .run(settle, LIMIT)
            .unwrap_or_else(|m| panic!("start bit {d} cycles from the arming time: {m}"));
        match (stats.bytes, stats.ignored) {
            (1, 0) => taken += 1,
            (0, 1) => lost += 1,
            other => panic!("start bit {d} cycles from the arming time: {other:?}"),
        }
    }
    // The sweep crosses the arming time: early frames lost, late ones taken.
    assert!(taken > 0 && lost > 0, "taken {taken}, lost {lost}");
}

/// RESET in the cycles around a command's byte arriving at the FIFO (docs/rules.md
/// §4 and §5: RESET resets the keyboard front end; a byte in flight may be
/// lost): whatever the cycle, the command is kept or lost whole, never
/// half-written, and the next key decodes. Every cycle checked.
#[test]
fn reset_as_a_command_arrives_loses_it_whole() {
    // The cycle the byte is checked, from a run without reset.
    let mut env = env_at(DEVICE_HZ_MAX);
    env.send(&[A.make_code()]);
    while env.sb.stats.bytes == 0 {
        env.step().unwrap_or_else(|m| panic!("{m}"));
    }
    let arrival = env.dut.cycle;
    let mut outcomes = Vec::new();
    for at in arrival.saturating_sub(3)..arrival + 3 {
        let mut env = env_at(DEVICE_HZ_MAX);
        env.send(&[A.make_code()]);
        while env.dut.cycle < at {
            env.step().unwrap_or_else(|m| panic!("reset at {at}: {m}"));
        }
        env.reset(2);
        for _ in 0..4 {
            env.step().unwrap_or_else(|m| panic!("reset at {at}: {m}"));
        }
        env.send(&[S.make_code()]);
        run(&mut env);
        let got = commands(&env);
        assert!(
            got == vec![S] || got == vec![A, S],
            "reset at {at}: {got:?}"
        );
        outcomes.push(got.len());
    }
    assert!(
        outcomes.contains(&1) && outcomes.contains(&2),
        "the sweep crosses the arrival: {outcomes:?}"
    );
}

/// RESET in the middle of a typematic burst: only the frame it cuts is lost.
#[test]
fn reset_during_typematic_repeat_loses_only_the_cut_frame() {
    for bit in [0, 4, 9] {
        let mut env = env_at(DEVICE_HZ_MIN);
        env.send(&[W.make_code(); 4]);
        step_to_fall(&mut env, 11 + bit + 1);
        env.reset(4);
        let stats = run(&mut env);
        assert_eq!(commands(&env), vec![W, W, W], "reset at bit {bit}");
        assert_eq!((stats.ignored, stats.errors), (1, 0), "reset at bit {bit}");
    }
}
