//! The RTL's coverage counts: a model built for coverage writes them, in
//! Verilator's `coverage.dat` format, when it is dropped (see
//! [`super::dir`]); `verilator_coverage` merges them.

use std::ffi::CString;

/// Writes a model's counts with `write` (the shim's `*_coverage_write`)
/// into the coverage folder, if coverage is collected and the model was
/// built for it. A failure is reported on standard error and otherwise
/// ignored: coverage must never fail the run it measures.
pub fn dump(what: &str, write: impl FnOnce(&std::ffi::CStr) -> i32) {
    let Some(dir) = super::dir() else {
        return;
    };
    let path = super::file_in(&dir, what, "dat");
    let Ok(c) = CString::new(path.to_string_lossy().as_bytes()) else {
        return;
    };
    if write(&c) != 0 {
        return; // a speed build: no counts
    }
    // The build that wrote it, after Verilator's header line, so that a
    // merge refuses files of another design.
    let stamped = std::fs::read_to_string(&path).and_then(|text| {
        let (head, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let build = super::report::build_id();
        std::fs::write(&path, format!("{head}\n# generals-build: {build}\n{rest}"))
    });
    if let Err(e) = stamped {
        crate::outputs::note(&format!(
            "coverage: {}: {e}",
            generals_maps::shown_path(&path)
        ));
    }
}
