//! Safe handles on the Verilated models: one `tick` is one 50 MHz clock cycle.

use crate::ffi;
pub use crate::infra::outputs::TraceError;
use std::mem::MaybeUninit;

// The shim's board size (tb/shim/shim.h, a C header) is the shared one:
// the build fails where they disagree.
const _: () = assert!(ffi::CORE_CELLS == generals_defs::CELLS);
use generals_golden::DRAW_MODULUS;
use std::ffi::CString;
use std::path::Path;

pub use ffi::{core_params as CoreParams, kbd_params as KbdParams};

pub use ffi::{kbd_in as KbdIn, kbd_out as KbdOut};
// Also what links the models into every program that uses this crate.
pub use generals_dut::RTL_DIR;

/// What a model does with its coverage counts when it is dropped: called
/// with the model's name (`core`, `kbd`, `top`, `dvi`) and a function that
/// writes the counts to a path in Verilator's `coverage.dat` format (it
/// returns non-zero in a build without counts). The wrapper knows nothing of
/// where coverage files go; whoever collects them sets the hook
/// ([`set_coverage_hook`]; the bench's is `env::coverage::rtl::install`).
pub type CoverageHook = fn(model: &str, write: &mut dyn FnMut(&std::ffi::CStr) -> i32);

static COVERAGE_HOOK: std::sync::OnceLock<CoverageHook> = std::sync::OnceLock::new();

/// Sets the hook every model calls when it is dropped, for the rest of the
/// process. The first call wins; without one, counts are not written.
pub fn set_coverage_hook(hook: CoverageHook) {
    // A second call with another hook is ignored: one collector a process.
    let _ = COVERAGE_HOOK.set(hook);
}

/// Hands a dropped model's counts to the hook, if one is set.
fn coverage_hook(model: &str, write: &mut dyn FnMut(&std::ffi::CStr) -> i32) {
    if let Some(hook) = COVERAGE_HOOK.get() {
        hook(model, write);
    }
}

/// The waveform's path for the C side. The FST writer replaces whatever is
/// at the path with a new file (and writes `<path>.hier` beside it), so a
/// path that names anything but a regular file (a device, a pipe, a
/// symbolic link, a folder) is refused rather than replaced.
fn c_path(path: &Path) -> Result<CString, TraceError> {
    let err = |why| TraceError {
        path: path.display().to_string(),
        why,
    };
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_file() {
            return Err(err(
                "it exists and is not a regular file (the waveform would replace it)",
            ));
        }
    }
    CString::new(path.to_string_lossy().as_bytes()).map_err(|_| err("the path holds a NUL byte"))
}

/// The error of a model that could not open the waveform file.
fn open_failed(path: &Path) -> TraceError {
    TraceError {
        path: path.display().to_string(),
        why: "the file cannot be created (does its folder exist, and may it be written?)",
    }
}

/// The keyboard front end (`rtl/kbd_frontend.v`) alone; the bench is its consumer.
pub struct KbdDut {
    raw: *mut ffi::kbd_model,
    /// Cycles ticked so far.
    pub cycle: u64,
}

impl KbdDut {
    /// A fresh model with every register at its power-up value.
    pub fn new() -> Self {
        // SAFETY: kbd_new allocates a model owned by this handle until Drop.
        let raw = unsafe { ffi::kbd_new() };
        assert!(!raw.is_null(), "kbd_new returned null");
        Self { raw, cycle: 0 }
    }

    /// The receiver's and the FIFO's parameters, as this model was built
    /// (`tb/shim/params.vlt`).
    pub fn params() -> KbdParams {
        let mut p = KbdParams::default();
        // SAFETY: writes the plain struct behind a valid pointer.
        unsafe { ffi::kbd_get_params(&mut p) };
        p
    }

