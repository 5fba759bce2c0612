//! VGA **monitor**: samples the RTL's VGA outputs at each rising edge of
//! `vga_clk`, rebuilds frames, and checks every sample against the VESA
//! raster and the golden renderer's frame for the state that frame shows.
//!
//! The renderer latches the game state once per frame (`dbg_snapshot`); the
//! frame after that pulse must show the state as it was in the cycle before
//! the pulse, pixel for pixel.

use super::vesa::{vesa_numbers::*, Sample, VesaMeter};
use crate::core_env::CycleHook;
use crate::dut::CoreOut;
use crate::error::OutputError;
use crate::scoreboard::core::CycleEvents;
use crate::scoreboard::Mismatch;
use generals_golden::GameState;
use generals_render as gr;
use std::path::PathBuf;

/// Cycles without a vsync (after power-up or a reset) before the monitor
/// gives up: two frames.
const LOCK_TIMEOUT_CYCLES: u64 = 2 * FRAME_CYCLES;

/// Receives every completed frame: its number, pixels, and whether it was
/// checked against the golden renderer. What it does with a frame (and with
/// a failure to write it) is its own business: the monitor only checks.
pub type FrameSink = Box<dyn FnMut(u64, &gr::Frame, bool)>;

/// Counts of a monitored run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VgaStats {
    /// Frames whose every pixel was compared with the golden renderer.
    pub frames_checked: u64,
    /// Frames seen in all.
    pub frames: u64,
    /// Samples compared.
    pub samples: u64,
}

/// The VGA monitor (see the module doc).
pub struct VgaMonitor {
    meter: VesaMeter,
    /// Raster position of the next sample, once locked to vsync.
    pos: Option<(u64, u64)>,
    prev_clk: bool,
    prev_sample: Sample,
    before_rise: Option<Sample>,
    next_state: Option<GameState>,
    expected: Option<gr::Frame>,
    actual: gr::Frame,
    frame_no: u64,
    /// Frame starts seen since the raster was last locked.
    frames_locked: u64,
    /// Cycles since the monitor lost (or never had) the raster.
    unlocked_cycles: u64,
    out_dir: PathBuf,
    sink: Option<FrameSink>,
    /// Totals.
    pub stats: VgaStats,
}

impl VgaMonitor {
    /// A monitor that writes mismatch pictures into `out_dir`.
    pub fn new(out_dir: PathBuf) -> Self {
        Self {
            meter: VesaMeter::new(),
            pos: None,
            prev_clk: false,
            prev_sample: Sample::default(),
            before_rise: None,
            next_state: None,
            expected: None,
            actual: blank_frame(),
            frame_no: 0,
            frames_locked: 0,
            unlocked_cycles: 0,
            out_dir,
            sink: None,
            stats: VgaStats::default(),
        }
    }

    /// Sends every completed frame to `sink` (frame dumps, GIF).
    pub fn with_sink(mut self, sink: FrameSink) -> Self {
        self.sink = Some(sink);
        self
    }

    fn fail(&self, cycle: u64, signal: &str, exp: String, act: String) -> Mismatch {
        let (h, v) = self.pos.unwrap_or((0, 0));
        let mut m = Mismatch::new(cycle, signal, exp, act)
            .note(format!("frame {}, beam (x, y) = ({h}, {v})", self.frame_no));
        if let Some(expected) = &self.expected {
            match write_mismatch_pngs(&self.out_dir, expected, &self.actual, (h, v)) {
                Ok(paths) => m = m.note(format!("pictures: {paths}")),
                Err(e) => m = m.note(format!("could not write mismatch pictures: {e}")),
            }
        }
        m
    }

