//! The frame **sinks**: PNG files every N frames, an animated GIF with one
//! image per displayed state (each held as long as it was on screen), and
//! the expected/actual/diff pictures of a pixel mismatch.

use crate::infra::outputs::{Error as OutError, OutputError};
use crate::infra::outputs::{OutDir, OutFile, Staged};
use generals_golden_render::Frame;
use generals_maps::shown_path;
use image::ImageEncoder;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Width and height of a frame.
const W: u16 = generals_golden_render::WIDTH as u16;
const H: u16 = generals_golden_render::HEIGHT as u16;
/// A 60 Hz frame in GIF delay units (1/100 s), rounded.
const FRAME_CS: f64 = 100.0 / 59.52;
/// Shortest time a state is held in the GIF, so a person can follow it.
const MIN_HOLD_CS: u16 = 30;
/// The last state is held this long before the GIF loops.
const FINAL_HOLD_CS: u16 = 300;

/// A frame encoded as PNG.
pub fn png_bytes(frame: &Frame) -> Result<Vec<u8>, image::ImageError> {
    let bytes: Vec<u8> = frame.pixels.iter().flatten().copied().collect();
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png).write_image(
        &bytes,
        u32::from(W),
        u32::from(H),
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(png)
}

/// Writes `frame` as PNG file `name` in `dir`; returns its path.
fn save_png(frame: &Frame, dir: &OutDir, name: &str) -> Result<PathBuf, OutError> {
    let png = png_bytes(frame).map_err(|source| OutputError::Png {
        path: shown_path(&dir.path().join(name)),
        source,
    })?;
    dir.write(name, &png)
}

/// Writes expected.png, actual.png (drawn up to the beam at `(h, v)`) and
/// diff.png (mismatching pixels in magenta on a dimmed expected frame) into
/// `dir`; returns their paths, for the mismatch report.
pub fn write_mismatch_pngs(
    dir: &Path,
    exp: &Frame,
    act: &Frame,
    (h, v): (u64, u64),
) -> Result<String, OutError> {
    let (w, hh) = (u64::from(W), u64::from(H));
    let upto = (v.min(hh) * w + h.min(w)) as usize + 1;
    let mut diff = exp.clone();
    for (i, px) in diff.pixels.iter_mut().enumerate() {
        let differs = i < upto && exp.pixels[i] != act.pixels[i];
        *px = if differs {
            [255, 0, 255]
        } else {
            px.map(|c| c / 3)
        };
    }
    let dir = OutDir::unchecked(dir);
    dir.keep();
    let mut paths = Vec::new();
    for (frame, name) in [exp, act, &diff].into_iter().zip(MISMATCH_NAMES) {
        paths.push(shown_path(&save_png(frame, &dir, name)?));
    }
    Ok(paths.join(", "))
}

/// The names a frames folder's files take (for [`crate::infra::outputs::Plan::folder_owning`]).
pub const FRAME_NAMES: &[&str] = &["frame_*.png"];
/// The pictures of a pixel mismatch, in its folder.
pub const MISMATCH_NAMES: &[&str] = &["expected.png", "actual.png", "diff.png"];

/// Writes every `every`-th frame as `frame_NNNNNN.png` into a folder.
pub struct PngDumper {
    dir: OutDir,
    every: u64,
    /// Files written.
    pub written: u64,
}

impl PngDumper {
    /// Frames go into `dir` (made when the first is written).
    pub fn new(dir: OutDir, every: u64) -> Self {
        Self {
            dir,
            every: every.max(1),
            written: 0,
        }
    }

    /// Offers frame number `n`.
    pub fn frame(&mut self, n: u64, frame: &Frame) -> Result<(), OutError> {
        if n.is_multiple_of(self.every) {
            save_png(frame, &self.dir, &format!("frame_{n:06}.png"))?;
            self.written += 1;
        }
        Ok(())
    }

    /// The run is over: the folder stays even if no frame fell on `every`.
    pub fn finish(self) -> u64 {
        let _ = self.dir.make();
        self.dir.keep();
        self.written
    }
}

/// Collects distinct consecutive frames and writes them as a looping GIF.
pub struct GifWriter {
    path: String,
    staged: Staged,
    encoder: gif::Encoder<BufWriter<File>>,
    pending: Option<(Frame, u64)>,
    /// Images written.
    pub images: u64,
}

impl GifWriter {
    /// Starts the file (written whole when [`GifWriter::finish`]ed).
    pub fn create(out: &OutFile) -> Result<Self, OutError> {
        let mut staged = out.stage()?;
        let file = staged
            .file()
            .try_clone()
            .map_err(|e| OutError::write(out.label(), e))?;
        let gif_err = |source| OutputError::Gif {
            path: out.label(),
            source,
        };
        let mut encoder = gif::Encoder::new(BufWriter::new(file), W, H, &[]).map_err(gif_err)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(gif_err)?;
        Ok(Self {
            path: out.label(),
            staged,
            encoder,
            pending: None,
            images: 0,
        })
    }

    /// Offers the next displayed frame.
    pub fn frame(&mut self, frame: &Frame) -> Result<(), OutputError> {
        match &mut self.pending {
            Some((f, n)) if f.pixels == frame.pixels => *n += 1,
            _ => {
                if let Some((f, n)) = self.pending.take() {
                    let cs = ((n as f64 * FRAME_CS).round() as u16).max(MIN_HOLD_CS);
                    self.write(&f, cs)?;
                }
                self.pending = Some((frame.clone(), 1));
            }
        }
        Ok(())
    }

    /// Writes the last state and puts the file in place.
    pub fn finish(mut self) -> Result<u64, OutError> {
        if let Some((f, _)) = self.pending.take() {
            self.write(&f, FINAL_HOLD_CS)?;
        }
        let label = self.path.clone();
        let mut w = self
            .encoder
            .into_inner()
            .map_err(|source| OutputError::Gif {
                path: label.clone(),
                source,
            })?;
        w.flush().map_err(|e| OutError::write(label, e))?;
        drop(w);
        self.staged.commit()?;
        Ok(self.images)
    }

    fn write(&mut self, frame: &Frame, delay_cs: u16) -> Result<(), OutputError> {
        // The display uses a small palette: index it exactly, no quantiser.
        let mut palette: Vec<[u8; 3]> = Vec::new();
        let mut indices = Vec::with_capacity(frame.pixels.len());
        for px in &frame.pixels {
            let i = match palette.iter().position(|c| c == px) {
                Some(i) => i,
                None => {
                    palette.push(*px);
                    palette.len() - 1
                }
            };
            if i > 255 {
                return Err(OutputError::GifColours {
                    path: self.path.clone(),
                });
            }
            indices.push(i as u8);
        }
        let mut g = gif::Frame {
            width: W,
            height: H,
            buffer: indices.into(),
            palette: Some(palette.into_iter().flatten().collect()),
            delay: delay_cs,
            ..gif::Frame::default()
        };
        g.dispose = gif::DisposalMethod::Keep;
        self.encoder
            .write_frame(&g)
            .map_err(|source| OutputError::Gif {
                path: self.path.clone(),
                source,
            })?;
        self.images += 1;
        Ok(())
    }
}
