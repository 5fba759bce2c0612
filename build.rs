//! Builds the Verilated models of the RTL and the C ABI shim around them, and
//! generates the Rust FFI for that shim with bindgen.
//!
//! Per top module: `verilator --cc` into `$OUT_DIR/<top>/`, then the generated
//! C++ is compiled at -O3 with `cc` (Verilator's own makefile would use -Os),
//! as one translation unit that includes every generated file (as
//! Verilator's makefile does without parallel builds: the runtime headers are
//! parsed once, not once a file). Both RTL models and their shims are one
//! `cc` build, compiled in parallel. The Verilator runtime goes into one
//! static library of its own.
//!
//! A third model is the gate-level netlist of `generals_core`: yosys
//! synthesises the RTL to generic gates (`write_verilog -noattr`) and
//! Verilator compiles that, so the same bench can play on what synthesis
//! made of the design (`generals play --netlist`). Synthesis runs while the
//! RTL models compile; the netlist's large files compile in parallel.
//!
//! `GENERALS_RTL_DIR` points the build at another RTL tree (scripts/mutants
//! uses it, with `GENERALS_VERILATOR_FLAGS=-Wno-fatal`: a mutant may well
//! leave a signal unused); `GENERALS_NETLIST=0` leaves the netlist model out
//! (about a minute of build time less); `VERILATOR` and `YOSYS` name the
//! tools' binaries. Under clippy (`RUSTC_WORKSPACE_WRAPPER` is
//! `clippy-driver`) only the FFI is generated: a lint run links nothing, and
//! the models would be built a second time (clippy's build script is a build
//! of its own).

use std::env;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

/// A Verilated model: the top module, the class prefix, the shim around it.
struct ModelSpec {
    top: &'static str,
    prefix: &'static str,
    shim: &'static str,
}

/// The RTL models.
const RTL_MODELS: &[ModelSpec] = &[
    ModelSpec {
        top: "kbd_frontend",
        prefix: "Vkbd_frontend",
        shim: "tb/shim/kbd_shim.cpp",
    },
    ModelSpec {
        top: "generals_core",
        prefix: "Vgenerals_core",
        shim: "tb/shim/core_shim.cpp",
    },
];

/// The machine player's pause before each command in the bench's models
/// (the board's default is 0.2 s): long enough to be a real pause, short
/// enough that a whole machine game takes tens of frames (the demo GIF
/// shows it unfold) and a test a few seconds. The bench
/// reads it back from the model (`core_params::bot_gap`).
const BENCH_BOT_GAP: u32 = 20_000;

/// The gate-level model: the same top, synthesised.
const GATES_MODEL: ModelSpec = ModelSpec {
    top: "generals_core",
    prefix: "Vgenerals_gates",
    shim: "tb/shim/gates_shim.cpp",
};

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    exit(1);
}

/// Where the build reads from and writes to.
#[derive(Clone)]
struct Paths {
    manifest: PathBuf,
    out: PathBuf,
    rtl: PathBuf,
    verilator: String,
    /// Verilator's runtime headers and sources.
    include: PathBuf,
}

