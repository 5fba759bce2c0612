//! TMDS encoding of DVI 1.0 (docs/board.md (the ULX3S)): how one lane of the ULX3S's DVI
//! output turns a byte of active video, or a two-bit control code in
//! blanking, into a 10-bit symbol. Written from the DVI 1.0 specification
//! (section 3.2.3, "T.M.D.S. Encoding Algorithm", its flow chart and its
//! control-period table), not from the RTL (`rtl/tmds_encoder.v`), so that
//! the two can be compared (`tests/tmds.rs`).
//!
//! Symbols are `u16`s holding the specification's `q_out[0:9]` with
//! `q_out[0]` in bit 0, the bit a serialiser sends first.

/// The four control symbols sent in blanking, indexed by the control code
/// `{C1, C0}` (on the blue lane `C0` is hsync and `C1` vsync). DVI 1.0
/// lists them first bit first as `q_out[0:9]` = `0010101011`,
/// `1101010100`, `0010101010`, `1101010101`; here bit 0 is the first.
pub const CONTROL_SYMBOLS: [u16; 4] = [
    0b11_0101_0100,
    0b00_1010_1011,
    0b01_0101_0100,
    0b10_1010_1011,
];

/// The bound the running disparity keeps: `|disparity| <= 8`, and it is
/// always even, so it is one of `-8, -6, …, 8` (5 bits in two's complement
/// in the RTL).
///
/// Why. The disparity is the number of ones minus the number of zeros sent
/// since the last blanking (which sets it to 0, as does power-up): the
/// specification's updates add exactly the symbol's own ones minus zeros.
/// A symbol has ten bits, so the disparity stays even. Let `D` be
/// `N1 - N0` of stage 1's `q_m[7:0]`, an even number in `-8..=8`, and `cnt`
/// the disparity before the symbol.
/// - `cnt == 0`: the new value is `D` or `-D`, within ±8.
/// - `D == 0`: `q_out[9]` and `q_out[8]` differ, the symbol is balanced and
///   `cnt` does not change.
/// - `cnt > 0`, `D > 0`: the byte is inverted and `cnt` becomes
///   `cnt + 2*q_m[8] - D`, between `cnt - 8` and `cnt` since `2 <= D <= 8`.
///   `cnt > 0`, `D < 0`: not inverted, `cnt - 2*(~q_m[8]) + D`, between
///   `cnt - 10` and `cnt - 2`. So the new value is at most `cnt` and, `cnt`
///   being at least 2, at least -8.
/// - `cnt < 0`: the mirror image: the new value is at least `cnt` and at
///   most `-2 + 10 = 8`.
///
/// By induction from 0 the disparity never leaves ±8. Both ends are
/// reached: from 0, byte `0x01` (stage 1 XOR gives `q_m[7:0] = 0xFF`, sent
/// as is) makes it +8, byte `0x00` makes it -8. The unit tests check that
/// the values reachable from 0 are exactly these nine.
pub const DISPARITY_BOUND: i32 = 8;

/// One lane's encoder: the running disparity between symbols (the
/// specification's `Cnt(t-1)`), 0 at power-up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TmdsEncoder {
    cnt: i32,
}

/// What a 10-bit symbol carries, as [`decode`] reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decoded {
    /// A data symbol (active video) carrying this byte.
    Data(u8),
    /// A control symbol (blanking) carrying this code `{C1, C0}`, 0..=3.
    Control(u8),
    /// A word no DVI 1.0 encoder sends: neither a control symbol nor the
    /// symbol of any byte from any disparity.
    Invalid,
}

/// The number of ones in a byte, the specification's `N1{…}`.
fn n1(byte: u16) -> i32 {
    (0..8).filter(|i| byte >> i & 1 == 1).count() as i32
}

