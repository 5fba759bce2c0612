//! VGA **raster monitor**: samples the VGA pins at each rising edge of
//! `vga_clk`, locks to vsync, checks the VESA 640×480@60 timing and that
//! hsync, vsync, blank and black-in-blanking agree with the beam position,
//! and rebuilds each frame from the visible samples. What a frame should
//! show is not its business: that is the pixel scoreboard's.

use super::vesa::{vesa_numbers::*, Sample, VesaMeter};
use crate::env::dut::{CoreOut, PinWord};
use crate::infra::mismatch::Mismatch;
use generals_golden_render as gr;

/// Cycles without a vsync (after power-up or a reset) before the monitor
/// gives up: two frames.
const LOCK_TIMEOUT_CYCLES: u64 = 2 * FRAME_CYCLES;

/// One sample at a known beam position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beam {
    /// Column of the 800-wide raster.
    pub h: u64,
    /// Line of the 525-line raster.
    pub v: u64,
    /// The colour on the pins.
    pub rgb: [u8; 3],
    /// The first frame since the raster locked starts here.
    pub first_frame: bool,
}

impl Beam {
    /// Inside the 640×480 picture.
    pub fn visible(&self) -> bool {
        self.h < H_VISIBLE && self.v < V_VISIBLE
    }

    /// The first pixel of a frame.
    pub fn frame_start(&self) -> bool {
        (self.h, self.v) == (0, 0)
    }

    /// The last pixel of a frame's picture.
    pub fn frame_end(&self) -> bool {
        (self.h, self.v) == (H_VISIBLE - 1, V_VISIBLE - 1)
    }

    /// Index of the pixel in a [`gr::Frame`] (visible beams only).
    pub fn index(&self) -> usize {
        (self.v * H_VISIBLE + self.h) as usize
    }
}

/// The raster monitor (see the module doc).
pub struct Raster {
    meter: VesaMeter,
    /// Raster position of the next sample, once locked to vsync.
    pos: Option<(u64, u64)>,
    /// Position of the last sample taken while locked.
    beam_pos: Option<(u64, u64)>,
    prev_clk: bool,
    prev_sample: Sample,
    before_rise: Option<Sample>,
    /// Frame starts seen since the raster was last locked.
    frames_locked: u64,
    /// Cycles since the monitor lost (or never had) the raster.
    unlocked_cycles: u64,
    actual: gr::Frame,
    /// Frames started since power-up.
    pub frames: u64,
    /// Samples taken while locked.
    pub samples: u64,
}

impl Default for Raster {
    fn default() -> Self {
        Self::new()
    }
}

impl Raster {
    /// A monitor that has not locked yet.
    pub fn new() -> Self {
        Self {
            meter: VesaMeter::new(),
            pos: None,
            beam_pos: None,
            prev_clk: false,
            prev_sample: Sample::default(),
            before_rise: None,
            frames_locked: 0,
            unlocked_cycles: 0,
            actual: gr::Frame {
                pixels: vec![[0; 3]; (H_VISIBLE * V_VISIBLE) as usize],
            },
            frames: 0,
            samples: 0,
        }
    }

    /// The core was reset: its renderer restarts the raster, so lock again
    /// on the next vsync.
    pub fn restart(&mut self) {
        self.pos = None;
        self.beam_pos = None;
        self.unlocked_cycles = 0;
        self.frames_locked = 0;
        self.meter.restart();
    }

    /// Where the next sample lands, once locked.
    pub fn pos(&self) -> Option<(u64, u64)> {
        self.pos
    }

    /// Where the last sample landed, once locked.
    pub fn beam_pos(&self) -> Option<(u64, u64)> {
        self.beam_pos
    }

    /// The frame being rebuilt (complete at a [`Beam::frame_end`]).
    pub fn actual(&self) -> &gr::Frame {
        &self.actual
    }

    /// Where a mismatch happened, for its report.
    pub fn note(&self, m: Mismatch) -> Mismatch {
        let (h, v) = self.beam_pos.unwrap_or((0, 0));
        m.note(format!("frame {}, beam (x, y) = ({h}, {v})", self.frames))
    }

