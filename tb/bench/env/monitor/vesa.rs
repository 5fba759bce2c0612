//! An independent VESA 640×480@60 timing check: measures from the sampled
//! outputs alone the pixels per line, lines per frame, sync widths and
//! porches, and compares them with the VESA numbers (docs/display.md).

/// VESA 640×480@60, in pixels and lines: the golden renderer's layout
/// (docs/display.md) is their one home; here they are widened for counting.
pub mod vesa_numbers {
    use generals_golden_render::layout as l;
    /// Visible pixels per line.
    pub const H_VISIBLE: u64 = l::H_VISIBLE as u64;
    /// Horizontal front porch.
    pub const H_FRONT: u64 = l::H_FRONT as u64;
    /// Horizontal sync width.
    pub const H_SYNC: u64 = l::H_SYNC as u64;
    /// Horizontal back porch.
    pub const H_BACK: u64 = l::H_BACK as u64;
    /// Pixels per line.
    pub const H_TOTAL: u64 = l::H_TOTAL as u64;
    /// Visible lines per frame.
    pub const V_VISIBLE: u64 = l::V_VISIBLE as u64;
    /// Vertical front porch, lines.
    pub const V_FRONT: u64 = l::V_FRONT as u64;
    /// Vertical sync, lines.
    pub const V_SYNC: u64 = l::V_SYNC as u64;
    /// Vertical back porch, lines.
    pub const V_BACK: u64 = l::V_BACK as u64;
    /// Lines per frame.
    pub const V_TOTAL: u64 = l::V_TOTAL as u64;
    /// Clock cycles per pixel (a 50 MHz clock, a 25 MHz pixel rate).
    pub const CYCLES_PER_PIXEL: u64 = 2;
    /// Clock cycles per frame.
    pub const FRAME_CYCLES: u64 = H_TOTAL * V_TOTAL * CYCLES_PER_PIXEL;
}
use vesa_numbers::*;

/// One sample of the VGA outputs (at a rising edge of `vga_clk`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    /// Horizontal sync, active low.
    pub hs_n: bool,
    /// Vertical sync, active low.
    pub vs_n: bool,
    /// High in the visible area.
    pub blank_n: bool,
    /// Colour.
    pub rgb: [u8; 3],
}

impl Sample {
    /// What the VGA monitor samples of the pins of a pin word.
    pub fn of(p: crate::env::dut::PinWord) -> Sample {
        let (hs_n, vs_n, blank_n, _) = p.sync();
        Sample {
            hs_n,
            vs_n,
            blank_n,
            rgb: p.rgb(),
        }
    }
}

/// Measures the timing of a sample stream. Each measurement is checked as
/// soon as it is complete; the first wrong one is returned as an error text.
#[derive(Clone, Debug, Default)]
pub struct VesaMeter {
    n: u64,
    prev: Option<Sample>,
    hs_fall: Option<u64>,
    hs_rise: Option<u64>,
    blank_rise: Option<u64>,
    blank_fall: Option<u64>,
    line: u64,
    vs_fall_line: Option<u64>,
    vs_rise_line: Option<u64>,
    visible_lines: u64,
    last_visible_line: Option<u64>,
    first_visible_line: Option<u64>,
    /// Whole frames measured (vsync to vsync).
    pub frames: u64,
    /// Whole lines measured (hsync to hsync).
    pub lines: u64,
}

impl VesaMeter {
    /// A meter that has seen nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets everything (after a reset of the design).
    pub fn restart(&mut self) {
        *self = Self {
            frames: self.frames,
            lines: self.lines,
            ..Self::default()
        };
    }

    fn expect(what: &str, exp: u64, act: u64) -> Result<(), String> {
        if exp == act {
            Ok(())
        } else {
            Err(format!("{what}: VESA {exp}, measured {act}"))
        }
    }

    /// Whether `s` has the sync and blank levels of the last sample: then
    /// feeding it measures nothing, and [`VesaMeter::count`] may stand for
    /// [`VesaMeter::push`].
    #[inline]
    pub fn steady(&self, s: &Sample) -> bool {
        self.prev
            .is_some_and(|p| (p.hs_n, p.vs_n, p.blank_n) == (s.hs_n, s.vs_n, s.blank_n))
    }

    /// Feeds a [`VesaMeter::steady`] sample.
    #[inline]
    pub fn count(&mut self, s: Sample) {
        debug_assert!(self.steady(&s));
        self.n += 1;
        self.prev = Some(s);
    }

    /// The last sample fed.
    pub fn last(&self) -> Option<Sample> {
        self.prev
    }

