//! The frame **sinks**: PNG files every N frames, an animated GIF with one
//! image per displayed state (each held as long as it was on screen), and
//! the expected/actual/diff pictures of a pixel mismatch.

use crate::error::OutputError;
use generals_render::Frame;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// Width and height of a frame.
const W: u16 = generals_render::WIDTH as u16;
const H: u16 = generals_render::HEIGHT as u16;
/// A 60 Hz frame in GIF delay units (1/100 s), rounded.
const FRAME_CS: f64 = 100.0 / 59.52;
/// Shortest time a state is held in the GIF, so a person can follow it.
const MIN_HOLD_CS: u16 = 30;
/// The last state is held this long before the GIF loops.
const FINAL_HOLD_CS: u16 = 300;

/// Saves a frame as PNG.
pub fn save_png(frame: &Frame, path: &Path) -> Result<(), OutputError> {
    let bytes: Vec<u8> = frame.pixels.iter().flatten().copied().collect();
    // A Frame always holds 640 x 480 pixels.
    let img = image::RgbImage::from_raw(u32::from(W), u32::from(H), bytes)
        .expect("a frame is 640 x 480 pixels");
    img.save(path).map_err(|source| OutputError::Png {
        path: path.display().to_string(),
        source,
    })
}

/// Writes expected.png, actual.png (drawn up to the beam at `(h, v)`) and
/// diff.png (mismatching pixels in magenta on a dimmed expected frame) into
/// `dir`; returns their paths, for the mismatch report.
pub fn write_mismatch_pngs(
    dir: &Path,
    exp: &Frame,
    act: &Frame,
    (h, v): (u64, u64),
) -> Result<String, OutputError> {
    std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir.display().to_string(), e))?;
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

/// Writes every `every`-th frame as `frame_NNNNNN.png` into a folder.
pub struct PngDumper {
    dir: PathBuf,
    every: u64,
    /// Files written.
    pub written: u64,
}

impl PngDumper {
    /// Creates the folder.
    pub fn new(dir: &Path, every: u64) -> Result<Self, OutputError> {
        std::fs::create_dir_all(dir).map_err(|e| OutputError::io(dir.display().to_string(), e))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            every: every.max(1),
            written: 0,
        })
    }

    /// Offers frame number `n`.
    pub fn frame(&mut self, n: u64, frame: &Frame) -> Result<(), OutputError> {
        if n.is_multiple_of(self.every) {
            save_png(frame, &self.dir.join(format!("frame_{n:06}.png")))?;
            self.written += 1;
        }
        Ok(())
    }
}

/// Collects distinct consecutive frames and writes them as a looping GIF.
pub struct GifWriter {
    path: PathBuf,
    encoder: gif::Encoder<BufWriter<File>>,
    pending: Option<(Frame, u64)>,
    /// Images written.
    pub images: u64,
}

impl GifWriter {
    /// Creates the file.
    pub fn create(path: &Path) -> Result<Self, OutputError> {
        let name = || path.display().to_string();
        let file = File::create(path).map_err(|e| OutputError::io(name(), e))?;
        let gif_err = |source| OutputError::Gif {
            path: name(),
            source,
        };
        let mut encoder = gif::Encoder::new(BufWriter::new(file), W, H, &[]).map_err(gif_err)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(gif_err)?;
        Ok(Self {
            path: path.to_path_buf(),
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

    /// Writes the last state and closes the file.
    pub fn finish(mut self) -> Result<u64, OutputError> {
        if let Some((f, _)) = self.pending.take() {
            self.write(&f, FINAL_HOLD_CS)?;
        }
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
                    path: self.path.display().to_string(),
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
                path: self.path.display().to_string(),
                source,
            })?;
        self.images += 1;
        Ok(())
    }
}
