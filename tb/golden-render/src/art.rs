//! The artwork of the display, as people draw it: the palette, the 8×8 text
//! font, the 5×8 troop digits and the three 16×16 cell icons.
//!
//! This is the one source of the ROM images under `rtl/gfx/`: the example
//! `gen_gfx` writes them (`cargo run -p generals-golden-render --example gen_gfx`) and
//! a unit test proves the committed files are exactly what this module
//! produces. The RTL loads those files (`$readmemh`); the golden renderer
//! takes the same words from here, so the two see the same bits as long as
//! that test passes, and no second hex parser is needed.

use crate::pal;

/// Depths of the ROM images (entries per file); addresses are documented in
/// `docs/display.md` §ROMs.
pub const FONT_DEPTH: usize = 1024; // 128 ASCII codes × 8 rows
pub const DIGIT_DEPTH: usize = 128; // 16 codes × 8 rows (10 used)
pub const ICON_DEPTH: usize = 64; // 4 kinds × 16 rows (land = blank)
pub const PALETTE_DEPTH: usize = 16;

/// 24-bit colours, index = the `pal::*` constant.
pub const PALETTE: [(u8, &str, u32); PALETTE_DEPTH] = [
    (pal::BLACK, "blanking black", 0x000000),
    (pal::BG, "screen background", 0x101318),
    (pal::GRID, "grid lines", 0x3a404c),
    (pal::PANEL, "side panel background", 0x1c2130),
    (pal::NEUTRAL, "neutral (NPC) cell", 0xa9adb4),
    (pal::MOUNT, "mountain cell", 0x564c43),
    (pal::RED, "Red cell", 0xc8323c),
    (pal::BLUE, "Blue cell", 0x2f66d0),
    (pal::RED_HI, "Red cursor / Red text", 0xffa8a0),
    (pal::BLUE_HI, "Blue cursor / Blue text", 0xa8d8ff),
    (pal::GOLD, "targets, title, crown", 0xffcf33),
    (pal::WHITE, "text, digits on colour", 0xffffff),
    (pal::INK, "digits on neutral, icon outline", 0x14161a),
    (pal::LABEL, "panel labels", 0x8a94a6),
    (pal::STONE, "tower stone, snow", 0xdde1e8),
    (pal::ROCK, "mountain rock", 0x9a8e80),
];

