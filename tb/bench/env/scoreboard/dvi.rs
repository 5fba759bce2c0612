//! DVI **scoreboard** (the ULX3S's picture, docs/board.md (the ULX3S); docs/display.md,
//! "DVI"): every pixel the encoders take, each of the three lanes' 10-bit
//! symbols is compared with a golden TMDS encoder's (written from the DVI
//! specification, `generals_golden::tmds`), decoded back to the pixel's
//! byte or the blanking's control code, and the running disparity of the
//! symbols the RTL sent is held to its bound.
//!
//! The golden encoders are fed the pins the encoders took: the VGA pins the
//! VGA check compares, in the same cycle and before this check, with the
//! golden renderer's pixel and the VESA timing's syncs; so wherever the VGA
//! check checks, the symbols are the golden renderer's pixel encoded.

use crate::env::dut::PinWord;
use crate::env::monitor::raster::rgb_text;
use crate::env::monitor::vesa::vesa_numbers::{
    H_FRONT, H_TOTAL, H_VISIBLE, V_FRONT, V_TOTAL, V_VISIBLE,
};
use crate::infra::mismatch::Mismatch;
use generals_golden::tmds::{decode, Decoded, TmdsEncoder, DISPARITY_BOUND};

/// The lanes, in the order the encoders give their symbols.
pub const LANES: [&str; 3] = ["blue (lane 0)", "green (lane 1)", "red (lane 2)"];

/// Where the beam is, counted from the syncs the encoders take: each pixel
/// one column on, a falling hsync at column 656, a falling vsync at line
/// 490 (the VESA timing; the VGA check measures it).
#[derive(Clone, Copy, Debug, Default)]
struct Beam {
    x: u64,
    y: u64,
    hs_seen: bool,
    vs_seen: bool,
    prev_hs_n: bool,
    prev_vs_n: bool,
}

impl Beam {
    fn pixel(&mut self, hs_n: bool, vs_n: bool) {
        self.x += 1;
        if self.x == H_TOTAL {
            self.x = 0;
            self.y = (self.y + 1) % V_TOTAL;
        }
        if self.prev_hs_n && !hs_n {
            self.x = H_VISIBLE + H_FRONT;
            self.hs_seen = true;
        }
        if self.prev_vs_n && !vs_n {
            self.y = V_VISIBLE + V_FRONT;
            self.vs_seen = true;
        }
        self.prev_hs_n = hs_n;
        self.prev_vs_n = vs_n;
    }

    fn text(&self) -> String {
        if self.hs_seen && self.vs_seen {
            format!("beam (x {}, y {})", self.x, self.y)
        } else {
            "beam not yet placed (no hsync and vsync seen since power-up)".into()
        }
    }
}

/// The golden encoder's every answer, computed once from
/// `generals_golden::tmds` itself: for each disparity it can reach and each
/// byte, the symbol and the disparity after it; the control symbols; and
/// what every 10-bit word decodes to. A pixel then costs a few look-ups.
#[derive(Debug)]
struct Golden {
    /// Indexed by `state * 256 + byte`, a state being `(disparity + 8) / 2`:
    /// the symbol of an encoder in that state given that byte, and its
    /// state after it (`UNREACHED` where the encoder never is).
    data: Vec<(u16, u8)>,
    /// The symbol of each control code.
    control: [u16; 4],
    /// Indexed by the word: [`DATA`] and the byte, [`CONTROL`] and the
    /// code, or [`INVALID`].
    decoded: Vec<u16>,
}

/// A state the encoder never reaches from power-up.
const UNREACHED: u8 = u8::MAX;
/// A decoded data word's tag.
const DATA: u16 = 0x100;
/// A decoded control word's tag.
const CONTROL: u16 = 0x200;
/// A word no encoder sends.
const INVALID: u16 = 0x400;

/// The state of a disparity (even, within the bound).
fn state(disparity: i32) -> u8 {
    ((disparity + DISPARITY_BOUND) / 2) as u8
}

/// The disparity of a state.
fn disparity_of(state: u8) -> i32 {
    i32::from(state) * 2 - DISPARITY_BOUND
}

