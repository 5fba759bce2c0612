//! The DVI output's TMDS encoder (`rtl/tmds_encoder.v`, under Icarus with
//! `tb/icarus/tmds_tb.v`) against the golden encoder (`generals_golden::tmds`,
//! written from the DVI 1.0 specification, not from the RTL), symbol by
//! symbol in every clock cycle. The stimulus: every byte from every running
//! disparity the encoder can have, random lines of pixels with blanking and
//! all four control codes, long runs of one value and an adversary that
//! drives the disparity to its ends, and pixel enables with gaps (the inputs
//! change at random while the enable is low, and q must hold) or in every
//! cycle. The test also checks that the stimulus covered all of that.

mod common;

use generals::env::dut::RTL_DIR;
use generals_golden::tmds::{decode, Decoded, CONTROL_SYMBOLS, DISPARITY_BOUND};
use generals_golden::TmdsEncoder;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::Command;

/// One clock cycle's inputs.
#[derive(Clone, Copy, Debug)]
struct Step {
    ce: bool,
    de: bool,
    data: u8,
    ctrl: u8,
}

impl Step {
    /// The bench's stimulus word, `{ce, de, c[1:0], d[7:0]}`.
    fn word(&self) -> u16 {
        u16::from(self.ce) << 11
            | u16::from(self.de) << 10
            | u16::from(self.ctrl) << 8
            | u16::from(self.data)
    }
}

/// The stimulus as it is built: pixels (a cycle with the enable high) and
/// the cycles between them.
struct Stimulus {
    steps: Vec<Step>,
    rng: ChaCha8Rng,
    /// Low-enable cycles after each pixel: 1 is the board's one cycle in two.
    gap: usize,
    /// Golden encoder fed the pixels so far (to steer the disparity).
    golden: TmdsEncoder,
}

impl Stimulus {
    fn new(seed: u64) -> Stimulus {
        Stimulus {
            steps: Vec::new(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            gap: 1,
            golden: TmdsEncoder::new(),
        }
    }

    /// A cycle with the enable low and random inputs, which must change nothing.
    fn idle(&mut self) {
        let step = Step {
            ce: false,
            de: self.rng.gen(),
            data: self.rng.gen(),
            ctrl: self.rng.gen_range(0..4),
        };
        self.steps.push(step);
    }

    /// One pixel, then the gap (now and then a longer one).
    fn pixel(&mut self, de: bool, data: u8, ctrl: u8) {
        self.golden.encode(de, data, ctrl);
        self.steps.push(Step {
            ce: true,
            de,
            data,
            ctrl,
        });
        let extra = if self.gap > 0 && self.rng.gen_ratio(1, 32) {
            self.rng.gen_range(1..8)
        } else {
            0
        };
        for _ in 0..self.gap + extra {
            self.idle();
        }
    }

    fn active(&mut self, data: u8) {
        let ctrl = self.rng.gen_range(0..4);
        self.pixel(true, data, ctrl);
    }

    fn blank(&mut self, ctrl: u8) {
        let data = self.rng.gen();
        self.pixel(false, data, ctrl);
    }

    fn random_blank(&mut self, n: usize) {
        for _ in 0..n {
            let c = self.rng.gen_range(0..4);
            self.blank(c);
        }
    }

    fn random_active(&mut self, n: usize) {
        for _ in 0..n {
            let d = self.rng.gen();
            self.active(d);
        }
    }
}

/// For each disparity reachable from 0, the shortest run of bytes that
/// reaches it from 0 (found on the golden encoder).
fn paths_to_disparities() -> BTreeMap<i32, Vec<u8>> {
    let mut paths = BTreeMap::from([(0, Vec::new())]);
    let mut frontier = vec![(TmdsEncoder::new(), Vec::new())];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for (enc, path) in frontier {
            for b in 0..=255u8 {
                let mut e = enc;
                e.encode(true, b, 0);
                if let Entry::Vacant(slot) = paths.entry(e.disparity()) {
                    let mut p: Vec<u8> = path.clone();
                    p.push(b);
                    slot.insert(p.clone());
                    next.push((e, p));
                }
            }
        }
        frontier = next;
    }
    paths
}

