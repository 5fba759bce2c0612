//! Recorded pin stimulus: the core's input pins, cycle by cycle,
//! run-length coded. The checked co-simulation records it; the speed
//! benchmark replays it through the model without checks (from Rust and from
//! a plain C++ loop) and through Icarus Verilog (`tb/icarus/replay_tb.v`), so
//! that every variant simulates the very same game.
//!
//! File format (text, one run per line): `<cycles> <levels>` in decimal and
//! hex, where levels holds one bit per input pin at the `CORE_LEVEL_*` bits
//! of `tb/shim/shim.h` (bit 0 `key_reset_n`, 1 `key_start_n`, 2 `ps2_clk`,
//! 3 `ps2_dat`, 5:4 `sw`).

use crate::ffi;
use crate::ffi::core_in as CoreIn;
use generals_maps::shown;
use std::fmt::Write as _;
use std::path::Path;

/// Pin levels, run-length coded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stimulus {
    /// `(cycles, levels)` runs in order.
    pub runs: Vec<(u32, u8)>,
}

/// The largest stimulus file read (12 frames of the demo game are about
/// 100 KB; a run is about 8 bytes).
const STIMULUS_FILE_MAX: u64 = 256 << 20;

/// The largest levels byte: every pin's bit set (`CORE_LEVEL_*` in
/// `tb/shim/shim.h`, the one home of the byte's layout).
pub const LEVELS_MAX: u8 = ((1u32 << ffi::CORE_LEVEL_BITS) - 1) as u8;
/// The most cycles a stimulus file may hold, as `speed --cycles` allows.
pub const CYCLES_MAX: u64 = 10_000_000_000;

/// The levels byte of one cycle's inputs.
pub fn levels(input: &CoreIn) -> u8 {
    (input.key_reset_n & 1) << ffi::CORE_LEVEL_KEY_RESET_N
        | (input.key_start_n & 1) << ffi::CORE_LEVEL_KEY_START_N
        | (input.ps2_clk & 1) << ffi::CORE_LEVEL_PS2_CLK
        | (input.ps2_dat & 1) << ffi::CORE_LEVEL_PS2_DAT
        | (input.sw & 3) << ffi::CORE_LEVEL_SW
}

/// The inputs of a levels byte.
pub fn inputs(levels: u8) -> CoreIn {
    CoreIn {
        key_reset_n: levels >> ffi::CORE_LEVEL_KEY_RESET_N & 1,
        key_start_n: levels >> ffi::CORE_LEVEL_KEY_START_N & 1,
        ps2_clk: levels >> ffi::CORE_LEVEL_PS2_CLK & 1,
        ps2_dat: levels >> ffi::CORE_LEVEL_PS2_DAT & 1,
        sw: levels >> ffi::CORE_LEVEL_SW & 3,
    }
}

/// Why a stimulus file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum StimulusError {
    /// The file cannot be read.
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: String,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A line is not `<cycles> <levels>`.
    #[error(
        "{path}:{line}: {why} (expected `<cycles> <levels hex 0-3f>`, cycles 1 to 4294967295)"
    )]
    Syntax {
        /// The file.
        path: String,
        /// Line number, from 1.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// The file holds no run: replaying it would simulate nothing.
    #[error("{path}: no runs in it")]
    Empty {
        /// The file.
        path: String,
    },
}

impl Stimulus {
    /// Appends one cycle.
    pub fn push(&mut self, levels: u8) {
        match self.runs.last_mut() {
            Some((n, l)) if *l == levels && *n < u32::MAX => *n += 1,
            _ => self.runs.push((1, levels)),
        }
    }

    /// Appends `n` cycles at the same levels.
    pub fn push_n(&mut self, levels: u8, mut n: u64) {
        while n > 0 {
            match self.runs.last_mut() {
                Some((k, l)) if *l == levels && *k < u32::MAX => {
                    let add = n.min(u64::from(u32::MAX - *k));
                    *k += add as u32;
                    n -= add;
                }
                _ => {
                    let add = n.min(u64::from(u32::MAX));
                    self.runs.push((add as u32, levels));
                    n -= add;
                }
            }
        }
    }

    /// Cycles in all.
    pub fn cycles(&self) -> u64 {
        self.runs.iter().map(|&(n, _)| u64::from(n)).sum()
    }