    /// Dumps an FST waveform of every following cycle to `path`.
    pub fn trace(&mut self, path: &Path) -> Result<(), TraceError> {
        let c = c_path(path)?;
        // SAFETY: raw is live; c outlives the call.
        match unsafe { ffi::kbd_trace_open(self.raw, c.as_ptr()) } {
            0 => Ok(()),
            _ => Err(open_failed(path)),
        }
    }

    /// One clock cycle: `input` before the rising edge, outputs after it.
    pub fn tick(&mut self, input: &KbdIn) -> KbdOut {
        let mut out = KbdOut::default();
        // SAFETY: raw is live, both pointers valid for the call.
        unsafe { ffi::kbd_tick(self.raw, input, &mut out) };
        self.cycle += 1;
        out
    }

    /// Up to `max` (at least one) cycles with `input`, stopping after the
    /// first cycle whose outputs differ from those of the cycle before.
    /// Returns how many cycles kept those outputs, `q`, and the outputs of
    /// the last cycle stepped: `q + 1` cycles were stepped when `q < max`.
    pub fn burst(&mut self, input: &KbdIn, max: u64) -> (u64, KbdOut) {
        let mut out = KbdOut::default();
        let max = max.max(1);
        // SAFETY: raw is live, both pointers valid for the call.
        let q = unsafe { ffi::kbd_burst(self.raw, input, max, &mut out) };
        self.cycle += q + u64::from(q < max);
        (q, out)
    }
}

impl Default for KbdDut {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for KbdDut {
    fn drop(&mut self) {
        // SAFETY: raw is live; the path is a valid C string for the call.
        coverage_hook("kbd", &mut |p| unsafe {
            ffi::kbd_coverage_write(self.raw, p.as_ptr())
        });
        // SAFETY: raw came from kbd_new and is freed once.
        unsafe { ffi::kbd_free(self.raw) };
    }
}

pub use ffi::{core_in as CoreIn, core_out as CoreOut};
pub use ffi::{top_in as TopIn, top_out as TopOut};

/// The board's top (`rtl/de2_115_top.v`) through its pins: the whole design
/// as the DE2-115 wires it (tests/board_top.rs).
pub struct TopDut {
    raw: *mut ffi::top_model,
    /// Cycles ticked so far.
    pub cycle: u64,
}

impl TopDut {
    /// A fresh model, or `None` in a build without it (`GENERALS_BOARD_TOP=0`).
    pub fn new() -> Option<Self> {
        // SAFETY: a fresh model or null; freed in Drop.
        let raw = unsafe { ffi::top_new() };
        (!raw.is_null()).then_some(Self { raw, cycle: 0 })
    }

    /// One 50 MHz cycle with the pins `input`; the outputs after it.
    pub fn tick(&mut self, input: &TopIn) -> TopOut {
        let mut out = TopOut::default();
        // SAFETY: raw is live, both pointers valid for the call.
        unsafe { ffi::top_tick(self.raw, input, &mut out) };
        self.cycle += 1;
        out
    }
}

impl Drop for TopDut {
    fn drop(&mut self) {
        // SAFETY: raw is live; the path is a valid C string for the call.
        coverage_hook("top", &mut |p| unsafe {
            ffi::top_coverage_write(self.raw, p.as_ptr())
        });
        // SAFETY: raw came from top_new and is freed once.
        unsafe { ffi::top_free(self.raw) };
    }
}

/// The ULX3S's DVI encoders (`rtl/dvi_tmds.v`, docs/board.md (the ULX3S)), a model of their
/// own run beside the core and fed by its VGA pins, as the board top wires
/// them.
pub struct DviDut {
    raw: *mut ffi::dvi_model,
    out: Vec<ffi::dvi_pixel>,
}

/// One pixel the encoders took: the index of its cycle in the pins given,
/// and the three symbols after it (blue, green, red; bit 0 sent first).
pub type DviPixel = ffi::dvi_pixel;

/// A build without the DVI encoders' model (the coverage build).
#[derive(Debug, thiserror::Error)]
#[error("this build has no model of the DVI encoders (the coverage build leaves it out); use the speed build")]
pub struct NoDvi;

impl DviDut {
    /// Fresh encoders (power-up values), or [`NoDvi`].
    pub fn new() -> Result<Self, NoDvi> {
        // SAFETY: a fresh model or null; freed in Drop.
        let raw = unsafe { ffi::dvi_new() };
        if raw.is_null() {
            return Err(NoDvi);
        }
        Ok(Self {
            raw,
            out: Vec::new(),
        })
    }

