//! The checks on two threads (docs/speed.md, "Two threads") against the
//! one-thread loop: the same game ends in the same state with the same
//! counts, and a fault ends both with the same first mismatch — a display
//! fault the VGA check finds on its own thread, a board fault the core
//! scoreboard finds, and both at once, where the VGA check's earlier
//! mismatch must win though the scoreboard on the simulation's thread sees
//! its own first. And the queue between them is bounded: the simulation
//! waits for a check thread that falls behind.

mod common;

use common::{maps, opts, run_opts};
use generals::env::check_thread::{Threads, BATCH_ITEMS, BATCH_PINS, QUEUE_BATCHES};
use generals::env::core_env::{hold_cycles, Burst, CoreEnv, CycleHook, Shown};
use generals::env::driver::button::Press;
use generals::env::driver::ps2::Ps2Timing;
use generals::env::dut::{CoreOut, PinWord};
use generals::env::scoreboard::core::{CycleEvents, FRAME_CYCLES};
use generals::env::vga_check::VgaCheck;
use generals::infra::mismatch::Mismatch;
use generals_golden::machine::Seats;
use generals_golden::Pos;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The machine plays both sides.
const BOTH: Seats = Seats {
    red: true,
    blue: true,
};
/// The map the machine plays both sides of.
const MAP: u8 = 9;

/// A fault on the VGA pins, as a display mutant would make one: from cycle
/// `from` on, the red lane's top bit is flipped before the VGA check sees
/// the pins.
struct RedFault {
    check: VgaCheck,
    from: u64,
}

impl CycleHook for RedFault {
    fn cycle(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: Shown<'_>,
        ev: &CycleEvents,
    ) -> Result<(), Mismatch> {
        let mut o = *out;
        if cycle >= self.from {
            o.vga_r ^= 0x80;
        }
        self.check.cycle(cycle, &o, before, ev)
    }

    fn quiet(&mut self, first: u64, burst: Burst<'_>, before: Shown<'_>) -> Result<(), Mismatch> {
        let pins: Vec<PinWord> = (first..)
            .zip(burst.pins)
            .map(|(c, p)| {
                if c >= self.from {
                    PinWord(p.0 ^ 0x80)
                } else {
                    *p
                }
            })
            .collect();
        let burst = Burst {
            pins: &pins,
            out: burst.out,
        };
        self.check.quiet(first, burst, before)
    }
}

/// What a run ended with: the cycle the simulation stopped at is left out
/// (with two threads it stops a little after the mismatch it reports).
#[derive(Debug, PartialEq)]
enum End {
    Passed {
        rtl: Box<generals_golden::GameState>,
        golden: Box<generals_golden::GameState>,
        cycle: u64,
    },
    Failed(Mismatch),
}

/// The machine against itself on [`MAP`] for `frames` frames after START,
/// the VGA check (with a red fault from `red_from`, if any) on `threads`;
/// `poke_at`: frames after START at which the RTL's board (not the golden
/// model's) gets a cell the scoreboard must see.
fn machine_game(
    threads: Threads,
    frames: u64,
    red_from: Option<u64>,
    poke_at: Option<u64>,
    name: &str,
) -> End {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("generals-tests")
        .join(name);
    let mut env = CoreEnv::new(maps(), 1, Ps2Timing::default()).expect("power-up");
    env.switches = BOTH.switches();
    let make = move || {
        Ok::<_, Mismatch>(RedFault {
            check: VgaCheck::new(dir),
            from: red_from.unwrap_or(u64::MAX),
        })
    };
    env.add_hook(threads.hook(make).expect("a hook"));
    let result = (|| -> Result<(), Mismatch> {
        env.press_start(MAP, &Press::clean(hold_cycles()))?;
        let start = env.dut.cycle;
        if let Some(p) = poke_at {
            env.run(p * FRAME_CYCLES)?;
            let cell = env.golden().cell(Pos { x: 4, y: 4 });
            let wrong = generals_golden::Cell {
                troops: (cell.troops + 1) % 512,
                ..cell
            };
            assert!(
                env.dut.poke_cell(44, wrong.to_bits()),
                "the RTL has a backdoor"
            );
        }
        env.run((start + frames * FRAME_CYCLES).saturating_sub(env.dut.cycle))
    })();
    match env.settle(result) {
        Ok(()) => End::Passed {
            rtl: Box::new(env.rtl_state().expect("a decodable state")),
            golden: Box::new(env.golden().clone()),
            cycle: env.dut.cycle,
        },
        Err(m) => End::Failed(m),
    }
}

/// The same machine game, both ways: the same end, state and counts.
#[test]
fn two_threads_end_a_game_as_one_does() {
    let run = |threads| {
        let mut o = opts(MAP, &[], "threads-game");
        o.seats = BOTH;
        o.frames.threads = threads;
        run_opts(&o)
    };
    let (one, two) = (run(Threads::One), run(Threads::Two));
    assert_eq!(one.state, two.state);
    assert_eq!(one.stats, two.stats);
    assert_eq!(one.vga, two.vga);
    assert_eq!(one.cycles, two.cycles);
    assert!(one.vga.frames_checked >= 20, "{:?}", one.vga);
    assert_eq!(
        machine_game(Threads::One, 12, None, None, "threads-pass"),
        machine_game(Threads::Two, 12, None, None, "threads-pass")
    );
}