/// The byte that drives the disparity furthest from 0, or, with `swing`,
/// furthest from where it is (to the other side); ties at random.
fn adversary(golden: &TmdsEncoder, swing: bool, rng: &mut ChaCha8Rng) -> u8 {
    let score = |b: u8| {
        let mut e = *golden;
        e.encode(true, b, 0);
        if swing {
            (e.disparity() - golden.disparity()).abs()
        } else {
            e.disparity().abs()
        }
    };
    let best = (0..=255u8).map(score).max().expect("256 bytes");
    let choices: Vec<u8> = (0..=255u8).filter(|&b| score(b) == best).collect();
    choices[rng.gen_range(0..choices.len())]
}

fn stimulus() -> Vec<Step> {
    let mut s = Stimulus::new(0x7D5_0001);
    // From power-up, pixels before any blanking (the disparity powers up 0):
    // every byte in order.
    for b in 0..=255u8 {
        s.active(b);
    }
    s.random_blank(8);
    // Every byte from every disparity: blank (back to 0), steer, the byte.
    let paths = paths_to_disparities();
    for path in paths.values() {
        for b in 0..=255u8 {
            s.random_blank(1);
            for &p in path {
                s.active(p);
            }
            s.active(b);
        }
    }
    // Lines of random pixels with blanking between them.
    for _ in 0..60 {
        let n = s.rng.gen_range(1..=640);
        s.random_active(n);
        let n = s.rng.gen_range(1..=160);
        s.random_blank(n);
    }
    // Long runs of one value, the disparity's extremes among them.
    let mut values = vec![
        0x00, 0x01, 0xFE, 0xFF, 0x10, 0xEF, 0x55, 0xAA, 0x0F, 0x80, 0x7F,
    ];
    values.extend((0..5).map(|_| s.rng.gen::<u8>()));
    for v in values {
        for _ in 0..300 {
            s.active(v);
        }
        s.random_blank(4);
    }
    // The adversary: each pixel pushes the disparity as far as it goes,
    // or (one in four) swings it as far as it goes; blanking every 100
    // pixels, from where either end is one pixel away.
    for i in 0..3000 {
        if i % 100 == 0 {
            s.random_blank(1);
        }
        let swing = s.rng.gen_ratio(1, 4);
        let b = adversary(&s.golden, swing, &mut s.rng);
        s.active(b);
    }
    s.random_blank(4);
    // The enable in every cycle, then with long gaps.
    s.gap = 0;
    for _ in 0..20 {
        let n = s.rng.gen_range(1..=100);
        s.random_active(n);
        let n = s.rng.gen_range(1..=4);
        s.random_blank(n);
    }
    for g in [5, 17, 40] {
        s.gap = g;
        s.random_active(30);
        s.random_blank(2);
    }
    s.gap = 1;
    s.random_active(10);
    s.steps
}

/// What the stimulus covered, counted as the golden encoder runs.
#[derive(Default)]
struct Covered {
    /// (disparity before, byte) of every active pixel.
    data: BTreeSet<(i32, u8)>,
    controls: BTreeSet<u8>,
    /// Enables in consecutive cycles, and the longest run of low-enable cycles.
    back_to_back: bool,
    longest_gap: usize,
}

fn symbol(line: &str) -> Option<u16> {
    u16::from_str_radix(line.trim(), 16)
        .ok()
        .filter(|&s| s < 1 << 10)
}