/// Stage 1, transition minimising: `q_m[8:0]` of `data`. `q_m[0] = D[0]`,
/// then each `q_m[i]` is `q_m[i-1]` XOR `D[i]`, or XNOR when `D` has more
/// than four ones, or exactly four and `D[0] = 0`; `q_m[8]` is 1 for XOR.
fn stage1(data: u8) -> u16 {
    let d = u16::from(data);
    let ones = n1(d);
    let use_xnor = ones > 4 || (ones == 4 && d & 1 == 0);
    let mut q_m = d & 1;
    for i in 1..8 {
        let prev = q_m >> (i - 1) & 1;
        let xor = prev ^ (d >> i & 1);
        let bit = if use_xnor { 1 - xor } else { xor };
        q_m |= bit << i;
    }
    if !use_xnor {
        q_m |= 1 << 8;
    }
    q_m
}

impl TmdsEncoder {
    /// An encoder at power-up: disparity 0.
    pub fn new() -> TmdsEncoder {
        TmdsEncoder { cnt: 0 }
    }

    /// Encodes one pixel and returns its symbol. With `de` (active video)
    /// `data` is encoded and the disparity follows it; without, the
    /// control symbol of `ctrl` (its two low bits, `{C1, C0}`; the rest are
    /// ignored) is sent and the disparity returns to 0.
    pub fn encode(&mut self, de: bool, data: u8, ctrl: u8) -> u16 {
        if !de {
            self.cnt = 0;
            return CONTROL_SYMBOLS[usize::from(ctrl & 0b11)];
        }
        let q_m = stage1(data);
        let byte = q_m & 0xFF;
        let inverted = !byte & 0xFF;
        let m8 = q_m >> 8 & 1;
        let m8_x2 = 2 * i32::from(m8);
        let not_m8_x2 = 2 * (1 - i32::from(m8));
        let ones = n1(byte);
        let zeros = 8 - ones;
        let cnt = self.cnt;
        let (q_out, next) = if cnt == 0 || ones == zeros {
            // q_out[9] = ~q_m[8], q_out[8] = q_m[8], q_out[7:0] = q_m[7:0]
            // when q_m[8] (XOR), else its inverse.
            if m8 == 1 {
                (1 << 8 | byte, cnt + (ones - zeros))
            } else {
                (1 << 9 | inverted, cnt + (zeros - ones))
            }
        } else if (cnt > 0 && ones > zeros) || (cnt < 0 && zeros > ones) {
            let q = 1 << 9 | m8 << 8 | inverted;
            (q, cnt + m8_x2 + (zeros - ones))
        } else {
            let q = m8 << 8 | byte;
            (q, cnt - not_m8_x2 + (ones - zeros))
        };
        self.cnt = next;
        q_out
    }

    /// The running disparity: ones minus zeros sent since the last blanking
    /// pixel (or power-up), within ±[`DISPARITY_BOUND`].
    pub fn disparity(&self) -> i32 {
        self.cnt
    }
}

