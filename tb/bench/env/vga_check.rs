//! The VGA check, wired from its three parts, each in the module of its
//! role: the raster monitor rebuilds frames from the pins
//! ([`crate::env::monitor::raster`]), the pixel scoreboard compares them with the
//! golden renderer's ([`crate::env::scoreboard::pixels`]), and a frame sink (PNG
//! files, the GIF: [`crate::env::frames`]) receives each one. With the DVI check
//! on ([`VgaCheck::with_dvi`]), the ULX3S's DVI encoders run beside the
//! core on the same pins and the DVI scoreboard
//! ([`crate::env::scoreboard::dvi`]) judges each of their symbols, after the
//! VGA check has judged the pins of the same cycles.

use crate::env::core_env::{Burst, CycleHook, Shown};
use crate::env::dut::{CoreOut, DviDut, NoDvi, PinWord};
use crate::env::monitor::raster::{held_in_reset, Raster};
use crate::env::scoreboard::core::CycleEvents;
use crate::env::scoreboard::dvi::DviScoreboard;
use crate::env::scoreboard::pixels::PixelScoreboard;
use crate::infra::mismatch::Mismatch;
use generals_golden_render as gr;
use std::path::PathBuf;

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
    /// Pixels whose three DVI symbols were judged (with the DVI check on).
    pub dvi_pixels: u64,
}

/// The DVI encoders' model and their scoreboard.
struct DviCheck {
    dut: DviDut,
    sb: DviScoreboard,
}

impl DviCheck {
    /// Clocks the encoders through the cycles from `first` whose pins are
    /// `pins`, judging each pixel they take.
    #[inline]
    fn run(&mut self, first: u64, pins: &[PinWord]) -> Result<(), Mismatch> {
        for p in self.dut.run(pins) {
            let i = p.at as usize;
            self.sb.pixel(first + i as u64, pins[i], p.lane)?;
        }
        Ok(())
    }
}

/// Raster monitor, pixel scoreboard and frame sink, wired as one per-cycle
/// hook of the core's environment.
pub struct VgaCheck {
    raster: Raster,
    pixels: PixelScoreboard,
    sink: Option<FrameSink>,
    dvi: Option<DviCheck>,
}

impl VgaCheck {
    /// A check that writes mismatch pictures into `out_dir`.
    pub fn new(out_dir: PathBuf) -> Self {
        Self {
            raster: Raster::new(),
            pixels: PixelScoreboard::new(out_dir),
            sink: None,
            dvi: None,
        }
    }

    /// Checks the ULX3S's DVI output too (docs/board.md (the ULX3S)): its encoders run
    /// from the first cycle on, beside the core.
    pub fn with_dvi(mut self) -> Result<Self, NoDvi> {
        crate::env::coverage::rtl::install();
        self.dvi = Some(DviCheck {
            dut: DviDut::new()?,
            sb: DviScoreboard::new(),
        });
        Ok(self)
    }

    /// Sends every completed frame to `sink` (frame dumps, GIF).
    pub fn with_sink(mut self, sink: FrameSink) -> Self {
        self.sink = Some(sink);
        self
    }

    /// Totals so far.
    pub fn stats(&self) -> VgaStats {
        VgaStats {
            frames_checked: self.pixels.frames_checked,
            frames: self.raster.frames,
            samples: self.raster.samples,
            dvi_pixels: self.dvi.as_ref().map_or(0, |d| d.sb.pixels),
        }
    }

    /// A mismatch with the beam position and, while a frame is checked,
    /// expected/actual/diff pictures.
    #[cold]
    fn report(&self, m: Mismatch) -> Mismatch {
        let pos = self.raster.beam_pos();
        self.pixels
            .pictures(self.raster.note(m), self.raster.actual(), pos)
    }

    /// One cycle: `reset` when the core was reset in it, `before` the state
    /// a snapshot in this cycle latches.
    #[inline]
    fn step(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: Shown<'_>,
        reset: bool,
    ) -> Result<(), Mismatch> {
        if reset {
            held_in_reset(cycle, PinWord::of(out))?;
            self.raster.restart();
            self.pixels.reset();
        }
        if out.snapshot != 0 {
            self.pixels.snapshot(cycle, self.raster.pos(), before)?;
        }
        let Some(beam) = self.raster.cycle(cycle, out)? else {
            return Ok(());
        };
        self.pixels.beam(cycle, &beam, before, out)?;
        if beam.frame_end() {
            if let Some(sink) = &mut self.sink {
                sink(
                    self.raster.frames,
                    self.raster.actual(),
                    self.pixels.checking(),
                );
            }
        }
        Ok(())
    }
}

impl CycleHook for VgaCheck {
    // Inlined where the check is wrapped (the run's statistics tap): one
    // call a cycle instead of three.
    #[inline]
    fn cycle(
        &mut self,
        cycle: u64,
        out: &CoreOut,
        before: Shown<'_>,
        ev: &CycleEvents,
    ) -> Result<(), Mismatch> {
        self.step(cycle, out, before, ev.reset)
            .map_err(|m| self.report(m))?;
        match &mut self.dvi {
            Some(d) => d.run(cycle, &[PinWord::of(out)]),
            None => Ok(()),
        }
    }

    fn quiet(&mut self, first: u64, burst: Burst<'_>, before: Shown<'_>) -> Result<(), Mismatch> {
        let pins = burst.pins;
        // A burst in a held reset (the reset register high before it, and
        // watched: high throughout): every cycle's edge is spent in reset.
        if burst.out.rst != 0 {
            for (i, &p) in pins.iter().enumerate() {
                held_in_reset(first + i as u64, p).map_err(|m| self.report(m))?;
            }
        }
        let mut i = 0;
        while i < pins.len() {
            i += self.raster.fast_run(&pins[i..], self.pixels.expected());
            let Some(&p) = pins.get(i) else {
                break;
            };
            if !self.raster.fast(p, self.pixels.expected()) {
                self.step(first + i as u64, &burst.outputs(i), before, false)
                    .map_err(|m| self.report(m))?;
            }
            i += 1;
        }
        match &mut self.dvi {
            Some(d) => d.run(first, pins),
            None => Ok(()),
        }
    }
}