    /// Clocks the encoders through one cycle per pin word of `pins`; the
    /// pixels they took (the cycles with `vga_clk` high), in order.
    pub fn run(&mut self, pins: &[PinWord]) -> &[DviPixel] {
        if self.out.len() < pins.len() {
            self.out.resize(pins.len(), DviPixel::default());
        }
        // SAFETY: raw is live; PinWord is a transparent u64, so `pins` is
        // `pins.len()` words; `out` has room for as many pixels.
        let k = unsafe {
            ffi::dvi_run(
                self.raw,
                pins.as_ptr().cast::<u64>(),
                pins.len() as u64,
                self.out.as_mut_ptr(),
            )
        };
        &self.out[..k as usize]
    }
}

impl Drop for DviDut {
    fn drop(&mut self) {
        // SAFETY: raw is live; the path is a valid C string for the call.
        coverage_hook("dvi", &mut |p| unsafe {
            ffi::dvi_coverage_write(self.raw, p.as_ptr())
        });
        // SAFETY: raw came from dvi_new and is freed once.
        unsafe { ffi::dvi_free(self.raw) };
    }
}

/// The debug port's scalars, unpacked from [`CoreOut::scalars`] (the shim
/// packs them in one word at the `CORE_SCALAR_*` bits of `tb/shim/shim.h`).
impl CoreOut {
    fn field(&self, lsb: u32, width: u32) -> u64 {
        (self.scalars >> lsb) & ((1 << width) - 1)
    }
    /// Phase code: 0 IDLE, 1 PLAYING, 2 GAME_OVER.
    pub fn phase(&self) -> u8 {
        self.field(ffi::CORE_SCALAR_PHASE_LSB, ffi::CORE_SCALAR_PHASE_W) as u8
    }
    /// Winner code: 0 none, 1 Red, 2 Blue.
    pub fn winner(&self) -> u8 {
        self.field(ffi::CORE_SCALAR_WINNER_LSB, ffi::CORE_SCALAR_WINNER_W) as u8
    }
    /// Current player code: 1 Red, 2 Blue.
    pub fn player(&self) -> u8 {
        self.field(ffi::CORE_SCALAR_PLAYER_LSB, ffi::CORE_SCALAR_PLAYER_W) as u8
    }
    /// First player code.
    pub fn first(&self) -> u8 {
        self.field(ffi::CORE_SCALAR_FIRST_LSB, ffi::CORE_SCALAR_FIRST_W) as u8
    }
    /// Mode code: 0b00 SELECT, 0b10 MOVE-ALL, 0b11 MOVE-HALF.
    pub fn mode(&self) -> u8 {
        self.field(ffi::CORE_SCALAR_MODE_LSB, ffi::CORE_SCALAR_MODE_W) as u8
    }
    /// Red's cursor, `{x[3:0], y[3:0]}`.
    pub fn cursor_red(&self) -> u8 {
        self.field(
            ffi::CORE_SCALAR_CURSOR_RED_LSB,
            ffi::CORE_SCALAR_CURSOR_RED_W,
        ) as u8
    }
    /// Blue's cursor, `{x[3:0], y[3:0]}`.
    pub fn cursor_blue(&self) -> u8 {
        self.field(
            ffi::CORE_SCALAR_CURSOR_BLUE_LSB,
            ffi::CORE_SCALAR_CURSOR_BLUE_W,
        ) as u8
    }
    /// Round number.
    pub fn round(&self) -> u16 {
        self.field(ffi::CORE_SCALAR_ROUND_LSB, ffi::CORE_SCALAR_ROUND_W) as u16
    }
    /// Map number.
    pub fn map(&self) -> u8 {
        self.field(ffi::CORE_SCALAR_MAP_LSB, ffi::CORE_SCALAR_MAP_W) as u8
    }
}

/// The layouts `tb/shim/shim.h` defines once, for the tests that check
/// other benches against them: each debug-port scalar's (name, lowest bit,
/// width) in `core_out.scalars`, and each input pin's (name, bit) in a
/// stimulus's levels byte (the switches take two bits).
pub mod layout {
    use crate::ffi;
    /// The scalars' fields, lowest first.
    pub const SCALARS: [(&str, u32, u32); 9] = [
        (
            "dbg_phase",
            ffi::CORE_SCALAR_PHASE_LSB,
            ffi::CORE_SCALAR_PHASE_W,
        ),
        (
            "dbg_winner",
            ffi::CORE_SCALAR_WINNER_LSB,
            ffi::CORE_SCALAR_WINNER_W,
        ),
        (
            "dbg_player",
            ffi::CORE_SCALAR_PLAYER_LSB,
            ffi::CORE_SCALAR_PLAYER_W,
        ),
        (
            "dbg_first",
            ffi::CORE_SCALAR_FIRST_LSB,
            ffi::CORE_SCALAR_FIRST_W,
        ),
        (
            "dbg_mode",
            ffi::CORE_SCALAR_MODE_LSB,
            ffi::CORE_SCALAR_MODE_W,
        ),
        (
            "dbg_cursor_red",
            ffi::CORE_SCALAR_CURSOR_RED_LSB,
            ffi::CORE_SCALAR_CURSOR_RED_W,
        ),
        (
            "dbg_cursor_blue",
            ffi::CORE_SCALAR_CURSOR_BLUE_LSB,
            ffi::CORE_SCALAR_CURSOR_BLUE_W,
        ),
        (
            "dbg_round",
            ffi::CORE_SCALAR_ROUND_LSB,
            ffi::CORE_SCALAR_ROUND_W,
        ),
        ("dbg_map", ffi::CORE_SCALAR_MAP_LSB, ffi::CORE_SCALAR_MAP_W),
    ];
    /// All the scalars' bits.
    pub const SCALAR_BITS: u32 = ffi::CORE_SCALAR_BITS;
    /// The levels byte's pins, lowest first (`sw` two bits).
    pub const LEVELS: [(&str, u32); 5] = [
        ("key_reset_n", ffi::CORE_LEVEL_KEY_RESET_N),
        ("key_start_n", ffi::CORE_LEVEL_KEY_START_N),
        ("ps2_clk", ffi::CORE_LEVEL_PS2_CLK),
        ("ps2_dat", ffi::CORE_LEVEL_PS2_DAT),
        ("sw", ffi::CORE_LEVEL_SW),
    ];
    /// The levels byte's bits.
    pub const LEVEL_BITS: u32 = ffi::CORE_LEVEL_BITS;
}

/// The VGA pins of one quiet cycle of [`CoreDut::burst`], a byte each, as
/// the shim packs them (`CORE_PIN_*` in `tb/shim/shim.h`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct PinWord(pub u64);

impl PinWord {
    /// `vga_hs_n` high (each pin's lane holds 0 or 1).
    pub const HS_N: u64 = 1 << ffi::CORE_PIN_HS_N;
    /// `vga_vs_n` high.
    pub const VS_N: u64 = 1 << ffi::CORE_PIN_VS_N;
    /// `vga_blank_n` high.
    pub const BLANK_N: u64 = 1 << ffi::CORE_PIN_BLANK_N;
    /// `vga_sync_n` high.
    pub const SYNC_N: u64 = 1 << ffi::CORE_PIN_SYNC_N;
    /// `vga_clk` high.
    pub const CLK: u64 = 1 << ffi::CORE_PIN_CLK;
    /// The colour's lanes.
    pub const RGB: u64 = (1 << ffi::CORE_PIN_HS_N) - 1;
    /// What the DAC latches, every lane but the clock's: colour, syncs,
    /// blank and `vga_sync_n`.
    pub const VGA: u64 = (1 << ffi::CORE_PIN_CLK) - 1;