    /// One clock cycle of the pins: the beam of the sample taken at a rising
    /// `vga_clk` edge while locked, if any. Inlined into the monitor: in
    /// half the cycles `vga_clk` is low and this is all that runs.
    #[inline]
    pub fn cycle(&mut self, cycle: u64, out: &CoreOut) -> Result<Option<Beam>, Mismatch> {
        if self.pos.is_none() {
            // A raster that never locks would leave everything unchecked.
            self.unlocked_cycles += 1;
            if self.unlocked_cycles > LOCK_TIMEOUT_CYCLES {
                return Err(no_lock(cycle));
            }
        } else {
            self.unlocked_cycles = 0;
        }
        if out.vga_sync_n != 0 {
            return Err(Mismatch::new(cycle, "vga_sync_n", 0, 1));
        }
        let s = Sample {
            hs_n: out.vga_hs_n != 0,
            vs_n: out.vga_vs_n != 0,
            blank_n: out.vga_blank_n != 0,
            rgb: [out.vga_r, out.vga_g, out.vga_b],
        };
        let clk = out.vga_clk != 0;
        let rising = clk && !self.prev_clk;
        self.prev_clk = clk;
        if !clk {
            self.before_rise = Some(s);
            return Ok(None);
        }
        if !rising {
            return Ok(None);
        }
        self.rise(cycle, s)
    }

    /// One quiet cycle of a burst, when it is the common case: no sync or
    /// blank edge, no lock, no frame start or end, no line end, and every
    /// check passing. Returns false, having changed nothing, otherwise: then
    /// [`Raster::cycle`] must take the cycle (and report what fails).
    /// `expected` is the frame the pixels must show, if it is checked.
    #[inline]
    pub fn fast(&mut self, p: PinWord, expected: Option<&gr::Frame>) -> bool {
        let (hs_n, vs_n, blank_n, sync_n) = p.sync();
        let unlocked = match self.pos {
            Some(_) if self.unlocked_cycles == 0 => 0,
            None if self.unlocked_cycles < LOCK_TIMEOUT_CYCLES => self.unlocked_cycles + 1,
            _ => return false,
        };
        if sync_n {
            return false;
        }
        let s = Sample {
            hs_n,
            vs_n,
            blank_n,
            rgb: p.rgb(),
        };
        if !p.clk() {
            self.unlocked_cycles = unlocked;
            self.prev_clk = false;
            self.before_rise = Some(s);
            return true;
        }
        if self.prev_clk {
            self.unlocked_cycles = unlocked;
            return true;
        }
        // A rising edge: the sample. Without a vsync edge it cannot lock.
        if self.before_rise != Some(s) || !self.meter.steady(&s) {
            return false;
        }
        if let Some((h, v)) = self.pos {
            if !self.fast_beam(h, v, s, expected) {
                return false;
            }
        }
        self.unlocked_cycles = unlocked;
        self.prev_clk = true;
        self.before_rise = None;
        self.meter.count(s);
        self.prev_sample = s;
        true
    }