/// Reads a 10-bit symbol (`q_out[0]` in bit 0) as a receiver does: a
/// control symbol gives its code; otherwise `q_out[9]` says whether
/// `q_m[7:0]` was inverted and `q_out[8]` whether stage 1 used XOR, and
/// stage 1 is undone (`D[0] = q_m[0]`, `D[i] = q_m[i]` XOR `q_m[i-1]`, XNOR
/// when `q_out[8]` is 0). Stricter than a receiver, it answers
/// [`Decoded::Invalid`] for every word an encoder never sends: wider than
/// 10 bits, a byte whose stage 1 would have chosen the other of XOR and
/// XNOR, or a balanced `q_m[7:0]` (four ones) sent the way only an
/// unbalanced one can be (`q_out[9] == q_out[8]`).
pub fn decode(sym: u16) -> Decoded {
    if sym >> 10 != 0 {
        return Decoded::Invalid;
    }
    if let Some(code) = CONTROL_SYMBOLS.iter().position(|&s| s == sym) {
        return Decoded::Control(code as u8);
    }
    let bit9 = sym >> 9 & 1 == 1;
    let xor = sym >> 8 & 1 == 1;
    let q_m = if bit9 { !sym & 0xFF } else { sym & 0xFF };
    let mut d = q_m & 1;
    for i in 1..8 {
        let x = (q_m >> i ^ q_m >> (i - 1)) & 1;
        d |= (if xor { x } else { 1 - x }) << i;
    }
    let data = d as u8;
    if stage1(data) != (u16::from(xor) << 8 | q_m) {
        return Decoded::Invalid;
    }
    if n1(q_m) == 4 && bit9 == xor {
        return Decoded::Invalid;
    }
    Decoded::Data(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use std::collections::BTreeSet;

    /// A symbol written as the specification writes it, `q_out[0:9]`, the
    /// first character bit 0.
    fn spec_order(bits: &str) -> u16 {
        assert_eq!(bits.len(), 10, "{bits}");
        bits.chars().enumerate().fold(0, |acc, (i, ch)| match ch {
            '0' => acc,
            '1' => acc | 1 << i,
            _ => panic!("{bits}"),
        })
    }

    /// The disparities reachable from 0 (power-up, blanking) by any
    /// sequence of pixels, each with an encoder in that state.
    fn reachable() -> Vec<TmdsEncoder> {
        let mut seen = BTreeSet::from([0]);
        let mut todo = vec![0];
        while let Some(cnt) = todo.pop() {
            for b in 0..=255u8 {
                let mut e = TmdsEncoder { cnt };
                e.encode(true, b, 0);
                if seen.insert(e.cnt) {
                    todo.push(e.cnt);
                }
            }
        }
        seen.into_iter().map(|cnt| TmdsEncoder { cnt }).collect()
    }

    fn assert_bounded(e: &TmdsEncoder, what: &str) {
        let cnt = e.disparity();
        assert!(
            cnt.abs() <= DISPARITY_BOUND && cnt % 2 == 0,
            "{what}: disparity {cnt} outside the even values of ±{DISPARITY_BOUND}"
        );
    }

    #[test]
    fn control_symbols_are_the_specifications() {
        // DVI 1.0's control-period table, q_out[0:9] for C1 C0 = 00, 01, 10, 11.
        let table = ["0010101011", "1101010100", "0010101010", "1101010101"];
        for (c, bits) in table.iter().enumerate() {
            assert_eq!(CONTROL_SYMBOLS[c], spec_order(bits), "control {c:02b}");
        }
        assert_eq!(CONTROL_SYMBOLS, [0x354, 0x0AB, 0x154, 0x2AB]);
        for c in 0..4u8 {
            for start in reachable() {
                let mut e = start;
                assert_eq!(e.encode(false, 0xA5, c), CONTROL_SYMBOLS[usize::from(c)]);
                assert_eq!(e.disparity(), 0, "blanking resets the disparity");
            }
            // Only the two low bits of ctrl count.
            assert_eq!(
                TmdsEncoder::new().encode(false, 0, c | 0b1111_0100),
                CONTROL_SYMBOLS[usize::from(c)]
            );
            assert_eq!(decode(CONTROL_SYMBOLS[usize::from(c)]), Decoded::Control(c));
        }
    }

    #[test]
    fn hand_worked_symbols() {
        // Each step worked by hand from the flow chart. Symbols are written
        // as q_out[9:0] (q_out[9] leftmost): 0b[9][8]_[7:0].
        let mut e = TmdsEncoder::new();
        let mut step = |de: bool, d: u8, c: u8, sym: u16, cnt: i32, why: &str| {
            assert_eq!(e.encode(de, d, c), sym, "{why}: symbol");
            assert_eq!(e.disparity(), cnt, "{why}: disparity");
        };
        // 0x01 = 0000_0001, N1 = 1: XOR; q_m[0] = 1, each later bit 1 ^ 0 = 1:
        // q_m = 0xFF, q_m[8] = 1. cnt = 0: q_out = {~1, 1, q_m} = 0b01_1111_1111;
        // cnt = 0 + (8 - 0) = 8.
        step(true, 0x01, 0, 0b01_1111_1111, 8, "0x01 from 0");
        // 0xFE = 1111_1110, N1 = 7: XNOR; q_m[0] = 0, q_m[i] = ~(0 ^ 1) = 0:
        // q_m = 0x00, q_m[8] = 0. cnt = 8 > 0 but N1 = 0 < N0: not inverted,
        // q_out = {0, 0, 0x00}; cnt = 8 - 2*1 + (0 - 8) = -2 (ten zeros: -10).
        step(true, 0xFE, 0, 0b00_0000_0000, -2, "0xFE from 8");
        // 0xFE again: q_m = 0x00, q_m[8] = 0; cnt = -2 < 0 and N0 = 8 > N1:
        // inverted, q_out = {1, 0, 0xFF}; cnt = -2 + 2*0 + (8 - 0) = 6.
        step(true, 0xFE, 0, 0b10_1111_1111, 6, "0xFE from -2");
        // 0x55 = 0101_0101, N1 = 4 and D[0] = 1: XOR. q_m[0] = 1, [1] = 1^0 = 1,
        // [2] = 1^1 = 0, [3] = 0^0 = 0, [4] = 0^1 = 1, [5] = 1, [6] = 0, [7] = 0:
        // q_m = 0011_0011 = 0x33, q_m[8] = 1, balanced: q_out = {~1, 1, q_m};
        // cnt unchanged.
        step(true, 0x55, 0, 0b01_0011_0011, 6, "0x55 from 6");
        // 0xAA = 1010_1010, N1 = 4 and D[0] = 0: XNOR. q_m[0] = 0,
        // [1] = ~(0^1) = 0, [2] = ~(0^0) = 1, [3] = ~(1^1) = 1, [4] = ~(1^0) = 0,
        // [5] = 0, [6] = 1, [7] = 1: q_m = 1100_1100 = 0xCC, q_m[8] = 0,
        // balanced: q_out = {~0, 0, ~q_m} = {1, 0, 0x33}; cnt unchanged.
        step(true, 0xAA, 0, 0b10_0011_0011, 6, "0xAA from 6");
        // Blanking with C1 C0 = 11: q_out[0:9] = 1101010101, so
        // q_out[9:0] = 1010101011; cnt = 0.
        step(false, 0x12, 3, 0b10_1010_1011, 0, "control 11");
        // 0x00, N1 = 0: XOR, q_m = 0x00, q_m[8] = 1. cnt = 0: {0, 1, 0x00};
        // cnt = 0 + (0 - 8) = -8.
        step(true, 0x00, 0, 0b01_0000_0000, -8, "0x00 from 0");
        // 0x00 with cnt = -8 < 0 and N0 > N1: inverted, {1, 1, 0xFF};
        // cnt = -8 + 2*1 + (8 - 0) = 2.
        step(true, 0x00, 0, 0b11_1111_1111, 2, "0x00 from -8");
        // 0x00 with cnt = 2 > 0, N1 < N0: not inverted, {0, 1, 0x00};
        // cnt = 2 - 2*0 + (0 - 8) = -6.
        step(true, 0x00, 0, 0b01_0000_0000, -6, "0x00 from 2");
        // 0xFF, N1 = 8: XNOR; q_m[0] = 1, q_m[i] = ~(1 ^ 1) = 1: q_m = 0xFF,
        // q_m[8] = 0. cnt = -6 < 0 but N1 > N0: not inverted, {0, 0, 0xFF};
        // cnt = -6 - 2*1 + (8 - 0) = 0.
        step(true, 0xFF, 0, 0b00_1111_1111, 0, "0xFF from -6");
        // 0xFF with cnt = 0: {~0, 0, ~0xFF} = {1, 0, 0x00}; cnt = 0 + (0 - 8) = -8.
        step(true, 0xFF, 0, 0b10_0000_0000, -8, "0xFF from 0");
        // 0x10 = 0001_0000, N1 = 1: XOR; q_m[3:0] = 0, q_m[4] = 0^1 = 1 and
        // q_m[7:5] = 1: q_m = 0xF0, q_m[8] = 1, balanced: {0, 1, 0xF0}.
        step(true, 0x10, 0, 0b01_1111_0000, -8, "0x10 from -8");
    }

    #[test]
    fn reachable_disparities_are_the_even_values_within_the_bound() {
        let got: Vec<i32> = reachable().iter().map(|e| e.disparity()).collect();
        let want: Vec<i32> = (-DISPARITY_BOUND..=DISPARITY_BOUND)
            .filter(|c| c % 2 == 0)
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn decode_inverts_encode_from_every_disparity() {
        let states = reachable();
        assert_eq!(states.len(), 9);
        for start in states {
            for b in 0..=255u8 {
                let mut e = start;
                let sym = e.encode(true, b, 0);
                assert_eq!(
                    decode(sym),
                    Decoded::Data(b),
                    "byte {b:#04x} from disparity {}: symbol {sym:#05x}",
                    start.disparity()
                );
            }
        }
    }

    #[test]
    fn decode_accepts_exactly_what_encoders_send() {
        // Every symbol any encoder sends, from any disparity it can have.
        let mut sent = BTreeSet::new();
        for start in reachable() {
            for b in 0..=255u8 {
                let mut e = start;
                sent.insert(e.encode(true, b, 0));
            }
        }
        // 256 bytes: the 52 whose q_m[7:0] is balanced have one symbol, the
        // others two; the commonly quoted count of TMDS data symbols is 460.
        assert_eq!(sent.len(), 460);
        for sym in 0..1024u16 {
            match decode(sym) {
                Decoded::Data(_) => assert!(sent.contains(&sym), "{sym:#05x} decodes as data"),
                Decoded::Control(c) => assert_eq!(sym, CONTROL_SYMBOLS[usize::from(c)]),
                Decoded::Invalid => assert!(!sent.contains(&sym), "{sym:#05x} is sent"),
            }
        }
        assert_eq!(decode(0x400), Decoded::Invalid);
        assert_eq!(decode(0xFFFF), Decoded::Invalid);
    }

    #[test]
    fn disparity_stays_bounded_on_random_pixels() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
        let mut e = TmdsEncoder::new();
        for i in 0..1_000_000 {
            let de = rng.gen_ratio(15, 16);
            let d: u8 = rng.gen();
            let c: u8 = rng.gen_range(0..4);
            let sym = e.encode(de, d, c);
            assert_bounded(&e, &format!("step {i}"));
            let want = if de {
                Decoded::Data(d)
            } else {
                Decoded::Control(c)
            };
            assert_eq!(decode(sym), want, "step {i}");
        }
    }

    #[test]
    fn disparity_stays_bounded_in_the_worst_case() {
        // Long runs of one value, for every value.
        for b in 0..=255u8 {
            let mut e = TmdsEncoder::new();
            for i in 0..100 {
                e.encode(true, b, 0);
                assert_bounded(&e, &format!("{b:#04x} run, pixel {i}"));
            }
        }
        // An adversary: each pixel the byte that pushes the disparity
        // furthest from 0, or, one pixel in four, the one that moves it
        // furthest from where it is (which swings it to the other side);
        // ties broken at random. A blanking pixel every 100 (back to 0, from
        // where either end is one pixel away: the disparity cannot cross
        // from +8 to -8 without passing +2 or 0).
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut e = TmdsEncoder::new();
        let (mut hit_max, mut hit_min) = (false, false);
        for i in 0..20_000 {
            if i % 100 == 0 {
                e.encode(false, 0, 0);
            }
            let swing = rng.gen_ratio(1, 4);
            let score = |b: u8| {
                let mut t = e;
                t.encode(true, b, 0);
                if swing {
                    (t.disparity() - e.disparity()).abs()
                } else {
                    t.disparity().abs()
                }
            };
            let best = (0..=255u8).map(score).max().expect("256 bytes");
            let choices: Vec<u8> = (0..=255u8).filter(|&b| score(b) == best).collect();
            let b = choices[rng.gen_range(0..choices.len())];
            e.encode(true, b, 0);
            assert_bounded(&e, &format!("adversary, pixel {i}"));
            hit_max |= e.disparity() == DISPARITY_BOUND;
            hit_min |= e.disparity() == -DISPARITY_BOUND;
        }
        assert!(hit_max && hit_min, "the adversary reaches both ends");
    }
}