fn main() {
    let manifest =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let rtl = env::var_os("GENERALS_RTL_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| manifest.join("rtl"));
    let verilator = env::var("VERILATOR").unwrap_or_else(|_| "verilator".into());

    println!("cargo:rerun-if-env-changed=GENERALS_RTL_DIR");
    println!("cargo:rerun-if-env-changed=VERILATOR");
    println!("cargo:rerun-if-env-changed=GENERALS_VERILATOR_FLAGS");
    println!("cargo:rerun-if-env-changed=GENERALS_NETLIST");
    println!("cargo:rerun-if-env-changed=YOSYS");
    println!("cargo:rerun-if-changed={}", rtl.display());
    println!("cargo:rerun-if-changed=tb/shim");
    println!("cargo:rerun-if-changed=maps/maps.hex");
    // Tests that run other tools on the RTL (Icarus) use the same tree.
    println!("cargo:rustc-env=GENERALS_RTL_BUILT={}", rtl.display());

    let include = verilator_root(&verilator).join("include");
    let paths = Paths {
        manifest,
        out,
        rtl,
        verilator,
        include,
    };
    generate_bindings(&paths);
    let linted = env::var_os("RUSTC_WORKSPACE_WRAPPER").is_some_and(|w| {
        Path::new(&w)
            .file_stem()
            .is_some_and(|s| s == "clippy-driver")
    });
    if linted {
        return;
    }
    let netlist = env::var("GENERALS_NETLIST").as_deref() != Ok("0");
    let synthesis = netlist.then(|| {
        let p = paths.clone();
        std::thread::spawn(move || synthesise_netlist(&p))
    });
    let mut global_files: Vec<String> = Vec::new();
    let mut rtl_models = cxx_build(&paths.include);
    rtl_models.include(paths.manifest.join("tb/shim"));
    for spec in RTL_MODELS {
        let src = paths.rtl.join(format!("{}.v", spec.top));
        add_model(&paths, spec, &src, &mut rtl_models, None, &mut global_files);
    }
    rtl_models.compile("vmodel_rtl");
    let mut gates = cxx_build(&paths.include);
    gates.include(paths.manifest.join("tb/shim"));
    let mut gates_slow = cxx_build(&paths.include);
    gates_slow.opt_level(0);
    match synthesis {
        Some(thread) => {
            let netlist = thread
                .join()
                .unwrap_or_else(|_| fail("the synthesis thread panicked"));
            add_model(
                &paths,
                &GATES_MODEL,
                &netlist,
                &mut gates,
                Some(&mut gates_slow),
                &mut global_files,
            );
            // Objects of the one library: the two halves call each other.
            for obj in gates_slow.compile_intermediates() {
                gates.object(obj);
            }
        }
        None => {
            gates.file(paths.manifest.join("tb/shim/gates_absent.cpp"));
        }
    }
    gates.compile("vmodel_gates");
    build_runtime(&paths, global_files);
    println!("cargo:rustc-link-lib=z");
    println!("cargo:rustc-link-lib=pthread");
    println!("cargo:rustc-link-lib=atomic");
}

/// Verilator's installation folder, or a message that says what to do.
fn verilator_root(verilator: &str) -> PathBuf {
    match Command::new(verilator)
        .arg("--getenv")
        .arg("VERILATOR_ROOT")
        .output()
    {
        Ok(o) if o.status.success() => PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()),
        _ => fail("`verilator` not found (Verilator 5 is needed): run scripts/setup"),
    }
}

/// Verilates `spec` from `src` and adds its C++ and its shim to `build`,
/// and the runtime files it needs to `global_files`. The RTL's models are
/// one translation unit each (`<prefix>__ALL.cpp`); the netlist's files,
/// each large, stay apart so that they compile in parallel.
fn add_model(
    p: &Paths,
    spec: &ModelSpec,
    src: &Path,
    build: &mut cc::Build,
    slow: Option<&mut cc::Build>,
    global_files: &mut Vec<String>,
) {
    let mdir = p.out.join(spec.prefix);
    let _ = std::fs::remove_dir_all(&mdir);
    verilate(p, spec, src, &mdir);
    let mk = read_classes_mk(&mdir, spec.prefix);
    build.include(&mdir);
    let generated: Vec<String> = [
        "VM_CLASSES_FAST",
        "VM_CLASSES_SLOW",
        "VM_SUPPORT_FAST",
        "VM_SUPPORT_SLOW",
    ]
    .into_iter()
    .flat_map(|key| mk.get(key).into_iter().flatten())
    .map(|f| format!("{f}.cpp"))
    .collect();
    if let Some(slow) = slow {
        // The netlist's constructors and initial values (the __Slow files)
        // run once: -O0 compiles them in half the time, and they are half
        // of its C++.
        slow.include(&mdir);
        for f in &generated {
            if f.ends_with("__Slow.cpp") {
                slow.file(mdir.join(f));
            } else {
                build.file(mdir.join(f));
            }
        }
        define_trace(&mk, slow);
    } else {
        let all = mdir.join(format!("{}__ALL.cpp", spec.prefix));
        let text: String = generated
            .iter()
            .map(|f| format!("#include \"{f}\"\n"))
            .collect();
        std::fs::write(&all, text)
            .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", all.display())));
        build.file(all);
    }
    for key in ["VM_GLOBAL_FAST", "VM_GLOBAL_SLOW"] {
        for f in mk.get(key).into_iter().flatten() {
            if !global_files.contains(f) {
                global_files.push(f.clone());
            }
        }
    }
    define_trace(&mk, build);
    build.file(p.manifest.join(spec.shim));
}