    /// The longest run at the start of `pins` that [`Raster::fast`] would
    /// take while locked, in one loop over pin words with the raster's state
    /// in registers (this runs for nearly every cycle of a checked run).
    /// Returns how many it took; the rest is [`Raster::fast`]'s.
    pub fn fast_run(&mut self, pins: &[PinWord], expected: Option<&gr::Frame>) -> usize {
        let Some(metered) = self.meter.last() else {
            return 0;
        };
        let Some((h0, v)) = self.pos else {
            return self.unlocked_run(pins, word(&metered));
        };
        if self.unlocked_cycles != 0 {
            return 0;
        }
        let level = word(&metered) & LEVELS;
        // The beam positions the loop leaves to the slow path: a frame's
        // first and last picture pixels and a line's last pixel.
        let first = if v == 0 { 0 } else { H_TOTAL - 1 };
        let last = if v == V_VISIBLE - 1 {
            H_VISIBLE - 1
        } else {
            H_TOTAL - 1
        };
        let row = (v * H_VISIBLE) as usize;
        let mut h = h0;
        let mut prev_clk = self.prev_clk;
        let mut before = self.before_rise.map(|s| word(&s));
        let mut sample = 0;
        let mut taken = 0;
        // The pairs' loop is tried once, where the words first start a whole
        // vga_clk period: at once, or after the word that ends a period the
        // run began inside of.
        let mut paired = false;
        while let Some(&PinWord(w)) = pins.get(taken) {
            if !paired && prev_clk && before.is_none() {
                paired = true;
                let pairs = self.pairs(&pins[taken..], (h, v), level, (first, last), expected);
                if pairs > 0 {
                    h += pairs as u64;
                    taken += 2 * pairs;
                    sample = pins[taken - 1].0 & PinWord::VGA;
                    continue;
                }
            }
            if w & PinWord::SYNC_N != 0 {
                break;
            }
            if w & PinWord::CLK == 0 {
                before = Some(w & PinWord::VGA);
                prev_clk = false;
                taken += 1;
                continue;
            }
            if prev_clk {
                taken += 1;
                continue;
            }
            let s = w & PinWord::VGA;
            if before != Some(s)
                || s & LEVELS != level
                || h == H_TOTAL - 1
                || h == first
                || h == last
            {
                break;
            }
            if beam_levels(h, v) != level {
                break;
            }
            let visible = h < H_VISIBLE && v < V_VISIBLE;
            let rgb = PinWord(s).rgb();
            if visible {
                let i = row + h as usize;
                if expected.is_some_and(|e| e.pixels[i] != rgb) {
                    break;
                }
                self.actual.pixels[i] = rgb;
            } else if rgb != [0; 3] {
                break;
            }
            h += 1;
            before = None;
            prev_clk = true;
            sample = s;
            taken += 1;
        }
        self.prev_clk = prev_clk;
        self.before_rise = before.map(|w| Sample::of(PinWord(w)));
        if h > h0 {
            let s = Sample::of(PinWord(sample));
            self.meter.count_n(s, h - h0);
            self.prev_sample = s;
            self.samples += h - h0;
            self.beam_pos = Some((h - 1, v));
            self.pos = Some((h, v));
        }
        taken
    }

    /// [`Raster::fast_run`] before the raster has locked (after power-up or
    /// a reset, until the first vsync edge): the words [`Raster::fast`] would
    /// take, those whose sync and blank levels stay those of the `metered`
    /// sample, within the time a lock may take.
    fn unlocked_run(&mut self, pins: &[PinWord], metered: u64) -> usize {
        let level = metered & LEVELS;
        let room = LOCK_TIMEOUT_CYCLES.saturating_sub(self.unlocked_cycles) as usize;
        let mut prev_clk = self.prev_clk;
        let mut before = self.before_rise.map(|s| word(&s));
        let (mut sample, mut samples, mut taken) = (0, 0, 0);
        for &PinWord(w) in &pins[..pins.len().min(room)] {
            if w & PinWord::SYNC_N != 0 {
                break;
            }
            if w & PinWord::CLK == 0 {
                before = Some(w & PinWord::VGA);
                prev_clk = false;
            } else if !prev_clk {
                let s = w & PinWord::VGA;
                if before != Some(s) || s & LEVELS != level {
                    break;
                }
                before = None;
                prev_clk = true;
                sample = s;
                samples += 1;
            }
            taken += 1;
        }
        self.unlocked_cycles += taken as u64;
        self.prev_clk = prev_clk;
        self.before_rise = before.map(|w| Sample::of(PinWord(w)));
        if samples > 0 {
            let s = Sample::of(PinWord(sample));
            self.meter.count_n(s, samples);
            self.prev_sample = s;
        }
        taken
    }