    fn lane(self, at: u32) -> u8 {
        (self.0 >> at) as u8
    }

    /// The VGA colour `[r, g, b]`.
    pub fn rgb(self) -> [u8; 3] {
        let b = self.0.to_le_bytes();
        [b[0], b[1], b[2]]
    }

    /// The colour lanes of a pin word showing `[r, g, b]`.
    #[inline]
    pub fn colour([r, g, b]: [u8; 3]) -> u64 {
        u64::from(r) << ffi::CORE_PIN_R
            | u64::from(g) << ffi::CORE_PIN_G
            | u64::from(b) << ffi::CORE_PIN_B
    }

    /// `vga_clk`.
    pub fn clk(self) -> bool {
        self.lane(ffi::CORE_PIN_CLK) != 0
    }

    /// The VGA pins `(hs_n, vs_n, blank_n, sync_n)`.
    pub fn sync(self) -> (bool, bool, bool, bool) {
        (
            self.lane(ffi::CORE_PIN_HS_N) != 0,
            self.lane(ffi::CORE_PIN_VS_N) != 0,
            self.lane(ffi::CORE_PIN_BLANK_N) != 0,
            self.lane(ffi::CORE_PIN_SYNC_N) != 0,
        )
    }

    /// The VGA pins of a cycle's outputs, as a burst packs them.
    pub fn of(out: &CoreOut) -> PinWord {
        let bit = |v: u8, at: u32| u64::from(v & 1) << at;
        PinWord(
            Self::colour([out.vga_r, out.vga_g, out.vga_b])
                | bit(out.vga_hs_n, ffi::CORE_PIN_HS_N)
                | bit(out.vga_vs_n, ffi::CORE_PIN_VS_N)
                | bit(out.vga_blank_n, ffi::CORE_PIN_BLANK_N)
                | bit(out.vga_sync_n, ffi::CORE_PIN_SYNC_N)
                | bit(out.vga_clk, ffi::CORE_PIN_CLK),
        )
    }

