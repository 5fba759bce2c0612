//! docs/display.md's palette, typed from its table (not from the art the
//! ROM images are generated from): the tests' one copy of the colours.

/// docs/display.md, "Palette": index, name, RGB, use.
pub const PALETTE: [(&str, u32, &str); 16] = [
    ("BLACK", 0x000000, "blanking"),
    ("BG", 0x101318, "screen background"),
    ("GRID", 0x3a404c, "grid lines"),
    ("PANEL", 0x1c2130, "side panel background"),
    ("NEUTRAL", 0xa9adb4, "NPC cell (land, tower, capital)"),
    ("MOUNT", 0x564c43, "NPC mountain cell"),
    ("RED", 0xc8323c, "Red's cells, RED WINS banner"),
    ("BLUE", 0x2f66d0, "Blue's cells, BLUE WINS banner"),
    ("RED_HI", 0xffa8a0, "Red's cursor, Red's name in text"),
    ("BLUE_HI", 0xa8d8ff, "Blue's cursor, Blue's name in text"),
    ("GOLD", 0xffcf33, "legal targets, title, crown"),
    ("WHITE", 0xffffff, "text, troop digits on dark cells"),
    ("INK", 0x14161a, "troop digits on NEUTRAL, icon outlines"),
    ("LABEL", 0x8a94a6, "panel labels, \"VS\""),
    ("STONE", 0xdde1e8, "tower masonry"),
    ("ROCK", 0x9a8e80, "mountain rock"),
];

/// The RGB bytes of a palette entry.
pub const fn rgb(index: usize) -> [u8; 3] {
    let v = PALETTE[index].1;
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// Screen background.
pub const BG: [u8; 3] = rgb(1);
/// Grid lines.
pub const GRID: [u8; 3] = rgb(2);
/// Side panel background.
pub const PANEL: [u8; 3] = rgb(3);
/// NPC cells.
pub const NEUTRAL: [u8; 3] = rgb(4);
/// Red's cells.
pub const RED: [u8; 3] = rgb(6);
/// Blue's cells.
pub const BLUE: [u8; 3] = rgb(7);
/// Red's cursor and name.
pub const RED_HI: [u8; 3] = rgb(8);
/// Blue's cursor and name.
pub const BLUE_HI: [u8; 3] = rgb(9);
/// Legal targets, title, crown.
pub const GOLD: [u8; 3] = rgb(10);
/// Text.
pub const WHITE: [u8; 3] = rgb(11);
