//! What the DE2-115's own displays must show (rtl/board_status.v): the
//! round in decimal on HEX4..HEX0 with leading zeros dark, the keyboard's
//! error count on LEDR, whose turn on LEDG. The segment patterns are written
//! here from the DE2-115 user manual (segments a..g on bits 0..6, lit when
//! low), not taken from the RTL.

/// The segments lit for each decimal digit.
const DIGIT_SEGMENTS: [&str; 10] = [
    "abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg",
];
pub const DARK: u8 = 0x7F;

/// One display's active-low pattern for a digit.
pub fn segments(digit: u32) -> u8 {
    let lit = DIGIT_SEGMENTS[digit as usize]
        .bytes()
        .fold(0u8, |acc, s| acc | 1 << (s - b'a'));
    !lit & 0x7F
}

/// What HEX0..HEX4, LEDR and LEDG must show for the phase, player, round
/// and keyboard error count: `[hex0, …, hex4, ledr, ledg]`.
pub fn expected(phase: u32, player: u32, round: u32, kbd_err: u32) -> Vec<u32> {
    let shown = phase != 0;
    let digits = round.to_string();
    let mut hex: Vec<u32> = (0..5)
        .map(|i| match digits.len().checked_sub(i + 1) {
            Some(k) if shown => u32::from(segments(u32::from(digits.as_bytes()[k] - b'0'))),
            _ => u32::from(DARK),
        })
        .collect();
    let ledg = u32::from(shown && player == 1)
        | u32::from(shown && player == 2) << 1
        | u32::from(phase == 2) << 8;
    hex.push(kbd_err);
    hex.push(ledg);
    hex
}