    /// The outputs of a quiet cycle: `before` (the outputs the burst began
    /// from, equal in every other field) with these pins and draw counter.
    pub fn outputs(self, draw: u8, before: &CoreOut) -> CoreOut {
        let [r, g, b] = self.rgb();
        CoreOut {
            vga_r: r,
            vga_g: g,
            vga_b: b,
            vga_hs_n: self.lane(ffi::CORE_PIN_HS_N),
            vga_vs_n: self.lane(ffi::CORE_PIN_VS_N),
            vga_blank_n: self.lane(ffi::CORE_PIN_BLANK_N),
            vga_sync_n: self.lane(ffi::CORE_PIN_SYNC_N),
            vga_clk: self.lane(ffi::CORE_PIN_CLK),
            draw,
            ..*before
        }
    }
}

/// Pin words as room a burst writes into.
fn as_room(pins: &mut [PinWord]) -> &mut [MaybeUninit<PinWord>] {
    // SAFETY: MaybeUninit<PinWord> has PinWord's layout, and a burst writes
    // only whole, initialised words into the slice.
    unsafe {
        std::slice::from_raw_parts_mut(pins.as_mut_ptr().cast::<MaybeUninit<PinWord>>(), pins.len())
    }
}

/// What the draw counter wraps through: a burst steps it by one with this
/// mask, which needs its modulus to be a power of two.
const DRAW_MASK: u8 = {
    assert!(DRAW_MODULUS.is_power_of_two());
    DRAW_MODULUS - 1
};

/// The draw counter in quiet cycle `i` of a burst ([`CoreDut::burst`]) that
/// began after a cycle showing `before`: one step a cycle.
pub fn quiet_draw(before: u8, i: usize) -> u8 {
    ((usize::from(before) + i + 1) % usize::from(DRAW_MODULUS)) as u8
}

/// Which model of the whole game to simulate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CoreModel {
    /// The RTL as written.
    #[default]
    Rtl,
    /// The gate-level netlist yosys synthesises from it (`tb/dut/build.rs`).
    Netlist,
    /// The netlist `synth_ecp5` maps it to, the ECP5's cells (LUTs,
    /// flip-flops, carry chains, block and LUT RAMs) simulated by their
    /// models (`tb/ecp5/`): the netlist that becomes the bitstream.
    Ecp5,
    /// The design with the generated mutants (`scripts/mutants
    /// --generate`), with this mutant active (0: none, the design as
    /// written): a flattened copy of the RTL after yosys's `proc`.
    Generated(u32),
}

