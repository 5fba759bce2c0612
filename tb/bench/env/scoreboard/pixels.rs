//! Pixel scoreboard: the renderer latches the game state once per frame
//! (`dbg_snapshot`, pinned to the first pixel of the vertical blanking); the
//! frame after that pulse must be the golden renderer's frame of the state
//! as it was in the cycle before the pulse, pixel for pixel.

use crate::env::dut::CoreOut;
use crate::env::frames::write_mismatch_pngs;
use crate::env::monitor::raster::{rgb_text, Beam};
use crate::env::monitor::state::decode_state;
use crate::env::monitor::vesa::vesa_numbers::V_VISIBLE;
use crate::infra::mismatch::Mismatch;
use generals_golden::machine::Seats;
use generals_golden::{GameState, CELLS};
use generals_golden_render as gr;
use std::path::PathBuf;

/// What the display shows of the golden model (docs/display.md, §8).
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The game state.
    pub state: &'a GameState,
    /// The colours the machine plays, as the title screen or panel shows them.
    pub machine: Seats,
    /// A number that changes whenever `state` does (the environment counts
    /// the changes): a hook on another thread copies the state only then.
    pub version: u64,
}

/// The pixel scoreboard (see the module doc).
pub struct PixelScoreboard {
    renderer: gr::Renderer,
    next_state: Option<(GameState, Seats)>,
    expected: Option<gr::Frame>,
    /// The state the frame being drawn shows (its snapshot's).
    latched: Option<(GameState, Seats)>,
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
            latched: None,
            out_dir,
            frames_checked: 0,
        }
    }

    /// The core was reset: nothing is latched any more.
    pub fn reset(&mut self) {
        self.next_state = None;
        self.expected = None;
        self.latched = None;
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
    /// is rendered; every visible pixel is compared with it. `live` is the
    /// golden state of this cycle and `out` the core's outputs: a pixel that
    /// differs from the snapshot's frame but shows a later state is reported
    /// as a torn frame.
    pub fn beam(
        &mut self,
        cycle: u64,
        b: &Beam,
        live: Shown<'_>,
        out: &CoreOut,
    ) -> Result<(), Mismatch> {
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
            self.latched = self.next_state.take();
            self.expected = self
                .latched
                .as_ref()
                .map(|(st, machine)| self.renderer.render_with(st, *machine));
        }
        if !b.visible() {
            return Ok(());
        }
        if let Some(exp) = &self.expected {
            let e = exp.pixels[b.index()];
            if e != b.rgb {
                return Err(self.differs(cycle, b, e, live, out));
            }
            if b.frame_end() {
                self.frames_checked += 1;
            }
        }
        Ok(())
    }

    /// The report of a pixel that is not the snapshot frame's `e`. A frame
    /// must not tear (docs/display.md, "Snapshot"): it shows the state of
    /// one cycle, its snapshot's, however the state changes while it is
    /// drawn. A pixel that differs in a frame whose state has changed since
    /// its snapshot, in any part (the board, or a scalar: phase, winner,
    /// player, mode, a cursor, the round, the map, the machine's colours),
    /// whatever else the state does, is reported as a torn frame, with the
    /// parts that changed, or the one part whose later value draws the
    /// pixel. The later state is the golden model's of this cycle, or the
    /// core's own as its debug port shows it now (the core may change a
    /// register a few cycles before the command it belongs to is applied).
    #[cold]
    fn differs(
        &self,
        cycle: u64,
        b: &Beam,
        e: [u8; 3],
        live: Shown<'_>,
        out: &CoreOut,
    ) -> Mismatch {
        let plain = || Mismatch::new(cycle, "pixel RGB", rgb_text(e), rgb_text(b.rgb));
        let Some((was, was_machine)) = self.latched.as_ref() else {
            return plain();
        };
        // The core's scalars now, with the snapshot's board.
        let mut words = [0u16; CELLS];
        for (w, c) in words.iter_mut().zip(was.cells.iter()) {
            *w = c.to_bits();
        }
        let rtl = decode_state(out, &words).ok();
        let sources = [
            Some((live.state.clone(), "the golden model")),
            rtl.map(|r| (r, "the core's debug port")),
        ];
        // The snapshot's state with one part of a later one.
        type Part = (&'static str, fn(&mut GameState, &GameState));
        let parts: [Part; 9] = [
            ("the board", |s, n| s.cells = n.cells),
            ("the phase", |s, n| s.phase = n.phase),
            ("the winner", |s, n| s.winner = n.winner),
            ("the player to move", |s, n| s.player = n.player),
            ("the mode", |s, n| s.mode = n.mode),
            ("Red's cursor", |s, n| s.cursor_red = n.cursor_red),
            ("Blue's cursor", |s, n| s.cursor_blue = n.cursor_blue),
            ("the round", |s, n| s.round = n.round),
            ("the map", |s, n| s.map = n.map),
        ];
        let shows = |st: &GameState, machine: Seats| {
            gr::render_with(st, machine).pixels[b.index()] == b.rgb
        };
        // A part that explains the pixel, or else every part that changed.
        let mut explains = None;
        let mut changed: Vec<String> = Vec::new();
        for (now, whose) in sources.iter().flatten() {
            for (what, take) in &parts {
                let mut st = was.clone();
                take(&mut st, now);
                if st == *was {
                    continue;
                }
                if explains.is_none() && shows(&st, *was_machine) {
                    explains = Some(format!("{what} as {whose} has it now"));
                }
                let named = format!("{what} ({whose})");
                if !changed.contains(&named) {
                    changed.push(named);
                }
            }
        }
        if *was_machine != live.machine {
            changed.push("the machine's colours (the golden model)".into());
        }
        if changed.is_empty() {
            return plain();
        }
        Mismatch::new(
            cycle,
            "pixel RGB of a torn frame",
            format!(
                "{}, the frame of the state latched at its snapshot",
                rgb_text(e)
            ),
            match explains {
                Some(part) => format!("{}, drawn from {part}", rgb_text(b.rgb)),
                None => format!(
                    "{} after the state changed while the frame was drawn: {}",
                    rgb_text(b.rgb),
                    changed.join(", ")
                ),
            },
        )
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