/// 8×8 font, ASCII-indexed. Glyphs use columns 1–6 and rows 0–6 so that
/// characters placed edge to edge get a 2-pixel gap (at scale 1). `0x7F` is
/// a solid block (a colour chip). Codes not listed are blank.
const FONT: &[(u8, [&str; 7])] = &[
    (
        b'0',
        [
            "..XXXX..", ".XX..XX.", ".XX.XXX.", ".XXX.XX.", ".XX..XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'1',
        [
            "...XX...", "..XXX...", "...XX...", "...XX...", "...XX...", "...XX...", ".XXXXXX.",
        ],
    ),
    (
        b'2',
        [
            "..XXXX..", ".XX..XX.", ".....XX.", "....XX..", "..XX....", ".XX.....", ".XXXXXX.",
        ],
    ),
    (
        b'3',
        [
            "..XXXX..", ".XX..XX.", ".....XX.", "...XXX..", ".....XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'4',
        [
            ".....XX.", "....XXX.", "...XXXX.", "..XX.XX.", ".XXXXXX.", ".....XX.", ".....XX.",
        ],
    ),
    (
        b'5',
        [
            ".XXXXXX.", ".XX.....", ".XXXXX..", ".....XX.", ".....XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'6',
        [
            "..XXXX..", ".XX..XX.", ".XX.....", ".XXXXX..", ".XX..XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'7',
        [
            ".XXXXXX.", ".XX..XX.", "....XX..", "...XX...", "...XX...", "...XX...", "...XX...",
        ],
    ),
    (
        b'8',
        [
            "..XXXX..", ".XX..XX.", ".XX..XX.", "..XXXX..", ".XX..XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'9',
        [
            "..XXXX..", ".XX..XX.", ".XX..XX.", "..XXXXX.", ".....XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'A',
        [
            "...XX...", "..XXXX..", ".XX..XX.", ".XXXXXX.", ".XX..XX.", ".XX..XX.", ".XX..XX.",
        ],
    ),
    (
        b'B',
        [
            ".XXXXX..", ".XX..XX.", ".XX..XX.", ".XXXXX..", ".XX..XX.", ".XX..XX.", ".XXXXX..",
        ],
    ),
    (
        b'C',
        [
            "..XXXX..", ".XX..XX.", ".XX.....", ".XX.....", ".XX.....", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'D',
        [
            ".XXXX...", ".XX.XX..", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX.XX..", ".XXXX...",
        ],
    ),
    (
        b'E',
        [
            ".XXXXXX.", ".XX.....", ".XX.....", ".XXXXX..", ".XX.....", ".XX.....", ".XXXXXX.",
        ],
    ),
    (
        b'F',
        [
            ".XXXXXX.", ".XX.....", ".XX.....", ".XXXXX..", ".XX.....", ".XX.....", ".XX.....",
        ],
    ),
    (
        b'G',
        [
            "..XXXX..", ".XX..XX.", ".XX.....", ".XX.XXX.", ".XX..XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'H',
        [
            ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XXXXXX.", ".XX..XX.", ".XX..XX.", ".XX..XX.",
        ],
    ),
    (
        b'I',
        [
            "..XXXX..", "...XX...", "...XX...", "...XX...", "...XX...", "...XX...", "..XXXX..",
        ],
    ),
    (
        b'J',
        [
            "...XXXX.", "....XX..", "....XX..", "....XX..", "....XX..", ".XX.XX..", "..XXX...",
        ],
    ),
    (
        b'K',
        [
            ".XX..XX.", ".XX.XX..", ".XXXX...", ".XXX....", ".XXXX...", ".XX.XX..", ".XX..XX.",
        ],
    ),
    (
        b'L',
        [
            ".XX.....", ".XX.....", ".XX.....", ".XX.....", ".XX.....", ".XX.....", ".XXXXXX.",
        ],
    ),
    (
        b'M',
        [
            ".XX..XX.", ".XXXXXX.", ".XXXXXX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.",
        ],
    ),
    (
        b'N',
        [
            ".XX..XX.", ".XXX.XX.", ".XXXXXX.", ".XXXXXX.", ".XX.XXX.", ".XX..XX.", ".XX..XX.",
        ],
    ),
    (
        b'O',
        [
            "..XXXX..", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'P',
        [
            ".XXXXX..", ".XX..XX.", ".XX..XX.", ".XXXXX..", ".XX.....", ".XX.....", ".XX.....",
        ],
    ),
    (
        b'Q',
        [
            "..XXXX..", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", "..XXXX..", "....XXX.",
        ],
    ),
    (
        b'R',
        [
            ".XXXXX..", ".XX..XX.", ".XX..XX.", ".XXXXX..", ".XXXX...", ".XX.XX..", ".XX..XX.",
        ],
    ),
    (
        b'S',
        [
            "..XXXX..", ".XX..XX.", ".XX.....", "..XXXX..", ".....XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'T',
        [
            ".XXXXXX.", "...XX...", "...XX...", "...XX...", "...XX...", "...XX...", "...XX...",
        ],
    ),
    (
        b'U',
        [
            ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", "..XXXX..",
        ],
    ),
    (
        b'V',
        [
            ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", "..XXXX..", "...XX...",
        ],
    ),
    (
        b'W',
        [
            ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XX..XX.", ".XXXXXX.", ".XXXXXX.", ".XX..XX.",
        ],
    ),
    (
        b'X',
        [
            ".XX..XX.", ".XX..XX.", "..XXXX..", "...XX...", "..XXXX..", ".XX..XX.", ".XX..XX.",
        ],
    ),
    (
        b'Y',
        [
            ".XX..XX.", ".XX..XX.", ".XX..XX.", "..XXXX..", "...XX...", "...XX...", "...XX...",
        ],
    ),
    (
        b'Z',
        [
            ".XXXXXX.", ".....XX.", "....XX..", "...XX...", "..XX....", ".XX.....", ".XXXXXX.",
        ],
    ),
    (
        b':',
        [
            "........", "...XX...", "...XX...", "........", "...XX...", "...XX...", "........",
        ],
    ),
    (
        b'-',
        [
            "........", "........", "........", ".XXXXXX.", "........", "........", "........",
        ],
    ),
    (
        0x7F,
        [
            ".XXXXXX.", ".XXXXXX.", ".XXXXXX.", ".XXXXXX.", ".XXXXXX.", ".XXXXXX.", ".XXXXXX.",
        ],
    ),
];

/// Troop digits, 5 wide × 8 tall (drawn at scale 2 → 10×16 pixels). Thin
/// strokes so three digits (32 pixels) fit inside the cursor frame.
const DIGITS: [[&str; 8]; 10] = [
    [
        ".XXX.", "X...X", "X...X", "X...X", "X...X", "X...X", "X...X", ".XXX.",
    ],
    [
        "..X..", ".XX..", "X.X..", "..X..", "..X..", "..X..", "..X..", "XXXXX",
    ],
    [
        ".XXX.", "X...X", "....X", "...X.", "..X..", ".X...", "X....", "XXXXX",
    ],
    [
        ".XXX.", "X...X", "....X", "..XX.", "....X", "....X", "X...X", ".XXX.",
    ],
    [
        "...X.", "..XX.", ".X.X.", "X..X.", "XXXXX", "...X.", "...X.", "...X.",
    ],
    [
        "XXXXX", "X....", "XXXX.", "....X", "....X", "....X", "X...X", ".XXX.",
    ],
    [
        "..XX.", ".X...", "X....", "XXXX.", "X...X", "X...X", "X...X", ".XXX.",
    ],
    [
        "XXXXX", "....X", "...X.", "...X.", "..X..", "..X..", "..X..", "..X..",
    ],
    [
        ".XXX.", "X...X", "X...X", ".XXX.", "X...X", "X...X", "X...X", ".XXX.",
    ],
    [
        ".XXX.", "X...X", "X...X", "X...X", ".XXXX", "....X", "...X.", ".XX..",
    ],
];

/// Cell icons as silhouettes: a letter is a palette colour, `.` is
/// transparent. Every opaque pixel that touches a transparent pixel (or the
/// edge) is turned into the dark outline colour by [`outline`], so the
/// silhouettes are drawn solid and the outline stays one pixel everywhere.
const MOUNTAIN: [&str; 16] = [
    "................",
    "......ww........",
    ".....wwww.......",
    "....wwwwww......",
    "...wwwrwwww.....",
    "...wrrrrwrww..w.",
    "..rrrrrrrrrr.www",
    "..rrrrrrrrrrrwww",
    ".rrrrrrrrrrrrrrw",
    ".rrrrrrrrrrrrrrr",
    "rrrrrrrrrrrrrrrr",
    "rrrrrrrrrrrrrrrr",
    "rrrrrrrrrrrrrrrr",
    "rrrrrrrrrrrrrrrr",
    "rrrrrrrrrrrrrrrr",
    "................",
];

const TOWER: [&str; 16] = [
    "................",
    "..sss.ssss.sss..",
    "..sss.ssss.sss..",
    "..ssssssssssss..",
    "..ssssssssssss..",
    "...ssssssssss...",
    "...ssssssssss...",
    "...ssssskssss...",
    "...ssssskssss...",
    "...ssssssssss...",
    "...ssssssssss...",
    "...ssssssssss...",
    "...sssskkssss...",
    "...ssskkkksss...",
    "...ssskkkksss...",
    "................",
];

const CAPITAL: [&str; 16] = [
    "................",
    ".......gg.......",
    "..g....gg....g..",
    ".ggg..gggg..ggg.",
    ".ggg..gggg..ggg.",
    ".gggggggggggggg.",
    ".gggggggggggggg.",
    ".ggggggwwgggggg.",
    ".ggggggwwgggggg.",
    ".gggggggggggggg.",
    "................",
    ".gggggggggggggg.",
    ".ggwwggwwggwwgg.",
    ".gggggggggggggg.",
    ".gggggggggggggg.",
    "................",
];

fn colour_of(c: char) -> u8 {
    match c {
        '.' => 0,
        'k' => pal::INK,
        'w' => pal::WHITE,
        's' => pal::STONE,
        'r' => pal::ROCK,
        'g' => pal::GOLD,
        other => panic!("icon art: unknown colour letter {other:?}"),
    }
}

/// Palette indices of an icon with its one-pixel outline applied.
fn outline(art: &[&str; 16]) -> [[u8; 16]; 16] {
    let mut px = [[0u8; 16]; 16];
    for (y, row) in art.iter().enumerate() {
        assert_eq!(row.len(), 16, "icon art row {y} is not 16 wide");
        for (x, c) in row.chars().enumerate() {
            px[y][x] = colour_of(c);
        }
    }
    let opaque = |x: i32, y: i32| {
        (0..16).contains(&x) && (0..16).contains(&y) && px[y as usize][x as usize] != 0
    };
    let mut out = px;
    for y in 0..16i32 {
        for x in 0..16i32 {
            let edge = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|(dx, dy)| !opaque(x + dx, y + dy));
            // Ink drawn inside the art (door, window) stays ink.
            if opaque(x, y) && edge {
                out[y as usize][x as usize] = pal::INK;
            }
        }
    }
    out
}

fn header(what: &str, layout: &str) -> String {
    format!(
        "// {what}\n// {layout}\n// Generated by `cargo run -p generals-golden-render --example gen_gfx` from\n\
         // tb/golden-render/src/art.rs; do not edit by hand.\n"
    )
}

/// Glyph bits of one art row: `X` is ink, leftmost character in the top bit.
fn row_bits(line: &str) -> u8 {
    line.chars()
        .fold(0u8, |acc, c| (acc << 1) | u8::from(c == 'X'))
}

/// The font ROM's words: address `{ascii[6:0], row[2:0]}`, bit 7 = leftmost pixel.
pub fn font_rows() -> Vec<u8> {
    let mut rows = vec![0u8; FONT_DEPTH];
    for (code, glyph) in FONT {
        for (r, line) in glyph.iter().enumerate() {
            assert_eq!(line.len(), 8, "font glyph {code:#x} row {r} is not 8 wide");
            rows[usize::from(*code) * 8 + r] = row_bits(line);
        }
    }
    rows
}

/// The digit ROM's words: address `{digit[3:0], row[2:0]}`, bit 7 = leftmost pixel.
pub fn digit_rows() -> Vec<u8> {
    let mut rows = vec![0u8; DIGIT_DEPTH];
    for (d, glyph) in DIGITS.iter().enumerate() {
        for (r, line) in glyph.iter().enumerate() {
            assert_eq!(line.len(), 5, "digit {d} row {r} is not 5 wide");
            rows[d * 8 + r] = row_bits(line) << 3;
        }
    }
    rows
}

/// The icon ROM's words: address `{kind[1:0], row[3:0]}`, 16 palette indices
/// of 4 bits per row, leftmost pixel in bits 63:60; index 0 = transparent.
pub fn icon_words() -> Vec<u64> {
    let mut words = vec![0u64; ICON_DEPTH];
    for (kind, art) in [(1usize, &MOUNTAIN), (2, &CAPITAL), (3, &TOWER)] {
        for (r, row) in outline(art).iter().enumerate() {
            words[kind * 16 + r] = row.iter().fold(0u64, |acc, &p| (acc << 4) | u64::from(p));
        }
    }
    words
}

/// The palette ROM's words: `RRGGBB`, index = the `pal::*` constant.
pub fn palette_words() -> Vec<u32> {
    PALETTE
        .iter()
        .enumerate()
        .map(|(i, (idx, name, rgb))| {
            assert_eq!(usize::from(*idx), i, "palette table out of order at {name}");
            *rgb
        })
        .collect()
}

/// A `$readmemh` image: the header, then one word per line in `digits` hex digits.
fn hex_file(
    what: &str,
    layout: &str,
    words: impl IntoIterator<Item = u64>,
    digits: usize,
) -> String {
    let mut s = header(what, layout);
    for v in words {
        s.push_str(&format!("{v:0digits$x}\n"));
    }
    s
}

/// `rtl/gfx/font.hex`: [`font_rows`].
pub fn font_hex() -> String {
    hex_file(
        "8x8 text font, 1024 x 8 bits",
        "address {ascii[6:0], row[2:0]}; bit 7 = leftmost pixel; row 7 and columns 0/7 kept blank",
        font_rows().into_iter().map(u64::from),
        2,
    )
}

/// `rtl/gfx/digits.hex`: [`digit_rows`].
pub fn digits_hex() -> String {
    hex_file(
        "5x8 troop digits, 128 x 8 bits",
        "address {digit[3:0], row[2:0]}; bit 7 = leftmost pixel, bits 2-0 unused; codes 10-15 blank",
        digit_rows().into_iter().map(u64::from),
        2,
    )
}

/// `rtl/gfx/icons.hex`: [`icon_words`].
pub fn icons_hex() -> String {
    hex_file(
        "16x16 cell icons, 64 x 64 bits",
        "address {kind[1:0], row[3:0]} (kind 0 land: blank); 4-bit palette index per pixel, leftmost in bits 63:60, 0 = transparent",
        icon_words(),
        16,
    )
}

/// `rtl/gfx/palette.hex`: [`palette_words`].
pub fn palette_hex() -> String {
    hex_file(
        "palette, 16 x 24 bits",
        "RRGGBB; index = palette index used by the renderer",
        palette_words().into_iter().map(u64::from),
        6,
    )
}

/// Every ROM image: (file name under `rtl/gfx/`, contents).
pub fn all_files() -> Vec<(&'static str, String)> {
    vec![
        ("font.hex", font_hex()),
        ("digits.hex", digits_hex()),
        ("icons.hex", icons_hex()),
        ("palette.hex", palette_hex()),
    ]
}