/// The build has no model of the netlist asked for.
#[derive(Debug, thiserror::Error)]
pub enum NoNetlist {
    /// No gate-level netlist model.
    #[error("this build has no gate-level netlist model (it was built with GENERALS_NETLIST=0); rebuild without it")]
    Generic,
    /// No ECP5 netlist model.
    #[error("this build has no ECP5 netlist model (it was built with GENERALS_ECP5_NETLIST=0 or GENERALS_NETLIST=0); rebuild without them")]
    Ecp5,
    /// No generated mutants' design.
    #[error("this build has no generated mutants' design (scripts/mutants --generate builds one, with GENERALS_MUTANTS_DESIGN)")]
    Generated,
    /// A mutant the design does not hold.
    #[error("mutant {0} is not in the generated design, which holds mutants 1 … {1}")]
    NoSuchMutant(u32, u32),
}

/// The whole game (`rtl/generals_core.v`), as RTL or as one of its netlists.
pub struct CoreDut {
    raw: *mut ffi::core_model,
    /// Cycles ticked so far.
    pub cycle: u64,
}

impl CoreDut {
    /// A fresh model with every register at its power-up value (0).
    pub fn new() -> Self {
        // SAFETY: core_new allocates a model owned by this handle until Drop.
        let raw = unsafe { ffi::core_new() };
        assert!(!raw.is_null(), "core_new returned null");
        Self { raw, cycle: 0 }
    }

    /// A fresh model in which every register without an explicit power-up
    /// value starts at a random value drawn from `seed` (non-zero): the
    /// design must not depend on them.
    pub fn with_random_init(seed: u32) -> Self {
        // SAFETY: as in new.
        let raw = unsafe { ffi::core_new_random_init(seed.max(1)) };
        assert!(!raw.is_null(), "core_new_random_init returned null");
        Self { raw, cycle: 0 }
    }

    /// A fresh model of the given kind; `init_seed` non-zero makes every
    /// register without an explicit power-up value start random.
    pub fn open(model: CoreModel, init_seed: u32) -> Result<Self, NoNetlist> {
        match model {
            CoreModel::Rtl if init_seed == 0 => Ok(Self::new()),
            CoreModel::Rtl => Ok(Self::with_random_init(init_seed)),
            CoreModel::Netlist => {
                // SAFETY: core_new_gates allocates a model owned by this
                // handle until Drop, or returns null when not built.
                let raw = unsafe { ffi::core_new_gates(init_seed) };
                if raw.is_null() {
                    Err(NoNetlist::Generic)
                } else {
                    Ok(Self { raw, cycle: 0 })
                }
            }
            CoreModel::Ecp5 => {
                // SAFETY: as core_new_gates.
                let raw = unsafe { ffi::core_new_ecp5(init_seed) };
                if raw.is_null() {
                    Err(NoNetlist::Ecp5)
                } else {
                    Ok(Self { raw, cycle: 0 })
                }
            }
            CoreModel::Generated(mutant) => {
                let held = Self::generated_mutants();
                if held == 0 {
                    return Err(NoNetlist::Generated);
                }
                if mutant > held {
                    return Err(NoNetlist::NoSuchMutant(mutant, held));
                }
                // SAFETY: as core_new_gates.
                let raw = unsafe { ffi::core_new_mutant(mutant) };
                if raw.is_null() {
                    Err(NoNetlist::Generated)
                } else {
                    Ok(Self { raw, cycle: 0 })
                }
            }
        }
    }

