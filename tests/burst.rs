//! Bursts (`CoreEnv::advance`): the model runs stretches of quiet cycles in
//! one call, and the bench checks them from what the call hands back. These
//! tests hold both halves to the cycle-by-cycle path they stand in for.

use generals::env::core_env::{Burst, CoreEnv, CycleHook, Shown};
use generals::env::driver::ps2::Ps2Timing;
use generals::env::dut::{quiet_draw, CoreDut, CoreIn, CoreOut, PinWord};
use generals::env::scoreboard::core::{CycleEvents, FRAME_CYCLES};
use generals::env::scoreboard::Mismatch;
use generals::env::stimulus::inputs;
use generals::env::vga_check::VgaCheck;
use generals_golden::machine::Seats;
use generals_golden::GameState;
use generals_maps::committed_maps;
use std::cell::RefCell;
use std::rc::Rc;

/// A burst steps the model as ticks do and stops at the first loud cycle:
/// replaying the checked game's pins both ways, every quiet cycle's outputs
/// are the outputs before the burst with that cycle's VGA pins and the draw
/// counter one step on, and a burst that stops early stops at a cycle whose
/// other outputs changed or whose draw counter did not step (in a reset).
#[test]
fn a_burst_steps_the_model_as_ticks_do() {
    bursts_step_as_ticks_do(CoreDut::burst);
}

/// The same for the loop that watches any layout of the outputs, which
/// the models built from generals_core (whose layout the shim knows) never
/// take on their own.
#[test]
fn the_general_watch_steps_the_model_as_ticks_do() {
    bursts_step_as_ticks_do(CoreDut::burst_general);
}