/// The model's tracing defines (the same for every model: all are traced the
/// same way).
fn define_trace(mk: &std::collections::BTreeMap<String, Vec<String>>, build: &mut cc::Build) {
    for (k, v) in mk {
        if k.starts_with("VM_TRACE") || k == "VM_COVERAGE" || k == "VM_SC" {
            build.define(k, v.first().map(String::as_str).unwrap_or("0"));
        }
    }
}

/// The Verilator runtime, compiled once per `OUT_DIR` (it never changes with
/// the RTL); `verilated.cpp` needs `verilated_threads.cpp` even
/// single-threaded.
fn build_runtime(p: &Paths, mut global_files: Vec<String>) {
    if !global_files.iter().any(|f| f == "verilated_threads") {
        global_files.push("verilated_threads".to_string());
    }
    let runtime = p.out.join("libverilated_runtime.a");
    if runtime.exists() {
        println!("cargo:rustc-link-search=native={}", p.out.display());
        println!("cargo:rustc-link-lib=static=verilated_runtime");
        return;
    }
    let mut rt = cxx_build(&p.include);
    rt.define("VM_TRACE", "1").define("VM_TRACE_FST", "1");
    for f in &global_files {
        rt.file(p.include.join(format!("{f}.cpp")));
    }
    rt.compile("verilated_runtime");
}

/// The Rust FFI of `tb/shim/shim.h`, written to `$OUT_DIR/shim_bindings.rs`.
fn generate_bindings(p: &Paths) {
    let header = p.manifest.join("tb/shim/shim.h");
    // bindgen panics (inside clang-sys) when libclang cannot be loaded: turn
    // that into the one-line message instead of a backtrace.
    std::panic::set_hook(Box::new(|_| {}));
    let generated = std::panic::catch_unwind(|| {
        bindgen::Builder::default()
            .header(header.to_string_lossy())
            .allowlist_function("(kbd|core)_.*")
            .allowlist_type("(kbd|core)_.*")
            .allowlist_var("CORE_.*")
            .opaque_type("(kbd|core)_model")
            .derive_default(true)
            .derive_partialeq(true)
            .generate()
    });
    let _ = std::panic::take_hook();
    let bindings = match generated {
        Ok(Ok(b)) => b,
        Ok(Err(e)) => fail(&format!("bindgen failed on tb/shim/shim.h: {e}")),
        Err(_) => fail("libclang not found (bindgen needs it): run scripts/setup"),
    };
    bindings
        .write_to_file(p.out.join("shim_bindings.rs"))
        .unwrap_or_else(|e| fail(&format!("cannot write bindings: {e}")));
}

/// A C++ build with the flags that make Verilated models fast (see
/// shared notes: -O3, and no semantic interposition so -fPIC keeps inlining).
fn cxx_build(include: &Path) -> cc::Build {
    let mut b = cc::Build::new();
    b.cpp(true)
        .std("c++17")
        .include(include)
        .include(include.join("vltstd"))
        .opt_level(3)
        .flag_if_supported("-fno-semantic-interposition")
        .flag_if_supported("-faligned-new")
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(false)
        .debug(false);
    b
}

/// Verilates `spec` from `src` into `mdir`.
fn verilate(p: &Paths, spec: &ModelSpec, src: &Path, mdir: &Path) {
    let gates = spec.prefix == GATES_MODEL.prefix;
    let mut cmd = Command::new(&p.verilator);
    cmd.arg("--cc")
        .arg("--trace-fst")
        // X values and registers without a power-up value become values the
        // run chooses: 0 by default, as on the FPGA, or random from a seed
        // (CoreDut::with_random_init), so that a test can show the design
        // does not depend on them.
        .arg("--x-assign")
        .arg("unique")
        .arg("--x-initial")
        .arg("unique")
        .arg("-O3")
        .arg("-Wall")
        .arg("--top-module")
        .arg(spec.top)
        .arg("--prefix")
        .arg(spec.prefix)
        .arg("-Mdir")
        .arg(mdir)
        .arg(format!("-I{}", p.rtl.display()))
        .args(
            env::var("GENERALS_VERILATOR_FLAGS")
                .unwrap_or_default()
                .split_whitespace(),
        );
    if gates {
        // Synthesis leaves memory words whose bits nothing reads; the RTL is
        // linted for that, the generated netlist need not be.
        cmd.arg("-Wno-UNUSEDSIGNAL");
    } else {
        // The control file that exposes the parameters the shims read back.
        cmd.arg(p.manifest.join("tb/shim/params.vlt"));
    }
    if spec.top == "generals_core" && !gates {
        // $readmemh paths are absolute so the model runs from any directory
        // (the netlist holds the contents themselves).
        let map_hex = p.manifest.join("maps/maps.hex");
        cmd.arg(format!("-GMAP_INIT_HEX=\"{}\"", map_hex.display()));
        cmd.arg(format!("-GGFX_DIR=\"{}/\"", p.rtl.join("gfx").display()));
        cmd.arg(format!("-GBOT_GAP={BENCH_BOT_GAP}"));
    }
    cmd.arg(src);
    let status = cmd.status().unwrap_or_else(|e| {
        fail(&format!(
            "cannot run {}: {e}; run scripts/setup",
            p.verilator
        ))
    });
    if !status.success() {
        fail(&format!(
            "verilator failed on {} (see its messages above)",
            src.display()
        ));
    }
}