    /// How many mutants this build's generated design holds (0: the build
    /// has none; `scripts/mutants --generate` builds one).
    pub fn generated_mutants() -> u32 {
        // SAFETY: a plain call without arguments.
        unsafe { ffi::core_mutants() }
    }

    /// The debounce, power-on and keyboard parameters, as this model was
    /// built (`tb/shim/params.vlt`).
    pub fn params() -> CoreParams {
        let mut p = CoreParams::default();
        // SAFETY: writes the plain struct behind a valid pointer.
        unsafe { ffi::core_get_params(&mut p) };
        p
    }

    /// Dumps an FST waveform of every following cycle to `path`.
    pub fn trace(&mut self, path: &Path) -> Result<(), TraceError> {
        let c = c_path(path)?;
        // SAFETY: raw is live; c outlives the call.
        match unsafe { ffi::core_trace_open(self.raw, c.as_ptr()) } {
            0 => Ok(()),
            _ => Err(open_failed(path)),
        }
    }

    /// Flushes and closes the waveform, if one is open.
    pub fn close_trace(&mut self) {
        // SAFETY: raw is live.
        unsafe { ffi::core_trace_close(self.raw) };
    }

    /// One clock cycle: `input` before the rising edge, outputs after it.
    pub fn tick(&mut self, input: &CoreIn, out: &mut CoreOut) {
        // SAFETY: raw is live, both pointers valid for the call.
        unsafe { ffi::core_tick(self.raw, input, out) };
        self.cycle += 1;
    }

    /// Up to `pins.len()` cycles with `input` on the pins, stopping after the
    /// first loud cycle: one in which an output other than the VGA pins and
    /// the draw counter differs from the cycle before the burst (whose
    /// outputs `out` must hold on entry), or the draw counter does not step
    /// by one. Returns the number of quiet cycles `q`: `pins[..q]` hold their
    /// VGA pins, and quiet cycle `i`'s draw counter is [`quiet_draw`]`(d, i)`
    /// for `d` the draw counter before the burst; when `q` is short of the
    /// maximum one more, loud, cycle was stepped. `out` holds the outputs of
    /// the last cycle stepped.
    pub fn burst(&mut self, input: &CoreIn, out: &mut CoreOut, pins: &mut [PinWord]) -> usize {
        self.burst_with(input, out, as_room(pins), 0)
    }

    /// [`CoreDut::burst`] through the loop that watches any layout of the
    /// outputs (`CORE_BURST_GENERAL`), which a model built from
    /// generals_core never needs: for the tests that hold it to the same
    /// cycles.
    pub fn burst_general(
        &mut self,
        input: &CoreIn,
        out: &mut CoreOut,
        pins: &mut [PinWord],
    ) -> usize {
        self.burst_with(input, out, as_room(pins), ffi::CORE_BURST_GENERAL as u8)
    }

    /// [`CoreDut::burst`] into memory that need not be initialised, for
    /// another thread to read: the first `q` (the result) words of `pins`
    /// are written with non-temporal stores (x86-64's `movnti`), so a store
    /// fence must come between them and that thread's reads.
    pub fn burst_streamed(
        &mut self,
        input: &CoreIn,
        out: &mut CoreOut,
        pins: &mut [MaybeUninit<PinWord>],
    ) -> usize {
        self.burst_with(input, out, pins, ffi::CORE_BURST_STREAM as u8)
    }

