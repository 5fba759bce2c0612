//! The 128 initial maps of Generals (maps/README.md): types, generator, MIF/hex
//! reader and validator. Plain Rust, usable without any RTL.
//!
//! The golden model, the golden renderer and the bench use `ElementKind`,
//! `Element`, `Map` (with `red_capital`, `blue_capital`) and `committed_maps()`.
//!
//! The crate keeps the two sides of the contract apart on purpose:
//! - producing maps: [`generate`] (the random generator) and [`encode_rom`],
//!   [`write_mif`], [`write_hex`], [`generate_files`];
//! - checking maps: [`read_mif`], [`read_hex`], [`read_rom_file`] (the reader),
//!   [`decode_rom`], [`validate_map`], [`check_rom`], [`check_files`] (the
//!   validator). The validator shares no code with the generator, so a bug in
//!   one is not hidden by the same bug in the other.
//!
//! [`show_map`] draws a map for a person and [`summary`] gives one line of
//! statistics over a set of maps.

#![warn(missing_docs)]

use std::fmt;
use std::sync::OnceLock;

mod error;
mod generate;
mod read;
mod show;
mod validate;
mod write;

pub use error::{shown, shown_path, unseen, DecodeError, MapError, Radix, SyntaxError, Violation};
pub use generate::{generate, CapitalPlacement, DEFAULT_SEED};
pub use read::{read_capped, read_hex, read_limited, read_mif, read_rom_file};
pub use show::{show_map, summary};
pub use validate::{
    check_files, check_rom, decode_rom, decode_word, share_bounds, validate_map, Report,
};
pub use write::{encode_rom, encode_word, generate_files, write_hex, write_mif, GeneratedFiles};

/// Board width and height in cells (`BOARD_SIDE`, shared with the RTL
/// through `generals_defs`).
pub const BOARD: u8 = generals_defs::BOARD_SIDE as u8;
/// Number of maps in the ROM.
pub const NUM_MAPS: usize = 128;
/// ROM words per map.
pub const WORDS_PER_MAP: usize = 32;
/// Words in the whole ROM image (`NUM_MAPS × WORDS_PER_MAP`).
pub const ROM_DEPTH: usize = NUM_MAPS * WORDS_PER_MAP;
/// Bits per ROM word.
pub const WORD_BITS: u32 = 10;
/// Largest value a ROM word can hold.
pub const WORD_MAX: u16 = (1 << WORD_BITS) - 1;
/// The padding word (`x = 0xF, y = 0xF, type = 00`): describes no element.
pub const PADDING: u16 = 0x3FC;
/// Smallest number of NPC elements (mountains + towers) on a map (rule 3).
pub const MIN_NPC: usize = 24;
/// Largest number of NPC elements on a map (rule 3, decided as 30 in docs/rules.md).
pub const MAX_NPC: usize = 30;
/// Smallest Manhattan distance between the two capitals (rule 1: 1.2 × width).
pub const MIN_CAPITAL_DISTANCE: u32 = 12;

/// What a map element is (the two type bits of a ROM word).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementKind {
    /// `00`
    Mountain,
    /// `01`: an NPC tower.
    Tower,
    /// `10`
    RedCapital,
    /// `11`
    BlueCapital,
}

impl fmt::Display for ElementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ElementKind::Mountain => "mountain",
            ElementKind::Tower => "tower",
            ElementKind::RedCapital => "Red capital",
            ElementKind::BlueCapital => "Blue capital",
        })
    }
}

/// One element of a map: a cell and what stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Element {
    /// Column, 0 = left.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
    /// What stands there.
    pub kind: ElementKind,
}

/// One initial map: its elements (every other cell is NPC land).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Map {
    /// The elements in ROM order (padding words dropped).
    pub elements: Vec<Element>,
}

impl Map {
    /// Position of the Red capital (the first one if the map is malformed).
    pub fn red_capital(&self) -> Option<(u8, u8)> {
        self.capital(ElementKind::RedCapital)
    }
    /// Position of the Blue capital (the first one if the map is malformed).
    pub fn blue_capital(&self) -> Option<(u8, u8)> {
        self.capital(ElementKind::BlueCapital)
    }
    fn capital(&self, kind: ElementKind) -> Option<(u8, u8)> {
        self.elements
            .iter()
            .find(|e| e.kind == kind)
            .map(|e| (e.x, e.y))
    }
    /// How many elements of `kind` the map holds.
    pub fn count(&self, kind: ElementKind) -> usize {
        self.elements.iter().filter(|e| e.kind == kind).count()
    }
}

/// Where `committed_maps` reads from; named in its panic message.
const COMMITTED_HEX_PATH: &str = "maps/maps.hex";
/// The committed simulation image, compiled in.
const COMMITTED_HEX: &str = include_str!("../../../maps/maps.hex");

/// The 128 maps of the committed `maps/maps.hex`, decoded (compiled in).
///
/// Panics only if the committed file is broken (a test guards against that).
pub fn committed_maps() -> Vec<Map> {
    static MAPS: OnceLock<Vec<Map>> = OnceLock::new();
    MAPS.get_or_init(|| {
        let words = read_hex(COMMITTED_HEX_PATH, COMMITTED_HEX).unwrap_or_else(|e| {
            panic!("the committed map image is broken, regenerate it (maps/README.md): {e}")
        });
        decode_rom(&words).unwrap_or_else(|e| {
            panic!(
                "the committed map image is broken, regenerate it (maps/README.md): \
                 {COMMITTED_HEX_PATH}: {e}"
            )
        })
    })
    .clone()
}

/// The cells next to cell `i` (`y * 10 + x`) on the board, four at most:
/// the 4-neighbourhood of maps/README.md and §5, the one home of it in this crate.
pub(crate) fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let w = BOARD as usize;
    let (x, y) = (i % w, i / w);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < w).then(|| i + 1),
        (y > 0).then(|| i - w),
        (y + 1 < w).then(|| i + w),
    ]
    .into_iter()
    .flatten()
}