#[test]
fn rtl_encoder_matches_the_golden_encoder() {
    let steps = stimulus();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tmds");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let stim = dir.join("stim.hex");
    let text: String = steps
        .iter()
        .map(|s| format!("{:03x}\n", s.word()))
        .collect();
    std::fs::write(&stim, text).expect("write the stimulus");

    let vvp = dir.join("tmds.vvp");
    common::icarus::compile(
        "tmds_tb",
        "tb/icarus/tmds_tb.v",
        &[PathBuf::from(RTL_DIR).join("tmds_encoder.v")],
        &vvp,
    );
    let run = Command::new("vvp")
        .arg("-n")
        .arg(&vvp)
        .arg(format!("+stim={}", stim.display()))
        .arg(format!("+steps={}", steps.len()))
        .output()
        .unwrap_or_else(|e| panic!("vvp not found ({e}): run scripts/setup"));
    assert!(run.status.success(), "vvp failed");
    let out = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("VCD"))
        .collect();
    assert_eq!(
        lines.len(),
        steps.len() + 1,
        "one line at power-up and one a step:\n{}",
        lines.iter().take(5).copied().collect::<Vec<_>>().join("\n")
    );

    // Power-up: the control symbol of C1 = C0 = 0 (the RTL's initial value).
    assert_eq!(
        symbol(lines[0]),
        Some(CONTROL_SYMBOLS[0]),
        "power-up: q = {}, expected {:03x}",
        lines[0],
        CONTROL_SYMBOLS[0]
    );

    let mut golden = TmdsEncoder::new();
    let mut expected = CONTROL_SYMBOLS[0];
    let mut covered = Covered::default();
    let (mut gap, mut prev_ce) = (0, false);
    let mut first: Option<String> = None;
    let mut mismatches = 0u64;
    for (i, (s, line)) in steps.iter().zip(&lines[1..]).enumerate() {
        let before = golden.disparity();
        if s.ce {
            expected = golden.encode(s.de, s.data, s.ctrl);
            let after = golden.disparity();
            assert!(
                after.abs() <= DISPARITY_BOUND,
                "step {i}: golden disparity {after} beyond ±{DISPARITY_BOUND}"
            );
            let want = if s.de {
                covered.data.insert((before, s.data));
                Decoded::Data(s.data)
            } else {
                covered.controls.insert(s.ctrl);
                Decoded::Control(s.ctrl)
            };
            assert_eq!(
                decode(expected),
                want,
                "step {i}: golden symbol {expected:03x}"
            );
            covered.back_to_back |= prev_ce;
            gap = 0;
        } else {
            gap += 1;
            covered.longest_gap = covered.longest_gap.max(gap);
        }
        prev_ce = s.ce;
        if symbol(line) != Some(expected) {
            mismatches += 1;
            if first.is_none() {
                let what = if s.ce {
                    "ce high"
                } else {
                    "ce low: q must hold"
                };
                first = Some(format!(
                    "step {i} ({what}): de {} data {:#04x} ctrl {:02b} (golden disparity before {before}): \
                     expected {expected:03x} ({expected:010b}), actual {} ({})",
                    u8::from(s.de),
                    s.data,
                    s.ctrl,
                    line.trim(),
                    symbol(line).map_or("not a 10-bit value".to_string(), |a| format!("{a:010b}")),
                ));
            }
        }
    }
    if let Some(f) = first {
        panic!(
            "rtl/tmds_encoder.v differs from the golden encoder in {mismatches} of {} steps; first:\n{f}",
            steps.len()
        );
    }

    // The stimulus did what it says.
    let disparities: Vec<i32> = (-DISPARITY_BOUND..=DISPARITY_BOUND)
        .filter(|d| d % 2 == 0)
        .collect();
    for d in &disparities {
        for b in 0..=255u8 {
            assert!(
                covered.data.contains(&(*d, b)),
                "stimulus: byte {b:#04x} never sent from disparity {d}"
            );
        }
    }
    assert_eq!(
        covered.controls.len(),
        4,
        "stimulus: all four control codes"
    );
    assert!(
        covered.back_to_back,
        "stimulus: enables in consecutive cycles"
    );
    assert!(covered.longest_gap >= 40, "stimulus: long enable gaps");
}
