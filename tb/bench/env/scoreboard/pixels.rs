//! Pixel scoreboard: the renderer latches the game state once per frame
//! (`dbg_snapshot`, pinned to the first pixel of the vertical blanking); the
//! frame after that pulse must be the golden renderer's frame of the state
//! as it was in the cycle before the pulse, pixel for pixel.

use crate::env::frames::write_mismatch_pngs;
use crate::env::monitor::raster::{rgb_text, Beam};
use crate::env::monitor::vesa::vesa_numbers::V_VISIBLE;
use crate::infra::mismatch::Mismatch;
use generals_golden::machine::Seats;
use generals_golden::GameState;
use generals_golden_render as gr;
use std::path::PathBuf;

/// What the display shows of the golden model (docs/display.md, §8).
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The game state.
    pub state: &'a GameState,
    /// The colours the machine plays, as the title screen or panel shows them.
    pub machine: Seats,
}

/// The pixel scoreboard (see the module doc).
pub struct PixelScoreboard {
    renderer: gr::Renderer,
    next_state: Option<(GameState, Seats)>,
    expected: Option<gr::Frame>,
    out_dir: PathBuf,
    /// Frames whose every pixel was compared.
    pub frames_checked: u64,
}

impl PixelScoreboard {
    /// A scoreboard that writes mismatch pictures into `out_dir`.
    pub fn new(out_dir: PathBuf) -> Self {
        Self {
            renderer: gr::Renderer::new(),
            next_state: None,
            expected: None,
            out_dir,
            frames_checked: 0,
        }
    }

    /// The core was reset: nothing is latched any more.
    pub fn reset(&mut self) {
        self.next_state = None;
        self.expected = None;
    }

    /// `dbg_snapshot` in this cycle, with the beam at `pos` (once locked):
    /// `before` is what the next frame must show.
    pub fn snapshot(
        &mut self,
        cycle: u64,
        pos: Option<(u64, u64)>,
        before: Shown<'_>,
    ) -> Result<(), Mismatch> {
        if let Some((h, v)) = pos {
            if (h, v) != (0, V_VISIBLE) || self.next_state.is_some() {
                return Err(Mismatch::new(
                    cycle,
                    "dbg_snapshot",
                    format!("one pulse per frame, at the first blanking pixel (0, {V_VISIBLE})"),
                    format!("a pulse at ({h}, {v})"),
                ));
            }
        }
        crate::env::coverage::functional::sample(crate::env::coverage::functional::Sample::Screen(
            before.state,
            before.machine,
        ));
        self.next_state = Some((before.state.clone(), before.machine));
        Ok(())
    }

    /// One sample of the rebuilt frame: at a frame's start the expected frame
    /// is rendered; every visible pixel is compared with it.
    pub fn beam(&mut self, cycle: u64, b: &Beam) -> Result<(), Mismatch> {
        if b.frame_start() {
            // Every frame after the first whole blanking since locking must
            // have been latched: without a snapshot nothing could be checked.
            if self.next_state.is_none() && !b.first_frame {
                return Err(Mismatch::new(
                    cycle,
                    "dbg_snapshot",
                    "one pulse in the vertical blanking before the frame",
                    "none",
                ));
            }
            self.expected = self
                .next_state
                .take()
                .map(|(st, machine)| self.renderer.render_with(&st, machine));
        }
        if !b.visible() {
            return Ok(());
        }
        if let Some(exp) = &self.expected {
            let e = exp.pixels[b.index()];
            if e != b.rgb {
                return Err(Mismatch::new(
                    cycle,
                    "pixel RGB",
                    rgb_text(e),
                    rgb_text(b.rgb),
                ));
            }
            if b.frame_end() {
                self.frames_checked += 1;
            }
        }
        Ok(())
    }

    /// The frame being shown must equal this one, if it is checked.
    pub fn expected(&self) -> Option<&gr::Frame> {
        self.expected.as_ref()
    }

    /// Whether the frame being shown is checked.
    pub fn checking(&self) -> bool {
        self.expected.is_some()
    }

    /// Adds expected/actual/diff pictures to a mismatch found while a frame
    /// was checked (`actual` drawn up to the beam at `pos`).
    pub fn pictures(&self, m: Mismatch, actual: &gr::Frame, pos: Option<(u64, u64)>) -> Mismatch {
        let Some(expected) = &self.expected else {
            return m;
        };
        match write_mismatch_pngs(&self.out_dir, expected, actual, pos.unwrap_or((0, 0))) {
            Ok(paths) => m.note(format!("pictures: {paths}")),
            Err(e) => m.note(format!("could not write mismatch pictures: {e}")),
        }
    }
}