    /// Feeds `n` samples, each [`VesaMeter::steady`], the last `s`.
    #[inline]
    pub fn count_n(&mut self, s: Sample, n: u64) {
        debug_assert!(self.steady(&s));
        self.n += n;
        self.prev = Some(s);
    }

    /// Feeds one sample.
    pub fn push(&mut self, s: Sample) -> Result<(), String> {
        let n = self.n;
        self.n += 1;
        let Some(p) = self.prev.replace(s) else {
            return Ok(());
        };
        if p.blank_n && !s.blank_n {
            if let Some(r) = self.blank_rise {
                Self::expect("visible pixels per line", H_VISIBLE, n - r)?;
            }
            self.blank_fall = Some(n);
            self.visible_lines += 1;
            self.last_visible_line = Some(self.line);
            if self.first_visible_line.is_none() {
                self.first_visible_line = Some(self.line);
            }
        }
        if !p.blank_n && s.blank_n {
            if let Some(r) = self.hs_rise {
                Self::expect("horizontal back porch", H_BACK, n - r)?;
            }
            self.blank_rise = Some(n);
        }
        if p.hs_n && !s.hs_n {
            if let Some(f) = self.hs_fall {
                Self::expect("pixels per line", H_TOTAL, n - f)?;
                self.lines += 1;
                self.line += 1;
            }
            if let Some(b) = self.blank_fall.filter(|&b| n - b < H_TOTAL) {
                Self::expect("horizontal front porch", H_FRONT, n - b)?;
            }
            self.hs_fall = Some(n);
        }
        if !p.hs_n && s.hs_n {
            if let Some(f) = self.hs_fall {
                Self::expect("horizontal sync width", H_SYNC, n - f)?;
            }
            self.hs_rise = Some(n);
        }
        if p.vs_n != s.vs_n && self.hs_fall.is_some() {
            // vsync changes at the start of a line: the pixel at which the line
            // begins is (hs_fall - front porch - visible) in VESA terms; count lines.
            if !s.vs_n {
                if let Some(f) = self.vs_fall_line {
                    Self::expect("lines per frame", V_TOTAL, self.line - f)?;
                    Self::expect("visible lines per frame", V_VISIBLE, self.visible_lines)?;
                    self.frames += 1;
                }
                // The last visible line was counted before its own hsync.
                if let (Some(l), Some(_)) = (self.last_visible_line, self.vs_fall_line) {
                    Self::expect("vertical front porch (lines)", V_FRONT, self.line - l - 1)?;
                }
                self.vs_fall_line = Some(self.line);
                self.visible_lines = 0;
                self.first_visible_line = None;
            } else {
                if let Some(f) = self.vs_fall_line {
                    Self::expect("vertical sync width (lines)", V_SYNC, self.line - f)?;
                }
                self.vs_rise_line = Some(self.line);
            }
        }
        if let (Some(r), Some(first)) = (self.vs_rise_line, self.first_visible_line) {
            if first > r && self.visible_lines == 1 && p.blank_n && !s.blank_n {
                Self::expect("vertical back porch (lines)", V_BACK, first - r)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A synthetic VESA stream with one horizontal parameter changed.
    fn stream(front: u64, frames: u64) -> Vec<Sample> {
        let total = H_VISIBLE + front + H_SYNC + H_BACK;
        let mut v = Vec::new();
        for _ in 0..frames {
            for line in 0..V_TOTAL {
                for h in 0..total {
                    let vis = h < H_VISIBLE && line < V_VISIBLE;
                    v.push(Sample {
                        hs_n: !(H_VISIBLE + front..H_VISIBLE + front + H_SYNC).contains(&h),
                        vs_n: !(V_VISIBLE + V_FRONT..V_VISIBLE + V_FRONT + V_SYNC).contains(&line),
                        blank_n: vis,
                        rgb: [0; 3],
                    });
                }
            }
        }
        v
    }

    #[test]
    fn exact_vesa_passes_and_counts_frames() {
        let mut m = VesaMeter::new();
        for s in stream(H_FRONT, 3) {
            m.push(s).unwrap();
        }
        assert_eq!(m.frames, 2);
    }

    #[test]
    fn wrong_front_porch_is_caught() {
        let mut m = VesaMeter::new();
        let err = stream(H_FRONT + 1, 2)
            .into_iter()
            .find_map(|s| m.push(s).err());
        let err = err.expect("a 17-pixel front porch must fail");
        assert!(
            err.contains("front porch") || err.contains("pixels per line"),
            "{err}"
        );
    }
}