/// A display fault: the VGA check on its own thread finds it, and the run
/// reports the very mismatch the one-thread loop reports.
#[test]
fn a_display_fault_gives_the_same_first_mismatch() {
    let from = Some(5 * FRAME_CYCLES + 12_345);
    let one = machine_game(Threads::One, 12, from, None, "threads-red");
    let two = machine_game(Threads::Two, 12, from, None, "threads-red");
    let End::Failed(m) = &one else {
        panic!("the fault went unseen: {one:?}");
    };
    assert!(by_vga(m), "{m}");
    assert_eq!(one, two);
}

/// Whether the VGA check reported `m` (its reports name the beam).
fn by_vga(m: &Mismatch) -> bool {
    m.notes.iter().any(|n| n.contains("beam (x, y)"))
}

/// A board fault the core scoreboard finds on the simulation's thread, and
/// the same with a display fault 2 000 cycles before it: the earlier (the
/// display's, judged later on the other thread) is the one reported, both
/// ways.
#[test]
fn a_scoreboard_fault_and_an_earlier_display_fault() {
    let one = machine_game(Threads::One, 12, None, Some(4), "threads-board");
    let two = machine_game(Threads::Two, 12, None, Some(4), "threads-board");
    let End::Failed(board) = &one else {
        panic!("the board fault went unseen: {one:?}");
    };
    assert!(!by_vga(board), "{board}");
    assert_eq!(one, two);
    // A display fault on the last lines drawn before the scoreboard's
    // mismatch (its frame's snapshot): its mismatch comes first, though
    // with two threads the scoreboard's is seen first, while the pins of
    // the display fault still wait to be handed over.
    let from = Some(board.cycle - 2_000);
    let one = machine_game(Threads::One, 12, from, Some(4), "threads-both");
    let two = machine_game(Threads::Two, 12, from, Some(4), "threads-both");
    let End::Failed(m) = &one else {
        panic!("the faults went unseen: {one:?}");
    };
    assert!(by_vga(m), "{m}");
    assert!(m.cycle < board.cycle, "{m}\n{board}");
    assert_eq!(one, two);
}

/// A check thread that judges nothing until `go` is set: it holds the first
/// batch it is given (quiet cycles reach `cycle` through the trait's
/// default `quiet`).
struct Stalled {
    go: Arc<AtomicBool>,
}

impl Stalled {
    fn wait(&self) {
        while !self.go.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

impl CycleHook for Stalled {
    fn cycle(
        &mut self,
        _: u64,
        _: &CoreOut,
        _: Shown<'_>,
        _: &CycleEvents,
    ) -> Result<(), Mismatch> {
        self.wait();
        Ok(())
    }
}

/// Memory is bounded: while the check thread judges nothing, the simulation
/// gets no further than the batches the queue holds (and the two being
/// filled and judged), and waits there; it goes on when the check thread
/// does, and ends its run.
#[test]
fn the_simulation_waits_for_a_check_thread_that_is_behind() {
    let per_batch = (BATCH_PINS + BATCH_ITEMS) as u64;
    let bound = (QUEUE_BATCHES as u64 + 2) * per_batch;
    let target = 4 * bound;
    let go = Arc::new(AtomicBool::new(false));
    let reached = Arc::new(AtomicU64::new(0));
    let sim = {
        let (go, reached) = (Arc::clone(&go), Arc::clone(&reached));
        std::thread::spawn(move || -> Result<u64, Mismatch> {
            let mut env = CoreEnv::new(maps(), 1, Ps2Timing::default()).expect("power-up");
            env.add_hook(
                Threads::Two
                    .hook(move || Ok::<_, Mismatch>(Stalled { go }))
                    .expect("a hook"),
            );
            let result = (|| {
                while env.dut.cycle < target {
                    env.run(1_000)?;
                    reached.store(env.dut.cycle, Ordering::Release);
                }
                Ok(())
            })();
            env.settle(result)?;
            Ok(env.dut.cycle)
        })
    };
    std::thread::sleep(Duration::from_millis(500));
    let first = reached.load(Ordering::Acquire);
    std::thread::sleep(Duration::from_millis(300));
    let later = reached.load(Ordering::Acquire);
    assert!(!sim.is_finished(), "the simulation ran to its end unjudged");
    assert_eq!(
        first, later,
        "the simulation went on while the checks stood still"
    );
    assert!(
        later <= bound,
        "{later} cycles simulated ahead of the checks (the queue's bound: {bound})"
    );
    go.store(true, Ordering::Release);
    let end = sim
        .join()
        .expect("the simulation thread")
        .expect("no mismatch");
    assert!(
        end >= target,
        "the run ended at cycle {end}, short of {target}"
    );
}
