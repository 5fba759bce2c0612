//! Writes the display's ROM images (`rtl/gfx/*.hex`) from `src/art.rs`.
//!
//! Run from anywhere: `cargo run -p generals-golden-render --example gen_gfx`.
//! A unit test checks that the committed files match, so run this after
//! changing the artwork and commit the result.

use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rtl/gfx");
    std::fs::create_dir_all(&dir).expect("create rtl/gfx");
    for (name, text) in generals_golden_render::art::all_files() {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        println!("wrote rtl/gfx/{name}");
    }
}