impl Golden {
    fn new() -> Self {
        let states = usize::from(state(DISPARITY_BOUND)) + 1;
        let mut data = vec![(0u16, UNREACHED); states * 256];
        // Every state the encoder reaches from power-up, each reached once.
        let mut todo = vec![TmdsEncoder::new()];
        let mut seen = vec![TmdsEncoder::new().disparity()];
        while let Some(e) = todo.pop() {
            for byte in 0..=255u8 {
                let mut next = e;
                let sym = next.encode(true, byte, 0);
                data[usize::from(state(e.disparity())) * 256 + usize::from(byte)] =
                    (sym, state(next.disparity()));
                if !seen.contains(&next.disparity()) {
                    seen.push(next.disparity());
                    todo.push(next);
                }
            }
        }
        let control = [0u8, 1, 2, 3].map(|c| TmdsEncoder::new().encode(false, 0, c));
        let decoded = (0..1024u16)
            .map(|w| match decode(w) {
                Decoded::Data(b) => DATA | u16::from(b),
                Decoded::Control(c) => CONTROL | u16::from(c),
                Decoded::Invalid => INVALID,
            })
            .collect();
        Self {
            data,
            control,
            decoded,
        }
    }
}

/// A decoded word as reports show it.
fn decoded_text(w: u16) -> String {
    match w & 0x700 {
        DATA => format!("the byte {:#04x}", w & 0xff),
        CONTROL => format!("control code {:02b}", w & 3),
        _ => "no word a DVI encoder sends".into(),
    }
}

/// The DVI scoreboard (see the module doc).
#[derive(Debug)]
pub struct DviScoreboard {
    golden: Golden,
    /// The golden encoders' states (running disparities).
    golden_state: [u8; 3],
    /// The running disparity of each lane's symbols as a receiver counts
    /// them: their ones minus their zeros since the last control symbol.
    disparity: [i32; 3],
    beam: Beam,
    /// Pixels judged.
    pub pixels: u64,
}

/// A symbol as reports show it: hex, and its bits with bit 0 first, as the
/// lane sends them.
fn symbol_text(s: u16) -> String {
    let sent: String = (0..10)
        .map(|i| if s >> i & 1 == 1 { '1' } else { '0' })
        .collect();
    format!("{s:#05x} (sent {sent})")
}

impl Default for DviScoreboard {
    fn default() -> Self {
        Self::new()
    }
}

impl DviScoreboard {
    /// Encoders at power-up: a disparity of 0 on every lane.
    pub fn new() -> Self {
        Self {
            golden: Golden::new(),
            golden_state: [state(0); 3],
            disparity: [0; 3],
            beam: Beam::default(),
            pixels: 0,
        }
    }

    /// One pixel at `cycle`: the pins the encoders took and the three
    /// symbols they gave.
    #[inline]
    pub fn pixel(&mut self, cycle: u64, pins: PinWord, lanes: [u16; 3]) -> Result<(), Mismatch> {
        let (hs_n, vs_n, blank_n, _) = pins.sync();
        self.beam.pixel(hs_n, vs_n);
        self.pixels += 1;
        let [r, g, b] = pins.rgb();
        let control = u8::from(vs_n) << 1 | u8::from(hs_n);
        let inputs = [(b, control), (g, 0), (r, 0)];
        for lane in 0..3 {
            let (byte, ctrl) = inputs[lane];
            let (expected, want) = if blank_n {
                let at = usize::from(self.golden_state[lane]) * 256 + usize::from(byte);
                let (sym, next) = self.golden.data[at];
                self.golden_state[lane] = next;
                (sym, DATA | u16::from(byte))
            } else {
                self.golden_state[lane] = state(0);
                (
                    self.golden.control[usize::from(ctrl)],
                    CONTROL | u16::from(ctrl),
                )
            };
            let actual = lanes[lane];
            let got = self
                .golden
                .decoded
                .get(usize::from(actual))
                .copied()
                .unwrap_or(INVALID);
            let d = &mut self.disparity[lane];
            if blank_n {
                *d += 2 * actual.count_ones() as i32 - 10;
            } else {
                *d = 0;
            }
            let bad_disparity = d.abs() > DISPARITY_BOUND;
            if actual != expected || got != want || bad_disparity {
                let d = *d;
                return Err(self.report(cycle, pins, lane, (byte, ctrl), expected, actual, d));
            }
        }
        Ok(())
    }

