//! The speed benchmark's runs simulate the same game: the pins recorded by the
//! checked co-simulation, replayed from Rust (run by run, and in the checked
//! run's watching bursts) and by the plain C++ loop (on the
//! RTL and on its gate-level netlist), end in
//! the very state the checked run ended in (and so does a text round trip of
//! the recording).

use generals::env::dut::{CoreDut, CoreOut};
use generals::env::stimulus::{inputs, Stimulus};
use generals::run::speed::{checked, cxx, netlist, unchecked, watched};
use generals_maps::committed_maps;
use std::path::PathBuf;

#[test]
fn replays_end_where_the_checked_game_ended() {
    // Past the START press and the map load, into the first moves.
    let cycles = 1_200_000;
    let (run, stim) = checked(
        committed_maps(),
        cycles,
        true,
        generals::env::check_thread::Threads::One,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let stim = stim.expect("recorded");
    assert_eq!(run.cycles, cycles);
    assert_eq!(stim.cycles(), cycles);
    assert_eq!(
        run.final_state["phase"], "playing",
        "the game has started: {}",
        run.final_state
    );
    let path = std::env::temp_dir().join(format!("generals-speed-{}.txt", std::process::id()));
    std::fs::write(&path, stim.to_text()).expect("write");
    let read = Stimulus::read(&path).expect("read back");
    let _ = std::fs::remove_file(&path);
    assert_eq!(read, stim);
    let gates = netlist(&read).unwrap_or_else(|e| panic!("{e}"));
    for replay in [unchecked(&read), watched(&read), cxx(&read), gates] {
        assert_eq!(replay.cycles, cycles, "{:?}", replay.variant);
        assert_eq!(replay.final_state, run.final_state, "{:?}", replay.variant);
    }
    // A shorter replay ends elsewhere: the comparison can fail.
    assert_ne!(
        cxx(&read.truncated(cycles / 2)).final_state,
        run.final_state
    );
}

/// Without a waveform open, the model skips Verilator's eval() at both clock
/// edges (`tb/shim/model.h`: it records the falling edge and runs the rising
/// edge's NBA region directly); with one open it takes the full eval(), as the
/// waveform needs. Both must tick alike, cycle by cycle.
#[test]
fn a_model_ticks_alike_with_and_without_a_waveform() {
    let cycles = 1_200_000;
    let (_, stim) = checked(
        committed_maps(),
        cycles,
        true,
        generals::env::check_thread::Threads::One,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let stim = stim.expect("recorded");
    let wave = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generals-edges.fst");
    // The models' counts, in a coverage run (scripts/coverage).
    generals::env::coverage::rtl::install();
    let (mut fast, mut full) = (CoreDut::new(), CoreDut::new());
    full.trace(&wave).unwrap_or_else(|e| panic!("{e}"));
    let (mut a, mut b) = (CoreOut::default(), CoreOut::default());
    let mut applied = 0u64;
    for &(n, levels) in &stim.runs {
        let input = inputs(levels);
        for _ in 0..n {
            fast.tick(&input, &mut a);
            full.tick(&input, &mut b);
            assert_eq!(a, b, "cycle {} (left: no waveform)", fast.cycle);
            applied += u64::from(a.applied != 0);
        }
    }
    full.close_trace();
    let header = fst_header(&wave);
    let _ = std::fs::remove_file(&wave);
    // A 50 MHz cycle is 20 ns in a waveform viewer: 20 000 ticks of 1 ps,
    // the last dumped at the falling edge of the last cycle.
    let (timescale, end_time) = header.expect("the waveform was written, with an FST header");
    assert_eq!(timescale, -12, "the waveform's time unit is 1 ps");
    assert_eq!(
        end_time,
        (cycles - 1) * 20_000 + 10_000,
        "the last dump's time"
    );
    assert_eq!(fast.read_board(), full.read_board());
    assert_eq!(
        late_waveform_end(&stim, cycles),
        Some((cycles - 1) * 20_000 + 10_000),
        "the last dump's time, the waveform opened after replayed runs and bursts"
    );
    // A model that missed its rising edges would stand still.
    assert!(a.phase() == 1, "the game has started: phase {}", a.phase());
    assert!(applied >= 3, "commands applied: {applied}");
}

/// The stimulus's first third replayed run by run (`CoreDut::hold`), its
/// second in bursts, its last ticked with a waveform open: the waveform's
/// end time, which holds the time those loops count once per call rather
/// than per cycle (`Model::step_until`, tb/shim/model.h).
fn late_waveform_end(stim: &Stimulus, cycles: u64) -> Option<u64> {
    let wave = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generals-late.fst");
    let mut dut = CoreDut::new();
    let mut out = CoreOut::default();
    let mut pins = vec![Default::default(); 4096];
    for &(n, levels) in &stim.runs {
        let input = inputs(levels);
        let mut left = u64::from(n);
        while left > 0 {
            if dut.cycle < cycles / 3 {
                let k = left.min(cycles / 3 - dut.cycle);
                dut.hold(levels, k as u32, &mut out);
                left -= k;
            } else if dut.cycle < 2 * cycles / 3 {
                let room = left.min(2 * cycles / 3 - dut.cycle).min(pins.len() as u64);
                let before = dut.cycle;
                dut.burst(&input, &mut out, &mut pins[..room as usize]);
                left -= dut.cycle - before;
            } else {
                if dut.cycle == 2 * cycles / 3 {
                    dut.trace(&wave).ok()?;
                }
                dut.tick(&input, &mut out);
                left -= 1;
            }
        }
    }
    dut.close_trace();
    let header = fst_header(&wave);
    let _ = std::fs::remove_file(&wave);
    header.map(|(_, end)| end)
}

/// The timescale (a power of ten of seconds) and the end time of an FST file,
/// from its header block (GTKWave's fstapi: block type 0, then the section
/// length, start and end time, an endianness test, the writer's memory, the
/// scope, variable, handle and value-change-section counts, each 8 bytes,
/// then the timescale as one signed byte).
fn fst_header(path: &std::path::Path) -> Option<(i8, u64)> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.first() != Some(&0) || bytes.len() < 74 {
        return None;
    }
    let end_time = u64::from_be_bytes(bytes[17..25].try_into().ok()?);
    Some((bytes[73] as i8, end_time))
}