    /// How many whole `vga_clk` periods at the start of `pins`, from beam
    /// `(h0, v)` on with the clock high before them, show exactly the pins
    /// the beam's positions call for: the colour `expected` holds (black in
    /// the blanking), the sync and blank `level` (where it is not `level` or
    /// at a beam position in `stops`, or a line's last, it stops), and the
    /// same pins on both sides of the rising edge. The pixels taken are
    /// copied into the frame being rebuilt. [`Raster::fast_run`]'s loop
    /// would take them all one by one; this is its common case as two word
    /// compares a period.
    fn pairs(
        &mut self,
        pins: &[PinWord],
        (h0, v): (u64, u64),
        level: u64,
        stops: (u64, u64),
        expected: Option<&gr::Frame>,
    ) -> usize {
        if h0 + 1 >= H_TOTAL || h0 == stops.0 || h0 == stops.1 {
            return 0;
        }
        if beam_levels(h0, v) != level {
            return 0;
        }
        let visible = h0 < H_VISIBLE && v < V_VISIBLE;
        // The beam's next position where the levels change or the slow
        // path must look.
        let end = [
            H_VISIBLE,
            H_VISIBLE + H_FRONT,
            H_VISIBLE + H_FRONT + H_SYNC,
            H_TOTAL - 1,
            stops.0,
            stops.1,
        ]
        .into_iter()
        .filter(|&b| b > h0)
        .min()
        .unwrap_or(H_TOTAL - 1);
        let n = ((end - h0) as usize).min(pins.len() / 2);
        let pairs = pins[..2 * n].chunks_exact(2);
        if visible {
            let Some(frame) = expected else {
                return 0;
            };
            let at = (v * H_VISIBLE + h0) as usize;
            let want = &frame.pixels[at..at + n];
            let k = pairs
                .zip(want)
                .take_while(|(p, &rgb)| {
                    let w = level | PinWord::colour(rgb);
                    p[0].0 == w && p[1].0 == w | PinWord::CLK
                })
                .count();
            self.actual.pixels[at..at + k].copy_from_slice(&want[..k]);
            k
        } else {
            pairs
                .take_while(|p| p[0].0 == level && p[1].0 == level | PinWord::CLK)
                .count()
        }
    }

    /// [`Raster::fast`]'s sample at beam `(h, v)`, where nothing else happens.
    #[inline]
    fn fast_beam(&mut self, h: u64, v: u64, s: Sample, expected: Option<&gr::Frame>) -> bool {
        let frame_edge = (h, v) == (0, 0) || (h, v) == (H_VISIBLE - 1, V_VISIBLE - 1);
        if frame_edge || h + 1 == H_TOTAL {
            return false;
        }
        if beam_levels(h, v) != word(&s) & LEVELS {
            return false;
        }
        let visible = h < H_VISIBLE && v < V_VISIBLE;
        if visible {
            let i = (v * H_VISIBLE + h) as usize;
            if expected.is_some_and(|e| e.pixels[i] != s.rgb) {
                return false;
            }
            self.actual.pixels[i] = s.rgb;
        } else if s.rgb != [0; 3] {
            return false;
        }
        self.samples += 1;
        self.beam_pos = Some((h, v));
        self.pos = Some((h + 1, v));
        true
    }

    /// A rising `vga_clk` edge: the DAC latches on it, so the outputs must
    /// not change across it; then the sample.
    #[inline(never)]
    fn rise(&mut self, cycle: u64, s: Sample) -> Result<Option<Beam>, Mismatch> {
        if let Some(b) = self.before_rise.take() {
            if b != s {
                return Err(Mismatch::new(
                    cycle,
                    "VGA outputs stable across the vga_clk rising edge",
                    format!("{b:?}"),
                    format!("{s:?}"),
                ));
            }
        }
        self.sample(cycle, s)
    }

    /// One sample: timing, sync levels, blanking, the rebuilt frame.
    fn sample(&mut self, cycle: u64, s: Sample) -> Result<Option<Beam>, Mismatch> {
        if let Err(e) = self.meter.push(s) {
            return Err(Mismatch::new(cycle, "VGA timing", "VESA 640x480@60", e));
        }
        let prev = std::mem::replace(&mut self.prev_sample, s);
        let Some((h, v)) = self.pos else {
            if prev.vs_n && !s.vs_n {
                // vsync falls with the first pixel of line V_VISIBLE + V_FRONT.
                self.pos = Some((1, V_VISIBLE + V_FRONT));
                self.samples += 1;
            }
            return Ok(None);
        };
        self.samples += 1;
        self.beam_pos = Some((h, v));
        let beam = Beam {
            h,
            v,
            rgb: s.rgb,
            first_frame: self.frames_locked == 0,
        };
        if beam.frame_start() {
            self.frames_locked += 1;
            self.frames += 1;
        }
        let (exp_hs, exp_vs, exp_blank) = beam_sync(h, v);
        for (name, e, a) in [
            ("vga_hs_n", exp_hs, s.hs_n),
            ("vga_vs_n", exp_vs, s.vs_n),
            ("vga_blank_n", exp_blank, s.blank_n),
        ] {
            if e != a {
                return Err(Mismatch::new(cycle, name, u8::from(e), u8::from(a)));
            }
        }
        if beam.visible() {
            self.actual.pixels[beam.index()] = s.rgb;
        } else if s.rgb != [0; 3] {
            return Err(Mismatch::new(
                cycle,
                "pixel RGB in blanking",
                rgb_text([0; 3]),
                rgb_text(s.rgb),
            ));
        }
        let (mut h, mut v) = (h + 1, v);
        if h == H_TOTAL {
            h = 0;
            v = (v + 1) % V_TOTAL;
        }
        self.pos = Some((h, v));
        Ok(Some(beam))
    }
}