    fn sample(&mut self, cycle: u64, s: Sample) -> Result<(), Mismatch> {
        if let Err(e) = self.meter.push(s) {
            return Err(self.fail(cycle, "VGA timing", "VESA 640x480@60".into(), e));
        }
        let prev = std::mem::replace(&mut self.prev_sample, s);
        let Some((h, v)) = self.pos else {
            if prev.vs_n && !s.vs_n {
                // vsync falls with the first pixel of line V_VISIBLE + V_FRONT.
                self.pos = Some((1, V_VISIBLE + V_FRONT));
                self.stats.samples += 1;
            }
            return Ok(());
        };
        self.stats.samples += 1;
        let visible = h < H_VISIBLE && v < V_VISIBLE;
        let exp_hs = !(H_VISIBLE + H_FRONT..H_VISIBLE + H_FRONT + H_SYNC).contains(&h);
        let exp_vs = !(V_VISIBLE + V_FRONT..V_VISIBLE + V_FRONT + V_SYNC).contains(&v);
        if h == 0 && v == 0 {
            // Every frame after the first whole blanking since locking must
            // have been latched: without a snapshot nothing could be checked.
            if self.next_state.is_none() && self.frames_locked > 0 {
                return Err(self.fail(
                    cycle,
                    "dbg_snapshot",
                    "one pulse in the vertical blanking before the frame".into(),
                    "none".into(),
                ));
            }
            self.frames_locked += 1;
            self.frame_no += 1;
            self.stats.frames += 1;
            self.expected = self.next_state.take().map(|st| gr::render(&st));
        }
        for (name, e, a) in [
            ("vga_hs_n", exp_hs, s.hs_n),
            ("vga_vs_n", exp_vs, s.vs_n),
            ("vga_blank_n", visible, s.blank_n),
        ] {
            if e != a {
                return Err(self.fail(
                    cycle,
                    name,
                    u8::from(e).to_string(),
                    u8::from(a).to_string(),
                ));
            }
        }
        if visible {
            let i = (v * H_VISIBLE + h) as usize;
            self.actual.pixels[i] = s.rgb;
            if let Some(exp) = &self.expected {
                if exp.pixels[i] != s.rgb {
                    return Err(self.fail(
                        cycle,
                        "pixel RGB",
                        rgb_text(exp.pixels[i]),
                        rgb_text(s.rgb),
                    ));
                }
            }
            if h == H_VISIBLE - 1 && v == V_VISIBLE - 1 {
                let checked = self.expected.is_some();
                if checked {
                    self.stats.frames_checked += 1;
                }
                if let Some(sink) = &mut self.sink {
                    sink(self.frame_no, &self.actual, checked);
                }
            }
        } else if s.rgb != [0; 3] {
            return Err(self.fail(
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
        Ok(())
    }
}

impl CycleHook for VgaMonitor {
    fn cycle(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: &GameState,
        ev: &CycleEvents,
    ) -> Result<(), Mismatch> {
        if self.pos.is_none() {
            // A raster that never locks would leave everything unchecked.
            self.unlocked_cycles += 1;
            if self.unlocked_cycles > LOCK_TIMEOUT_CYCLES {
                return Err(Mismatch::new(
                    cycle,
                    "vga_vs_n / vga_clk",
                    "a vsync within two frames",
                    "none: the monitor cannot lock",
                ));
            }
        } else {
            self.unlocked_cycles = 0;
        }
        if ev.reset {
            // The renderer restarts its raster: lock again on the next vsync.
            self.pos = None;
            self.unlocked_cycles = 0;
            self.frames_locked = 0;
            self.meter.restart();
            self.next_state = None;
            self.expected = None;
        }
        if out.snapshot != 0 {
            // Pinned to the first pixel of the vertical blanking (docs/display.md).
            if let Some((h, v)) = self.pos {
                if (h, v) != (0, V_VISIBLE) || self.next_state.is_some() {
                    return Err(self.fail(
                        cycle,
                        "dbg_snapshot",
                        format!(
                            "one pulse per frame, at the first blanking pixel (0, {V_VISIBLE})"
                        ),
                        format!("a pulse at ({h}, {v})"),
                    ));
                }
            }
            self.next_state = Some(before.clone());
        }
        let s = Sample {
            hs_n: out.vga_hs_n != 0,
            vs_n: out.vga_vs_n != 0,
            blank_n: out.vga_blank_n != 0,
            rgb: [out.vga_r, out.vga_g, out.vga_b],
        };
        if out.vga_sync_n != 0 {
            return Err(Mismatch::new(cycle, "vga_sync_n", 0, 1));
        }
        let clk = out.vga_clk != 0;
        let rising = clk && !self.prev_clk;
        self.prev_clk = clk;
        if !clk {
            self.before_rise = Some(s);
        } else if rising {
            // The DAC latches on this edge: the outputs must not change across it.
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
            self.sample(cycle, s)?;
        }
        Ok(())
    }
}

fn blank_frame() -> gr::Frame {
    gr::Frame {
        pixels: vec![[0; 3]; (H_VISIBLE * V_VISIBLE) as usize],
    }
}

fn rgb_text(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// Saves a frame as PNG.
pub fn save_png(frame: &gr::Frame, path: &std::path::Path) -> Result<(), OutputError> {
    let bytes: Vec<u8> = frame.pixels.iter().flatten().copied().collect();
    // A Frame is always 640 x 480 (gr::Frame::pixels has that many entries).
    let img = image::RgbImage::from_raw(H_VISIBLE as u32, V_VISIBLE as u32, bytes)
        .expect("a frame is 640 x 480 pixels");
    img.save(path).map_err(|source| OutputError::Png {
        path: path.display().to_string(),
        source,
    })
}

/// Writes expected.png, actual.png (drawn up to the beam) and diff.png
/// (mismatching pixels in magenta on a dimmed expected frame).
fn write_mismatch_pngs(
    dir: &std::path::Path,
    exp: &gr::Frame,
    act: &gr::Frame,
    (h, v): (u64, u64),
) -> Result<String, OutputError> {
    std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir.display().to_string(), e))?;
    let upto = (v.min(V_VISIBLE) * H_VISIBLE + h.min(H_VISIBLE)) as usize + 1;
    let mut diff = exp.clone();
    for (i, px) in diff.pixels.iter_mut().enumerate() {
        let differs = i < upto && exp.pixels[i] != act.pixels[i];
        *px = if differs {
            [255, 0, 255]
        } else {
            px.map(|c| c / 3)
        };
    }
    let paths = ["expected.png", "actual.png", "diff.png"].map(|n| dir.join(n));
    save_png(exp, &paths[0])?;
    save_png(act, &paths[1])?;
    save_png(&diff, &paths[2])?;
    Ok(paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", "))
}
