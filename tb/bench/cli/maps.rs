//! `generals maps`: generate, check and show the 128 maps.

use super::emit;
use super::{count, map_number};
use clap::Subcommand;
use generals::error::AppError;
use generals::infra::outputs::{note, Plan};
use generals_maps::shown_path;
use std::io::Write;
use std::path::PathBuf;

/// The subcommands of `generals maps`.
#[derive(Subcommand)]
pub enum MapsCmd {
    /// Generate 128 maps from a seed and write maps.mif and maps.hex.
    Gen {
        /// Seed of the generator, 0 … 2^64 − 1.
        #[arg(long, default_value_t = generals_maps::DEFAULT_SEED, allow_negative_numbers = true, value_parser = count(0, u64::MAX))]
        seed: u64,
        /// Output folder (the committed maps are in maps/: write there only on purpose).
        #[arg(long, default_value = "out/maps")]
        out: PathBuf,
    },
    /// Check map files (.mif, .hex) against every rule of maps/README.md; with
    /// both kinds given, also that they hold the same content.
    Check {
        /// Files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print one map as a text grid.
    Show {
        /// Map number, 0 … 127.
        #[arg(allow_negative_numbers = true, value_parser = map_number)]
        n: u8,
        /// Map file (default: the committed maps).
        #[arg(long)]
        file: Option<PathBuf>,
    },
}

/// `generals maps gen|check|show`.
pub fn maps_cmd(cmd: MapsCmd) -> Result<(), AppError> {
    match cmd {
        MapsCmd::Gen { seed, out } => {
            let mut plan = Plan::new();
            let folder = plan.folder("--out", &out)?;
            let files = generals_maps::generate_files(seed)?;
            let texts = [
                ("maps.mif", &files.mif),
                ("maps.hex", &files.hex),
                ("SEED", &files.seed_file),
            ];
            let mut outs = Vec::new();
            for (name, _) in &texts {
                outs.push(plan.file("--out", &out.join(name))?);
            }
            // All three are written whole before any is put in place, so a
            // failure leaves the old pair (or none), never a mixed one.
            folder.make()?;
            let mut staged = Vec::new();
            for (o, (_, text)) in outs.iter().zip(&texts) {
                let mut s = o.stage()?;
                s.file()
                    .write_all(text.as_bytes())
                    .map_err(|e| AppError::write(o.label(), e))?;
                staged.push(s);
            }
            generals::infra::outputs::commit_all(staged)?;
            folder.keep();
            emit(&format!(
                "wrote {} and {} from seed {seed}",
                shown_path(&out.join("maps.mif")),
                shown_path(&out.join("maps.hex"))
            ))
        }
        MapsCmd::Check { files } => {
            let report = generals_maps::check_files(&files);
            if report.is_ok() {
                emit(&format!(
                    "ok: {} file(s), every map meets every rule of maps/README.md",
                    files.len()
                ))
            } else {
                Err(AppError::MapCheck(Box::new(report)))
            }
        }
        MapsCmd::Show { n, file } => {
            let maps = match &file {
                Some(f) => {
                    let words = generals_maps::read_rom_file(f)?;
                    generals_maps::decode_rom(&words).map_err(|source| AppError::Decode {
                        path: shown_path(f),
                        source,
                    })?
                }
                None => super::maps(),
            };
            let m = maps.get(usize::from(n)).ok_or_else(|| {
                AppError::Usage(format!("no map {n}: the file holds {}", maps.len()))
            })?;
            emit(&format!("map {n}:\n{}", generals_maps::show_map(m)))?;
            // Shown all the same (a broken map is worth seeing), but said.
            for v in generals_maps::validate_map(m) {
                note(&format!("warning: map {n} breaks maps/README.md: {v}"));
            }
            Ok(())
        }
    }
}