    /// The burst behind the others, with `core_burst`'s `flags`.
    fn burst_with(
        &mut self,
        input: &CoreIn,
        out: &mut CoreOut,
        pins: &mut [MaybeUninit<PinWord>],
        flags: u8,
    ) -> usize {
        let max = pins.len();
        if max == 0 {
            return 0;
        }
        // SAFETY: raw is live; pins holds max entries (PinWord is a
        // transparent u64) for the call, which writes at most that many.
        let q = unsafe {
            ffi::core_burst(
                self.raw,
                input,
                max as u64,
                DRAW_MASK,
                out,
                pins.as_mut_ptr().cast::<u64>(),
                flags,
            )
        } as usize;
        self.cycle += (q + usize::from(q < max)) as u64;
        q
    }

    /// `n` cycles with the pins at `levels` (a recorded stimulus's levels
    /// byte), nothing watched: the loop of [`CoreDut::replay`] over one run.
    /// `out` holds the outputs after the last cycle.
    pub fn hold(&mut self, levels: u8, n: u32, out: &mut CoreOut) {
        // SAFETY: raw is live; both one-entry arrays outlive the call.
        unsafe { ffi::core_replay(self.raw, &n, &levels, 1, out) };
        self.cycle += u64::from(n);
    }

    /// Replays recorded pin levels in a plain C++ loop (no Rust per cycle,
    /// no checks); `out` holds the outputs after the last cycle.
    pub fn replay(&mut self, stim: &crate::env::stimulus::Stimulus, out: &mut CoreOut) {
        let counts: Vec<u32> = stim.runs.iter().map(|&(n, _)| n).collect();
        let levels: Vec<u8> = stim.runs.iter().map(|&(_, l)| l).collect();
        // SAFETY: raw is live; both arrays hold runs.len() entries for the call.
        unsafe {
            ffi::core_replay(
                self.raw,
                counts.as_ptr(),
                levels.as_ptr(),
                counts.len() as u64,
                out,
            )
        };
        self.cycle += stim.cycles();
    }

    /// A test's backdoor: writes cell `idx` (0 … 99) as `bits` in the board
    /// RAM and in the machine player's copy, between two cycles (see
    /// `core_poke_cell` in tb/shim/shim.h). False for the netlists (the
    /// generated mutants' design has it: its memories keep their names).
    pub fn poke_cell(&mut self, idx: u8, bits: u16) -> bool {
        // SAFETY: raw is live.
        unsafe { ffi::core_poke_cell(self.raw, idx, bits) == 0 }
    }

    /// A test's backdoor: sets the game's round number, between two cycles
    /// (see `core_poke_round` in tb/shim/shim.h). False where the model has
    /// none (the netlists, the generated mutants' design).
    pub fn poke_round(&mut self, round: u16) -> bool {
        // SAFETY: raw is live.
        unsafe { ffi::core_poke_round(self.raw, round) == 0 }
    }

    /// The 100 cells as the board RAM holds them now (13-bit words, cell
    /// `y * 10 + x`), read through Verilator's access to the array.
    pub fn read_board(&self) -> [u16; ffi::CORE_CELLS as usize] {
        let mut cells = [0u16; ffi::CORE_CELLS as usize];
        // SAFETY: raw is live; the buffer holds CORE_CELLS words.
        unsafe { ffi::core_read_board(self.raw, cells.as_mut_ptr()) };
        cells
    }
}

impl Default for CoreDut {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for CoreDut {
    fn drop(&mut self) {
        // SAFETY: raw is live; the path is a valid C string for the call.
        coverage_hook("core", &mut |p| unsafe {
            ffi::core_coverage_write(self.raw, p.as_ptr())
        });
        // SAFETY: raw came from core_new and is freed once.
        unsafe { ffi::core_free(self.raw) };
    }
}
