//! Regenerates the committed maps: `cargo run -p generals-maps --example gen -- SEED OUTDIR`
//! (the committed ones: `-- 20230601 maps`, run from the repository root).
//! Writes OUTDIR/maps.mif, OUTDIR/maps.hex and OUTDIR/SEED, after the reader
//! and the validator have accepted them, and prints a line of statistics.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (seed, dir) = match args.as_slice() {
        [seed, dir] => match seed.parse::<u64>() {
            Ok(seed) => (seed, PathBuf::from(dir)),
            Err(e) => {
                eprintln!("gen: seed `{seed}` is not a u64: {e}");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("usage: gen SEED OUTDIR");
            return ExitCode::FAILURE;
        }
    };
    match generals_maps::write_map_files(seed, &dir) {
        Ok(files) => {
            println!("wrote {} (seed {seed})", dir.display());
            println!("{}", generals_maps::summary(&files.maps));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen: {e}");
            ExitCode::FAILURE
        }
    }
}