    /// The first wrong thing of a lane's symbol, reported: the symbol, or
    /// its decoding, or the running disparity.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn report(
        &self,
        cycle: u64,
        pins: PinWord,
        lane: usize,
        (byte, ctrl): (u8, u8),
        expected: u16,
        actual: u16,
        disparity: i32,
    ) -> Mismatch {
        let (hs_n, vs_n, blank_n, _) = pins.sync();
        let want = if blank_n {
            DATA | u16::from(byte)
        } else {
            CONTROL | u16::from(ctrl)
        };
        let got = self
            .golden
            .decoded
            .get(usize::from(actual))
            .copied()
            .unwrap_or(INVALID);
        let m = if actual != expected {
            Mismatch::new(
                cycle,
                format!("DVI symbol, {}", LANES[lane]),
                symbol_text(expected),
                symbol_text(actual),
            )
        } else if got != want {
            Mismatch::new(
                cycle,
                format!("DVI symbol decoded, {}", LANES[lane]),
                decoded_text(want),
                format!("{} from {}", decoded_text(got), symbol_text(actual)),
            )
        } else {
            Mismatch::new(
                cycle,
                format!("DVI running disparity, {}", LANES[lane]),
                format!("within ±{DISPARITY_BOUND}"),
                disparity,
            )
        };
        let carrying = if blank_n {
            format!("the byte {byte:#04x}")
        } else {
            format!("control code {ctrl:02b} ({{vsync, hsync}} levels on the blue lane)")
        };
        m.note(format!(
            "{}, pixel {} (vga_blank_n {}, vga_hs_n {}, vga_vs_n {}), lane {} carrying {carrying}; golden encoder's disparity after it {}",
            self.beam.text(),
            rgb_text(pins.rgb()),
            u8::from(blank_n),
            u8::from(hs_n),
            u8::from(vs_n),
            LANES[lane],
            disparity_of(self.golden_state[lane]),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pins(rgb: [u8; 3], hs_n: bool, vs_n: bool, blank_n: bool) -> PinWord {
        PinWord(
            PinWord::colour(rgb)
                | if hs_n { PinWord::HS_N } else { 0 }
                | if vs_n { PinWord::VS_N } else { 0 }
                | if blank_n { PinWord::BLANK_N } else { 0 }
                | PinWord::CLK,
        )
    }

    #[test]
    fn a_wrong_lane_is_named_with_its_symbols() {
        let mut sb = DviScoreboard::new();
        // Blanking with both syncs high: control code 11 on blue, 00 on the
        // others (DVI 1.0's table, bit 0 first: 1101010101 and 0010101011).
        let idle = pins([0, 0, 0], true, true, false);
        let ok = [0b10_1010_1011, 0b11_0101_0100, 0b11_0101_0100];
        sb.pixel(1, idle, ok).expect("the control symbols");
        let e = sb
            .pixel(3, idle, [ok[0], ok[1], 0b00_1010_1011])
            .expect_err("red sends code 01");
        assert_eq!(e.signal, "DVI symbol, red (lane 2)");
        assert!(e.notes[0].contains("control code 00"), "{e}");
        // A visible pixel: white is 0xff, stage 1 XNOR, q_m = 0x0ff... the
        // golden encoder's own symbol must pass, its complement must not.
        let mut sb = DviScoreboard::new();
        let white = pins([255, 255, 255], true, true, true);
        let mut g = TmdsEncoder::default();
        let s = g.encode(true, 255, 0);
        sb.pixel(1, white, [s, s, s]).expect("golden's symbol");
        assert!(sb.pixel(3, white, [!s & 0x3ff, s, s]).is_err());
    }
}