/// The sync and blank lanes of a pin word.
const LEVELS: u64 = PinWord::HS_N | PinWord::VS_N | PinWord::BLANK_N;

/// The levels VESA 640x480@60 calls for at beam `(h, v)`: `(hs_n, vs_n,
/// blank_n)`.
#[inline]
fn beam_sync(h: u64, v: u64) -> (bool, bool, bool) {
    (
        !(H_VISIBLE + H_FRONT..H_VISIBLE + H_FRONT + H_SYNC).contains(&h),
        !(V_VISIBLE + V_FRONT..V_VISIBLE + V_FRONT + V_SYNC).contains(&v),
        h < H_VISIBLE && v < V_VISIBLE,
    )
}

/// [`beam_sync`] as the lanes of a pin word.
#[inline]
fn beam_levels(h: u64, v: u64) -> u64 {
    let (hs_n, vs_n, blank_n) = beam_sync(h, v);
    let bit = |on: bool, b: u64| if on { b } else { 0 };
    bit(hs_n, PinWord::HS_N) | bit(vs_n, PinWord::VS_N) | bit(blank_n, PinWord::BLANK_N)
}

/// A sample as a pin word (no clock, no draw counter).
fn word(s: &Sample) -> u64 {
    let bit = |on: bool, b: u64| if on { b } else { 0 };
    PinWord::colour(s.rgb)
        | bit(s.hs_n, PinWord::HS_N)
        | bit(s.vs_n, PinWord::VS_N)
        | bit(s.blank_n, PinWord::BLANK_N)
}

/// The pins while a reset is held (docs/display.md, "Pipeline and cycle
/// numbering"): RGB 0, `blank_n` 0, `hs_n` = `vs_n` = 1, `vga_clk` 0 (and
/// `vga_sync_n`, tied low).
pub const RESET_PINS: PinWord = PinWord(PinWord::HS_N | PinWord::VS_N);

/// Checks the pins of a cycle whose edge the core spent in reset: the
/// raster restarts after a reset and judges nothing until it locks again,
/// so this is the only check of them.
#[inline]
pub fn held_in_reset(cycle: u64, p: PinWord) -> Result<(), Mismatch> {
    if p == RESET_PINS {
        return Ok(());
    }
    Err(reset_pins_wrong(cycle, p))
}

#[cold]
fn reset_pins_wrong(cycle: u64, p: PinWord) -> Mismatch {
    let text = |p: PinWord| {
        let (hs_n, vs_n, blank_n, sync_n) = p.sync();
        format!(
            "RGB {}, hs_n {}, vs_n {}, blank_n {}, sync_n {}, vga_clk {}",
            rgb_text(p.rgb()),
            u8::from(hs_n),
            u8::from(vs_n),
            u8::from(blank_n),
            u8::from(sync_n),
            u8::from(p.clk())
        )
    };
    Mismatch::new(
        cycle,
        "VGA pins while reset is held",
        text(RESET_PINS),
        text(p),
    )
}

#[cold]
fn no_lock(cycle: u64) -> Mismatch {
    Mismatch::new(
        cycle,
        "vga_vs_n / vga_clk",
        "a vsync within two frames",
        "none: the monitor cannot lock",
    )
}

/// A colour as `#rrggbb`.
pub fn rgb_text(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}
