//! Generates the Rust FFI of the C ABI shim around the Verilated models
//! (`tb/shim/shim.h`) with bindgen, into `$OUT_DIR/shim_bindings.rs`.
//!
//! The models themselves are built and linked by the `generals-dut` crate
//! (`tb/dut/build.rs`): it needs only `cc`, so Cargo runs it while bindgen
//! and the other dependencies still compile.

use std::env;
use std::path::PathBuf;
use std::process::exit;

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    exit(1);
}

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let header = "tb/shim/shim.h";
    println!("cargo:rerun-if-changed={header}");
    // bindgen panics (inside clang-sys) when libclang cannot be loaded: turn
    // that into the one-line message instead of a backtrace.
    std::panic::set_hook(Box::new(|_| {}));
    let generated = std::panic::catch_unwind(|| {
        bindgen::Builder::default()
            .header(header)
            .allowlist_function("(kbd|core|top|dvi)_.*")
            .allowlist_type("(kbd|core|top|dvi)_.*")
            .allowlist_var("CORE_.*")
            .opaque_type("(kbd|core|dvi)_model")
            .derive_default(true)
            .derive_partialeq(true)
            .generate()
    });
    let _ = std::panic::take_hook();
    let bindings = match generated {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => fail(&format!("bindgen failed on {header}: {e}")),
        Err(_) => fail("libclang not found (bindgen needs it): run scripts/setup"),
    };
    bindings
        .write_to_file(out.join("shim_bindings.rs"))
        .unwrap_or_else(|e| fail(&format!("cannot write bindings: {e}")));
}
