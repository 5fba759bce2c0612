//! Icarus Verilog for the tests that run a bench of `tb/icarus/` on the RTL
//! the Verilated models were built from (a mutant's, under scripts/mutants).

use generals::env::dut::RTL_DIR;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The `.v` files of that RTL folder, sorted, without the files named in
/// `skip`.
pub fn rtl_files(skip: &[&str]) -> Vec<PathBuf> {
    let mut rtl: Vec<PathBuf> = std::fs::read_dir(RTL_DIR)
        .unwrap_or_else(|e| panic!("{RTL_DIR}: {e}"))
        .map(|e| e.expect("rtl/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "v"))
        .filter(|p| !skip.iter().any(|s| p.ends_with(s)))
        .collect();
    rtl.sort();
    rtl
}

/// Compiles `bench` (a path from the repository's root) with top module
/// `top` and the `rtl` files into `vvp`; Icarus must neither fail nor warn
/// (`-Wall`).
pub fn compile(top: &str, bench: &str, rtl: &[PathBuf], vvp: &Path) {
    compile_with(top, bench, rtl, vvp, &[]);
}

/// [`compile`] with macros `defines` defined (`-D`).
pub fn compile_with(top: &str, bench: &str, rtl: &[PathBuf], vvp: &Path, defines: &[&str]) {
    let out = Command::new("iverilog")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["-g2005", "-Wall"])
        .args(defines.iter().map(|d| format!("-D{d}")))
        .arg(format!("-I{RTL_DIR}"))
        .args(["-s", top, "-o"])
        .arg(vvp)
        .arg(bench)
        .args(rtl)
        .output()
        .unwrap_or_else(|e| panic!("iverilog not found ({e}): run scripts/setup"));
    let msgs = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "iverilog failed on {bench}:\n{msgs}");
    assert!(
        msgs.trim().is_empty(),
        "iverilog -Wall warns on {bench}:\n{msgs}"
    );
}
