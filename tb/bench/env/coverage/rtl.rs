//! The RTL's coverage counts: a model built for coverage writes them, in
//! Verilator's `coverage.dat` format, when it is dropped (see
//! [`super::dir`]); `verilator_coverage` merges them.

use std::ffi::CString;

/// Makes every model write its counts with [`dump`] when it is dropped (the
/// models' coverage hook, [`crate::env::dut::set_coverage_hook`]). The
/// environments and the program call it; a test that builds a model itself
/// calls it first.
pub fn install() {
    crate::env::dut::set_coverage_hook(dump);
}

/// Writes a model's counts with `write` (the shim's `*_coverage_write`)
/// into the coverage folder, if coverage is collected and the model was
/// built for it. A failure is reported on standard error and otherwise
/// ignored: coverage must never fail the run it measures. The file is
/// written as every output of the bench is: whole, and never through a
/// link planted at its name.
pub fn dump(what: &str, write: &mut dyn FnMut(&std::ffi::CStr) -> i32) {
    let Some(dir) = super::dir() else {
        return;
    };
    let path = super::file_in(&dir, what, "dat");
    let report = |e: &dyn std::fmt::Display| {
        crate::infra::outputs::note(&format!(
            "coverage: {}: {e}",
            generals_maps::shown_path(&path)
        ))
    };
    // The model writes into a temporary file made exclusively for it (a
    // link planted at the file's name is never opened); the stamped counts
    // then replace whatever is at the name.
    let tmp = match tempfile::Builder::new()
        .prefix(".generals-coverage-")
        .suffix(".part")
        .tempfile_in(&dir)
    {
        Ok(t) => t,
        Err(e) => return report(&e),
    };
    let Ok(c) = CString::new(tmp.path().to_string_lossy().as_bytes()) else {
        return;
    };
    if write(&c) != 0 {
        return; // a speed build: no counts
    }
    // The build that wrote it, after Verilator's header line, so that a
    // merge refuses files of another design.
    let text = match std::fs::read_to_string(tmp.path()) {
        Ok(t) => t,
        Err(e) => return report(&e),
    };
    let (head, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let build = super::build_id();
    let stamped = format!("{head}\n# generals-build: {build}\n{rest}");
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if let Err(e) = crate::infra::outputs::OutDir::unchecked(&dir).write(&name, stamped.as_bytes())
    {
        report(&e);
    }
}