    /// The first `cycles` cycles.
    pub fn truncated(&self, cycles: u64) -> Stimulus {
        let mut left = cycles;
        let mut runs = Vec::new();
        for &(n, l) in &self.runs {
            if left == 0 {
                break;
            }
            let take = u64::from(n).min(left);
            runs.push((take as u32, l)); // take <= n, a u32
            left -= take;
        }
        Stimulus { runs }
    }

    /// The text form (module documentation).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for &(n, l) in &self.runs {
            let _ = writeln!(s, "{n} {l:x}");
        }
        s
    }

    /// Reads the text form.
    pub fn read(path: &Path) -> Result<Stimulus, StimulusError> {
        let name = generals_maps::shown_path(path);
        let bytes = generals_maps::read_capped(path, STIMULUS_FILE_MAX).map_err(|source| {
            StimulusError::Read {
                path: name.clone(),
                source,
            }
        })?;
        // Bytes that are not UTF-8 become U+FFFD, which fails the line's check.
        let text = String::from_utf8_lossy(&bytes);
        let mut runs = Vec::new();
        let mut cycles = 0u64;
        for (i, line) in text.lines().enumerate() {
            let bad = |why: String| StimulusError::Syntax {
                path: name.clone(),
                line: i + 1,
                why,
            };
            let mut parts = line.split_whitespace();
            let (Some(n), Some(l)) = (parts.next(), parts.next()) else {
                return Err(bad("fewer than two fields".into()));
            };
            if let Some(extra) = parts.next() {
                return Err(bad(format!("`{}` after the levels", shown(extra))));
            }
            let n = n
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| bad(format!("`{}` is not a cycle count", shown(n))))?;
            let l = u8::from_str_radix(l, 16)
                .ok()
                .filter(|&l| l <= LEVELS_MAX)
                .ok_or_else(|| bad(format!("`{}` is not a levels byte", shown(l))))?;
            cycles += u64::from(n);
            if cycles > CYCLES_MAX {
                return Err(bad(format!(
                    "the runs add up to more than {CYCLES_MAX} cycles ({} s of game time), \
                     more than a benchmark replays",
                    CYCLES_MAX / crate::CLOCK_HZ
                )));
            }
            runs.push((n, l));
        }
        if runs.is_empty() {
            return Err(StimulusError::Empty { path: name });
        }
        Ok(Stimulus { runs })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_round_trip_through_text_and_truncate() {
        let mut s = Stimulus::default();
        for l in [15, 15, 15, 11, 11, 15] {
            s.push(l);
        }
        assert_eq!(s.runs, vec![(3, 15), (2, 11), (1, 15)]);
        assert_eq!(s.cycles(), 6);
        assert_eq!(s.truncated(4).runs, vec![(3, 15), (1, 11)]);
        let dir = std::env::temp_dir().join(format!("generals-stim-{}", std::process::id()));
        std::fs::write(&dir, s.to_text()).expect("write");
        assert_eq!(Stimulus::read(&dir).expect("reads"), s);
        // The switches are bits 5:4: a game with them set reads back.
        std::fs::write(&dir, "3 f\n2 3f\n").expect("write");
        assert_eq!(
            Stimulus::read(&dir).expect("reads").runs,
            vec![(3, 0xf), (2, 0x3f)]
        );
        for (text, what) in [
            ("3 f\n2 x\n", ":2: `x` is not a levels byte"),
            ("3 40\n", ":1: `40` is not a levels byte"),
            ("1 f\n0 f\n", ":2: `0` is not a cycle count"),
            ("1 f\n\n", ":2: fewer than two fields"),
            ("1 f 7\n", ":1: `7` after the levels"),
            ("", "no runs in it"),
            // Years of cycles: refused, not simulated for ever.
            (
                &"4294967295 f\n".repeat(3),
                ":3: the runs add up to more than 10000000000 cycles",
            ),
        ] {
            std::fs::write(&dir, text).expect("write");
            let e = Stimulus::read(&dir).expect_err("bad line");
            assert!(e.to_string().contains(what), "{text:?}: {e}");
        }
        let _ = std::fs::remove_file(&dir);
        for l in 0..=LEVELS_MAX {
            assert_eq!(levels(&inputs(l)), l);
        }
    }
}