/// One way of bursting, held to ticks over the checked game's pins.
fn bursts_step_as_ticks_do(
    burst: fn(&mut CoreDut, &CoreIn, &mut CoreOut, &mut [PinWord]) -> usize,
) {
    let cycles = 1_200_000;
    let (_, stim) = generals::run::speed::checked(
        committed_maps(),
        cycles,
        true,
        generals::env::check_thread::Threads::One,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let stim = stim.expect("recorded");
    // The models' counts, in a coverage run (scripts/coverage).
    generals::env::coverage::rtl::install();
    let (mut ticked, mut bursts) = (CoreDut::new(), CoreDut::new());
    let (mut t_out, mut b_out) = (CoreOut::default(), CoreOut::default());
    let mut pins = vec![PinWord::default(); 512];
    let (mut quiet, mut loud) = (0usize, 0usize);
    // A burst's outputs are relative to the cycle before it: one tick first.
    let (&(n0, l0), rest) = stim.runs.split_first().expect("a recorded game");
    ticked.tick(&inputs(l0), &mut t_out);
    bursts.tick(&inputs(l0), &mut b_out);
    let runs = std::iter::once((n0 - 1, l0)).chain(rest.iter().copied());
    for (n, levels) in runs {
        let input = inputs(levels);
        let mut left = n as usize;
        while left > 0 {
            let before = b_out;
            let len = left.min(pins.len());
            let q = burst(&mut bursts, &input, &mut b_out, &mut pins[..len]);
            for (i, p) in pins[..q].iter().enumerate() {
                ticked.tick(&input, &mut t_out);
                let c = ticked.cycle;
                let draw = quiet_draw(before.draw, i);
                assert_eq!(p.outputs(draw, &before), t_out, "quiet cycle {c}");
            }
            quiet += q;
            left -= q;
            if q < len {
                ticked.tick(&input, &mut t_out);
                let c = ticked.cycle;
                assert_eq!(b_out, t_out, "loud cycle {c}");
                let rest = |o: &CoreOut| PinWord::default().outputs(0, o);
                assert!(
                    rest(&b_out) != rest(&before) || b_out.draw != quiet_draw(before.draw, q),
                    "cycle {c}: nothing loud"
                );
                loud += 1;
                left -= 1;
            } else {
                assert_eq!(b_out, t_out, "end of a burst at cycle {}", ticked.cycle);
            }
        }
    }
    assert_eq!(bursts.cycle, ticked.cycle);
    assert!(loud > 100, "a game has loud cycles: {loud}");
    assert!(quiet > 100 * loud, "{quiet} quiet cycles, {loud} loud");
}

/// Records every cycle's outputs.
struct Tap(Rc<RefCell<Vec<CoreOut>>>);

impl CycleHook for Tap {
    fn cycle(
        &mut self,
        _: u64,
        out: &CoreOut,
        _: Shown<'_>,
        _: &CycleEvents,
    ) -> Result<(), Mismatch> {
        self.0.borrow_mut().push(*out);
        Ok(())
    }
}

/// The VGA pins of `o` as the shim packs them (`tb/shim/shim.h`).
fn pin_word(o: &CoreOut) -> PinWord {
    let lanes = [
        o.vga_r,
        o.vga_g,
        o.vga_b,
        o.vga_hs_n,
        o.vga_vs_n,
        o.vga_blank_n,
        o.vga_sync_n,
        o.vga_clk,
    ];
    PinWord(u64::from_le_bytes(lanes))
}

/// The title screen's outputs, from the first cycle after power-up
/// (returned) on, for a little over two frames.
fn title_screen() -> (u64, Vec<CoreOut>) {
    let mut env =
        CoreEnv::new(committed_maps(), 1, Ps2Timing::default()).unwrap_or_else(|m| panic!("{m}"));
    let outs = Rc::new(RefCell::new(Vec::new()));
    env.add_hook(Box::new(Tap(Rc::clone(&outs))));
    let first = env.dut.cycle + 1;
    env.run(2 * FRAME_CYCLES + FRAME_CYCLES / 4)
        .unwrap_or_else(|m| panic!("{m}"));
    drop(env);
    let outs = Rc::try_unwrap(outs).expect("one owner").into_inner();
    (first, outs)
}

/// The VGA monitor fed cycle by cycle.
fn by_cycles(first: u64, outs: &[CoreOut]) -> Result<u64, Mismatch> {
    let state = GameState::new();
    let shown = Shown {
        state: &state,
        machine: Seats::PEOPLE,
        version: 0,
    };
    let mut m = VgaCheck::new(std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")));
    for (cycle, o) in (first..).zip(outs) {
        m.cycle(cycle, o, shown, &CycleEvents::default())?;
    }
    Ok(m.stats().frames_checked)
}

/// The VGA monitor fed as `CoreEnv::advance` feeds it: runs of cycles whose
/// other outputs equal the cycle's before as bursts, the rest one by one.
fn by_bursts(first: u64, outs: &[CoreOut]) -> Result<u64, Mismatch> {
    let state = GameState::new();
    let shown = Shown {
        state: &state,
        machine: Seats::PEOPLE,
        version: 0,
    };
    let mut m = VgaCheck::new(std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")));
    let rest = |o: &CoreOut| PinWord::default().outputs(0, o);
    let mut i = 0;
    while i < outs.len() {
        let mut j = i;
        while j < outs.len()
            && j > 0
            && rest(&outs[j]) == rest(&outs[j - 1])
            && outs[j].draw == quiet_draw(outs[j - 1].draw, 0)
            && j - i < 1000
        {
            j += 1;
        }
        if j == i {
            m.cycle(first + i as u64, &outs[i], shown, &CycleEvents::default())?;
            i += 1;
            continue;
        }
        let pins: Vec<PinWord> = outs[i..j].iter().map(pin_word).collect();
        let burst = Burst {
            pins: &pins,
            out: &outs[i - 1],
        };
        m.quiet(first + i as u64, burst, shown)?;
        i = j;
    }
    Ok(m.stats().frames_checked)
}

/// The monitor's fast path over bursts checks what it checks cycle by cycle:
/// the title screen passes both ways, and each fault put into the pins (a
/// wrong pixel, a colour in the blanking, a late hsync, a colour that
/// changes across the DAC's clock edge) fails both ways, at the same cycle,
/// on the same signal.
#[test]
fn quiet_cycles_are_checked_as_single_cycles_are() {
    let (first, outs) = title_screen();
    let frames = by_cycles(first, &outs).unwrap_or_else(|m| panic!("{m}"));
    assert!(frames >= 1, "a frame was checked");
    assert_eq!(by_bursts(first, &outs), Ok(frames));
    // The last frame's samples: the rising vga_clk edges of its lines, each
    // compared with the sample before it (two cycles back).
    let frame0 = outs.len() - (FRAME_CYCLES + FRAME_CYCLES / 8) as usize;
    let find = |from: usize, f: &dyn Fn(&CoreOut, &CoreOut) -> bool| {
        (from..outs.len())
            .find(|&i| {
                outs[i].vga_clk != 0 && outs[i - 1].vga_clk == 0 && f(&outs[i], &outs[i - 2])
            })
            .expect("such a sample")
    };
    let visible = find(frame0 + 300_000, &|o, _| o.vga_blank_n != 0);
    let blank = find(frame0 + 300_000, &|o, _| {
        o.vga_blank_n == 0 && o.vga_hs_n != 0
    });
    let hsync = find(frame0 + 400_000, &|o, p| o.vga_hs_n == 0 && p.vga_hs_n != 0);
    let faults: Vec<(&str, Fault)> = vec![
        (
            "wrong pixel",
            Box::new(move |o: &mut [CoreOut]| {
                o[visible].vga_r ^= 0x80;
                o[visible - 1].vga_r ^= 0x80;
            }),
        ),
        (
            "colour in blanking",
            Box::new(move |o: &mut [CoreOut]| {
                o[blank].vga_g = 1;
                o[blank - 1].vga_g = 1;
            }),
        ),
        (
            "late hsync",
            Box::new(move |o: &mut [CoreOut]| {
                o[hsync].vga_hs_n = 1;
                o[hsync - 1].vga_hs_n = 1;
            }),
        ),
        (
            "unstable colour",
            Box::new(move |o: &mut [CoreOut]| o[visible + 40].vga_b ^= 1),
        ),
    ];
    fail_alike(first, &outs, faults, first + frame0 as u64..);
}

/// Before the raster locks (from power-up to the first vsync) the monitor's
/// fast path takes quiet cycles too: faults put into the pins there (the DAC's
/// sync input raised, an hsync pulse a pixel too long) fail both ways, at the
/// same cycle, on the same signal.
#[test]
fn quiet_cycles_before_the_lock_are_checked_as_single_cycles_are() {
    let (first, outs) = title_screen();
    let vsync = (1..outs.len())
        .find(|&i| outs[i].vga_vs_n == 0 && outs[i - 1].vga_vs_n != 0)
        .expect("a vsync");
    // An hsync pulse well before the lock, and the cycle its end shows.
    let hsync_end = (vsync / 2..vsync)
        .find(|&i| outs[i].vga_hs_n != 0 && outs[i - 1].vga_hs_n == 0)
        .expect("an hsync pulse before the first vsync");
    let faults: Vec<(&str, Fault)> = vec![
        (
            "vga_sync_n raised",
            Box::new(move |o: &mut [CoreOut]| o[vsync / 2].vga_sync_n = 1),
        ),
        (
            "long hsync",
            Box::new(move |o: &mut [CoreOut]| {
                o[hsync_end].vga_hs_n = 0;
                o[hsync_end + 1].vga_hs_n = 0;
            }),
        ),
    ];
    fail_alike(first, &outs, faults, ..first + vsync as u64);
}

/// Each fault put into the outputs from cycle `first` fails both ways (cycle
/// by cycle, and in bursts), at the same cycle, on the same signal, and at a
/// cycle in `when`.
fn fail_alike(
    first: u64,
    outs: &[CoreOut],
    faults: Vec<(&str, Fault)>,
    when: impl std::ops::RangeBounds<u64>,
) {
    for (what, fault) in faults {
        let mut bad = outs.to_vec();
        fault(&mut bad);
        let one = by_cycles(first, &bad).expect_err(what);
        let burst = by_bursts(first, &bad).expect_err(what);
        assert_eq!(
            (one.cycle, &one.signal),
            (burst.cycle, &burst.signal),
            "{what}"
        );
        assert!(when.contains(&one.cycle), "{what}: {one}");
    }
}

/// A fault put into recorded outputs.
type Fault = Box<dyn Fn(&mut [CoreOut])>;