/// Synthesises `generals_core` with yosys into a generic gate-level netlist,
/// `$OUT_DIR/netlist/generals_core.v`, and returns its path.
///
/// The flow is `scripts/synth`'s LUT flow up to the gates: flattened, with
/// every ROM's contents loaded (map ROM included, see `rtl/map_rom.v`), the
/// memories kept whole as the board's block RAMs are, the logic mapped to
/// simple gates by abc, the debug port kept (it is a port of this top).
/// `splitnets` breaks the vectors abc leaves partly assigned, which Verilator
/// would otherwise treat as combinational loops and evaluate slowly.
fn synthesise_netlist(p: &Paths) -> PathBuf {
    let yosys = env::var("YOSYS").unwrap_or_else(|_| "yosys".into());
    let dir = p.out.join("netlist");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| fail(&format!("cannot create {}: {e}", dir.display())));
    // The RTL's $readmemh paths are relative (rtl/gfx/, maps/): yosys runs in
    // a folder that has both under those names.
    for (name, target) in [("rtl", p.rtl.clone()), ("maps", p.manifest.join("maps"))] {
        std::os::unix::fs::symlink(&target, dir.join(name)).unwrap_or_else(|e| {
            fail(&format!(
                "cannot link {} into {}: {e}",
                target.display(),
                dir.display()
            ))
        });
    }
    let mut files: Vec<String> = std::fs::read_dir(&p.rtl)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", p.rtl.display())))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".v"))
        .map(|n| format!("rtl/{n}"))
        .collect();
    files.sort();
    let netlist = dir.join("generals_core.v");
    let script = format!(
        "read_verilog -defer -DSYNTHESIS -Irtl {files}\n\
         hierarchy -check -top generals_core -chparam BOT_GAP {BENCH_BOT_GAP}\n\
         synth -top generals_core -flatten -run :fine\n\
         opt -full\ntechmap\nopt -fast\nabc\nopt_clean\n\
         splitnets -driver\nopt_clean -purge\n\
         write_verilog -noattr generals_core.v\n",
        files = files.join(" ")
    );
    let script_path = dir.join("netlist.ys");
    std::fs::write(&script_path, script)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", script_path.display())));
    let log = dir.join("yosys.log");
    let status = Command::new(&yosys)
        .current_dir(&dir)
        .arg("-q")
        .arg("-l")
        .arg(&log)
        .arg("-s")
        .arg("netlist.ys")
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot run {yosys}: {e}; run scripts/setup")));
    if !status.success() || !netlist.exists() {
        fail(&format!(
            "yosys could not synthesise the gate-level netlist (log: {})",
            log.display()
        ));
    }
    netlist
}

/// Reads the `VM_*` variables of the generated `<prefix>_classes.mk`.
fn read_classes_mk(mdir: &Path, prefix: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let path = mdir.join(format!("{prefix}_classes.mk"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())));
    let mut vars = std::collections::BTreeMap::new();
    let mut current: Option<String> = None;
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("");
        let (body, cont) = match line.trim_end().strip_suffix('\\') {
            Some(b) => (b, true),
            None => (line, false),
        };
        if let Some(name) = current.clone() {
            vars.entry(name)
                .or_insert_with(Vec::new)
                .extend(body.split_whitespace().map(String::from));
        } else if let Some((k, v)) = body.split_once('=') {
            let k = k
                .trim()
                .trim_end_matches(['+', ':', '?'])
                .trim()
                .to_string();
            vars.insert(k.clone(), v.split_whitespace().map(String::from).collect());
            current = Some(k);
        }
        if !cont {
            current = None;
        }
    }
    vars
}
